"""Teachers: whose submission a file is, hints counted as they are given, manifests every
student's draw can fill, and the grader's inputs (paths, folders, odd files) refused clearly."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from classroom import filed_as, manifest, manifest_file, solve_puzzle, submitted
from puzzle_answers import script

from fortyfive.cli import main
from fortyfive.puzzles import Feedback, PuzzleRun
from fortyfive.teach import Assignment, ManifestError, SubmissionError, grade, read_submission
from fortyfive.teach import submission as submission_module
from fortyfive.teach.assign import grade_files
from fortyfive.teach.draw import StudentError, assigned_puzzles, check_drawable, check_student
from fortyfive.teach.manifest import DEFAULT_TRIES, MAX_TRIES
from fortyfive.teach.notebooks import _TITLES, student_notebook
from fortyfive.teach.report import feedback_text, report_html
from fortyfive.teach.roster import RosterError, read_roster
from fortyfive.teach.submission import file_name

# ---------------------------------------------------------------- whose file it is


def test_a_file_in_a_classmates_name_counts_for_no_one(tmp_path: Path) -> None:
    ana = submitted(tmp_path / "work", "ana")
    # eve hands in ana's name with no attempts, filed as her own: refused, ana keeps her points
    forged = filed_as(ana, tmp_path / "in" / "eve" / file_name("eve"))
    data = json.loads(forged.read_text())
    data["attempts"] = []
    forged.write_text(json.dumps(data))
    filed_as(ana, tmp_path / "in" / "ana" / file_name("ana"))
    book, _ = grade_files(manifest_file(tmp_path), [tmp_path / "in"], tmp_path / "out")
    assert book.totals() == {"ana": 6.0}
    assert any("in the name of ana, but its file name is not theirs" in u for u in book.unreadable)


def test_nbgrader_decides_whose_file_it_is(tmp_path: Path) -> None:
    ana = submitted(tmp_path / "work", "ana")
    course = tmp_path / "course" / "submitted"
    filed_as(ana, course / "eve" / "hw1" / file_name("ana"))  # eve handed in ana's file
    book, _ = grade_files(manifest_file(tmp_path), [course], tmp_path / "out", None)
    assert book.totals() == {}
    assert any("nbgrader has it from eve" in u for u in book.unreadable)
    filed_as(ana, course / "ana" / "hw1" / file_name("ana"))
    book, _ = grade_files(manifest_file(tmp_path), [course], tmp_path / "out", None)
    assert book.totals() == {"ana": 6.0}


def test_several_files_of_one_student_count_once_the_newest(tmp_path: Path) -> None:
    m = manifest()
    folder = tmp_path / "ana"
    hw = Assignment(m, "ana", folder)
    solve_puzzle(hw, 1)
    early = read_submission(filed_as(hw.submission_file, tmp_path / "early" / file_name("ana")))
    for slot in range(2, 6):
        solve_puzzle(hw, slot)
    late = read_submission(hw.submission_file)
    # the same record at two times: the latest counts, whatever the order
    for subs in ([early, late], [late, early, late]):
        book = grade(m, subs, roster=["ana"])
        assert book.totals() == {"ana": 6.0} and book.notes["ana"] == []
    # two different records: the newest by its recorded time counts, and the note says so
    other = submitted(tmp_path / "again", "ana")
    data = json.loads(other.read_text())
    data["attempts"] = data["attempts"][1:]  # puzzle 1's solve (2 points) not in it
    for a in data["attempts"]:
        a["time"] = "2099-01-01T00:00:00+00:00"
    other.write_text(json.dumps(data))
    for subs in ([late, read_submission(other)], [read_submission(other), late]):
        book = grade(m, subs, roster=["ana"])
        assert book.totals() == {"ana": 4.0}
        (note,) = book.notes["ana"]
        assert f"2 different submission files name ana: {other} counts, the newest" in note
        assert f"not {late.path}" in note
    # the same recorded time: the one with more attempts, then the first by path
    *before, last = data["attempts"]
    data["attempts"] = [*before, before[-1], last]  # not a record that begins with other's
    longer = filed_as(other, tmp_path / "z" / file_name("ana"))
    longer.write_text(json.dumps(data))
    book = grade(m, [read_submission(other), read_submission(longer)], roster=["ana"])
    assert f"{longer} counts" in book.notes["ana"][0]
    # the student's feedback names the files, not where the teacher keeps them
    student_notes = feedback_text(book, "ana").split("Notes from grading:")[1]
    assert str(tmp_path) not in student_notes and file_name("ana") in student_notes
    assert str(tmp_path) in report_html(book)


# ---------------------------------------------------------------- hints


def test_a_hint_counts_when_given_even_if_the_puzzle_is_shown_again(tmp_path: Path) -> None:
    hw = Assignment(manifest(), "eve", tmp_path)
    w = hw.puzzle(2)
    w.hint()
    w.hint()
    records = json.loads(hw.submission_file.read_text())["attempts"]
    assert [(r["hint"], r["hints_used"], r["answer"]) for r in records] == [
        (True, 1, None),
        (True, 2, None),
    ]
    solve_puzzle(hw, 2)  # running the cell again: a new widget, whose own count starts at 0
    row = hw.rows()[1]
    assert row.hints == 2 and row.points == 0.5  # 1 point less 2 x 0.25
    assert "2 hints" in row.status


def test_a_hint_record_holds_no_answer(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["attempts"][0]["hint"] = True

    # that record alone is left out, with the reason
    (why,) = read_submission(submitted(tmp_path, "ana", edit)).refused
    assert why.startswith("attempts[0].hint") and "a hint's record has no answer" in why

    def unknown(d: dict[str, Any]) -> None:
        d["grade"] = 100

    with pytest.raises(SubmissionError, match=r"unknown fields: \['grade'\]"):
        read_submission(submitted(tmp_path / "b", "ben", unknown))


# ---------------------------------------------------------------- the file's bounds


def test_a_full_submission_file_refuses_more_and_still_grades(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(submission_module, "MAX_ATTEMPTS", 3)
    hw = Assignment(manifest(), "fay", tmp_path)
    solve_puzzle(hw, 1)
    hw.puzzle(2).hint()
    hw.puzzle(2).hint()
    w = hw.puzzle(3)
    w.hint()
    records = json.loads(hw.submission_file.read_text())["attempts"]
    assert len(records) == 3  # the last hint was not saved
    assert w.notice["text"].startswith(f"not saved: the submission file {file_name('fay')} is full")
    with pytest.raises(SubmissionError, match="3 records at most"):
        hw.log.record({**records[0], "time": None})
    assert hw.rows()[0].points == 2.0  # what it holds still grades


@pytest.mark.parametrize(
    ("policy", "checked"), [({"tries": 2}, 3), ({"tries": None}, MAX_TRIES + 1), ({}, 4)]
)
def test_answers_past_the_wrong_tries_allowed_are_counted_not_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, policy: dict[str, Any], checked: int
) -> None:
    # a forged file of thousands of wrong answers would cost a solve each (up to 0.16 s)
    m = manifest(policy=policy)
    hw = Assignment(m, "eve", tmp_path)
    wrong, steps, _ = script(hw.puzzles[0].puzzle)
    assert wrong is not None
    w = hw.puzzle(1)
    w.answer(wrong)
    for step in steps:
        w.answer(step)
    assert w.solved
    data = json.loads(hw.submission_file.read_text())
    first = data["attempts"][0]
    data["attempts"][1:1] = [first] * 600
    hw.submission_file.write_text(json.dumps(data))
    calls = 0
    check = PuzzleRun.check

    def counted(run: PuzzleRun, answer: Any) -> Feedback:
        nonlocal calls
        calls += 1
        return check(run, answer)

    monkeypatch.setattr(PuzzleRun, "check", counted)
    row = next(r for r in grade(m, [read_submission(hw.submission_file)]).rows if r.slot == 1)
    assert calls == checked
    assert (row.solved, row.points, row.wrong) == (False, 0.0, checked)
    limit = policy.get("tries", DEFAULT_TRIES) or MAX_TRIES
    later = 601 - checked + len(steps)
    assert row.status.startswith(f"not solved: more than the {limit} wrong tries")
    assert row.status.endswith(f"; {later} later answers not checked")


def test_a_solve_within_the_wrong_tries_checked_still_counts(tmp_path: Path) -> None:
    m = manifest(policy={"tries": None})
    hw = Assignment(m, "gus", tmp_path)
    solve_puzzle(hw, 1, wrong_first=MAX_TRIES)
    row = hw.rows()[0]
    assert (row.solved, row.points, row.wrong) == (True, 2.0, MAX_TRIES)


# ---------------------------------------------------------------- manifests every draw fills


def test_a_manifest_some_students_could_not_draw_is_refused_for_all(tmp_path: Path) -> None:
    # the rule item may take chapter-1 puzzles the chapter item then needs (ben's draw did)
    overlapping = manifest(puzzles=[{"rules": ["R2.3"], "count": 2}, {"chapter": 1, "count": 11}])
    with pytest.raises(ManifestError, match="the items before it may take"):
        check_drawable(overlapping)
    path = manifest_file(
        tmp_path, puzzles=[{"rules": ["R2.3"], "count": 2}, {"chapter": 1, "count": 11}]
    )
    assert main(["assign", str(path), "--out", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()
    fits = manifest(puzzles=[{"rules": ["R2.3"], "count": 2}, {"chapter": 1, "count": 5}])
    check_drawable(fits)
    for student in ("ana", "ben", "eve", "hal"):
        ids = [a.puzzle.id for a in assigned_puzzles(fits, student)]
        assert len(set(ids)) == len(ids) == 7


def test_a_notebook_without_a_student_does_not_show_another_students_kinds() -> None:
    m = manifest(puzzles=[{"id": "c1-01"}, {"chapter": 2, "count": 2}, {"generate": "keep"}])
    headings = [
        "".join(c["source"])
        for c in student_notebook(m)["cells"]
        if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## Puzzle")
    ]
    assert headings == [
        "## Puzzle 1: put the cards in order (1 point)",
        "## Puzzle 2 (1 point)",  # chapter 2 holds puzzles of several kinds
        "## Puzzle 3 (1 point)",
        "## Puzzle 4: keep or play (1 point)",
    ]
    named = "".join("".join(c["source"]) for c in student_notebook(m, "ana")["cells"])
    kind = assigned_puzzles(m, "ana")[1].puzzle.kind  # a named student's own puzzle's kind
    assert f"## Puzzle 2: {_TITLES[kind]} (1 point)" in named


# ---------------------------------------------------------------- the grader's inputs


def test_grade_refuses_a_missing_path_or_nothing_to_grade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = manifest_file(tmp_path)
    out = tmp_path / "grades"
    assert (
        main(["grade", "--assignment", str(path), str(tmp_path / "returned"), "--out", str(out)])
        == 2
    )
    assert "returned: no such file or folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert (
        main(["grade", "--assignment", str(path), str(tmp_path / "empty"), "--out", str(out)]) == 2
    )
    assert "no submission file" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_odd_files_of_a_submissions_name_are_reported_not_read(tmp_path: Path) -> None:
    ana = submitted(tmp_path / "work", "ana")
    returned = tmp_path / "returned"
    filed_as(ana, returned / file_name("ana"))
    (returned / file_name("zz")).mkdir()
    os.mkfifo(returned / file_name("yy"))  # reading a pipe would wait for ever
    (returned / file_name("xx")).symlink_to("/dev/zero")
    book, _ = grade_files(manifest_file(tmp_path), [returned], tmp_path / "out")
    assert book.totals() == {"ana": 6.0}
    assert sum("not a file" in u for u in book.unreadable) == 3


def test_grading_again_rewrites_the_feedback(tmp_path: Path) -> None:
    path = manifest_file(tmp_path)
    ana, ben = submitted(tmp_path, "ana"), submitted(tmp_path, "ben")
    out = tmp_path / "grades"
    grade_files(path, [ana, ben], out)
    assert sorted(p.name for p in (out / "feedback").iterdir()) == ["ana.md", "ben.md"]
    grade_files(path, [ana], out)
    assert sorted(p.name for p in (out / "feedback").iterdir()) == ["ana.md"]


# ---------------------------------------------------------------- ids and rosters


@pytest.mark.parametrize("bad", ["ana\n", "ana\r\n", " ana", "ana/..", ""])
def test_a_student_id_is_the_whole_text(bad: str) -> None:
    with pytest.raises(StudentError):
        check_student(bad)


def test_a_manifest_id_is_the_whole_text() -> None:
    with pytest.raises(ManifestError, match="id"):
        manifest(id="hw1\n")


def test_a_roster_error_names_the_files_own_line(tmp_path: Path) -> None:
    p = tmp_path / "r.csv"
    p.write_text("student\nana\n\n\nben\n\n../x\n")
    with pytest.raises(RosterError, match="line 7"):
        read_roster(p)
    p.unlink()
    p.mkdir()
    with pytest.raises(RosterError, match="not a file"):
        read_roster(p)
