"""``fortyfive replay FILE``: replay a saved game record and print its score sheet."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from fortyfive.cli._terminal import echo
from fortyfive.engine.game import Game
from fortyfive.engine.record import RecordError, load_record


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay`` and its options to the program's subcommands."""
    r = sub.add_parser("replay", help="replay a saved game record and print its score sheet")
    r.add_argument("file", type=Path, help="a record written by 'play --save' or Game.record()")
    r.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive replay`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    try:
        replay_file(args.file)
    except RecordError as e:
        echo(str(e), file=sys.stderr)  # it may quote the file's own text
        return 2
    return 0


def replay_file(path: Path, out: Callable[[str], None] = echo) -> Game:
    """Replay the record at ``path`` on the engine and print its score sheets (by trick and by
    deal) and the result; the replayed game. The record's names (its rules', its partnerships')
    are printed with their control characters escaped (:func:`~fortyfive.cli._terminal.echo`)."""
    game = Game.replay(load_record(path))
    out(game.score_sheet().to_text(index=False))
    out("")
    out(game.score_sheet(by="deal").to_text(index=False))
    names = game.rules.partnership_names
    result = f"partnership {names[game.winner]} won" if game.winner is not None else "not finished"
    out(f"{len(game.history)} actions; {result}; scores {list(game.scores)}")
    return game
