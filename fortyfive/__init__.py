"""Forty-Five: an exact rules engine for the Irish card game, in two presets.

``BRUFF`` (6 players, three partnerships, joker, turn-up and robbing, first to 45 by trick
chronology, jink) and ``BARKER`` (Auction Forty-Fives: 4 players, bids 5-30 with the dealer's
hold, discard and draw, 120). Rule ids (R1.1 ...) refer to the
project's rules reference, ``book/rules.md`` (a page of the course's book).

>>> import fortyfive as ff
>>> g = ff.Game.new(ff.BRUFF, seed=7)
>>> g.phase, len(g.hand(0)), g.trump
(<Phase.PLAY: 'play'>, 5, 'D')
>>> g.apply(g.legal_actions()[0])
>>> len(g.trick)
1
"""

from fortyfive import engine
from fortyfive._version import __version__ as __version__  # the one place it is written
from fortyfive.engine import *  # noqa: F403  (the engine's public names are the package's)

__all__ = list(engine.__all__)  # CardTable and PuzzleWidget come on first use (below)


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
