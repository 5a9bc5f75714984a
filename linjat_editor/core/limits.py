"""Bounds on how much work one request may ask for, shared by the engine and the command line.

Light on purpose (no numba): the CLI's parser checks its options against these
before the engine loads.
"""

from __future__ import annotations

#: Numbers in a level: the solver keeps "which numbers can reach this cell" as a 64-bit mask.
MAX_NUMBERS = 64

#: Optimizer islands (threads) at most. Each costs its own pool; 100,000 once took 1.2 GB
#: and a minute before the system refused another thread. Far above any machine's cores.
MAX_WORKERS = 256
