"""``linjat playtests import``: testers' results from the playtest page, merged into a set."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from linjat_editor.io import read_set, write_set
from linjat_editor.io.errors import printable


def run_import(args: argparse.Namespace) -> int:
    """Read every results file first: one bad file refuses the whole import and the set stays as it was."""
    from linjat_editor.io.playtest_results import merge_results, read_results

    level_set = read_set(args.into)
    results = [read_results(path) for path in args.results]
    merge = merge_results(level_set, results, set_name=printable(args.into))
    for line in merge.changed:
        print(f"linjat: {printable(line)}", file=sys.stderr)
    target = args.output or args.into
    if merge.added:
        write_set(merge.level_set, target)
    print(f"{merge.summary()}" + (f", written to {printable(target)}" if merge.added else ""), file=sys.stderr)
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
    imp.set_defaults(func=run_import)
