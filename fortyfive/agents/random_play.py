"""Random play through the public API: the random bot's policy, property tests and benchmarks.

>>> import random
>>> g = play_random_game("bruff", seed=4, rng=random.Random(4))
>>> g.over
True
"""

from __future__ import annotations

import random

from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import Rules

# Uniform random calls bid on most hands and fail most contracts, so a barker game would drift
# below zero for ever; random players that pass this often keep games finite.
AUCTION_PASS_PROBABILITY = 0.7


def random_action(game: Game, rng: random.Random) -> str:
    """A random legal action: uniform, except that auction calls lean towards ``pass``."""
    actions = game.legal_actions()
    if game.phase == Phase.BID and rng.random() < AUCTION_PASS_PROBABILITY:
        return "pass"
    return rng.choice(actions)


def play_random_game(rules: Rules | str, seed: int, rng: random.Random) -> Game:
    """A whole game dealt from ``seed``, every action drawn by ``rng`` from the legal ones."""
    game = Game.new(rules, seed=seed)
    while not game.over:
        game.apply(random_action(game, rng))
    return game
