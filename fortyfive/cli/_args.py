"""Argument types shared by the subcommands: a bad value is refused by argparse with the
subcommand's usage and a message naming the option."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def _number(text: str, kind: type[int] | type[float], lo: float, hi: float, what: str) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
    if not lo <= value <= hi or value != value:  # NaN is never in range
        raise argparse.ArgumentTypeError(f"{text} is not {what}")
    return value


def positive_int(text: str) -> int:
    """A whole number of at least 1 (games, positions, rounds, jobs)."""
    return int(_number(text, int, 1, 10**9, "a whole number of at least 1"))


def count(most: int, what: str) -> Callable[[str], int]:
    """The type of an option counting ``what`` (games, positions): a whole number from 1 to
    ``most``, so that no command line asks for more work than a machine can finish (or more
    memory than it has) and a larger one is refused with the option's name, before any work.

    >>> count(100, "games")("100")
    100
    """

    def parse(text: str) -> int:
        return int(_number(text, int, 1, most, f"a number of {what} from 1 to {most:,}"))

    parse.__name__ = what  # argparse names the type in its message
    return parse


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**64 - 1."""
    return int(_number(text, int, 0, 2**64 - 1, "a seed: a whole number 0..2**64-1"))


def seconds(text: str) -> float:
    """A duration in seconds, more than 0 and at most a day."""
    value = _number(text, float, 0, 86_400, "a number of seconds above 0, at most 86400")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds above 0")
    return value


def output_file(text: str) -> Path:
    """A file the command writes (a record, a chart, a progress file): its folder must exist,
    and it must be a regular file or nothing yet (never a folder, a device such as
    ``/dev/null``, a FIFO, a dangling link or a link out of its folder:
    :func:`fortyfive.course.safe_paths.write_target`), checked before the work rather than
    found out after it."""
    from fortyfive.course.safe_paths import PathRefused, write_target

    path = Path(text)
    if not path.is_dir() and not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: there is no folder {path.parent}")
    try:
        write_target(path)
    except PathRefused as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return path


def output_folder(text: str) -> Path:
    """A folder to write into (made if missing): refused at once if it is a file."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder to write into")
    return path
