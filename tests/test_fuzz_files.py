"""Property tests: the files a course and a teacher read from others (manifests, submissions,
progress files, rosters) with any field replaced by any JSON-like value are read, or refused
with that file's own error, and never raise anything else; a submission that is read is graded
without an error whatever its answers hold."""

from __future__ import annotations

import contextlib
import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

from fortyfive.bench.puzzles import _answer as well_formed
from fortyfive.course.progress import ProgressError, ProgressLog, chapter_results, read_progress
from fortyfive.course.review import Recipe
from fortyfive.puzzles import get_puzzle
from fortyfive.teach import assigned_puzzles, grade
from fortyfive.teach.manifest import ManifestError, parse_manifest
from fortyfive.teach.roster import MAX_ROSTER_BYTES, RosterError, read_roster
from fortyfive.teach.submission import SubmissionError, parse_submission

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),  # a file cannot hold others (json_text)
    st.text(max_size=30),
    st.sampled_from(["5S", "JK", "c1-01", "order", "R5.3", "no credit", "ana", "fortyfive"]),
)
values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

MANIFEST: dict[str, Any] = {
    "format": "fortyfive-assignment",
    "version": 1,
    "id": "hw1",
    "title": "Trumps",
    "seed": 2026,
    "policy": {"tries": 2, "hint_penalty": 0.25, "show": "no credit"},
    "puzzles": [
        {"id": "c1-04", "points": 2},
        {"chapter": 2, "rules": ["R5.3"], "count": 1},
        {"generate": "order", "difficulty": [1, 2], "count": 1},
    ],
}
M = parse_manifest(MANIFEST)


def _submission() -> dict[str, Any]:
    """A well-formed submission of ana's: one attempt at each of her puzzles."""
    attempts = [
        {
            "slot": a.slot,
            "puzzle": a.puzzle.id,
            "digest": a.digest,
            "definition": a.puzzle.to_dict(),
            "answer": well_formed(a.puzzle.start().view()),
            "shown": False,
            "hints_used": 0,
            "seconds": 3.5,
            "time": "2026-12-01T10:00:00+00:00",
        }
        for a in assigned_puzzles(M, "ana")
    ]
    return {
        "format": "fortyfive-submission",
        "version": 1,
        "fortyfive": "0.0.9",
        "assignment": "hw1",
        "manifest": M.digest(),
        "student": "ana",
        "attempts": attempts,
    }


SUBMISSION = _submission()


def _where(data: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    """``data`` with the field at ``path`` replaced by ``value``."""
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _paths(data: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every field of ``data``, nested ones included."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    out: list[tuple[str | int, ...]] = []
    for key, value in items:
        out.append((*prefix, key))
        if isinstance(value, dict | list) and len(prefix) < 3:
            out.extend(_paths(value, (*prefix, key)))
    return out


@FUZZ
@given(st.sampled_from(_paths(MANIFEST)), values)
def test_a_manifest_with_any_field_replaced_is_read_or_refused_as_a_manifest(
    path: tuple[str | int, ...], value: Any
) -> None:
    try:
        m = parse_manifest(_where(MANIFEST, path, value))
    except ManifestError:
        return
    # a manifest that is read can be drawn from, or it says why not, as a manifest
    with contextlib.suppress(ManifestError):
        assigned_puzzles(m, "ana")


@FUZZ
@given(st.sampled_from(_paths({k: v for k, v in SUBMISSION.items() if k != "attempts"})), values)
def test_a_submission_with_any_header_field_replaced_is_read_or_refused(
    path: tuple[str | int, ...], value: Any
) -> None:
    _read_and_grade(_where(SUBMISSION, path, value))


@FUZZ
@given(
    st.sampled_from(
        [("attempts", 0, k) for k in SUBMISSION["attempts"][0]]
        + [("attempts", 0, "definition", k) for k in SUBMISSION["attempts"][0]["definition"]]
        + [("attempts", 1, "answer"), ("attempts", 2, "answer")]
    ),
    values,
)
def test_a_submission_with_any_attempt_field_replaced_is_read_or_refused_then_graded(
    path: tuple[str | int, ...], value: Any
) -> None:
    _read_and_grade(_where(SUBMISSION, path, value))


def _read_and_grade(data: dict[str, Any]) -> None:
    try:
        sub = parse_submission(json.loads(json.dumps(data)))
    except SubmissionError:
        return
    book = grade(M, [sub], roster=["ana"])  # never raises: what it refuses becomes a note
    assert [r.student for r in book.rows] == ["ana"] * len(assigned_puzzles(M, "ana"))


def _progress_file() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        log = ProgressLog(Path(d) / "fortyfive-progress.json")
        run = get_puzzle("c1-04").start()
        answer = well_formed(run.view())
        fb = run.check(answer)
        log.record(run.attempt(answer, fb.correct, False, 4.2), Recipe.of(run.puzzle))
        log.record(run.attempt(None, False, True, 1.0), Recipe.of(run.puzzle))
        data: dict[str, Any] = json.loads(log.path.read_text())
    assert data["review"], "the fuzzed file should hold a review entry"
    return data


PROGRESS = _progress_file()


@FUZZ
@given(st.sampled_from(_paths(PROGRESS)), values)
def test_a_progress_file_with_any_field_replaced_is_read_or_refused(
    path: tuple[str | int, ...], value: Any
) -> None:
    with tempfile.TemporaryDirectory() as d:
        file = Path(d) / "fortyfive-progress.json"
        file.write_text(json.dumps(_where(PROGRESS, path, value)), encoding="utf-8")
        try:
            read_progress(file)
        except ProgressError:
            return
        chapter_results(1, file)  # and the course's results read it without an error


@FUZZ
@given(st.lists(st.text(max_size=40), max_size=8))
def test_a_roster_of_any_lines_is_read_or_refused_as_a_roster(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as d:
        file = Path(d) / "roster.csv"
        file.write_text("\n".join(["student,name", *lines]), encoding="utf-8")
        with contextlib.suppress(RosterError):
            read_roster(file)


def test_a_roster_with_a_field_over_the_csv_limit_is_refused_as_a_roster(tmp_path: Path) -> None:
    file = tmp_path / "roster.csv"
    file.write_text('student\n"' + "a" * 200_000 + '"\n', encoding="utf-8")
    assert file.stat().st_size < MAX_ROSTER_BYTES
    with pytest.raises(RosterError, match="line 2"):
        read_roster(file)


def test_a_roster_with_old_mac_or_windows_line_endings_is_read(tmp_path: Path) -> None:
    file = tmp_path / "roster.csv"
    file.write_bytes(b"student,name\r\nana,Ana\rben,Ben\n")
    assert read_roster(file) == ["ana", "ben"]
