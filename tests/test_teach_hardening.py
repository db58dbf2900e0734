"""Teachers: a file below a student's nbgrader folder, odd text in a file's fields or name, a
file that cannot be read told to its student, the manifest's documented example, a grading
that fails before writing anything, and a heatmap bounded for a large class."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from classroom import BASE, filed_as, manifest, manifest_file, submitted

from fortyfive.cli import main
from fortyfive.teach import manifest as manifest_module
from fortyfive.teach import parse_manifest
from fortyfive.teach.assign import grade_files, identity_problem
from fortyfive.teach.draw import check_drawable
from fortyfive.teach.grade import Gradebook, Row
from fortyfive.teach.manifest import ManifestError
from fortyfive.teach.report import MAX_HEATMAP_STUDENTS, heatmap_svg
from fortyfive.teach.submission import file_name, read_submission


def _roster(tmp_path: Path, *students: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text("student\n" + "".join(f"{s}\n" for s in students))
    return path


def _files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (nothing, when there is no folder)."""
    if not folder.exists():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


# ---------------------------------------------------------------- nbgrader's folders


def test_a_file_below_a_students_nbgrader_folder_counts_for_no_one(tmp_path: Path) -> None:
    work = tmp_path / "work"
    ana, ben, dan = (submitted(work, s) for s in ("ana", "ben", "dan"))
    course = tmp_path / "course" / "submitted"
    filed_as(ana, course / "ana" / "hw1" / file_name("ana"))
    filed_as(ben, course / "ben" / "hw1" / file_name("ben"))
    # eve hands in, a folder deeper, dan's work and a copy of ben's file that differs from his
    filed_as(dan, course / "eve" / "hw1" / "extra2" / file_name("dan"))
    forged = filed_as(ben, course / "eve" / "hw1" / "extra" / file_name("ben"))
    data = json.loads(forged.read_text())
    data["attempts"] = data["attempts"][1:]
    forged.write_text(json.dumps(data))
    roster = _roster(tmp_path, "ana", "ben", "dan", "eve")
    book, _ = grade_files(manifest_file(tmp_path), [course], tmp_path / "out", roster)
    assert book.totals() == {"ana": 6.0, "ben": 6.0, "dan": 0.0, "eve": 0.0}
    deeper = [u for u in book.unreadable if "eve" in u and "directly in" in u]
    assert len(deeper) == 2 and all("refused" in u for u in deeper)
    # the same a folder deeper in one's own folder, and in nbgrader's autograded/
    auto = tmp_path / "course" / "autograded" / "dan" / "hw1" / "old" / file_name("dan")
    filed_as(dan, auto)
    assert "directly in" in (identity_problem(auto, read_submission(auto)) or "")


def test_whose_folder_nbgrader_has_a_file_from_keeps_its_guarantees(tmp_path: Path) -> None:
    ana = submitted(tmp_path / "work", "ana")
    sub = read_submission(ana)
    course = tmp_path / "course"
    # directly in another's folder, whatever its assignment folder is called
    for assignment in ("hw1", "week1"):
        path = filed_as(ana, course / "submitted" / "eve" / assignment / file_name("ana"))
        assert "nbgrader has it from eve" in (identity_problem(path, sub) or "")
    assert (
        identity_problem(filed_as(ana, course / "submitted/ana/hw1" / file_name("ana")), sub)
        is None
    )
    # a folder of the teacher's own that happens to be called so, not nbgrader's layout
    assert identity_problem(filed_as(ana, tmp_path / "submitted" / file_name("ana")), sub) is None
    mine = filed_as(ana, tmp_path / "b" / "submitted" / "ana" / file_name("ana"))
    assert identity_problem(mine, sub) is None
    wrong_name = filed_as(ana, tmp_path / "c" / file_name("ben"))
    assert "file name is not theirs" in (identity_problem(wrong_name, sub) or "")


# ---------------------------------------------------------------- odd text


