"""Dealing: the shuffle is an exact uniform permutation; 3 then 2 from the dealer's left."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import fortyfive as ff
from fortyfive.engine import game as game_module


def test_shuffle_is_a_uniform_permutation() -> None:
    rng = random.Random(1)
    counts = Counter(tuple(game_module.shuffled(rng, 4)) for _ in range(24_000))
    assert len(counts) == 24  # every order of 4 cards appears
    assert all(850 < c < 1150 for c in counts.values())  # 1000 expected, sd about 31
    for n in (52, 53):
        assert sorted(game_module.shuffled(rng, n)) == list(range(n))


@pytest.mark.parametrize(("preset", "stock_size"), [("bruff", 23), ("barker", 32)])
def test_R6_2_R9_1_three_then_two_each_from_the_dealers_left(
    preset: str, stock_size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_module, "shuffled", lambda rng, n: list(range(n)))
    game = ff.Game.new(preset, seed=5)
    n = game.rules.players
    pack = ff.deck(joker=game.rules.joker)
    for i in range(1, n + 1):
        seat = (game.dealer + i) % n
        first = pack[3 * (i - 1) : 3 * i]  # the first round: 3 cards each
        second = pack[3 * n + 2 * (i - 1) : 3 * n + 2 * i]  # then 2 each
        assert game.hand(seat) == sorted(first + second)
    assert game.zones()["stock"] == pack[5 * n :]
    assert len(game.zones()["stock"]) == stock_size
    if preset == "bruff":
        assert game.turnup == pack[30]  # R6.3: the top of the stock is turned up


def test_R6_3_the_turn_ups_suit_is_trump_and_a_joker_fixes_none() -> None:
    from fortyfive.engine.cards import parse_card
    from fortyfive.engine.dealing import turnup_trump

    for card in ("7D", "AH", "5S", "KC"):
        assert "SCDH"[turnup_trump(parse_card(card).id)] == card[1]
    with pytest.raises(ValueError, match=r"R6\.4"):
        turnup_trump(parse_card("JK").id)
    for seed in range(20):  # the game fixes trump the same way, after a joker too (R6.4)
        g = ff.Game.new("bruff", seed=seed)
        if g.phase == "bury":
            g.apply(g.legal_actions()[0])
        assert g.turnup is not None and g.trump == g.turnup.suit
