"""A student's submission: the answers given, never verdicts.

The student's notebook appends one record per check (and one per "Show me") to
``fortyfive-submission-<student>.json`` beside it::

    {"format": "fortyfive-submission", "version": 1, "fortyfive": "0.1.0",
     "assignment": "hw1", "manifest": "<sha256 of the manifest>", "student": "ana",
     "attempts": [{"slot": 2, "puzzle": "c2-05", "digest": "<sha256 of its definition>",
                   "definition": {...the puzzle...}, "answer": ["5S", "JS"], "shown": false,
                   "hints_used": 1, "seconds": 12.5, "time": "2026-12-01T10:02:42+00:00"}]}

A hint is recorded when it is given, as a record with ``"hint": true`` (its ``answer`` null,
``hints_used`` the count so far), so that showing the puzzle again, which starts a widget's
count again, does not take it back.

The grader (:mod:`fortyfive.teach.grade`) checks every answer again with the engine, so a
``correct`` or ``solved`` field, if a file has one, is read past and never used. ``fortyfive``
is the version of the package the student's notebook ran (files written before it was recorded
have none): the grader draws each student's puzzles again, and another version may draw
others. The file is untrusted: :func:`read_submission` checks its size, counts and every field
before any of it is used, and refuses a bad one with a :class:`SubmissionError` that names the
file and the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fortyfive._version import __version__
from fortyfive.course.jsonfiles import check_header, encode_json, read_json
from fortyfive.course.safe_paths import replace_file
from fortyfive.engine.errors import quote
from fortyfive.puzzles.model import MAX_ATTEMPT_HINTS, MAX_ATTEMPT_SECONDS
from fortyfive.teach.draw import StudentError, check_student

FORMAT = "fortyfive-submission"
VERSION = 1
MAX_FILE_BYTES = 4 * 2**20
MAX_ATTEMPTS = 5000
MAX_ANSWER_CHARS = 10_000
MAX_DEFINITION_CHARS = 20_000
#: Fields an attempt may carry: those read, and the widget's own verdicts, which are ignored.
FIELDS = ("slot", "puzzle", "digest", "definition", "answer", "shown", "hints_used", "seconds")
#: Fields an attempt may leave out: a hint's record says it is one.
OPTIONAL = ("hint", "time")
IGNORED = ("correct", "solved", "kind", "chapter")
#: The top-level fields of a submission file.
TOP_FIELDS = ("format", "version", "fortyfive", "assignment", "manifest", "student", "attempts")


class SubmissionError(ValueError):
    """A submission file that cannot be graded: the message names the file and the field."""


#: The submission files' names: ``fortyfive-submission-<student>.json``.
FILE_GLOB = "fortyfive-submission-*.json"
_FILE_NAME = re.compile(r"fortyfive-submission-(.+)\.json")


def file_name(student: str) -> str:
    """The submission file's name for ``student``."""
    return f"fortyfive-submission-{check_student(student)}.json"


def named_student(name: str) -> str | None:
    """The student a submission file's ``name`` is for (:func:`file_name` read back), or None
    when it is not such a name or names no valid student id.

    >>> named_student("fortyfive-submission-ana.json"), named_student("notes.json")
    ('ana', None)
    """
    match = _FILE_NAME.fullmatch(name)
    if match is None:
        return None
    try:
        return check_student(match[1])
    except StudentError:
        return None


@dataclass(frozen=True)
class Attempt:
    """One recorded check (or "Show me") of a puzzle, as the student's notebook wrote it."""

    slot: int
    puzzle: str
    digest: str
    definition: dict[str, Any]
    answer: Any
    shown: bool
    hints_used: int
    seconds: float
    time: str
    hint: bool = False  # a hint given, not an answer


@dataclass(frozen=True)
class Submission:
    """A validated submission file."""

    path: str
    assignment: str
    manifest: str
    student: str
    attempts: tuple[Attempt, ...]
    made_with: str | None = None  # the fortyfive version that wrote it, when it says


class SubmissionLog:
    """Appends attempts to a student's submission file; each write replaces it atomically."""

    def __init__(self, path: str | Path, assignment: str, manifest: str, student: str) -> None:
        self.path = Path(path)
        self.assignment, self.manifest, self.student = assignment, manifest, student

    def attempts(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        sub = read_submission(self.path)
        if (sub.assignment, sub.manifest, sub.student) != (
            self.assignment,
            self.manifest,
            self.student,
        ):
            raise SubmissionError(
                f"{self.path} belongs to another assignment or student: move it away first"
            )
        return [_as_dict(a) for a in sub.attempts]

    def record(self, attempt: dict[str, Any]) -> None:
        """Add one attempt (the keys of :data:`FIELDS`, and ``hint`` for a hint's record; the
        time is filled in). A file that would grow past what the grader reads
        (:data:`MAX_ATTEMPTS`, :data:`MAX_FILE_BYTES`) is left as it is, with a
        :class:`SubmissionError` that says so: it still grades."""
        row = {k: attempt[k] for k in FIELDS}
        if attempt.get("hint"):
            row["hint"] = True
        row["time"] = attempt.get("time") or datetime.now(UTC).isoformat(timespec="seconds")
        attempts = self.attempts()
        full = f"the submission file {self.path.name} is full"
        keep = "hand it in as it is: it holds everything before this"
        if len(attempts) >= MAX_ATTEMPTS:
            raise SubmissionError(f"{full} ({MAX_ATTEMPTS} records at most): {keep}")
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "fortyfive": __version__,  # the grader compares it with its own
            "assignment": self.assignment,
            "manifest": self.manifest,
            "student": self.student,
            "attempts": [*attempts, row],
        }
        content = encode_json(data)
        if len(content) > MAX_FILE_BYTES:
            raise SubmissionError(f"{full} ({MAX_FILE_BYTES} bytes at most): {keep}")
        replace_file(self.path, content)


