"""The widgets' one base (:mod:`fortyfive.widgets._base`): every message from the front end is
untrusted, so each bad shape is refused, with a clear notice, before anything changes, for the
card table and the puzzle alike; and the front end's shared files are inlined once each.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fortyfive.engine.cards import with_symbols
from fortyfive.puzzles import PuzzleInputError
from fortyfive.widgets._assets import module_source, stylesheet
from fortyfive.widgets._base import (
    MAX_MESSAGE_DEPTH,
    MAX_MESSAGE_SIZE,
    SyncedWidget,
    WidgetMessageError,
    message_problem,
)
from fortyfive.widgets.puzzle import PuzzleMessageError, PuzzleWidget
from fortyfive.widgets.table import CardTable, TableMessageError


def table() -> CardTable:
    t = CardTable("bruff", seat=0, opponents="random", seed=5, pause_ms=0)
    t.play_bots()
    return t


def puzzle() -> PuzzleWidget:
    return PuzzleWidget("c1-01", tries_before_show=0)


WIDGETS: dict[str, Callable[[], SyncedWidget]] = {"table": table, "puzzle": puzzle}


def snapshot(w: SyncedWidget) -> str:
    """The synced state but the notice, and what Python owns behind it."""
    state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css", "notice")}
    if isinstance(w, CardTable):
        state["owned"] = [list(w.game.history), w.game.to_act, w.auto]
    else:
        assert isinstance(w, PuzzleWidget)
        run = w.run
        state["owned"] = [run.tries, run.hints_used, run.done, run.solved, run.view()]
    return json.dumps(state, sort_keys=True, default=str)


def refused(w: SyncedWidget, message: object, expected: str) -> None:
    before = snapshot(w)
    w.handle_message(message)
    assert w.notice["kind"] == "error", w.notice
    assert expected in w.notice["text"], w.notice["text"]
    assert w.notice["state"] == w.state
    assert snapshot(w) == before


def valid(w: SyncedWidget) -> dict[str, Any]:
    """A message the widget would act on now."""
    if isinstance(w, CardTable):
        action = w.obs["legal_actions"][0]
        return {"type": "act", "action": action, "seat": w.seat, "state": w.state}
    return {"type": "hint", "state": w.state}


def nested(depth: int) -> object:
    value: object = "5S"
    for _ in range(depth):
        value = [value]
    return value


# ---------------------------------------------------------------- one base, two widgets


def test_both_widgets_share_the_base_and_its_error() -> None:
    assert issubclass(CardTable, SyncedWidget) and issubclass(PuzzleWidget, SyncedWidget)
    for error in (TableMessageError, PuzzleMessageError):
        assert issubclass(error, WidgetMessageError) and issubclass(error, ValueError)
    for cls in (CardTable, PuzzleWidget):  # the plumbing lives once, in the base
        for name in ("handle_message", "_on_msg", "_checked", "_bump", "_notice", "_sync"):
            assert name not in vars(cls), (cls.__name__, name)
            assert name in vars(SyncedWidget), name


@pytest.mark.parametrize("which", WIDGETS)
@pytest.mark.parametrize(
    ("forge", "expected"),
    [
        (lambda w: ["act"], "unknown message: expected an object, got ['act']"),
        (lambda w: "hint", "unknown message: expected an object"),
        (lambda w: None, "unknown message: expected an object, got None"),
        (lambda w: 7, "unknown message: expected an object, got 7"),
        (lambda w: {"state": w.state}, "unknown message type None: expected one of"),
        (lambda w: {"type": "cheat", "state": w.state}, "unknown message type 'cheat'"),
        (lambda w: {"type": ["hint"], "state": w.state}, "unknown message type ['hint']"),
        (lambda w: {**valid(w), "state": w.state - 1}, "stale message"),
        (lambda w: {**valid(w), "state": w.state + 1}, "stale message"),
        (lambda w: {k: v for k, v in valid(w).items() if k != "state"}, "stale message"),
        (lambda w: {**valid(w), "state": str(w.state)}, "stale message"),
        (lambda w: {**valid(w), "state": True}, "stale message"),
        (lambda w: {**valid(w), "state": float(w.state)}, "stale message"),
        (lambda w: {**valid(w), "pad": "x" * MAX_MESSAGE_SIZE}, "message too large"),
        (lambda w: {**valid(w), "pad": list(range(MAX_MESSAGE_SIZE))}, "message too large"),
        (lambda w: {**valid(w), "pad": {str(i): i for i in range(999)}}, "message too large"),
        (lambda w: {**valid(w), "state": 10**3000}, "message too large"),
        (lambda w: {**valid(w), "pad": nested(MAX_MESSAGE_DEPTH)}, "nested too deeply"),
        (lambda w: nested(100_000), "nested too deeply"),
        (lambda w: {**valid(w), "pad": object()}, "message is not JSON: a object"),
        (lambda w: {**valid(w), "pad": (1, 2)}, "message is not JSON: a tuple"),
        (lambda w: {**valid(w), 3: "x"}, "message is not JSON: a key int"),
        (lambda w: {**valid(w), "pad": float("nan")}, "message is not JSON: the number nan"),
        (lambda w: {**valid(w), "pad": [float("-inf")]}, "message is not JSON: the number -inf"),
    ],
)
def test_forged_messages_are_refused_and_change_nothing(
    which: str, forge: Callable[[SyncedWidget], object], expected: str
) -> None:
    w = WIDGETS[which]()
    w.handle_message(valid(w))  # the widget moves on once, so a stale state is a real one
    refused(w, forge(w), expected)
    state = w.state
    w.handle_message(valid(w))  # and it still answers a good message afterwards
    assert w.state > state and w.notice["kind"] != "error", w.notice


@pytest.mark.parametrize("which", WIDGETS)
def test_refusals_name_the_widget_and_say_nothing_changed(which: str) -> None:
    w = WIDGETS[which]()
    kind = valid(w)["type"]
    w.handle_message({**valid(w), "state": w.state + 3})
    noun = "table" if which == "table" else "puzzle"
    assert w.notice["text"] == (
        f"{kind}: stale message (state {w.state + 3}, the {noun} is at {w.state}): "
        f"the {noun} has moved on, nothing was changed"
    )
    w.handle_message({**valid(w), "pad": "x" * MAX_MESSAGE_SIZE})
    assert w.notice["text"] == (
        f"message too large (more than {MAX_MESSAGE_SIZE} characters): refused, nothing was changed"
    )


def test_a_message_just_under_the_bound_is_read() -> None:
    w = puzzle()
    pad = "x" * (MAX_MESSAGE_SIZE - 100)
    assert message_problem({**valid(w), "pad": pad}) is None
    w.handle_message({**valid(w), "pad": pad})
    assert w.notice["kind"] != "error" and len(w.hints) == 1


def test_the_size_check_stops_early_on_huge_messages() -> None:
    huge = [list(range(1000)) for _ in range(1000)]  # a million items
    assert message_problem(huge) == f"message too large (more than {MAX_MESSAGE_SIZE} characters)"
    assert message_problem(nested(10**6)) is not None  # no recursion, so no RecursionError
    assert message_problem({"type": "answer", "answer": {"A": 15, "B": 0}, "state": 3}) is None


def test_the_stale_step_alone_is_dropped_quietly() -> None:
    t = CardTable("bruff", seat=0, opponents="random", seed=5, pause_ms=700)
    before = snapshot(t)
    t.handle_message({"type": "step", "state": t.state - 1})
    assert t.notice["kind"] == "" and snapshot(t) == before
    refused(t, {"type": "next_game", "state": t.state - 1}, "stale message")


@pytest.mark.parametrize(
    ("which", "writes"),
    [
        ("table", {"obs": {}, "state": 99, "notice": {"text": "hi"}, "info": {}}),
        ("table", {"pause_ms": -5}),
        ("table", {"pause_ms": "fast"}),
        ("table", {"four_colour": "yes"}),
        ("puzzle", {"solved": True, "view": {}, "state": 99, "notice": {}}),
    ],
)
def test_the_browser_writes_only_valid_settings_and_a_refused_write_shows_a_notice(
    which: str, writes: dict[str, Any]
) -> None:
    w = WIDGETS[which]()
    before = snapshot(w)
    w.set_state(writes)
    assert snapshot(w) == before
    assert w.notice["kind"] == "error", w.notice
    assert re.search(r"the page may not change|refused value", w.notice["text"])
    assert w.notice["text"].endswith("nothing else was changed")


def test_a_valid_setting_is_written() -> None:
    t = table()
    t.set_state({"pause_ms": 250, "four_colour": True, "state": 50})
    assert (t.pause_ms, t.four_colour) == (250, True) and t.state != 50


# ---------------------------------------------------------------- the puzzle run checks shapes


@pytest.mark.parametrize(
    ("puzzle_id", "answer"),
    [
        ("c1-01", "5D"),
        ("c1-01", ["5D", "5D"]),
        ("c2-01", ["5S"]),
        ("c2-01", "QH"),
        ("c2-01", "ZZ"),
        ("c0-14", {"A": "15"}),
        ("c5-01", ["pass", "bid 40"]),
    ],
)
def test_the_widget_shows_the_runs_own_refusal(puzzle_id: str, answer: object) -> None:
    trial = PuzzleWidget(puzzle_id).run
    with pytest.raises(PuzzleInputError) as caught:
        copy.deepcopy(trial).check(answer)
    w = PuzzleWidget(puzzle_id)
    refused(w, {"type": "answer", "answer": answer, "state": w.state}, "answer: ")
    assert w.notice["text"] == with_symbols(f"answer: {caught.value}")  # the page's card notation


# ---------------------------------------------------------------- the front end's shared files


SOURCES = Path(__file__).resolve().parents[1] / "widgets" / "src"


@pytest.mark.parametrize("name", ["table", "puzzle"])
def test_each_front_end_bundles_dom_js_and_theme_css_once(name: str) -> None:
    """Each source imports the shared files (widgets/src); its bundle holds them once."""
    own = (SOURCES / f"{name}.js").read_text(encoding="utf-8")
    assert 'from "./dom.js";' in own and 'from "./cards.js";' in own
    assert not re.search(r"^\s*function (h|schedule|present)\(", own, re.MULTILINE)
    src = module_source(f"{name}.js")
    assert 'from "./' not in src and not re.search(r"^import ", src, re.MULTILINE)
    assert src.count("// src/dom.js\n") == 1 and src.count("// src/cards.js\n") == 1
    for fn in ("h", "present", "schedule", "redrawOnChange", "drawCard"):
        assert src.count(f"function {fn}(") == 1, fn
    assert "c !== false" in src

    sheet = (SOURCES / f"{name}.css").read_text(encoding="utf-8")
    assert '@import "./theme.css";' in sheet and "--jp-" not in sheet  # the theme lives once
    css = stylesheet(f"{name}.css")
    assert "@import" not in css and css.count("/* src/theme.css */") == 1
    assert css.count("--ff-bg:") == 1 and css.count("--jp-layout-color1") == 1


@pytest.mark.parametrize("seat", [False, 0.0, "0", None])
def test_the_table_refuses_a_seat_that_only_equals_its_own(seat: object) -> None:
    t = CardTable("barker", seat=0, opponents="random", seed=2, pause_ms=0)
    before = snapshot(t)
    t.handle_message({"type": "hint", "seat": seat, "state": t.state})
    assert t.notice["kind"] == "error" and "wrong seat" in t.notice["text"]
    assert snapshot(t) == before
