"""A puzzle's plain rendering (``str`` and the notebook's ``_repr_html_``): drawn from the run's
view alone, every text escaped, the notation kept where it is the question (R1.1)."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest

from fortyfive.bench.puzzles import _answer as well_formed
from fortyfive.engine.cards import CARD_CODE, CARDS, with_symbols
from fortyfive.puzzles import Feedback, Puzzle, PuzzleInputError, get_puzzle, load_collection
from fortyfive.puzzles.display import VERBATIM_KINDS, view_html, view_text
from fortyfive.puzzles.generate import generate_puzzles

#: A card as a rendering names it: by symbol ("10♦", "Joker") or, on the answer line, by code.
SHOWN = {c.symbol(): str(c) for c in CARDS}
SYMBOL = re.compile(r"(?:10|[AKQJ2-9])[♠♣♦♥]|Joker")


@functools.cache
def course() -> tuple[Puzzle, ...]:
    return tuple(p for ch in range(7) for p in load_collection(ch))


def cards_named(text: str) -> set[str]:
    return {SHOWN[s] for s in SYMBOL.findall(text)} | set(CARD_CODE.findall(text))


def test_every_course_puzzle_renders_only_cards_its_view_holds() -> None:
    for p in course():
        view = p.start().view()
        held = set(CARD_CODE.findall(json.dumps(view)))
        text = view_text(view)
        assert cards_named(text) <= held, (p.id, cards_named(text) - held)
        assert text.splitlines()[0].startswith(f"{p.id} "), p.id
        assert p.prompt.split()[0] in text, p.id


def test_the_html_rendering_escapes_every_text() -> None:
    data = get_puzzle("c0-15").to_dict()
    data["prompt"] = 'May you keep AH? <img src=x onerror="alert(1)">'
    out = Puzzle.from_dict(data)._repr_html_()
    assert "<img" not in out and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in out
    assert out == view_html(Puzzle.from_dict(data).start().view())


def test_cards_are_shown_by_symbol_but_the_notation_stays_where_it_is_the_question_r1_1() -> None:
    keep = view_text(get_puzzle("c2-14").start().view())
    assert "your A♥" in keep and "your AH" not in keep
    words = next(p for p in course() if p.kind in VERBATIM_KINDS)
    text = view_text(words.start().view())
    offered = [o["value"] for o in words.start().view()["answer"]["options"]]
    assert all(json.dumps(w) in text for w in offered)
    assert not SYMBOL.search(text), text


@pytest.mark.parametrize(
    ("kind", "line"),
    [
        ("card", "To answer: .check(card), one card of"),
        ("cards", "To answer: .check([cards]), every card that applies of"),
        ("sequence", "To answer: .check([cards]), all "),
        ("choice", "To answer: .check(option), one of"),
        ("choices", "To answer: .check([options]), every one that applies of"),
        ("form", 'To answer: .check({"'),
    ],
)
def test_the_answer_line_says_the_shape_check_takes(kind: str, line: str) -> None:
    p = next(p for p in course() if p.start().view()["answer"]["type"] == kind)
    run = p.start()
    spec = run.view()["answer"]
    last = view_text(run.view()).splitlines()[-1]
    assert last.startswith(line), last
    for name in [str(c) for c in spec.get("cards", [])] + [
        json.dumps(str(o["value"])) for o in spec.get("options", [])
    ]:
        assert name in last, (p.id, name)
    for f in spec.get("fields", []):
        assert json.dumps(f["name"]) in last and f["label"] in last, (p.id, f)
    try:
        run.check(well_formed(run.view()))
    except PuzzleInputError as e:  # the shape described must be one check takes
        pytest.fail(f"{p.id}: {e}")


def test_a_run_shows_how_the_attempt_stands_and_its_feedback_shows_the_sheet_r7_1() -> None:
    (p,) = generate_puzzles("score", 1, 9, 1, ["bruff"])  # c0-10's position until it changed
    run = p.start()
    assert str(run).endswith("open, 0 wrong tries, 0 of 2 hints used")
    fb = run.check({"A": 0, "B": 0, "C": 10, "certain": "no"})
    assert not fb.correct and fb.sheet
    assert str(run).endswith("open, 1 wrong try, 0 of 2 hints used")
    run.hint()
    assert "1 of 2 hints used" in run._repr_html_()
    assert fb.kind == "score"  # the run names the kind, which decides how its cards show
    text = str(fb)
    said = with_symbols(f"{fb.opening} {fb.message}")
    assert text.startswith(said) and "3♥ J♥ Joker Q♥ 10♥ 4♥" in text
    assert "&#10008;" in fb._repr_html_() and "<table" in fb._repr_html_()
    assert "3♥ J♥ Joker Q♥ 10♥ 4♥" in fb._repr_html_() and "3H JH" not in fb._repr_html_()
    right = Feedback(True, True, "Right. <b>")
    assert str(right) == "Right. <b>" and "&#10004; Right. &lt;b&gt;" in right._repr_html_()


def test_a_notation_puzzles_feedback_keeps_the_codes_it_asks_about_r1_1() -> None:
    (p,) = generate_puzzles("notation", 1, 1003, 2)  # '5c' among the words
    run = p.start()
    fb = run.show()
    assert fb.kind == "notation" and str(fb) == fb.message
    assert "'5c' is 5♣ (R1.1: any letter case, so it is 5C)" in str(fb)  # as the engine wrote it


def test_a_solved_run_says_so() -> None:
    run = get_puzzle("c0-05").start()
    order = CARD_CODE.findall(run.solution().message)[: len(run.view()["answer"]["cards"])]
    assert run.check(order).correct
    assert str(run).splitlines()[-1].startswith("solved, 0 wrong tries")


@pytest.mark.parametrize(
    "position", [{}, {"trump": "S", "leader": 0, "trick": ["ZZ"]}, {"trump": "Q"}, {"trump": 5}]
)
def test_a_puzzle_the_engine_refuses_says_why_instead_of_showing(position: dict[str, Any]) -> None:
    bad = Puzzle(id="x1", kind="winner", preset="bruff", position=position, prompt="?", rules=())
    with pytest.raises(ValueError, match=r"puzzle x1|R1\.1"):
        bad.start()
    assert str(bad).startswith("<Puzzle x1: winner, bruff, difficulty 1> cannot be shown: ")
    assert bad._repr_html_().startswith("<p>&lt;Puzzle x1: winner")
