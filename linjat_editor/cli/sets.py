"""``linjat export`` and ``linjat batch``: level sets on the command line."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from linjat_editor.io import read_set
from linjat_editor.io.errors import STDOUT_NAME, printable
from linjat_editor.render.export import FORMATS, export_set
from . import options
from .presets import PRESET_NAMES
from .progress import ProgressBar

if TYPE_CHECKING:
    from linjat_editor.batch import BatchProgress


def run_export(args: argparse.Namespace) -> int:
    level_set = read_set(args.set)
    options: dict[str, Any] = {}
    if args.format in ("svg", "png", "pdf"):
        options.update(solutions=args.solutions, per_page=args.per_page)
        if args.title:
            options["title"] = args.title
    written = export_set(level_set, args.output, args.format, **options)
    for path in written:
        print(STDOUT_NAME if args.output == "-" else printable(str(path)), file=sys.stderr)
    return 0


def run_batch(args: argparse.Namespace) -> int:
    from linjat_editor.batch import BatchInterrupted, batch_to_file  # loads the engine: only when the verb runs

    bar = ProgressBar(f"batch {args.preset}")

    def report(p: BatchProgress) -> None:
        bar.update(p.done, p.total, f"{p.kept} kept")

    try:
        result = batch_to_file(
            args.output, args.preset, args.count, iterations=args.iterations, workers=args.workers,
            seed=args.seed, progress=report, scheduler=args.scheduler,
        )
    except BatchInterrupted as stop:
        bar.close()
        where = f"written to {args.output}" if stop.kept else "nothing written"
        print(f"linjat: interrupted: {stop.kept} of {stop.total} levels finished, {printable(where)}", file=sys.stderr)
        return 130
    finally:
        bar.close()
    kept = len(result.level_set.entries)
    print(f"{kept} of {args.count} levels written to {printable(args.output)}", file=sys.stderr)
    return 0 if kept == args.count else 1


def add_parsers(sub: Any) -> None:
    """Register export and batch."""
    p = sub.add_parser("export", help="export a level set: the original game's puzzles.json, PDF/SVG/PNG sheets, CSV")
    p.add_argument("set", help="level set file (or a single level)")
    p.add_argument("--format", choices=FORMATS, help="default: from the output's extension")
    p.add_argument("-o", "--output", required=True, help="file to write, or - for standard output with --format (PNG sheets: several pages may add -N)")
    p.add_argument("--solutions", action="store_true", help="sheets: add a solutions page")
    p.add_argument("--per-page", type=options.PER_PAGE, default=6, help="sheets: levels per page (default 6)")
    p.add_argument("--title", help="sheets: title printed on each page")
    p.set_defaults(func=run_export)

    p = sub.add_parser("batch", help="generate many levels of a tier into a set, in parallel")
    p.add_argument("--preset", choices=PRESET_NAMES, metavar="PRESET", required=True, help="tier: size, number count and weights; one of %(choices)s")
    p.add_argument("--count", type=options.BATCH_COUNT, required=True, help="how many levels")
    p.add_argument("--iterations", type=options.ITERATIONS, default=10_000, help="optimizer iterations per level (default 10000)")
    p.add_argument("--workers", type=options.PROCESSES, default=None, help="worker processes (default: all cores)")
    p.add_argument("--seed", type=options.SEED, default=None, help="random seed, for a reproducible batch")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask distributed cluster (needs the 'dask' extra)")
    p.add_argument("-o", "--output", required=True, help="set file to write")
    p.set_defaults(func=run_batch)
