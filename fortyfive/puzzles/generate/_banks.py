"""The drill banks: puzzles of the kinds too slow to make at a drill's "Next puzzle", shipped
with the package and rebuilt exactly."""

from __future__ import annotations

from fortyfive.puzzles.generate._generate import generate_puzzles, variants
from fortyfive.puzzles.model import Puzzle

#: Kinds whose puzzles are made by solving many whole deals (seconds each: too slow for a drill's
#: "Next puzzle"), so drills draw them from a bank shipped with the package; and how many puzzles
#: of each difficulty the bank holds.
DRILL_BANK: dict[str, int] = {"give-up": 30, "bid": 30}
_BANK_SEED = 9000


def build_drill_bank(kind: str) -> list[Puzzle]:
    """The drill bank of ``kind``, rebuilt exactly (the shipped ``drills/<kind>.json`` is this
    function's output): :data:`DRILL_BANK` puzzles of each difficulty, the variants of the
    difficulty in turn, ids ``bank-<kind>-d<difficulty>-<nn>``."""
    size = DRILL_BANK[kind]
    return [
        p
        for d in (1, 2, 3)
        for p in generate_puzzles(
            kind, size, _BANK_SEED, d, variants(kind, d), prefix=f"bank-{kind}-d{d}"
        )  # in turn: a bank is shuffled when drawn
    ]
