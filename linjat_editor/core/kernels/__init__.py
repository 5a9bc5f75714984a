"""numba kernels: the engine's hot loops. Private to ``linjat_editor.core``.

Every kernel is compiled with ``cache=True`` (the second start is fast) and
``nogil=True`` (a GUI thread stays responsive while a worker runs one).
Boards are flat: cell index = row * width + col.
"""
