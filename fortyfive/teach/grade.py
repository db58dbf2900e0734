"""Grading: every recorded answer checked again by the engine, against the manifest's puzzles.

For each submission the grader draws the student's puzzles from the manifest again
(:func:`~fortyfive.teach.draw.assigned_puzzles`), refuses any attempt at a puzzle that is not
the one drawn for that student in that place (another seed, an edited position, another
student's puzzle: the definition's digest tells), and replays the rest on a fresh
:class:`~fortyfive.puzzles.PuzzleRun`, in the order they were made. What a puzzle earns follows
the manifest's policy: nothing unless the engine finds it solved; nothing if "Show me" came
first or there were more wrong tries than allowed; each hint used before the solve costs its
share. Verdicts a file carries (``correct``, ``solved``) are never read. Once a puzzle has more
wrong answers than the policy allows (or than :data:`~fortyfive.teach.manifest.MAX_TRIES`), it
can earn nothing more, and its later answers are counted but not checked: a file can hold
thousands of records, and a wrong endgame move can cost the solver a sixth of a second.

Every file is judged alone: a submission the grader cannot grade (a header that does not
match, another student's token, a failure of any kind while it is graded) is refused by name
and the others are graded; an attempt it cannot read is left out, by name, and the rest of
the file counts. A definition is compared by its digest alone, never rebuilt into a puzzle, and
every bound (size, nesting, counts) is checked when the file is read, before any of it is used.

Each puzzle is graded by :func:`grade_slot`, from its accepted attempts alone. The student's
notebook grades one puzzle at a time through :func:`grade` itself (``drawn``: the puzzles it
has drawn already; ``slots``: the puzzles to grade), so that its points are the grader's.

>>> from fortyfive.teach.manifest import parse_manifest
>>> m = parse_manifest({"format": "fortyfive-assignment", "version": 1, "id": "hw", "title": "t",
...     "seed": 1, "puzzles": [{"id": "c1-01", "points": 2}]})
>>> book = grade(m, [])
>>> book.rows
[]
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import NamedTuple

from fortyfive._version import __version__
from fortyfive.engine.rulebook import RULE_IDS
from fortyfive.puzzles.model import Puzzle, PuzzleInputError, PuzzleRun
from fortyfive.teach.draw import Assigned, assigned_puzzles
from fortyfive.teach.key import TeacherKey
from fortyfive.teach.manifest import MAX_TRIES, Manifest, Policy, digest
from fortyfive.teach.overrides import Overrides, late_days
from fortyfive.teach.submission import Attempt, Submission, recorded_at


@dataclass(frozen=True)
class Row:
    """What one student's puzzle earned, and why."""

    student: str
    slot: int
    puzzle: str
    kind: str
    rules: tuple[str, ...]
    max_points: float
    points: float
    solved: bool
    wrong: int
    hints: int
    shown: bool
    status: str
    #: The seconds the solving answer was given at, since the puzzle was shown (0: unsolved).
    seconds: float = 0.0
    difficulty: int = 1
    #: Days (each started one) after the student's due date the puzzle was solved.
    late_days: int = 0
    #: The teacher's override of its points, with the reason ("" when none).
    override: str = ""


@dataclass
class Gradebook:
    """Every student's rows, with the notes on what was refused."""

    manifest: Manifest
    rows: list[Row] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)
    #: Files that could not be read as submissions, each with the reason.
    unreadable: list[str] = field(default_factory=list)
    #: The path of every submission graded, as the notes name them.
    paths: set[str] = field(default_factory=set)
    #: The students whose submission counted.
    submitted: set[str] = field(default_factory=set)
    #: The roster's students with no submission that counted: missing, not wrong.
    missing: set[str] = field(default_factory=set)
    #: Every file refused whole, by its path.
    refused_files: list[str] = field(default_factory=list)
    #: Each counted student's answers, in order: (puzzle id, the answer as canonical JSON).
    answers: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    @property
    def students(self) -> list[str]:
        """Every student with a row or a note, sorted."""
        return sorted({r.student for r in self.rows} | set(self.notes))

    def notes_for_student(self, student: str) -> list[str]:
        """``student``'s notes with each submission named by its file name only: where the
        teacher keeps the class's files is not the student's business."""
        longest_first = sorted(self.paths, key=len, reverse=True)
        out = []
        for note in self.notes.get(student, []):
            for path in longest_first:
                note = note.replace(path, PurePath(path).name)
            out.append(note)
        return out

    def totals(self) -> dict[str, float]:
        """Each student's points (0 for a student whose submission was refused whole)."""
        out = dict.fromkeys(self.students, 0.0)
        for r in self.rows:
            out[r.student] += r.points
        return out

    def mastery(self) -> dict[str, dict[str, float]]:
        """Per student, per rule id asked: the share of that rule's points earned (0 to 1)."""
        earned: dict[tuple[str, str], float] = {}
        possible: dict[tuple[str, str], float] = {}
        for r in self.rows:
            for rule in r.rules:
                key = (r.student, rule)
                earned[key] = earned.get(key, 0.0) + r.points
                possible[key] = possible.get(key, 0.0) + r.max_points
        out: dict[str, dict[str, float]] = {s: {} for s in self.students}
        for (student, rule), most in possible.items():
            out[student][rule] = earned[(student, rule)] / most if most else 0.0
        return out

    def rules_asked(self) -> list[str]:
        """The rule ids the assignment's puzzles test, in the rulebook's order."""
        asked = {rule for r in self.rows for rule in r.rules}
        return [r for r in RULE_IDS if r in asked]


