"""Puzzle benchmark: the kernel's share of a click's feedback, per puzzle kind.

For every shipped puzzle and ``rounds`` fresh starts, time one :meth:`PuzzleRun.check` of a
well-formed answer built from the view (the first card, option or values offered: right or
wrong, the engine does the same work) followed by the :meth:`PuzzleRun.view` the widget
redraws from. Endgames (``target``) include the defence's replies found by the solver.

>>> rows = puzzle_bench(rounds=1)
>>> sorted(r["kind"] for r in rows) == sorted(set(r["kind"] for r in rows))
True
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from fortyfive.puzzles.model import CHAPTERS, load_collection


def _answer(view: dict[str, Any]) -> Any:
    """A well-formed answer: the first of everything offered."""
    ans = view["answer"]
    kind = ans["type"]
    if kind == "sequence":
        return list(ans["cards"])
    if kind == "card":
        return ans["cards"][0]
    if kind == "cards":
        return ans["cards"][:1]
    if kind == "choice":
        return ans["options"][0]["value"]
    if kind == "choices":
        return [ans["options"][0]["value"]]
    return {
        f["name"]: 0 if f["kind"] == "number" else f["options"][0]["value"] for f in ans["fields"]
    }


def puzzle_bench(rounds: int = 20) -> list[dict[str, Any]]:
    """Median and p95 milliseconds of check + view per kind, over the shipped puzzles."""
    times: dict[str, list[float]] = {}
    for ch in CHAPTERS:
        for p in load_collection(ch):
            for _ in range(rounds):
                run = p.start()
                answer = _answer(run.view())
                t0 = time.perf_counter()
                run.check(answer)
                run.view()
                times.setdefault(p.kind, []).append((time.perf_counter() - t0) * 1000)
    rows = []
    for kind, ms in times.items():
        ms.sort()
        rows.append(
            {
                "kind": kind,
                "checks": len(ms),
                "median ms": round(statistics.median(ms), 2),
                "p95 ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2),
                "max ms": round(ms[-1], 2),
            }
        )
    return rows
