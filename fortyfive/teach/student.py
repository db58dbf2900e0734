"""The student's side of an assignment, in the notebook: the puzzles drawn for this student, each
check written to the submission file, and the points as the grader gives them.

>>> import tempfile
>>> from fortyfive.teach.manifest import parse_manifest
>>> m = parse_manifest({"format": "fortyfive-assignment", "version": 1, "id": "hw", "title": "t",
...     "seed": 1, "puzzles": [{"id": "c1-01", "points": 2}]})
>>> hw = Assignment(m, "ana", tempfile.mkdtemp())
>>> [a.puzzle.id for a in hw.puzzles], hw.points(1)
(['c1-01'], 0.0)

``hw.points(n)`` (an nbgrader cell per puzzle) grades puzzle n alone, as the grader does
(:func:`~fortyfive.teach.grade.grade` with the puzzles already drawn, and only slot n): its
answers are replayed on the engine, the others are not, and the submission file is read again
only when it has changed.

Nothing here is trusted by the grader: it checks every recorded answer again. What the kernel
cannot prevent (a student may run the engine in their own cells and work an answer out) is said
in the teacher's guide.
"""

from __future__ import annotations

import getpass
import html
import os
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fortyfive.puzzles.model import Feedback
from fortyfive.teach.draw import Assigned, assigned_puzzles, check_student
from fortyfive.teach.grade import Row, grade
from fortyfive.teach.manifest import Manifest, load_manifest, parse_manifest
from fortyfive.teach.submission import Submission, SubmissionLog, file_name, read_submission

if TYPE_CHECKING:
    from fortyfive.course.learner import ProgressDownload
    from fortyfive.widgets.puzzle import PuzzleWidget

#: The environment variable that names the student, where nothing else does.
STUDENT_ENV = "FORTYFIVE_STUDENT"


def find_student(nbgrader: bool = False, folder: Path | None = None) -> str:
    """The student's id where the notebook runs: under nbgrader's autograder the folder it
    grades (``autograded/<student>/<assignment>``); ``FORTYFIVE_STUDENT``; JupyterHub's user;
    with ``nbgrader`` the login name (nbgrader's exchange knows students by it)."""
    here = (folder or Path.cwd()).resolve()
    if here.parent.parent.name == "autograded":  # the grader's own folder decides
        return check_student(here.parent.name)
    if os.environ.get(STUDENT_ENV):
        return check_student(os.environ[STUDENT_ENV])
    if os.environ.get("JUPYTERHUB_USER"):
        return check_student(os.environ["JUPYTERHUB_USER"])
    if nbgrader:
        return check_student(_login())
    raise ValueError(
        "who are you? Write your student id in the first cell: Assignment.open(..., "
        'student="your-id")'
    )


def _login() -> str:
    """The login name as nbgrader's exchange sees it (the process's user, or JupyterHub's
    where the process runs as "jovyan")."""
    try:
        import pwd

        name = pwd.getpwuid(os.getuid())[0]
    except (ImportError, KeyError):
        name = getpass.getuser()
    return os.environ.get("JUPYTERHUB_USER", name) if name == "jovyan" else name