def earned(
    policy: Policy,
    points: float,
    solved: bool,
    wrong: int,
    hints: int,
    shown: bool,
    late_days: int = 0,
) -> float:
    """What a puzzle earns under ``policy`` (see the module's docstring): solved ``late_days``
    days late, each costs ``policy.late_penalty`` of the points, and past ``policy.late_days``
    it earns nothing."""
    if not solved or shown:
        return 0.0
    if policy.tries is not None and wrong > policy.tries:
        return 0.0
    if policy.late_days is not None and late_days > policy.late_days:
        return 0.0
    share = max(0.0, 1.0 - policy.hint_penalty * hints)
    share *= max(0.0, 1.0 - policy.late_penalty * late_days)
    return round(points * share, 4)


def grade(
    manifest: Manifest,
    submissions: Iterable[Submission],
    roster: Sequence[str] | None = None,
    refused: Mapping[str, Sequence[str]] | None = None,
    *,
    drawn: Mapping[str, Sequence[Assigned]] | None = None,
    slots: Collection[int] | None = None,
    key: TeacherKey | None = None,
    overrides: Overrides | None = None,
) -> Gradebook:
    """The gradebook of ``submissions`` under ``manifest`` (and the roster, when given: its
    students without a submission get a row of zeros, anyone else is refused). Several files
    of one student count as one when each is the same record at another time (the shorter
    ones' attempts begin the longest's: the longest counts); otherwise the newest by its
    recorded time counts (:attr:`~fortyfive.teach.submission.Submission.recorded`; on a tie
    the one with more attempts, then the first by path), and the student's note names the
    files and the one chosen. ``refused``: each student's notes on files of theirs that could
    not be read, before any other. ``key``: the teacher's key; when its ``tokens`` is true, a
    file without the token of the student it names is refused (:mod:`fortyfive.teach.key`).
    ``overrides``: the teacher's extensions (a student's own due date) and overrides (a
    puzzle's points, whatever was found), each with its reason, in the row.

    ``drawn``: students' puzzles as :func:`~fortyfive.teach.draw.assigned_puzzles` drew them
    for this manifest (a student's notebook has them), not drawn again; ``slots``: grade only
    those puzzles (the rows of the others are left out, and their attempts neither checked
    nor noted). Either way a puzzle's row is the one the whole grading gives it."""
    book = Gradebook(manifest)

    def puzzles(student: str) -> Sequence[Assigned]:
        if drawn is not None and student in drawn:
            return drawn[student]
        return assigned_puzzles(manifest, student)

    for student, notes in (refused or {}).items():
        book.notes.setdefault(student, []).extend(notes)
    by_student: dict[str, list[Submission]] = {}
    for sub in submissions:
        book.paths.add(sub.path)
        problem = _whole_submission_problem(manifest, sub, roster, key)
        if problem:
            book.refused_files.append(sub.path)
            if key is not None and key.tokens and not key.accepts(manifest, sub.student, sub.token):
                # not made in that student's notebook: told to the teacher alone, never on
                # the feedback of the student it names, and it changes nothing of theirs
                book.unreadable.append(f"{sub.path}: {problem}")
            else:
                book.notes.setdefault(sub.student, []).append(f"{sub.path}: {problem}")
        else:
            by_student.setdefault(sub.student, []).append(sub)
    counted = book.submitted
    for student, subs in by_student.items():
        notes = book.notes.setdefault(student, [])
        chosen = _choose(subs, notes)
        due = manifest.policy.due
        if overrides and student in overrides.extensions:
            due = overrides.extensions[student][0]
        try:
            rows = _grade_student(manifest, chosen, notes, puzzles(student), slots, due)
        except Exception as e:  # whatever one file does, the class is graded
            book.refused_files.append(chosen.path)
            notes.append(f"{chosen.path}: refused: it could not be graded ({type(e).__name__})")
            continue
        counted.add(student)
        book.rows.extend(rows)
        book.answers[student] = tuple(
            (a.puzzle, json.dumps(a.answer, sort_keys=True))
            for a in chosen.attempts
            if not (a.hint or a.shown)
        )
    for student in roster or ():
        if student not in counted:
            book.missing.add(student)
            notes = book.notes.setdefault(student, [])
            notes.append("no submission counted" if notes else "no submission")
            book.rows.extend(_unanswered(manifest, student, puzzles(student), slots))
    if overrides:
        book.rows = [_overridden(r, overrides) for r in book.rows]
    return book


