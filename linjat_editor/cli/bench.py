"""``linjat bench``: the verb's options, and the way to the measurements.

The measurements are maintainer tools in the checkout's ``benchmarks/`` folder,
beside the package and not installed with it: the verb finds them there when it
runs (so ``linjat --help`` stays light), and says in one line when they are not
there, as in an installed wheel.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .presets import PRESET_NAMES
from .progress import ProgressBar
from .request import on_options

#: The checkout the package was imported from (in an installed wheel, site-packages).
CHECKOUT = Path(__file__).resolve().parents[2]


def run(args: argparse.Namespace) -> int:
    if not (CHECKOUT / "benchmarks" / "bench_runs.py").is_file():
        print(f"linjat bench: the benchmarks are not installed; run it from a checkout of the project "
              f"(no benchmarks/ folder in {CHECKOUT})", file=sys.stderr)
        return 2
    if str(CHECKOUT) not in sys.path:
        sys.path.insert(0, str(CHECKOUT))
    from benchmarks.bench_runs import run as measure

    return measure(args, ProgressBar("bench"))


def add_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure speed (and optionally level quality) on this machine")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quick", action="store_true", help="fewer seeds and repeats (the speed section: 2 seeds, not 8)")
    p.add_argument("--corpus", help="path to linjat-published.json")
    p.add_argument("--reference", metavar="DIR",
                   help="folder of the original generator's builds (default ../shared/reference beside the checkout)")
    p.add_argument("--only", action="append", choices=["speed", "engine", "fill", "quality", "first-start"],
                   help="run only this section (repeatable; default speed, engine and fill, plus quality with --quality; "
                        "first-start: a first start with an empty cache: the answer, then the background compile, about three minutes)")
    p.add_argument("--no-gui", action="store_true", help="skip the editor's event-loop measurement (needs Qt)")
    p.add_argument("--quality", action="store_true", help="also generate levels per tier and report their median selection score")
    p.add_argument("--quality-levels", type=int, default=10, help="levels per tier for --quality (default 10)")
    p.add_argument("--quality-iterations", type=int, action="append",
                   help="optimizer iterations per level for --quality (repeatable: each a run of its own, medians "
                        "listed side by side, the full table for the largest; default 2500, 5000 and 10000)")
    p.add_argument("--quality-seed", type=int, action="append",
                   help="base seed of the --quality batches (repeatable: levels of all seeds pooled, each seed's median listed; default 2026)")
    p.add_argument("--quality-tier", action="append", choices=PRESET_NAMES, metavar="TIER",
                   help="measure only this tier's quality (repeatable; default all); one of %(choices)s")
    p.add_argument("--quality-islands", type=int, default=1, choices=range(1, 9), metavar="N",
                   help="optimizer islands per --quality level (default 1, as a batch makes them; 2: the levels "
                        "'generate --workers 2' makes)")
    p.add_argument("--quality-workers", type=int, metavar="N",
                   help="processes generating the --quality levels (default all cores; a level depends only on its seed)")
    p.set_defaults(func=on_options(run))
