"""Random deals and trick-phase positions for the search tests (solver, max-n, the frozen
reference search), reached through the game engine itself."""

from __future__ import annotations

import random
from dataclasses import replace

from fortyfive import BRUFF, Game, Rules
from fortyfive.agents.bots import RandomBot
from fortyfive.engine.cards import deck
from fortyfive.engine.game import shuffled
from fortyfive.solve.position import Position

#: Bruff with two cards a hand: whole deals, robbing included, are small enough for the oracles.
SHORT_BRUFF = replace(BRUFF, name="bruff-2", hand_size=2)


def random_deal(rules: Rules, rng: random.Random) -> Game:
    """A first deal with scores 0 (so no game ends before the deal's last trick, R8.3)."""
    pack = [deck(rules.joker)[i] for i in shuffled(rng, rules.deck_size)]
    n, h = rules.players, rules.hand_size
    hands = [pack[i * h : (i + 1) * h] for i in range(n)]
    return Game.from_deal(rules, rng.randrange(n), hands, pack[n * h :], seed=rng.randrange(99))


def position_with(rules: Rules, rng: random.Random, cards_left: int) -> Game:
    """A random trick-phase position with at most ``cards_left`` cards still in hands."""
    while True:
        g = random_deal(rules, rng)
        bot = RandomBot(rng.randrange(10**6))
        number = g.deal_number
        while g.deal_number == number and not g.over:
            held = sum(len(g.hand(s)) for s in range(rules.players))
            if g.phase == "play" and held <= cards_left and rng.random() < 0.5:
                return g
            g.apply(bot.choose(g, g.to_act))


def trick_start_with(rules: Rules, rng: random.Random, cards_left: int) -> Game:
    """A position at the start of a trick, robbing over, with ``cards_left`` cards in hands."""
    while True:
        g = position_with(rules, rng, cards_left)
        pos = Position.from_game(g)
        held = sum(h.bit_count() for h in pos.hands)
        if not pos.trick and pos.robber < 0 and held == cards_left:
            return g


def a_second_trump_apart(rules: Rules, rng: random.Random, cards_left: int, kind: int) -> Game:
    """A trick start, robbing over, where the highest trumps held are not all in one hand.
    ``kind`` 0: nothing more; 1: the two highest are held by different partnerships and the
    second has a guard (another trump), so the order of play in the trick decides whether it
    counts; 2: the second has no guard."""
    while True:
        g = trick_start_with(rules, rng, cards_left)
        pos = Position.from_game(g)
        held = [c for c in pos.tables.order if any(h >> c & 1 for h in pos.hands)]
        owners = [next(s for s, h in enumerate(pos.hands) if h >> c & 1) for c in held]
        if len(set(owners[:3])) < 2:
            continue
        first, second = owners[0], owners[1]
        guarded = (pos.hands[second] & pos.tables.trump_mask).bit_count() >= 2
        facing = rules.partnerships[first] != rules.partnerships[second]
        if kind == 0 or (kind == 1 and facing and guarded) or (kind == 2 and not guarded):
            return g
