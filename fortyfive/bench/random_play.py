"""Random games through ``legal_actions``/``apply``: ``python -m fortyfive bench``."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from fortyfive.agents.random_play import AUCTION_PASS_PROBABILITY
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import Rules


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
            if game.phase == Phase.BID and rng.random() < AUCTION_PASS_PROBABILITY:
                game.apply("pass")
            else:
                game.apply(acts[int(rng.random() * len(acts))])
            actions += 1
        games += 1
        deals += game.deal_number
    return BenchResult(name, games, deals, actions, time.perf_counter() - start)
