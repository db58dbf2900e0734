"""A small class for the teacher tests: an assignment manifest, students working its puzzles
through the widgets, and the submission files they hand in (copied where the grader finds them).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from puzzle_answers import script

from fortyfive.teach import Assignment, parse_manifest
from fortyfive.teach.manifest import Manifest
from fortyfive.teach.submission import file_name
from fortyfive.widgets.puzzle import PuzzleWidget

#: The manifest most teacher tests start from (tests change one field at a time).
BASE: dict[str, Any] = {
    "format": "fortyfive-assignment",
    "version": 1,
    "id": "hw1",
    "title": "Trumps and following",
    "seed": 2026,
    "policy": {"tries": 2, "hint_penalty": 0.25},
    "puzzles": [
        {"id": "c1-01", "points": 2},
        {"chapter": 2, "count": 2},
        {"generate": "order", "difficulty": [1, 2], "count": 2},
    ],
}


def manifest(**changes: Any) -> Manifest:
    """:data:`BASE` with ``changes``, parsed."""
    return parse_manifest({**BASE, **changes})


def manifest_file(tmp_path: Path, **changes: Any) -> Path:
    """:data:`BASE` with ``changes``, written to ``hw1.json`` in ``tmp_path``."""
    path = tmp_path / "hw1.json"
    path.write_text(json.dumps({**BASE, **changes}))
    return path


def answer_puzzle(hw: Assignment, slot: int, wrong_first: int = 0, hints: int = 0) -> PuzzleWidget:
    """Answer puzzle ``slot`` through its widget as a student would: ``hints`` hints, then
    ``wrong_first`` wrong tries (starting over when one ends the puzzle), then the right
    answers. The widget is returned (solved unless "Show me" or the tries ended it)."""
    w = hw.puzzle(slot)
    wrong, steps, _ = script(hw.puzzles[slot - 1].puzzle)
    for _ in range(hints):
        w.hint()
    for _ in range(wrong_first):
        assert wrong is not None
        w.answer(wrong)
        if w.run.done:
            w.reset()
    for step in steps:
        w.answer(step)
    return w


def solve_puzzle(hw: Assignment, slot: int, wrong_first: int = 0, hints: int = 0) -> None:
    """Work puzzle ``slot`` through its widget as a student would."""
    assert answer_puzzle(hw, slot, wrong_first, hints).solved


def submitted(tmp_path: Path, student: str, edit: Any = None, token: str | None = None) -> Path:
    """A student's real submission file (answers given through the widgets, with the
    student's ``token`` when given), then ``edit``ed."""
    folder = tmp_path / student
    hw = Assignment(manifest(), student, folder, token)
    for slot in range(1, 6):
        solve_puzzle(hw, slot)
    path = folder / file_name(student)
    if edit is not None:
        data = json.loads(path.read_text())
        edit(data)
        path.write_text(json.dumps(data))
    return path


def filed_as(path: Path, to: Path) -> Path:
    """A copy of the file ``path`` at ``to`` (its folders made), as a student or nbgrader
    files it."""
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, to)
    return to
