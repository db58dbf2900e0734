"""Drill benchmark: the kernel's share of a "Next puzzle" click, per kind and difficulty.

For every drillable kind and difficulty, time ``rounds`` fresh drill puzzles: the puzzle made
from its key (generated, every candidate checked by the engine, or for ``give-up`` and ``bid``
drawn from the shipped bank), started, and its first :meth:`PuzzleRun.view`, which is what the
practice widget does before it redraws.

>>> rows = drill_bench(rounds=1, kinds=("order",))
>>> [(r["kind"], r["difficulty"]) for r in rows]
[('order', 1), ('order', 2), ('order', 3)]
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable
from typing import Any

from fortyfive.puzzles.sessions import DRILL_KINDS, DrillKey


def drill_bench(
    rounds: int = 20, seed: int = 1, kinds: Iterable[str] = DRILL_KINDS
) -> list[dict[str, Any]]:
    """Median, p95 and max milliseconds of make + start + view, per kind and difficulty."""
    rows = []
    for kind in kinds:
        for difficulty in (1, 2, 3):
            ms = []
            for n in range(1, rounds + 1):
                t0 = time.perf_counter()
                DrillKey(kind, seed, difficulty, n).puzzle().start().view()
                ms.append((time.perf_counter() - t0) * 1000)
            ms.sort()
            rows.append(
                {
                    "kind": kind,
                    "difficulty": difficulty,
                    "puzzles": len(ms),
                    "median ms": round(statistics.median(ms), 2),
                    "p95 ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2),
                    "max ms": round(ms[-1], 2),
                }
            )
    return rows
