"""The teacher's two commands as functions: hand an assignment out, grade what came back.

``write_assignment`` writes, into the output folder::

    assignment.json                 the manifest, as validated
    assignment.key                  the teacher's key (fortyfive.teach.key): never hand it out
    <id>.ipynb                      the student's notebook (asks for the student's id), or
    students/<student>/<id>.ipynb   one per student of the roster, the id filled in
    teacher/<id>-teacher.ipynb      the teacher's copy: each student's puzzles and answers

or, with ``nbgrader``, the source folder of an nbgrader course (``source/<id>/<id>.ipynb``,
every cell locked, an autograded cell per puzzle) for ``nbgrader generate_assignment``, with
``nbgrader_config.py`` (the course's root, its id and the exchange; one already there is kept)
and ``student_nbgrader_config.py``, the students' (the course id and the exchange: each
student's ``~/.jupyter/nbgrader_config.py``, or the hub's), and, with a roster,
``nbgrader_students.csv``, the roster as ``nbgrader db student import`` reads it.

With a roster, each student's notebook carries that student's token, and the grader refuses a
file without it (a file planted in a classmate's or an absent student's name).
:func:`copy_worth` is what a classmate's copied file would earn, on average, under the manifest
and roster given: ``fortyfive assign`` prints it, and warns over :data:`COPY_WARN_SHARE`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from fortyfive.course.safe_paths import write_text
from fortyfive.teach._text import printable, shown
from fortyfive.teach.draw import assigned_puzzles, check_drawable
from fortyfive.teach.grade import Gradebook, grade
from fortyfive.teach.key import TeacherKey, find_key, key_path, new_key, write_key
from fortyfive.teach.manifest import Manifest, load_manifest
from fortyfive.teach.notebooks import Notebook, student_notebook, teacher_notebook
from fortyfive.teach.overrides import find_overrides
from fortyfive.teach.report import write_report
from fortyfive.teach.roster import nbgrader_roster, read_roster, read_roster_rows
from fortyfive.teach.submission import (
    FILE_GLOB,
    Submission,
    SubmissionError,
    named_students,
    read_submission,
)

#: How many files a grading run reads from the folders it is given.
MAX_SUBMISSION_FILES = 5000
#: ``assign`` warns when a copied classmate's file is worth more than this share of the points.
COPY_WARN_SHARE = 1 / 12


def copy_worth(m: Manifest, roster: Sequence[str]) -> float:
    """The points a student would earn, on average over every pair of classmates, by handing
    in a classmate's answers: each puzzle both were given (the same definition in the same
    place) earns its points; any other, nothing (an answer to another position is, but for
    luck, wrong). Over the roster's pairs, it is each place's points times the share of pairs
    given the same puzzle there."""
    if len(roster) < 2:
        return 0.0
    drawn = [assigned_puzzles(m, s) for s in roster]
    n = len(roster)
    total = 0.0
    for slot in range(len(drawn[0])):
        counts: dict[str, int] = {}
        for puzzles in drawn:
            d = puzzles[slot].digest
            counts[d] = counts.get(d, 0) + 1
        same = sum(c * (c - 1) for c in counts.values())
        total += drawn[0][slot].points * same / (n * (n - 1))
    return round(total, 4)


def _write(path: Path, nb: Notebook, written: list[Path], root: Path) -> None:
    write_text(path, json.dumps(nb, indent=1, ensure_ascii=False) + "\n", root)
    written.append(path)


#: The course id ``assign --nbgrader`` writes when none is given.
DEFAULT_COURSE = "fortyfive"
#: The roster ``assign --nbgrader --roster`` writes into the course, as nbgrader imports it.
NBGRADER_ROSTER = "nbgrader_students.csv"
#: nbgrader's own exchange folder, written when none is given.
DEFAULT_EXCHANGE = "/srv/nbgrader/exchange"
_COURSE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class CourseConfigError(ValueError):
    """An nbgrader course id or exchange that cannot be written into a config."""


def nbgrader_configs(root: Path, course: str, exchange: str) -> dict[str, str]:
    """The teacher's and the students' ``nbgrader_config.py``, by file name: what
    ``release_assignment`` needs (the course id, the exchange) and what students' ``fetch`` and
    ``submit`` need. ``course`` is 1-64 letters, digits, '.', '_' or '-'; the paths are
    written as Python literals."""
    if not _COURSE_ID.fullmatch(course):
        raise CourseConfigError(
            f"{course!r:.40} is not a course id: 1-64 letters, digits, '.', '_', '-'"
        )
    if not printable(exchange) or not Path(exchange).is_absolute():
        raise CourseConfigError(f"{shown(exchange)}: the exchange is an absolute folder")
    shared = f"c.CourseDirectory.course_id = {course!r}\nc.Exchange.root = {exchange!r}\n"
    head = "# written by fortyfive assign --nbgrader\nc = get_config()  # noqa: F821\n"
    return {
        "nbgrader_config.py": f"{head}c.CourseDirectory.root = {str(root.absolute())!r}\n{shared}",
        "student_nbgrader_config.py": f"{head}{shared}",
    }


def write_assignment(
    manifest_path: str | Path,
    out: str | Path,
    roster_path: str | Path | None = None,
    nbgrader: bool = False,
    course: str = DEFAULT_COURSE,
    exchange: str = DEFAULT_EXCHANGE,
) -> list[Path]:
    """Write the assignment's notebooks (see the module's docstring); returns the files
    (``course``, ``exchange``: nbgrader's, with ``nbgrader``)."""
    m = load_manifest(manifest_path)
    check_drawable(m)
    rows = read_roster_rows(roster_path) if roster_path else []
    roster = [row["id"] for row in rows]
    out = Path(out)
    written: list[Path] = []
    manifest_text = json.dumps(m.to_dict(), indent=1, ensure_ascii=False) + "\n"
    if nbgrader:
        configs = nbgrader_configs(out, course, exchange)
        folder = out / "source" / m.id
        folder.mkdir(parents=True, exist_ok=True)
        _write(folder / f"{m.id}.ipynb", student_notebook(m, nbgrader=True), written, out)
        key = new_key(m, tokens=False)  # nbgrader's folders say whose a file is
        teacher = teacher_notebook(m, roster, f"{m.id}.key")
        _write(out / "teacher" / f"{m.id}-teacher.ipynb", teacher, written, out)
        write_key(out / "teacher" / f"{m.id}.key", key, out)
        written.append(out / "teacher" / f"{m.id}.key")
        for name, text in configs.items():
            if not (out / name).exists():  # the teacher's own course config is kept
                write_text(out / name, text, out)
                written.append(out / name)
        if rows:
            write_text(out / NBGRADER_ROSTER, nbgrader_roster(rows), out)
            written.append(out / NBGRADER_ROSTER)
        return written
    # an assignment handed out again keeps its key: the tokens in notebooks already handed
    # out stay good (a second roster adds students)
    kept = find_key(out / "assignment.json", m) if (out / "assignment.json").exists() else None
    key = TeacherKey(m.id, kept.secret, bool(roster)) if kept else new_key(m, bool(roster))
    # Every notebook is made (every student's puzzles drawn) before any file is written.
    notebooks = [
        (out / "students" / s / f"{m.id}.ipynb", student_notebook(m, s, token=key.token(m, s)))
        for s in roster
    ]
    if not roster:
        notebooks.append((out / f"{m.id}.ipynb", student_notebook(m)))
    teacher = teacher_notebook(m, roster, "../assignment.key")
    notebooks.append((out / "teacher" / f"{m.id}-teacher.ipynb", teacher))
    out.mkdir(parents=True, exist_ok=True)
    write_text(out / "assignment.json", manifest_text, out)
    written.append(out / "assignment.json")
    write_key(key_path(out / "assignment.json"), key)
    written.append(key_path(out / "assignment.json"))
    for path, nb in notebooks:
        _write(path, nb, written, out)
    return written


class SubmissionsError(ValueError):
    """Submissions that cannot be graded at all (a path that does not exist, no file found,
    too many files): nothing is written."""


def submission_files(paths: Sequence[str | Path]) -> list[Path]:
    """The submission files named, and those in the folders named (searched recursively, as
    nbgrader's ``submitted/<student>/<assignment>/`` lays them out)."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(p.rglob(FILE_GLOB))
        elif p.exists() or p.is_symlink():
            files.append(p)  # whatever it is, reading it says what is wrong with it
        else:
            raise SubmissionsError(f"{shown(str(p))}: no such file or folder")
        if len(files) > MAX_SUBMISSION_FILES:
            raise SubmissionsError(f"more than {MAX_SUBMISSION_FILES} submission files")
    if not files:
        raise SubmissionsError(
            f"no submission file ({FILE_GLOB}) in "
            f"{', '.join(shown(str(p)) for p in paths)}: "
            "nothing was graded"
        )
    return files


#: nbgrader's folders of handed-in work, each ``<folder>/<student>/<assignment>/``.
NBGRADER_FOLDERS = ("submitted", "autograded")


def identity_problem(path: Path, sub: Submission) -> str | None:
    """Why the file at ``path`` cannot be ``sub.student``'s, if it cannot: the notebook names
    the file for its student, and nbgrader files it under the student who handed it in
    (``submitted/<student>/<assignment>/``, or ``autograded/``), which only the student's own
    login can do. A file in another's name is refused rather than let stand for them."""
    if sub.student not in named_students(path.name):
        return f"it is in the name of {sub.student}, but its file name is not theirs"
    return _place_problem(path, sub.student)


def _place_problem(path: Path, student: str) -> str | None:
    """Why nbgrader's folders say the file at ``path`` is not ``student``'s, if they do.

    The first ``submitted`` or ``autograded`` of the path is nbgrader's: below
    ``<student>/<assignment>/`` everything is that student's to name, another folder called
    ``submitted`` included, so a file deeper down is refused, whatever it says, and whatever
    the assignment folder is called, the student folder decides. A file less deep is not in
    nbgrader's layout (a folder of the teacher's own with that name), nor can a student put
    one there. (A folder of that name above nbgrader's course makes every file deeper: all are
    refused, none counted for another.)"""
    folders = path.absolute().parts[:-1]
    first = next((i for i, f in enumerate(folders) if f in NBGRADER_FOLDERS), None)
    if first is None or len(folders) - first < 3:
        return None
    owner, assignment = (shown(f) for f in folders[first + 1 : first + 3])
    if len(folders) - first > 3:
        return (
            f"it is below {owner}'s folder of nbgrader's {folders[first]}/, not directly in "
            f"{owner}/{assignment}/ as nbgrader puts what {owner} handed in"
        )
    if owner != student:
        return f"it is in the name of {student}, but nbgrader has it from {owner}"
    return None


def _named_student(path: Path, roster: Sequence[str] | None) -> str | None:
    """The student a file that cannot be read is for, by its name and place, if it is a file:
    that student's feedback then says why it was refused (not "no submission")."""
    names = named_students(path.name)
    if roster is not None:
        names = [s for s in names if s in roster]  # nobody else to tell: the report names it
    student = names[0] if names else None
    if student is None or not path.is_file():  # a folder, a pipe, a device: nobody's work
        return None
    return None if _place_problem(path, student) else student


def grade_files(
    manifest_path: str | Path,
    paths: Sequence[str | Path],
    out: str | Path,
    roster_path: str | Path | None = None,
) -> tuple[Gradebook, list[Path]]:
    """Grade the submission files (or folders) under the manifest and write the report.

    A file that is not a submission, or not of the student it names
    (:func:`identity_problem`), is noted and counts for nothing; it stops nothing else. One
    that cannot be read is noted for the student its name and place give, when there is one
    (on the roster, if one is given). The teacher's key and overrides are read from beside
    the manifest, when they are there (:mod:`~fortyfive.teach.key`,
    :mod:`~fortyfive.teach.overrides`)."""
    m = load_manifest(manifest_path)
    check_drawable(m)
    key = find_key(manifest_path, m)
    overrides = find_overrides(manifest_path)
    roster = read_roster(roster_path) if roster_path else None
    subs: list[Submission] = []
    unreadable: list[str] = []
    refused: dict[str, list[str]] = {}
    refused_paths: set[str] = set()
    refused_files: list[str] = []
    for path in submission_files(paths):
        where = str(path)
        if not printable(where):  # every message names the file: this name cannot be shown
            unreadable.append(f"{shown(where)}: its name is not printable text: not read")
            refused_files.append(shown(where))
            continue
        try:
            sub = read_submission(path)
        except Exception as e:  # whatever a file holds, the others are graded
            why = str(e) if isinstance(e, SubmissionError) else f"{where}: cannot be read"
            student = _named_student(path, roster)
            if student is None:
                unreadable.append(why)
                refused_files.append(where)
            else:
                refused.setdefault(student, []).append(f"refused: {why}")
                refused_paths.add(where)
            continue
        problem = identity_problem(path, sub)
        if problem:
            unreadable.append(f"{path}: refused: {problem}")
            refused_files.append(where)
        else:
            subs.append(sub)
    book = grade(m, subs, roster, refused, key=key, overrides=overrides)
    book.unreadable.extend(unreadable)
    book.refused_files += refused_files + sorted(refused_paths)
    book.paths |= refused_paths  # the student's feedback names these files without folders
    return book, write_report(book, out)
