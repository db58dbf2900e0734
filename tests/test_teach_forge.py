"""Teachers: files as browsers and platforms name them, one bad answer or file refused alone, a
file planted in a classmate's or an absent student's name refused by the teacher's key, a
course whose points may change after release, and the report a teacher reads (the class's
figures, the missing told apart, the suspicion report)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from classroom import BASE, filed_as, manifest, manifest_file, solve_puzzle, submitted

from fortyfive.cli import main
from fortyfive.engine.rulebook import RULE_IDS
from fortyfive.puzzles.model import KINDS
from fortyfive.teach import Assignment, grade, parse_manifest, read_submission
from fortyfive.teach.assign import copy_worth, grade_files, write_assignment
from fortyfive.teach.grade import Gradebook, Row
from fortyfive.teach.key import TeacherKey, TeacherKeyError, key_path, new_key, read_key
from fortyfive.teach.manifest import DEFAULT_TRIES, ManifestError
from fortyfive.teach.notebooks import _TITLES, student_notebook
from fortyfive.teach.overrides import OverridesError, overrides_path, read_overrides
from fortyfive.teach.report import class_statistics, feedback_text, suspicions
from fortyfive.teach.roster import RosterError, read_roster
from fortyfive.teach.submission import file_name, named_students

# ---------------------------------------------------------------- names as browsers make them

HONEST_NAMES = [
    "fortyfive-submission-ana (1).json",
    "fortyfive-submission-ana (2).json",
    "fortyfive-submission-ana(3).json",
    "fortyfive-submission-ana-1.json",
    "fortyfive-submission-ana_2.json",
    "fortyfive-submission-ana copy.json",
    "fortyfive-submission-ana - Copy.json",
    "fortyfive-submission-ana - Copy (2).json",
    "ana_12345_67890_fortyfive-submission-ana.json",  # Canvas
    "ana_late_12345_67890_fortyfive-submission-ana-1.json",  # Canvas, a resubmission
    "Ana Ruiz_12345_assignsubmission_file_fortyfive-submission-ana.json",  # Moodle
    "hw1_ana_attempt_2026-12-01-10-02-42_fortyfive-submission-ana.json",  # Blackboard
]


@pytest.mark.parametrize("name", HONEST_NAMES)
def test_a_submission_named_as_a_browser_or_platform_saves_it_is_found(
    tmp_path: Path, name: str
) -> None:
    ana = submitted(tmp_path / "work", "ana")
    filed_as(ana, tmp_path / "in" / name)
    book, _ = grade_files(manifest_file(tmp_path), [tmp_path / "in"], tmp_path / "out")
    assert book.totals() == {"ana": 6.0} and book.refused_files == []
    assert "ana" in named_students(name)


def test_a_student_whose_id_ends_like_a_download_keeps_her_own_name() -> None:
    # "ana-1" is a student id and "ana"'s first download: the file's own student decides
    assert named_students("fortyfive-submission-ana-1.json") == ["ana-1", "ana"]
    assert named_students("fortyfive-submission-ana-1 (1).json") == ["ana-1", "ana"]
    assert named_students("xfortyfive-submission-ana.json") == []  # no separator before
    assert named_students("fortyfive-submission-.json") == []
    assert named_students("fortyfive-submission-ana.txt") == []


def test_a_name_that_is_not_the_students_still_refuses_it(tmp_path: Path) -> None:
    ana = submitted(tmp_path / "work", "ana")
    filed_as(ana, tmp_path / "in" / "fortyfive-submission-ben (1).json")
    book, _ = grade_files(manifest_file(tmp_path), [tmp_path / "in"], tmp_path / "out")
    assert book.totals() == {} and len(book.refused_files) == 1


# ---------------------------------------------------------------- the teacher's key


def _class(tmp_path: Path, students: list[str]) -> tuple[Path, TeacherKey]:
    """An assignment handed out with a roster of ``students``: its manifest and key."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student\n" + "\n".join(students) + "\n")
    out = tmp_path / "hw1"
    write_assignment(manifest_file(tmp_path), out, roster)
    m = manifest()
    return out / "assignment.json", read_key(key_path(out / "assignment.json"), m)


