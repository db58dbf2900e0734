"""Puzzles: positions of either preset with a question the engine answers at checking time.

:mod:`~fortyfive.puzzles.model` holds the data types; the kinds live in private modules
(``_cards``: order, winner, legal, keep; ``_cheapest``: cheapest; ``_deal_kinds``: rob,
score, game-winner, calls; ``_endgame_kind``: target; ``_race_kind``: race; ``_turns``: turn;
``_pick``: notation, trumps; ``_give_up``: give-up; ``_bidding``: bid), each registering its
run class for its kind; the course's collections are JSON in ``collections/``, the banks the
slowest kinds' drills draw from in ``drills/``; :mod:`~fortyfive.puzzles.generate` makes new
puzzles.
"""

from fortyfive.puzzles import (  # noqa: F401  (register the kinds)
    _bidding,
    _cards,
    _cheapest,
    _deal_kinds,
    _endgame_kind,
    _give_up,
    _pick,
    _race_kind,
    _turns,
)
from fortyfive.puzzles._parts import check_shape
from fortyfive.puzzles.model import (
    CHAPTERS,
    KINDS,
    Feedback,
    Puzzle,
    PuzzleInputError,
    PuzzleRun,
    collection_json,
    collection_names,
    get_puzzle,
    load_collection,
    load_drill_bank,
)

__all__ = [
    "CHAPTERS",
    "KINDS",
    "Feedback",
    "Puzzle",
    "PuzzleInputError",
    "PuzzleRun",
    "check_shape",
    "collection_json",
    "collection_names",
    "get_puzzle",
    "load_collection",
    "load_drill_bank",
]