@pytest.mark.parametrize("key", ["\ud800", "\x1b[2J\x1b[1;32mall graded OK\x1b[0m"])
def test_an_odd_field_name_is_escaped_and_stops_no_one_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    work = tmp_path / "work"
    submitted(work, "ana")
    submitted(work, "ben", lambda d: d["attempts"][0].update({key: 1}))
    out = tmp_path / "grades"
    args = ["grade", "--assignment", str(manifest_file(tmp_path)), str(work), "--out", str(out)]
    assert main([*args, "--roster", str(_roster(tmp_path, "ana", "ben"))]) == 0
    said = capsys.readouterr()
    assert "\x1b" not in said.out + said.err and "\ud800" not in said.err
    # that answer (puzzle 1's solve, 2 points) is left out; ben's others count
    assert "ana: 6 / 6" in said.out and "ben: 4 / 6" in said.out
    assert "unknown fields: " + repr([key]) in said.err
    for path in out.rglob("*"):
        if path.is_file():
            text = path.read_bytes().decode("utf-8")  # strict: no lone surrogate written
            assert "\x1b" not in text
    assert "unknown fields" in (out / "feedback" / "ben.md").read_text()
    assert (out / "report.html").read_text().endswith("</html>")


@pytest.mark.parametrize("title", ["\ud800", "Week 1\x1b[2J", "two\nlines"])
def test_a_manifest_title_that_is_not_printable_text_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], title: str
) -> None:
    with pytest.raises(ManifestError, match="title"):
        manifest(title=title)
    path = tmp_path / "m.json"
    path.write_text(json.dumps({**BASE, "title": title}))
    assert main(["assign", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "title" in err and "\x1b" not in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_title_may_have_any_letters_and_spaces() -> None:
    assert manifest(title="Atout\u00a0: règles, 第一").title == "Atout\u00a0: règles, 第一"


def test_an_unknown_manifest_field_is_quoted() -> None:
    with pytest.raises(ManifestError, match=re.escape(repr("\x1b[2J"))):
        parse_manifest({**BASE, "\x1b[2J": 1})


def test_a_file_whose_name_is_not_printable_is_refused_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    work = tmp_path / "work"
    ana = submitted(work, "ana")
    returned = tmp_path / "returned"
    filed_as(ana, returned / "ana" / file_name("ana"))
    filed_as(ana, returned / "x" / "fortyfive-submission-\x1b[2J.json")
    odd = os.fsencode(returned / "y") + b"/fortyfive-submission-\xff.json"
    os.makedirs(os.path.dirname(odd))
    with open(odd, "wb") as f:
        f.write(ana.read_bytes())
    out = tmp_path / "grades"
    args = ["grade", "--assignment", str(manifest_file(tmp_path)), str(returned), "--out"]
    assert main([*args, str(out)]) == 1  # files were refused: said, and the rest graded
    said = capsys.readouterr()
    assert "\x1b" not in said.err and "\udcff" not in said.err and "ana: 6 / 6" in said.out
    assert said.err.count("refused: ") == 2 and "2 files were refused" in said.err
    (out / "report.html").read_bytes().decode("utf-8")


# ---------------------------------------------------------------- a file that cannot be read


def test_a_file_that_cannot_be_read_is_told_to_its_student(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    work = tmp_path / "returned"
    submitted(work, "ana")
    (work / "ben").mkdir()
    (work / "ben" / file_name("ben")).write_text('{"format": "fortyfive-submission", "ver')
    # in a classmate's nbgrader folder, a broken file is not told to the one it names
    (tmp_path / "submitted" / "eve" / "hw1").mkdir(parents=True)
    (tmp_path / "submitted" / "eve" / "hw1" / file_name("cat")).write_text("{")
    out = tmp_path / "grades"
    roster = _roster(tmp_path, "ana", "ben", "cat")
    args = ["grade", "--assignment", str(manifest_file(tmp_path)), str(work)]
    args += [str(tmp_path / "submitted"), "--out", str(out), "--roster", str(roster)]
    assert main(args) == 1
    err = capsys.readouterr().err
    feedback = (out / "feedback" / "ben.md").read_text()
    assert f"refused: {file_name('ben')}: not a JSON submission" in feedback
    assert str(tmp_path) not in feedback and "no submission counted" in feedback
    assert re.search(r"^ben: refused: .*not a JSON submission", err, re.M)
    cat = (out / "feedback" / "cat.md").read_text()
    assert "refused" not in cat and "no submission" in cat


# ---------------------------------------------------------------- the manifest's example


def test_the_manifests_documented_example_is_a_valid_manifest() -> None:
    doc = manifest_module.__doc__ or ""
    example = doc.split("::\n", 1)[1].split("\n\n")[0]  # the literal block after "::"
    m = parse_manifest(json.loads(example))
    check_drawable(m)
    assert m.items[2].difficulty == (2,) and m.to_dict()["puzzles"][2]["difficulty"] == [2]
    # a single difficulty is a list of one; the same manifest, the same digest
    as_list = {**BASE, "puzzles": [{"generate": "order", "difficulty": [2]}]}
    as_int = {**BASE, "puzzles": [{"generate": "order", "difficulty": 2}]}
    assert parse_manifest(as_list).digest() == parse_manifest(as_int).digest()
    for bad in (0, 4, True, 2.0, "2"):
        with pytest.raises(ManifestError, match="difficulty"):
            parse_manifest({**BASE, "puzzles": [{"generate": "order", "difficulty": bad}]})


# ---------------------------------------------------------------- all or nothing


def test_grading_without_matplotlib_changes_nothing_on_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "returned"
    submitted(work, "ana")
    out = tmp_path / "grades"
    args = ["grade", "--assignment", str(manifest_file(tmp_path)), str(work), "--out", str(out)]
    assert main(args) == 0
    (out / "feedback" / "old.md").write_text("an earlier grading's\n")
    before = _files(out)
    submitted(work, "ben")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    capsys.readouterr()
    assert main(args) == 2
    assert "needs matplotlib" in capsys.readouterr().err
    assert _files(out) == before
    assert main([*args[:-1], str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists()


# ---------------------------------------------------------------- a large class


def _class_book(n: int) -> Gradebook:
    m = manifest()
    rows = [
        Row(
            f"s{i:05d}",
            1,
            "c1-01",
            "follow",
            ("R2.3", "R5.3"),
            2.0,
            float(i % 3),
            False,
            0,
            0,
            False,
            "",
        )
        for i in range(n)
    ]
    return Gradebook(m, rows=rows)


def test_the_heatmap_of_a_large_class_is_bounded() -> None:
    at_cap = heatmap_svg(_class_book(MAX_HEATMAP_STUDENTS))
    big = heatmap_svg(_class_book(5000))
    assert len(big) <= len(at_cap) * 1.2
    assert "of 5000" in big and "of 5000" not in at_cap
    shown = set(re.findall(r"s\d{5}", big))
    assert 0 < len(shown) <= MAX_HEATMAP_STUDENTS


@pytest.mark.parametrize("depth", [40, 600, 980])
def test_a_deeply_nested_definition_refuses_that_file_and_grades_everyone_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], depth: int
) -> None:
    """A definition nested hundreds of levels deep (a file of a few KB) once overflowed the
    stack while its digest was worked out, and stopped the whole class's grading."""

    work = tmp_path / "work"
    submitted(work, "ana")
    hostile = submitted(work, "ben", lambda d: d["attempts"][0]["definition"].update(position=0))
    text = hostile.read_text().replace('"position": 0', '"position": ' + "[" * depth + "]" * depth)
    hostile.write_text(text)  # as written by hand: json.dumps itself stops at such depths
    assert hostile.stat().st_size < 20_000
    out = tmp_path / "grades"
    args = ["grade", "--assignment", str(manifest_file(tmp_path)), str(work), "--out", str(out)]
    assert main([*args, "--roster", str(_roster(tmp_path, "ana", "ben"))]) == 1
    said = capsys.readouterr()
    assert "ana: 6 / 6" in said.out and "ben: 0 / 6" in said.out
    assert "nested too deeply to be a submission" in said.err and hostile.name in said.err
    assert "nested too deeply" in (out / "feedback" / "ben.md").read_text()
