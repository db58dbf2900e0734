"""The notebooks an assignment is handed out as: the student's, the teacher's copy, and the
nbgrader source notebook whose autograded cells call the same grader.

Every notebook holds the manifest itself (in its first code cell), so it needs no other file;
under nbgrader that cell is locked, and nbgrader's autograder puts the teacher's version back
before grading.
"""

from __future__ import annotations

import json
from typing import Any

from fortyfive._version import __version__
from fortyfive.puzzles.model import KINDS, get_puzzle
from fortyfive.teach.draw import Assigned, assigned_puzzles, candidates
from fortyfive.teach.manifest import Manifest

_TITLES = {
    "order": "put the cards in order",
    "winner": "who takes the trick",
    "cheapest": "win the trick cheaply",
    "legal": "which cards may be played",
    "keep": "keep or play",
    "rob": "who may rob",
    "score": "the score",
    "game-winner": "who wins the game",
    "calls": "the legal calls",
    "target": "an endgame",
    "race": "a race to 45",
    "turn": "whose turn",
    "give-up": "what to give up when robbing",
    "bid": "how high to bid",
    "notation": "which words are cards",
    "trumps": "which cards are trumps",
}


Notebook = dict[str, Any]
Cell = dict[str, Any]


def _cell(kind: str, source: str) -> Cell:
    cell: Cell = {"cell_type": kind, "id": "", "metadata": {}, "source": source}
    if kind == "code":
        cell |= {"execution_count": None, "outputs": []}
    return cell


def _md(source: str) -> Cell:
    return _cell("markdown", source)


def _code(source: str) -> Cell:
    return _cell("code", source)


