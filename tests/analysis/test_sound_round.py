"""The leak test's sound round may stop once the placements it is asked about are gone: its answer for them stays the full round's."""

from __future__ import annotations

import random
from typing import Callable

import numpy as np

from linjat_editor.core import Level
from linjat_editor.core.kernels.sound_round import sound_from, sound_watching
from linjat_editor.core.solver import deduce


def test_a_watching_round_answers_like_the_full_round_for_what_it_watches(
    corpus_levels: Callable[[str], list[Level]],
) -> None:
    rng = random.Random(3)
    stopped_early = 0
    for level in corpus_levels("hard")[:12] + corpus_levels("expert")[:12]:
        run = deduce(level, trace=True)
        m = run.piece.size
        b = run.board
        work = b.with_arrays(alive=b.alive.copy(), claimed=b.claimed.copy(), possible=b.possible.copy())
        for t in range(run.points):
            full = np.zeros(m, np.bool_)
            sound_from(work, run.alive[t], run.claimed[t], full)
            alive = np.flatnonzero(run.alive[t])
            # What the leak test watches: a few placements alive there (some the full round drops, some it keeps).
            watch = np.zeros(m, np.bool_)
            watch[rng.sample(list(alive), min(3, alive.size))] = True
            out = np.zeros(m, np.bool_)
            sound_watching(work, run.alive[t], run.claimed[t], out, watch)
            assert (out[watch] == full[watch]).all(), (str(level), t)
            stopped_early += bool((out != full).any())
    assert stopped_early > 0  # the shortcut is taken, so this compares something
