"""The learner's progress: every puzzle attempt and the review queue, kept in a JSON file
beside the notebook.

The file (``fortyfive-progress.json`` in the notebook's folder, the kernel's working
directory) is versioned so that teacher tools can read it::

    {"format": "fortyfive-progress", "version": 5,
     "attempts": [{"puzzle": "c1-03", "kind": "order", "chapter": 1,
                   "answer": ["5D", "JD", "AH"], "correct": false, "solved": false, "seconds": 7.4,
                   "hints_used": 1, "shown": false, "time": "2026-11-29T19:02:42+00:00"}, ...],
     "review": [{"puzzle": "c1-03", "kind": "order", "due": "2026-11-30",
                 "last": "2026-11-29", "stability": 0.212, "difficulty": 6.4133}, ...],
     "summary": [{"puzzle": "c1-01", "kind": "order", "chapter": 1, "tries": 2, "solved": true,
                  "first_try": false, "hints": 1, "shown": false, "seconds": 21.5,
                  "last": "2026-11-02T10:00:00+00:00"}, ...],
     "practice": {"streak": 3, "best": 7, "learner": [1562.4, 88.1, 0.059998],
                  "items": {"drill-order-d1": [1431.0, 120.5, 0.06], ...},
                  "history": [["2026-11-29T19:02:42+00:00", 1562.4], ...]}}

``answer`` is what the learner gave (for "show me", null); ``correct`` says whether it was
right; ``solved`` whether the puzzle is now solved (a right move of an endgame may leave more to
play). One line per check, in order. ``review`` is the review queue, one entry per puzzle to
see again (its FSRS card and the day it is due: :mod:`fortyfive.course.review`).
``practice`` (:class:`Standing`) keeps the drills' streak and best streak from one day to the
next, and the Glicko-2 ratings (:mod:`fortyfive.course.rating`) of the learner and of each
puzzle tried (a shipped puzzle by its id, a drill by its kind and difficulty), each
``[rating, deviation, volatility]``, with the learner's rating after each rated attempt in
``history``: at most :data:`MAX_RATED` puzzles (those rated longest ago leave first) and
:data:`MAX_HISTORY` points.

The file stays small whatever its age: it keeps the last :data:`KEEP_ATTEMPTS` checks one by one
(and fewer when their answers are large), and the older ones are folded into ``summary``, one
entry per puzzle (tries, solved, first try, most hints, shown, seconds): the chapter's results
read both, so nothing a learner did is lost from them. The writer checks what it writes against
the reader's own bounds (:data:`MAX_FILE_BYTES`), so a file it wrote is always read back, and a
check costs the same in its first week as after years.

Older versions are still read and upgraded in place at the next check: version 1 (the attempts
alone) gets the review queue its attempts imply (:func:`upgrade_v1`), version 2 an empty
summary, versions 1 to 3 a fresh ``practice`` (streak 0, unrated), and versions 2 to 4, whose
queue kept Leitner boxes, an FSRS card for each entry, due on the same day
(:func:`~fortyfive.course.review.legacy_item_from_json`); their attempts are kept (folded like
any others once there are too many).

The file is untrusted: its size, its counts and every field are checked before any of it is
used, and a file that fails is refused with the reason (:class:`ProgressError`) and left as it
is; so is a path that is not a regular file (a folder,
a device such as ``/dev/null``, a FIFO, a link leading out of its folder:
:mod:`fortyfive.course.safe_paths`), never read as "no file yet" nor written over.

>>> import tempfile, pathlib
>>> log = ProgressLog(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> log.record({"puzzle": "c1-01", "kind": "order", "chapter": 1, "answer": ["5D"],
...             "correct": True, "seconds": 3.2, "hints_used": 0, "shown": False})
>>> [(r["puzzle"], r["correct"]) for r in progress(log.path).rows]
[('c1-01', True)]
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from fortyfive.course.jsonfiles import check_header, read_json
from fortyfive.course.rating import MAX_RATING, MIN_RATING, Rating, play, start_rating
from fortyfive.course.review import (
    MAX_ITEMS,
    Recipe,
    ReviewItem,
    StaleEntry,
    from_attempts,
    item_from_json,
    legacy_item_from_json,
    missed,
    reviewed,
)
from fortyfive.course.safe_paths import PathRefused, existing_file, replace_file
from fortyfive.engine.errors import quote
from fortyfive.engine.tabular import Table
from fortyfive.puzzles.model import ATTEMPT_FIELDS, MAX_ATTEMPT_HINTS, MAX_ATTEMPT_SECONDS

FILE_NAME = "fortyfive-progress.json"
FORMAT = "fortyfive-progress"
VERSION = 5
#: The versions read: an older one is upgraded as it is read (:func:`upgrade_v1`, a version 2
#: gets an empty summary, versions 1 to 3 a fresh :class:`Standing`, versions 2 to 4 their
#: Leitner boxes as FSRS cards).
READABLE = (1, 2, 3, 4, 5)
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
class Standing:
    """The learner's standing in practice: the drills' streak and best streak, and the
    Glicko-2 ratings of the learner and of the puzzles tried (see the module's text)."""

    streak: int = 0
    best: int = 0
    learner: Rating = field(default_factory=Rating)
    #: Each rated puzzle's rating, the one rated longest ago first.
    items: dict[str, Rating] = field(default_factory=dict)
    #: The learner's rating after each rated attempt: ``[time, rating]``, oldest first.
    history: list[list[Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "streak": self.streak,
            "best": self.best,
            "learner": self.learner.to_json(),
            "items": {k: r.to_json() for k, r in self.items.items()},
            "history": self.history,
        }

    def rate(self, item: str, start: Rating, won: bool, time: str) -> None:
        """Both ratings after the learner's first attempt at ``item`` (``start``: its rating
        before anyone tried it); the item moves to the end (rated last)."""
        self.learner, rated = play(self.learner, self.items.pop(item, start), won)
        self.items[item] = rated
        self.history.append([time, round(self.learner.rating, 1)])
        if len(self.items) > MAX_RATED:
            for old in list(self.items)[: len(self.items) - MAX_RATED]:
                del self.items[old]
        del self.history[:-MAX_HISTORY]


@dataclass
class Progress:
    """A progress file's contents, checked: the attempts and the review queue."""

    attempts: list[dict[str, Any]] = field(default_factory=list)
    review: list[ReviewItem] = field(default_factory=list)
    #: The older checks, folded: one entry per puzzle (:func:`fold`), in the order first seen.
    summary: list[dict[str, Any]] = field(default_factory=list)
    practice: Standing = field(default_factory=Standing)

    def to_json(self) -> dict[str, Any]:
        """The file's contents, in the present version."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "attempts": self.attempts,
            "review": [i.to_json() for i in self.review],
            "summary": self.summary,
            "practice": self.practice.to_json(),
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
        """The file as it is now, checked (:func:`read_progress`); a path this log would not
        write (:func:`~fortyfive.course.safe_paths.write_target`) is refused at once."""
        return read_progress(self.path, own=True)

    def attempts(self) -> list[dict[str, Any]]:
        """Every attempt recorded, oldest first."""
        return self.read().attempts

    def review_items(self) -> list[ReviewItem]:
        """The review queue, in the file's order."""
        return self.read().review

    def record(self, attempt: dict[str, Any], recipe: Recipe | None = None) -> None:
        """Add one attempt (the fields of :data:`ATTEMPT_FIELDS`; ``time`` is filled in). When
        ``recipe`` says how to re-create the puzzle, a wrong answer or a "Show me" puts it in
        the review queue (graded Again: :mod:`fortyfive.course.review`)."""
        missing = [c for c in ATTEMPT_FIELDS if c not in _OPTIONAL and c not in attempt]
        if missing:
            raise ValueError(f"an attempt needs the fields {missing}")
        row = {c: attempt.get(c) for c in ATTEMPT_FIELDS}
        if row["solved"] is None:  # one-step puzzles: a right answer solves them
            row["solved"] = bool(attempt["correct"])
        row["time"] = attempt.get("time") or datetime.now(UTC).isoformat(timespec="seconds")
        data = self.read()
        # checked as the reader checks it: the file never holds what its reader refuses
        first = not any(a.get("puzzle") == row["puzzle"] for a in data.attempts) and not any(
            e["puzzle"] == row["puzzle"] for e in data.summary
        )
        data.attempts.append(_check_attempt(self.path, len(data.attempts), row))
        if recipe is not None and not attempt["correct"]:
            data.review = missed(data.review, recipe, self.today())
        if recipe is not None and first:  # rated once, at the first attempt, as lichess does
            item, start = rated_item(recipe)
            won = bool(row["correct"]) and not row["shown"] and not row["hints_used"]
            data.practice.rate(item, start, won, str(row["time"]))
        self._write(data)

    def standing(self) -> Standing:
        """The streak, the best streak and the ratings, as the file keeps them."""
        return self.read().practice

    def keep_streak(self, streak: int, best: int) -> None:
        """Store the drills' streak and best streak (a new drill starts from them)."""
        data = self.read()
        data.practice.streak = min(max(0, streak), MAX_STREAK)
        data.practice.best = min(max(data.practice.streak, best), MAX_STREAK)
        self._write(data)

    def reviewed(self, recipe: Recipe, outcome: str) -> ReviewItem | None:
        """Move ``recipe``'s puzzle after a review with ``outcome`` (``fortyfive.puzzles.
        practice.OUTCOMES``); returns its entry now, ``None`` when it has left the queue."""
        data = self.read()
        data.review = reviewed(data.review, recipe, outcome, self.today())
        self._write(data)
        return next((i for i in data.review if i.recipe.puzzle == recipe.puzzle), None)

    def _write(self, data: Progress) -> None:
        try:
            replace_file(self.path, bounded(data))
        except PathRefused as e:
            raise ProgressError(str(e)) from None


def rated_item(recipe: Recipe) -> tuple[str, Rating]:
    """The rated item of a re-creatable puzzle and its rating before any attempt: a drill's
    puzzles share one rating per kind and difficulty (``drill-order-d1``), a shipped puzzle
    has its own (its id), each starting from its difficulty (:func:`start_rating`)."""
    if recipe.drill is not None:
        return drill_item(recipe.kind, recipe.drill.difficulty), start_rating(
            recipe.drill.difficulty
        )
    return recipe.puzzle, start_rating(recipe.recreate().difficulty)


def drill_item(kind: str, difficulty: int) -> str:
    """The rated item of a drill's puzzles of ``kind`` and ``difficulty``."""
    return f"drill-{kind}-d{difficulty}"


def bounded(data: Progress) -> bytes:
    """``data`` encoded as a file its reader takes, at most :data:`WRITE_BUDGET` bytes: the
    oldest entries of the review queue beyond its bound leave it, and the oldest checks beyond
    :data:`KEEP_ATTEMPTS` (or beyond the budget, when answers are large) are folded into the
    summary (:func:`fold`), a quarter of them at a time so that folding is rare. The cost
    depends on these bounds alone, never on how many checks the file has seen."""
    if len(data.review) > MAX_ITEMS:  # the oldest entries make room: the file stays readable
        data.review = data.review[-MAX_ITEMS:]
    if len(data.attempts) > KEEP_ATTEMPTS:
        cut = len(data.attempts) - KEEP_ATTEMPTS * 3 // 4
        data.summary = fold(data.summary, data.attempts[:cut])
        data.attempts = data.attempts[cut:]
    content = encode(data)
    while len(content) > WRITE_BUDGET and data.attempts:
        cut = max(1, len(data.attempts) // 2)
        data.summary = fold(data.summary, data.attempts[:cut])
        data.attempts = data.attempts[cut:]
        content = encode(data)
    if len(content) > WRITE_BUDGET:  # summaries and review at their bounds: cannot happen
        raise ProgressError(f"the progress would exceed {WRITE_BUDGET} bytes; nothing was written")
    return content


def encode(data: Progress) -> bytes:
    """``data`` as the file holds it: strict JSON (no ``NaN``), one attempt, review entry or
    summary a line, so that the file reads line by line and is written by the fast encoder."""

    def block(entries: list[dict[str, Any]]) -> str:
        if not entries:
            return "[]"
        lines = (json.dumps(e, allow_nan=False) for e in entries)
        return "[\n  " + ",\n  ".join(lines) + "\n ]"

    content = data.to_json()
    head = json.dumps({"format": content["format"], "version": content["version"]})[:-1]
    parts = [f' "{key}": {block(content[key])}' for key in ("attempts", "review", "summary")]
    parts.append(f' "practice": {json.dumps(content["practice"], allow_nan=False)}')
    return (head + ",\n" + ",\n".join(parts) + "\n}\n").encode("utf-8")


def fold(summary: list[dict[str, Any]], attempts: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``summary`` with ``attempts`` (older first, all after those already folded) added, one
    entry per puzzle, as :func:`chapter_results` counts them: ``tries`` the checks that were not
    a "show me", ``solved`` whether one of them solved it, ``first_try`` whether it was solved
    before any wrong answer, hint or "show me" (``None`` while undecided), ``hints`` the most hints,
    ``shown`` whether the answer was shown, ``seconds`` the time spent, ``last`` the last
    check's time. Beyond :data:`MAX_SUMMARY` puzzles the ones checked longest ago leave it."""
    by_id = {e["puzzle"]: dict(e) for e in summary}
    for a in map(_filled, attempts):
        e = by_id.pop(a["puzzle"], None) or {
            "puzzle": a["puzzle"],
            "kind": a["kind"],
            "chapter": a["chapter"],
            "tries": 0,
            "solved": False,
            "first_try": None,
            "hints": 0,
            "shown": False,
            "seconds": 0.0,
            "last": "",
        }
        if not a["shown"]:
            e["tries"] = min(e["tries"] + 1, MAX_ATTEMPTS_FOLDED)
            e["solved"] = e["solved"] or bool(a["solved"])
        if e["first_try"] is None:  # decided by the first wrong answer, hint, "show me" or solve
            if a["shown"] or not a["correct"] or int(a["hints_used"]) > 0:
                e["first_try"] = False
            elif a["solved"]:
                e["first_try"] = True
        e["hints"] = max(e["hints"], int(a["hints_used"]))
        e["shown"] = e["shown"] or bool(a["shown"])
        e["seconds"] = min(round(e["seconds"] + float(a["seconds"]), 1), MAX_SUMMARY_SECONDS)
        e["last"] = a["time"]
        by_id[e["puzzle"]] = e  # last checked last: the first ones are the oldest
    entries = list(by_id.values())
    return entries[-MAX_SUMMARY:]


#: Bounds on a progress file, checked before it is parsed or used: a whole course is a few
#: hundred checks, and a teacher reads many learners' files.
MAX_FILE_BYTES = 4 * 2**20
MAX_ATTEMPTS = 20_000
#: What the writer keeps below the reader's bound: the checks kept one by one, the puzzles
#: summarised, and the most bytes it writes (three quarters of the reader's limit: a full
#: summary and a full review queue, at their longest fields, fit in it with no check kept).
KEEP_ATTEMPTS = 1_000
MAX_SUMMARY = 2_000
WRITE_BUDGET = MAX_FILE_BYTES * 3 // 4
#: Bounds on a summary's numbers (a lifetime of checks, then some).
MAX_ATTEMPTS_FOLDED = 10**9
#: Bounds on the practice standing: the puzzles rated, the rating points kept, the streak.
MAX_RATED = 2_000
MAX_HISTORY = 1_000
MAX_STREAK = 10**9
MAX_SUMMARY_SECONDS = 10.0**9


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
    if a.get("time") and not _is_time(a["time"]):
        raise ProgressError(f"{where}.time is {quote(a['time'])}, not a date and time (ISO 8601)")
    if len(json.dumps(a.get("answer"))) > 10_000:
        raise ProgressError(f"{where}.answer is too large")
    return a


def _is_time(text: str) -> bool:
    """Whether ``text`` is a date and time as the log writes them (ISO 8601, e.g.
    ``2026-11-29T19:02:42+00:00``)."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return "T" in text


_SUMMARY_KINDS: dict[str, tuple[type, ...]] = {
    "puzzle": (str,),
    "kind": (str,),
    "chapter": (int, type(None)),
    "tries": (int,),
    "solved": (bool,),
    "first_try": (bool, type(None)),
    "hints": (int,),
    "shown": (bool,),
    "seconds": (int, float),
    "last": (str,),
}


def _check_summary(path: Path, entries: Any) -> list[dict[str, Any]]:
    if not isinstance(entries, list) or len(entries) > MAX_SUMMARY:
        raise ProgressError(f"{path}: 'summary' must be a list of at most {MAX_SUMMARY}")
    seen: set[str] = set()
    for i, e in enumerate(entries):
        where = f"{path}: summary[{i}]"
        if not isinstance(e, dict) or set(e) != set(_SUMMARY_KINDS):
            raise ProgressError(f"{where} must be an object with the fields {list(_SUMMARY_KINDS)}")
        for key, types in _SUMMARY_KINDS.items():
            if not isinstance(e[key], types) or (bool not in types and isinstance(e[key], bool)):
                raise ProgressError(f"{where}.{key} is {quote(e[key])}")
        bounds = {
            "chapter": 99,
            "tries": MAX_ATTEMPTS_FOLDED,
            "hints": MAX_ATTEMPT_HINTS,
            "seconds": MAX_SUMMARY_SECONDS,
        }
        for key, hi in bounds.items():
            if e[key] is not None and not 0 <= e[key] <= hi:
                raise ProgressError(f"{where}.{key} is {quote(e[key])}")
        for key in ("puzzle", "kind", "last"):
            if len(e[key]) > 100:
                raise ProgressError(f"{where}.{key} is too long")
        if e["last"] and not _is_time(e["last"]):
            raise ProgressError(f"{where}.last is {quote(e['last'])}, not a date and time")
        if e["puzzle"] in seen:
            raise ProgressError(f"{where}: {e['puzzle']} is listed twice")
        seen.add(e["puzzle"])
    return entries


def _check_review(path: Path, entries: Any, version: int = VERSION) -> list[ReviewItem]:
    if not isinstance(entries, list) or len(entries) > MAX_ITEMS:
        raise ProgressError(f"{path}: 'review' must be a list of at most {MAX_ITEMS}")
    read = item_from_json if version >= 5 else legacy_item_from_json  # boxes until version 5
    items: list[ReviewItem] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        try:
            item = read(entry)
        except StaleEntry:
            continue  # no longer shipped as it was: it leaves the queue at the next write
        except ValueError as e:
            raise ProgressError(f"{path}: review[{i}]: {e}") from None
        if item.recipe.puzzle in seen:
            raise ProgressError(f"{path}: review[{i}]: {item.recipe.puzzle} is listed twice")
        seen.add(item.recipe.puzzle)
        items.append(item)
    return items


def _check_practice(path: Path, data: Any) -> Standing:
    where = f"{path}: practice"
    fields = {"streak", "best", "learner", "items", "history"}
    if not isinstance(data, dict) or set(data) != fields:
        raise ProgressError(f"{where} must be an object with the fields {sorted(fields)}")
    for key in ("streak", "best"):
        if type(data[key]) is not int or not 0 <= data[key] <= MAX_STREAK:
            raise ProgressError(f"{where}.{key} is {quote(data[key])}")
    if data["best"] < data["streak"]:
        raise ProgressError(f"{where}.best is below the streak")
    items, history = data["items"], data["history"]
    if not isinstance(items, dict) or len(items) > MAX_RATED:
        raise ProgressError(f"{where}.items must be an object of at most {MAX_RATED} ratings")
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise ProgressError(f"{where}.history must be a list of at most {MAX_HISTORY} points")
    try:
        learner = Rating.from_json(data["learner"])
        rated = {}
        for k, v in items.items():
            if not 0 < len(k) <= 100:
                raise ValueError(f"item {quote(k)} is not a puzzle's id")
            rated[k] = Rating.from_json(v)
    except ValueError as e:
        raise ProgressError(f"{where}: {e}") from None
    for i, point in enumerate(history):
        if (
            not isinstance(point, list)
            or len(point) != 2
            or not isinstance(point[0], str)
            or len(point[0]) > 100
            or not _is_time(point[0])
            or type(point[1]) not in (int, float)
            or not MIN_RATING <= point[1] <= MAX_RATING
        ):
            raise ProgressError(f"{where}.history[{i}] is {quote(point)}: expected [time, rating]")
    return Standing(data["streak"], data["best"], learner, rated, history)


def upgrade_v1(data: dict[str, Any]) -> Progress:
    """A version-1 file's contents (its attempts already checked) as the present version: the
    same attempts, and the review queue they imply (``fortyfive.course.review.from_attempts``)."""
    return Progress(data["attempts"], from_attempts(data["attempts"]))


def read_progress(path: str | Path, own: bool = False) -> Progress:
    """A progress file, checked (empty when there is none yet); an older version is upgraded.
    Raises :class:`ProgressError` for a file this course did not write, before using any of
    it, and for a path that is not a regular file (a folder, a device, a FIFO, a dangling
    link): that is never "no file yet". With ``own`` (the file is to be written next), a link
    leading out of the file's folder is refused too (:mod:`fortyfive.course.safe_paths`)."""
    path = Path(path)
    if own:
        try:
            target = existing_file(path)
        except PathRefused as e:
            raise ProgressError(str(e)) from None
        if target is None:
            return Progress()
    elif not os.path.lexists(path):
        return Progress()
    data = read_json(path, MAX_FILE_BYTES, "progress file", ProgressError)
    version = check_header(data, FORMAT, READABLE, "progress file", str(path), ProgressError)
    attempts = data.get("attempts")
    if not isinstance(attempts, list) or len(attempts) > MAX_ATTEMPTS:
        raise ProgressError(f"{path}: 'attempts' must be a list of at most {MAX_ATTEMPTS}")
    checked = [_check_attempt(path, i, a) for i, a in enumerate(attempts)]
    if version == 1 and "review" in data:
        raise ProgressError(f"{path}: a version-1 file has no 'review'")
    if version < 3 and "summary" in data:
        raise ProgressError(f"{path}: a version-{version} file has no 'summary'")
    summary = _check_summary(path, data.get("summary", []))
    if version < 4 and "practice" in data:
        raise ProgressError(f"{path}: a version-{version} file has no 'practice'")
    practice = _check_practice(path, data["practice"]) if "practice" in data else Standing()
    if version == 1:
        return upgrade_v1({**data, "attempts": checked})
    review = _check_review(path, data.get("review", []), version)
    return Progress(checked, review, summary, practice)


def read_attempts(path: str | Path) -> list[dict[str, Any]]:
    """The attempts in a progress file ([] when there is none yet); raises
    :class:`ProgressError` for a file this course did not write, before using any of it."""
    return read_progress(path).attempts


def progress(path: str | Path | None = None, chapter: int | None = None) -> Table[object]:
    """The recorded attempts as a table (one row per check, every field of
    :data:`~fortyfive.puzzles.model.ATTEMPT_FIELDS`), optionally one chapter's: the checks the
    file keeps one by one (the last :data:`KEEP_ATTEMPTS` at most; :func:`summary` has the
    older ones, folded per puzzle)."""
    # An older file may leave fields out (version 1 checked only those present): read them as
    # a check of no answer, not right, no hint, not shown.
    rows = [_filled(a) for a in read_attempts(path if path is not None else default_path())]
    mine = [r for r in rows if chapter is None or r.get("chapter") == chapter]
    return Table(mine, list(ATTEMPT_FIELDS))


def summary(path: str | Path | None = None) -> Table[object]:
    """The older checks, folded: one row per puzzle (see :func:`fold`)."""
    entries = read_progress(path if path is not None else default_path()).summary
    return Table(entries, list(_SUMMARY_KINDS))


def _filled(attempt: dict[str, Any]) -> dict[str, Any]:
    """``attempt`` with every field (:data:`_MISSING`); without ``solved``, a right answer
    solved it, as :meth:`ProgressLog.record` fills it in."""
    return {**_MISSING, "solved": bool(attempt.get("correct")), **attempt}


def _first_try(rows: list[dict[str, Any]]) -> bool:
    """Solved before any wrong answer, hint or "show me": an endgame solved after a wrong move
    in mid-line (its attempt failed, then Try again) is not a first-try solve, nor is a solve
    after a hint (``hints_used`` counts the hints taken so far)."""
    for r in rows:
        if r["shown"] or not r["correct"] or int(r["hints_used"]) > 0:
            return False
        if r["solved"]:
            return True
    return False


def first_tries(data: Progress) -> dict[str, bool]:
    """Each puzzle tried (the checks kept one by one and the older ones' summary together): was
    it solved at the first try, before any wrong answer, hint or "show me"? In the order first
    tried."""
    out = {e["puzzle"]: e["first_try"] for e in data.summary}  # None: undecided when folded
    rows: dict[str, list[dict[str, Any]]] = {}
    for a in data.attempts:
        rows.setdefault(str(a.get("puzzle", "")), []).append(_filled(a))
    for pid, mine in rows.items():
        if out.get(pid) is None:
            out[pid] = _first_try(mine)
    return {pid: bool(first) for pid, first in out.items() if pid}


def chapter_results(chapter: int, path: str | Path | None = None) -> Table[object]:
    """One row per puzzle of a shipped chapter: tries, solved, first try, hints, shown (the
    checks kept one by one and the older ones' summary together)."""
    from fortyfive.puzzles.model import load_collection

    data = read_progress(path if path is not None else default_path())
    attempts = [_filled(a) for a in data.attempts if a.get("chapter") == chapter]
    folded = {e["puzzle"]: e for e in data.summary}
    rows = []
    for p in load_collection(chapter):
        mine = [a for a in attempts if a["puzzle"] == p.id]
        checks = [a for a in mine if not a["shown"]]
        old = folded.get(p.id)
        first = old["first_try"] if old is not None else None
        rows.append(
            {
                "puzzle": p.id,
                "kind": p.kind,
                "title": p.title,
                "tries": len(checks) + (old["tries"] if old else 0),
                "solved": any(bool(a["solved"]) for a in checks) or bool(old and old["solved"]),
                "first try": first if first is not None else _first_try(mine),
                "hints": max([int(a["hints_used"]) for a in mine] + [old["hints"] if old else 0]),
                "shown": any(bool(a["shown"]) for a in mine) or bool(old and old["shown"]),
            }
        )
    return Table(rows)
