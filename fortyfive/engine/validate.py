"""One place that checks what crosses into the engine from outside: seats, whole numbers,
scores, hands and stocks, card lists, suits. Each check returns the value in the engine's form
or raises :class:`~fortyfive.engine.errors.InputError` naming the field and the bad value, before
anything is changed.

>>> from fortyfive.engine.rules import BRUFF
>>> seat(2, BRUFF)
2
>>> seat(1.5, BRUFF)
Traceback (most recent call last):
...
fortyfive.engine.errors.InputError: seat: expected a seat 0..5, got 1.5
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from fortyfive.engine.cards import MAX_CARD_TEXT, SUIT_NAMES, SUITS, Card, parse_card
from fortyfive.engine.errors import CardError, InputError

if TYPE_CHECKING:
    from fortyfive.engine.rules import Rules

#: Bounds on numbers that enter from outside (records, widgets, the command line): far beyond
#: any real game, small enough that no arithmetic on them is slow.
MAX_SCORE = 10**6
MAX_SEED = 2**64
#: How deep the lists and objects of a JSON file from outside may nest (the course's files
#: nest a handful of levels).
MAX_NESTING = 32


def json_text(text: str) -> Any:
    """``text`` read as JSON, strictly: Python's reader also takes ``NaN``, ``Infinity`` and
    ``-Infinity``, which are not JSON (RFC 8259), and reads ``1e400`` as infinity; such numbers
    would slip past every range check, so they raise ``ValueError`` here, as any other text
    that is not JSON does.

    >>> json_text('{"seconds": 2.5}')
    {'seconds': 2.5}
    >>> json_text('{"seconds": NaN}')
    Traceback (most recent call last):
    ...
    ValueError: NaN is not a JSON number
    >>> json_text('[1e400]')
    Traceback (most recent call last):
    ...
    ValueError: 1e400 is beyond a float's range

    Nesting is bounded too (:data:`MAX_NESTING` levels): every later step (a puzzle's
    definition turned into its digest, say) may recurse over the value, and a file nested a
    few hundred levels deep would exhaust the stack there, far from the file that did it.

    >>> json_text("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    fortyfive.engine.validate.NestedTooDeeply: nested deeper than 32 levels
    """
    try:
        value = json.loads(text, parse_constant=_not_a_number, parse_float=_finite)
    except RecursionError:
        raise NestedTooDeeply(f"nested deeper than {MAX_NESTING} levels") from None
    if nesting_depth(value) > MAX_NESTING:
        raise NestedTooDeeply(f"nested deeper than {MAX_NESTING} levels")
    return value


class NestedTooDeeply(ValueError):
    """JSON from outside whose lists and objects nest deeper than :data:`MAX_NESTING`."""


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in a parsed JSON value (a scalar is 0), counted
    without recursion.

    >>> nesting_depth({"a": [1, {"b": []}]}), nesting_depth(3)
    (4, 0)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend(
                (child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


class FileRefused(ValueError):
    """A file from outside that is not a regular file, or is larger than allowed: the message
    ("not a file", "larger than N bytes") leaves the file's name to the caller."""


def read_bounded(path: str | Path, limit: int) -> bytes:
    """The bytes of ``path``, a file from outside, read as untrusted: only a regular file (a
    folder, a pipe or a device of that name is refused at once, without waiting on it), and
    never more than ``limit`` bytes of it, else :class:`FileRefused`. A file that cannot be
    opened raises ``OSError``.

    >>> import tempfile
    >>> read_bounded(tempfile.gettempdir(), 10)
    Traceback (most recent call last):
    ...
    fortyfive.engine.validate.FileRefused: not a file
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe: no wait
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a file")
        if info.st_size > limit:
            raise FileRefused(f"larger than {limit} bytes")
        raw = b""
        while len(raw) <= limit:  # at most limit + 1: the file may have grown since
            chunk = os.read(fd, limit + 1 - len(raw))
            if not chunk:
                break
            raw += chunk
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise FileRefused(f"larger than {limit} bytes")
    return raw


def _not_a_number(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text:.40} is beyond a float's range")
    return value


def integer(value: Any, field: str, lo: int, hi: int, what: str | None = None) -> int:
    """A whole number in ``lo..hi`` (a bool is not a number here)."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise InputError(field, value, what or f"a whole number {lo}..{hi}")
    return value


def seat(value: Any, rules: Rules, field: str = "seat") -> int:
    """A seat of the table (R1.2: seats 0..players-1, clockwise)."""
    return integer(value, field, 0, rules.players - 1, f"a seat 0..{rules.players - 1}")


def seed(value: Any, field: str = "seed") -> int:
    return integer(value, field, 0, MAX_SEED - 1, "a seed: a whole number 0..2**64-1")


def scores(value: Any, rules: Rules, field: str = "scores") -> tuple[int, ...]:
    """One whole-number score per partnership (barker scores may be negative, R10.2)."""
    items = sequence(value, field, rules.n_partnerships, rules.n_partnerships)
    lo = -MAX_SCORE if rules.auction else 0
    return tuple(integer(s, f"{field}[{i}]", lo, MAX_SCORE) for i, s in enumerate(items))


def sequence(value: Any, field: str, lo: int, hi: int) -> Sequence[Any]:
    """A list or tuple of ``lo..hi`` items (not a string, a dict or a generator)."""
    if not isinstance(value, list | tuple):
        raise InputError(
            field, value, f"a list of {lo}..{hi} items" if lo != hi else f"a list of {lo}"
        )
    if not lo <= len(value) <= hi:
        expected = f"{lo}..{hi}" if lo != hi else f"{lo}"
        raise InputError(field, f"<{len(value)} items>", f"a list of {expected} items")
    return value


def card(value: Any, rules: Rules, field: str = "card") -> Card:
    """A card of this preset's pack (R1.1; the joker only where there is one, R2.1)."""
    try:
        c = parse_card(value)
    except CardError as e:
        raise CardError(field, value, f"{field}: {e}") from None
    if c.is_joker and not rules.joker:
        raise CardError(field, value, f"{field}: R2.1: {rules.name} is played without the joker")
    return c


def cards(value: Any, rules: Rules, field: str, lo: int = 0, hi: int = 53) -> list[Card]:
    """Distinct cards of the pack: a list of cards or card names, or one string of them."""
    if isinstance(value, str):
        if len(value) > MAX_CARD_TEXT * max(hi, 1):  # measured before it is split: no huge list
            raise InputError(field, value, f"at most {hi} cards of text")
        value = value.replace(",", " ").split()
    items = sequence(value, field, lo, hi)
    out = [card(v, rules, f"{field}[{i}]") for i, v in enumerate(items)]
    if len(set(out)) != len(out):
        twice = sorted({str(c) for c in out if out.count(c) > 1})
        raise InputError(field, " ".join(twice), "each card at most once")
    return out


def suit(value: Any, field: str = "trump") -> str:
    """A suit letter S, C, D or H (any case), or its name (R1.1)."""
    if isinstance(value, str) and value.isascii() and len(value) <= 8:
        word = value.strip().lower()
        for s in SUITS:
            if word in (s.lower(), SUIT_NAMES[s]):
                return s
    raise InputError(field, value, "a suit: S, C, D or H")