def _notebook(cells: list[Cell]) -> Notebook:
    for i, cell in enumerate(cells):
        cell["id"] = f"cell-{i}"
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return {
        "cells": cells,
        "metadata": {"kernelspec": kernel, "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _kind_words(kind: str) -> str:
    return _TITLES.get(kind, kind) if kind in KINDS else kind


def _policy_words(m: Manifest) -> str:
    p = m.policy
    tries = (
        "any number of wrong tries"
        if p.tries is None
        else f"at most {p.tries} wrong {'try' if p.tries == 1 else 'tries'}"
    )
    hints = (
        "hints are free"
        if p.hint_penalty == 0
        else f"each hint used before solving costs {p.hint_penalty:.0%} of the puzzle's points"
    )
    due = ""
    if p.due is not None:
        due = f" It is due {p.due}"
        if p.late_penalty:
            due += f"; each day late costs {p.late_penalty:.0%} of a puzzle's points"
        if p.late_days is not None:
            due += f"; a puzzle solved more than {p.late_days} days late earns nothing"
        due += "."
    return (
        f"A puzzle earns its points when you solve it with {tries}; {hints}; a puzzle you ask "
        f'to be shown ("Show me") before solving it earns nothing.{due}'
    )


def _setup_source(m: Manifest, student: str | None, nbgrader: bool, token: str | None) -> str:
    manifest = json.dumps(m.to_dict(), indent=1, ensure_ascii=False)
    who = f"student={student!r}" if student else "student=STUDENT"
    if student and token:
        who += f", token={token!r}"
    lines = ["from fortyfive.teach import Assignment", ""]
    if not student and not nbgrader:
        lines += ['STUDENT = ""  # write your student id between the quotes, then run the cell', ""]
    lines += [f"MANIFEST = {manifest}", ""]
    if nbgrader:
        lines.append("hw = Assignment.open(MANIFEST, nbgrader=True)")
    else:
        lines.append(f"hw = Assignment.open(MANIFEST, {who})")
    lines.append("hw")
    return "\n".join(lines)


def _intro(m: Manifest, n: int) -> str:
    total = f"{m.total_points():g}"
    return (
        f"# {m.title}\n\n"
        f"{n} puzzles, {total} points. Run the first code cell, then each puzzle's cell, and "
        "answer in the puzzle itself: every check you make is saved in this folder, in your "
        f"submission file, which is what your teacher grades.\n\n{_policy_words(m)}"
    )


def _puzzle_md(a: Assigned, kinds: set[str]) -> str:
    """The heading of puzzle ``a``: its kind when every student's puzzle in that place is of
    that kind (``kinds``, what the item may draw); otherwise the place alone."""
    pts = f"{a.points:g} point{'s' if a.points != 1 else ''}"
    what = f": {_kind_words(next(iter(kinds)))}" if len(kinds) == 1 else ""
    return f"## Puzzle {a.slot}{what} ({pts})"


def _item_kinds(m: Manifest) -> list[set[str]]:
    """For each place of the assignment, the kinds of puzzle any student may find there."""
    out: list[set[str]] = []
    for item in m.items:
        if item.id is not None:
            kinds = {get_puzzle(item.id).kind}
        elif item.generate is not None:
            kinds = {item.generate}
        else:
            kinds = {p.kind for p in candidates(item)}
        out += [kinds] * (1 if item.id is not None else item.count)
    return out


def _meta(grade_id: str, points: float | None = None) -> dict[str, Any]:
    nb: dict[str, Any] = {
        "grade": points is not None,
        "grade_id": grade_id,
        "locked": True,
        "schema_version": 3,
        "solution": False,
        "task": False,
    }
    if points is not None:
        nb["points"] = points
    return {"nbgrader": nb}


def student_notebook(
    m: Manifest, student: str | None = None, *, nbgrader: bool = False, token: str | None = None
) -> Notebook:
    """The student's notebook: ``student`` filled in (from a roster, with their ``token``), or
    asked for in the first cell; with ``nbgrader``, nbgrader's cell metadata (every cell
    locked, one autograded cell per puzzle whose output is the points the grader gives)."""
    puzzles = assigned_puzzles(m, student or "preview")  # without a student: the places alone
    kinds = [{a.puzzle.kind} for a in puzzles] if student else _item_kinds(m)
    cells = [_md(_intro(m, len(puzzles)))]
    cells.append(_code(_setup_source(m, student, nbgrader, token)))
    for a in puzzles:
        cells.append(_md(_puzzle_md(a, kinds[a.slot - 1])))
        cells.append(_code(f"hw.puzzle({a.slot})"))
        if nbgrader:
            cells.append(_code(f"hw.points({a.slot})"))
    end = (
        "When you are done, submit the assignment as your course does (with nbgrader: the "
        "Assignments tab, or `nbgrader submit`); the submission file goes with it."
        if nbgrader
        else "When you are done, hand in your submission file "
        "(`fortyfive-submission-<your id>.json`, in this folder; in the browser-only course, "
        "the link below saves it). Run the cells below to see what each puzzle earns so far."
    )
    cells.append(_md(f"## Handing in\n\n{end}"))
    cells.append(_code("hw"))
    if not nbgrader:
        cells.append(_code("hw.download()"))
    if nbgrader:
        for i, cell in enumerate(cells):
            src = cell["source"]
            if cell["cell_type"] == "code" and src.startswith("hw.points("):
                slot = int(src[len("hw.points(") : -1])
                cell["metadata"] = _meta(f"points-{slot}", puzzles[slot - 1].points)
            else:
                cell["metadata"] = _meta(f"cell-{i}")
    return _notebook(cells)


def teacher_notebook(m: Manifest, students: list[str], key_file: str) -> Notebook:
    """The teacher's copy: for each student (or a preview student), the puzzles drawn and the
    engine's answers; ``key_file``: the teacher's key, from the notebook's folder (the answer
    key needs it)."""
    cells = [
        _md(
            f"# {m.title}: the teacher's copy\n\nThe puzzles each student is given and the "
            "engine's answers. Grade the submissions with `python -m fortyfive grade "
            "--assignment MANIFEST SUBMISSIONS... --out DIR`, with the fortyfive that wrote "
            f"this copy, {__version__} (`python -m fortyfive --version` says which is "
            "installed): another version may draw other generated puzzles."
        ),
        _code(
            "from fortyfive.teach import answer_key\n\n"
            f"KEY = {key_file!r}  # the teacher's key: never hand it out\n"
            f"MANIFEST = {json.dumps(m.to_dict(), indent=1, ensure_ascii=False)}"
        ),
    ]
    for s in students or ["preview"]:
        cells.append(_md(f"## {s}"))
        cells.append(_code(f"answer_key(MANIFEST, {s!r}, KEY)"))
    return _notebook(cells)