def _overridden(row: Row, overrides: Overrides) -> Row:
    """``row`` with the teacher's override of its points, if there is one."""
    found = overrides.points.get((row.student, row.slot))
    if found is None:
        return row
    points, reason = found
    points = min(points, row.max_points)
    words = f"{points:g} point{'' if points == 1 else 's'}"
    return replace(row, points=points, override=f"{words}: {reason}")


def _choose(subs: Sequence[Submission], notes: list[str]) -> Submission:
    """The submission of ``subs`` (one student's files) that counts: the longest when every
    other's attempts begin it (the same record, saved at other times), else the newest by its
    recorded time (then the most attempts, then the first path), said in ``notes``."""
    longest = max(subs, key=lambda s: len(s.attempts))
    if all(s.attempts == longest.attempts[: len(s.attempts)] for s in subs):
        return longest
    ordered = sorted(subs, key=lambda s: s.path)
    chosen = max(ordered, key=lambda s: (recorded_at(s), len(s.attempts)))
    others = ", ".join(s.path for s in ordered if s is not chosen)
    notes.append(
        f"{len(subs)} different submission files name {chosen.student}: {chosen.path} counts, "
        f"the newest by its recorded time ({chosen.recorded or 'none'}); not {others}"
    )
    return chosen


def _whole_submission_problem(
    manifest: Manifest,
    sub: Submission,
    roster: Sequence[str] | None,
    key: TeacherKey | None = None,
) -> str | None:
    if sub.assignment != manifest.id:
        return f"refused: it is for the assignment {sub.assignment!r:.40}, not {manifest.id!r}"
    if sub.manifest != manifest.digest():
        return "refused: it was made with another version of this assignment's manifest"
    if roster is not None and sub.student not in roster:
        return f"refused: {sub.student} is not on the roster"
    if key is not None and key.tokens and not key.accepts(manifest, sub.student, sub.token):
        return (
            f"refused: its token is not {sub.student}'s: it was not made in {sub.student}'s "
            "own notebook, and counts for no one"
        )
    return None


def _unanswered(
    manifest: Manifest, student: str, assigned: Sequence[Assigned], slots: Collection[int] | None
) -> list[Row]:
    return [
        _row(student, a, False, 0, 0, False, "not attempted", manifest.policy)
        for a in assigned
        if slots is None or a.slot in slots
    ]


def _row(
    student: str,
    a: Assigned,
    solved: bool,
    wrong: int,
    hints: int,
    shown: bool,
    status: str,
    policy: Policy,
    seconds: float = 0.0,
    late: int = 0,
) -> Row:
    p = a.puzzle
    pts = earned(policy, a.points, solved, wrong, hints, shown, late)
    return Row(
        student,
        a.slot,
        p.id,
        p.kind,
        p.rules,
        a.points,
        pts,
        solved,
        wrong,
        hints,
        shown,
        status,
        seconds,
        p.difficulty,
        late,
    )


def _grade_student(
    manifest: Manifest,
    sub: Submission,
    notes: list[str],
    drawn: Sequence[Assigned],
    slots: Collection[int] | None,
    due: str | None = None,
) -> list[Row]:
    here = __version__
    if sub.made_with is not None and sub.made_with != here:
        notes.append(
            f"made with fortyfive {sub.made_with}, graded with {here}: any puzzle that version "
            "drew differently is refused (grade with the version that assigned it)"
        )
    assigned = {a.slot: a for a in drawn}
    notes.extend(f"{sub.path}: {why}: that answer is left out" for why in sub.refused)
    by_slot: dict[int, list[Attempt]] = {}
    for i, att in enumerate(sub.attempts):
        if slots is not None and att.slot not in slots:
            continue  # another puzzle's: not graded here
        problem = _attempt_problem(att, assigned.get(att.slot))
        if problem:
            notes.append(f"attempt {i + 1} (puzzle {att.puzzle!r:.40}): refused: {problem}")
            continue
        by_slot.setdefault(att.slot, []).append(att)
    return [
        grade_slot(manifest.policy, sub.student, a, by_slot.get(slot, []), due)
        for slot, a in assigned.items()
        if slots is None or slot in slots
    ]


