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

``by_niche[0]``: the list keeps the best level of each niche of the technique mix
(``niche_of``) rather than the best levels, and the search draws its parents
uniformly from them (MAP-Elites; see ``objective.Objective.by_niche``).
"""

from typing import NamedTuple

import numpy as np

from ..kinds import Kind
from .bits import helper
from .mutate import UNKNOWN

#: The original kept ten levels in its pool.
POOL_SIZE = 10
#: Niches of the technique mix: can't-fit layers in pairs (0-1, 2-3, ..., 22 and more) by widest layer (1, 2, 3, 4+).
CANT_FIT_STEP, CANT_FIT_BANDS, WIDTHS = 2, 12, 4
NICHES = CANT_FIT_BANDS * WIDTHS
_CANT_FIT = int(Kind.CANT_FIT)


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
    by_niche: np.ndarray


def allocate_members(h: int, w: int, n: int, room: int = POOL_SIZE, by_niche: bool = False) -> Members:
    """An empty list (size 0) for levels of h x w cells and n numbers, with room for ``room`` members (solutions
    unknown); ``by_niche``: one member per niche, room for every niche."""
    cells = h * w
    if by_niche:
        room = NICHES
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
        by_niche=np.full(1, by_niche, np.bool_),
    )


@helper
def niche_of(table):
    """A solve's niche (``NICHES``) from its classification table: its can't-fit layers in bands of
    ``CANT_FIT_STEP``, by its widest layer."""
    band = min(table[_CANT_FIT, 0] // CANT_FIT_STEP, CANT_FIT_BANDS - 1)
    width = min(max(table[0, 1], 1), WIDTHS) - 1
    return band * WIDTHS + width


@helper
def member_in_niche(members, table):
    """The member (a checked level, not the unscored start) in the niche of ``table``'s solve; -1 if none."""
    niche = niche_of(table)
    for i in range(members.size[0]):
        if members.serial[i] >= 0 and niche_of(members.table[i]) == niche:
            return i
    return -1


# A kernel Python calls answers a plain tuple, never a NamedTuple: numba builds a NamedTuple by
# calling its class's Python ``__new__``, where a pending Ctrl-C is raised, and numba does not
# expect an error there: the process crashes (docs/dev/README.md, reliability). NamedTuples passed
# *to* a kernel, and between kernels, are safe.
