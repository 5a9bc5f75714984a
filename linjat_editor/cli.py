"""The ``linjat`` command: the engine and the file formats from a terminal.

Every subcommand calls the same engine the editor uses. Bad input ends with
one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import __version__, bench, cli_analyze, cli_engine, cli_sets
from .core import LevelError
from .io import FormatError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="linjat", description="Linjat level engine: solve, count, generate, optimize, analyze.")
    parser.add_argument("--version", action="version", version=f"linjat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    cli_engine.add_parsers(sub)
    cli_analyze.add_analyze_parser(sub)
    cli_analyze.add_calibrate_parser(sub)
    cli_sets.add_parsers(sub)
    bench.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        cli_engine.check_level_argument(args)
        return int(args.func(args))
    except (FormatError, LevelError, ValueError, OSError) as error:
        print(f"linjat: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("linjat: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
