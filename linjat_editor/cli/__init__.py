"""The ``linjat`` command: one module per verb group, all calling the same engine as the editor.

``command.py`` builds the parser; ``engine.py`` (solve, count, generate, optimize),
``analyze.py`` (analyze, calibrate), ``sets.py`` (batch, export) and
``bench.py`` add their verbs; ``progress.py`` is the terminal progress bar.
"""

from .command import main

__all__ = ["main"]
