"""No endgame ("target") is solved by a blind rule: always playing the first card shown.

The endgame shows the learner's hand trumps first, highest first (R2.3, then R2.4). Playing the
first legal card of it at every turn (R4, R5) against the endgame's defence must not make the
target (R3.2; R7.1, R7.2 in bruff, R10.1 in the auction game), or the puzzle is no decision: the
generator's guess-chance filter only bounds a card picked at random.
"""

from __future__ import annotations

import pytest

from fortyfive.course import play_cards
from fortyfive.course.example_games import barker_hand
from fortyfive.puzzles import load_collection
from fortyfive.puzzles._endgame_kind import TargetRun, blind_line_makes, shown_hand
from fortyfive.puzzles.generate import generate_puzzles
from fortyfive.puzzles.model import Puzzle
from fortyfive.solve.solver import solve

SHIPPED = [p for ch in (0, 6) for p in load_collection(ch) if p.kind == "target"]
CHAPTER6 = [p for p in SHIPPED if p.chapter == 6]


def _blind(p: Puzzle) -> bool:
    run = p.start()
    assert isinstance(run, TargetRun)
    return blind_line_makes(run.game, run.side, run.target)


def test_R2_3_the_blind_line_plays_the_first_card_shown_and_can_fail() -> None:
    """Auction, diamonds trump, two tricks left, seat 3 to lead JD or 8C. Led first (it is
    shown first), JD forces partner's AH (a led jack forces AH, R5.2, R5.3): the two trumps
    fall on one trick, and the defence trumps 8C. 8C first keeps them apart."""
    g = barker_hand(
        3, ["6D QD 2D TD AC", "AH 7S 5S 4H 3H", "QH TH 5C 3C 3S", "JC 8D 8C 7H JD"], "D"
    )
    play_cards(g, "5S 3S 7H 2D 6D 3H 5C 8D JC AC 4H 3C")
    assert g.to_act == 3
    assert [str(c) for c in shown_hand(g)] == ["JD", "8C"]
    assert solve(g).values == {"play 8C": 25, "play JD": 20}
    before = g.copy()
    assert not blind_line_makes(g, 1, 25)
    assert blind_line_makes(g, 1, 20)  # the blind line's own points
    assert g.hand(3) == before.hand(3) and g.trick_plays == before.trick_plays  # not changed


def test_R5_1_the_blind_line_makes_a_target_when_the_top_trump_is_the_key() -> None:
    """The chapter's worked endgame: 5H shown first, and leading it draws the trumps."""
    g = barker_hand(
        3, ["KD KC 5H KS QS", "3D TD 2H 4D 5D", "5C 7C 3C 4C 6C", "2D JC 7D 8D 9D"], "H"
    )
    play_cards(g, "3D 5C 2D KD KC TD 7C JC")
    assert [str(c) for c in shown_hand(g)] == ["5H", "KS", "QS"]
    assert blind_line_makes(g, 0, 30)


def test_R2_3_the_endgame_shows_the_hand_in_the_blind_lines_order() -> None:
    run = CHAPTER6[0].start()
    assert isinstance(run, TargetRun)
    assert run.view()["answer"]["cards"] == [str(c) for c in shown_hand(run.game)]


@pytest.mark.parametrize("p", SHIPPED, ids=lambda p: p.id)
def test_R3_2_no_shipped_endgame_is_solved_by_playing_the_first_card_shown(p: Puzzle) -> None:
    assert not _blind(p), p.id


@pytest.mark.parametrize(
    ("d", "variants"),
    [(1, None), (2, None), (3, None)]
    + [(d, [v]) for d in (2, 3) for v in ("barker-choice", "bruff-choice")],
)
def test_R3_2_no_generated_endgame_is_solved_by_playing_the_first_card_shown(
    d: int, variants: list[str] | None
) -> None:
    """The loose variants (``<preset>-choice``) hold from three tricks left (difficulty 2 on):
    with two, a bruff deal the blind line fails is too rare to draw."""
    solved = [
        p.id
        for seed in (0, 1, 2)
        for p in generate_puzzles("target", 4 if variants is None else 1, seed, d, variants)
        if _blind(p)
    ]
    assert solved == []
