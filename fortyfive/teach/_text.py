"""Untrusted text as the teacher's messages, files and terminal may show it."""

from __future__ import annotations

import unicodedata


def printable(text: str) -> bool:
    """Is every character of ``text`` one to show as it is: no control code for a terminal
    (an escape sequence), no lone surrogate UTF-8 cannot write (a file name that is not
    UTF-8), no line break or invisible format character? Spaces of every width are (a French
    title's non-breaking space)."""
    return all(c.isprintable() or unicodedata.category(c) == "Zs" for c in text)


def shown(text: str) -> str:
    """``text`` as a message may show it: as it is when :func:`printable`, else quoted with the
    other characters escaped, as :func:`~fortyfive.engine.errors.quote` shows a value, but
    whole (a path cut short names no file)."""
    return text if printable(text) else repr(text)
