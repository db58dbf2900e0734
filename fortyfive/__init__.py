"""Forty-Five: an exact rules engine for the Irish card game, in two presets.

``BRUFF`` (6 players, three partnerships, joker, turn-up and robbing, first to 45 by trick
chronology, jink) and ``BARKER`` (Auction Forty-Fives: 4 players, bids 5-30 with the dealer's
hold, discard and draw, 120). Rule ids (R1.1 ...) refer to the
project's rules reference, ``fortyfive/course/book/rules.md`` (a page of the course's book).

>>> import fortyfive as ff
>>> g = ff.Game.new(ff.BRUFF, seed=7)
>>> g.phase, len(g.hand(0)), g.trump
(<Phase.PLAY: 'play'>, 5, 'D')
>>> g.apply(g.legal_actions()[0])
>>> len(g.trick)
1
"""

from fortyfive.engine.actions import Action, ActionSyntaxError, IllegalActionError, parse_action
from fortyfive.engine.cards import CARDS, Card, deck, parse_card, parse_cards
from fortyfive.engine.game import Game
from fortyfive.engine.match import Match
from fortyfive.engine.observe import BonusStatus, Observation
from fortyfive.engine.outcome import Outcome, WinReason
from fortyfive.engine.phase import Phase
from fortyfive.engine.record import RecordError
from fortyfive.engine.rules import (
    BARKER,
    BRUFF,
    PRESETS,
    Rules,
    get_rules,
    plain_order,
    sort_cards,
    trump_order,
)
from fortyfive.engine.tricks import explain_play, legal_plays, trick_winner

__all__ = [
    "BARKER",
    "BRUFF",
    "CARDS",
    "PRESETS",
    "Action",
    "ActionSyntaxError",
    "BonusStatus",
    "Card",
    "Game",
    "IllegalActionError",
    "Match",
    "Observation",
    "Outcome",
    "Phase",
    "RecordError",
    "Rules",
    "WinReason",
    "deck",
    "explain_play",
    "get_rules",
    "legal_plays",
    "parse_action",
    "parse_card",
    "parse_cards",
    "plain_order",
    "sort_cards",
    "trick_winner",
    "trump_order",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``ff.CardTable`` and ``ff.PuzzleWidget`` on first use: the engine itself never imports
    Jupyter packages."""
    if name == "CardTable":
        from fortyfive.widgets.table import CardTable

        return CardTable
    if name == "PuzzleWidget":
        from fortyfive.widgets.puzzle import PuzzleWidget

        return PuzzleWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
