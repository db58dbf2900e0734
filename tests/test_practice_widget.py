"""The practice widget (a drill, a review) on the Python side: the synced ``practice`` status,
the Next message and its refusals, and nothing of the answer in the synced state.

Messages go straight to :meth:`PracticeWidget.handle_message`, as the front end sends them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from puzzle_answers import script

from fortyfive.course import drill
from fortyfive.puzzles.display import shown_view
from fortyfive.puzzles.sessions import DRILL_KINDS, Drill
from fortyfive.widgets._assets import module_source, stylesheet
from fortyfive.widgets.practice_widget import PracticeWidget
from fortyfive.widgets.puzzle import PuzzleMessageError


def msg(w: PracticeWidget, kind: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "state": w.state, **extra}


def snapshot(w: PracticeWidget) -> str:
    state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css", "notice")}
    state["practice"] = {k: v for k, v in state["practice"].items() if k != "elapsed"}
    return json.dumps(state, sort_keys=True)


def solve_by_messages(w: PracticeWidget) -> None:
    for answer in script(w.puzzle)[1]:
        w.handle_message(msg(w, "answer", answer=answer))
        assert w.notice["text"] == "", w.notice


def test_the_synced_status_is_the_sessions_and_the_view_its_runs() -> None:
    session = Drill("order", seed=4)
    w = PracticeWidget(session)
    assert w.practice == session.status() and w.view == shown_view(session.run.view(), w._shown)
    assert w.run is session.run and w.show_after == 1
    assert (w.practice["number"], w.practice["streak"], w.practice["best"]) == (1, 0, 0)
    assert w.practice["mode"] == "drill" and w.practice["can_next"] is False
    assert repr(w) == "<PracticeWidget drill order, difficulty 1: puzzle 1, streak 0 (best 0)>"


def test_solving_shows_the_streak_and_next_brings_a_new_puzzle() -> None:
    w = PracticeWidget(Drill("winner", seed=2))
    first = w.view["id"]
    solve_by_messages(w)
    assert w.practice["streak"] == 1 and w.practice["can_next"] and w.solved
    assert w.practice["seconds"] is not None and w.practice["finished"] == 1
    w.handle_message(msg(w, "next"))
    assert w.notice["text"] == ""
    assert (
        w.view["id"] != first
        and w.view["id"].endswith("-n2")
        and w.view == shown_view(w.run.view(), w._shown)
    )
    assert (w.done, w.solved, w.tries, w.wrong, w.feedback, w.hints) == (
        False,
        False,
        0,
        0,
        {},
        [],
    )
    assert w.practice["number"] == 2 and w.practice["streak"] == 1
    assert w.practice["seconds"] is None and not w.practice["can_next"]
    w.handle_message(msg(w, "answer", answer=script(w.puzzle)[0]))
    assert w.practice["streak"] == 0 and w.practice["best"] == 1  # a miss resets it at once
    assert w.can_show  # "Show me" after one wrong try in a drill
    w.handle_message(msg(w, "show"))
    assert w.practice["can_next"] and w.practice["outcome"] == "missed"


def test_next_before_the_puzzle_is_finished_is_refused_and_changes_nothing() -> None:
    w = PracticeWidget(Drill("legal", seed=3))
    before = snapshot(w)
    w.handle_message(msg(w, "next"))
    assert w.notice["kind"] == "error"
    assert (
        w.notice["text"]
        == "next: finish this puzzle first: solve it, or use Show me after a wrong try"
    )
    assert snapshot(w) == before
    with pytest.raises(PuzzleMessageError, match="finish this puzzle first"):
        w.next()


def test_a_double_click_on_next_draws_one_puzzle_and_a_stale_one_is_refused() -> None:
    w = PracticeWidget(Drill("order", seed=9))
    solve_by_messages(w)
    click = msg(w, "next")
    w.handle_message(click)
    w.handle_message(dict(click))  # the second click of a double-click: the same state
    assert w.notice["text"] == "" and w.practice["number"] == 2
    w.handle_message({"type": "next", "state": click["state"] - 1})
    assert "stale message" in w.notice["text"] and w.practice["number"] == 2


@pytest.mark.parametrize("kind", DRILL_KINDS)
def test_nothing_synced_names_the_answer_before_it_is_shown(kind: str) -> None:
    w = PracticeWidget(Drill(kind, seed=7))
    synced = json.dumps({k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")})
    assert "solution" not in synced and "highlight" not in synced
    assert set(w.practice) >= {"streak", "best", "number", "elapsed", "total"}
    assert w.view == shown_view(w.run.view(), w._shown)  # only what the engine lets the learner see


def test_the_browser_cannot_write_the_status() -> None:
    w = PracticeWidget(Drill("order", seed=1))
    before = snapshot(w)
    w.set_state({"practice": {"streak": 99, "can_next": True}, "state": 5})
    assert snapshot(w) == before
    w.handle_message(msg(w, "next", skip=True, streak=99))  # extra fields are not read
    assert w.practice["streak"] == 0 and w.practice["number"] == 1


def test_the_course_drill_records_each_check(tmp_path: Any) -> None:
    path = tmp_path / "fortyfive-progress.json"
    w = drill("order", seed=5, progress_file=path)
    solve_by_messages(w)
    data = json.loads(path.read_text())
    assert [a["puzzle"] for a in data["attempts"]] == ["drill-order-s5-d1-n1"]
    assert data["attempts"][0]["chapter"] is None and data["review"] == []


def test_the_front_end_draws_the_practice_header_and_sends_next() -> None:
    src = module_source("puzzle.js")
    assert '"practice"' in src and 'send("next"' in src and "ff-pz-next" in src
    assert "ff-pz-practice" in stylesheet("puzzle.css")
