"""A class roster: a CSV file with a ``student`` column (the ids), or nbgrader's, whose column
is ``id`` (as ``nbgrader db student import`` takes it), untrusted and bounded.

nbgrader's optional columns, ``first_name``, ``last_name`` and ``email``, are read too
(:func:`read_roster_rows`), and :func:`nbgrader_roster` writes a roster as nbgrader imports
it: ``fortyfive assign --nbgrader --roster`` writes it into the course folder.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "roster.csv"
>>> _ = p.write_text("student,name,first_name\\nana,Ana Ruiz,Ana\\nben,Ben Ode,\\n")
>>> read_roster(p)
['ana', 'ben']
>>> print(nbgrader_roster(read_roster_rows(p)), end="")
id,first_name,last_name,email
ana,Ana,,
ben,,,
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from fortyfive.engine.validate import FileRefused, read_bounded
from fortyfive.teach._text import printable
from fortyfive.teach.draw import StudentError, check_student

MAX_ROSTER_BYTES = 1024 * 1024
MAX_STUDENTS = 5000
#: nbgrader's optional columns of a student, as ``nbgrader db student import`` reads them.
NBGRADER_COLUMNS = ("first_name", "last_name", "email")
#: The longest name or email a roster may give.
MAX_FIELD = 200


class RosterError(ValueError):
    """A roster that cannot be used: the message names the file and the line."""


def read_roster(path: str | Path) -> list[str]:
    """The student ids of a roster file, in its order."""
    return [row["id"] for row in read_roster_rows(path)]


def read_roster_rows(path: str | Path) -> list[dict[str, str]]:
    """Each student of a roster file, in its order: ``id`` and nbgrader's optional columns
    (:data:`NBGRADER_COLUMNS`; empty when the file has none)."""
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


def _students(path: Path, reader: csv.DictReader[str]) -> list[dict[str, str]]:
    names = reader.fieldnames or []
    column = "student" if "student" in names else "id" if "id" in names else None
    if column is None:
        raise RosterError(
            f"{path}: the first line must name the columns, one of them 'student' (or "
            "nbgrader's 'id')"
        )
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for row in reader:
        line = reader.line_num  # the file's line (blank lines are skipped, yet counted)
        try:
            student = check_student((row.get(column) or "").strip())
        except StudentError as e:
            raise RosterError(f"{path}, line {line}: {e}") from None
        if student in seen:
            raise RosterError(f"{path}, line {line}: {student} is on the roster twice")
        seen.add(student)
        entry = {"id": student}
        for name in NBGRADER_COLUMNS:
            value = row.get(name)
            value = value.strip() if isinstance(value, str) else ""  # a short row: None
            if len(value) > MAX_FIELD or not printable(value):
                raise RosterError(
                    f"{path}, line {line}: its {name} is not one line of printable text of at "
                    f"most {MAX_FIELD} characters"
                )
            entry[name] = value
        out.append(entry)
        if len(out) > MAX_STUDENTS:
            raise RosterError(f"{path}: more than {MAX_STUDENTS} students")
    if not out:
        raise RosterError(f"{path}: no students")
    return out


def nbgrader_roster(rows: list[dict[str, str]]) -> str:
    """``rows`` (:func:`read_roster_rows`) as the CSV text ``nbgrader db student import``
    reads: ``id``, then nbgrader's optional columns. A value a spreadsheet would run as a
    formula (starting ``=``, ``+``, ``-`` or ``@``) is written after a ``'``."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["id", *NBGRADER_COLUMNS])
    for row in rows:
        writer.writerow(
            [row["id"], *(_not_formula(row.get(name, "")) for name in NBGRADER_COLUMNS)]
        )
    return text.getvalue()


def _not_formula(value: str) -> str:
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value
