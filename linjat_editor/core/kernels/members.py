"""A list of levels as the kernels see it, best first: the optimizer pool's search, and its leak-free levels.

Member ``i`` (best first, ``i < size[0]``) is the level ``pos[i]``/``val[i]``
(its numbers, flat cells and values, in the order a ``Level`` lists them)
with the dots ``dot[i]``; ``added[i, :nadded[i]]`` the dots its fill added, in
order (its children keep or replay them); ``solution[i]`` the owner of each
cell in its solution (``mutate.UNKNOWN`` first if not known), which its
children's changes keep; ``rank[i]`` its place in the search (its score, less
a penalty per leak warning: see ``core.pool``); ``score[i]``, ``selection[i]``
and ``table[i]`` its score, selection score and classification table;
``serial[i]`` which level it is to the pool (-1: no level, the unscored start
the kernel mutates until a checked level takes its place). ``size[0]`` 0 means
no member yet: the optimizer's kernel then looks for a first level instead.
"""

from typing import NamedTuple

import numpy as np

from .mutate import UNKNOWN

#: The original kept ten levels in its pool.
POOL_SIZE = 10


class Members(NamedTuple):
    pos: np.ndarray
    val: np.ndarray
    added: np.ndarray
    nadded: np.ndarray
    solution: np.ndarray
    rank: np.ndarray
    size: np.ndarray
    dot: np.ndarray
    score: np.ndarray
    selection: np.ndarray
    table: np.ndarray
    serial: np.ndarray


def allocate_members(h: int, w: int, n: int, room: int = POOL_SIZE) -> Members:
    """An empty list (size 0) for levels of h x w cells and n numbers, with room for ``room`` members (solutions unknown)."""
    cells = h * w
    return Members(
        pos=np.zeros((room, n), np.int64),
        val=np.zeros((room, n), np.int64),
        added=np.zeros((room, cells), np.int64),
        nadded=np.zeros(room, np.int64),
        solution=np.full((room, cells), UNKNOWN, np.int64),
        rank=np.full(room, np.nan),
        size=np.zeros(1, np.int64),
        dot=np.zeros((room, cells), np.bool_),
        score=np.full(room, np.nan),
        selection=np.full(room, np.nan),
        table=np.zeros((room, 8, 2), np.int64),
        serial=np.full(room, -1, np.int64),
    )


# A kernel Python calls answers a plain tuple, never a NamedTuple: numba builds a NamedTuple by
# calling its class's Python ``__new__``, where a pending Ctrl-C is raised, and numba does not
# expect an error there: the process crashes (docs/dev/README.md, reliability). NamedTuples passed
# *to* a kernel, and between kernels, are safe.
