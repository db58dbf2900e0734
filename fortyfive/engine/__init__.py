"""The rules engine: cards, the rule presets, tricks, actions, scoring, the auction, the game
state machine, a seat's observation (the security boundary), records and matches.

Pure Python: nothing here imports a package above it, or anything of Jupyter.
"""

from fortyfive.engine.actions import Action, ActionSyntaxError, IllegalActionError, parse_action
from fortyfive.engine.cards import CARDS, Card, deck, parse_card, parse_cards
from fortyfive.engine.game import Game
from fortyfive.engine.match import Match
from fortyfive.engine.observe import BonusStatus, Observation
from fortyfive.engine.outcome import Outcome, WinReason
from fortyfive.engine.phase import Phase
from fortyfive.engine.record import RecordError
from fortyfive.engine.rulebook import RULE_IDS, RULE_TITLES
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
from fortyfive.engine.score_sheet import ScoreSheet
from fortyfive.engine.tabular import Table
from fortyfive.engine.tricks import explain_play, legal_plays, trick_winner, winning_plays

__all__ = [
    "BARKER",
    "BRUFF",
    "CARDS",
    "PRESETS",
    "RULE_IDS",
    "RULE_TITLES",
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
    "ScoreSheet",
    "Table",
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
    "winning_plays",
]
