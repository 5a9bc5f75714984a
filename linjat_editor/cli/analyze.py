"""``linjat analyze`` and ``linjat calibrate``: the analysis layer on the command line.

Wire into ``cli.py`` with ``add_analyze_parser(sub)`` and
``add_calibrate_parser(sub)``; each registers its subcommand with
``set_defaults(func=...)``, ``func(request)`` returning the exit status. Bad
input prints one line on stderr and returns 2 (no traceback), whether or not
the caller catches errors itself.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from .engine import default_preset, each_line, read_the_level, the_level
from .errors import one_line
from .presets import PRESET_NAMES
from .request import Entry, Request
from linjat_editor.core.level import Level, LevelError
from linjat_editor.io import FormatError, atomic_write_text, read_set
from linjat_editor.io.errors import printable

if TYPE_CHECKING:  # the analysis layer loads the kernels: imported by the verbs, not by --help
    from linjat_editor.core.analysis import Report
    from linjat_editor.io import LevelSet


def _guarded(run: Callable[[Request], int]) -> Entry:
    """The parser's entry of a verb (as ``request.verb`` makes it) that turns bad input into one line on stderr and exit status 2."""

    def guarded(args: Request | argparse.Namespace) -> int:
        request = Request.of(args)
        try:
            return run(request)
        except BrokenPipeError:
            # The reader stopped early (``| head``): not an error; keep Python quiet at exit.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 0
        except (FormatError, LevelError, ValueError, OSError) as error:
            print(f"linjat: error: {one_line(error, request)}", file=sys.stderr)
            return 2

    guarded.__name__ = run.__name__
    guarded.__doc__ = run.__doc__
    return guarded


# -- analyze -----------------------------------------------------------------


def print_report(report: Report, preset_name: str) -> None:
    """The report, readable on a terminal."""
    from linjat_editor.core.techniques import describe_essential

    level = report.level
    print(f"verdict: {report.verdict}")
    if not level.numbers:  # one vacuous solution, solved in no step: no claim worth printing (the editor's "–")
        print("solutions: –   deduction: – (no numbers yet)")
    else:
        count = {0: "none", 1: "1"}.get(report.count, "2+")
        print(f"solutions: {count}   deduction: {'solved' if report.solved else 'not finished'}")
    print(f"score ({preset_name}): {report.score:g}   selection score: {report.selection_score:g}")
    if report.tier:
        print(f"difficulty: {report.tier.describe()}")
    if report.solved and level.numbers:
        print(f"essential techniques: {describe_essential(report.essential)}")
    if report.predicted_seconds is not None:
        from linjat_editor.core.analysis.solve_time import clock

        print(f"predicted time: {clock(report.predicted_seconds)} (the time model over the steps)")
    print()
    print(f"{'kind':<24}{'depth':>6}{'max width':>11}")
    for key, stats in report.classification.to_json().items():
        print(f"{key:<24}{stats['depth']:>6}{stats['max_width']:>11}")
    print()
    if report.leaks:
        print(f"leaks ({len(report.leaks)}):")
        for leak in report.leaks:
            print(f"  [{leak.kind}] {leak.message}")
    else:
        print("leaks: none found")
    print()
    print("steps:")
    for i, step in enumerate(report.steps, 1):
        print(f"  {i:>3}. [{step.kind.label}] {step.message}")
    if report.stuck:
        print()
        print(f"stuck: {report.stuck.describe(level)}")


@_guarded
def run_analyze(request: Request) -> int:
    """``linjat analyze``: exit 0 for a good level, 1 for a level with a problem, 2 for bad input."""
    from linjat_editor.core.analysis import analyze

    args = request.options

    def weights_name(level: Level) -> str:
        return str(args.preset or default_preset(level))

    if request.jsonl:
        return each_line(request.jsonl, lambda level: analyze(level, weights_name(level)).to_json(), request.prepare_engine)
    level = the_level(request)
    name = weights_name(level)
    report = analyze(level, name)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print_report(report, name)
    return 0 if report.good else 1


