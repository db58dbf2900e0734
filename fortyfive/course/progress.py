"""The learner's progress: every puzzle attempt and the review queue, kept in a JSON file
beside the notebook.

The file (``fortyfive-progress.json`` in the notebook's folder, the kernel's working
directory) is versioned so that teacher tools can read it::

    {"format": "fortyfive-progress", "version": 2,
     "attempts": [{"puzzle": "c1-03", "kind": "order", "chapter": 1,
                   "answer": ["5D", "JD", "AH"], "correct": false, "solved": false, "seconds": 7.4,
                   "hints_used": 1, "shown": false, "time": "2026-11-29T19:02:42+00:00"}, ...],
     "review": [{"puzzle": "c1-03", "kind": "order", "box": 1, "due": "2026-11-30"}, ...]}

``answer`` is what the learner gave (for "show me", null); ``correct`` says whether it was
right; ``solved`` whether the puzzle is now solved (a right move of an endgame may leave more to
play). One line per check, in order. ``review`` is the review queue, one entry per puzzle to
see again (its Leitner box and the day it is due: :mod:`fortyfive.course.review`).

Version 1 (the attempts alone) is still read: :func:`upgrade_v1` makes it version 2, its review
queue holding every shipped puzzle it records a wrong answer or a "Show me" for, and the file is
written as version 2 at the next check. The file is untrusted: its size, its counts and every
field are checked before any of it is used, and a file that fails is refused with the reason
(:class:`ProgressError`) and left as it is.

>>> import tempfile, pathlib
>>> log = ProgressLog(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> log.record({"puzzle": "c1-01", "kind": "order", "chapter": 1, "answer": ["5D"],
...             "correct": True, "seconds": 3.2, "hints_used": 0, "shown": False})
>>> [(r["puzzle"], r["correct"]) for r in progress(log.path).rows]
[('c1-01', True)]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from fortyfive.course.jsonfiles import check_header, read_json, write_json
from fortyfive.course.review import (
    MAX_ITEMS,
    Recipe,
    ReviewItem,
    StaleEntry,
    from_attempts,
    item_from_json,
    missed,
    reviewed,
)
from fortyfive.engine.errors import quote
from fortyfive.engine.tabular import Table
from fortyfive.puzzles.model import ATTEMPT_FIELDS, MAX_ATTEMPT_HINTS, MAX_ATTEMPT_SECONDS

FILE_NAME = "fortyfive-progress.json"
FORMAT = "fortyfive-progress"
VERSION = 2
#: The versions read: the older one is upgraded as it is read (:func:`upgrade_v1`).
READABLE = (1, 2)
_OPTIONAL = ("solved", "time")
#: What a field an attempt leaves out reads as in the tables.
_MISSING: dict[str, Any] = {
    "puzzle": "",
    "kind": "",
    "chapter": None,
    "answer": None,
    "correct": False,
    "solved": False,
    "seconds": 0.0,
    "hints_used": 0,
    "shown": False,
    "time": "",
}


def default_path() -> Path:
    """The progress file beside the running notebook (the kernel's working directory)."""
    return Path.cwd() / FILE_NAME


@dataclass
class Progress:
    """A progress file's contents, checked: the attempts and the review queue."""

    attempts: list[dict[str, Any]] = field(default_factory=list)
    review: list[ReviewItem] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The file's contents, in the present version."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "attempts": self.attempts,
            "review": [i.to_json() for i in self.review],
        }


