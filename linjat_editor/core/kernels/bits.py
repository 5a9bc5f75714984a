"""Bit counting and a small deterministic random number generator.

The generator is ours (xorshift64*) rather than numpy's so that a seed gives
the same levels whichever thread runs the kernel and however a run is cut
into chunks: its whole state is one uint64 the caller keeps.
"""

from typing import Any

import numba as nb
import numpy as np

from ..jit.locator import cached_njit

#: Every kernel: compiled once and cached on disk (``locator.py``: found wherever the package lies), and runs without the GIL.
#: Without numba's reference counting: every array a kernel passes on or
#: unpacks from a Board cost an atomic increment and decrement, half of the
#: optimizer's time. So a kernel creates no arrays (its scratch space comes
#: from the Board or an argument) and returns none.
#: (``_nrt`` is numba's switch for its runtime; a called kernel inherits
#: the caller's unless it sets its own.)
_WITHOUT_RUNTIME: dict[str, Any] = {"_nrt": False}
_WITH_RUNTIME: dict[str, Any] = {"_nrt": True}
kernel = cached_njit(nogil=True, **_WITHOUT_RUNTIME)
#: The few kernels that create arrays (the exact solver, the analysis'
#: leak test): off the optimizer's path, or rare on it.
allocating = cached_njit(nogil=True, **_WITH_RUNTIME)
#: A small function called in the rules' inner loops: inlined where it is
#: called, so those loops make no calls.
helper = cached_njit(nogil=True, inline="always")


@helper
def copy(dst, src, count):
    """``dst[:count] = src[:count]`` as a loop: numba's slice copy checks for overlap with a temporary array."""
    for i in range(count):
        dst[i] = src[i]


_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ONE = np.uint64(1)
_MULT = np.uint64(0x2545F4914F6CDD1D)


@kernel
def popcount(x: np.uint64) -> int:
    x = x - ((x >> np.uint64(1)) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return int((x * _H01) >> np.uint64(56))


@kernel
def lowest(x: np.uint64) -> int:
    """Index of the lowest set bit of a non-zero mask."""
    return popcount((x & (~x + _ONE)) - _ONE)


@kernel
def bit(i: int) -> np.uint64:
    return _ONE << np.uint64(i)


@kernel
def rand_below(rng: np.ndarray, n: int) -> int:
    """A random int in [0, n); advances ``rng[0]`` (xorshift64*)."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return int(((x * _MULT) >> np.uint64(33)) % np.uint64(n))


#: splitmix64's step and its two mixing multipliers (as Python ints; the kernels use them as uint64).
GOLDEN, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_WORD = 0xFFFFFFFFFFFFFFFF


def _splitmix(x: int) -> int:
    """splitmix64's output for counter ``x``: small consecutive counters give unrelated words."""
    z = (int(x) + GOLDEN) & _WORD
    z = ((z ^ (z >> 30)) * MIX1) & _WORD
    z = ((z ^ (z >> 27)) * MIX2) & _WORD
    return z ^ (z >> 31)


def seed_state(seed: int) -> np.ndarray:
    """An RNG state array for ``rand_below`` from any int seed (never zero)."""
    return np.array([_splitmix(seed) or 1], dtype=np.uint64)


#: The words of a ``start_states`` array after the state: the next start's number, the step between
#: the starts it takes, and the seed they all derive from.
NEXT_START, START_STEP, START_SEED = 1, 2, 3


def start_states(seed: int, first: int = 0, step: int = 1) -> np.ndarray:
    """An RNG for a search over random starts (``next_start``): starts ``first``, ``first + step``, ...

    Each start's random numbers come from the seed and the start's number
    alone, not from how the starts before it went: two threads taking every
    other start find the same first good one as one thread taking them all.
    """
    return np.array([1, first, step, _splitmix(seed)], dtype=np.uint64)


_GOLDEN, _MIX1, _MIX2 = np.uint64(GOLDEN), np.uint64(MIX1), np.uint64(MIX2)


@helper
def next_start(rng):
    """Begin the next start of a ``start_states`` RNG: ``rng[0]`` becomes its own state; returns its number."""
    k = rng[NEXT_START]
    z = rng[START_SEED] + (k + _ONE) * _GOLDEN  # splitmix64 at the seed's counter, k + 1 steps on
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    z ^= z >> np.uint64(31)
    rng[0] = z if z != np.uint64(0) else _ONE
    rng[NEXT_START] = k + rng[START_STEP]
    return k
