"""The race endgame (kind "race"): win a bruff game in this deal, where the order of the tricks
decides (R8.1), checked against the solver's R8.6 search (`can_force_win`)."""

from __future__ import annotations

import copy
import random

import pytest

from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import get_rules
from fortyfive.puzzles import Puzzle, PuzzleInputError, get_puzzle, load_collection
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles._race_kind import (
    is_race_decision,
    play_line,
    race_result,
    reached,
    winning_moves,
)
from fortyfive.puzzles.generate._common import _deal
from fortyfive.solve.solver import can_force_win, solve

RACES = [p for p in load_collection(4) if p.kind == "race"]


def _play_right_line(p: Puzzle) -> list[str]:
    """Play ``p`` through with the one winning card at each learner turn; the feedback texts."""
    run = p.start()
    said = []
    while not run.done:
        g = run.game
        assert g.to_act is not None
        (right,) = winning_moves(g, run.side)
        said.append(run.check(right.split()[-1]).message)
    assert run.solved
    return said


def test_R8_1_the_course_asks_races_of_three_themes() -> None:
    assert [p.id for p in RACES] == ["c4-18", "c4-19", "c4-20", "c4-21", "c4-22"]
    assert {p.difficulty for p in RACES} == {1, 2, 3}
    assert all(p.principle.startswith("Count the race, not the points (R8.1)") for p in RACES)


@pytest.mark.parametrize("p", RACES, ids=lambda p: p.id)
def test_R8_1_one_card_wins_and_the_points_do_not_tell_it(p: Puzzle) -> None:
    """Exactly one of three or more legal cards keeps the win forced, and some card that loses
    the race takes as many points in the deal: counting points does not find the answer."""
    g = p.start().game
    assert g.to_act is not None
    side = g.rules.partnerships[g.to_act]
    assert can_force_win(g) and len(g.legal_actions()) >= 3
    (right,) = winning_moves(g, side)
    values = solve(g).values
    assert any(v >= values[right] for a, v in values.items() if a != right)


@pytest.mark.parametrize("p", RACES, ids=lambda p: p.id)
def test_R8_1_every_learner_turn_is_an_only_move(p: Puzzle) -> None:
    """The run asks only where one card wins; other turns are played for the learner."""
    run = p.start()
    while not run.done:
        assert is_race_decision(run.game, run.side)
        (right,) = winning_moves(run.game, run.side)
        run.check(right.split()[-1])
    assert run.solved


@pytest.mark.parametrize("p", RACES, ids=lambda p: p.id)
def test_R8_1_a_wrong_card_is_refuted_on_the_table(p: Puzzle) -> None:
    run = p.start()
    g = run.game
    (right,) = winning_moves(g, run.side)
    for action in g.legal_actions():
        if action == right:
            continue
        trial = copy.deepcopy(run)
        card = action.split()[-1]
        fb = trial.check(card)
        assert not fb.correct and fb.done and trial.tries == 1
        assert f"{card} in trick {g.tricks_played + 1} was the mistake" in fb.message
        assert "Played out: trick" in fb.message and "Try again from the start." in fb.message
        assert trial.game.outcome is None or trial.game.winner != run.side
        # the line shown is one where the other partnerships really stop the win
        assert race_result(trial.game, run.deal_no, run.counted) in fb.message
        trial.reset()
        assert trial.check(right.split()[-1]).correct


@pytest.mark.parametrize("p", RACES, ids=lambda p: p.id)
def test_R8_1_the_winning_line_wins_the_game(p: Puzzle) -> None:
    said = _play_right_line(p)
    name = get_rules("bruff").partnership_names
    assert said[-1].startswith("Won: ")
    assert any(f"{n} reaches 45 first" in said[-1] for n in name)
    assert "Principle: Count the race" in said[-1]


@pytest.mark.parametrize("pid", ["c4-20", "c4-21"])
def test_R8_2_the_bonus_counted_back_wins(pid: str) -> None:
    """c4-20, c4-21: the side's win counts the bonus back to the trick its trump took, once
    certain."""
    p = get_puzzle(pid)
    g = p.start().game
    assert g.to_act is not None
    side = g.rules.partnerships[g.to_act]
    (right,) = winning_moves(g, side)
    won = play_line(g, side, right)
    first = reached(won, g.deal_number)
    assert first is not None and first[0] == side and first[2]
    assert "with the bonus of trick" in p.principle and "(R8.2)" in p.principle
    assert "R8.2" in p.rules


def test_R8_1_a_race_refuses_what_it_cannot_ask() -> None:
    p = RACES[0]
    with pytest.raises(ValueError, match="bruff"):
        barker = get_puzzle("c5-19")  # an auction endgame: the race is bruff's (R8.1, R10.5)
        Puzzle("x", "race", "barker", barker.position, "", ("R8.1",)).start()
    lost = dict(p.position, scores=[0, 0, 0])  # far from 45: no side can win in this deal
    with pytest.raises(ValueError, match="cannot force a win"):
        Puzzle("x", "race", "bruff", lost, "", ("R8.1",)).start()
    run = p.start()
    with pytest.raises(PuzzleInputError, match=r"XX"):
        run.check("XX")
    assert run.tries == 0


@pytest.mark.parametrize("p", RACES, ids=lambda p: p.id)
def test_R8_1_no_hint_names_the_answer(p: Puzzle) -> None:
    run = p.start()
    (right,) = winning_moves(run.game, run.side)
    card = right.split()[-1]
    hints = [h for h in iter(run.hint, None)]
    assert len(hints) == 3 and all(card not in h for h in hints)
    assert card not in p.prompt and all(card not in f for f in run.view()["facts"])


@pytest.mark.parametrize("seed", range(8))
def test_R8_1_two_partnerships_cannot_both_force_a_win(seed: int) -> None:
    """Property: in a bruff deal near 45, at most one partnership can force the win, and the
    side to act's win is forced exactly when some move of its keeps it."""
    rng = random.Random(seed)
    rules = get_rules("bruff")
    scores = [rng.randrange(25, 45, 5) for _ in range(3)]
    g = position_game(rules, _deal(rules, rng, scores))
    while g.phase != Phase.PLAY or g.tricks_played < 2 or g.trick:
        g.apply(rng.choice(g.legal_actions()))
        if g.over:
            return
    forced = [can_force_win(g, side) for side in range(3)]
    assert sum(forced) <= 1
    assert g.to_act is not None
    mine = rules.partnerships[g.to_act]
    assert bool(winning_moves(g, mine)) == forced[mine]
