"""The compiled-engine runtime's machinery, below the kernels: where compiled code is kept, how it loads, Python meanwhile.

``locator.py`` gives the kernels their decorators and finds their on-disk cache
wherever the package lies; ``cache.py`` keys it by the kernels' sources;
``loading.py`` loads a cached kernel quickly; ``tier.py`` runs a kernel not
compiled yet as Python; ``detached.py`` starts a process that outlives its
starter. A program gets its kernels through ``core/ready/``.
"""
