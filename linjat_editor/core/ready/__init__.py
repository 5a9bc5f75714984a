"""The engine made ready for a program: the one call, ``readiness.ready(families, work)``.

``warmup.py`` lists the kernels in families and runs each once (so this room
sits above the whole engine); ``background_compile.py`` compiles them in a
process of its own on a first start. How compiled kernels are kept, found,
loaded and run as Python meanwhile is the runtime's machinery, ``core/jit/``,
below the kernels.
"""
