"""The command line: ``python -m fortyfive course | lab | book | play | replay FILE | bench |
tournament``, one module per subcommand (each adds its parser and runs it)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from fortyfive.cli import bench, book, lab, play, replay, tournament

_COMMANDS = (play, lab, book, replay, bench, tournament)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fortyfive", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for command in _COMMANDS:
        command.add_parser(sub)
    args = parser.parse_args(argv)
    code: int = args.run(args, parser)
    return code
