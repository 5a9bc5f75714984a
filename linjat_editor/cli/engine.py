"""``linjat solve``, ``count``, ``generate``, ``fill`` and ``optimize``: the engine on the command line.

The solvers, generator and optimizer are imported inside the verbs: building
the parser (``linjat --help``) must not load numba.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from linjat_editor.core.level import MAX_SIDE, Level, LevelError, line_cells
from linjat_editor.core.limits import check_numbers
from linjat_editor.io import FormatError, read_level, write_level
from linjat_editor.io.atomic import check_target
from linjat_editor.io.errors import shorten
from . import options
from .jsonl import each_line
from .presets import PRESET_NAMES
from .aims import add_canon_options, add_target_options, goal_report, lesson_numbers, search_goal
from .progress import ProgressBar
from .request import Request, verb

if TYPE_CHECKING:
    from linjat_editor.core import Progress, SolveResult, Weights


def default_preset(level: Level) -> str:
    """The preset for the level's grid size (the same rule as ``generate`` and the editor)."""
    from linjat_editor.core.scoring import preset_for_size

    return preset_for_size(level.height, level.width)


def weights_for(preset_name: str | None, level: Level) -> Weights:
    """The weights of ``--preset``, else of the level's grid size."""
    from linjat_editor.core import preset

    return preset(preset_name or default_preset(level))


# -- solve -------------------------------------------------------------------


def solve_json(result: SolveResult, weights: Weights, trace: bool) -> dict[str, Any]:
    from linjat_editor.core import score, selection_score

    out: dict[str, Any] = {
        "solved": result.solved,
        "status": result.status,
        "lines": [list(line) for line in result.lines] if result.lines else None,
        "classification": result.classification.to_json(),
        "score": score(result.classification, weights),
        "selection_score": selection_score(result.classification),
    }
    if trace:
        out["trace"] = [
            {
                "kind": layer.kind.key,
                "width": layer.width,
                "claimed": [[r, c, p] for (r, c), p in layer.claimed],
                "dropped": [[p, list(line)] for p, line in layer.dropped],
            }
            for layer in result.layers
        ]
    return out


def draw_solution(result: SolveResult) -> list[str]:
    """The board with its lines drawn: '-' and '|' over covered cells (claimed cells if unsolved)."""
    level = result.level
    rows = [list(row) for row in level.rows()]
    for p, number in enumerate(level.numbers):
        if result.lines:
            cells = set(line_cells(result.lines[p]))
        else:
            cells = {(r, c) for r in range(level.height) for c in range(level.width) if result.owner[r, c] == p}
        for r, c in cells - {number.cell}:
            rows[r][c] = "-" if r == number.row else "|"
    return ["".join(row) for row in rows]


def print_solve(result: SolveResult, weights: Weights, trace: bool) -> None:
    from linjat_editor.core import score, selection_score

    c = result.classification
    print(f"status: {result.status}")
    print(f"score: {score(c, weights):g}   selection score: {selection_score(c):g}")
    print(f"{'kind':<28}{'depth':>6}{'max width':>11}")
    for key, stats in c.to_json().items():
        print(f"{key:<28}{stats['depth']:>6}{stats['max_width']:>11}")
    if trace:
        for i, layer in enumerate(result.layers, 1):
            cells = ", ".join(f"({r + 1},{col + 1})" for (r, col), _ in layer.claimed) or "none"
            print(f"layer {i}: {layer.kind.label}, width {layer.width}; claimed {cells}; dropped {len(layer.dropped)} placements")
    print()
    for row in draw_solution(result):
        print("|" + row + "|")


def run_solve(request: Request) -> int:
    from linjat_editor.core import solve
    from linjat_editor.core.kinds import parse_rules

    args = request.options
    # Checked before anything is read: a wrong name is one line, exit 2.
    rules = None if args.rules is None else parse_rules(args.rules or "")  # --rules alone: () from the parser, none
    if request.jsonl:
        return each_line(request.jsonl,
                         lambda level: solve_json(solve(level, rules=rules), weights_for(args.preset, level), False),
                         request.prepare_engine)
    level = the_level(request)
    result = solve(level, trace=args.trace, rules=rules)
    weights = weights_for(args.preset, level)
    if args.json:
        print(json.dumps(solve_json(result, weights, args.trace)))
    else:
        print_solve(result, weights, args.trace)
    return 0 if result.solved else 1


# -- count -------------------------------------------------------------------


def run_count(request: Request) -> int:
    from linjat_editor.core import count_solutions

    args = request.options
    if request.jsonl:
        return each_line(request.jsonl,
                         lambda level: {"count": count_solutions(level, args.limit).count, "limit": args.limit},
                         request.prepare_engine)
    result = count_solutions(the_level(request), args.limit)
    if args.json:
        print(json.dumps({"count": result.count, "limit": args.limit}))
    elif result.count == 0:
        print("no solution")
    elif result.count >= args.limit and args.limit > 1:
        print(f"{result.count}+ solutions (stopped at the limit)")
    else:
        print(f"{result.count} solution{'s' if result.count != 1 else ''}")
    return 0


