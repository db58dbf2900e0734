"""The engine's errors: every refusal is a ``ValueError`` subclass whose message says what was
wrong (the field, the value, the rule id), and nothing is changed by a refused call.

- :class:`InputError`: a value of the wrong type, shape or range (a seat that is not a seat, a
  score that is not a whole number, a card that is not in the pack). ``field`` names it.
- :class:`CardError` (an ``InputError``): text that is not a card (R1.1).
- :class:`~fortyfive.engine.actions.IllegalActionError`: an action that is not legal now, and
  its :class:`~fortyfive.engine.actions.ActionSyntaxError` for text that is not an action.
- :class:`~fortyfive.engine.record.RecordError`: a game record that cannot be replayed as it is.
"""

from __future__ import annotations

#: How much of a bad value a message quotes: enough to recognise it, never a whole upload.
QUOTE_CHARS = 60


def quote(value: object) -> str:
    """A short, safe rendering of a value for an error message."""
    if isinstance(value, str) and len(value) > QUOTE_CHARS:
        value = value[:QUOTE_CHARS] + "..."  # never a repr of a whole upload
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still refused, by its type
        text = f"<{type(value).__name__}>"
    if len(text) > QUOTE_CHARS:
        text = text[: QUOTE_CHARS - 3] + "..."
    return text


class InputError(ValueError):
    """A value the engine does not take: ``field`` names where it was given.

    >>> raise InputError("seat", -1, "a seat 0..5")
    Traceback (most recent call last):
    ...
    fortyfive.engine.errors.InputError: seat: expected a seat 0..5, got -1
    """

    def __init__(
        self, field: str, value: object, expected: str, message: str | None = None
    ) -> None:
        self.field = field
        super().__init__(message or f"{field}: expected {expected}, got {quote(value)}")


class CardError(InputError):
    """Text that is not a card of the pack (R1.1)."""

    def __init__(self, field: str, value: object, message: str) -> None:
        super().__init__(field, value, "", message)
