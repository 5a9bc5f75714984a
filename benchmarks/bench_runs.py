"""``linjat bench``: the engine's speed and quality, measured on this machine.

The machines are shared and noisy, so compare ratios measured in one run
rather than absolute figures across runs. The generator is timed end to end
(``linjat generate`` as a process) alternated with the original C++ generator
on the same work and seeds, when its builds are found beside the checkout
(``../shared/reference/``), and compared by total time over the seeds.
"""

from __future__ import annotations

import argparse
import compileall
import datetime
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, NamedTuple, Protocol

import linjat_editor
from benchmarks.report_timing import time_reports
from linjat_editor.core.analysis import detect_leaks
from linjat_editor.core import PRESETS, SELECTION, TIERS, Level, Optimizer, classify, count_solutions, fill_dots, first_level, random_level, selection_score
from linjat_editor.core.classification import Classification
from linjat_editor.core.kinds import Kind

TIER_NUMBERS = {"easy": 10, "medium": 18, "hard": 21, "expert": 25}
#: The original's builds, one per tier size: (rows, columns, numbers), fixed when it was compiled.
REFERENCE_BUILDS = {"easy": (9, 6, 10), "medium": (10, 7, 18), "hard": (11, 8, 21), "expert": (13, 9, 26)}
#: The side-by-side runs: (label, tier, rows, columns, numbers), as the original's builds are sized.
SPEED_RUNS = tuple((f"{h}x{w}/{n} {t}", t, h, w, n) for t, (h, w, n) in REFERENCE_BUILDS.items() if t in ("easy", "expert"))
SPEED_ITERATIONS = 20_000
#: The quality section's budgets unless told others: where a designer stops the optimizer early, midway, and the batch default.
QUALITY_ITERATIONS = (2_500, 5_000, 10_000)
#: The quality section's base seed unless told others: the figures in the README use it.
DEFAULT_QUALITY_SEED = 2026
#: The original's flag for each of our weights (its defaults are not our easy's: square, dep and one-of are 1 there).
ORIGINAL_FLAGS = {"cover": "cover", "cant_fit": "cant_fit", "square": "square", "dependency": "dep", "one_of": "one_of",
                  "width": "max_width", "single_solution": "single_solution",
                  "uncontested_no_cover": "uncontested_no_cover"}


def original_weights(tier: str) -> list[str]:
    """The tier's weights (spec section 4) as the original's flags, every one given."""
    return [f"--score_{ORIGINAL_FLAGS[k]}={v:g}" for k, v in PRESETS[tier].to_json().items()]


class Bar(Protocol):
    """Where progress is shown (the command line's ``ProgressBar``): ``update(done, total, note)``, ``close()``."""

    def update(self, done: int, total: int, note: str = "") -> None: ...

    def close(self) -> None: ...


#: The checkout these tools stand in; the shared corpus and the original's builds sit beside it.
CHECKOUT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = CHECKOUT.parent / "shared" / "corpus" / "linjat-published.json"
DEFAULT_REFERENCE = CHECKOUT.parent / "shared" / "reference"


def find_corpus(explicit: str | None) -> Path | None:
    """The published corpus: --corpus, $LINJAT_CORPUS, or ../shared/corpus beside the checkout."""
    for c in (explicit, os.environ.get("LINJAT_CORPUS"), str(DEFAULT_CORPUS)):
        if c and Path(c).is_file():
            return Path(c)
    return None


def corpus_levels(path: Path) -> dict[str, list[Level]]:
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


def find_reference(folder: str | Path | None) -> Path | None:
    """The folder of the original generator's builds (--reference, default ../shared/reference beside the checkout),
    or None when it holds none of them."""
    path = Path(folder) if folder else DEFAULT_REFERENCE
    return path if (path / "linjat-original-9x6-10").is_file() else None


class Timing(NamedTuple):
    """One run: wall seconds, and the CPU seconds it used (user and system), which another job on the machine
    disturbs much less than the wall time."""

    wall: float
    cpu: float


