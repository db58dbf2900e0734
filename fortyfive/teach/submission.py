"""A student's submission: the answers given, never verdicts.

The student's notebook appends one record per check (and one per "Show me") to
``fortyfive-submission-<student>.json`` beside it::

    {"format": "fortyfive-submission", "version": 1, "fortyfive": "0.1.0",
     "assignment": "hw1", "manifest": "<sha256 of the manifest>", "student": "ana",
     "token": "<ana's token, when her notebook was given one>",
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
others. ``token`` is the student's token (:mod:`fortyfive.teach.key`), in the file when the
student's notebook had one.

The file is untrusted: :func:`read_submission` checks its size, counts and every field before
any of it is used. A file whose header is bad is refused whole with a :class:`SubmissionError`
that names the file and the field; an attempt that is bad is left out alone, and
:attr:`Submission.refused` says which and why: one bad answer loses that answer, not the file.

Files are found by name as browsers and learning platforms save them
(:func:`named_students`): ``fortyfive-submission-ana (1).json``, ``... ana-2.json``,
``... ana - Copy.json``, and behind a platform's prefix ending in ``_``, ``-``, a space or a
dot (``ana_12345_67890_fortyfive-submission-ana.json``).
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
from fortyfive.teach.draw import _STUDENT, StudentError, check_student

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
TOP_FIELDS = (
    "format",
    "version",
    "fortyfive",
    "assignment",
    "manifest",
    "student",
    "token",
    "attempts",
)


class SubmissionError(ValueError):
    """A submission file that cannot be graded: the message names the file and the field."""


#: The submission files' names: ``fortyfive-submission-<student>.json``, with whatever a
#: browser or a learning platform adds before or after it.
FILE_GLOB = "*fortyfive-submission-*.json"
_STEM = "fortyfive-submission-"
#: What a browser, a file manager or a platform adds after a file's name, one at a time:
#: " (1)", "(2)", "-1", "_1", " copy", " - Copy", " copy 2".
_ADDED = re.compile(r"(?: ?\(\d{1,4}\)|[-_]\d{1,4}| - copy| copy(?: \d{1,4})?)\Z", re.IGNORECASE)


def file_name(student: str) -> str:
    """The submission file's name for ``student``."""
    return f"fortyfive-submission-{check_student(student)}.json"


def named_students(name: str) -> list[str]:
    """The students a submission file's ``name`` may be for: :func:`file_name` read back, as
    it is and with each ending a browser or platform adds taken off in turn (``ana-2`` may be
    the student ``ana-2`` or ``ana``'s second download: the file's own ``student`` decides).
    A prefix must end in ``_``, ``-``, a space or a dot.

    >>> named_students("fortyfive-submission-ana (1).json"), named_students("notes.json")
    (['ana'], [])
    >>> named_students("ana_12345_67890_fortyfive-submission-ana-2.json")
    ['ana-2', 'ana']
    """
    at = name.rfind(_STEM)
    if at < 0 or not name.endswith(".json") or (at and name[at - 1] not in "_- ."):
        return []
    rest = name[at + len(_STEM) : -len(".json")]
    out = []
    while rest:
        if _STUDENT.fullmatch(rest):
            out.append(rest)
        match = _ADDED.search(rest)
        if match is None or match.start() == 0:
            break
        rest = rest[: match.start()]
    return out


def named_student(name: str) -> str | None:
    """The student a submission file's ``name`` is most likely for (the first of
    :func:`named_students`), or None when it names none.

    >>> named_student("fortyfive-submission-ana.json"), named_student("notes.json")
    ('ana', None)
    """
    names = named_students(name)
    return names[0] if names else None


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
    token: str | None = None  # the student's token (fortyfive.teach.key), when it has one
    #: Each attempt left out, as "attempts[i]: why".
    refused: tuple[str, ...] = ()

    @property
    def recorded(self) -> str:
        """When the last attempt was recorded, as the file says (its latest ``time`` that is a
        date and time, compared in UTC; the empty text when none is): which of a student's
        files is the newest."""
        times = [(t, a.time) for a in self.attempts if (t := _timestamp(a.time)) is not None]
        return max(times)[1] if times else ""


class SubmissionLog:
    """Appends attempts to a student's submission file; each write replaces it atomically."""

    def __init__(
        self,
        path: str | Path,
        assignment: str,
        manifest: str,
        student: str,
        token: str | None = None,
    ) -> None:
        self.path = Path(path)
        self.assignment, self.manifest, self.student = assignment, manifest, student
        self.token = token

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
            **({"token": self.token} if self.token else {}),
            "attempts": [*attempts, row],
        }
        content = encode_json(data)
        if len(content) > MAX_FILE_BYTES:
            raise SubmissionError(f"{full} ({MAX_FILE_BYTES} bytes at most): {keep}")
        replace_file(self.path, content)


def _timestamp(text: str) -> float | None:
    """``text`` as seconds since the epoch (a time without an offset taken as UTC, as the
    notebook writes them), or None when it is not a date and time."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


def recorded_at(sub: Submission) -> float:
    """:attr:`Submission.recorded` as seconds since the epoch (no time: the earliest)."""
    stamp = _timestamp(sub.recorded)
    return float("-inf") if stamp is None else stamp


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
    token = data.get("token")
    if token is not None and not (
        isinstance(token, str) and re.fullmatch(r"[0-9a-f]{1,64}", token)
    ):
        raise SubmissionError(f"{where}: token is {quote(token)}")
    raw = data.get("attempts")
    if not isinstance(raw, list) or len(raw) > MAX_ATTEMPTS:
        raise SubmissionError(f"{where}: attempts must be a list of at most {MAX_ATTEMPTS}")
    attempts: list[Attempt] = []
    refused: list[str] = []
    for i, a in enumerate(raw):
        try:
            attempts.append(_attempt(a, f"attempts[{i}]"))
        except SubmissionError as e:  # that answer lost, not the file
            refused.append(str(e))
    made_with = data.get("fortyfive")
    if made_with is not None and not (
        isinstance(made_with, str) and re.fullmatch(r"[0-9A-Za-z.+!_-]{1,40}", made_with)
    ):
        raise SubmissionError(f"{where}: fortyfive is {quote(made_with)}: a version number")
    return Submission(
        where,
        data["assignment"],
        data["manifest"],
        student,
        tuple(attempts),
        made_with,
        token,
        tuple(refused),
    )


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