def _later(data: dict[str, Any]) -> None:
    for a in data["attempts"]:
        a["time"] = "2099-01-01T00:00:00+00:00"


def _as_ana(data: dict[str, Any]) -> None:
    data["student"] = "ana"
    _later(data)


def test_a_planted_or_forged_file_changes_no_one_elses_grade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The forge cases of a student, eve, against ana (who handed in) and cat (who did not),
    in the flat folder a teacher collects into."""
    mpath, key = _class(tmp_path, ["ana", "ben", "cat", "eve"])
    m = manifest()
    work, returned = tmp_path / "work", tmp_path / "returned"
    tokens = {s: key.token(m, s) for s in ("ana", "ben", "cat", "eve")}
    for s in ("ana", "ben", "eve"):
        filed_as(submitted(work, s, token=tokens[s]), returned / file_name(s))
    eve = json.loads((returned / file_name("eve")).read_text())

    def plant(name: str, data: dict[str, Any]) -> None:
        (returned / name).write_text(json.dumps(data))

    # 1. eve's own answers in ana's name, newer, with eve's token
    forged = json.loads(json.dumps(eve))
    _as_ana(forged)
    plant("fortyfive-submission-ana (1).json", forged)
    # 2. the same without a token
    plant("fortyfive-submission-ana (2).json", {k: v for k, v in forged.items() if k != "token"})
    # 3. a token guessed
    plant("fortyfive-submission-ana (3).json", {**forged, "token": "0" * 32})
    # 4. a perfect file for cat, who handed nothing in, worked in a notebook of cat's name
    cat = Assignment(m, "cat", work / "cat-forged")
    for slot in range(1, 6):
        solve_puzzle(cat, slot)
    plant(file_name("cat"), json.loads(cat.submission_file.read_text()))
    # 5. ana's own file, renamed as eve's and its student changed, ana's token kept
    ana_file = json.loads((returned / file_name("ana")).read_text())
    plant("fortyfive-submission-eve (1).json", {**ana_file, "student": "eve"})
    # 6. a file in ana's name made for another assignment, or another version of it
    plant("fortyfive-submission-ana (4).json", {**forged, "assignment": "hw2"})
    plant("fortyfive-submission-ana (5).json", {**forged, "manifest": "0" * 64})
    args = ["grade", "--assignment", str(mpath), str(returned), "--out", str(tmp_path / "g")]
    code = main([*args, "--roster", str(tmp_path / "roster.csv")])
    said = capsys.readouterr()
    assert code == 1 and "7 files were refused" in said.err
    assert "ana: 6 / 6" in said.out and "ben: 6 / 6" in said.out and "eve: 6 / 6" in said.out
    assert "cat: 0 / 6" in said.out
    assert said.err.count("its token is not") == 5
    assert "for the assignment 'hw2'" in said.err and "another version" in said.err
    # ana's and cat's feedback say nothing of files they did not make
    ana_feedback = (tmp_path / "g" / "feedback" / "ana.md").read_text()
    assert "Notes from grading" not in ana_feedback
    cat_feedback = (tmp_path / "g" / "feedback" / "cat.md").read_text()
    assert "No submission of yours counted" in cat_feedback


def test_without_the_teachers_key_the_newest_file_counts_as_documented(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # no roster, no tokens: what a student can plant in another's name is the guide's warning
    ana = submitted(tmp_path / "work", "ana")
    filed_as(ana, tmp_path / "in" / file_name("ana"))
    eve = submitted(tmp_path / "work", "eve", _as_ana)
    filed_as(eve, tmp_path / "in" / "fortyfive-submission-ana (1).json")
    book, _ = grade_files(manifest_file(tmp_path), [tmp_path / "in"], tmp_path / "out")
    assert book.totals()["ana"] < 6.0  # eve's file counts for ana: only c1-01 is the same
    assert "the newest by its recorded time" in book.notes["ana"][0]
    # and grade says that no file was checked against a token
    args = ["--assignment", str(manifest_file(tmp_path)), str(tmp_path / "in")]
    assert main(["grade", *args, "--out", str(tmp_path / "out2")]) == 0
    assert "no teacher's key beside" in capsys.readouterr().err


def test_a_key_is_bound_to_its_assignment_and_is_the_teachers_alone(tmp_path: Path) -> None:
    mpath, key = _class(tmp_path, ["ana"])
    assert key.tokens and key_path(mpath).stat().st_mode & 0o077 == 0
    assert key.token(manifest(), "ana") != new_key(manifest(), True).token(manifest(), "ana")
    student = (tmp_path / "hw1" / "students" / "ana" / "hw1.ipynb").read_text()
    assert key.secret.hex() not in student and key.token(manifest(), "ana") in student
    teacher = (tmp_path / "hw1" / "teacher" / "hw1-teacher.ipynb").read_text()
    assert key.token(manifest(), "ben") not in student and "../assignment.key" in teacher
    key_path(mpath).write_text('{"format": "fortyfive-teacher-key", "version": 1}')
    args = ["grade", "--assignment", str(mpath), str(tmp_path), "--out", str(tmp_path / "g")]
    assert main(args) == 2  # a broken key stops grading: no file is let through unchecked


# ---------------------------------------------------------------- a course that can change


def test_points_policy_and_title_may_change_after_release(tmp_path: Path) -> None:
    mpath, key = _class(tmp_path, ["ana"])
    filed_as(
        submitted(tmp_path / "work", "ana", token=key.token(manifest(), "ana")),
        tmp_path / "in" / file_name("ana"),
    )
    changed = json.loads(mpath.read_text())
    changed["title"] = "Trumps, again"
    changed["policy"] = {"tries": 0, "hint_penalty": 0.5}
    changed["puzzles"][0]["points"] = 5
    mpath.write_text(json.dumps(changed))
    book, _ = grade_files(mpath, [tmp_path / "in"], tmp_path / "out")
    assert book.totals() == {"ana": 9.0} and book.refused_files == []  # 5 + 4 x 1
    # what defines the puzzles is another assignment's: every file refused
    changed["seed"] = 7
    mpath.write_text(json.dumps(changed))
    book, _ = grade_files(mpath, [tmp_path / "in"], tmp_path / "out")
    assert book.totals() == {} and len(book.refused_files) == 1
    assert "another version of this assignment's manifest" in book.unreadable[0]


def test_a_manifest_without_a_policy_allows_a_few_wrong_tries(tmp_path: Path) -> None:
    bare = {k: v for k, v in BASE.items() if k != "policy"}
    m = parse_manifest(bare)
    assert m.policy.tries == DEFAULT_TRIES == 3
    hw = Assignment(m, "ana", tmp_path)
    solve_puzzle(hw, 1, wrong_first=DEFAULT_TRIES + 1)  # trying every answer earns nothing
    assert hw.rows()[0].points == 0.0
    assert "at most 3 wrong tries" in json.dumps(student_notebook(m, "ana"))


# ---------------------------------------------------------------- the report


def _row(student: str, slot: int, rules: tuple[str, ...], points: float, **kw: Any) -> Row:
    fields: dict[str, Any] = {
        "solved": points > 0,
        "wrong": 0,
        "hints": 0,
        "shown": False,
        "status": "",
        "seconds": 60.0,
        "difficulty": 1,
    }
    fields.update(kw)
    return Row(student, slot, f"p{slot}", "order", rules, 1.0, points, **fields)


def test_rules_to_revisit_are_in_the_rulebooks_order() -> None:
    book = Gradebook(manifest(), rows=[_row("ana", 1, ("R10.1",), 0), _row("ana", 2, ("R2.2",), 0)])
    text = feedback_text(book, "ana")
    assert text.index("- R2.2:") < text.index("- R10.1:")
    assert RULE_IDS.index("R2.2") < RULE_IDS.index("R10.1")


def test_every_kind_of_puzzle_has_a_title_in_the_notebooks() -> None:
    assert set(_TITLES) == set(KINDS)


def test_the_report_tells_the_missing_from_the_wrong_and_gives_the_class(tmp_path: Path) -> None:
    m = manifest()
    hw = Assignment(m, "ana", tmp_path / "ana")
    solve_puzzle(hw, 1)
    wrong = Assignment(m, "ben", tmp_path / "ben")
    wrong.solution(2)  # recorded as "Show me": ben handed in, and earns nothing
    subs = [read_submission(hw.submission_file), read_submission(wrong.submission_file)]
    book = grade(m, subs, roster=["ana", "ben", "cat"])
    assert book.missing == {"cat"} and book.submitted == {"ana", "ben"}
    stats = class_statistics(book)
    dist = dict((row[0], row[1]) for row in stats["distribution"][1:])
    assert dist["handed in"] == "2" and dist["no submission"] == "1" and dist["mean"] == "1.00"
    assert stats["puzzles"][1][:3] == ["1", "order", "1/2"]
    rules = [row[0] for row in stats["rules"][1:]]
    assert rules == sorted(rules, key=RULE_IDS.index)
    out = tmp_path / "g"
    from fortyfive.teach.report import write_report

    write_report(book, out)
    totals = {r["student"]: r for r in csv.DictReader((out / "totals.csv").open())}
    assert totals["cat"]["submitted"] == "False" and totals["ben"]["submitted"] == "True"
    html = (out / "report.html").read_text()
    assert "no submission" in html and "Each puzzle" in html and "Each rule" in html
    assert "ben (no submission)" not in html and "cat (no submission)" in html


def test_the_suspicion_report(tmp_path: Path) -> None:
    rows = [
        _row("ana", 1, ("R2.3",), 1.0, seconds=1.5),
        _row("ben", 1, ("R2.3",), 1.0, seconds=12.0, difficulty=3),
        _row("cat", 1, ("R2.3",), 1.0, seconds=12.0, difficulty=3, wrong=1),
        _row("dan", 1, ("R2.3",), 1.0, seconds=40.0, difficulty=3),
    ]
    same = (("c1-01", '["5S"]'), ("c1-19", '["JS"]'), ("c1-03", "2"))
    book = Gradebook(manifest(), rows=rows, answers={"cat": same, "dan": same, "eve": same[:2]})
    found = {(s, why.split(" ")[0]) for s, _, _, why in suspicions(book)}
    assert found == {("ana", "solved"), ("ben", "★★★"), ("cat", "the"), ("dan", "the")}
    why = {s: w for s, _, _, w in suspicions(book)}
    assert why["cat"] == "the same 3 answers, in the same order, as dan"


def test_grading_a_real_class_lists_what_came_too_fast(tmp_path: Path) -> None:
    # the widgets in a test answer in no time at all: every solve is listed, as evidence
    ana = submitted(tmp_path / "work", "ana")
    book = grade(manifest(), [read_submission(ana)])
    assert [s for s, *_ in suspicions(book)] == ["ana"] * 5


# ---------------------------------------------------------------- copying


def test_what_a_copied_file_is_worth() -> None:
    everyone = ["ana", "ben", "cat", "dan"]
    fixed = manifest(puzzles=[{"id": "c1-01", "points": 2}, {"id": "c1-19", "points": 3}])
    assert copy_worth(fixed, everyone) == 5.0  # the same puzzles for everyone: all of it
    generated = manifest(puzzles=[{"generate": "order", "difficulty": [2], "count": 4}])
    assert copy_worth(generated, everyone) == 0.0
    assert copy_worth(manifest(), ["ana"]) == 0.0
    # BASE: c1-01 for all (2 points) and chapter 2's draws, which sometimes meet
    assert 2.0 <= copy_worth(manifest(), everyone) < 3.0


def test_assign_warns_when_copying_pays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("student\nana\nben\n")
    mpath = manifest_file(tmp_path)
    assert main(["assign", str(mpath), "--out", str(tmp_path / "a"), "--roster", str(roster)]) == 0
    said = capsys.readouterr()
    assert "worth 3.00 of 6 points" in said.out and "warning: that is over 8%" in said.err
    mpath = manifest_file(tmp_path, puzzles=[{"generate": "order", "count": 3}])
    assert main(["assign", str(mpath), "--out", str(tmp_path / "b"), "--roster", str(roster)]) == 0
    said = capsys.readouterr()
    assert "worth 0.00 of 3 points" in said.out and "warning" not in said.err


# ---------------------------------------------------------------- due dates, extensions, overrides

DUE = "2026-01-01T00:00:00+00:00"
LATE = {"tries": 2, "due": DUE, "late_penalty": 0.25, "late_days": 2}


def _solved_at(times: dict[int, str]) -> Any:
    """An edit of a submission: each puzzle's answers recorded at ``times[slot]``, the others
    on time."""

    def edit(data: dict[str, Any]) -> None:
        for a in data["attempts"]:
            a["time"] = times.get(a["slot"], "2025-12-31T12:00:00+00:00")

    return edit


def test_a_late_solve_costs_its_share_a_day_and_nothing_past_the_limit(tmp_path: Path) -> None:
    m = manifest(policy=LATE)
    assert m.digest() == manifest().digest()  # a due date may be set or moved after release
    ana = submitted(
        tmp_path / "work",
        "ana",
        _solved_at({1: "2026-01-01T01:00:00+00:00", 2: "2026-01-03T00:00:01+00:00"}),
    )
    rows = {r.slot: r for r in grade(m, [read_submission(ana)]).rows}
    assert (rows[1].late_days, rows[1].points) == (1, 1.5)  # 2 points less a quarter
    assert (rows[2].late_days, rows[2].points) == (3, 0.0)  # past the 2 days allowed
    assert rows[1].status.endswith("; 1 day late") and rows[3].late_days == 0
    assert sum(r.points for r in rows.values()) == 4.5
    assert "It is due 2026-01-01T00:00:00+00:00; each day late costs 25%" in json.dumps(
        student_notebook(m, "ana")
    )


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        ({"due": "2026-01-01"}, "policy.due must be a date and time with its offset"),
        ({"due": "2026-01-01T00:00:00"}, "policy.due must be"),
        ({"due": 5}, "policy.due must be"),
        ({"late_penalty": 0.1}, "a late rule but no due date"),
        ({"due": DUE, "late_penalty": 2}, "policy.late_penalty must be"),
        ({"due": DUE, "late_days": -1}, "policy.late_days must be"),
    ],
)
def test_a_bad_late_rule_is_refused(policy: dict[str, Any], message: str) -> None:
    with pytest.raises(ManifestError, match=message):
        manifest(policy=policy)


def test_extensions_and_overrides_beside_the_manifest(tmp_path: Path) -> None:
    mpath = manifest_file(tmp_path, policy=LATE)
    late = _solved_at({s: "2026-01-02T12:00:00+00:00" for s in range(1, 6)})
    filed_as(submitted(tmp_path / "work", "ana", late), tmp_path / "in" / file_name("ana"))
    filed_as(submitted(tmp_path / "work", "ben", late), tmp_path / "in" / file_name("ben"))
    roster = tmp_path / "roster.csv"
    roster.write_text("student\nana\nben\ncat\n")
    book, _ = grade_files(mpath, [tmp_path / "in"], tmp_path / "out", roster)
    assert book.totals() == {"ana": 3.0, "ben": 3.0, "cat": 0.0}  # 2 days late: half
    overrides_path(mpath).write_text(
        "student,slot,due,points,reason\n"
        "ana,,2026-01-05T00:00:00+00:00,,ill for three days\n"
        "ben,1,,0,the same answers as a classmate\n"
        "cat,2,,1,answered on paper in class\n"
    )
    book, _ = grade_files(mpath, [tmp_path / "in"], tmp_path / "out", roster)
    assert book.totals() == {"ana": 6.0, "ben": 2.0, "cat": 1.0}
    rows = list(csv.DictReader((tmp_path / "out" / "gradebook.csv").open()))
    marked = {(r["student"], r["slot"]): r["override"] for r in rows if r["override"]}
    assert marked == {
        ("ben", "1"): "0 points: the same answers as a classmate",
        ("cat", "2"): "1 point: answered on paper in class",
    }
    assert {r["late_days"] for r in rows if r["student"] == "ana"} == {"0"}
    assert {r["late_days"] for r in rows if r["student"] == "ben"} == {"2"}
    cat = (tmp_path / "out" / "feedback" / "cat.md").read_text()
    assert "set by your teacher to 1 point: answered on paper in class" in cat
    html = (tmp_path / "out" / "report.html").read_text()
    assert "graded; 5 late; puzzle 1 overridden" in html


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("student,due\nana,x\n", "the first line must be"),
        ("student,slot,due,points,reason\nana,,,,\n", "line 2: give the reason"),
        ("student,slot,due,points,reason\nana,1,,,why\n", "line 2: give a due date"),
        ("student,slot,due,points,reason\nana,1,,nan,why\n", "points must be a number"),
        ("student,slot,due,points,reason\nana,0,,1,why\n", "slot must be"),
        ("student,slot,due,points,reason\nana,,2026-01-05,,why\n", "due must be a date"),
        ("student,slot,due,points,reason\na/b,,,1,why\n", "not a student id"),
        ("student,slot,due,points,reason\nana,1,,1,a\nana,1,,2,b\n", "line 3: puzzle 1"),
        ("student,slot,due,points,reason\nana,1,,1,a,extra\n", "line 2: a row has"),
    ],
)
def test_a_bad_overrides_file_is_refused_naming_the_line(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "hw1.overrides.csv"
    path.write_text(text)
    with pytest.raises(OverridesError, match=message):
        read_overrides(path)
    mpath = manifest_file(tmp_path)
    filed_as(submitted(tmp_path / "work", "ana"), tmp_path / "in" / file_name("ana"))
    args = ["grade", "--assignment", str(mpath), str(tmp_path / "in"), "--out"]
    assert main([*args, str(tmp_path / "out")]) == 2  # nothing graded on a wrong exception
    assert not (tmp_path / "out").exists()


def test_copying_the_guides_example_is_worth_under_a_point_in_twelve() -> None:
    page = (Path(__file__).parents[1] / "book" / "reference" / "teachers.md").read_text()
    example = json.loads(page.split("```json\n", 1)[1].split("```", 1)[0])
    m = parse_manifest(example)
    worth = copy_worth(m, [f"s{i:02d}" for i in range(30)])
    assert m.total_points() == 12 and worth < 1.0
    assert f"worth {worth:.2f} of this example's 12 points" in " ".join(page.split())


def test_the_newest_file_is_the_newest_in_utc(tmp_path: Path) -> None:
    def at(when: str) -> Any:
        def edit(data: dict[str, Any]) -> None:
            for a in data["attempts"]:
                a["time"] = when

        return edit

    # 12:00 at +05:00 is 07:00 UTC: before 10:00 UTC, though later as text
    east = read_submission(submitted(tmp_path / "a", "ana", at("2026-12-01T12:00:00+05:00")))
    west = submitted(
        tmp_path / "b", "ana", lambda d: (d["attempts"].pop(), at("2026-12-01T10:00:00+00:00")(d))
    )
    book = grade(manifest(), [east, read_submission(west)])
    assert f"{west} counts" in book.notes["ana"][0]
    # a time that is no time is the oldest
    odd = submitted(tmp_path / "c", "ana", lambda d: (d["attempts"].pop(), at("soon")(d)))
    book = grade(manifest(), [east, read_submission(odd)])
    assert f"{east.path} counts" in book.notes["ana"][0]


def test_a_roster_in_nbgraders_form_is_read(tmp_path: Path) -> None:
    path = tmp_path / "students.csv"
    path.write_text("id,first_name,last_name,email\naoife,Aoife,Murphy,\nbrendan,Brendan,,\n")
    assert read_roster(path) == ["aoife", "brendan"]
    path.write_text("id,student\nx,ana\n")  # fortyfive's column first
    assert read_roster(path) == ["ana"]
    path.write_text("name\nana\n")
    with pytest.raises(RosterError, match="nbgrader's 'id'"):
        read_roster(path)


def test_a_failed_autograde_is_graded_from_submitted(tmp_path: Path) -> None:
    # nbgrader deletes autograded/<student> when autograding fails: grading both folders
    # counts each student once, from whichever holds their file
    course = tmp_path / "course"
    for s in ("ana", "ben"):
        own = submitted(tmp_path / "work", s)
        filed_as(own, course / "submitted" / s / "hw1" / file_name(s))
    filed_as(
        course / "submitted" / "ana" / "hw1" / file_name("ana"),
        course / "autograded" / "ana" / "hw1" / file_name("ana"),
    )
    folders = [course / "autograded", course / "submitted"]
    book, _ = grade_files(manifest_file(tmp_path), folders, tmp_path / "out")
    assert book.totals() == {"ana": 6.0, "ben": 6.0} and book.refused_files == []
    assert book.notes == {"ana": [], "ben": []}


def test_assign_for_nbgrader_writes_the_course_and_students_configs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mpath = manifest_file(tmp_path)
    course = tmp_path / "course"
    args = ["assign", str(mpath), "--out", str(course), "--nbgrader", "--course", "ff101"]
    assert main([*args, "--exchange", str(tmp_path / "x")]) == 0
    scope: dict[str, Any] = {}
    for name in ("nbgrader_config.py", "student_nbgrader_config.py"):
        config: dict[str, dict[str, str]] = {}
        text = (course / name).read_text()
        exec(text, {"get_config": lambda into=config: _Config(into)})  # as nbgrader runs it
        scope[name] = config
    assert scope["nbgrader_config.py"] == {
        "CourseDirectory": {"root": str(course), "course_id": "ff101"},
        "Exchange": {"root": str(tmp_path / "x")},
    }
    assert scope["student_nbgrader_config.py"] == {
        "CourseDirectory": {"course_id": "ff101"},
        "Exchange": {"root": str(tmp_path / "x")},
    }
    # the teacher's own config is kept; a bad course id or exchange writes nothing
    (course / "nbgrader_config.py").write_text("mine\n")
    assert main([*args, "--exchange", str(tmp_path / "x")]) == 0
    assert (course / "nbgrader_config.py").read_text() == "mine\n"
    capsys.readouterr()
    bad = ["assign", str(mpath), "--out", str(tmp_path / "c2"), "--nbgrader"]
    assert main([*bad, "--course", "ff 101'"]) == 2
    assert main([*bad, "--exchange", "relative/x"]) == 2
    assert "not a course id" in capsys.readouterr().err and not (tmp_path / "c2").exists()


class _Config:
    """What ``get_config()`` gives a config file: attributes of sections, recorded."""

    def __init__(self, into: dict[str, dict[str, str]]) -> None:
        object.__setattr__(self, "_into", into)

    def __getattr__(self, section: str) -> Any:
        into = self._into.setdefault(section, {})

        class Section:
            def __setattr__(self, name: str, value: str) -> None:
                into[name] = value

        return Section()


def test_the_feedback_goes_into_nbgraders_page_once(tmp_path: Path) -> None:
    from fortyfive.teach.nbgrader import NbgraderSyncError, add_feedback, sync_gradebook

    book = grade(manifest(), [read_submission(submitted(tmp_path / "w", "ana"))], ["ana", "ben"])
    page = tmp_path / "course" / "feedback" / "ana" / "hw1" / "hw1.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html><body class='x'><p>nbgrader's</p></body></html>")
    for _ in range(2):  # a second grading replaces the first's
        changed, without = add_feedback(book, tmp_path / "course")
        assert changed == [page] and without == ["ben"]
    text = page.read_text()
    assert text.count("Score: 6 of 6.") == 1 and text.index("Score") < text.index("nbgrader's")
    with pytest.raises(NbgraderSyncError, match="no nbgrader gradebook"):
        sync_gradebook(book, tmp_path / "course")


def test_handing_an_assignment_out_again_keeps_its_key(tmp_path: Path) -> None:
    mpath, key = _class(tmp_path, ["ana"])
    roster = tmp_path / "roster.csv"
    roster.write_text("student\nana\nben\n")  # a student joins
    write_assignment(manifest_file(tmp_path), tmp_path / "hw1", roster)
    again = read_key(key_path(mpath), manifest())
    assert again.secret == key.secret and again.tokens
    ben = (tmp_path / "hw1" / "students" / "ben" / "hw1.ipynb").read_text()
    assert again.token(manifest(), "ben") in ben
    # another assignment's key in its place is refused, not overwritten
    key_path(mpath).write_text(key_path(mpath).read_text().replace('"hw1"', '"hw2"'))
    with pytest.raises(TeacherKeyError, match="another assignment"):
        write_assignment(manifest_file(tmp_path), tmp_path / "hw1", roster)
