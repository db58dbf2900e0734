"""Rollouts replay the rule bot exactly: from the true hands, a deal played out by the rollout's
own trick loop gives the deal the engine plays with rule bots in every seat (R3.2, R6.5, R7)."""

from __future__ import annotations

import random

import pytest
from tiers import seeds

from fortyfive import Game
from fortyfive.agents.bots import RuleBot, SearchBot
from fortyfive.agents.rollout import _Deal, rollout_samples, rollout_values
from fortyfive.solve.position import Position


def engine_deal(g: Game) -> tuple[int, ...]:
    """The rest of the deal played by rule bots through the engine: its points (R7.1, R7.2)."""
    number = g.deal_number
    bots = [RuleBot(seed=s) for s in range(g.rules.players)]
    while g.deal_number == number and not g.over:
        g.apply(bots[g.to_act].choose(g, g.to_act))
    d = next(d for d in g.deals if d.number == number)
    assert d.end_scores is not None
    return tuple(e - s for e, s in zip(d.end_scores, d.start_scores, strict=True))


@pytest.mark.parametrize("seed", seeds(40))
def test_a_rollout_from_the_true_hands_is_the_engine_deal_of_rule_bots(seed: int) -> None:
    rng = random.Random(seed)
    g = Game.new("bruff", seed=seed)
    bots = [RuleBot(seed=s) for s in range(6)]
    while g.phase != "play":
        g.apply(bots[g.to_act].choose(g, g.to_act))
    for _ in range(rng.randrange(12)):  # sometimes from mid-trick or a later trick
        g.apply(bots[g.to_act].choose(g, g.to_act))
    pos = Position.from_game(g)
    assert _Deal(g.rules, pos).finish() == engine_deal(g.copy()), pos.describe()


def test_rollout_values_cover_every_legal_action_and_are_seeded() -> None:
    g = Game.new("bruff", seed=8)
    while g.phase != "play":
        g.apply(RuleBot(seed=0).choose(g, g.to_act))
    obs = g.observation(g.to_act)
    values = rollout_values(obs, samples=3, seed=4)
    assert sorted(values) == sorted(g.legal_actions())
    assert values == rollout_values(obs, samples=3, seed=4)
    assert all(0 <= v <= 30 for v in values.values())


def test_the_rollout_budget_gives_later_tricks_more_deals() -> None:
    g = Game.new("bruff", seed=8)
    first = None
    while not (g.phase == "play" and g.tricks_played == 3):
        if g.phase == "play" and first is None and len(g.legal_actions()) > 1:
            first = rollout_samples(g.observation(g.to_act))
        g.apply(RuleBot(seed=0).choose(g, g.to_act))
    later = rollout_samples(g.observation(g.to_act))
    assert first is not None and 1 <= first < later <= 32


def test_the_rollout_search_bot_plays_legal_cards_in_bruff() -> None:
    g = Game.new("bruff", seed=9)
    bots = [SearchBot(seed=s, search="rollout") for s in range(6)]
    number = g.deal_number
    while g.deal_number == number and not g.over:
        action = bots[g.to_act].choose(g, g.to_act)
        assert action in g.legal_actions()
        g.apply(action)


@pytest.mark.parametrize("seed", seeds(20))
def test_the_true_hands_explain_every_card_of_rule_bots(seed: int) -> None:
    from fortyfive.agents.rollout import surprises
    from fortyfive.engine.cards import card_mask

    rng = random.Random(seed)
    g = Game.new("bruff", seed=100 + seed)
    bots = [RuleBot(seed=s) for s in range(6)]
    while g.phase != "play":
        g.apply(bots[g.to_act].choose(g, g.to_act))
    for _ in range(rng.randrange(1, 28)):
        g.apply(bots[g.to_act].choose(g, g.to_act))
    seat = g.to_act
    assert seat is not None and g.phase == "play"
    hands = [card_mask(g.hand(s)) for s in range(6)]
    assert surprises(g.observation(seat), hands) == 0


def test_other_hands_can_surprise() -> None:
    from fortyfive.agents.rollout import surprises
    from fortyfive.solve.hints import sample_hands

    odd = 0
    for seed in range(10):
        g = Game.new("bruff", seed=200 + seed)
        bots = [RuleBot(seed=s) for s in range(6)]
        while not (g.phase == "play" and g.tricks_played == 2):
            g.apply(bots[g.to_act].choose(g, g.to_act))
        obs = g.observation(g.to_act)
        odd += surprises(obs, sample_hands(obs, random.Random(seed))[0])
    assert odd > 0


@pytest.mark.parametrize("seed", seeds(20))
def test_best_reply_never_does_worse_than_the_rule_bots_own_play(seed: int) -> None:
    """Searching the side's own cards against rule-bot opponents includes the rule bot's
    cards as one line, so it takes at least as much; with nothing left to search it is the
    plain rollout."""
    rng = random.Random(seed)
    g = Game.new("bruff", seed=300 + seed)
    bots = [RuleBot(seed=s) for s in range(6)]
    while g.phase != "play":
        g.apply(bots[g.to_act].choose(g, g.to_act))
    for _ in range(rng.randrange(12)):
        g.apply(bots[g.to_act].choose(g, g.to_act))
    deal = _Deal(g.rules, Position.from_game(g))
    side = g.rules.partnerships[g.to_act or 0]
    plain = deal.copy().finish()[side]
    assert deal.copy().best_reply(side, 0) == plain
    assert deal.copy().best_reply(side, 12) >= plain
    assert deal.copy().best_reply(side, 18) >= plain