def add_analyze_parser(sub: Any) -> None:
    """Register ``linjat analyze LEVEL [--json] [--preset P] [--jsonl FILE]``."""
    p = sub.add_parser(
        "analyze",
        help="full report: solutions, difficulty, uniqueness leaks, step-by-step explanation",
        description="Exit 0 for a good level (unique, solved by deduction, no leak), 1 otherwise, 2 for bad input.",
    )
    p.add_argument("level", nargs="?", help="level file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--preset", choices=PRESET_NAMES, metavar="PRESET", help="weights for the score (default: by grid size); one of %(choices)s")
    p.add_argument("--jsonl", metavar="FILE", help="one level per line; one JSON report per line")
    p.set_defaults(func=run_analyze, needs_level=True, read_input=read_the_level)


# -- calibrate ---------------------------------------------------------------


def levels_by_tier(level_set: LevelSet, path: str) -> dict[str, list[Level]]:
    """A set's levels grouped by tier: the entry's tier, else the tier of its grid size.

    Entries of a tier the engine does not know (e.g. ``tutorial``) are left out.
    """
    from linjat_editor.core import TIERS
    from linjat_editor.core.scoring import nearest_tier

    groups: dict[str, list[Level]] = {}
    for entry in level_set:
        tier = entry.tier or nearest_tier(entry.level.height, entry.level.width, len(entry.level.numbers))
        if tier in TIERS:
            groups.setdefault(tier, []).append(entry.level)
    if not groups:
        raise ValueError(f"{path}: no levels of a known tier ({', '.join(TIERS)})")
    return groups


def the_set(request: Request) -> LevelSet:
    """The SET argument: as ``engine.check_arguments`` read it, or read now (standard input can be read only once)."""
    return request.level_set if request.level_set is not None else read_set(request.options.set)


def the_groups(request: Request) -> dict[str, list[Level]]:
    """The SET argument's levels by tier: as ``engine.check_arguments`` read them, or read now."""
    return request.groups if request.groups is not None else levels_by_tier(the_set(request), request.options.set)


def read_the_set(request: Request) -> Request:
    """``calibrate``'s ``read_input``: the request with its SET read once, and its levels by tier unless it fits
    the time model to the set's playtests."""
    level_set = the_set(request)
    if request.options.from_playtests:
        return replace(request, level_set=level_set)
    return replace(request, level_set=level_set, groups=levels_by_tier(level_set, request.options.set))


@_guarded
def run_calibrate(request: Request) -> int:
    """``linjat calibrate``: calibration data from a level set (or the time model from its playtests)."""
    from linjat_editor.core.analysis import compute_calibration

    args = request.options
    if args.from_playtests:
        from .playtests import run_calibrate

        return run_calibrate(request, the_set(request))

    groups = the_groups(request)
    data = compute_calibration(groups, source=args.name, metadata={"from": args.set})
    if request.output and request.output != "-":
        atomic_write_text(request.output, json.dumps(data, indent=1) + "\n")  # as save_calibration writes it, atomically
        counts = ", ".join(f"{name} {len(levels)}" for name, levels in groups.items())
        print(f"calibration from {counts} levels written to {printable(request.output)}", file=sys.stderr)
    else:
        print(json.dumps(data, indent=1))
    return 0


def add_calibrate_parser(sub: Any) -> None:
    """Register ``linjat calibrate SET [-o FILE] [--name NAME]``."""
    p = sub.add_parser("calibrate", help="difficulty calibration (per tier selection scores) from a level set")
    p.add_argument("set", help="level set file (native set or the original's puzzles.json), or -")
    p.add_argument("-o", "--output", help="write the calibration JSON here (default: standard output)")
    p.add_argument("--name", default="calibration", help="what the levels are, shown in estimates (e.g. published)")
    p.add_argument("--from-playtests", action="store_true",
                   help="fit the predicted-time model to the set's playtests instead (testers' results from the playtest page)")
    p.add_argument("--include-own", action="store_true", help="with --from-playtests: count the designer's own plays too")
    p.add_argument("--adopt", action="store_true", help="with --from-playtests: store the fitted model in the set, which then predicts with it")
    p.set_defaults(func=run_calibrate, read_input=read_the_set)
