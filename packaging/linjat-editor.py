"""Entry point of the bundled editor (PyInstaller runs this file as __main__)."""

import sys

from linjat_editor.gui.app import main

if __name__ == "__main__":
    sys.exit(main())
