"""The teacher's exceptions: per-student extensions and overrides, each with its reason, in a CSV
file beside the manifest (``assignment.overrides.csv`` beside ``assignment.json``)::

    student,slot,due,points,reason
    aoife,,2026-12-10T17:00:00+00:00,,ill for two days
    brendan,3,,1,answered on paper in class

A row with ``due`` (and no slot or points) is an **extension**: the student's own due date for
the late rule. A row with ``slot`` and ``points`` is an **override**: that puzzle of that
student earns those points (0 to the puzzle's points), whatever the grader found. The reason is
required, and the gradebook and the report show it. The file is untrusted input like a roster:
bounded, and refused whole with an :class:`OverridesError` naming the line.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "hw.overrides.csv"
>>> _ = p.write_text("student,slot,due,points,reason\\nana,2,,1,on paper\\n")
>>> read_overrides(p).points
{('ana', 2): (1.0, 'on paper')}
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from fortyfive.engine.validate import FileRefused, read_bounded
from fortyfive.teach._text import printable
from fortyfive.teach.draw import StudentError, check_student
from fortyfive.teach.manifest import MAX_POINTS, ManifestError, parse_when

MAX_OVERRIDES_BYTES = 256 * 1024
MAX_ROWS = 20_000
COLUMNS = ("student", "slot", "due", "points", "reason")


class OverridesError(ValueError):
    """An overrides file that cannot be used: the message names the file and the line."""


@dataclass
class Overrides:
    """Extensions (student: (due, reason)) and overrides ((student, slot): (points, reason))."""

    extensions: dict[str, tuple[str, str]] = field(default_factory=dict)
    points: dict[tuple[str, int], tuple[float, str]] = field(default_factory=dict)


def overrides_path(manifest_path: str | Path) -> Path:
    """Where the overrides of the manifest at ``manifest_path`` are kept: beside it."""
    return Path(manifest_path).with_suffix(".overrides.csv")


def find_overrides(manifest_path: str | Path) -> Overrides | None:
    """The overrides beside the manifest at ``manifest_path``, if there is such a file."""
    path = overrides_path(manifest_path)
    return read_overrides(path) if path.exists() else None


def read_overrides(path: str | Path) -> Overrides:
    """The overrides file at ``path``, every row checked (see the module's docstring)."""
    path = Path(path)
    try:
        text = read_bounded(path, MAX_OVERRIDES_BYTES).decode("utf-8-sig")
    except FileRefused as e:
        raise OverridesError(f"{path}: {e}") from None
    except OSError as e:
        raise OverridesError(f"{path}: cannot read it ({e.strerror})") from None
    except UnicodeDecodeError:
        raise OverridesError(f"{path}: not a UTF-8 text file") from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise OverridesError(f"{path}: the first line must be {','.join(COLUMNS)}")
        out = Overrides()
        for n, row in enumerate(reader):
            if n >= MAX_ROWS:
                raise OverridesError(f"{path}: more than {MAX_ROWS} rows")
            _row(out, row, f"{path}, line {reader.line_num}")
        return out
    except csv.Error as e:
        raise OverridesError(f"{path}, line {reader.line_num + 1}: not CSV ({e})") from None


def _row(out: Overrides, row: dict[str, str | None], where: str) -> None:
    if None in row or any(v is None for v in row.values()):  # too many or too few fields
        raise OverridesError(f"{where}: a row has the {len(COLUMNS)} columns {','.join(COLUMNS)}")
    get = {k: (row.get(k) or "").strip() for k in COLUMNS}
    try:
        student = check_student(get["student"])
    except StudentError as e:
        raise OverridesError(f"{where}: {e}") from None
    reason = get["reason"]
    if not reason or len(reason) > 200 or not printable(reason):
        raise OverridesError(f"{where}: give the reason (1 to 200 printable characters)")
    if get["due"] and not get["slot"] and not get["points"]:
        try:
            due = parse_when(get["due"], where, "due")
        except ManifestError as e:
            raise OverridesError(str(e)) from None
        if student in out.extensions:
            raise OverridesError(f"{where}: {student} has an extension already")
        out.extensions[student] = (due, reason)
        return
    if get["slot"] and get["points"] and not get["due"]:
        if not get["slot"].isdigit() or not 1 <= int(get["slot"]) <= 10_000:
            raise OverridesError(f"{where}: slot must be a puzzle's number, 1, 2, ...")
        try:
            points = float(get["points"])
        except ValueError:
            points = math.nan
        if not 0 <= points <= MAX_POINTS:  # also false for NaN
            raise OverridesError(f"{where}: points must be a number from 0 to {MAX_POINTS:g}")
        key = (student, int(get["slot"]))
        if key in out.points:
            raise OverridesError(f"{where}: puzzle {key[1]} of {student} is overridden already")
        out.points[key] = (points, reason)
        return
    raise OverridesError(
        f"{where}: give a due date (an extension), or a slot and points (an override)"
    )


def late_days(solved_at: str, due: str) -> int | None:
    """How many days (each started one counts) after ``due`` a puzzle was solved at
    ``solved_at`` (0: on time), or None when ``solved_at`` is not a time with its offset."""
    try:
        when = datetime.fromisoformat(solved_at)
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    seconds = (when - datetime.fromisoformat(due)).total_seconds()
    return max(0, math.ceil(seconds / 86400))
