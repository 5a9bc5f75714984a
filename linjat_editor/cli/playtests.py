"""``linjat playtests import`` and ``linjat calibrate --from-playtests``: what players did, back in the set."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from linjat_editor.io import LevelSet, atomic_write_text, playtests_of, read_set, write_set
from linjat_editor.io.errors import printable
from .request import Request, on_options


def run_import(args: argparse.Namespace) -> int:
    """Read every results file first: one bad file refuses the whole import and the set stays as it was."""
    from linjat_editor.io.playtest_results import merge_results, read_results

    level_set = read_set(args.into)
    if not args.output and not _native(args.into):
        raise ValueError(f"{printable(args.into)} is no native set file (the original's puzzles.json keeps no playtests): "
                         "give -o FILE to write the set with them")
    results = [read_results(path) for path in args.results]
    merge = merge_results(level_set, results, set_name=printable(args.into))
    for line in merge.changed:
        print(f"linjat: {printable(line)}", file=sys.stderr)
    target = args.output or args.into
    if merge.added:
        write_set(merge.level_set, target)
    print(f"{merge.summary()}" + (f", written to {printable(target)}" if merge.added else ""), file=sys.stderr)
    return 0


def _native(path: str) -> bool:
    """Whether a set file is the editor's own (the only kind that keeps playtests)."""
    from linjat_editor.io.level_json import SET_FORMAT
    from linjat_editor.io.registry import read_source

    text, _ = read_source(path)
    try:
        obj = json.loads(text)
    except ValueError:
        return False
    return isinstance(obj, dict) and obj.get("format") == SET_FORMAT


def run_calibrate(request: Request, level_set: LevelSet) -> int:
    """``linjat calibrate SET --from-playtests``: fit the time model to the playtests of ``level_set`` (SET, read
    once by the caller: standard input cannot be read again); exit 1 with too few."""
    from linjat_editor.core import solve
    from linjat_editor.core.analysis.solve_time import fit_time_model, sample_of

    args = request.options
    if args.adopt and args.set == "-":
        raise ValueError("--adopt stores the model in the set's file: give the set as a file, not -")
    samples = []
    for entry in level_set:
        tests = playtests_of(entry)
        if not tests:
            continue
        result = solve(entry.level, trace=True)
        sample = sample_of(result.layers, tests, include_own=args.include_own) if result.solved else None
        if sample is not None:
            samples.append(sample)
    whose = "testers' and your own" if args.include_own else "testers' (the playtest page's; --include-own adds yours)"
    try:
        model = fit_time_model(samples)
    except ValueError as error:
        print(f"linjat: {error}; from {whose} playtests", file=sys.stderr)
        return 1
    fit = model.fit
    print(f"time model fitted on {fit['levels']} levels, {fit['playtests']} {whose} playtests: "
          f"held-out error {fit['held_out_error']:.0%} (median, {fit['folds']}-fold over levels)", file=sys.stderr)
    data = model.to_json()
    if request.output and request.output != "-":
        atomic_write_text(request.output, json.dumps(data, indent=1) + "\n")
        print(f"written to {printable(request.output)}", file=sys.stderr)
    elif not args.adopt:
        print(json.dumps(data, indent=1))
    if args.adopt:
        write_set(level_set.with_meta(extra={**level_set.extra, "time_model": data}), args.set)
        print(f"adopted: {printable(args.set)} now predicts with it", file=sys.stderr)
    return 0


def add_parser(sub: Any) -> None:
    """Register ``playtests`` and its ``import`` verb."""
    p = sub.add_parser("playtests", help="playtests from the playtest page (linjat export SET --format html)")
    verbs = p.add_subparsers(dest="playtests_command", metavar="VERB")
    verbs.required = True
    imp = verbs.add_parser("import", help="merge testers' results files into the set's levels (matched by content)")
    imp.add_argument("results", nargs="+", metavar="RESULTS", help="results files the page gave the testers")
    imp.add_argument("--into", required=True, metavar="SET", help="the set file the page was made from")
    imp.add_argument("-o", "--output", help="write the merged set here instead of over SET")
    imp.set_defaults(func=on_options(run_import))
