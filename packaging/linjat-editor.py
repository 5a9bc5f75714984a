"""Entry point of the bundled app (PyInstaller runs this file as __main__).

The app folder holds one program and a link to it: started as ``linjat-editor``
it is the editor, as ``linjat`` (the link) the command line. One program keeps
the app one build and one copy of every library.
"""

import multiprocessing
import os
import sys

if __name__ == "__main__":
    # The engine compiles its kernels in processes of this same program on a first start.
    multiprocessing.freeze_support()
    if os.path.basename(sys.argv[0]) == "linjat":
        from linjat_editor.cli import main as cli

        sys.exit(cli())
    from linjat_editor.gui.shell.launch import main

    sys.exit(main())
