"""The two test tiers and the sizes that differ between them, all in one place.

The quick tier (``python -m pytest``, the README's command) checks every behaviour once, at a
size that finishes in minutes. The full tier (``python -m pytest --full``, or
``FORTYFIVE_FULL=1``) adds what only re-proves shipped data or repeats a check at size: the
byte-for-byte rebuilds of the puzzle files, the Pyodide rerun of the test files, the
screenshots, and property and seeded runs at full size.

Sizes: hypothesis reads its profile (``quick`` or ``full``, loaded by ``conftest.py``); a
seeded test asks :func:`seeds` for its seeds, and a property test that states its own size asks
:func:`examples`. ``FORTYFIVE_SEEDS=N`` runs N seeds wherever :func:`seeds` is used, in either
tier (``FORTYFIVE_SEEDS=2000`` for a long hunt).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

import pytest

T = TypeVar("T")

#: Set by ``--full`` (conftest.py) so that xdist's workers and subprocesses see the tier too.
FULL_ENV = "FORTYFIVE_FULL"
SEEDS_ENV = "FORTYFIVE_SEEDS"
#: In the quick tier, property runs use this share of their full size.
QUICK_SHARE = 0.1

#: Marks a test of the full tier only (skipped in the quick tier, with the command that runs it).
full_only = pytest.mark.full


def is_full() -> bool:
    """Whether this run is the full tier."""
    return os.environ.get(FULL_ENV) == "1"


def _seed_override() -> int | None:
    text = os.environ.get(SEEDS_ENV, "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) <= 100_000:
        raise pytest.UsageError(f"{SEEDS_ENV} is a count of seeds, 1 to 100000 (got {text!r})")
    return int(text)


def seed_count(full: int, quick: int | None = None) -> int:
    """How many seeds a seeded test runs: ``full`` in the full tier, ``quick`` (by default a
    tenth of ``full``, at least 3) in the quick tier; ``FORTYFIVE_SEEDS`` overrides both."""
    override = _seed_override()
    if override is not None:
        return override
    if is_full():
        return full
    return quick if quick is not None else max(3, round(full * QUICK_SHARE))


def seeds(full: int, quick: int | None = None, start: int = 0) -> range:
    """The seeds ``start, start + 1, ...`` of :func:`seed_count`."""
    return range(start, start + seed_count(full, quick))


def examples(full: int) -> int:
    """A property test's ``max_examples``: ``full`` in the full tier, a tenth (at least 10) in
    the quick tier."""
    return full if is_full() else max(10, round(full * QUICK_SHARE))


def sample(items: Sequence[T], quick: int) -> list[T]:
    """All of ``items`` in the full tier; in the quick tier ``quick`` of them, evenly spread
    (the first and the last included), for checks that walk shipped data at size.

    >>> sample(range(10), 3) if not is_full() else [0, 4, 9]
    [0, 4, 9]
    """
    if is_full() or quick >= len(items):
        return list(items)
    if quick <= 1:
        return list(items[:quick])
    step = (len(items) - 1) / (quick - 1)
    return [items[round(i * step)] for i in range(quick)]
