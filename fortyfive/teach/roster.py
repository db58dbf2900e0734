"""A class roster: a CSV file with a ``student`` column (the ids), or nbgrader's, whose column
is ``id`` (as ``nbgrader db student import`` takes it), untrusted and bounded.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "roster.csv"
>>> _ = p.write_text("student,name\\nana,Ana Ruiz\\nben,Ben Ode\\n")
>>> read_roster(p)
['ana', 'ben']
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from fortyfive.engine.validate import FileRefused, read_bounded
from fortyfive.teach.draw import StudentError, check_student

MAX_ROSTER_BYTES = 1024 * 1024
MAX_STUDENTS = 5000


class RosterError(ValueError):
    """A roster that cannot be used: the message names the file and the line."""


def read_roster(path: str | Path) -> list[str]:
    """The student ids of a roster file, in its order."""
    path = Path(path)
    try:
        text = read_bounded(path, MAX_ROSTER_BYTES).decode("utf-8-sig")
    except FileRefused as e:
        raise RosterError(f"{path}: {e}") from None
    except OSError as e:
        raise RosterError(f"{path}: cannot read it ({e.strerror})") from None
    except UnicodeDecodeError:
        raise RosterError(f"{path}: not a UTF-8 text file") from None
    reader = csv.DictReader(io.StringIO(text, newline=""))  # newline="": csv reads the endings
    try:
        return _students(path, reader)
    except csv.Error as e:  # a field over csv's size limit: the lines before it were read
        line = reader.line_num + 1
        raise RosterError(f"{path}, line {line}: not a CSV roster ({e})") from None


def _students(path: Path, reader: csv.DictReader[str]) -> list[str]:
    names = reader.fieldnames or []
    column = "student" if "student" in names else "id" if "id" in names else None
    if column is None:
        raise RosterError(
            f"{path}: the first line must name the columns, one of them 'student' (or "
            "nbgrader's 'id')"
        )
    out: list[str] = []
    for row in reader:
        line = reader.line_num  # the file's line (blank lines are skipped, yet counted)
        try:
            student = check_student((row.get(column) or "").strip())
        except StudentError as e:
            raise RosterError(f"{path}, line {line}: {e}") from None
        if student in out:
            raise RosterError(f"{path}, line {line}: {student} is on the roster twice")
        out.append(student)
        if len(out) > MAX_STUDENTS:
            raise RosterError(f"{path}: more than {MAX_STUDENTS} students")
    if not out:
        raise RosterError(f"{path}: no students")
    return out
