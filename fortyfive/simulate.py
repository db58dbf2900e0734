"""Random play through the public API, for benchmarks and property tests.

>>> import random
>>> g = play_random_game("bruff", seed=4, rng=random.Random(4))
>>> g.over
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .game import Game
from .rules import Rules

# Uniform random calls bid on most hands and fail most contracts, so a barker game would drift
# below zero for ever; random players that pass this often keep games finite.
AUCTION_PASS_PROBABILITY = 0.7


def random_action(game: Game, rng: random.Random) -> str:
    """A random legal action: uniform, except that auction calls lean towards ``pass``."""
    actions = game.legal_actions()
    if game.phase == "bid" and rng.random() < AUCTION_PASS_PROBABILITY:
        return "pass"
    return rng.choice(actions)


def play_random_game(rules: Rules | str, seed: int, rng: random.Random) -> Game:
    game = Game.new(rules, seed=seed)
    while not game.over:
        game.apply(random_action(game, rng))
    return game


@dataclass
class BenchResult:
    preset: str
    games: int
    deals: int
    actions: int
    seconds: float

    def row(self) -> dict[str, float | int | str]:
        s = self.seconds
        return {
            "preset": self.preset,
            "games": self.games,
            "games/s": round(self.games / s, 1),
            "deals/s": round(self.deals / s, 1),
            "actions/s": round(self.actions / s),
            "actions/game": round(self.actions / max(self.games, 1), 1),
        }


def bench(rules: Rules | str, seconds: float, seed: int = 1) -> BenchResult:
    """Play random games through ``legal_actions``/``apply`` for about ``seconds``."""
    rng = random.Random(seed)
    games = deals = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    name = rules if isinstance(rules, str) else rules.name
    while time.perf_counter() < deadline:
        game = Game.new(rules, seed=seed + games)
        while not game.over:
            acts = game.legal_actions()
            if game.phase == "bid" and rng.random() < AUCTION_PASS_PROBABILITY:
                game.apply("pass")
            else:
                game.apply(acts[int(rng.random() * len(acts))])
            actions += 1
        games += 1
        deals += game.deal_number
    return BenchResult(name, games, deals, actions, time.perf_counter() - start)