def grade_slot(
    policy: Policy,
    student: str,
    a: Assigned,
    attempts: Sequence[Attempt],
    due: str | None = None,
) -> Row:
    """The row of ``student``'s puzzle ``a`` under ``policy``: ``attempts`` (those of that
    puzzle the grader accepted, in the order made) replayed on the engine; ``due``: the
    student's due date (the policy's, or their extension's), against which the time recorded
    with the solving answer is late or not (a solve with no time recorded is not late)."""
    done = replay(a.puzzle, attempts, policy.tries)
    status, late = done.status, 0
    if done.solved and due is not None:
        days = late_days(done.time, due)
        if days is None:
            status += "; no time recorded"
        elif days:
            late = days
            status += f"; {days} day{'s' if days != 1 else ''} late"
    return _row(
        student,
        a,
        done.solved,
        done.wrong,
        done.hints,
        done.shown,
        status,
        policy,
        done.seconds,
        late,
    )


def _attempt_problem(att: Attempt, a: Assigned | None) -> str | None:
    if a is None:
        return f"this assignment has no puzzle {att.slot}"
    if att.puzzle != a.puzzle.id:
        return f"puzzle {att.slot} of this student is {a.puzzle.id}"
    # the digest of the data as it is: a puzzle's definition is its to_dict(), so nothing
    # is rebuilt from the file (no recursion into what a student wrote, no puzzle checks)
    if digest(att.definition) != a.digest or att.digest != a.digest:
        return "its position is not the one this assignment gave this student"
    return None


class Replayed(NamedTuple):
    """What :func:`replay` found."""

    solved: bool
    wrong: int  # wrong tries before the solve
    hints: int  # hints given before the solve
    shown: bool  # shown before it was solved
    status: str  # all that, in words
    seconds: float = 0.0  # the seconds recorded with the solving answer
    time: str = ""  # the time recorded with the solving answer


def replay(puzzle: Puzzle, attempts: Sequence[Attempt], tries: int | None = None) -> Replayed:
    """Check ``attempts`` again on a fresh run (see :class:`Replayed`). The hints are the
    most any record before the solve counts (a puzzle shown again counts its hints from 0,
    and its hints are the same ones again). Checking stops at the first wrong answer past
    ``tries`` (or past :data:`~fortyfive.teach.manifest.MAX_TRIES`), when nothing more can
    be earned. The run starts at the first answer to check: a puzzle not answered, or shown
    first, costs no engine time (starting a bid puzzle can take a quarter of a second)."""
    limit = MAX_TRIES if tries is None else tries
    run: PuzzleRun | None = None
    wrong = 0
    hints = 0
    malformed = 0
    for i, att in enumerate(attempts):
        hints = max(hints, att.hints_used)
        if att.hint:
            continue
        if att.shown:
            return Replayed(False, wrong, hints, True, "shown before it was solved")
        if run is None:
            run = puzzle.start()
        elif run.done:  # a failed endgame or a finished one: the next answer starts again
            run.reset()
        try:
            fb = run.check(att.answer)
        except PuzzleInputError:
            malformed += 1
            continue
        if not fb.correct:
            wrong += 1
            if wrong > limit:
                allowed = "allowed" if tries is not None else "the grader checks"
                later = sum(1 for b in attempts[i + 1 :] if not (b.hint or b.shown))
                rest = f"; {later} later answer{'s' if later != 1 else ''} not checked"
                status = f"not solved: more than the {limit} wrong tries {allowed}"
                return Replayed(False, wrong, hints, False, status + (rest if later else ""))
        elif run.solved:
            tries_text = "at the first try" if wrong == 0 else f"after {wrong} wrong"
            hint = f", {hints} hint{'s' if hints != 1 else ''}"
            status = f"solved {tries_text}{hint if hints else ''}"
            return Replayed(True, wrong, hints, False, status, att.seconds, att.time)
    if not any(not a.hint for a in attempts):
        return Replayed(False, 0, hints, False, "not attempted")
    extra = f" ({malformed} answers not of the puzzle's shape)" if malformed else ""
    return Replayed(False, wrong, hints, False, f"not solved{extra}")