# -- generate / optimize -----------------------------------------------------


def parse_size(text: str) -> tuple[int, int]:
    """HxW, each side from 1 to ``MAX_SIDE`` (the largest grid a level file may hold)."""
    try:
        h, w = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 13x9, not {shorten(repr(text), 40)}") from None
    if not (1 <= h <= MAX_SIDE and 1 <= w <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"size must be from 1x1 to {MAX_SIDE}x{MAX_SIDE}, not {shorten(repr(text), 40)}")
    return h, w


def progress_printer(label: str) -> tuple[Callable[[Progress], None] | None, ProgressBar]:
    """The bar, and what to report progress to: nothing when the bar is not drawn (stderr piped), so the run
    does not gather reports no one reads."""
    bar = ProgressBar(label)
    if not bar.enabled:
        return None, bar
    return (lambda p: bar.update(p.iteration, p.total, f"best {p.best_score:g}, {p.rate:,.0f} it/s")), bar


def emit(level: Level, out: str | None) -> None:
    write_level(level, out or "-")


def run_generate(request: Request) -> int:
    from linjat_editor.core import default_workers, generate, preset, score, selection_score, solve
    from linjat_editor.core.optimizer import NotFound
    from linjat_editor.core.scoring import preset_for_size

    args = request.options
    h, w = args.size
    name = args.preset or preset_for_size(h, w)
    weights = preset(name)
    goal = search_goal(args, name, weights)
    numbers = args.numbers or lesson_numbers(args, h, w)
    report, bar = progress_printer("generating")
    try:
        level = generate(h, w, numbers, goal, iterations=args.iterations, seed=args.seed, progress=report,
                         workers=args.workers or default_workers())
    except NotFound as miss:
        bar.close()
        print(f"linjat: {miss}", file=sys.stderr)
        return 1
    finally:
        bar.close()
    cls = solve(level).classification
    level = level.with_meta(
        name=level.name or f"{name} {h}x{w}",
        extra={"generator": {"preset": name, "iterations": args.iterations, "seed": args.seed,
                             "score": score(cls, weights), "selection_score": selection_score(cls),
                             **goal_report(goal, level)}},
    )
    emit(finished_lesson(goal, level), request.output)
    return 0


def finished_lesson(goal: Any, level: Level) -> Level:
    """A lesson search's level as the analysis finishes every lesson (what it teaches, a drafted message); others as they are."""
    from linjat_editor.core.analysis.tutorial import as_lesson

    teach = getattr(goal, "teach", None)
    return as_lesson(level, teach, goal.rules) if teach is not None else level


def run_optimize(request: Request) -> int:
    from linjat_editor.core import Optimizer, default_workers
    from linjat_editor.core.optimizer import not_found

    args = request.options
    level = the_level(request)
    weights = weights_for(args.preset, level)
    goal = search_goal(args, args.preset or default_preset(level), weights)
    optimizer = Optimizer(level, goal, seed=args.seed, workers=args.workers or default_workers())
    report, bar = progress_printer("optimizing")
    try:
        optimizer.run(args.iterations, report)
    finally:
        bar.close()
    best = optimizer.best
    if best is None:
        print(f"linjat: {not_found(optimizer, args.iterations)}", file=sys.stderr)
        return 1
    goal_report(goal, best.level)
    emit(best.level, request.output)
    return 0


# -- fill ----------------------------------------------------------------------


def run_fill(request: Request) -> int:
    """Dots for the level's numbers (pinned dots kept): exit 0 filled, 1 no filling."""
    from linjat_editor.core import fill_dots

    level = the_level(request)
    if not level.numbers:
        raise LevelError("the level has no numbers to fill dots for")
    result = fill_dots(level, seed=request.options.seed)
    if not result.solved:
        cells = ", ".join(f"({r + 1},{c + 1})" for r, c in result.cells)
        print(f"linjat: no filling: {result.reason}" + (f" [cells {cells}]" if cells else ""), file=sys.stderr)
        return 1
    emit(result.level, request.output)
    return 0


def add_search_options(p: argparse.ArgumentParser) -> None:
    """The optimizer's options, the same for generate and optimize."""
    p.add_argument("--preset", choices=PRESET_NAMES, metavar="PRESET",
                   help="tier weights (default: by grid size, as the tier table says); one of %(choices)s")
    p.add_argument("--iterations", type=options.ITERATIONS, default=10_000, help="optimizer iterations (default 10000)")
    p.add_argument("--seed", type=options.SEED, default=None, help="random seed, for reproducible levels")
    # Default None, resolved to the core count when the verb runs: --help must not load the engine.
    p.add_argument("--workers", type=options.WORKERS, default=None, metavar="N",
                   help="islands run in parallel threads, sharing the iterations (default: all cores); "
                        "a seed reproduces for the same N")
    p.add_argument("--teach", metavar="KIND",
                   help="a lesson: the level needs KIND (stuck without it) and uses only the kinds before it "
                        "(cover, cant_fit, square, dependency, one_of) and KIND")
    p.add_argument("--allow", metavar="KINDS", help="with --teach: the other kinds the lesson may use (comma-separated)")
    add_target_options(p)
    add_canon_options(p)


