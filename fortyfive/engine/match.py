"""A match: games until a partnership has won three (R8.5), the deal passing left between games.

>>> import random
>>> from fortyfive.agents.random_play import random_action
>>> m = Match("bruff", seed=2)
>>> rng = random.Random(2)
>>> while not m.over:
...     m.apply(random_action(m.game, rng))
>>> max(m.wins), m.winner == m.wins.index(3)
(3, True)
"""

from __future__ import annotations

from fortyfive.engine.actions import Action
from fortyfive.engine.game import Game
from fortyfive.engine.rules import Rules, get_rules


class Match:
    """Games of one preset in a row; ``game`` is the current one, ``games`` all of them."""

    def __init__(self, rules: Rules | str, seed: int | None = None, games_to_win: int = 3) -> None:
        self.rules = get_rules(rules)
        self.games_to_win = games_to_win
        self.games: list[Game] = [Game.new(self.rules, seed=seed)]

    @property
    def game(self) -> Game:
        """The game being played (the last of :attr:`games`)."""
        return self.games[-1]

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won per partnership."""
        won = [0] * self.rules.n_partnerships
        for g in self.games:
            if g.winner is not None:
                won[g.winner] += 1
        return tuple(won)

    @property
    def winner(self) -> int | None:
        """The partnership that has won ``games_to_win`` games (R8.5), or None."""
        wins = self.wins
        best = max(wins)
        return wins.index(best) if best >= self.games_to_win else None

    @property
    def over(self) -> bool:
        """Has a partnership won the match?"""
        return self.winner is not None

    def legal_actions(self) -> list[str]:
        """The current game's legal actions; none once the match is over."""
        return [] if self.over else self.game.legal_actions()

    def apply(self, action: str | Action) -> None:
        """Apply to the current game; when it ends and the match goes on, the next one starts."""
        if self.over:
            raise ValueError(
                f"the match is over: {self.rules.partnership_names[self.winner or 0]} won"
            )
        self.game.apply(action)
        if self.game.over and not self.over:
            self.games.append(self.game.next_game())

    def __repr__(self) -> str:
        names = self.rules.partnership_names
        wins = ", ".join(f"{n} {w}" for n, w in zip(names, self.wins, strict=True))
        return f"<Match {self.rules.name}, game {len(self.games)}: {wins}>"