class ProgressLog:
    """Appends attempts to a progress file and keeps its review queue; each write replaces the
    file atomically, after the whole file has been read and checked (a bad file is refused
    with :class:`ProgressError` and not written). ``today`` gives the learner's date (for the
    review's due days; tests pass their own)."""

    def __init__(
        self, path: str | Path | None = None, today: Callable[[], date] = date.today
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.today = today

    def read(self) -> Progress:
        """The file as it is now, checked (:func:`read_progress`)."""
        return read_progress(self.path)

    def attempts(self) -> list[dict[str, Any]]:
        """Every attempt recorded, oldest first."""
        return self.read().attempts

    def review_items(self) -> list[ReviewItem]:
        """The review queue, in the file's order."""
        return self.read().review

    def record(self, attempt: dict[str, Any], recipe: Recipe | None = None) -> None:
        """Add one attempt (the fields of :data:`ATTEMPT_FIELDS`; ``time`` is filled in). When
        ``recipe`` says how to re-create the puzzle, a wrong answer or a "Show me" puts it in
        box 1 of the review queue."""
        missing = [c for c in ATTEMPT_FIELDS if c not in _OPTIONAL and c not in attempt]
        if missing:
            raise ValueError(f"an attempt needs the fields {missing}")
        row = {c: attempt.get(c) for c in ATTEMPT_FIELDS}
        if row["solved"] is None:  # one-step puzzles: a right answer solves them
            row["solved"] = bool(attempt["correct"])
        row["time"] = attempt.get("time") or datetime.now(UTC).isoformat(timespec="seconds")
        data = self.read()
        data.attempts.append(row)
        if recipe is not None and not attempt["correct"]:
            data.review = missed(data.review, recipe, self.today())
        self._write(data)

    def reviewed(self, recipe: Recipe, outcome: str) -> ReviewItem | None:
        """Move ``recipe``'s puzzle after a review with ``outcome`` (``fortyfive.puzzles.
        practice.OUTCOMES``); returns its entry now, ``None`` when it has left the queue."""
        data = self.read()
        data.review = reviewed(data.review, recipe, outcome, self.today())
        self._write(data)
        return next((i for i in data.review if i.recipe.puzzle == recipe.puzzle), None)

    def _write(self, data: Progress) -> None:
        if len(data.review) > MAX_ITEMS:  # the oldest entries make room: the file stays readable
            data.review = data.review[-MAX_ITEMS:]
        write_json(self.path, data.to_json())


#: Bounds on a progress file, checked before it is parsed or used: a whole course is a few
#: hundred checks, and a teacher reads many learners' files.
MAX_FILE_BYTES = 4 * 2**20
MAX_ATTEMPTS = 20_000


class ProgressError(ValueError):
    """A progress file that is not one this course wrote: the message names the file and the
    bad field."""


def _check_attempt(path: Path, i: int, a: Any) -> dict[str, Any]:
    where = f"{path}: attempts[{i}]"
    if not isinstance(a, dict) or set(a) - set(ATTEMPT_FIELDS):
        raise ProgressError(f"{where} must be an object with the fields {list(ATTEMPT_FIELDS)}")
    kinds: dict[str, tuple[type, ...]] = {
        "puzzle": (str,),
        "kind": (str,),
        "chapter": (int, type(None)),
        "correct": (bool,),
        "solved": (bool, type(None)),
        "seconds": (int, float),
        "hints_used": (int,),
        "shown": (bool,),
        "time": (str,),
    }
    for key, types in kinds.items():
        if key in a and (
            not isinstance(a[key], types) or (bool not in types and isinstance(a[key], bool))
        ):
            raise ProgressError(f"{where}.{key} is {quote(a[key])}")
    bounds = {"chapter": 99, "seconds": MAX_ATTEMPT_SECONDS, "hints_used": MAX_ATTEMPT_HINTS}
    for key, hi in bounds.items():
        if a.get(key) is not None and not 0 <= a[key] <= hi:
            raise ProgressError(f"{where}.{key} is {quote(a[key])}")
    for key in ("puzzle", "kind", "time"):
        if len(a.get(key, "")) > 100:
            raise ProgressError(f"{where}.{key} is too long")
    if len(json.dumps(a.get("answer"))) > 10_000:
        raise ProgressError(f"{where}.answer is too large")
    return a


def _check_review(path: Path, entries: Any) -> list[ReviewItem]:
    if not isinstance(entries, list) or len(entries) > MAX_ITEMS:
        raise ProgressError(f"{path}: 'review' must be a list of at most {MAX_ITEMS}")
    items: list[ReviewItem] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        try:
            item = item_from_json(entry)
        except StaleEntry:
            continue  # no longer shipped as it was: it leaves the queue at the next write
        except ValueError as e:
            raise ProgressError(f"{path}: review[{i}]: {e}") from None
        if item.recipe.puzzle in seen:
            raise ProgressError(f"{path}: review[{i}]: {item.recipe.puzzle} is listed twice")
        seen.add(item.recipe.puzzle)
        items.append(item)
    return items


def upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 file's contents as version 2 (its attempts already checked): the same
    attempts, and the review queue they imply (``fortyfive.course.review.from_attempts``)."""
    items = from_attempts(data["attempts"])
    return {
        "format": FORMAT,
        "version": 2,
        "attempts": data["attempts"],
        "review": [i.to_json() for i in items],
    }


def read_progress(path: str | Path) -> Progress:
    """A progress file, checked (empty when there is none yet); a version-1 file is upgraded.
    Raises :class:`ProgressError` for a file this course did not write, before using any of
    it."""
    path = Path(path)
    if not path.is_file():
        return Progress()
    data = read_json(path, MAX_FILE_BYTES, "progress file", ProgressError)
    version = check_header(data, FORMAT, READABLE, "progress file", str(path), ProgressError)
    attempts = data.get("attempts")
    if not isinstance(attempts, list) or len(attempts) > MAX_ATTEMPTS:
        raise ProgressError(f"{path}: 'attempts' must be a list of at most {MAX_ATTEMPTS}")
    checked = [_check_attempt(path, i, a) for i, a in enumerate(attempts)]
    if version == 1:
        if "review" in data:
            raise ProgressError(f"{path}: a version-1 file has no 'review'")
        data = upgrade_v1({**data, "attempts": checked})
    return Progress(checked, _check_review(path, data.get("review", [])))


def read_attempts(path: str | Path) -> list[dict[str, Any]]:
    """The attempts in a progress file ([] when there is none yet); raises
    :class:`ProgressError` for a file this course did not write, before using any of it."""
    return read_progress(path).attempts


def progress(path: str | Path | None = None, chapter: int | None = None) -> Table[object]:
    """Every recorded attempt as a table (one row per check, every field of
    :data:`~fortyfive.puzzles.model.ATTEMPT_FIELDS`), optionally one chapter's."""
    # An older file may leave fields out (version 1 checked only those present): read them as
    # a check of no answer, not right, no hint, not shown.
    rows = [_filled(a) for a in read_attempts(path if path is not None else default_path())]
    mine = [r for r in rows if chapter is None or r.get("chapter") == chapter]
    return Table(mine, list(ATTEMPT_FIELDS))


def _filled(attempt: dict[str, Any]) -> dict[str, Any]:
    """``attempt`` with every field (:data:`_MISSING`); without ``solved``, a right answer
    solved it, as :meth:`ProgressLog.record` fills it in."""
    return {**_MISSING, "solved": bool(attempt.get("correct")), **attempt}


def _first_try(rows: list[dict[str, Any]]) -> bool:
    """Solved before any wrong answer or "show me": an endgame solved after a wrong move in
    mid-line (its attempt failed, then Try again) is not a first-try solve."""
    for r in rows:
        if r["shown"] or not r["correct"]:
            return False
        if r["solved"]:
            return True
    return False


def chapter_results(chapter: int, path: str | Path | None = None) -> Table[object]:
    """One row per puzzle of a shipped chapter: tries, solved, first try, hints, shown."""
    from fortyfive.puzzles.model import load_collection

    attempts = [
        _filled(a)
        for a in read_attempts(path if path is not None else default_path())
        if a.get("chapter") == chapter
    ]
    rows = []
    for p in load_collection(chapter):
        mine = [a for a in attempts if a["puzzle"] == p.id]
        checks = [a for a in mine if not a["shown"]]
        rows.append(
            {
                "puzzle": p.id,
                "kind": p.kind,
                "title": p.title,
                "tries": len(checks),
                "solved": any(bool(a["solved"]) for a in checks),
                "first try": _first_try(mine),
                "hints": max((int(a["hints_used"]) for a in mine), default=0),
                "shown": any(bool(a["shown"]) for a in mine),
            }
        )
    return Table(rows)
