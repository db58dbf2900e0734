"""The generator's digest: a stamp of the code that made the shipped puzzle files.

Each shipped collection and drill bank stores the digest of the generator's sources (every module
of :mod:`fortyfive.puzzles.generate`) that built it. The quick tests compare it with today's
sources and rebuild one puzzle of each kind; the full tier rebuilds every file byte for byte. A
change to the generator therefore fails the quick tests until the files are rebuilt
(``python -m fortyfive.puzzles.generate``), and the full tier proves the rebuild.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent


@cache
def generator_digest() -> str:
    """16 hex digits of sha256 over the generator package's module names and sources.

    >>> len(generator_digest()), generator_digest() == generator_digest()
    (16, True)
    """
    h = hashlib.sha256()
    for path in sorted(_HERE.glob("*.py")):
        h.update(path.name.encode() + b"\0")
        # Line endings normalised: a checkout on another system stamps the same.
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()[:16]
