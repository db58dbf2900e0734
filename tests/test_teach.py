"""Teachers: manifests, per-student draws, submissions that hold answers, and grading that checks
every answer again (forged verdicts, edited positions and other students' puzzles earn nothing)."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest
from classroom import BASE, manifest, solve_puzzle, submitted
from puzzle_answers import script

from fortyfive import __version__
from fortyfive.cli import main
from fortyfive.puzzles import Puzzle, load_drill_bank
from fortyfive.teach import (
    Assignment,
    ManifestError,
    SubmissionError,
    assigned_puzzles,
    grade,
    parse_manifest,
    read_submission,
)
from fortyfive.teach.draw import StudentError, check_drawable, puzzle_digest
from fortyfive.teach.grade import earned
from fortyfive.teach.key import TeacherKeyError, new_key, write_key
from fortyfive.teach.manifest import MAX_MANIFEST_BYTES, Policy, load_manifest
from fortyfive.teach.report import answer_key, feedback_text, write_report
from fortyfive.teach.roster import RosterError, read_roster
from fortyfive.teach.submission import file_name

# ---------------------------------------------------------------- manifests


def test_a_manifest_round_trips_and_counts_its_points() -> None:
    m = manifest()
    assert parse_manifest(m.to_dict()) == m
    assert m.total_points() == 2 + 2 + 2
    assert m.policy == Policy(tries=2, hint_penalty=0.25)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other"}, "not a fortyfive assignment manifest"),
        ({"version": True}, "expected format 'fortyfive-assignment', version 1"),
        ({"version": 1.0}, "expected format 'fortyfive-assignment', version 1"),
        ({"id": "../etc"}, "id must be"),
        ({"title": ""}, "title must be"),
        ({"seed": -1}, "seed must be"),
        ({"seed": True}, "seed must be"),
        ({"policy": {"tries": "3"}}, "policy.tries must be"),
        ({"policy": {"hint_penalty": 2}}, "policy.hint_penalty must be"),
        ({"policy": {"show": "free"}}, "policy.show must be"),
        ({"policy": {"bonus": 1}}, r"unknown fields: \['bonus'\]"),
        ({"puzzles": []}, "puzzles must be a list"),
        ({"puzzles": [{"id": "c9-99"}]}, "no shipped puzzle"),
        ({"puzzles": [{"id": "c1-01", "count": 2}]}, "takes only points"),
        ({"puzzles": [{"generate": "chess"}]}, "generate must be one of"),
        ({"puzzles": [{"generate": "race"}]}, "'race' takes the solver minutes a puzzle"),
        ({"puzzles": [{"rules": ["5.2"]}]}, "not one of the choices"),
        ({"puzzles": [{"chapter": 9}]}, "chapter must be"),
        ({"puzzles": [{"generate": "order", "difficulty": [2.0]}]}, "difficulty has 2.0"),
        ({"puzzles": [{"generate": "order", "difficulty": [True]}]}, "difficulty has True"),
        ({"puzzles": [{"points": 1}]}, "give an id, a kind to generate"),
        ({"puzzles": [{"generate": "order", "count": 51}]}, "count must be"),
        ({"puzzles": [{"id": "c1-01", "points": -1}]}, "points must be"),
        ({"extra": 1}, r"unknown fields: \['extra'\]"),
    ],
)
def test_a_bad_manifest_is_refused_naming_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ManifestError, match=message):
        parse_manifest({**BASE, **change})


def test_a_huge_or_broken_manifest_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_MANIFEST_BYTES + 1))
    with pytest.raises(ManifestError, match="larger than"):
        load_manifest(big)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(ManifestError, match="not a JSON manifest"):
        load_manifest(broken)
    with pytest.raises(ManifestError, match="cannot read"):
        load_manifest(tmp_path / "missing.json")


# ---------------------------------------------------------------- draws


def test_each_students_puzzles_are_reproducible_and_differ_from_a_neighbours() -> None:
    m = manifest()
    ana, ben = assigned_puzzles(m, "ana"), assigned_puzzles(m, "ben")
    assert [a.puzzle for a in ana] == [a.puzzle for a in assigned_puzzles(m, "ana")]
    assert ana[0].puzzle == ben[0].puzzle  # a listed id is everyone's
    assert [a.puzzle for a in ana[3:]] != [a.puzzle for a in ben[3:]]  # generated per student
    assert [a.slot for a in ana] == [1, 2, 3, 4, 5]
    assert len({a.puzzle.id for a in ana}) == 5
    chosen = {a.puzzle.id for a in ana[1:3]}
    assert all(i.startswith("c2-") for i in chosen)
    with pytest.raises(StudentError):
        assigned_puzzles(m, "../ana")


def test_a_generated_item_mixes_its_kinds_variants_r5_3_r6_5() -> None:
    """Each generated puzzle draws its variant: a keep item was always "you may keep" (R5.3),
    a rob item always "the holder of the ace robs" (R6.5), for every student."""
    m = manifest(puzzles=[{"generate": "keep", "count": 6}, {"generate": "rob", "count": 6}])
    keep, rob = set(), set()
    for student in ("ana", "ben", "cy"):
        for a in assigned_puzzles(m, student):
            run = a.puzzle.start()
            if a.puzzle.kind == "keep":
                keep.add(run.check("keep").correct)
            else:
                rob.add((a.puzzle.rules, "nobody" in a.puzzle.start().solution().message.lower()))
    assert keep == {True, False} and len(rob) > 2, (keep, rob)


def test_a_choice_asking_for_more_puzzles_than_match_is_refused() -> None:
    m = manifest(puzzles=[{"chapter": 1, "rules": ["R2.3"], "kinds": ["turn"], "count": 3}])
    with pytest.raises(ManifestError, match="only 0 shipped puzzles"):
        assigned_puzzles(m, "ana")


# ---------------------------------------------------------------- the student's notebook


def test_every_check_is_written_as_an_answer_with_its_puzzles_definition(tmp_path: Path) -> None:
    m = manifest()
    hw = Assignment(m, "ana", tmp_path)
    solve_puzzle(hw, 2, wrong_first=1)
    sub = read_submission(tmp_path / file_name("ana"))
    assert (sub.assignment, sub.manifest, sub.student) == ("hw1", m.digest(), "ana")
    assert len(sub.attempts) == 2 + len(script(hw.puzzles[1].puzzle)[1]) - 1
    first = sub.attempts[0]
    assert first.slot == 2 and first.digest == puzzle_digest(hw.puzzles[1].puzzle)
    assert Puzzle.from_dict(first.definition) == hw.puzzles[1].puzzle
    raw = json.loads((tmp_path / file_name("ana")).read_text())
    assert "correct" not in raw["attempts"][0]  # answers, not verdicts


def test_the_students_points_follow_the_policy(tmp_path: Path) -> None:
    hw = Assignment(manifest(), "ana", tmp_path)
    solve_puzzle(hw, 1)
    solve_puzzle(hw, 2, wrong_first=1)
    solve_puzzle(hw, 3, hints=1)
    hw.solution(4)
    solve_puzzle(hw, 4)  # solved after "Show me": nothing
    assert [hw.points(n) for n in range(1, 6)] == [2.0, 1.0, 0.75, 0.0, 0.0]
    rows = {r.slot: r.status for r in hw.rows()}
    assert rows[2] == "solved after 1 wrong"
    assert rows[4] == "shown before it was solved"
    assert rows[5] == "not attempted"


def test_earned_applies_tries_hints_and_show() -> None:
    p = Policy(tries=1, hint_penalty=0.5)
    assert earned(p, 2, True, 0, 0, False) == 2
    assert earned(p, 2, True, 1, 1, False) == 1
    assert earned(p, 2, True, 2, 0, False) == 0  # more wrong tries than allowed
    assert earned(p, 2, True, 0, 3, False) == 0  # hints cost no more than the puzzle
    assert earned(p, 2, True, 0, 0, True) == 0
    assert earned(p, 2, False, 0, 0, False) == 0


# ---------------------------------------------------------------- grading


def test_grading_hand_made_submissions_gives_the_expected_figures(tmp_path: Path) -> None:
    m = manifest()
    folder = tmp_path / "ana"
    hw = Assignment(m, "ana", folder)
    solve_puzzle(hw, 1)  # 2 points
    solve_puzzle(hw, 2, wrong_first=1)  # 1 point: one wrong try is allowed
    solve_puzzle(hw, 3, hints=2)  # 1 - 2 x 0.25
    solve_puzzle(hw, 4, wrong_first=3)  # more than 2 wrong tries: nothing
    ben = submitted(tmp_path, "ben")
    subs = [read_submission(folder / file_name("ana")), read_submission(ben)]
    book = grade(m, subs, roster=["ana", "ben", "cy"])
    assert book.totals() == {"ana": 3.5, "ben": 6.0, "cy": 0.0}
    assert book.notes["cy"] == ["no submission"]
    ana = {r.slot: r for r in book.rows if r.student == "ana"}
    assert [ana[s].points for s in range(1, 6)] == [2.0, 1.0, 0.5, 0.0, 0.0]
    assert ana[4].wrong == 3 and "more than the 2 wrong tries allowed" in ana[4].status
    mastery = book.mastery()
    assert mastery["ben"]["R2.3"] == 1.0
    assert 0 < mastery["ana"]["R2.3"] < 1


def test_forged_verdicts_score_nothing(tmp_path: Path) -> None:
    m = manifest()
    folder = tmp_path / "eve"
    hw = Assignment(m, "eve", folder)
    w = hw.puzzle(1)
    wrong, _, _ = script(hw.puzzles[0].puzzle)
    w.answer(wrong)
    path = folder / file_name("eve")
    data = json.loads(path.read_text())
    for a in data["attempts"]:
        a["correct"] = True
        a["solved"] = True
    path.write_text(json.dumps(data))
    book = grade(m, [read_submission(path)])
    assert book.totals() == {"eve": 0.0}
    assert next(r for r in book.rows if r.slot == 1).status == "not solved"


def test_an_edited_position_or_another_students_puzzle_is_refused(tmp_path: Path) -> None:
    m = manifest()

    def edit_position(data: dict[str, Any]) -> None:
        for a in data["attempts"]:
            if a["slot"] == 1:
                a["definition"]["position"]["cards"] = a["definition"]["position"]["cards"][:2]

    edited = submitted(tmp_path, "eve", edit_position)
    book = grade(m, [read_submission(edited)])
    assert next(r for r in book.rows if r.slot == 1).points == 0
    assert any("not the one this assignment gave" in n for n in book.notes["eve"])
    assert book.totals()["eve"] == 4.0

    # ben's file relabelled as eve's: ben's generated puzzles are not eve's
    def relabel(data: dict[str, Any]) -> None:
        data["student"] = "eve2"

    copied = submitted(tmp_path, "ben", relabel)
    book = grade(m, [read_submission(copied)])
    same = [
        a.points
        for a, b in zip(assigned_puzzles(m, "eve2"), assigned_puzzles(m, "ben"), strict=True)
        if a.puzzle == b.puzzle
    ]
    assert book.totals()["eve2"] == sum(same) < m.total_points()  # the puzzles they share
    assert sum("refused" in n for n in book.notes["eve2"]) >= 2


def test_a_submission_of_another_assignment_version_or_off_the_roster_is_refused(
    tmp_path: Path,
) -> None:
    path = submitted(tmp_path, "ana")
    sub = read_submission(path)
    other = manifest(seed=1)
    book = grade(other, [sub])
    assert book.totals() == {"ana": 0.0} and "another version" in book.notes["ana"][0]
    book = grade(manifest(), [sub, sub], roster=["ana"])  # two copies of one file: one counts
    assert book.totals() == {"ana": 6.0} and book.notes["ana"] == []
    book = grade(manifest(), [sub], roster=["ben"])
    assert "not on the roster" in book.notes["ana"][0]


def test_a_submission_says_which_fortyfive_made_it_and_the_grader_notes_another(
    tmp_path: Path,
) -> None:
    path = submitted(tmp_path, "ana")
    here = __version__
    assert json.loads(path.read_text())["fortyfive"] == here
    book = grade(manifest(), [read_submission(path)], roster=["ana"])
    assert book.totals() == {"ana": 6.0} and book.notes["ana"] == []
    older = submitted(tmp_path / "old", "ana", lambda d: d.update(fortyfive="0.0.9"))
    book = grade(manifest(), [read_submission(older)], roster=["ana"])
    assert book.totals() == {"ana": 6.0}  # the same puzzles drawn: graded as ever, and noted
    (note,) = book.notes["ana"]
    assert f"made with fortyfive 0.0.9, graded with {here}" in note
    unknown = submitted(tmp_path / "none", "ana", lambda d: d.pop("fortyfive"))
    assert grade(manifest(), [read_submission(unknown)]).notes["ana"] == []  # files of before


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="x"), "not a fortyfive submission"),
        (lambda d: d.update(version=True), "not a fortyfive submission"),
        (lambda d: d.update(version=2), "version 1"),
        (lambda d: d.update(student="a/b"), "student"),
        (lambda d: d.update(fortyfive=1), "fortyfive is 1"),
        (lambda d: d.update(fortyfive="0.1 <b>"), "fortyfive is '0.1 <b>'"),
        (lambda d: d.update(fortyfive="9" * 41), "fortyfive is"),
        (lambda d: d.update(token="ZZ"), "token is 'ZZ'"),
        (lambda d: d.update(attempts={}), "attempts must be a list"),
    ],
)
def test_a_malformed_submission_is_refused_with_a_clear_message(
    tmp_path: Path, edit: Any, message: str
) -> None:
    path = submitted(tmp_path, "ana", edit)
    with pytest.raises(SubmissionError, match=message):
        read_submission(path)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda a: a.update(slot=True), "slot is"),
        (lambda a: a.update(hints_used=-1), "hints_used is"),
        (lambda a: a.update(shown="no"), "shown is"),
        (lambda a: a.update(seconds=-1), "seconds is -1"),
        (lambda a: a.update(seconds=1e300), "seconds is 1e"),
        (lambda a: a.update(time=5), "time is 5"),
        (lambda a: a.update(answer="x" * 20_000), "answer is too large"),
        (lambda a: a.update(secret=1), r"unknown fields: \['secret'\]"),
        (lambda a: a.pop("digest"), "lacks digest"),
        (lambda a: a.clear(), "lacks slot"),
    ],
)
def test_one_bad_answer_loses_that_answer_not_the_file(
    tmp_path: Path, edit: Any, message: str
) -> None:
    path = submitted(tmp_path, "ana", lambda d: edit(d["attempts"][0]))
    sub = read_submission(path)
    (why,) = sub.refused
    assert why.startswith("attempts[0]") and re.search(message, why)
    book = grade(manifest(), [sub], roster=["ana"])
    # the first answer solved puzzle 1 (2 points); it is lost, the other four count
    assert book.totals() == {"ana": 4.0} and book.refused_files == []
    assert any("attempts[0]" in n and "left out" in n for n in book.notes["ana"])


def test_a_submission_with_a_number_json_does_not_have_is_refused(tmp_path: Path) -> None:
    path = submitted(tmp_path, "ana")
    text, n = re.subn(r'"seconds": [0-9.e-]+', '"seconds": Infinity', path.read_text(), count=1)
    assert n == 1
    path.write_text(text)
    with pytest.raises(SubmissionError, match=r"not a JSON submission .*Infinity"):
        read_submission(path)


def test_a_huge_submission_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / file_name("ana")
    path.write_text("[" * 5_000_000)
    with pytest.raises(SubmissionError, match="larger than"):
        read_submission(path)


# ---------------------------------------------------------------- reports and commands


def test_the_report_files_and_the_feedback(tmp_path: Path) -> None:
    m = manifest()
    folder = tmp_path / "ana"
    hw = Assignment(m, "ana", folder)
    solve_puzzle(hw, 1)
    book = grade(m, [read_submission(folder / file_name("ana"))], roster=["ana", "ben"])
    written = write_report(book, tmp_path / "out")
    names = {p.relative_to(tmp_path / "out").as_posix() for p in written}
    assert names == {
        "gradebook.csv",
        "totals.csv",
        "mastery.csv",
        "report.html",
        "suspicion.csv",
        "feedback/ana.md",
        "feedback/ben.md",
    }
    rows = list(csv.DictReader((tmp_path / "out" / "gradebook.csv").open()))
    assert len(rows) == 10 and rows[0]["student"] == "ana" and rows[0]["points"] == "2"
    html = (tmp_path / "out" / "report.html").read_text()
    assert "<svg" in html and "R2.3" in html
    text = feedback_text(book, "ana")
    weak = [rule for rule, share in book.mastery()["ana"].items() if share < 0.5]
    assert "Score: 2 of 6." in text and "Rules to revisit" in text and weak
    assert all(f"- {rule}:" in text for rule in weak)
    assert "- R2.3:" not in text  # solved: c1-01's rule is not to revisit


def test_the_answer_key_lists_each_puzzle_with_the_engines_answer() -> None:
    m = manifest()
    key = answer_key(m, "ana", new_key(m, tokens=True))
    assert [r["puzzle"] for r in key.records()] == [1, 2, 3, 4, 5]
    assert all(r["answer"] for r in key.records())


def test_the_answer_key_needs_the_teachers_key(tmp_path: Path) -> None:
    m = manifest()
    with pytest.raises(TypeError):
        answer_key(m, "ana")  # type: ignore[call-arg]
    other = manifest(id="hw2")
    with pytest.raises(ValueError, match="the key of 'hw2'"):
        answer_key(m, "ana", new_key(other, tokens=True))
    write_key(tmp_path / "hw1.key", new_key(m, tokens=True))
    assert len(answer_key(m, "ana", tmp_path / "hw1.key").records()) == 5
    with pytest.raises(TeacherKeyError, match="another assignment"):
        answer_key(other, "ana", tmp_path / "hw1.key")


def test_assign_and_grade_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mpath = tmp_path / "m.json"
    mpath.write_text(json.dumps(BASE))
    roster = tmp_path / "roster.csv"
    roster.write_text("student,name\nana,Ana\nben,Ben\n")
    out = tmp_path / "out"
    assert main(["assign", str(mpath), "--out", str(out), "--roster", str(roster)]) == 0
    said = capsys.readouterr().out
    # the manifest, its key, two students', the teacher's copy; grade with the version that
    # assigned; what copying a classmate is worth
    assert f"wrote 5 files into {out} with fortyfive {__version__}" in said
    assert "a copied classmate's file is worth 3.00 of 6 points on average" in said
    assert (out / "assignment.key").stat().st_mode & 0o077 == 0  # the teacher's alone
    assert f"fortyfive grade --assignment {out / 'assignment.json'}" in said
    teacher = json.loads((out / "teacher" / "hw1-teacher.ipynb").read_text())["cells"][0]
    assert f"with the fortyfive that wrote this copy, {__version__}" in teacher["source"]
    nb = json.loads((out / "students" / "ana" / "hw1.ipynb").read_text())
    setup = nb["cells"][1]["source"]
    assert "student='ana', token='" in setup and '"seed": 2026' in setup
    assert (out / "teacher" / "hw1-teacher.ipynb").is_file()
    # the notebook's own first cell gives the same assignment as the manifest
    hw = Assignment(load_manifest(mpath), "ana", tmp_path / "ana")
    solve_puzzle(hw, 1)
    (tmp_path / "junk.json").write_text("{}")
    code = main(
        ["grade", "--assignment", str(mpath), str(tmp_path / "ana"), "--out", str(tmp_path / "g")]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "ana: 2 / 6" in printed
    assert main(["assign", str(tmp_path / "junk.json"), "--out", str(out)]) == 2
    assert "not a fortyfive assignment manifest" in capsys.readouterr().err


def test_assign_and_grade_refuse_an_out_that_is_a_file_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    mpath = tmp_path / "m.json"
    mpath.write_text(json.dumps(BASE))
    afile = tmp_path / "grades.txt"
    afile.write_text("mine")
    for argv in (
        ["assign", str(mpath), "--out", str(afile)],
        ["grade", "--assignment", str(mpath), str(tmp_path), "--out", str(afile)],
    ):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 2
        assert f"argument --out: {afile} is a file, not a folder" in capsys.readouterr().err
    assert afile.read_text() == "mine"

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device", str(tmp_path / "out" / "x"))

    monkeypatch.setattr("fortyfive.teach.assign.write_text", full)  # every file it writes
    assert main(["assign", str(mpath), "--out", str(tmp_path / "out")]) == 2
    said = capsys.readouterr().err
    assert said == f"assign: {tmp_path / 'out' / 'x'}: No space left on device\n"


def test_the_nbgrader_source_notebook_has_one_autograded_cell_per_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mpath = tmp_path / "m.json"
    mpath.write_text(json.dumps(BASE))
    assert main(["assign", str(mpath), "--out", str(tmp_path), "--nbgrader"]) == 0
    assert "nbgrader generate_assignment hw1" in capsys.readouterr().out
    nb = json.loads((tmp_path / "source" / "hw1" / "hw1.ipynb").read_text())
    graded = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade"]]
    assert [c["source"] for c in graded] == [f"hw.points({n})" for n in range(1, 6)]
    assert [c["metadata"]["nbgrader"]["points"] for c in graded] == [2, 1, 1, 1, 1]
    assert all(c["metadata"]["nbgrader"]["locked"] for c in nb["cells"])
    assert "nbgrader=True" in nb["cells"][1]["source"]


def test_a_roster_is_untrusted(tmp_path: Path) -> None:
    p = tmp_path / "r.csv"
    p.write_text("name\nAna\n")
    with pytest.raises(RosterError, match="'student'"):
        read_roster(p)
    p.write_text("student\nana\nana\n")
    with pytest.raises(RosterError, match="twice"):
        read_roster(p)
    p.write_text("student\n../x\n")
    with pytest.raises(RosterError, match="line 2"):
        read_roster(p)


@pytest.mark.slow
def test_the_students_notebook_runs_and_asks_for_the_id_when_no_roster_gave_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nbclient
    import nbformat

    mpath = tmp_path / "m.json"
    mpath.write_text(json.dumps(BASE))
    monkeypatch.delenv("FORTYFIVE_STUDENT", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    for roster, folder in ((None, tmp_path / "open"), ("ana", tmp_path / "class")):
        args = ["assign", str(mpath), "--out", str(folder)]
        if roster:
            (tmp_path / "r.csv").write_text(f"student\n{roster}\n")
            args += ["--roster", str(tmp_path / "r.csv")]
        assert main(args) == 0
    path = tmp_path / "class" / "students" / "ana" / "hw1.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=120, resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    summary = nb.cells[-2].outputs[0]["data"]["text/html"]
    assert "ana" in summary and "not attempted" in summary
    asked = nbformat.read(tmp_path / "open" / "hw1.ipynb", as_version=4)
    with pytest.raises(nbclient.exceptions.CellExecutionError, match="who are you"):
        nbclient.NotebookClient(asked, timeout=120).execute()


def test_generated_give_up_and_bid_puzzles_come_from_the_drill_banks_none_twice() -> None:
    """give-up (R6.5) and bid (R9.2, R10) take seconds each to make: a student's are drawn from
    the bank of the difficulty, reproducibly, and no more than it holds."""
    m = parse_manifest(
        {
            "format": "fortyfive-assignment",
            "version": 1,
            "id": "hw",
            "title": "t",
            "seed": 3,
            "puzzles": [
                {"generate": "bid", "difficulty": [1, 3], "count": 6},
                {"generate": "give-up", "difficulty": [2], "count": 4},
            ],
        }
    )
    check_drawable(m)
    ana = assigned_puzzles(m, "ana")
    assert [a.puzzle for a in ana] == [a.puzzle for a in assigned_puzzles(m, "ana")]
    assert [a.puzzle.id for a in ana[:2]] == ["hw-1-01", "hw-1-02"]
    assert [a.puzzle.difficulty for a in ana] == [1, 3, 1, 3, 1, 3, 2, 2, 2, 2]
    banked = {
        json.dumps(p.position, sort_keys=True): p
        for kind in ("bid", "give-up")
        for p in load_drill_bank(kind)
    }
    positions = [json.dumps(a.puzzle.position, sort_keys=True) for a in ana]
    assert len(set(positions)) == len(positions) and set(positions) <= set(banked)
    for a, key in zip(ana, positions, strict=True):
        assert a.puzzle.kind == banked[key].kind and a.puzzle.prompt == banked[key].prompt
    ben = assigned_puzzles(m, "ben")
    assert [a.puzzle.position for a in ben] != [a.puzzle.position for a in ana]
    too_many = parse_manifest(
        {
            "format": "fortyfive-assignment",
            "version": 1,
            "id": "hw",
            "title": "t",
            "seed": 3,
            "puzzles": [{"generate": "bid", "difficulty": [2], "count": 31}],
        }
    )
    with pytest.raises(
        ManifestError, match="31 bid puzzles of difficulty 2, but its bank holds 30"
    ):
        check_drawable(too_many)
    with pytest.raises(
        ManifestError, match="31 bid puzzles of difficulty 2, but its bank holds 30"
    ):
        assigned_puzzles(too_many, "ana")


def test_a_roster_is_written_as_nbgrader_imports_it(tmp_path: Path) -> None:
    """nbgrader's roster (id, first_name, last_name, email) is read, and written back for
    ``nbgrader db student import``; a name a spreadsheet would run is quoted."""
    from fortyfive.teach.roster import nbgrader_roster, read_roster_rows

    p = tmp_path / "r.csv"
    p.write_text("id,first_name,last_name,email\nana,Ana,Ruiz,ana@x.org\nben,=cmd,,\n")
    rows = read_roster_rows(p)
    assert read_roster(p) == ["ana", "ben"]
    assert nbgrader_roster(rows) == (
        "id,first_name,last_name,email\nana,Ana,Ruiz,ana@x.org\nben,'=cmd,,\n"
    )
    p.write_text("student,first_name\nana,\x1b[2J\n")
    with pytest.raises(RosterError, match="line 2: its first_name"):
        read_roster(p)
