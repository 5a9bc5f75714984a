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
    """(tier, target percentile) for ``count`` levels rising through the tiers in order, easiest first.

    Every tier gets its share (earlier tiers one more when they do not
    divide evenly); with fewer levels than tiers, the easiest tiers get one
    each, so no tier is skipped on the way up. Within a tier the targets rise
    from ``LOW`` to ``HIGH``.

    >>> ramp_positions(3)
    [('easy', 50.0), ('medium', 50.0), ('hard', 50.0)]
    >>> [t for t, _ in ramp_positions(6)]
    ['easy', 'easy', 'medium', 'medium', 'hard', 'expert']
    """
    tiers = RAMP_TIERS[: max(0, min(count, len(RAMP_TIERS)))]
    out = []
    for i, tier in enumerate(tiers):
        share = count // len(tiers) + (i < count % len(tiers))
        out += [(tier, LOW + (HIGH - LOW) * (j + 0.5) / share) for j in range(share)]
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
        jobs.append(Job(len(jobs), tier, t.draw_numbers(rng), iterations, rng.randrange(1 << 40),
                        target_percentile=percentile))
    return jobs
