"""The shipped puzzle files and how each is built: the chapters' collections
(``collections/chapter<n>.json``, from :data:`COURSE`) and the drill banks
(``drills/<kind>.json``, from :data:`DRILL_BANK`), each stamped with the generator's digest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from fortyfive.puzzles.generate._banks import DRILL_BANK, build_drill_bank
from fortyfive.puzzles.generate._course import COURSE, build_collection
from fortyfive.puzzles.generate._digest import generator_digest
from fortyfive.puzzles.model import Puzzle, collection_json


@dataclass(frozen=True)
class ShippedFile:
    """One shipped puzzle file: its name (``chapter3``, ``bid``), its folder in the package
    (``collections`` or ``drills``) and the function that rebuilds its puzzles."""

    name: str
    folder: str
    build: Callable[[], list[Puzzle]]

    def text(self) -> str:
        """The file's exact text, rebuilt now (seconds to minutes: a drill bank solves many
        whole deals), stamped with today's generator digest."""
        return collection_json(self.build(), generator_digest())


def shipped_files() -> list[ShippedFile]:
    """Every shipped puzzle file, the chapters first.

    >>> [f.name for f in shipped_files()][-3:]
    ['chapter6', 'give-up', 'bid']
    """
    chapters = [
        ShippedFile(f"chapter{ch}", "collections", partial(build_collection, ch))
        for ch in sorted(COURSE)
    ]
    banks = [ShippedFile(kind, "drills", partial(build_drill_bank, kind)) for kind in DRILL_BANK]
    return chapters + banks
