"""Hints sample only what the seat may know (R4.2, R5.3, R6.4, R6.5) and rank every legal action."""

from __future__ import annotations

import random

import pytest

from fortyfive import Game
from fortyfive.agents.bots import RandomBot, make_bot
from fortyfive.engine.cards import card_mask, parse_card
from fortyfive.engine.rules import tables
from fortyfive.solve.hints import (
    _kept_trumps,
    _shown_voids,
    hint,
    hint_from_observation,
    sample_hands,
)


def play_positions(preset: str, seed: int, every: int = 1):  # type: ignore[no-untyped-def]
    """Trick-phase positions of a game between rule bots (random bots in bruff for variety)."""
    g = Game.new(preset, seed=seed)
    bots = [make_bot("rule", seed=seed + s) if s % 2 else RandomBot(seed + s) for s in range(6)]
    i = 0
    while not g.over and g.deal_number <= 2:
        if g.phase == "play":
            i += 1
            if i % every == 0:
                yield g
        g.apply(bots[g.to_act].choose(g, g.to_act))


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_R4_2_R5_3_shown_voids_never_exclude_a_card_really_held(preset: str) -> None:
    """The void inference is sound: it never forbids a card the seat actually holds."""
    checked = 0
    for seed in range(30):
        for g in play_positions(preset, seed):
            obs = g.observation(g.to_act)
            t = tables(g.rules.joker, "SCDH".index(g.trump))
            forbidden = _shown_voids(obs, t, g.rules.players)
            for s in range(g.rules.players):
                held = sum(1 << c.id for c in g.hand(s))
                assert not held & forbidden[s], (s, obs["tricks"], obs["trick"])
            checked += sum(m.bit_count() for m in forbidden)
    assert checked > 100  # voids were shown and used


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_samples_fit_everything_the_seat_has_seen(preset: str) -> None:
    rng = random.Random(7)
    for seed in range(12):
        for g in play_positions(preset, seed, every=3):
            seat = g.to_act
            obs = g.observation(seat)
            t = tables(g.rules.joker, "SCDH".index(g.trump))
            forbidden = _shown_voids(obs, t, g.rules.players)
            played = card_mask([c for tr in obs["tricks"] for c in tr["cards"]])
            played |= card_mask([e["card"] for e in obs["trick"]])
            for _ in range(3):
                hands, robber = sample_hands(obs, rng)
                assert hands[seat] == card_mask(obs["hand"])
                assert [h.bit_count() for h in hands] == obs["hand_sizes"]
                union = 0
                for s, h in enumerate(hands):
                    assert not union & h
                    union |= h
                    if s != seat:
                        assert not h & forbidden[s]
                        assert not h & card_mask(obs["own_face_down"])
                assert not union & played
                if obs["robbed_by"] is not None and obs["turnup"] not in [
                    c for tr in obs["tricks"] for c in tr["cards"]
                ] + [e["card"] for e in obs["trick"]]:
                    assert hands[obs["robbed_by"]] >> parse_card(obs["turnup"]).id & 1  # R6.5
                if obs["tricks"] or obs["robbed_by"] is not None:
                    assert robber == -1  # R6.6


def same_view_other_hands(seed: int) -> tuple[Game, Game]:
    """Two barker games that look the same to seat 0 but differ in seats 1 and 3's hands."""
    g = Game.new("barker", seed=seed)
    hands = [[str(c) for c in g.hand(s)] for s in range(4)]
    stock = [str(c) for c in g.zones()["stock"]]
    swapped = [hands[0], hands[3], hands[2], hands[1]]
    return (
        Game.from_deal("barker", g.dealer, hands, stock),
        Game.from_deal("barker", g.dealer, swapped, stock),
    )


