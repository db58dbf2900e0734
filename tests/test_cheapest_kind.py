"""Win the trick cheaply (kind ``cheapest``): the lowest card of the hand that takes a trick
under way (R3.2, with the orders of R2.3 and R2.4), and the engine's ``winning_plays``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzle_answers import right_answer

import fortyfive as ff
from fortyfive.engine.errors import InputError
from fortyfive.puzzles import Puzzle, get_puzzle
from fortyfive.puzzles.generate import generate_puzzles

# ---------------------------------------------------------------------------- the engine


def test_r2_3_winning_plays_lists_the_winners_cheapest_first_black_pips_reversed() -> None:
    # clubs trumps, a heart led and the 4C on it: 3C and 2C beat it (black pips run backwards),
    # 9C does not, and KD is no trump
    got = ff.winning_plays(ff.BRUFF, "C", ff.parse_cards("9C 2C 3C KD"), ff.parse_cards("8H 4C"))
    assert [str(c) for c in got] == ["3C", "2C"]


def test_r2_3_the_ace_of_trumps_is_cheaper_than_ah_and_the_jack() -> None:
    got = ff.winning_plays(ff.BARKER, "D", ff.parse_cards("JD AH AD 2C"), ff.parse_cards("KS"))
    assert [str(c) for c in got] == ["AD", "AH", "JD"]


def test_r4_1_r4_2_a_card_of_the_suit_led_is_cheaper_than_a_trump_and_illegal_cards_never_win() -> (
    None
):
    # spades trumps, KD led: QD follows and would not win; the plain AD (lowest diamond) does not
    # win either; a club may not be played while holding diamonds (R4.2)
    hand = ff.parse_cards("QD 2S 5C")
    assert [str(c) for c in ff.winning_plays(ff.BARKER, "S", hand, ff.parse_cards("7D"))] == [
        "QD",
        "2S",
    ]
    assert [str(c) for c in ff.winning_plays(ff.BARKER, "S", hand, ff.parse_cards("KD"))] == ["2S"]


@pytest.mark.parametrize("trick", [[], ["2S", "3S", "4S", "6S"]])
def test_winning_plays_needs_a_trick_under_way(trick: list[str]) -> None:
    with pytest.raises(InputError, match="a trick under way"):
        ff.winning_plays(ff.BARKER, "H", ["5H"], trick)


# ---------------------------------------------------------------------------- the shipped ones


def test_c1_16_the_whist_players_cheapest_club_is_not_the_cheapest() -> None:
    """9C, 3C and 5C all take the spade trick; whist would give 3C, yet 9C ranks lowest of the
    three in a black trump suit (R2.3)."""
    p = get_puzzle("c1-16")
    run = p.start()
    first = run.check("3C")
    assert not first.correct and "not most cheaply" in first.message
    assert "9C" not in first.message  # the first miss names no answer
    second = run.check("5C")
    assert not second.correct and "9C" in second.message  # the second says more: the order
    assert run.check("9C").correct and run.solved


def test_c1_17_the_ace_of_trumps_below_the_jack() -> None:
    run = get_puzzle("c1-17").start()
    assert not run.check("JD").correct
    right = run.check("AD")
    assert right.correct and "JD stays in your hand" in right.message


def test_c1_18_ah_overtrumps_the_ace_of_trumps_and_lower_trumps_lose() -> None:
    """AD, the ace of trumps, has trumped the heart led: AH, a trump and no heart (R2.1),
    beats it below JD; 7D and KD are trumps that lose to it (R2.3), QS a plain card (R3.2)."""
    p = get_puzzle("c1-18")
    assert p.position["trick"][-1] == "AD"  # someone has trumped already
    run = p.start()
    low = run.check("KD")
    assert not low.correct and "does not take this trick" in low.message and "R2.3" in low.message
    plain = run.check("QS")
    assert not plain.correct and "cannot win (R3.2)" in plain.message
    assert not run.check("JD").correct
    assert run.check("AH").correct


def test_c2_23_a_black_plain_pip_loses_and_the_lowest_trump_wins() -> None:
    """Spades led with 3S: 6S follows but ranks below it in plain spades (R2.4), so the hand
    trumps, and 8D is its lowest trump; 9C may not be played while holding a spade (R4.2)."""
    run = get_puzzle("c2-23").start()
    follow = run.check("6S")
    assert not follow.correct and "3S ranks above 6S" in follow.message
    assert "R4.2" in run.check("9C").message
    high = run.check("AD")
    assert not high.correct and "a lower trump of yours takes it too" in high.message
    right = run.check("8D")
    assert right.correct and "9D and AD stay in your hand" in right.message


def test_c2_22_a_trump_is_dearer_than_a_winning_card_of_the_suit_led() -> None:
    run = get_puzzle("c2-22").start()
    trump = run.check("9C")
    assert not trump.correct and "a card of the suit led takes it too" in trump.message
    assert run.check("JD").correct


def test_d3_an_illegal_card_is_refused_with_the_rule_it_breaks() -> None:
    (p,) = generate_puzzles("cheapest", 1, seed=1, difficulty=3)
    run = p.start()
    led = p.position["trick"][0]
    t = ff.get_rules(p.preset)
    legal = {str(c) for c in ff.legal_plays(t, p.position["trump"], p.position["hand"], [led])}
    illegal = [c for c in p.position["hand"] if c not in legal]
    assert illegal, p.position
    fb = run.check(illegal[0])
    assert not fb.correct and "may not be played" in fb.message and "R4.2" in fb.message


def test_a_hand_with_one_winner_is_refused() -> None:
    position = {"trump": "H", "leader": 0, "trick": ["2S"], "hand": ["5H", "3C"]}
    p = Puzzle("x1", "cheapest", "barker", position, "?", ("R3.2",))
    with pytest.raises(ValueError, match="two cards of the hand or more must win"):
        p.start()


# ---------------------------------------------------------------------------- made ones


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    d=st.sampled_from([1, 2, 3]),
    variant=st.sampled_from([None, "black", "top", "ace"]),
)
def test_made_puzzles_agree_with_the_public_api_and_leave_a_choice(
    seed: int, d: int, variant: str | None
) -> None:
    """The run's answer is the winner that every other winner beats (asked of trick_winner
    alone); two cards or more win and one at least loses; hints never name the answer."""
    (p,) = generate_puzzles("cheapest", 1, seed, d, [variant] if variant else None)
    run = p.start()
    answer = right_answer(p)
    assert run.solution().highlight == (answer,)
    pos = p.position
    wins = ff.winning_plays(p.preset, pos["trump"], pos["hand"], pos["trick"])
    assert len(wins) >= 2 and len(wins) < len(pos["hand"])
    for hint in run._hints:  # the order the second hint spells out names every trump
        assert not re.search(rf"\b{answer}\b", hint.split("The trump order")[0]), hint
    assert run.check(answer).correct
