"""Computer players. Every bot answers ``choose(game, seat) -> action string`` from the seat's
observation only (:meth:`Game.observation`): a bot never reads another hand, the stock or a
face-down card.

>>> from fortyfive import Game
>>> g = Game.new("barker", seed=2)
>>> bot = make_bot("random", seed=1)
>>> bot.choose(g, g.to_act) in g.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from .simulate import AUCTION_PASS_PROBABILITY

if TYPE_CHECKING:
    from .game import Game

Observation = dict[str, Any]


class Bot(Protocol):
    """A player: the action ``seat`` takes now (one of ``game.legal_actions()``)."""

    name: str

    def choose(self, game: Game, seat: int) -> str: ...


class ObservingBot:
    """Base of the bots: ``choose`` hands :meth:`act` the seat's observation and nothing else."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> str:
        if game.to_act != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        return self.act(game.observation(seat))

    def act(self, obs: Observation) -> str:
        raise NotImplementedError


class RandomBot(ObservingBot):
    """Uniform over the legal actions, except that it passes in the auction most of the time:
    uniformly random bidders overbid nearly every hand and a barker game would never end."""

    name = "random"

    def act(self, obs: Observation) -> str:
        legal: list[str] = obs["legal_actions"]
        if obs["phase"] == "bid" and self.rng.random() < AUCTION_PASS_PROBABILITY:
            return "pass"  # "pass" is always a legal call (R9.2)
        return self.rng.choice(legal)


BOTS: dict[str, type[ObservingBot]] = {"random": RandomBot}


def make_bot(name: str, seed: int | None = None) -> ObservingBot:
    """A bot by name (``random`` ...), seeded for repeatable games."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}") from None
    return cls(seed=seed)
