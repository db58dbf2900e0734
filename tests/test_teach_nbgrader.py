"""The nbgrader round trip, with the real nbgrader and its SQLite gradebook in a temporary course
folder: ``assign --nbgrader``, then ``nbgrader generate_assignment``, ``release_assignment``,
``fetch_assignment`` and ``submit`` (as this machine's user, as nbgrader knows students),
``collect`` and ``autograde``. A second student's submission, with forged verdicts, is put in
``submitted/`` by hand, as a teacher collecting files would. nbgrader's scores must be the
project's own grader's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from puzzle_answers import script

from fortyfive.teach import Assignment, grade, load_manifest, read_submission
from fortyfive.teach.student import _login
from fortyfive.teach.submission import file_name

pytestmark = pytest.mark.slow

MANIFEST: dict[str, Any] = {
    "format": "fortyfive-assignment",
    "version": 1,
    "id": "hw1",
    "title": "Trumps",
    "seed": 7,
    "policy": {"tries": 2, "hint_penalty": 0.5},
    "puzzles": [
        {"id": "c1-01", "points": 2},
        {"generate": "order", "difficulty": [2], "count": 2},
        {"generate": "winner", "count": 1, "points": 3},
    ],
}


def nbgrader(*args: str, cwd: Path) -> str:
    exe = Path(sys.executable).with_name("nbgrader")
    # nbgrader runs alembic and the kernel by name: this environment's come first
    path = os.pathsep.join([str(exe.parent), os.environ.get("PATH", "")])
    env = {**os.environ, "PATH": path}
    run = subprocess.run(
        [str(exe), *args], cwd=cwd, capture_output=True, text=True, timeout=600, env=env
    )
    assert run.returncode == 0, f"nbgrader {' '.join(args)}:\n{run.stdout}\n{run.stderr}"
    return run.stdout + run.stderr


def work(folder: Path, student: str, solve: list[int], hint: int | None = None) -> None:
    """A student's session in ``folder``: the notebook's own setup cell, then the puzzles."""
    nb = json.loads((folder / "hw1.ipynb").read_text())
    here = Path.cwd()
    os.chdir(folder)
    try:
        scope: dict[str, Any] = {}
        source = nb["cells"][1]["source"]
        exec("".join(source), scope)  # the locked setup cell: the manifest inside
        hw: Assignment = scope["hw"]
        assert hw.student == student
        for slot in solve:
            w = hw.puzzle(slot)
            if slot == hint:
                w.hint()
            for step in script(hw.puzzles[slot - 1].puzzle)[1]:
                w.answer(step)
    finally:
        os.chdir(here)


@pytest.mark.skipif(
    shutil.which("nbgrader") is None and not Path(sys.executable).with_name("nbgrader").exists(),
    reason="nbgrader is not installed (pip install -e '.[teacher]')",
)
def test_release_collect_and_autograde_with_nbgrader(tmp_path: Path) -> None:
    from nbgrader.api import Gradebook

    course, exchange, home = tmp_path / "course", tmp_path / "exchange", tmp_path / "home"
    for d in (course, exchange, home):
        d.mkdir()
    exchange.chmod(0o777)
    manifest = tmp_path / "hw1.json"
    manifest.write_text(json.dumps(MANIFEST))
    me = _login()
    # assign writes the course's nbgrader_config.py (course id, exchange) and the students'
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "fortyfive",
            "assign",
            str(manifest),
            "--out",
            str(course),
            "--nbgrader",
            "--course",
            "ff101",
            "--exchange",
            str(exchange),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "source/hw1/hw1.ipynb" in out.stdout and "nbgrader_config.py" in out.stdout
    for student in (me, "ben"):
        nbgrader("db", "student", "add", student, cwd=course)
    nbgrader("generate_assignment", "hw1", "--create", "--force", cwd=course)
    nbgrader("release_assignment", "hw1", cwd=course)

    # The student, with the config assign wrote for students: fetch, work (puzzles 1 and 4, a
    # hint on 4), submit.
    shutil.copy(course / "student_nbgrader_config.py", home / "nbgrader_config.py")
    nbgrader("fetch_assignment", "hw1", cwd=home)
    work(home / "hw1", me, solve=[1, 4], hint=4)
    nbgrader("submit", "hw1", cwd=home)

    # ben's files, handed in by hand: a wrong answer marked correct, and a copy of the other
    # student's answers to the generated puzzles (his own are other positions).
    nbgrader("collect", "hw1", cwd=course)
    ben = course / "submitted" / "ben" / "hw1"
    ben.mkdir(parents=True)
    shutil.copy2(course / "release" / "hw1" / "hw1.ipynb", ben / "hw1.ipynb")
    theirs = json.loads((home / "hw1" / file_name(me)).read_text())
    theirs["student"] = "ben"
    for a in theirs["attempts"]:
        a["correct"] = a["solved"] = True
    (ben / file_name("ben")).write_text(json.dumps(theirs))
    (ben / "timestamp.txt").write_text("2026-12-01 12:00:00.000000 UTC")

    nbgrader("autograde", "hw1", "--force", cwd=course)

    # The project's grader on the same files gives the same points.
    m = load_manifest(manifest)
    subs = [
        read_submission(course / "submitted" / me / "hw1" / file_name(me)),
        read_submission(ben / file_name("ben")),
    ]
    ours = grade(m, subs).totals()
    assert ours[me] == 2 + 3 * 0.5  # c1-01, and puzzle 4 with one hint
    assert ours["ben"] == 2  # c1-01 is everyone's; the copied generated answers are refused
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        theirs_scores = {s: gb.find_submission("hw1", s).score for s in (me, "ben")}
        assert gb.find_submission("hw1", me).max_score == m.total_points()
    assert theirs_scores == ours

    # A score computed in the student's kernel can be changed there (a redefined hw.points):
    # grade --nbgrader puts the grader's points back and says where they differed, and its
    # feedback goes out with nbgrader's.
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        gb.find_grade("points-2", "hw1", "hw1", "ben").auto_score = 1.0
        gb.db.commit()
    nbgrader("generate_feedback", "hw1", cwd=course)
    folders = [str(course / "autograded"), str(course / "submitted")]
    args = ["grade", "--assignment", str(manifest), *folders, "--out", str(tmp_path / "grades")]
    said = subprocess.run(
        [sys.executable, "-m", "fortyfive", *args, "--nbgrader", str(course)],
        capture_output=True,
        text=True,
    )
    assert said.returncode == 0, said.stderr
    assert "nbgrader: ben, puzzle 2: nbgrader had 1, the grader gives 0" in said.stdout
    assert "(1 differed)" in said.stdout and "in 2 of nbgrader's feedback pages" in said.stdout
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        assert {s: gb.find_submission("hw1", s).score for s in (me, "ben")} == ours
    # ben's files were filed by hand, without nbgrader's secret: only the fetched ones go out
    nbgrader("release_feedback", "hw1", "--student", me, cwd=course)
    nbgrader("fetch_feedback", "hw1", cwd=home)
    (page,) = (home / "hw1" / "feedback").rglob("hw1.html")
    assert f"Score: {ours[me]:g} of {m.total_points():g}." in page.read_text()
