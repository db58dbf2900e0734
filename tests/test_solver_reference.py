"""The solver against a frozen copy of the exact search as it was before its speed work
(``tests/solver_reference.py``): on a few hundred positions of both presets, whole deals with
robbing open included, every action's value (so the set of best actions too) must be identical,
for the seat's own partnership and for another one."""

from __future__ import annotations

import random

import pytest
import solver_reference as ref
from positions import a_second_trump_apart, position_with, random_deal
from tiers import seeds

from fortyfive import BARKER, BRUFF, Game
from fortyfive.solve.position import Position
from fortyfive.solve.solver import deal_value, solve


def check(g: Game, other_side: bool) -> None:
    pos = Position.from_game(g)
    new, old = solve(pos), ref.solve(pos)
    assert new.values == old.values, pos.describe()
    assert new.best == old.best
    assert deal_value(pos) == ref.deal_value(pos) == old.value
    if other_side:
        side = (pos.rules.partnerships[pos.to_act] + 1) % pos.rules.n_partnerships
        assert solve(pos, side=side).values == ref.solve(pos, side=side).values


@pytest.mark.parametrize("seed", seeds(150))
def test_barker_matches_the_reference_search(seed: int) -> None:
    rng = random.Random(5000 + seed)
    g = position_with(BARKER, rng, cards_left=rng.choice((8, 12, 16, 20)))
    check(g, other_side=seed % 3 == 0)


@pytest.mark.parametrize("seed", seeds(150))
def test_bruff_matches_the_reference_search(seed: int) -> None:
    rng = random.Random(6000 + seed)
    g = position_with(BRUFF, rng, cards_left=rng.choice((12, 18, 24)))
    check(g, other_side=seed % 3 == 0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(16, quick=2))
def test_whole_bruff_deals_with_robbing_match_the_reference_search(seed: int) -> None:
    """Whole deals from their first card, where the robber's choice (R6.5) is searched too."""
    rng = random.Random(7000 + seed)
    g = random_deal(BRUFF, rng)
    while g.phase == "bury":
        g.apply(rng.choice(g.legal_actions()))
    check(g, other_side=False)


@pytest.mark.parametrize("seed", seeds(60))
def test_R4_1_R5_1_a_guarded_next_trump_with_more_tricks_left_is_unchanged(seed: int) -> None:
    """Trick starts with four (barker) or three (bruff) tricks left where the highest trumps
    held are apart, so that guards and runs of two decide whether the next trump counts: the
    position's value for every side is the frozen search's."""
    rules = BARKER if seed % 2 else BRUFF
    cards = 16 if seed % 2 else 18
    g = a_second_trump_apart(rules, random.Random(8000 + seed), cards, kind=seed % 3)
    pos = Position.from_game(g)
    for side in range(rules.n_partnerships):
        assert deal_value(pos, side) == ref.deal_value(pos, side), (side, pos.describe())
