"""``linjat export`` and ``linjat batch``: level sets on the command line."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from linjat_editor.io import read_set
from linjat_editor.io.errors import STDOUT_NAME, printable
from linjat_editor.render.export import FORMATS, export_set, format_for
from linjat_editor.render.sheet_layout import PAPER, PER_PAGE
from . import options
from .aims import add_canon_options, add_target_options
from .presets import PRESET_NAMES
from .progress import ProgressBar
from .request import on_options

if TYPE_CHECKING:
    from linjat_editor.batch import BatchProgress


def run_export(args: argparse.Namespace) -> int:
    level_set = read_set(args.set)
    options: dict[str, Any] = {}
    # The format named, else the output's suffix says it (sheet options held for that case too).
    fmt = args.format or (None if args.output == "-" else format_for(args.output))
    if fmt in ("svg", "png", "pdf"):
        options.update(solutions=args.solutions, per_page=args.per_page, paper=args.paper, labels=args.labels)
        if args.title:
            options["title"] = args.title
    written = export_set(level_set, args.output, args.format, **options)
    for path in written:
        print(STDOUT_NAME if args.output == "-" else printable(str(path)), file=sys.stderr)
    return 0


def run_batch(args: argparse.Namespace) -> int:
    bar = ProgressBar(f"batch {args.preset}")

    def report(p: BatchProgress) -> None:
        bar.update(p.done, p.total, f"{p.kept} kept")

    if sum(x is not None for x in (args.ramp, args.target_percentile, args.target_score)) > 1:
        raise ValueError("give one of --ramp, --target-percentile and --target-score")
    return write_batch(args, args.preset, bar, report, ramp=args.ramp, target_percentile=args.target_percentile,
                       target_score=args.target_score, allow_ones=args.allow_ones, relax_rule=args.relax_tier_rule)


def run_campaign(args: argparse.Namespace) -> int:
    """Lessons for each technique, then easy to expert on a smooth ramp, in one set."""
    from dataclasses import replace

    from linjat_editor.batch.campaign import campaign_jobs

    jobs = [replace(job, allow_ones=args.allow_ones) for job in campaign_jobs(args.count, args.iterations, args.seed)]
    bar = ProgressBar("campaign")

    def report(p: BatchProgress) -> None:
        bar.update(p.done, p.total, f"{p.kept} kept")

    return write_batch(args, "campaign", bar, report, jobs=jobs, name="campaign")


def write_batch(args: argparse.Namespace, preset: str, bar: ProgressBar, report: Any, **options: Any) -> int:
    """Run a batch into the set file ``args.output``: exit 0 when every level was kept, 1 otherwise, 130 interrupted."""
    from linjat_editor.batch import BatchInterrupted, batch_to_file

    try:
        result = batch_to_file(
            args.output, preset, args.count, iterations=args.iterations, workers=args.workers,
            seed=args.seed, progress=report, scheduler=args.scheduler, **options,
        )
    except BatchInterrupted as stop:
        bar.close()
        where = f"written to {args.output}" if stop.kept else "nothing written"
        print(f"linjat: interrupted: {stop.kept} of {stop.total} levels finished, {printable(where)}", file=sys.stderr)
        return 130
    finally:
        bar.close()
    kept = len(result.level_set.entries)
    for line in target_lines(result.level_set):
        print(line, file=sys.stderr)
    print(f"{kept} of {args.count} levels written to {printable(args.output)}", file=sys.stderr)
    return 0 if kept == args.count else 1


def target_lines(level_set: Any) -> list[str]:
    """Per level aimed at a percentile or taught a kind: what it aimed at and what it reached."""
    from linjat_editor.core.kinds import Kind

    lines = []
    for i, entry in enumerate(level_set.entries, 1):
        a = entry.analysis or {}
        tier = a.get("tier") or {}  # the tier estimate: which tier it resembles
        if "teach" in a:
            lines.append(f"  {i}. lesson: {Kind.from_key(a['teach']).label}")
        elif "target_percentile" in a:
            lines.append(f"  {i}. target percentile {a['target_percentile']:.1f}: reached {a.get('percentile', float('nan')):.1f}"
                         f" (selection score {a['selection_score']:g}; estimate {tier.get('name', '?')})")
    return lines


def add_parsers(sub: Any) -> None:
    """Register export and batch."""
    p = sub.add_parser("export", help="export a level set: the original game's puzzles.json, PDF/SVG/PNG sheets, CSV, a playtest page (html)")
    p.add_argument("set", help="level set file (or a single level)")
    p.add_argument("--format", choices=FORMATS, help="default: from the output's extension")
    p.add_argument("-o", "--output", required=True, help="file to write, or - for standard output with --format (PNG sheets: several pages may add -N)")
    p.add_argument("--solutions", action="store_true", help="sheets: add solution pages at the back, lines drawn")
    p.add_argument("--per-page", type=options.one_of(PER_PAGE), default=6, help="sheets: puzzles per page (default 6)")
    p.add_argument("--paper", choices=tuple(PAPER), default="a4", help="sheets: paper size (default a4)")
    p.add_argument("--labels", action="store_true",
                   help="sheets: also print each level's name and tier (for the designer; players see numbers)")
    p.add_argument("--title", help="sheets: the heading (default: the set's name)")
    p.set_defaults(func=on_options(run_export))

    p = sub.add_parser("batch", help="generate many levels of a tier into a set, in parallel")
    p.add_argument("--preset", choices=PRESET_NAMES, metavar="PRESET", required=True, help="tier: size, number count and weights; one of %(choices)s")
    p.add_argument("--count", type=options.BATCH_COUNT, required=True, help="how many levels")
    p.add_argument("--iterations", type=options.ITERATIONS, default=10_000, help="optimizer iterations per level (default 10000)")
    p.add_argument("--workers", type=options.PROCESSES, default=None, help="worker processes (default: all cores)")
    p.add_argument("--seed", type=options.SEED, default=None, help="random seed, for a reproducible batch")
    p.add_argument("--scheduler", type=options.scheduler_address, metavar="ADDRESS",
                   help="run on a Dask distributed cluster (needs the 'dask' extra)")
    p.add_argument("--ramp", type=ramp_range, metavar="FROM:TO",
                   help="target tier percentiles rising evenly from FROM to TO, in the set's order")
    add_target_options(p)
    add_canon_options(p)
    p.add_argument("-o", "--output", required=True, help="set file to write")
    p.set_defaults(func=on_options(run_batch))

    p = sub.add_parser("campaign", help="a campaign: a lesson for each technique, then easy to expert on a smooth ramp")
    p.add_argument("--count", type=options.BATCH_COUNT, required=True, help="how many levels (the first five are lessons)")
    p.add_argument("--iterations", type=options.ITERATIONS, default=10_000, help="optimizer iterations per level (default 10000)")
    p.add_argument("--workers", type=options.PROCESSES, default=None, help="worker processes (default: all cores)")
    p.add_argument("--seed", type=options.SEED, default=None, help="random seed, for a reproducible campaign")
    p.add_argument("--scheduler", type=options.scheduler_address, metavar="ADDRESS",
                   help="run on a Dask distributed cluster (needs the 'dask' extra)")
    add_canon_options(p, tiers=False)  # each tier's technique rule holds: the campaign is the game's gradient
    p.add_argument("-o", "--output", required=True, help="set file to write")
    p.set_defaults(func=on_options(run_campaign))


def ramp_range(text: str) -> tuple[float, float]:
    """FROM:TO, two percentiles from 0 to 100."""
    try:
        lo, hi = (float(part) for part in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a ramp looks like 10:90, not {text!r}") from None
    if not (0 <= lo <= 100 and 0 <= hi <= 100):
        raise argparse.ArgumentTypeError(f"ramp percentiles are between 0 and 100, not {text!r}")
    return lo, hi
