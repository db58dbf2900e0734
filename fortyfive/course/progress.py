"""The learner's progress: every puzzle attempt, kept in a JSON file beside the notebook.

The file (``fortyfive-progress.json`` in the notebook's folder, the kernel's working
directory) is versioned so that teacher tools can read it::

    {"format": "fortyfive-progress", "version": 1,
     "attempts": [{"puzzle": "c1-03", "kind": "order", "chapter": 1,
                   "answer": ["5D", "JD", "AH"], "correct": false, "solved": false, "seconds": 7.4,
                   "hints_used": 1, "shown": false, "time": "2026-11-29T19:02:42+00:00"}, ...]}

``answer`` is what the learner gave (for "show me", null); ``correct`` says whether it was
right; ``solved`` whether the puzzle is now solved (a right move of an endgame may leave more to
play). One line per check, in order.

>>> import tempfile, pathlib
>>> log = ProgressLog(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> log.record({"puzzle": "c1-01", "kind": "order", "chapter": 1, "answer": ["5D"],
...             "correct": True, "seconds": 3.2, "hints_used": 0, "shown": False})
>>> progress(log.path)[["puzzle", "correct"]].to_dict("records")
[{'puzzle': 'c1-01', 'correct': True}]
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import pandas

from fortyfive.engine.errors import quote
from fortyfive.engine.table import Table, have_pandas
from fortyfive.puzzles.model import ATTEMPT_FIELDS

FILE_NAME = "fortyfive-progress.json"
FORMAT = "fortyfive-progress"
VERSION = 1
_OPTIONAL = ("solved", "time")


def default_path() -> Path:
    """The progress file beside the running notebook (the kernel's working directory)."""
    return Path.cwd() / FILE_NAME


class ProgressLog:
    """Appends attempts to a progress file; each write replaces the file atomically."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    def attempts(self) -> list[dict[str, Any]]:
        return read_attempts(self.path)

    def record(self, attempt: dict[str, Any]) -> None:
        """Add one attempt (the fields of :data:`ATTEMPT_FIELDS`; ``time`` is filled in)."""
        missing = [c for c in ATTEMPT_FIELDS if c not in _OPTIONAL and c not in attempt]
        if missing:
            raise ValueError(f"an attempt needs the fields {missing}")
        row = {c: attempt.get(c) for c in ATTEMPT_FIELDS}
        if row["solved"] is None:  # one-step puzzles: a right answer solves them
            row["solved"] = bool(attempt["correct"])
        row["time"] = attempt.get("time") or datetime.now(UTC).isoformat(timespec="seconds")
        rows = [*self.attempts(), row]
        data = {"format": FORMAT, "version": VERSION, "attempts": rows}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".progress-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, self.path)


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
        if key in a and (not isinstance(a[key], types) or (bool not in types and a[key] is True)):
            raise ProgressError(f"{where}.{key} is {quote(a[key])}")
    for key in ("puzzle", "kind", "time"):
        if len(a.get(key, "")) > 100:
            raise ProgressError(f"{where}.{key} is too long")
    if len(json.dumps(a.get("answer"))) > 10_000:
        raise ProgressError(f"{where}.answer is too large")
    return a


def read_attempts(path: str | Path) -> list[dict[str, Any]]:
    """The attempts in a progress file ([] when there is none yet); raises
    :class:`ProgressError` for a file this course did not write, before using any of it."""
    path = Path(path)
    if not path.is_file():
        return []
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ProgressError(f"{path} is larger than {MAX_FILE_BYTES} bytes: not a progress file")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise ProgressError(f"{path} is not a JSON progress file: {e}") from None
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or data.get("version") != VERSION
        or data.get("version") is True
    ):
        raise ProgressError(f"{path} is not a version-{VERSION} fortyfive progress file")
    attempts = data.get("attempts")
    if not isinstance(attempts, list) or len(attempts) > MAX_ATTEMPTS:
        raise ProgressError(f"{path}: 'attempts' must be a list of at most {MAX_ATTEMPTS}")
    return [_check_attempt(path, i, a) for i, a in enumerate(attempts)]


def progress(path: str | Path | None = None, chapter: int | None = None) -> pandas.DataFrame:
    """Every recorded attempt as a DataFrame (one row per check), optionally one chapter's
    (without pandas: a :class:`fortyfive.engine.table.Table` of the same rows)."""
    rows = read_attempts(path if path is not None else default_path())
    if not have_pandas():
        mine = [r for r in rows if chapter is None or r.get("chapter") == chapter]
        return cast("pandas.DataFrame", Table(mine, list(ATTEMPT_FIELDS)))
    import pandas as pd

    df = pd.DataFrame(rows, columns=list(ATTEMPT_FIELDS))
    if chapter is not None:
        df = df[df["chapter"] == chapter].reset_index(drop=True)
    return df


def _first_try(rows: pandas.DataFrame) -> bool:
    """Solved before any wrong answer or "show me": an endgame solved after a wrong move in
    mid-line (its attempt failed, then Try again) is not a first-try solve."""
    for correct, solved, shown in zip(rows["correct"], rows["solved"], rows["shown"], strict=True):
        if shown or not correct:
            return False
        if solved:
            return True
    return False


def chapter_results(chapter: int, path: str | Path | None = None) -> pandas.DataFrame:
    """One row per puzzle of a shipped chapter: tries, solved, first try, hints, shown."""
    from fortyfive.puzzles.model import load_collection

    if not have_pandas():
        return cast("pandas.DataFrame", Table(_plain_results(chapter, path)))
    import pandas as pd

    df = progress(path, chapter)
    rows = []
    for p in load_collection(chapter):
        mine = df[df["puzzle"] == p.id]
        checks = mine[~mine["shown"].astype(bool)]
        rows.append(
            {
                "puzzle": p.id,
                "kind": p.kind,
                "title": p.title,
                "tries": len(checks),
                "solved": bool(checks["solved"].astype(bool).any()),
                "first try": _first_try(mine),
                "hints": int(mine["hints_used"].max()) if len(mine) else 0,
                "shown": bool(mine["shown"].astype(bool).any()),
            }
        )
    return pd.DataFrame(rows)


def _plain_results(chapter: int, path: str | Path | None) -> list[dict[str, Any]]:
    """:func:`chapter_results` from the attempts themselves, where pandas is missing."""
    from fortyfive.puzzles.model import load_collection

    attempts = [
        a
        for a in read_attempts(path if path is not None else default_path())
        if a.get("chapter") == chapter
    ]
    rows = []
    for p in load_collection(chapter):
        mine = [a for a in attempts if a.get("puzzle") == p.id]
        checks = [a for a in mine if not a.get("shown")]
        rows.append(
            {
                "puzzle": p.id,
                "kind": p.kind,
                "title": p.title,
                "tries": len(checks),
                "solved": any(bool(a.get("solved")) for a in checks),
                "first try": bool(checks and checks[0].get("correct")),
                "hints": max((int(a.get("hints_used", 0)) for a in mine), default=0),
                "shown": any(bool(a.get("shown")) for a in mine),
            }
        )
    return rows