def test_hints_never_peek_at_hidden_hands() -> None:
    """Same observation, different hidden cards: the very same hints."""
    for seed in range(40):
        a, b = same_view_other_hands(seed)
        for a_call in ["bid 5", "pass", "pass", "pass", "trump S"]:
            for g in (a, b):
                g.apply(a_call if a_call in g.legal_actions() else "pass")
        if a.phase != "discard":
            continue
        for g in (a, b):
            while g.phase == "discard":
                g.apply("discard")
        if a.to_act == 0 and a.observation(0) == b.observation(0):
            assert hint(a, 0, samples=4, seed=2) == hint(b, 0, samples=4, seed=2)
            return
    pytest.fail("no position where seat 0 leads was found")


def test_hints_rank_every_legal_action_and_are_seeded() -> None:
    for g in play_positions("bruff", 3, every=7):
        seat = g.to_act
        hs = hint(g, seat, samples=3, seed=5)
        assert sorted(h.action for h in hs) == sorted(g.legal_actions())
        assert [h.loss for h in hs] == sorted(h.loss for h in hs)
        assert hs == hint_from_observation(g.observation(seat), samples=3, seed=5)
        assert all(h.reason for h in hs)


def test_a_hint_says_when_a_card_only_ties_for_best() -> None:
    """Two cards best in every deal "tie for best"; a card best alone "is best"."""
    tied = alone = 0
    for g in play_positions("bruff", 3, every=3):
        hs = hint(g, g.to_act, samples=3, seed=5)
        perfect = [h for h in hs if h.loss == 0]
        for h in perfect:
            word = "ties for best in all 3 deals" if len(perfect) > 1 else "is best in all 3 deals"
            assert word in h.reason, h.reason
        tied += len(perfect) > 1
        alone += len(perfect) == 1
    assert tied and alone


def test_hints_refuse_other_phases_and_turns() -> None:
    g = Game.new("barker", seed=1)
    with pytest.raises(ValueError, match="phase 'bid'"):
        hint(g, g.to_act)


def test_R9_7_kept_trumps_hold_for_players_who_keep_their_trumps() -> None:
    """Rule bots discard every non-trump: the presumption never exceeds their real trumps, and
    the samples give each seat at least that many."""
    rng = random.Random(3)
    checked = 0
    for seed in range(20):
        g = Game.new("barker", seed=seed)
        bots = [make_bot("rule", seed=seed + s) for s in range(4)]
        while not g.over and g.deal_number <= 3:
            if g.phase == "play":
                seat = g.to_act
                obs = g.observation(seat)
                t = tables(False, "SCDH".index(g.trump))
                kept = _kept_trumps(obs, t, 4, 5)
                for s in range(4):
                    real = sum(1 for c in g.hand(s) if t.eff_suit[c.id] == 4)
                    assert kept[s] <= real
                hands, _ = sample_hands(obs, rng)
                for s in range(4):
                    held = (hands[s] & t.trump_mask).bit_count()
                    assert held >= min(kept[s], obs["hand_sizes"][s])
                checked += sum(kept)
            g.apply(bots[g.to_act].choose(g, g.to_act))
    assert checked > 50


def test_a_node_budget_ranks_over_the_first_deals_that_fit_it() -> None:
    """The deals are solved in the seed's order; the one that would cross the budget is
    dropped, so a budget gives the ranking of the first deals alone, on any machine."""
    from fortyfive.solve.solver import SearchBudgetExceeded

    g = next(play_positions("bruff", 4, every=3))
    obs = g.observation(g.to_act)
    free = hint_from_observation(obs, samples=6, seed=3, nodes=None)
    assert {h.deals for h in free} == {6}
    partial = []
    for budget in (300, 1_000, 3_000, 10_000, 30_000, 100_000):
        try:
            ranked = hint_from_observation(obs, samples=6, seed=3, nodes=budget)
        except SearchBudgetExceeded:
            continue
        if ranked[0].deals < 6:
            partial.append(ranked)
    assert partial, "no budget between one deal and six"
    for budgeted in partial:
        assert budgeted == hint_from_observation(obs, samples=budgeted[0].deals, seed=3, nodes=None)
    with pytest.raises(SearchBudgetExceeded):
        hint_from_observation(obs, samples=6, seed=3, nodes=1)
