"""Practice that adapts: a hinted or shown solve is never a first try (in the chapter's
results, from the checks kept one by one and from the folded summary alike), and the streak
and the best streak carry from one drill to the next through the progress file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fortyfive.course.progress import ProgressLog, chapter_results, fold
from fortyfive.puzzles import get_puzzle


def check(puzzle_id: str, correct: bool, hints: int = 0, shown: bool = False) -> dict[str, Any]:
    p = get_puzzle(puzzle_id)
    return {
        "puzzle": puzzle_id,
        "kind": p.kind,
        "chapter": p.chapter,
        "answer": None,
        "correct": correct,
        "solved": correct,
        "seconds": 4.0,
        "hints_used": hints,
        "shown": shown,
        "time": "2026-12-01T10:00:00+00:00",
    }


def _row(path: Path, puzzle_id: str) -> Mapping[str, object]:
    rows = chapter_results(get_puzzle(puzzle_id).chapter or 0, path).rows
    return next(r for r in rows if r["puzzle"] == puzzle_id)


def test_a_solve_after_a_hint_is_not_a_first_try(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    log.record(check("c1-13", True, hints=1))
    row = _row(log.path, "c1-13")
    assert row["solved"] is True and row["hints"] == 1
    assert row["first try"] is False


def test_a_solve_after_show_me_is_not_a_first_try(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    log.record(check("c1-13", True, shown=True))
    log.record(check("c1-13", True))
    assert _row(log.path, "c1-13")["first try"] is False


def test_a_clean_solve_is_a_first_try(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    log.record(check("c1-13", True))
    assert _row(log.path, "c1-13")["first try"] is True


def test_the_folded_summary_does_not_count_a_hinted_solve_as_first_try() -> None:
    assert fold([], [check("c1-13", True, hints=2)])[0]["first_try"] is False
    assert fold([], [check("c1-13", True)])[0]["first_try"] is True