def timed(command: list[str], env: dict[str, str] | None = None) -> Timing:
    """How long ``command`` takes; its output is discarded (never give a generator ``-o /dev/null``:
    the level files are saved atomically, by renaming a new file over the target).

    A command a warm engine server runs (cli/server.py) spends its CPU in the
    server's child: the CPU seconds are then the waiting client's only."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Timing(wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def ours(tier: str, h: int, w: int, n: int, seed: int, workers: int) -> list[str]:
    return [*linjat_program(), "generate", "--size", f"{h}x{w}", "--numbers", str(n),
            "--preset", tier, "--iterations", str(SPEED_ITERATIONS), "--seed", str(seed),
            "--workers", str(workers)]  # the level goes to stdout, which ``timed`` discards


def original(reference: Path, tier: str, h: int, w: int, n: int, seed: int, iterations: int = SPEED_ITERATIONS) -> list[str]:
    return [str(reference / f"linjat-original-{h}x{w}-{n}"), "--puzzle_count=1",
            f"--optimize_iterations={iterations}", *original_weights(tier), f"--seed={seed}"]


def as_installed() -> None:
    """Our sources as bytecode, as installing leaves them (once; failures ignored: an install has them already).

    Where Python is told not to write bytecode (PYTHONDONTWRITEBYTECODE), every
    start would otherwise compile our sources again, some 0.04 s that no
    installed ``linjat`` spends. Python reads existing bytecode all the same.
    """
    compileall.compile_dir(str(Path(linjat_editor.__file__).resolve().parent), quiet=2)  # 2: not even errors


#: The issue's protocol: the original's time varies about 2.5x with the seed, so enough seeds that
#: the totals do not depend on which were drawn (with three, the ratio swung from 0.66x to 1.31x).
SPEED_SEEDS = 8
#: Seeds of the two-worker runs (expert only, where a second core has the most to do). One worker
#: and two run different searches (two islands, not one pool), so the ratio depends on the seeds
#: drawn: six seeds at a time read 1.67x to 2.05x (24 seeds in process, two builds, 2026-11-28).
TWO_WORKER_SEEDS = 16
TWO_WORKER_TIER = "expert"


def versus_original(reference: Path | None, seeds: int, two_worker_seeds: int, bar: Bar) -> dict[str, Any]:
    """Seconds for 20,000 iterations end to end, ours alternated with the original on the same seeds; totals.

    Per tier: ``seeds`` seeds, each run by both (who goes first alternates from
    seed to seed, so a load that drifts favours neither); the totals and their
    ratio. On expert, seeds 1 to ``two_worker_seeds`` also run with two
    workers (and with one beyond ``seeds``, without the original): the
    speed-up is the one-worker total over the two-worker total on those seeds.
    """
    as_installed()
    out: dict[str, Any] = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                           "iterations": SPEED_ITERATIONS, "seeds": seeds, "two_worker_seeds": two_worker_seeds,
                           "served": warm_server(), "runs": {}}
    most = max(seeds, two_worker_seeds)
    steps = len(SPEED_RUNS) * most
    for i, (label, tier, h, w, n) in enumerate(SPEED_RUNS):
        times: dict[str, list[Timing]] = {"ours_1": [], "ours_2": [], "original": []}
        two = two_worker_seeds if tier == TWO_WORKER_TIER else 0
        for seed in range(1, max(seeds, two) + 1):
            bar.update(i * most + seed - 1, steps, f"vs original: {label}")
            runs = [("ours_1", ours(tier, h, w, n, seed, 1))]
            if reference is not None and seed <= seeds:
                runs.append(("original", original(reference, tier, h, w, n, seed)))
            if seed <= two:
                runs.append(("ours_2", ours(tier, h, w, n, seed, 2)))
            for key, command in runs if seed % 2 else runs[::-1]:
                times[key].append(timed(command))
        wall = {k: [t.wall for t in v] for k, v in times.items() if v}
        row: dict[str, Any] = {"times": wall, "cpu_times": {k: [t.cpu for t in v] for k, v in times.items() if v}}
        row["ours_1"] = sum(wall["ours_1"][:seeds])  # the seeds the original ran too
        if not out["served"]:
            row["ours_1_cpu"] = sum(t.cpu for t in times["ours_1"][:seeds])
        if times["original"]:
            row["original"] = sum(wall["original"])
            row["ratio_1"] = row["ours_1"] / row["original"]
            if not out["served"]:
                row["original_cpu"] = sum(t.cpu for t in times["original"])
                row["ratio_1_cpu"] = row["ours_1_cpu"] / row["original_cpu"]
        if times["ours_2"]:
            row["ours_1_on_two"] = sum(wall["ours_1"][:two])
            row["ours_2"] = sum(wall["ours_2"])
            row["speedup_2"] = row["ours_1_on_two"] / row["ours_2"]
        row["load"] = os.getloadavg()[0]  # the other jobs' share of the machine as the tier's runs ended
        out["runs"][label] = row
    if reference is None:
        out["original"] = "not found (use --reference DIR): ours timed alone"
    return out


#: Issue 31's start-up command: a short generation, whose time is mostly the start.
START_UP = ("generate", "--size", "13x9", "--numbers", "26", "--iterations", "1")
START_UP_RUNS = 5


def linjat_program() -> list[str]:
    """``linjat`` as a designer runs it: the console script beside this Python, else the module."""
    script = Path(sys.executable).with_name("linjat")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "linjat_editor.cli"]


def server_ready(timeout: float = 30.0) -> bool:
    """Whether a warm engine server for ``linjat`` listens (within ``timeout``: one may be loading)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if subprocess.run([*linjat_program(), "server", "status"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            return True
        time.sleep(0.2)
    return False


def warm_server() -> bool:
    """Every timed ``linjat`` run the same way: a warm engine server made ready first, unless servers are off.

    Without this the first seed would run in-process (it starts the server)
    and the others through it. True if the runs go through a server; its
    children's CPU is not this process's, so the CPU rows are then left out."""
    if os.environ.get("LINJAT_SERVER") == "0" or sys.platform != "linux":
        return False
    timed([*linjat_program(), *START_UP])  # any command on a warm engine starts one
    return server_ready()


def start_up(runs: int = START_UP_RUNS) -> dict[str, Any]:
    """Seconds of the start-up command, median of ``runs``: in-process (LINJAT_SERVER=0) and through a warm server.

    The two alternate, run for run, on seeds 1 to ``runs``: the first level's
    search alone takes 0.05-0.3 s depending on the seed (served, 2026-11-27),
    so both do the same work. The server is the one a first run starts (any
    command on a warm engine does); it is left running, as it would be.
    """
    command = [*linjat_program(), *START_UP]
    out: dict[str, Any] = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                           "command": "linjat " + " ".join(START_UP), "runs": runs}
    in_process = dict(os.environ, LINJAT_SERVER="0")
    served = warm_server()
    times: dict[str, list[float]] = {"in_process": [], "served": []}
    for seed in range(1, runs + 1):
        times["in_process"].append(timed([*command, "--seed", str(seed)], in_process).wall)
        if served:
            times["served"].append(timed([*command, "--seed", str(seed)]).wall)
    out["times"] = times
    out["in_process_s"] = statistics.median(times["in_process"])
    if served:
        out["served_s"] = statistics.median(times["served"])
    else:
        out["served"] = "no warm server (off: LINJAT_SERVER=0 or not Linux; else see `linjat server status`)"
    out["load"] = os.getloadavg()[0]
    return out


def optimizer_rate(tier: str, h: int, w: int, n: int, iterations: int, seeds: int) -> float:
    """Median optimizer iterations per second of CPU time, in process, one island (admission checks included)."""
    rates = []
    for seed in range(1, seeds + 1):
        optimizer = Optimizer(first_level(h, w, n, PRESETS[tier], seed=seed), PRESETS[tier], seed=seed + 1)
        optimizer.run(200)  # kernels loaded, pool seeded
        t0 = time.process_time()
        optimizer.run(iterations)
        rates.append(iterations / max(time.process_time() - t0, 1e-9))
    return statistics.median(rates)


def cold_start_seconds() -> float:
    """A fresh interpreter importing the engine and classifying one level (numba cache warm)."""
    code = "from linjat_editor.core import Level, classify, count_solutions; l = Level.from_rows(['.3. ']); classify(l); count_solutions(l)"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - t0


def quality(levels_per_tier: int, iterations: int, corpus: Path | None, bar: Bar, seeds: list[int] | None = None,
            reference: Path | None = None, tiers: list[str] | None = None, workers: int | None = None,
            islands: int = 1) -> dict[str, Any]:
    """Per tier: median selection score of batch levels (as ``linjat batch`` makes them), leaky and
    non-unique counts, next to the published levels' median by the same analyzer and, with the
    ``reference`` builds, the original generator's own output for the same budget and weights.

    With several base ``seeds`` the levels of all of them are pooled, and each seed's median is
    listed too: one seed's ten levels vary by about a standard error of 14 on expert. The jobs run
    on ``workers`` processes (default all cores, shared by each level's ``islands``); a job's level
    depends only on its seed (and its islands: two make the levels ``generate --workers 2`` does).
    """
    from linjat_editor.batch.local import run_local
    from linjat_editor.batch.jobs import make_jobs

    seeds = seeds or [DEFAULT_QUALITY_SEED]
    workers = workers or max(1, (os.cpu_count() or 1) // islands)
    names = [t for t in TIERS if tiers is None or t in tiers]
    published = corpus_levels(corpus) if corpus is not None else {}
    out: dict[str, Any] = {"iterations": iterations, "seeds": seeds, "islands": islands, "tiers": {}}
    for i, name in enumerate(names):
        bar.update(i, len(names), f"quality: {name}")
        # Indices run on across the seeds, so each result maps back to its seed whatever order the pool finishes in.
        jobs = [replace(job, index=k * levels_per_tier + job.index, islands=islands)
                for k, seed in enumerate(seeds) for job in make_jobs(name, levels_per_tier, iterations, seed=seed)]
        results, _ = run_local(jobs, workers, None, None)
        level_of = {r.index: r.level for r in results}
        levels = [level_of.get(k) for k in range(len(jobs))]
        verdicts = [None if lv is None else verdict(lv) for lv in levels]  # each level judged once
        row = summary([v for v in verdicts if v is not None])
        row["failed"] = levels.count(None)
        if len(seeds) > 1:
            scores = [None if v is None else v.score for v in verdicts]
            row["by_seed"] = {str(seed): median_of(scores[k * levels_per_tier:(k + 1) * levels_per_tier])
                              for k, seed in enumerate(seeds)}
        if name in published:
            published_cls = [classify(lv) for lv in published[name]]
            published_scores = [selection_score(c) for c in published_cls]
            row["published_median"] = statistics.median(published_scores)
            row["published_max"] = max(published_scores)
            row["published_mean"] = statistics.fmean(published_scores)
            row["published_layers"] = mean_layers([layers_of(c) for c in published_cls])
        if reference is not None:
            h, w, n = REFERENCE_BUILDS[name]
            runs = [seed + j for seed in seeds for j in range(levels_per_tier)]
            with ThreadPoolExecutor(workers) as pool:  # each run is a process of its own
                theirs = list(pool.map(lambda s: original_level(reference, name, h, w, n, s, iterations), runs))
            row["original"] = summary([verdict(lv) for lv in theirs])
            row["original"]["numbers"] = n
        out["tiers"][name] = row
    return out


class Verdict(NamedTuple):
    """Our analyzer's verdict on one level."""

    score: float  # selection score
    leaky: bool
    not_unique: bool
    layers: dict[str, float]  # see layers_of


def verdict(level: Level) -> Verdict:
    """Our analyzer's verdict on one level: selection score, leaky, not unique, its layers by kind."""
    cls = classify(level)
    return Verdict(selection_score(cls), bool(detect_leaks(level)), count_solutions(level).count != 1, layers_of(cls))


#: The kinds the selection score rewards (read from its weights, not listed again): where a tier's points come from.
REWARDED = tuple(k for k in Kind if SELECTION.of(k) > 0)


def layers_of(cls: Classification) -> dict[str, float]:
    """Layers of each rewarded kind (keyed ``cover``, ``cant_fit``...), and ``widest``: the widest layer."""
    return {**{k.key: float(cls.of(k).depth) for k in REWARDED}, "widest": float(cls.all.max_width)}


def mean_layers(layers: list[dict[str, float]]) -> dict[str, float]:
    """The mean of each entry of some levels' ``layers_of`` (empty for no levels)."""
    return {key: statistics.fmean(one[key] for one in layers) for key in layers[0]} if layers else {}


def median_of(scores: list[float | None]) -> float | None:
    """Median of the scores there are (None: a level that failed), or None if there are none."""
    present = [x for x in scores if x is not None]
    return statistics.median(present) if present else None


#: Medians of resampled levels drawn to say how far a median moves with the draw, and the share of them its spread holds.
SPREAD_DRAWS, SPREAD_SHARE = 2000, 0.9


def median_spread(scores: list[float], draws: int = SPREAD_DRAWS, share: float = SPREAD_SHARE) -> list[float] | None:
    """Where the median of as many levels, drawn again from these with replacement, lands ``share`` of the time
    (a bootstrap): how far a median of this many levels moves with the draw. A goal inside it is neither met
    nor missed by this run. The same scores give the same spread; None for fewer than two.

    >>> median_spread([5.0] * 8)
    [5.0, 5.0]
    >>> low, high = median_spread([float(x) for x in range(20)]); low < 9.5 < high
    True
    """
    if len(scores) < 2:
        return None
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(scores, k=len(scores))) for _ in range(draws))
    cut = int(draws * (1 - share) / 2)
    return [medians[cut], medians[-cut - 1]]


