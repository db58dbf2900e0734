"""The action grammar, parsed and formatted in one place.

``play 5S``, ``rob 7D`` (R6.5), ``bury 4C`` (R6.4), ``bid 20``, ``hold``, ``pass`` (R9.2-R9.3),
``trump H`` (R9.6), ``discard 2D 3C`` or a bare ``discard`` (R9.7).

>>> a = parse_action("Discard 2D 3c")
>>> a.kind, str(a)
('discard', 'discard 3C 2D')
>>> str(parse_action("trump hearts"))
'trump H'
>>> action_text("play TH"), action_text("discard 2d 3c"), action_text("trump H")
('play 10♥', 'discard 3♣ 2♦', 'trump hearts')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from fortyfive.engine.cards import CARDS, SUIT_NAMES, SUITS, Card, parse_card
from fortyfive.engine.errors import quote

Kind = Literal["play", "rob", "bury", "bid", "hold", "pass", "trump", "discard"]
KINDS: tuple[str, ...] = ("play", "rob", "bury", "bid", "hold", "pass", "trump", "discard")
_ONE_CARD = ("play", "rob", "bury")
_SUIT_WORDS = {**{s.lower(): s for s in SUITS}, **{n: s for s, n in SUIT_NAMES.items()}}


class IllegalActionError(ValueError):
    """An action that is not legal now; the message says why, citing the rule id."""


class ActionSyntaxError(IllegalActionError):
    """Text that is not an action of the grammar."""


@dataclass(frozen=True, slots=True)
class Action:
    """One typed action; ``str(action)`` is its canonical string."""

    kind: Kind
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    suit: str | None = None

    def __str__(self) -> str:
        if self.kind in _ONE_CARD or self.kind == "discard":
            return " ".join([self.kind, *(str(c) for c in self.cards)])
        if self.kind == "bid":
            return f"bid {self.amount}"
        if self.kind == "trump":
            return f"trump {self.suit}"
        return self.kind

    @property
    def card(self) -> Card:
        """The card of a ``play``, ``bury`` or ``rob`` action (the first of a ``discard``)."""
        return self.cards[0]


def action_text(action: str | Action) -> str:
    """``action`` as people read it, wherever it is shown to them: cards in display form
    (``play 10♥``, ``discard 3♣ 2♦``), a named trump suit in words (``trump hearts``), calls as
    they are (``bid 20``, ``pass``). What it prints can be typed back: the terminal reads the
    display forms, and :func:`parse_action` reads suit names. Raises
    :class:`ActionSyntaxError` for text that is not an action."""
    act = parse_action(action)
    if act.cards or act.kind == "discard":
        return " ".join([act.kind, *(c.symbol() for c in act.cards)])
    if act.kind == "trump" and act.suit is not None:
        return f"trump {SUIT_NAMES[act.suit]}"
    return str(act)


#: The longest action text looked at ("discard" with five cards is 22 characters).
MAX_ACTION_TEXT = 100


def parse_action(text: str | Action) -> Action:
    """Parse an action string (case-insensitive); raises :class:`ActionSyntaxError`."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):  # checked first: the cache below needs a string
        raise ActionSyntaxError(
            f"an action is a string such as 'play 5S', not {type(text).__name__}"
        )
    if len(text) > MAX_ACTION_TEXT:
        raise ActionSyntaxError(f"{quote(text)} is too long to be an action")
    return _parse_text(text)


@lru_cache(maxsize=4096)  # the same few call/trump/play strings recur in every game
def _parse_text(text: str) -> Action:
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action; try 'play 5S', 'bid 20', 'pass' ...")
    kind, args = words[0].lower(), words[1:]
    if kind not in KINDS:
        raise ActionSyntaxError(
            f"unknown action {quote(words[0])}; the actions are " + ", ".join(KINDS)
        )
    try:
        if kind in _ONE_CARD:
            if len(args) != 1:
                raise ActionSyntaxError(f"'{kind}' takes exactly one card, e.g. '{kind} 5S'")
            return Action(kind, (parse_card(args[0]),))  # type: ignore[arg-type]
        if kind == "discard":
            cards = tuple(sorted(parse_card(a) for a in args))  # canonical: card order
            if len(set(cards)) != len(cards):
                raise ActionSyntaxError("'discard' names a card twice")
            return Action("discard", cards)
        if kind == "bid":
            # ASCII digits only: str.isdigit() also takes other scripts' digits
            if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()):
                raise ActionSyntaxError("'bid' takes one amount, e.g. 'bid 20'")
            return Action("bid", amount=int(args[0]))
        if kind == "trump":
            ok = len(args) == 1 and args[0].isascii()
            suit = _SUIT_WORDS.get(args[0].lower()) if ok else None
            if suit is None:
                raise ActionSyntaxError("'trump' takes one suit: S, C, D or H")
            return Action("trump", suit=suit)
    except ActionSyntaxError:
        raise
    except ValueError as e:  # a bad card token
        raise ActionSyntaxError(str(e)) from None
    if args:
        raise ActionSyntaxError(f"'{kind}' takes nothing after it")
    return Action(kind)  # type: ignore[arg-type]


# Fast path tables for the trick phase: "play 5S" <-> card id.
PLAY_STR: tuple[str, ...] = tuple(f"play {c}" for c in CARDS)
PLAY_BY_BIT: dict[int, str] = {1 << i: s for i, s in enumerate(PLAY_STR)}
PLAY_ID: dict[str, int] = {s: i for i, s in enumerate(PLAY_STR)}
