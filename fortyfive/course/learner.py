"""What a learner's notebook calls for its own work: a puzzle that records every attempt, the
chapter's results, the progress file's download link, and several learners' files as one table
(for a teacher).

>>> results(1, progress_file="/nonexistent/progress.json").columns[:3]
('puzzle', 'kind', 'title')
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fortyfive.course.progress import MAX_FILE_BYTES, ProgressLog, chapter_results, progress
from fortyfive.course.review import Recipe
from fortyfive.engine.tabular import Table
from fortyfive.engine.validate import FileRefused, read_bounded
from fortyfive.puzzles.model import ATTEMPT_FIELDS

if TYPE_CHECKING:
    import pandas

    from fortyfive.puzzles.model import Puzzle
    from fortyfive.widgets.puzzle import PuzzleWidget


def puzzle(
    puzzle_id: str | Puzzle, tries_before_show: int = 3, progress_file: str | Path | None = None
) -> PuzzleWidget:
    """A puzzle as a widget: a shipped one by id (``"c1-01"``) or any :class:`Puzzle` (e.g. one
    of :func:`fortyfive.puzzles.generate.generate_puzzles`). Every check is saved to the progress
    file beside the notebook (see :mod:`fortyfive.course.progress`); a shipped puzzle missed
    there enters the review queue (:mod:`fortyfive.course.review`)."""
    from fortyfive.widgets.puzzle import PuzzleWidget

    log = ProgressLog(progress_file)
    widget = PuzzleWidget(puzzle_id, tries_before_show=tries_before_show)
    recipe = Recipe.of(widget.puzzle)

    def record(attempt: dict[str, Any]) -> None:
        log.record(attempt, recipe)

    widget.on_attempt = record
    return widget


def results(chapter: int, progress_file: str | Path | None = None) -> Table[object]:
    """Your results in a chapter: one row per puzzle (tries, solved, first try, hints, shown)."""
    return chapter_results(chapter, progress_file)


class ProgressDownload:
    """A link that saves the progress file from the page (a ``data:`` address: it works in
    JupyterLab and in the browser-only course alike, where the file lives in the browser's
    storage), for handing in to a teacher."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:  # only a regular file, bounded as its reader is: never a FIFO or a device
            self.data = read_bounded(path, MAX_FILE_BYTES)
        except (OSError, FileRefused):
            self.data = b""

    def _repr_html_(self) -> str:
        import base64

        if not self.data:
            return f"<p>No progress recorded yet in {html.escape(self.path.name)}.</p>"
        href = "data:application/json;base64," + base64.b64encode(self.data).decode("ascii")
        name = html.escape(self.path.name)
        return (
            f'<p><a class="fortyfive-download" download="{name}" href="{href}">'
            f"Download {name}</a> ({len(self.data):,} bytes) to hand it in.</p>"
        )

    def __repr__(self) -> str:
        return f"<ProgressDownload {self.path.name}: {len(self.data)} bytes>"


def download_progress(progress_file: str | Path | None = None) -> ProgressDownload:
    """A download link for your progress file (``fortyfive-progress.json`` beside the notebook).

    >>> download_progress("/nonexistent/p.json")
    <ProgressDownload p.json: 0 bytes>
    """
    return ProgressDownload(Path(progress_file) if progress_file else ProgressLog().path)


def collect_progress(files: Mapping[str, str | Path] | Iterable[str | Path]) -> pandas.DataFrame:
    """Several learners' progress files as one DataFrame, one row per check, with a ``learner``
    column first: the mapping's keys, or each file's folder name when given a list of paths.

    It reports what the files claim: each file is checked (its size, every field, an ISO 8601
    ``time``) and refused with :class:`~fortyfive.course.progress.ProgressError` if it is not
    one the course wrote, but a learner can edit their own file, so ``correct`` and ``solved``
    are the learner's kernel's word, not re-checked here. To grade, hand out an assignment
    (:mod:`fortyfive.teach`): its submissions are re-checked against the engine. The rows are
    the checks each file keeps one by one (its last
    :data:`~fortyfive.course.progress.KEEP_ATTEMPTS`); older ones are summarised per puzzle
    (:func:`~fortyfive.course.progress.summary`).

    >>> list(collect_progress({"ann": "/nonexistent/p.json"}).columns)[:2]
    ['learner', 'puzzle']
    """
    import pandas as pd

    if isinstance(files, Mapping):
        named = [(str(k), Path(v)) for k, v in files.items()]
    else:
        named = [(Path(p).parent.name, Path(p)) for p in files]
    rows = [{"learner": learner, **r} for learner, path in named for r in progress(path).rows]
    return pd.DataFrame(rows, columns=["learner", *ATTEMPT_FIELDS])
