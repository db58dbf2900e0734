"""The page's card notation: every text a widget shows names cards by symbol ("5♠", "10♦",
"Joker"); the two-letter codes the engine writes ("5S") stay in the state the answers use, and
in ``title`` and aria text for screen readers.

>>> symbols("5S leads trumps; TD, JK")
'5♠ leads trumps; 10♦, Joker'
"""

from __future__ import annotations

import re

from fortyfive.engine.cards import parse_card

#: A card's two-letter code in a text of the engine ("5S leads trumps", "KD is best").
CARD_CODE = re.compile(r"\b(?:[AKQJT2-9][SCDH]|JK)\b")


def symbols(text: str) -> str:
    """``text`` with every card code in the page's notation: "5S leads" -> "5♠ leads"."""
    return CARD_CODE.sub(lambda m: parse_card(m.group()).symbol(), text)
