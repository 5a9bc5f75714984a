"""The Board reaches a kernel as one reference to its fields, and a kernel reads every kind of field as Python does."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from linjat_editor.core.kernels.board import Board, allocate, build_board


def test_a_kernel_takes_the_board_as_one_reference() -> None:
    b = allocate(3, 3, 1)
    b.pos[0], b.val[0] = 4, 2
    assert build_board(b) == 4  # the 2 in the middle: two lines each way
    assert numba.typeof(b) is Board.numba_type
    assert build_board.signatures == [(Board.numba_type,)]


@numba.njit(nogil=True, _nrt=False)  # no cache: a test kernel (one small compile)
def _read_and_write(b):
    b.possible[3] = np.uint64(7)
    b.point_claimed[1, 2] = 5
    return b.h, b.w, b.n, b.cross_cells[1, 2], b.dot[4], b.layers.shape[0], b.point_claimed.shape[1], b.table.sum()


def test_a_kernel_reads_and_writes_every_kind_of_field_as_python_does() -> None:
    b = allocate(3, 4, 2, trace=True)
    b.cross_cells[1, 2] = 9
    b.dot[4] = True
    b.table[:] = 1
    assert _read_and_write(b) == (3, 4, 2, 9, True, 13, 12, 16)
    assert b.possible[3] == 7 and b.point_claimed[1, 2] == 5


def test_a_changed_board_is_a_new_one_sharing_the_other_arrays() -> None:
    b = allocate(3, 3, 1)
    work = b.with_arrays(alive=b.alive.copy())
    assert work.alive is not b.alive and work.pos is b.pos and (work.h, work.w, work.n) == (3, 3, 1)
    with pytest.raises(AttributeError, match="read-only"):
        b.possible = b.possible.copy()


@pytest.mark.parametrize("change", [
    {"possible": np.zeros(9, np.int64)},  # another dtype
    {"possible": np.zeros(18, np.uint64)[::2]},  # strided: the kernels read it as contiguous
    {"table": np.zeros(16, np.int64)},  # another number of dimensions
])
def test_a_board_refuses_an_array_its_kernels_would_misread(change: dict) -> None:
    with pytest.raises(TypeError, match=f"Board.{next(iter(change))}: needs a writeable C-contiguous"):
        allocate(3, 3, 1).with_arrays(**change)
