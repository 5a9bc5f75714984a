"""With the Python tier on, nothing compiles where a kernel is called; the warm-up's thread (``tier.compiling``) loads them."""

from __future__ import annotations

import threading

from linjat_editor.core import Level, count_solutions, solve
from linjat_editor.core.jit import tier
from linjat_editor.core.kernels.board import build_board
from linjat_editor.core.kernels.exact import count_solutions as count_kernel
from linjat_editor.core.kernels.layer import solve_board

from .python_tier import aside, counting

LEVEL = Level.from_rows([" 2.", "   ", ".2 "])


def test_nothing_compiles_where_called() -> None:
    with aside() as kernels, counting() as calls:
        tier.interpret()
        try:
            result = solve(LEVEL)
        finally:
            tier.interpret(False)
        assert [d.py_func.__name__ for d in kernels if d.overloads] == []
    assert result.solved
    assert {"build_board": 1, "solve_board": 1} == dict(calls)  # once each from Python; their callees inside, as Python


def test_the_warm_up_thread_loads_while_others_run_python() -> None:
    """``compiling()`` is per thread: there the kernels load (or compile); a thread beside it still runs Python."""
    beside: list[int] = []
    with aside(), counting() as calls:
        tier.interpret()
        try:
            with tier.compiling():
                assert solve(LEVEL).solved
                assert build_board.overloads and solve_board.overloads  # loaded here, not run as Python
                assert not calls
                thread = threading.Thread(target=lambda: beside.append(count_solutions(LEVEL).count))
                thread.start()
                thread.join()
                assert calls["count_solutions"] == 1 and not count_kernel.overloads  # run as Python there
            assert tier.interpreting()
        finally:
            tier.interpret(False)
    assert beside == [1]
    assert not tier.interpreting()