def summary(verdicts: list[Verdict]) -> dict[str, Any]:
    """Median (and its spread) and mean selection score, how many leaky, how many not unique, mean layers, of some
    levels' verdicts."""
    return {"levels": len(verdicts), "median": median_of([v.score for v in verdicts]),
            "spread": median_spread([v.score for v in verdicts]),
            "mean": statistics.fmean(v.score for v in verdicts) if verdicts else None,
            "leaky": sum(v.leaky for v in verdicts), "not_unique": sum(v.not_unique for v in verdicts),
            "layers": mean_layers([v.layers for v in verdicts])}


def quality_by_iterations(levels_per_tier: int, budgets: list[int], corpus: Path | None, bar: Bar,
                           seeds: list[int] | None = None, reference: Path | None = None, tiers: list[str] | None = None,
                           workers: int | None = None, islands: int = 1) -> dict[str, Any]:
    """``quality`` at the largest of ``budgets``, with ``by_iterations``: per smaller budget and tier, the
    summary of the levels the same jobs make with that many iterations (each budget its own runs: a
    run's polish and schedule depend on its budget, so a longer run's midpoint is not a shorter run)."""
    budgets = sorted(set(budgets))
    out = quality(levels_per_tier, budgets[-1], corpus, bar, seeds, reference, tiers, workers, islands)
    by: dict[str, dict[str, Any]] = {}
    for budget in budgets[:-1]:
        smaller = quality(levels_per_tier, budget, None, bar, seeds, None, tiers, workers, islands)
        by[str(budget)] = {t: summary_only(row) for t, row in smaller["tiers"].items()}
    by[str(budgets[-1])] = {t: summary_only(row) for t, row in out["tiers"].items()}
    out["by_iterations"] = by
    return out