def _as_dict(a: Attempt) -> dict[str, Any]:
    return {
        "slot": a.slot,
        "puzzle": a.puzzle,
        "digest": a.digest,
        "definition": a.definition,
        "answer": a.answer,
        "shown": a.shown,
        "hints_used": a.hints_used,
        "seconds": a.seconds,
        "time": a.time,
        **({"hint": True} if a.hint else {}),
    }


def read_submission(path: str | Path) -> Submission:
    """A submission file, every field checked (see the module's docstring)."""
    path = Path(path)
    data = read_json(path, MAX_FILE_BYTES, "submission", SubmissionError)
    return parse_submission(data, str(path))


def parse_submission(data: Any, where: str = "submission") -> Submission:
    """A submission from its parsed JSON, every field checked; ``where`` names it in errors."""
    if not isinstance(data, dict):
        raise SubmissionError(f"{where}: a submission is a JSON object")
    check_header(data, FORMAT, (VERSION,), "submission", where, SubmissionError)
    unknown = sorted(set(data) - set(TOP_FIELDS))
    if unknown:
        raise SubmissionError(f"{where} has unknown fields: {quote(unknown)}")
    for key in ("assignment", "manifest"):
        value = data.get(key)
        if not isinstance(value, str) or not 0 < len(value) <= 100:
            raise SubmissionError(f"{where}: {key} is {quote(value)}")
    try:
        student = check_student(data.get("student"))
    except StudentError as e:
        raise SubmissionError(f"{where}: student: {e}") from None
    raw = data.get("attempts")
    if not isinstance(raw, list) or len(raw) > MAX_ATTEMPTS:
        raise SubmissionError(f"{where}: attempts must be a list of at most {MAX_ATTEMPTS}")
    attempts = tuple(_attempt(a, f"{where}: attempts[{i}]") for i, a in enumerate(raw))
    made_with = data.get("fortyfive")
    if made_with is not None and not (
        isinstance(made_with, str) and re.fullmatch(r"[0-9A-Za-z.+!_-]{1,40}", made_with)
    ):
        raise SubmissionError(f"{where}: fortyfive is {quote(made_with)}: a version number")
    return Submission(where, data["assignment"], data["manifest"], student, attempts, made_with)


def _attempt(a: Any, where: str) -> Attempt:
    if not isinstance(a, dict):
        raise SubmissionError(f"{where} must be an object")
    unknown = sorted(set(a) - set(FIELDS) - set(IGNORED) - set(OPTIONAL))
    if unknown:
        raise SubmissionError(f"{where} has unknown fields: {quote(unknown)}")
    missing = [k for k in FIELDS if k not in a]
    if missing:
        raise SubmissionError(f"{where} lacks {', '.join(missing)}")
    slot = a["slot"]
    if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= 10_000:
        raise SubmissionError(f"{where}.slot is {quote(slot)}")
    for key in ("puzzle", "digest"):
        if not isinstance(a[key], str) or not 0 < len(a[key]) <= 100:
            raise SubmissionError(f"{where}.{key} is {quote(a[key])}")
    if not isinstance(a["definition"], dict):
        raise SubmissionError(f"{where}.definition must be an object (the puzzle)")
    if len(json.dumps(a["definition"])) > MAX_DEFINITION_CHARS:
        raise SubmissionError(f"{where}.definition is too large")
    if len(json.dumps(a["answer"])) > MAX_ANSWER_CHARS:
        raise SubmissionError(f"{where}.answer is too large")
    if not isinstance(a["shown"], bool):
        raise SubmissionError(f"{where}.shown is {quote(a['shown'])}")
    hints = a["hints_used"]
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_ATTEMPT_HINTS:
        raise SubmissionError(f"{where}.hints_used is {quote(hints)}")
    seconds = a["seconds"]
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds <= MAX_ATTEMPT_SECONDS  # also false for NaN
    ):
        raise SubmissionError(f"{where}.seconds is {quote(seconds)}")
    when = a.get("time", "")
    if not isinstance(when, str) or len(when) > 40:
        raise SubmissionError(f"{where}.time is {quote(when)}")
    hint = a.get("hint", False)
    if not isinstance(hint, bool) or (hint and (a["answer"] is not None or a["shown"])):
        raise SubmissionError(f"{where}.hint is {quote(hint)}: a hint's record has no answer")
    return Attempt(
        slot,
        a["puzzle"],
        a["digest"],
        a["definition"],
        a["answer"],
        a["shown"],
        hints,
        float(seconds),
        when,
        hint,
    )
