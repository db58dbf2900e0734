"""The score sheet: a game's tricks (or deals) and the running scores, as the engine's own table.

A :class:`ScoreSheet` is a :class:`~fortyfive.engine.tabular.Table` of plain values, so the
core install needs nothing beyond the standard library to keep one; ``to_pandas()`` gives a
DataFrame where pandas is installed.

>>> from fortyfive import Game
>>> g = Game.new("bruff", seed=1)
>>> for action in ["play AC", "play 2C", "play 2S", "play QS", "play 6C", "play AS"]:
...     g.apply(action)
>>> sheet = g.score_sheet()
>>> sheet.by, sheet.columns[:4], sheet.column("points")
('trick', ('deal', 'dealer', 'trump', 'trick'), (5,))
>>> print(sheet)
  deal dealer trump trick leader             cards winner partnership points bonus A B C
0    1      1     D     1      2 AC 2C 2S QS 6C AS      2           C      5 False 0 0 5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.scoring import trick_value
from fortyfive.engine.tabular import Cell, Table

if TYPE_CHECKING:
    from fortyfive.engine.game import Game

#: What a score sheet has a row for: each trick, or each deal (a barker hand).
SheetBy = Literal["trick", "deal"]


class ScoreSheet(Table[Cell]):
    """A game's score sheet, one row per trick (``by="trick"``) or per deal (``by="deal"``).

    By trick: who led and won it, its points (10 with a credited bonus, R7.2/R10.1) and the
    running totals (bruff: the game's, R8.1; barker: the points taken in the hand, R10.2).
    By deal: the trump, barker's bidder, bid and whether it was made (R10.3), or bruff's
    turn-up and bonus card, and each partnership's gain and score after it.
    """

    __slots__ = ("_by",)

    def __init__(self, rows: Sequence[Mapping[str, Cell]], by: SheetBy) -> None:
        super().__init__(rows)
        self._by: SheetBy = by

    @property
    def by(self) -> SheetBy:
        """What each row is: a ``"trick"`` or a ``"deal"``."""
        return self._by


def trick_rows(game: Game) -> list[dict[str, Cell]]:
    """The rows of the score sheet by trick, as plain dicts."""
    r = game.rules
    names = r.partnership_names
    rows = []
    chronology = r.win_by_chronology
    for deal in game.deals:
        totals = list(deal.start_scores) if chronology else [0] * r.n_partnerships
        bonus = deal.bonus_trick if deal.bonus_certain else -1
        for i, t in enumerate(deal.tricks):
            p = r.partnerships[t.winner]
            points = trick_value(r, i, bonus)
            totals[p] += points
            row: dict[str, Cell] = {
                "deal": deal.number,
                "dealer": deal.dealer,
                "trump": SUITS[deal.trump] if deal.trump >= 0 else None,
                "trick": i + 1,
                "leader": t.leader,
                "cards": " ".join(str(CARDS[c]) for c in t.cards),
                "winner": t.winner,
                "partnership": names[p],
                "points": points,
                "bonus": i == bonus,
            }
            prefix = "" if chronology else "taken "
            row.update({prefix + n: totals[k] for k, n in enumerate(names)})
            rows.append(row)
    return rows


def deal_rows(game: Game) -> list[dict[str, Cell]]:
    """The rows of the score sheet by deal, as plain dicts."""
    r = game.rules
    names = r.partnership_names
    rows = []
    for deal in game.deals:
        end = deal.end_scores if deal.end_scores is not None else game.scores
        row: dict[str, Cell] = {
            "deal": deal.number,
            "dealer": deal.dealer,
            "trump": SUITS[deal.trump] if deal.trump >= 0 else None,
        }
        if r.auction:
            row.update(
                bidder=deal.bidder if deal.bidder >= 0 else None,
                bid=deal.bid or None,
                made=deal.made,
                thrown_in=deal.thrown_in,
            )
        else:
            row.update(
                turnup=str(CARDS[deal.turnup]) if deal.turnup >= 0 else None,
                bonus=str(CARDS[deal.bonus_card]) if deal.bonus_card >= 0 else None,
                bonus_certain=deal.bonus_certain,
            )
        row["tricks"] = len(deal.tricks)
        row.update({f"+{n}": end[k] - deal.start_scores[k] for k, n in enumerate(names)})
        row.update({n: end[k] for k, n in enumerate(names)})
        rows.append(row)
    return rows


def score_sheet(game: Game, by: str = "trick") -> ScoreSheet:
    """``game``'s :class:`ScoreSheet`, one row per trick (``by="trick"``) or per deal."""
    if by == "trick":
        return ScoreSheet(trick_rows(game), "trick")
    if by == "deal":
        return ScoreSheet(deal_rows(game), "deal")
    raise ValueError("by must be 'trick' or 'deal'")
