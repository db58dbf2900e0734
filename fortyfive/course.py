"""What the course notebooks call: puzzles that record every attempt, and the learner's results.

>>> from fortyfive.course import results
>>> list(results(1, progress_file="/nonexistent/progress.json").columns)[:3]
['puzzle', 'kind', 'title']
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .progress import ProgressLog, chapter_results

if TYPE_CHECKING:
    import pandas

    from .puzzle_widget import PuzzleWidget  # type: ignore[import-untyped,import-not-found,unused-ignore]


def puzzle(
    puzzle_id: str, tries_before_show: int = 3, progress_file: str | Path | None = None
) -> PuzzleWidget:
    """The shipped puzzle ``puzzle_id`` as a widget; every check is saved to the progress file
    beside the notebook (see :mod:`fortyfive.progress`)."""
    from .puzzle_widget import PuzzleWidget  # type: ignore[import-untyped,import-not-found,unused-ignore]

    log = ProgressLog(progress_file)

    def record(attempt: dict[str, Any]) -> None:
        log.record(attempt)

    return PuzzleWidget(puzzle_id, tries_before_show=tries_before_show, on_attempt=record)


def results(chapter: int, progress_file: str | Path | None = None) -> pandas.DataFrame:
    """Your results in a chapter: one row per puzzle (tries, solved, first try, hints, shown)."""
    return chapter_results(chapter, progress_file)
