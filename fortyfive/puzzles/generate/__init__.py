"""Generated puzzles: :func:`generate_puzzles` makes seeded puzzles of any kind, and
:func:`build_collection` assembles the course's shipped chapters from the same generators.

Positions come from real play (legal cards, rule-based players for whole deals), and each
candidate is checked by starting it (the engine must accept it) before it is kept.

The makers live in private modules, one per family of kinds: ``_cards`` (order, winner, legal,
keep, notation, trumps), ``_deals`` (rob, give-up, score, game-winner, calls), ``_endgames``
(target), ``_turns`` (turn) and ``_bids`` (bid), with what they share in ``_common``;
``_generate`` holds the variants and the loop, ``_course`` the chapters' plan and ``_banks``
the drill banks; ``_shipped`` lists the shipped files, each stamped with ``_digest``'s digest
(``python -m fortyfive.puzzles.generate`` rebuilds them).

>>> ps = generate_puzzles("winner", 3, seed=5, difficulty=2)
>>> len(ps), {p.kind for p in ps}
(3, {'winner'})
>>> generate_puzzles("winner", 3, seed=5, difficulty=2) == ps
True
"""

from fortyfive.puzzles.generate._banks import DRILL_BANK, build_drill_bank
from fortyfive.puzzles.generate._course import (
    COURSE,
    RETIRED,
    build_collection,
    course_variant,
    with_cited_rules,
)
from fortyfive.puzzles.generate._digest import generator_digest
from fortyfive.puzzles.generate._generate import TITLES, drawn_variant, generate_puzzles, variants
from fortyfive.puzzles.generate._shipped import ShippedFile, shipped_files

__all__ = [
    "COURSE",
    "DRILL_BANK",
    "RETIRED",
    "TITLES",
    "ShippedFile",
    "build_collection",
    "build_drill_bank",
    "course_variant",
    "drawn_variant",
    "generate_puzzles",
    "generator_digest",
    "shipped_files",
    "variants",
    "with_cited_rules",
]
