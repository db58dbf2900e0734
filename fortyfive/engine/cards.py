"""Cards, suits and ranks: parsing and formatting (R1.1).

A card is one of 53 interned :class:`Card` objects; inside the engine it is the
small int ``card.id`` so that hands can be bitmasks. ``id = suit * 13 + rank``
with suits ``S C D H`` and ranks ``A 2 ... 9 T J Q K``; the joker is 52.

>>> c = parse_card("5s")
>>> c, str(c), c.suit, c.rank
(Card('5S'), '5S', 'S', '5')
>>> [str(x) for x in parse_cards("5S jh JK AH")]
['5S', 'JH', 'JK', 'AH']
>>> parse_card("10S")
Traceback (most recent call last):
...
fortyfive.engine.errors.CardError: R1.1: '10S' is not a card (the ten is T: TS); write rank...
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from itertools import islice

from fortyfive.engine.errors import CardError, quote

SUITS = "SCDH"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SUIT_NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
JOKER_ID = 52
#: The ace of hearts, always a trump (R2.1).
AH_ID = 3 * 13


class Card:
    """One playing card (interned: there is exactly one object per card).

    >>> Card.from_id(52)
    Card('JK')
    >>> parse_card("TD").symbol()
    '10♦'
    """

    __slots__ = ("_text", "id", "rank", "suit")
    id: int
    rank: str | None
    suit: str | None

    def __init__(self, card_id: int) -> None:
        if not 0 <= card_id <= JOKER_ID:
            raise ValueError(f"card id {card_id} is out of range 0..52")
        self.id = card_id
        if card_id == JOKER_ID:
            self.rank, self.suit, self._text = None, None, "JK"
        else:
            self.rank, self.suit = RANKS[card_id % 13], SUITS[card_id // 13]
            self._text = self.rank + self.suit

    @staticmethod
    def from_id(card_id: int) -> Card:
        """The card of id ``card_id`` (0..51 by suit then rank, 52 the joker)."""
        return CARDS[card_id]

    @staticmethod
    def from_str(text: str) -> Card:
        """The same as :func:`parse_card`."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        """Is this the joker (always a trump in bruff, R2.1)?"""
        return self.id == JOKER_ID

    @property
    def is_red(self) -> bool:
        """Is the card a diamond or a heart (red suits run high to low, R2.3, R2.4)?"""
        return self.suit in ("D", "H")

    def symbol(self) -> str:
        """Display form with a suit symbol and ``10`` for the ten."""
        if self.suit is None:
            return "Joker"
        rank = "10" if self.rank == "T" else self.rank
        return f"{rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self._text

    def _repr_html_(self) -> str:
        colour = "#c0392b" if self.is_red else "inherit"
        return f'<span style="color:{colour};font-weight:bold">{self.symbol()}</span>'

    def __repr__(self) -> str:
        return f"Card('{self._text}')"

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.id == self.id

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_id, (self.id,))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(JOKER_ID + 1))
CARD_STR: tuple[str, ...] = tuple(str(c) for c in CARDS)
_BY_TEXT: dict[str, Card] = {str(c): c for c in CARDS}


def _spellings(text: str) -> set[str]:
    """The two-letter form in every letter case (R1.1: parsing is case-insensitive)."""
    a, b = text[0], text[1]
    return {x + y for x in {a.upper(), a.lower()} for y in {b.upper(), b.lower()}}


# Only these spellings: str.upper() would also map e.g. a long s to S (R1.1: ASCII notation).
_PARSE: dict[str, Card] = {s: c for c in CARDS for s in _spellings(str(c))}
#: The longest text parse_card looks at, and the most cards parse_cards takes: more is refused
#: before any work.
MAX_CARD_TEXT = 16
MAX_CARDS = 53


def parse_card(text: str | Card) -> Card:
    """Parse a card: rank then suit in any case (``5s``, ``TD``, ``AH``), or ``JK`` (R1.1); a
    :class:`Card` passes through. Anything else raises
    :class:`~fortyfive.engine.errors.CardError` (a ``ValueError``) naming the bad token.

    >>> parse_card("td"), parse_card(" jk ")
    (Card('TD'), Card('JK'))
    """
    if isinstance(text, Card):
        return text
    card = _PARSE.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise CardError(
            "card",
            text,
            f"R1.1: a card is text such as '5S' (or a Card), not {type(text).__name__}",
        )
    if len(text) <= MAX_CARD_TEXT:
        card = _PARSE.get(text.strip())
        if card is not None:
            return card
    slip = card_slip(text)
    raise CardError(
        "card",
        text,
        f"R1.1: {quote(text)} is not a card{f' ({slip})' if slip else ''}; write rank then "
        "suit, e.g. 5S, TD, AH, "
        "or JK for the joker",
    )


def card_slip(text: str) -> str:
    """What a word that is no card got wrong, when one slip explains it (R1.1), else "".

    >>> card_slip("10S"), card_slip("h3"), card_slip("ZZZ")
    ('the ten is T: TS', 'suit first: write 3H', '')
    >>> card_slip("1H"), card_slip("11D"), card_slip("KN")
    ('1 is no rank: A 2-9 T J Q K', '11 is no rank: A 2-9 T J Q K', 'N is no suit: S C D H')
    """
    word = text.strip().upper() if len(text) <= MAX_CARD_TEXT else ""
    if word in ("JO", "JOK", "JOKER"):
        return "the joker is JK"
    if word.startswith("10") and len(word) == 3 and word[2] in SUITS:
        return f"the ten is T: T{word[2]}"
    if len(word) > 2 and word[:-1].isdigit() and word[-1] in SUITS:
        return f"{word[:-1]} is no rank: A 2-9 T J Q K"
    if len(word) != 2 or word == "JK":
        return ""
    rank, suit = word[0], word[1]
    if rank in SUITS and suit in RANKS:
        return f"suit first: write {suit}{rank}"
    if rank not in RANKS and suit in SUITS:
        return f"{rank} is no rank: A 2-9 T J Q K"
    if rank in RANKS and suit not in SUITS:
        return f"{suit} is no suit: S C D H"
    return ""


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of cards and card names."""
    if isinstance(text, str):
        if len(text) > MAX_CARD_TEXT * MAX_CARDS:
            raise CardError("cards", text, "R1.1: that is far more text than a hand of cards")
        tokens: Iterable[str | Card] = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, bytes | Mapping):
        tokens = list(islice(text, MAX_CARDS + 1))
        if len(tokens) > MAX_CARDS:
            raise CardError("cards", text, f"R1.1: more than the {MAX_CARDS} cards of a pack")
    else:
        raise CardError(
            "cards",
            text,
            "R1.1: cards are text such as '5S JH' or a list of cards, not " + type(text).__name__,
        )
    return [parse_card(t) for t in tokens]


