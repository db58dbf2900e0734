"""How a game ended: who won, by which rule, and when (R8.1-R8.4, R10.5).

>>> from fortyfive import Game
>>> g = Game.new("bruff", seed=4)
>>> while not g.over:
...     g.apply(g.legal_actions()[0])
>>> g.outcome.winner == g.winner, g.outcome.reason in set(WinReason)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class WinReason(StrEnum):
    """The rule that decided the game."""

    TARGET = "target"  # bruff R8.1/R8.6: first to 45 by trick chronology; barker R10.5: 120
    JINK = "jink"  # R8.4: all five tricks of a deal
    CONTRACT = "contract"  # R10.5: both sides reached 120; the bidders, who made it, win


_WORDS = {
    WinReason.TARGET: "reached the target first ({rule})",
    WinReason.JINK: "took all five tricks of the deal: jink (R8.4)",
    WinReason.CONTRACT: "made their contract as both sides reached the target (R10.5)",
}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winning partnership, why, and the deal and trick (1-based) after
    which it was decided, with the final scores."""

    winner: int
    reason: WinReason
    deal: int
    trick: int
    scores: tuple[int, ...]

    def describe(self, names: tuple[str, ...], target_rule: str = "R8.1") -> str:
        """In words, e.g. ``"A won: reached the target first (R8.1), decided after trick 4 of
        deal 3"``: the trick that settled it, which may come after the one that reached 45 (a
        bonus counted back once certain, R8.2)."""
        how = _WORDS[self.reason].format(rule=target_rule)
        return (
            f"{names[self.winner]} won: {how}, decided after trick {self.trick} of deal {self.deal}"
        )
