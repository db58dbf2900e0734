"""Cards as a learner types them in the terminal: the display forms the terminal shows (10♣,
5♠) are accepted back, and put into the engine's two-letter notation (R1.1), which is all the
engine itself reads.

>>> card_token("10c"), card_token("5♠"), card_token("jh"), card_token("Joker")
('Tc', '5S', 'jh', 'JK')
"""

from __future__ import annotations

_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
#: What a card is, said when a typed word is none.
NOTATION = (
    "a card is rank then suit: 5S, TD (or 10D), AH, JK (or Joker) for the joker; suits S C D H "
    "or ♠ ♣ ♦ ♥"
)


def card_token(token: str) -> str:
    """A typed card in the engine's notation (its letter case kept: the engine reads either):
    ``10c`` -> ``Tc``, ``5♠`` -> ``5S``, ``Joker`` -> ``JK``."""
    if token.casefold() == "joker":
        return "JK"
    for symbol, letter in _SYMBOLS.items():
        token = token.replace(symbol, letter)
    return "T" + token[2:] if token[:2] == "10" else token