def add_parsers(sub: Any) -> None:
    """Register solve, count, generate, fill and optimize."""
    presets = PRESET_NAMES
    p = sub.add_parser("solve", help="solve by deduction; exit 0 solved, 1 not solved, 2 bad input")
    p.add_argument("level", nargs="?", help="level file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--trace", action="store_true", help="list every layer of the solve")
    p.add_argument("--preset", choices=presets, metavar="PRESET", help="weights for the score (default: by grid size); one of %(choices)s")
    p.add_argument("--jsonl", metavar="FILE", help="one level per line; one JSON result per line")
    p.add_argument("--rules", metavar="KINDS", nargs="?", type=options.kinds_list, const=(),
                   help="solve with only these techniques, comma-separated, from cover, cant_fit, square, dependency, "
                        "one_of (the leak kinds are always tried); --rules alone: none. Stuck when they are not enough")
    p.set_defaults(func=verb(run_solve), needs_level=True, read_input=read_the_level)

    p = sub.add_parser("count", help="exact number of solutions, up to a limit")
    p.add_argument("level", nargs="?", help="level file, or - for standard input")
    p.add_argument("--limit", type=options.LIMIT, default=2, help="stop counting here (default 2)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--jsonl", metavar="FILE", help="one level per line; one JSON result per line")
    p.set_defaults(func=verb(run_count), needs_level=True, read_input=read_the_level)

    p = sub.add_parser("generate", help="a new level, optimized")
    p.add_argument("--size", type=parse_size, required=True, metavar="HxW", help="rows x columns, e.g. 13x9")
    p.add_argument("--numbers", type=options.NUMBERS, help="how many numbers (with --teach default: a cell in eight)")
    add_search_options(p)
    p.add_argument("-o", "--output", help="write here (extension picks the format) instead of stdout")
    p.set_defaults(func=verb(run_generate))

    p = sub.add_parser("fill", help="dots for a level's numbers; exit 0 filled, 1 no filling, 2 bad input")
    p.add_argument("level", help="level file, or - for standard input")
    p.add_argument("--seed", type=options.SEED, default=None, help="random seed, for a reproducible filling")
    p.add_argument("-o", "--output", help="write here instead of stdout")
    p.set_defaults(func=verb(run_fill), read_input=read_the_level)

    p = sub.add_parser("optimize", help="improve an existing level (its numbers are the start)")
    p.add_argument("level", help="level file, or - for standard input")
    add_search_options(p)
    p.add_argument("-o", "--output", help="write here instead of stdout")
    p.set_defaults(func=verb(run_optimize), read_input=read_the_level)


def the_level(request: Request) -> Level:
    """The LEVEL argument: as :func:`check_arguments` read it, or read now (a caller of the parser alone)."""
    return request.level if request.level is not None else _read(request.level_file)


def read_the_level(request: Request) -> Request:
    """The request with its LEVEL read (a verb's ``read_input``)."""
    return replace(request, level=_read(request.level_file))


def _read(level_file: str | None) -> Level:
    """A LEVEL file, refused here if the engine would refuse it, before it loads."""
    if not level_file:
        raise ValueError("give a LEVEL file (or - for standard input) or --jsonl FILE")
    level = read_level(level_file)
    check_numbers(len(level.numbers))
    return level


def search_work(request: Request) -> float:
    """The command's work for the engine's start (``core/ready/readiness.py``): iterations x cells of a search,
    0 for one level's solve or analysis, unbounded for many levels (``--jsonl``, ``calibrate``)."""
    from linjat_editor.core.ready.readiness import UNBOUNDED

    if request.jsonl or request.command == "calibrate":
        return UNBOUNDED
    if request.command == "generate":
        height, width = request.options.size
        cells = height * width
    elif request.command == "optimize":
        level = the_level(request)
        cells = level.height * level.width
    else:
        return 0.0
    return float(request.options.iterations * cells)


def check_arguments(request: Request) -> Request:
    """What can be told before the work: the verb's input, read (a first start would otherwise
    compile the engine for a minute before refusing a bad file), and an output that is no folder.
    The request comes back with its input read."""
    if request.needs_level and not request.level_file and not request.jsonl:
        raise ValueError("give a LEVEL file (or - for standard input) or --jsonl FILE")
    request = request.read()
    output = request.output
    if output:
        try:
            check_target(output)
        except OSError as e:
            raise FormatError(output, f"cannot save: {e.strerror}") from None
    return request