def summary_only(row: dict[str, Any]) -> dict[str, Any]:
    """A quality row's median, mean and counts, without its layers or the published and original figures."""
    return {k: row[k] for k in ("levels", "median", "spread", "mean", "leaky", "not_unique", "failed")}


def original_level(reference: Path, tier: str, h: int, w: int, n: int, seed: int, iterations: int) -> Level:
    """One level from the original generator (its last output line is ``{"puzzle": rows, ...}``)."""
    run = subprocess.run(original(reference, tier, h, w, n, seed, iterations), capture_output=True, text=True, check=True)
    return Level.from_rows(json.loads(run.stdout.strip().splitlines()[-1])["puzzle"])


def fill_published(corpus: Path, per_tier: int, seeds: int, bar: Bar) -> dict[str, Any]:
    """Fill dots on published numbers with their dots removed (known to admit a good filling).

    Per tier: (level, seed) runs that found a unique filling solved by
    deduction, levels that failed for every seed, and the median seconds per run.
    """
    levels = corpus_levels(corpus)
    out: dict[str, Any] = {"per_tier": per_tier, "seeds": seeds, "tiers": {}}
    for i, name in enumerate(TIERS):
        chosen = levels[name][:: max(1, len(levels[name]) // per_tier)][:per_tier]
        ok, failed_levels, times = 0, 0, []
        for j, level in enumerate(chosen):
            bar.update(i * per_tier + j, len(TIERS) * per_tier, f"fill: {name}")
            numbers = level.with_dots(())
            wins = 0
            for seed in range(seeds):
                t0 = time.perf_counter()
                result = fill_dots(numbers, seed=seed)
                times.append(time.perf_counter() - t0)
                wins += result.solved and count_solutions(result.level).count == 1 and classify(result.level).solved
            ok += wins
            failed_levels += wins == 0
        out["tiers"][name] = {"runs": len(chosen) * seeds, "filled": ok, "levels_failing_every_seed": failed_levels,
                              "median_s": statistics.median(times)}
    return out


def run(args: argparse.Namespace, bar: Bar) -> int:
    """The verb's measurements (``linjat bench`` parses ``args`` and hands its terminal's progress ``bar``)."""
    if args.reference and find_reference(args.reference) is None:
        print(f"linjat bench: no build of the original generator in {args.reference} "
              "(expected linjat-original-9x6-10 and its siblings)", file=sys.stderr)
        return 2
    quick = args.quick
    sections = set(args.only or ["speed", "engine", "fill"] + (["quality"] if args.quality else []))
    results: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}}
    corpus = find_corpus(args.corpus)
    if "speed" in sections:
        results["versus_original"] = versus_original(find_reference(args.reference), 2 if quick else SPEED_SEEDS,
                                                      2 if quick else TWO_WORKER_SEEDS, bar)
        bar.update(0, 1, "start-up")
        results["start_up"] = start_up()
    if "engine" in sections:
        engine_timings(results, corpus, quick, args.no_gui, bar)
    if "fill" in sections and corpus is not None:
        results["fill_published"] = fill_published(corpus, 10, 3, bar)
    if "quality" in sections:
        results["quality"] = quality_by_iterations(
            args.quality_levels, args.quality_iterations or list(QUALITY_ITERATIONS), corpus, bar, args.quality_seed,
            find_reference(args.reference), args.quality_tier, args.quality_workers, args.quality_islands)
    if "first-start" in sections:
        from .bench_first_start import first_start

        results["first_start"] = first_start()
    bar.close()
    print(json.dumps(results, indent=2) if args.json else render(results))
    return 0


