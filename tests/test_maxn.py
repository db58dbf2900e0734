"""Max-n (each partnership plays for its own points, R7.1, R7.2) against a plain max-n over the
game engine itself: no table, no merging of equivalent cards; values must match exactly."""

from __future__ import annotations

import random

import pytest
from positions import SHORT_BRUFF, position_with, random_deal
from search_oracles import maxn_points
from tiers import seeds

from fortyfive import BARKER, BRUFF
from fortyfive.solve.maxn import maxn_solve, maxn_values
from fortyfive.solve.position import Position
from fortyfive.solve.solver import SearchBudgetExceeded, solve


@pytest.mark.parametrize("seed", seeds(60))
def test_R7_2_maxn_matches_the_oracle_on_the_last_two_tricks(seed: int) -> None:
    rng = random.Random(8000 + seed)
    g = position_with(BRUFF, rng, cards_left=12)
    assert maxn_values(Position.from_game(g)) == maxn_points(g), Position.from_game(g).describe()


@pytest.mark.parametrize("seed", seeds(40))
def test_R6_5_maxn_searches_robbing_like_the_oracle(seed: int) -> None:
    """Two-card bruff deals from their first card, robbing open (R6.5, R8.7)."""
    rng = random.Random(9000 + seed)
    g = random_deal(SHORT_BRUFF, rng)
    while g.phase == "bury":
        g.apply(rng.choice(g.legal_actions()))
    assert maxn_values(Position.from_game(g)) == maxn_points(g), Position.from_game(g).describe()


@pytest.mark.parametrize("seed", seeds(20))
def test_with_two_partnerships_maxn_is_the_two_sided_search(seed: int) -> None:
    """Barker is zero-sum between two partnerships: max-n and alpha-beta agree (R10.1)."""
    g = position_with(BARKER, random.Random(9500 + seed), cards_left=12)
    pos = Position.from_game(g)
    assert maxn_values(pos) == solve(pos).values


def test_maxn_stops_at_its_node_budget() -> None:
    g = position_with(BRUFF, random.Random(3), cards_left=18)
    pos = Position.from_game(g)
    full = maxn_solve(pos)
    assert maxn_solve(pos, max_nodes=full.nodes).values == full.values
    with pytest.raises(SearchBudgetExceeded):
        maxn_solve(pos, max_nodes=full.nodes // 3)
