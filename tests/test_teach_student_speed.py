"""The student's ``hw.points(n)`` grades puzzle n alone, from the puzzles the notebook drew and
the submission file as last read, and gives exactly the grader's points for every puzzle."""

from __future__ import annotations

import csv
import importlib
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import answer_puzzle
from puzzle_answers import script

from fortyfive.cli import main
from fortyfive.teach import Assignment, grade, parse_manifest, read_submission
from fortyfive.teach.manifest import Manifest
from fortyfive.teach.submission import file_name

# the modules themselves (the package's ``grade`` is the function)
DRAW, GRADE, STUDENT_MODULE = (
    importlib.import_module(f"fortyfive.teach.{name}") for name in ("draw", "grade", "student")
)


MANIFEST: dict[str, Any] = {
    "format": "fortyfive-assignment",
    "version": 1,
    "id": "hw9",
    "title": "Every kind",
    "seed": 45,
    "policy": {"tries": 1, "hint_penalty": 0.25},
    "puzzles": [
        {"id": "c1-01", "points": 2},
        {"chapter": 2, "count": 2},
        {"generate": "order", "difficulty": [1, 2], "count": 3},
        {"generate": "bid", "difficulty": [1], "count": 1, "points": 3},
        {"generate": "give-up", "difficulty": [1], "count": 1},
        {"generate": "target", "difficulty": [1], "count": 1, "points": 2},
    ],
}
STUDENT = "ana"
#: What each puzzle gets in the simulated session (see :func:`_work`), and its points.
EXPECTED = {
    1: 2.0,  # right at once
    2: 1.0,  # one wrong try (allowed), then right
    3: 0.5,  # two hints, then right
    4: 0.0,  # "Show me", then right
    5: 0.0,  # two wrong tries (one allowed), then right
    6: 0.0,  # not attempted
    7: 3.0,  # right at once
    8: 0.0,  # wrong only
    9: 1.5,  # a hint, then right
}


def _manifest() -> Manifest:
    return parse_manifest(MANIFEST)


def _work(hw: Assignment) -> None:
    """A student's session: right, wrong, hints, "Show me", an answer left out."""
    answer_puzzle(hw, 1)
    answer_puzzle(hw, 2, wrong_first=1)
    answer_puzzle(hw, 3, hints=2)
    hw.solution(4)
    answer_puzzle(hw, 4)
    answer_puzzle(hw, 5, wrong_first=2)
    answer_puzzle(hw, 7)
    w = hw.puzzle(8)
    wrong = script(hw.puzzles[7].puzzle)[0]
    assert wrong is not None
    w.answer(wrong)
    answer_puzzle(hw, 9, hints=1)