def engine_timings(results: dict[str, Any], corpus: Path | None, quick: bool, no_gui: bool, bar: Bar) -> None:
    """Per-level costs of the engine's parts, the cold start and the editor's event loop."""
    if corpus is not None:
        bar.update(2, 6, "corpus")
        levels = corpus_levels(corpus)
        results["classify_ms"] = {t: per_item_ms(ls, classify) for t, ls in levels.items()}
        results["count_ms"] = {t: per_item_ms(ls, count_solutions) for t, ls in levels.items()}
        results["classify_plus_count_ms_13x9"] = per_item_ms(levels["expert"], lambda l: (classify(l), count_solutions(l)))
        results["analyze_ms_13x9"] = time_reports(levels["expert"])["median_ms"]
    else:
        results["corpus"] = "not found (use --corpus PATH): corpus timings skipped"
    bar.update(3, 6, "optimizer")
    results["optimizer_per_s"] = {label: optimizer_rate(tier, h, w, n, 2_000 if quick else 10_000, 1 if quick else 3)
                                  for label, tier, h, w, n in SPEED_RUNS}
    bar.update(4, 6, "generator")
    starts = {t: [random_level(x.height, x.width, TIER_NUMBERS[t], seed=s) for s in range(10 if quick else 40)] for t, x in TIERS.items()}
    results["fill_ms"] = {t: per_item_ms(ls, lambda l: fill_dots(l, seed=0)) for t, ls in starts.items()}
    results["cold_start_s"] = cold_start_seconds()
    if not no_gui:
        bar.update(5, 6, "event loop")
        results["event_loop_while_optimizing"] = event_loop_stall(quick)


