"""The teacher's two commands as functions: hand an assignment out, grade what came back.

``write_assignment`` writes, into the output folder::

    assignment.json                 the manifest, as validated
    <id>.ipynb                      the student's notebook (asks for the student's id), or
    students/<student>/<id>.ipynb   one per student of the roster, the id filled in
    teacher/<id>-teacher.ipynb      the teacher's copy: each student's puzzles and answers

or, with ``nbgrader``, the source folder of an nbgrader course (``source/<id>/<id>.ipynb``,
every cell locked, an autograded cell per puzzle) for ``nbgrader generate_assignment``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from fortyfive.teach.draw import check_drawable
from fortyfive.teach.grade import Gradebook, grade
from fortyfive.teach.manifest import load_manifest
from fortyfive.teach.notebooks import Notebook, student_notebook, teacher_notebook
from fortyfive.teach.report import write_report
from fortyfive.teach.roster import read_roster
from fortyfive.teach.submission import Submission, SubmissionError, read_submission

#: How many files a grading run reads from the folders it is given.
MAX_SUBMISSION_FILES = 5000


def _write(path: Path, nb: Notebook, written: list[Path]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(path)


def write_assignment(
    manifest_path: str | Path,
    out: str | Path,
    roster_path: str | Path | None = None,
    nbgrader: bool = False,
) -> list[Path]:
    """Write the assignment's notebooks (see the module's docstring); returns the files."""
    m = load_manifest(manifest_path)
    check_drawable(m)
    roster = read_roster(roster_path) if roster_path else []
    out = Path(out)
    written: list[Path] = []
    manifest_text = json.dumps(m.to_dict(), indent=1, ensure_ascii=False) + "\n"
    if nbgrader:
        folder = out / "source" / m.id
        folder.mkdir(parents=True, exist_ok=True)
        _write(folder / f"{m.id}.ipynb", student_notebook(m, nbgrader=True), written)
        _write(out / "teacher" / f"{m.id}-teacher.ipynb", teacher_notebook(m, roster), written)
        return written
    out.mkdir(parents=True, exist_ok=True)
    (out / "assignment.json").write_text(manifest_text, encoding="utf-8")
    written.append(out / "assignment.json")
    if roster:
        for student in roster:
            _write(
                out / "students" / student / f"{m.id}.ipynb", student_notebook(m, student), written
            )
    else:
        _write(out / f"{m.id}.ipynb", student_notebook(m), written)
    _write(out / "teacher" / f"{m.id}-teacher.ipynb", teacher_notebook(m, roster), written)
    return written


def submission_files(paths: Sequence[str | Path]) -> list[Path]:
    """The submission files named, and those in the folders named (searched recursively, as
    nbgrader's ``submitted/<student>/<assignment>/`` lays them out)."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(p.rglob("fortyfive-submission-*.json"))
        else:
            files.append(p)
        if len(files) > MAX_SUBMISSION_FILES:
            raise RuntimeError(f"more than {MAX_SUBMISSION_FILES} submission files")
    return files


def grade_files(
    manifest_path: str | Path,
    paths: Sequence[str | Path],
    out: str | Path,
    roster_path: str | Path | None = None,
) -> tuple[Gradebook, list[Path]]:
    """Grade the submission files (or folders) under the manifest and write the report.

    A file that is not a submission is noted and counts for nothing; it stops nothing else."""
    m = load_manifest(manifest_path)
    roster = read_roster(roster_path) if roster_path else None
    subs: list[Submission] = []
    unreadable: list[str] = []
    for path in submission_files(paths):
        try:
            subs.append(read_submission(path))
        except SubmissionError as e:
            unreadable.append(str(e))
    book = grade(m, subs, roster)
    book.unreadable.extend(unreadable)
    return book, write_report(book, out)
