"""The command line: ``python -m fortyfive course | lab | book | lite | play | puzzles |
replay FILE | bench | tournament | assign | grade``, one module per subcommand (each adds its
parser and runs it)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from fortyfive._version import __version__
from fortyfive.cli import (
    assign,
    bench,
    book,
    grade,
    lab,
    lite,
    play,
    puzzles,
    replay,
    tournament,
)

_COMMANDS = (play, puzzles, lab, book, lite, replay, bench, tournament, assign, grade)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The program's parser and each subcommand's, by name."""
    parser = argparse.ArgumentParser(
        prog=_prog(),
        description="Forty-Five, the Irish card game: the course, the card table, the engine.",
        epilog="New here? 'course' opens the course at its first chapter; 'play' plays a game "
        "in the terminal, 'puzzles' solves the course's puzzles there. Each command has its own "
        "--help.",
    )
    parser.add_argument(
        "--version", action="version", version=f"fortyfive {__version__}", help="the version"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for command in _COMMANDS:
        command.add_parser(sub)
    return parser, dict(sub.choices)


def _prog() -> str:
    """The name the program was started by: ``fortyfive``, or ``python -m fortyfive``."""
    started = os.path.basename(sys.argv[0]) if sys.argv else ""
    return "fortyfive" if started in ("fortyfive", "fortyfive.exe") else "python -m fortyfive"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: the process's arguments); the exit status."""
    parser, commands = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # as given (bench --pyodide)
    # errors found after parsing are reported with the subcommand's own usage
    code: int = args.run(args, commands[args.command])
    return code