def event_loop_stall(quick: bool) -> dict[str, Any]:
    """The optimizer dock running in the editor: the longest gap between 10 ms timer ticks (see stall_bench).

    Measured by ``python -m benchmarks.stall_bench`` in a process of its own: the
    command line never loads the editor (the cli/gui contract), and the dock's
    event loop is not shared with this run's progress bar. Offscreen, as before,
    even with a display.
    """
    checkout = Path(__file__).resolve().parents[1]
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(checkout), os.environ.get("PYTHONPATH")])))
    run = subprocess.run([sys.executable, "-m", "benchmarks.stall_bench", "--seconds", "2" if quick else "6"],
                         cwd=checkout, env=env, capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    if run.returncode != 0 or not lines:
        said = (run.stderr.strip().splitlines() or [f"exit status {run.returncode}"])[-1]
        return {"error": f"the stall bench failed: {said}"}
    return dict(json.loads(lines[-1]))


def render(results: dict[str, Any]) -> str:
    lines = [f"machine: {results['machine']['cpus']} cpus, Python {results['machine']['python']}"]
    if "versus_original" in results:
        vs = results["versus_original"]
        lines += ["", f"linjat generate, {vs['iterations']:,} iterations end to end, total seconds over seeds 1-{vs['seeds']}, "
                      f"ours alternated with the original, {vs['date']}; ours "
                      + ("through the warm engine server (LINJAT_SERVER=0: in-process)" if vs.get("served")
                         else "in-process") + ":",
                  f"  {'':<16}{'ours 1 worker':>14}{'original':>10}{'ratio':>8}"]
        for label, row in vs["runs"].items():
            orig = f"{row['original']:>9.2f}s{row['ratio_1']:>7.2f}x" if "original" in row else f"{'-':>10}{'-':>8}"
            lines.append(f"  {label:<16}{row['ours_1']:>13.2f}s{orig}")
            if "ours_1_cpu" in row:
                orig = (f"{row['original_cpu']:>9.2f}s{row['ratio_1_cpu']:>7.2f}x" if "original_cpu" in row
                        else f"{'-':>10}{'-':>8}")
                lines.append(f"  {'  CPU seconds':<16}{row['ours_1_cpu']:>13.2f}s{orig}   (load {row['load']:.1f})")
        for label, row in vs["runs"].items():
            if "ours_2" in row:
                lines.append(f"  {label}, seeds 1-{vs['two_worker_seeds']}: 1 worker {row['ours_1_on_two']:.2f}s, "
                             f"2 workers {row['ours_2']:.2f}s, speed-up {row['speedup_2']:.2f}x")
        if "original" in vs:
            lines.append(f"  {vs['original']}")
    if "start_up" in results:
        up = results["start_up"]
        served = f"{up['served_s']:.2f} s through the warm server" if "served_s" in up else up["served"]
        lines += ["", f"start-up: {up['command']}, median of {up['runs']} (seeds 1-{up['runs']}), {up['date']} "
                      f"(load {up['load']:.1f}):",
                  f"  {up['in_process_s']:.2f} s in-process (LINJAT_SERVER=0), {served}"]
    if "classify_ms" in results:
        lines += ["", "per published level, median ms:   classify   exact count"]
        for t in TIERS:
            lines.append(f"  {t:<30}{results['classify_ms'][t]:>9.3f}{results['count_ms'][t]:>14.3f}")
        lines.append(f"  classify + count, 13x9 expert: {results['classify_plus_count_ms_13x9']:.3f} ms")
        lines.append(f"  full analysis report, 13x9 expert: {results['analyze_ms_13x9']:.2f} ms")
    elif "corpus" in results:
        lines += ["", results["corpus"]]
    if "optimizer_per_s" in results:
        lines += ["", "optimizer iterations per CPU second, in process, 1 island (median over seeds):"]
        lines += [f"  {label:<16}{rate:>10,.0f}" for label, rate in results["optimizer_per_s"].items()]
    if "fill_ms" in results:
        lines += ["", "fill dots, median ms per random level:"]
        lines += [f"  {t:<8}{v:>8.2f}" for t, v in results["fill_ms"].items()]
        lines += ["", f"cold start (import + first solve, numba cache warm): {results['cold_start_s']:.2f} s"]
    if "event_loop_while_optimizing" in results:
        stall = results["event_loop_while_optimizing"]
        if "error" in stall:
            lines.append(f"event loop while the optimizer dock runs: not measured ({stall['error']})")
        else:
            lines.append(f"event loop while the optimizer dock runs: longest gap {stall['max_gap_ms']:.1f} ms, "
                         f"p99 {stall['p99_gap_ms']:.1f} ms (10 ms timer; the bar is 50 ms)")
    if "fill_published" in results:
        f = results["fill_published"]
        lines += ["", f"fill dots on published numbers, dots removed ({f['per_tier']} levels per tier x {f['seeds']} seeds):",
                  f"  {'tier':<8}{'filled':>10}{'levels failing every seed':>28}{'median s':>10}"]
        for t, row in f["tiers"].items():
            lines.append(f"  {t:<8}{row['filled']:>6}/{row['runs']:<3}{row['levels_failing_every_seed']:>28}{row['median_s']:>10.3f}")
    if "quality" in results:
        q = results["quality"]
        seeds = q["seeds"]
        which = f"base seed {seeds[0]}" if len(seeds) == 1 else f"base seeds {', '.join(map(str, seeds))}, pooled"
        if q.get("islands", 1) > 1:
            which += f", {q['islands']} islands per level"
        lines += ["", f"quality: selection score of batch levels at {q['iterations']:,} iterations, {which}, by our analyzer:",
                  f"  {'tier':<8}{'median':>8}{'published':>11}{'leaky':>7}{'not unique':>12}{'failed':>8}"
                  f"{'original':>10}{'leaky':>7}{'not unique':>12}"]
        for t, row in q["tiers"].items():
            median = "-" if row["median"] is None else f"{row['median']:g}"
            pub = f"{row['published_median']:g}" if "published_median" in row else "-"
            theirs = ""
            if "original" in row:
                o = row["original"]
                theirs = f"{'-' if o['median'] is None else format(o['median'], 'g'):>10}{o['leaky']:>4}/{o['levels']:<2}{o['not_unique']:>10}"
            lines.append(f"  {t:<8}{median:>8}{pub:>11}{row['leaky']:>4}/{row['levels']:<2}{row['not_unique']:>10}"
                         f"{row['failed']:>8}{theirs}")
        if len(q.get("by_iterations", {})) > 1:
            by = q["by_iterations"]
            budgets = list(by)
            lines.append(f"  medians by iterations ({' / '.join(f'{int(b):,}' for b in budgets)}), "
                         f"leaky, not unique and failed over all runs; published median and maximum:")
            for t in q["tiers"]:
                rows = [by[b][t] for b in budgets if t in by[b]]
                medians = " / ".join("-" if r["median"] is None else format(r["median"], "g") for r in rows)
                bad = (f"leaky {sum(r['leaky'] for r in rows)}, not unique {sum(r['not_unique'] for r in rows)}, "
                       f"failed {sum(r['failed'] for r in rows)}")
                pub = q["tiers"][t]
                pub_text = (f"; published {pub['published_median']:g}, max {pub['published_max']:g}"
                            if "published_max" in pub else "")
                lines.append(f"  {t:<8}{medians}  ({bad}){pub_text}")
                spreads = " / ".join("-" if not r.get("spread") else "{:g}-{:g}".format(*r["spread"]) for r in rows)
                lines.append(f"  {'':<8}nine medians in ten of as many levels drawn again from these: {spreads}")
        for t, row in q["tiers"].items():
            if row.get("layers") and row.get("published_layers"):
                mine, pub = row["layers"], row["published_layers"]
                kinds = ", ".join(f"{k.label} {mine[k.key]:.2f}/{pub[k.key]:.2f}" for k in REWARDED)
                lines.append(f"  {t} mean layers, ours/published: {kinds}, widest {mine['widest']:.2f}/"
                             f"{pub['widest']:.2f}; mean score {row['mean']:.1f}/{row['published_mean']:.1f}")
        for t, row in q["tiers"].items():
            if "by_seed" in row:
                medians = ", ".join(f"{seed}: {'-' if m is None else format(m, 'g')}" for seed, m in row["by_seed"].items())
                lines.append(f"  {t} median by base seed: {medians}")
        if any("original" in row for row in q["tiers"].values()):
            counts = ", ".join(str(n) for _, _, n in REFERENCE_BUILDS.values())
            lines.append(f"  original: its own output for the same weights and iterations, from its builds"
                         f" ({counts} numbers), seeds from the base seed")
    if "first_start" in results:
        from .bench_first_start import render as first_start_lines

        lines += first_start_lines(results["first_start"])
    return "\n".join(lines)
