"""The compiled-engine runtime: where the kernels' compiled code is kept, how it loads, and how a program gets it.

A program makes one call, ``readiness.ready(families, work)``; the rest is its
machinery: ``warmup.py`` (the kernels in families), ``background_compile.py``
(a first start's compile, in a process of its own), ``tier.py`` (a kernel not
compiled yet runs as Python), ``locator.py`` and ``cache.py`` (the on-disk cache,
keyed by the kernels' sources) and ``loading.py`` (a cached kernel's quick load).
"""