class Assignment:
    """One student's assignment: ``hw.puzzle(n)`` shows puzzle n (from 1) as a widget whose
    every check is saved; ``hw.points(n)`` is what it earns so far, as the grader counts it."""

    def __init__(
        self,
        manifest: Manifest,
        student: str,
        folder: str | Path = ".",
        token: str | None = None,
    ) -> None:
        self.manifest = manifest
        self.student = check_student(student)
        self.folder = Path(folder)
        self.puzzles: list[Assigned] = assigned_puzzles(manifest, self.student)
        self._drawn = tuple(self.puzzles)  # what grading uses: a cell may change the list
        #: The submission file as last read, under its (path, mtime_ns, size, inode).
        self._read: tuple[tuple[str, int, int, int], Submission] | None = None
        self.log = SubmissionLog(
            self.folder / file_name(self.student),
            manifest.id,
            manifest.digest(),
            self.student,
            token,
        )

    @classmethod
    def open(
        cls,
        manifest: str | Path | dict[str, Any],
        student: str | None = None,
        *,
        nbgrader: bool = False,
        token: str | None = None,
    ) -> Assignment:
        """The assignment of ``manifest`` (a file, or the manifest itself) for ``student``
        (found as :func:`find_student` says when not given), in the notebook's folder;
        ``token``: the student's token (:mod:`fortyfive.teach.key`), which their notebook
        carries when the teacher handed it out with a roster."""
        m = parse_manifest(manifest) if isinstance(manifest, dict) else load_manifest(manifest)
        return cls(m, student or find_student(nbgrader), Path.cwd(), token)

    @property
    def submission_file(self) -> Path:
        """The file every check and "Show me" is appended to."""
        return self.log.path

    def _slot(self, n: int) -> Assigned:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self.puzzles):
            raise ValueError(f"this assignment has puzzles 1 to {len(self.puzzles)}, not {n!r}")
        return self.puzzles[n - 1]

    def puzzle(self, n: int) -> PuzzleWidget:
        """Puzzle ``n`` as a widget; every check and "Show me" goes to the submission file."""
        from fortyfive.widgets.puzzle import PuzzleWidget

        a = self._slot(n)
        tries = self.manifest.policy.tries

        def record(attempt: dict[str, Any]) -> None:
            self._record(a, attempt)

        def hint(hints_used: int) -> None:  # saved as given: a new widget counts from 0
            self._record(a, {"answer": None, "hints_used": hints_used, "hint": True})

        return PuzzleWidget(
            a.puzzle,
            tries_before_show=3 if tries is None else tries,
            on_attempt=record,
            on_hint=hint,
        )

    def _record(self, a: Assigned, attempt: dict[str, Any]) -> None:
        self.log.record(
            {
                "slot": a.slot,
                "puzzle": a.puzzle.id,
                "digest": a.digest,
                "definition": a.puzzle.to_dict(),
                "answer": attempt.get("answer"),
                "shown": bool(attempt.get("shown")),
                "hints_used": int(attempt.get("hints_used") or 0),
                "seconds": float(attempt.get("seconds") or 0.0),
                "hint": bool(attempt.get("hint")),
            }
        )

    def solution(self, n: int) -> Feedback:
        """The engine's answer to puzzle ``n``. It is recorded as "Show me": under the
        assignment's policy, a puzzle shown before it is solved earns nothing."""
        a = self._slot(n)
        self._record(a, {"answer": None, "shown": True, "hints_used": 0, "seconds": 0.0})
        return a.puzzle.start().show()

    def _submissions(self) -> list[Submission]:
        """The submission file, read again only when its path, time, size or inode changed
        (each write replaces the file)."""
        path = self.log.path
        if not path.exists():
            self._read = None
            return []
        st = path.stat()
        key = (os.fspath(path), st.st_mtime_ns, st.st_size, st.st_ino)
        if self._read is None or self._read[0] != key:
            self._read = None  # a file that no longer reads is not the last one read
            self._read = (key, read_submission(path))
        sub = self._read[1]
        return [sub] if sub.student == self.student else []  # someone else's counts nothing

    def _graded(self, slots: Collection[int] | None = None) -> list[Row]:
        book = grade(
            self.manifest,
            self._submissions(),
            roster=[self.student],
            drawn={self.student: self._drawn},
            slots=slots,
        )
        return sorted((r for r in book.rows if r.student == self.student), key=lambda r: r.slot)

    def rows(self) -> list[Row]:
        """What each puzzle earns now, from the submission file, as the grader counts it."""
        return self._graded()

    def points(self, n: int) -> float:
        """What puzzle ``n`` earns so far (nbgrader's autograded cells show this number): that
        puzzle alone graded as the grader grades it."""
        self._slot(n)
        return next(r.points for r in self._graded({n}) if r.slot == n)

    def download(self) -> ProgressDownload:
        """A link that saves the submission file from the page (for the course in the browser,
        where the file lives in the browser's storage)."""
        from fortyfive.course.learner import ProgressDownload

        return ProgressDownload(self.log.path)

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = "".join(
            f"<tr><td>{r.slot}</td><td>{esc(r.puzzle)}</td>"
            f"<td>{r.points:g} / {r.max_points:g}</td><td>{esc(r.status)}</td></tr>"
            for r in self.rows()
        )
        return (
            f"<p><b>{esc(self.manifest.title)}</b>: {esc(self.student)}</p><table><tr>"
            "<th>puzzle</th><th>id</th>"
            f"<th>points</th><th>status</th></tr>{rows}</table>"
        )
