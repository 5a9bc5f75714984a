"""The ``linjat`` command's parser and entry point: the engine and the file formats from a terminal.

Every subcommand calls the same engine the editor uses. Bad input ends with
one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from linjat_editor import __version__
from linjat_editor.core import LevelError
from linjat_editor.io import FormatError

from . import analyze, bench, engine, sets


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="linjat", description="Linjat level engine: solve, count, generate, fill, optimize, analyze.")
    parser.add_argument("--version", action="version", version=f"linjat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    engine.add_parsers(sub)
    analyze.add_analyze_parser(sub)
    analyze.add_calibrate_parser(sub)
    sets.add_parsers(sub)
    bench.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        engine.check_level_argument(args)
        return int(args.func(args))
    except (FormatError, LevelError, ValueError, OSError) as error:
        print(f"linjat: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("linjat: interrupted", file=sys.stderr)
        return 130

