"""``python -m linjat_editor.cli`` runs the ``linjat`` command."""

import sys

from .client import main

sys.exit(main())
