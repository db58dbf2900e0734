"""The phases of a game (R6-R9): what kind of action the seat to act takes next.

A :class:`Phase` is a ``str`` enum, so it compares equal to its name and prints as it
(``Phase.PLAY == "play"``, ``str(Phase.PLAY) == "play"``): observations and records stay plain
JSON.

>>> from fortyfive import Game
>>> Game.new("barker", seed=7).phase is Phase.BID
True
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the seat to act does next."""

    BURY = "bury"  # R6.4: the dealer, given the turned-up joker, buries a card
    PLAY = "play"  # R3-R5 card play (and robbing, R6.5, R8.7)
    BID = "bid"  # R9.2-R9.5: the barker auction
    TRUMP = "trump"  # R9.6: the auction winner names trump
    DISCARD = "discard"  # R9.7: discard and draw, from the dealer's left
    OVER = "over"  # the game has a winner
