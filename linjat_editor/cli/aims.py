"""What a search aims for, from the command line: --teach/--allow, --target-percentile, --target-score.

The engine is imported inside the functions: building the parser must not load numba.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from linjat_editor.core.level import Level

from . import options

if TYPE_CHECKING:
    from linjat_editor.core import Weights


def search_goal(args: argparse.Namespace, tier: str, weights: Weights) -> Any:
    """What --teach/--allow, --target-percentile or --target-score ask the optimizer for (else the weights to
    climb), within the canon: no 1s unless --allow-ones, the tier's technique rule unless --relax-tier-rule."""
    from linjat_editor.core.objective import canon

    goal = aim(args, tier, weights)
    return canon(goal, None if args.teach is not None else tier, args.relax_tier_rule, args.allow_ones)


def aim(args: argparse.Namespace, tier: str, weights: Weights) -> Any:
    """The aim alone: a lesson, a target, or the weights to climb."""
    from linjat_editor.core.kinds import Kind, parse_rules
    from linjat_editor.core.objective import lesson, toward_percentile, toward_score

    targets = [args.target_percentile is not None, args.target_score is not None, args.teach is not None]
    if sum(targets) > 1:
        raise ValueError("give one of --teach, --target-percentile and --target-score")
    if args.allow is not None and args.teach is None:
        raise ValueError("--allow goes with --teach")
    if args.teach is not None:
        kinds = parse_rules(args.teach)
        if len(kinds) != 1:
            raise ValueError("--teach takes one technique: cover, cant_fit, square, dependency or one_of")
        allow: tuple[Kind, ...] | None = None if args.allow is None else parse_rules(args.allow)
        return lesson(kinds[0], allow)
    if args.target_percentile is not None:
        return toward_percentile(tier, args.target_percentile)
    if args.target_score is not None:
        return toward_score(weights, args.target_score)
    return weights


def lesson_numbers(args: argparse.Namespace, height: int, width: int) -> int:
    """--numbers may be left out for a lesson: few numbers (a cell in eight has one), at least two."""
    if args.teach is None:
        raise ValueError("give --numbers (it may be left out only with --teach)")
    return max(2, height * width // 8)


def goal_report(goal: Any, level: Level) -> dict[str, Any]:
    """Say on stderr how close a target search came (and return it for the level's metadata); nothing for a plain climb."""
    from linjat_editor.core.objective import Objective

    if not isinstance(goal, Objective):
        return {}
    if goal.teach is not None:
        from linjat_editor.core.techniques import lesson_meta

        return lesson_meta(goal.teach, goal.rules)
    if not goal.has_target:
        return {}
    reached = goal.rank(level)
    print(f"linjat: target {goal.label}: distance {goal.distance(reached):g}", file=sys.stderr)
    return {"target": goal.target, "distance": goal.distance(reached)}


def add_canon_options(p: argparse.ArgumentParser, tiers: bool = True) -> None:
    """--allow-ones (generate, optimize, batch, campaign) and --relax-tier-rule (not for a campaign)."""
    p.add_argument("--allow-ones", action="store_true",
                   help="the search may make 1s (a 1's line is just its own cell: already done; the original game "
                        "never publishes one, so by default no level gets one)")
    if tiers:
        p.add_argument("--relax-tier-rule", action="store_true",
                       help="levels may break the tier's technique rule (easy and medium: cover and can't fit only; "
                            "hard: needs a square, no dependency or one-of), e.g. an easy level that needs a square")


def add_target_options(p: argparse.ArgumentParser) -> None:
    """--target-percentile and --target-score (generate, optimize and batch)."""
    p.add_argument("--target-percentile", type=float, metavar="P",
                   help="come as close as possible to percentile P of the tier (as the analysis shows it)")
    p.add_argument("--target-score", type=options.finite_number, metavar="S",
                   help="come as close as possible to the score S by the preset's weights")