def card_mask(cards: Iterable[str | Card]) -> int:
    """Bitmask of a collection of cards (bit ``card.id``)."""
    mask = 0
    for c in cards:
        mask |= 1 << parse_card(c).id
    return mask


def mask_ids(mask: int) -> Iterator[int]:
    """Card ids in a bitmask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_cards(mask: int) -> list[Card]:
    """The cards of a hand bitmask (bit ``id`` set for each card held), in id order."""
    return [CARDS[i] for i in mask_ids(mask)]


def deck(joker: bool) -> list[Card]:
    """The 52-card pack, plus the joker when ``joker`` (bruff, R2.1)."""
    return list(CARDS if joker else CARDS[:JOKER_ID])


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as their codes separated by spaces.

    >>> format_cards(parse_cards("5s jk"))
    '5S JK'
    """
    return " ".join(str(c) for c in cards)


#: A card's two-letter code in a text of the engine ("5S leads trumps", "KD is best").
CARD_CODE = re.compile(r"\b(?:[AKQJT2-9][SCDH]|JK)\b")


def with_symbols(text: str) -> str:
    """``text`` with every card code in display form, as pages and notebooks show cards.

    >>> with_symbols("5S leads trumps; TD, JK")
    '5♠ leads trumps; 10♦, Joker'
    """
    return CARD_CODE.sub(lambda m: _BY_TEXT[m.group()].symbol(), text)
