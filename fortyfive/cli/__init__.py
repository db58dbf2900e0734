"""The command line: ``python -m fortyfive course | lab | book | lite | play | replay FILE | bench |
tournament | assign | grade``, one module per subcommand (each adds its parser and runs it)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fortyfive.cli import assign, bench, book, grade, lab, lite, play, replay, tournament

_COMMANDS = (play, lab, book, lite, replay, bench, tournament, assign, grade)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The program's parser and each subcommand's, by name."""
    parser = argparse.ArgumentParser(prog="python -m fortyfive", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for command in _COMMANDS:
        command.add_parser(sub)
    return parser, dict(sub.choices)


def main(argv: Sequence[str] | None = None) -> int:
    parser, commands = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # as given (bench --pyodide)
    # errors found after parsing are reported with the subcommand's own usage
    code: int = args.run(args, commands[args.command])
    return code
