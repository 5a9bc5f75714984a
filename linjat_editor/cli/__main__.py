"""``python -m linjat_editor.cli`` runs the ``linjat`` command."""

import sys

from .command import main

sys.exit(main())
