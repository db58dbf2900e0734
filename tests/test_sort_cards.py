"""The display order of a hand, taken from the engine's order tables (R2.3, R2.4)."""

from __future__ import annotations

import random

import pytest

import fortyfive as ff


@pytest.mark.parametrize("preset", ["bruff", "barker"])
@pytest.mark.parametrize("trump", ["S", "C", "D", "H", None])
def test_sort_cards_puts_trumps_first_high_to_low_then_each_suit(preset, trump) -> None:
    rules = ff.get_rules(preset)
    rng = random.Random(f"{preset}{trump}")
    pack = ff.deck(rules.joker)
    for _ in range(200):
        hand = rng.sample(pack, rng.randint(1, 8))
        shown = ff.sort_cards(rules, hand, trump)
        assert sorted(shown) == sorted(hand)
        if trump is None:
            trumps = [c for c in shown if str(c) in ("JK", "AH")]
        else:
            order = ff.trump_order(rules, trump)
            trumps = [c for c in shown if c in order]
            assert trumps == sorted(trumps, key=order.index)  # R2.3
        assert shown[: len(trumps)] == trumps
        rest = shown[len(trumps) :]
        suits = [c.suit for c in rest]
        assert suits == sorted(suits, key="SHCD".index)  # grouped, colours alternating
        for suit in set(suits):
            cards = [c for c in rest if c.suit == suit]
            plain = ff.plain_order(rules, suit, trump=trump or ("S" if suit != "S" else "C"))
            assert cards == sorted(cards, key=plain.index)  # R2.4
