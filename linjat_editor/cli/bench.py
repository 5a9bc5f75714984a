"""``linjat bench``: the engine's speed and quality, measured on this machine.

Times are medians over repeats; the machines are shared and noisy, so compare
ratios measured in one run rather than absolute figures across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from linjat_editor.core.level import Level
from .progress import ProgressBar

#: The original C++ generator on this project's machine kind (spec section 8), iterations/s.
ORIGINAL_RATE = {"9x6/10 easy": 7600.0, "13x9/26 expert": 4100.0}
#: Median selection scores of the original's raw output and of its published cut (spec section 8).
ORIGINAL_QUALITY = {"easy": (9, 12), "medium": (18, 35), "hard": (28, 47), "expert": (130, 178)}
TIER_NUMBERS = {"easy": 10, "medium": 18, "hard": 21, "expert": 25}


def find_corpus(explicit: str | None) -> Path | None:
    """The published corpus: --corpus, $LINJAT_CORPUS, or ../shared/corpus beside the checkout."""
    candidates = [explicit, os.environ.get("LINJAT_CORPUS")]
    root = Path(__file__).resolve().parents[1]
    candidates += [str(root.parent / "shared" / "corpus" / "linjat-published.json"), "../shared/corpus/linjat-published.json"]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    return None


def corpus_levels(path: Path) -> dict[str, list[Level]]:
    from linjat_editor.core import TIERS

    data = json.loads(path.read_text())
    return {t: [Level.from_rows(r["puzzle"]) for r in data[t] if r.get("puzzle")] for t in TIERS}


def per_item_ms(items: list[Any], work: Callable[[Any], object]) -> float:
    """Median milliseconds of ``work`` over ``items`` (after one warm-up call)."""
    work(items[0])
    times = []
    for item in items:
        t0 = time.perf_counter_ns()
        work(item)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    return statistics.median(times)


def optimizer_rate(h: int, w: int, n: int, preset: str, iterations: int, repeats: int) -> float:
    """Median iterations per second of single-threaded optimizer runs."""
    from linjat_editor.core import PRESETS, Optimizer, first_level

    rates = []
    for seed in range(repeats):
        optimizer = Optimizer(first_level(h, w, n, PRESETS[preset], seed=seed), PRESETS[preset], seed=seed)
        t0 = time.perf_counter()
        optimizer.run(iterations)
        rates.append(iterations / (time.perf_counter() - t0))
    return statistics.median(rates)


def cold_start_seconds() -> float:
    """A fresh interpreter importing the engine and classifying one level (numba cache warm)."""
    code = "from linjat_editor.core import Level, classify, count_solutions; l = Level.from_rows(['.3. ']); classify(l); count_solutions(l)"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - t0


def quality(count: int, iterations: int, bar: ProgressBar) -> dict[str, float]:
    """Median selection score of ``count`` levels per tier, each optimized for ``iterations``."""
    from linjat_editor.core import TIERS, classify, generate, selection_score

    out = {}
    for i, (name, tier) in enumerate(TIERS.items()):
        scores = []
        for seed in range(count):
            bar.update(i * count + seed, 4 * count, f"quality: {name}")
            level = generate(tier.height, tier.width, TIER_NUMBERS[name], tier.weights, iterations=iterations, seed=1000 + seed)
            scores.append(selection_score(classify(level)))
        out[name] = statistics.median(scores)
    return out


def run(args: argparse.Namespace) -> int:
    # The engine loads here, not when the parser is built (``linjat --help`` stays fast).
    from linjat_editor.core import TIERS, classify, count_solutions, fill_dots, random_level
    from linjat_editor.core.analysis.bench import time_reports

    quick = args.quick
    results: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}}
    bar = ProgressBar("bench")
    bar.update(0, 6, "optimizer")
    results["optimizer_rate"] = {
        "9x6/10 easy": optimizer_rate(9, 6, 10, "easy", 1000 if quick else 4000, 3 if quick else 5),
        "13x9/26 expert": optimizer_rate(13, 9, 26, "expert", 400 if quick else 2000, 3 if quick else 5),
    }
    results["optimizer_vs_original"] = {k: v / ORIGINAL_RATE[k] for k, v in results["optimizer_rate"].items()}
    corpus = find_corpus(args.corpus)
    if corpus is not None:
        bar.update(2, 6, "corpus")
        levels = corpus_levels(corpus)
        results["classify_ms"] = {t: per_item_ms(ls, classify) for t, ls in levels.items()}
        results["count_ms"] = {t: per_item_ms(ls, count_solutions) for t, ls in levels.items()}
        results["classify_plus_count_ms_13x9"] = per_item_ms(levels["expert"], lambda l: (classify(l), count_solutions(l)))
        results["analyze_ms_13x9"] = time_reports(levels["expert"])["median_ms"]
    else:
        results["corpus"] = "not found (use --corpus PATH): corpus timings skipped"
    bar.update(4, 6, "generator")
    starts = {t: [random_level(x.height, x.width, TIER_NUMBERS[t], seed=s) for s in range(10 if quick else 40)] for t, x in TIERS.items()}
    results["fill_ms"] = {t: per_item_ms(ls, lambda l: fill_dots(l, seed=0, attempts=1)) for t, ls in starts.items()}
    results["cold_start_s"] = cold_start_seconds()
    if not args.no_gui:
        bar.update(5, 6, "event loop")
        results["event_loop_while_optimizing"] = event_loop_stall(quick)
    if args.quality:
        results["quality_median_selection_score"] = quality(args.quality_levels, args.quality_iterations, bar)
        results["original_quality_raw_and_published"] = ORIGINAL_QUALITY
    bar.close()
    print(json.dumps(results, indent=2) if args.json else render(results))
    return 0


def event_loop_stall(quick: bool) -> dict[str, Any]:
    """The optimizer dock running in the editor: the longest gap between 10 ms timer ticks.

    Measured by the editor's own benchmark in a child process: the command line
    sits beside the editor, not on top of it, so it never imports the GUI.
    """
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    seconds = "2" if quick else "6"
    run = subprocess.run([sys.executable, "-m", "linjat_editor.gui.optimizer.stall_bench", "--seconds", seconds],
                         capture_output=True, text=True, env=env, check=True)
    return dict(json.loads(run.stdout))


def render(results: dict[str, Any]) -> str:
    from linjat_editor.core import TIERS

    lines = [f"machine: {results['machine']['cpus']} cpus, Python {results['machine']['python']}", "", "optimizer (one thread), median iterations/s:"]
    for k, v in results["optimizer_rate"].items():
        lines.append(f"  {k:<16}{v:>9,.0f}   {results['optimizer_vs_original'][k]:.2f}x the original C++ ({ORIGINAL_RATE[k]:,.0f})")
    if "classify_ms" in results:
        lines += ["", "per published level, median ms:   classify   exact count"]
        for t in TIERS:
            lines.append(f"  {t:<30}{results['classify_ms'][t]:>9.3f}{results['count_ms'][t]:>14.3f}")
        lines.append(f"  classify + count, 13x9 expert: {results['classify_plus_count_ms_13x9']:.3f} ms")
        lines.append(f"  full analysis report, 13x9 expert: {results['analyze_ms_13x9']:.2f} ms")
    else:
        lines += ["", results["corpus"]]
    lines += ["", "generator, median ms per filled level (one attempt):"]
    lines += [f"  {t:<8}{v:>8.2f}" for t, v in results["fill_ms"].items()]
    lines += ["", f"cold start (import + first solve, numba cache warm): {results['cold_start_s']:.2f} s"]
    if "event_loop_while_optimizing" in results:
        stall = results["event_loop_while_optimizing"]
        lines.append(f"event loop while the optimizer dock runs: longest gap {stall['max_gap_ms']:.1f} ms, "
                     f"p99 {stall['p99_gap_ms']:.1f} ms (10 ms timer; the bar is 50 ms)")
    if "quality_median_selection_score" in results:
        lines += ["", "quality: median selection score (original raw / published cut):"]
        for t, v in results["quality_median_selection_score"].items():
            raw, cut = ORIGINAL_QUALITY[t]
            lines.append(f"  {t:<8}{v:>7.1f}   ({raw} / {cut})")
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure speed (and optionally level quality) on this machine")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quick", action="store_true", help="fewer repeats")
    p.add_argument("--corpus", help="path to linjat-published.json")
    p.add_argument("--no-gui", action="store_true", help="skip the editor's event-loop measurement (needs Qt)")
    p.add_argument("--quality", action="store_true", help="also generate levels per tier and report their median selection score")
    p.add_argument("--quality-levels", type=int, default=10, help="levels per tier for --quality (default 10)")
    p.add_argument("--quality-iterations", type=int, default=10_000, help="optimizer iterations per level for --quality")
    p.set_defaults(func=run)