@pytest.fixture(scope="module")
def worked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of a worked assignment (its submission file), made once."""
    folder = tmp_path_factory.mktemp("worked")
    hw = Assignment(_manifest(), STUDENT, folder)
    assert {a.puzzle.kind for a in hw.puzzles} >= {"bid", "give-up", "order", "target"}
    _work(hw)
    return folder


@pytest.fixture
def folder(worked: Path, tmp_path: Path) -> Path:
    """A copy of the worked folder, free to change."""
    out = tmp_path / STUDENT
    shutil.copytree(worked, out)
    return out


def _graders_points(path: Path) -> dict[int, float]:
    book = grade(_manifest(), [read_submission(path)], roster=[STUDENT])
    return {r.slot: r.points for r in book.rows if r.student == STUDENT}


def test_points_are_the_graders_for_every_puzzle(folder: Path, tmp_path: Path) -> None:
    hw = Assignment(_manifest(), STUDENT, folder)
    cells = {n: hw.points(n) for n in range(1, len(hw.puzzles) + 1)}
    assert cells == EXPECTED
    path = folder / file_name(STUDENT)
    assert cells == _graders_points(path)
    book = grade(_manifest(), [read_submission(path)], roster=[STUDENT])
    assert hw.rows() == sorted(book.rows, key=lambda r: r.slot)  # statuses too

    # and the command the teacher runs
    mpath = tmp_path / "hw9.json"
    mpath.write_text(json.dumps(MANIFEST))
    out = tmp_path / "grades"
    assert main(["grade", "--assignment", str(mpath), str(folder), "--out", str(out)]) == 0
    with (out / "gradebook.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert {int(r["slot"]): float(r["points"]) for r in rows} == cells


def _edit_position(data: dict[str, Any]) -> None:
    for a in data["attempts"]:
        if a["slot"] == 2:  # ana's right answer is for another position now: refused
            a["digest"] = "0" * 64


def _other_manifest(data: dict[str, Any]) -> None:
    data["manifest"] = "0" * 64


def _other_student(data: dict[str, Any]) -> None:
    data["student"] = "ben"


def _shown_after(data: dict[str, Any]) -> None:
    first7 = next(a for a in data["attempts"] if a["slot"] == 7)
    data["attempts"].insert(0, {**first7, "answer": None, "shown": True})


def _forged(data: dict[str, Any]) -> None:
    for a in data["attempts"]:
        if a["slot"] == 8:
            a["correct"] = a["solved"] = True


@pytest.mark.parametrize(
    "edit", [_edit_position, _other_manifest, _other_student, _shown_after, _forged]
)
def test_an_edited_file_scores_as_the_grader_scores_it(
    folder: Path, edit: Callable[[dict[str, Any]], None]
) -> None:
    path = folder / file_name(STUDENT)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    hw = Assignment(_manifest(), STUDENT, folder)
    cells = {n: hw.points(n) for n in range(1, len(hw.puzzles) + 1)}
    if edit is _other_student:  # a file in another's name counts for no one
        book = grade(_manifest(), [], roster=[STUDENT])
        assert cells == {r.slot: r.points for r in book.rows} == dict.fromkeys(EXPECTED, 0.0)
    else:
        assert cells == _graders_points(path)
    assert cells != EXPECTED or edit is _forged


class Counter:
    """Counts the calls of a function in a module, and what it was called with."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
        self.calls: list[tuple[Any, ...]] = []
        real = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(args)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Counter]]:
    draws = [
        Counter(monkeypatch, module, "assigned_puzzles") for module in (DRAW, GRADE, STUDENT_MODULE)
    ]
    yield {
        "draw": draws[0],
        "draw_grade": draws[1],
        "draw_student": draws[2],
        "replay": Counter(monkeypatch, GRADE, "replay"),
        "read": Counter(monkeypatch, STUDENT_MODULE, "read_submission"),
    }


def test_all_the_cells_draw_once_and_replay_each_puzzle_once(
    folder: Path, counts: dict[str, Counter]
) -> None:
    hw = Assignment(_manifest(), STUDENT, folder)
    n_slots = len(hw.puzzles)
    cells = [hw.points(n) for n in range(1, n_slots + 1)]
    assert cells == list(EXPECTED.values())
    draws = sum(len(counts[k].calls) for k in ("draw", "draw_grade", "draw_student"))
    assert draws == 1  # opening the assignment
    replayed = [args[0] for args in counts["replay"].calls]
    assert replayed == [a.puzzle for a in hw.puzzles]  # one replay a puzzle, in its own cell
    assert len(counts["read"].calls) == 1  # the file did not change between the cells


def test_a_file_changed_between_two_cells_is_read_again(
    tmp_path: Path, counts: dict[str, Counter]
) -> None:
    hw = Assignment(_manifest(), STUDENT, tmp_path)
    assert hw.points(1) == 0.0 and counts["read"].calls == []  # no file yet
    answer_puzzle(hw, 1)  # the student works puzzle 1 after its cell ran
    assert hw.points(1) == 2.0
    reads = len(counts["read"].calls)
    assert hw.points(2) == 0.0 and len(counts["read"].calls) == reads  # unchanged: not read

    path = tmp_path / file_name(STUDENT)
    data = json.loads(path.read_text())
    data["attempts"] = [a for a in data["attempts"] if a["slot"] != 1]
    path.write_text(json.dumps(data))  # written from elsewhere: puzzle 1's answers gone
    assert hw.points(1) == 0.0 and len(counts["read"].calls) == reads + 1

    # the same size, another time: puzzle 2's answers moved to puzzle 3 (not its puzzle)
    assert hw.points(2) == 0.0
    answer_puzzle(hw, 2)
    assert hw.points(2) == 1.0
    reads = len(counts["read"].calls)
    before = path.stat()
    text = path.read_text().replace('"slot": 2,', '"slot": 3,')
    assert len(text) == before.st_size
    path.write_text(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 10**9))
    assert path.stat().st_size == before.st_size
    assert hw.points(2) == 0.0 and len(counts["read"].calls) == reads + 1

    path.unlink()  # a file taken away counts nothing
    assert [hw.points(n) for n in range(1, 4)] == [0.0, 0.0, 0.0]
