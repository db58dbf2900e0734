"""The course's shipped puzzles: each chapter's plan, and its collection rebuilt exactly from
it."""

from __future__ import annotations

from typing import Any

from fortyfive.puzzles.generate._generate import generate_puzzles
from fortyfive.puzzles.model import Puzzle

#: Each chapter's puzzles: (kind, difficulty, variant) in order, generated from the chapter's
#: seed (the rulebook's worked examples are shown in the chapters' text, never asked).
COURSE: dict[int, list[tuple[str, int, Any]]] = {
    0: [
        ("notation", 1, None),  # R1.1
        ("turn", 1, "partners"),  # R1.3, barker
        ("turn", 2, "partners"),  # R1.3, bruff
        ("turn", 1, "next-player"),  # R1.2, R3.1
        ("order", 1, None),
        ("winner", 1, None),
        ("legal", 1, None),
        ("keep", 2, "play"),
        ("rob", 1, "holder"),
        ("score", 1, "bruff"),
        ("turn", 2, "next-leader"),  # R3.3
        ("target", 3, "barker-choice"),  # a real decision: three legal cards
    ],
    1: [
        ("order", 1, "D"),
        ("order", 1, "H"),
        ("trumps", 1, None),  # R2.1, R2.2
        ("notation", 2, None),  # R1.1
        ("trumps", 2, None),
        ("order", 2, "joker"),
        ("order", 2, "C"),
        ("winner", 1, None),
        ("winner", 2, "ah"),  # R2.2
        ("trumps", 3, None),
        ("order", 3, "S"),
        ("order", 3, "D"),
        ("winner", 3, None),
        ("notation", 3, None),
    ],
    2: [
        ("winner", 2, None),
        ("turn", 1, "next-leader"),  # R3.3
        ("turn", 2, "next-player"),  # R3.1
        ("legal", 1, None),
        ("legal", 2, None),
        ("legal", 2, "not-beat"),  # R3.4
        ("legal", 2, "ah-heart"),  # R2.2
        ("legal", 1, "no-trump"),  # R5.5
        ("legal", 3, None),
        ("legal", 3, "ah-led"),  # R2.2
        ("legal", 3, "joker-led"),  # R2.2
        ("keep", 2, "play"),
        ("keep", 3, "keep"),
        ("keep", 3, "later"),  # R5.4
        ("winner", 3, None),
    ],
    3: [
        ("turn", 1, "dealt"),  # R6.2
        ("turn", 2, "dealt"),
        ("turn", 3, "dealt"),
        ("trumps", 1, "turnup"),  # R6.3
        ("turn", 1, "first-lead"),  # R6.7
        ("turn", 1, "dealer"),  # R6.1, bruff
        ("turn", 2, "bruff-dealer"),  # R6.1, two deals played
        ("rob", 1, "holder"),
        ("rob", 2, "spades"),
        ("rob", 2, "dealer"),
        ("rob", 2, "nobody"),
        ("turn", 2, "bury"),  # R6.4, R8.7
        ("rob", 3, "joker"),
        ("rob", 2, "before"),  # R6.6, R8.7: the first trick under way
        ("rob", 3, "after"),  # R6.6
        ("give-up", 2, None),  # strategy: what to give up when robbing
        ("give-up", 3, None),
    ],
    4: [
        ("score", 1, "bruff"),
        ("score", 2, "bruff"),
        ("score", 3, "bruff"),
        ("score", 2, "bruff-out"),
        ("score", 3, "bruff-carry"),
        ("turn", 1, "dealer"),
        ("game-winner", 1, "plain"),
        ("game-winner", 1, "early"),
        ("game-winner", 2, "race"),
        ("game-winner", 2, "disagree"),
        ("game-winner", 3, "disagree"),
        ("game-winner", 3, "jink"),
    ],
    5: [
        ("calls", 1, None),
        ("calls", 2, None),
        ("calls", 3, None),
        ("turn", 2, "bid"),
        ("turn", 3, "dealer"),
        ("bid", 1, "strong"),
        ("bid", 2, "modest"),
        ("bid", 3, "rich"),
        ("bid", 3, "thirty"),
        ("turn", 1, "trump"),
        ("turn", 2, "discard"),
        ("turn", 1, "auction-lead"),
        ("score", 1, "barker-made"),
        ("score", 2, "barker-failed"),
        ("score", 2, "barker-sweep"),
        ("score", 3, "barker-30"),
        ("score", 3, "barker-30-failed"),
        ("game-winner", 3, "barker-both"),
    ],
    6: [
        ("target", 1, "barker-play"),
        ("target", 1, "bruff-play"),
        ("target", 2, "barker-draw"),
        ("target", 3, "bruff-draw"),
        ("target", 2, "barker-renege"),
        ("target", 3, "bruff-renege"),
        ("target", 2, "barker-bonus"),
        ("target", 2, "bruff-bonus"),
        ("target", 2, "barker-defend"),
        ("target", 3, "barker-defend"),
        ("target", 2, "bruff-play"),
        ("target", 3, "barker-play"),
    ],
}


def build_collection(chapter: int, only: int | None = None) -> list[Puzzle]:
    """Chapter ``chapter``'s shipped puzzles, ids ``c<chapter>-01`` ..., rebuilt exactly from
    :data:`COURSE` (the shipped JSON is this function's output); with ``only``, the puzzle at
    that index alone (each is made from its own seed, so it is the same either way)."""
    out = []
    for i, (kind, d, variant) in enumerate(COURSE[chapter]):
        if only is not None and i != only:
            continue
        (p,) = generate_puzzles(kind, 1, 1000 * chapter + i, d, [variant] if variant else None)
        out.append(
            Puzzle.from_dict({**p.to_dict(), "id": f"c{chapter}-{i + 1:02d}", "chapter": chapter})
        )
    return out
