"""Progress file benchmark: the time one check takes to be saved (a real
:meth:`~fortyfive.course.progress.ProgressLog.record`: read, checked, rewritten), and the file's
size, after a learner has made 0 ... 20,000 checks. The file is bounded
(:func:`fortyfive.course.progress.bounded`), so both stay flat however old the file is.

The file "after N checks" is built as the writer leaves it, without N real writes: the checks
are appended in memory and folded whenever the writer would fold them.

>>> rows = progress_bench(ages=(0, 1500), rounds=2)
>>> [r["checks before"] for r in rows]
[0, 1500]
>>> rows[1]["attempts kept"] <= 1000
True
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fortyfive.course.progress import (
    KEEP_ATTEMPTS,
    Progress,
    ProgressLog,
    bounded,
    read_progress,
)
from fortyfive.course.safe_paths import replace_file
from fortyfive.puzzles.model import load_collection


def _ids() -> list[tuple[str, str, int]]:
    return [(p.id, p.kind, c) for c in range(7) for p in load_collection(c)]


def checks(n: int, start: datetime | None = None) -> Iterable[dict[str, Any]]:
    """``n`` checks as the course records them, over the shipped puzzles in turn: every third
    wrong, one hint in five, a "show me" in thirty."""
    ids = _ids()
    when = start or datetime(2026, 1, 1, tzinfo=UTC)
    for i in range(n):
        puzzle, kind, chapter = ids[i % len(ids)]
        yield {
            "puzzle": puzzle,
            "kind": kind,
            "chapter": chapter,
            "answer": ["5D", "JD", "AH"],
            "correct": i % 3 != 0,
            "solved": i % 3 != 0,
            "seconds": 7.5,
            "hints_used": int(i % 5 == 0),
            "shown": i % 30 == 29,
            "time": (when + timedelta(minutes=i)).isoformat(timespec="seconds"),
        }


def aged(n: int) -> Progress:
    """The progress the writer leaves after ``n`` checks (no review queue)."""
    data = Progress()
    for attempt in checks(n):
        data.attempts.append(attempt)
        if len(data.attempts) > KEEP_ATTEMPTS:
            bounded(data)  # folds as the writer would at this check
    return data


def progress_bench(
    ages: Iterable[int] = (0, 1_000, 5_000, 20_000), rounds: int = 50
) -> list[dict[str, Any]]:
    """Per age (checks already made): median, p95 and max milliseconds of one real check's
    save, the file's bytes and the attempts it keeps one by one."""
    rows = []
    extra = list(checks(rounds, datetime(2030, 1, 1, tzinfo=UTC)))
    with tempfile.TemporaryDirectory(prefix="fortyfive-bench-") as tmp:
        for age in ages:
            path = Path(tmp) / f"progress-{age}.json"
            replace_file(path, bounded(aged(age)))
            log = ProgressLog(path)
            ms = []
            for attempt in extra:
                t0 = time.perf_counter()
                log.record(attempt)
                ms.append((time.perf_counter() - t0) * 1000)
            ms.sort()
            rows.append(
                {
                    "checks before": age,
                    "checks timed": len(ms),
                    "median ms": round(statistics.median(ms), 2),
                    "p95 ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2),
                    "max ms": round(ms[-1], 2),
                    "file bytes": path.stat().st_size,
                    "attempts kept": len(read_progress(path).attempts),
                }
            )
    return rows
