"""``python -m linjat_editor.cli`` runs the ``linjat`` command."""

import sys

from .main import main

sys.exit(main())
