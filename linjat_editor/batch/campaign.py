"""A campaign: lessons that teach each technique in turn, then levels from easy to expert on a smooth ramp.

The jobs are ordinary batch jobs (``jobs.Job``), so a campaign runs on
local processes or a Dask cluster like every batch, and its levels come back
in the campaign's order.

>>> [(j.teach, j.size) for j in campaign_jobs(7, seed=1)[:5]]
[('cover', (4, 4)), ('cant_fit', (5, 5)), ('square', (6, 6)), ('dependency', (7, 7)), ('one_of', (7, 7))]
>>> [(j.preset, round(j.target_percentile)) for j in campaign_jobs(9, seed=1)[5:]]
[('easy', 50), ('medium', 50), ('hard', 50), ('expert', 50)]
>>> [round(j.target_percentile) for j in campaign_jobs(13, seed=1)[5:7]]
[30, 70]
"""

from __future__ import annotations

import random

from .jobs import Job

#: One lesson per technique, in the solver's order: (kind, board, numbers). Small boards, few numbers.
LESSONS = (
    ("cover", (4, 4), 2),
    ("cant_fit", (5, 5), 3),
    ("square", (6, 6), 4),
    ("dependency", (7, 7), 6),
    ("one_of", (7, 7), 6),
)
#: The tiers the ramp climbs through, easiest first.
RAMP_TIERS = ("easy", "medium", "hard", "expert")
#: Within a tier the ramp runs over these percentiles: a tier's first levels are among its easier ones.
LOW, HIGH = 10.0, 90.0


def ramp_positions(count: int) -> list[tuple[str, float]]:
    """(tier, target percentile) for ``count`` levels rising evenly through the tiers, easiest first."""
    out = []
    for i in range(count):
        t = (i + 0.5) / count * len(RAMP_TIERS)
        tier = min(int(t), len(RAMP_TIERS) - 1)
        out.append((RAMP_TIERS[tier], LOW + (HIGH - LOW) * (t - tier)))
    return out


def campaign_jobs(count: int, iterations: int = 10_000, seed: int | None = None) -> list[Job]:
    """The lessons (as many as ``count`` allows), then the ramp, in order."""
    from linjat_editor.core import TIERS

    if count < 1:
        raise ValueError("count must be at least 1")
    rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(1 << 62))
    jobs = [Job(i, "easy", numbers, iterations, rng.randrange(1 << 40), teach=kind, size=size)
            for i, (kind, size, numbers) in enumerate(LESSONS[:count])]
    for tier, percentile in ramp_positions(count - len(jobs)):
        t = TIERS[tier]
        jobs.append(Job(len(jobs), tier, rng.randint(t.min_numbers, t.max_numbers), iterations, rng.randrange(1 << 40),
                        target_percentile=percentile))
    return jobs
