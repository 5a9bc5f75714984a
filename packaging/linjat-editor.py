"""Entry point of the bundled editor (PyInstaller runs this file as __main__)."""

import sys

from linjat_editor.gui.shell.launch import main

if __name__ == "__main__":
    sys.exit(main())
