"""What the puzzle makers share: a shuffled first deal, play by rule-based players up to a
moment, a random trick, and cards moved into place in a deal (it stays a whole pack)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fortyfive.agents.bots import make_bot
from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.dealing import deal_pack
from fortyfive.engine.game import Game
from fortyfive.engine.rules import BRUFF, Rules, rules_tables
from fortyfive.engine.tricks import legal_mask
from fortyfive.puzzles._parts import position_game

Position = dict[str, Any]
#: What a kind's maker returns: (preset, position, prompt, rule ids), or None to try again.
Made = tuple[str, Position, str, tuple[str, ...]] | None


def _names(ids: list[int]) -> list[str]:
    return [str(CARDS[c]) for c in ids]


def _deal(rules: Rules, rng: random.Random, scores: list[int] | None = None) -> Position:
    """A shuffled first deal in :meth:`Game.from_deal` form (R6.2, R9.1)."""
    ids = list(range(rules.deck_size))
    rng.shuffle(ids)
    dealer = rng.randrange(rules.players)
    hands, stock = deal_pack(rules, dealer, ids)
    return {
        "dealer": dealer,
        "hands": [_names(h) for h in hands],
        "stock": _names(stock),
        "scores": scores or [0] * rules.n_partnerships,
    }


def _play(pos: Position, rules: Rules, seed: int, stop: Callable[[Game], bool]) -> Position:
    """``pos`` with the actions rule-based players take until ``stop`` (or the game ends)."""
    g = position_game(rules, pos)
    bot = make_bot("rule", seed)
    actions = list(pos.get("actions", []))
    while not g.over and not stop(g):
        assert g.to_act is not None
        a = bot.choose(g, g.to_act)
        g.apply(a)
        actions.append(a)
    return dict(pos, actions=actions)


def _random_trick(
    rules: Rules, rng: random.Random, length: int, trump: str | None = None
) -> tuple[str, list[list[int]], list[int]]:
    """(trump, hands, trick): random 5-card hands and ``length`` legal cards from seat 0 on."""
    trump = trump or rng.choice(SUITS)
    t = rules_tables(rules, trump)
    ids = list(range(rules.deck_size))
    rng.shuffle(ids)
    size = rules.hand_size
    hands = [ids[size * s : size * (s + 1)] for s in range(rules.players)]
    trick: list[int] = []
    for s in range(length):
        m = legal_mask(t, sum(1 << c for c in hands[s]), trick[0] if trick else -1)
        trick.append(rng.choice([c for c in hands[s] if m >> c & 1]))
    return trump, hands, trick


def _first_trick(pos: Position, rng: random.Random, plays: int) -> Position:
    """``pos`` with ``plays`` cards of the first trick played, each a random legal card (no
    robbing: the robber declines, R6.6)."""
    g = position_game(BRUFF, pos)
    actions = list(pos.get("actions", []))
    for _ in range(plays):
        a = rng.choice([a for a in g.legal_actions() if a.startswith("play ")])
        g.apply(a)
        actions.append(a)
    return dict(pos, actions=actions)


def _give_stock(pos: Position, card: str, index: int) -> None:
    """Put ``card`` at ``index`` of the stock, swapping it with whatever was there (the deal
    stays a whole pack)."""
    stock = pos["stock"]
    if card in stock:
        i = stock.index(card)
        stock[i], stock[index] = stock[index], stock[i]
        return
    hand = next(h for h in pos["hands"] if card in h)
    hand[hand.index(card)], stock[index] = stock[index], card


def _give_hand(pos: Position, card: str, seat: int, index: int) -> None:
    """Put ``card`` at ``index`` of ``seat``'s hand, swapping it with whatever was there."""
    hand = pos["hands"][seat]
    if card in hand:
        i = hand.index(card)
        hand[i], hand[index] = hand[index], hand[i]
        return
    where = next((h for h in pos["hands"] if card in h), pos["stock"])
    where[where.index(card)], hand[index] = hand[index], card
