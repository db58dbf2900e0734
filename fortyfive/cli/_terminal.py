"""Text from a record or a file, as the command line prints it: every control character escaped.

A record's rule and partnership names, a file's field names, anything read from outside, may
hold a terminal's control codes (ESC sequences set the window's title or clear the screen).
Every subcommand that prints such text passes it through :func:`terminal_text` (or prints it
with :func:`echo`); the teacher's commands guard their messages the same way
(:func:`fortyfive.teach._text.shown`).

>>> terminal_text("N\\x1b]0;pwned\\x07-S ♥ 10♣")
'N\\\\x1b]0;pwned\\\\x07-S ♥ 10♣'
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

#: What is escaped: C0 controls but the line break, DEL, C1 controls, the bidirectional
#: overrides (they reorder what follows on the line) and lone surrogates (no terminal
#: encoding can write one). Ordinary Unicode (♥, é, 10♣) is printed as it is.
CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\u202e``)."""
    return CONTROLS.sub(_escaped, text)


def echo(text: str, file: TextIO | None = None) -> None:
    """Print ``text`` with its control characters escaped (to stdout, or ``file``)."""
    print(terminal_text(text), file=file if file is not None else sys.stdout)
