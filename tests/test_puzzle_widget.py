"""The puzzle widget, Python side: messages as the front end sends them, the buttons' rules
(hints, "show me" after N wrong tries, try again) and the attempt records.

Messages go straight to :meth:`PuzzleWidget.handle_message`, as the front end sends them.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import re
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from puzzle_answers import BY_KIND, candidates, run_right_answer, run_wrong_answer, script, verdict

from fortyfive.engine.cards import with_symbols
from fortyfive.engine.errors import InputError
from fortyfive.puzzles import KINDS, Puzzle, PuzzleInputError, get_puzzle
from fortyfive.puzzles.coverage import shipped_puzzles
from fortyfive.puzzles.display import shown_view
from fortyfive.solve.solver import solve
from fortyfive.widgets import _base as widget_base
from fortyfive.widgets._assets import module_source, stylesheet
from fortyfive.widgets._base import QUIET_S
from fortyfive.widgets.puzzle import (
    RECORD_KEYS,
    PuzzleMessageError,
    PuzzleWidget,
    check_answer,
)


@functools.cache
def plan(kind: str) -> tuple[Any | None, list[Any], dict[str, Any]]:
    return script(get_puzzle(BY_KIND[kind]))


def widget(kind: str = "order", **kw: Any) -> PuzzleWidget:
    return PuzzleWidget(BY_KIND[kind], **kw)


def wrong(kind: str) -> Any:
    answer = plan(kind)[0]
    assert answer is not None
    return answer


def right(kind: str) -> Any:
    return plan(kind)[1][0]


def snapshot(w: PuzzleWidget) -> str:
    """The synced state (but the notice) and the run's counters."""
    state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css", "notice")}
    run = w.run
    state["run"] = [run.tries, run.hints_used, run.done, run.solved, run.view()]
    return json.dumps(state, sort_keys=True)


def refused(w: PuzzleWidget, message: object, expected: str) -> None:
    before = snapshot(w)
    w.handle_message(message)
    assert w.notice["kind"] == "error", w.notice
    assert with_symbols(expected) in w.notice["text"], w.notice["text"]  # in the page's notation
    assert snapshot(w) == before


Ran = TypeVar("Ran")


def msg(w: PuzzleWidget, kind: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "state": w.state, **extra}


# ---------------------------------------------------------------- what is synced


def test_synced_view_is_the_runs_and_the_counters_start_at_zero() -> None:
    w = widget()
    assert w.view == shown_view(w.run.view(), w._shown) and w.view["id"] == "c1-01"
    assert (w.tries, w.wrong, w.can_show, w.done, w.solved) == (0, 0, False, False, False)
    assert w.feedback == {} and w.hints == [] and w.more_hints and w.show_after == 3
    assert repr(w) == "<PuzzleWidget c1-01 (order): tries 0, open>"
    assert PuzzleWidget(get_puzzle("c1-01")).view == w.view


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_synced_names_the_answer_before_it_is_shown(kind: str) -> None:
    w = widget(kind)
    synced = json.dumps({k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")})
    assert "solution" not in synced and "highlight" not in synced
    assert w.view == shown_view(w.run.view(), w._shown)  # only what the engine lets the learner see


def test_the_browser_cannot_write_any_trait() -> None:
    w = widget()
    before = snapshot(w)
    w.set_state({"solved": True, "done": True, "can_show": True, "view": {}, "state": 9})
    assert snapshot(w) == before


# ---------------------------------------------------------------- messages refused


def test_unknown_and_malformed_messages_are_refused() -> None:
    w = widget()
    refused(w, ["answer"], "unknown message: expected an object")
    refused(w, {"state": w.state}, "unknown message type None")
    refused(w, msg(w, "cheat"), "unknown message type 'cheat'")
    refused(w, msg(w, "answer"), "the message has no 'answer'")


def test_stale_and_missing_state_are_refused() -> None:
    w = widget()
    w.handle_message(msg(w, "hint"))
    refused(w, {"type": "hint", "state": w.state - 1}, "stale message")
    refused(w, {"type": "answer", "answer": right("order")}, "stale message")
    refused(w, {"type": "show", "state": True}, "stale message")


@pytest.mark.parametrize(
    ("kind", "answer", "expected"),
    [
        ("order", "5D", "expected a list of card names, not '5D'"),
        ("order", ["5D", "AD"], "put all 4 cards in order"),
        ("order", ["5D", "5D", "AD", "KD"], "5D given more than once"),
        ("order", ["5D", "AD", "KD", "2C"], "'2C' is not on offer"),
        ("order", [5, "AD", "KD", "TD"], "expected one card name, not 5"),
        ("winner", ["5S"], "expected one card name, not ['5S']"),
        ("winner", "QH", "'QH' is not on offer: expected one of 2H, 3C, 2S, 7C"),
        ("legal", "2S", "expected a list of card names"),
        ("legal", None, "expected a list of card names, not None"),
        ("keep", True, "expected one option, not True"),
        ("keep", "maybe", "'maybe' is not on offer: expected one of keep, play"),
        ("rob", 0, "expected one option, not 0"),
        ("calls", "pass", "expected a list of options"),
        ("calls", ["pass", "bid 40"], "'bid 40' is not on offer"),
        ("score", [15, 0, 0, "yes"], "expected an object with A, B, C, certain"),
        ("score", {"A": 15, "B": 0, "C": 0}, "missing certain"),
        ("score", {"A": 15, "B": 0, "C": 0, "certain": "yes", "D": 3}, "unknown D"),
        ("score", {"A": "15", "B": 0, "C": 0, "certain": "yes"}, "A now must be a whole number"),
        ("score", {"A": 15.5, "B": 0, "C": 0, "certain": "yes"}, "A now must be a whole"),
        ("score", {"A": True, "B": 0, "C": 0, "certain": "yes"}, "A now must be a whole"),
        ("score", {"A": 15, "B": 0, "C": 0, "certain": 1}, "must be one of yes, no, not 1"),
        ("game-winner", {"partnership": "D", "trick": "4"}, "must be one of A, B, C"),
        ("target", "AS", "'AS' is not on offer"),
    ],
)
def test_answers_of_the_wrong_shape_are_refused(kind: str, answer: object, expected: str) -> None:
    w = widget(kind)
    refused(w, msg(w, "answer", answer=answer), expected)
    with pytest.raises(PuzzleMessageError, match="answer: "):
        w.answer(answer)
    assert w.tries == 0 and w.run.tries == 0


def test_the_engines_own_refusal_is_shown_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The widget's shape check comes first; should the engine still refuse, that is shown too.
    w = widget("winner")

    def refuse(answer: Any) -> Any:
        raise PuzzleInputError("a card name such as '5S'")

    monkeypatch.setattr(w.run, "check", refuse)
    refused(w, msg(w, "answer", answer=right("winner")), "answer: a card name such as '5S'")
    with pytest.raises(PuzzleMessageError, match="answer: a card name"):
        w.answer(right("winner"))


def test_answers_hints_and_show_after_the_puzzle_is_over_are_refused() -> None:
    w = widget()
    w.answer(right("order"))
    assert w.done and w.solved
    refused(w, msg(w, "answer", answer=right("order")), "the puzzle is over")
    refused(w, msg(w, "hint"), "the puzzle is over")
    refused(w, msg(w, "show"), "the puzzle is over")


def test_show_before_the_wrong_tries_is_refused() -> None:
    w = widget(tries_before_show=2)
    refused(w, msg(w, "show"), '"Show me" opens after 2 wrong tries (0 so far)')
    w.answer(wrong("order"))
    refused(w, msg(w, "show"), "(1 so far)")
    with pytest.raises(PuzzleMessageError, match="opens after 2 wrong tries"):
        w.show()


def test_bad_options_are_refused_with_the_input_error() -> None:
    with pytest.raises(InputError, match="0 or more"):
        widget(tries_before_show=-1)
    with pytest.raises(InputError, match="tries_before_show"):
        widget(tries_before_show=True)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="shipped puzzle's id"):
        PuzzleWidget("c9-99")
    for bad in (None, 7, ["c1-01"], {"id": "c1-01"}):
        with pytest.raises(InputError, match="puzzle: expected a Puzzle"):
            PuzzleWidget(bad)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="on_attempt"):
        widget(on_attempt="print")  # type: ignore[arg-type]


# ---------------------------------------------------------------- answering


@pytest.mark.parametrize("kind", KINDS)
def test_the_right_answers_solve_the_puzzle(kind: str) -> None:
    w = widget(kind)
    _, steps, _ = plan(kind)
    for n, answer in enumerate(steps):
        w.handle_message(msg(w, "answer", answer=answer))
        assert w.notice["text"] == "", w.notice
        assert w.feedback["verdict"] == "right" and w.feedback["correct"]
        assert w.feedback["done"] == (n == len(steps) - 1)
        assert w.view == shown_view(w.run.view(), w._shown)  # a target's next position
    assert w.solved and w.done and not w.can_show and not w.more_hints
    assert w.feedback["message"] and w.feedback["rules"] == list(w.puzzle.rules)
    assert "solved" in repr(w)


@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_answer_explains_and_may_be_retried(kind: str) -> None:
    w = widget(kind)
    state = w.state
    w.handle_message(msg(w, "answer", answer=wrong(kind)))
    assert w.state == state + 1
    assert w.feedback["verdict"] == "wrong" and not w.feedback["correct"]
    assert len(w.feedback["message"]) > 10 and w.feedback["state"] == w.state
    # an endgame's wrong move fails the attempt (played out, refuted); Try again starts over
    failed = kind in ("target", "race")
    assert (w.tries, w.wrong, w.done, w.solved) == (1, 1, failed, False)
    if failed:
        w.handle_message(msg(w, "reset"))
    for answer in plan(kind)[1]:
        w.handle_message(msg(w, "answer", answer=answer))
    assert w.solved and w.tries == 1


def test_a_wrong_score_shows_the_sheet() -> None:
    w = widget("score")
    w.answer(wrong("score"))
    sheet = w.feedback["sheet"]
    assert sheet and isinstance(sheet, list) and isinstance(sheet[0], dict)
    json.dumps(sheet)


def test_form_numbers_may_come_as_whole_floats() -> None:
    w = widget("score")
    answer = {k: float(v) if isinstance(v, int) else v for k, v in right("score").items()}
    w.answer(answer)
    assert w.solved


def test_answer_returns_the_feedback() -> None:
    fb = widget().answer(wrong("order"))
    assert fb.correct is False and "ranks above" in fb.message


# ---------------------------------------------------------------- hints, show me, try again


def test_hints_are_revealed_one_at_a_time_until_there_are_no_more() -> None:
    w = widget()
    w.handle_message(msg(w, "hint"))
    assert len(w.hints) == 1 and w.more_hints
    while w.more_hints:
        assert w.hint()
    # the rule, the top card, and the bottom one only where more than four cards are ordered
    assert len(w.hints) == w.run.hints_used == (3 if len(w.puzzle.position["cards"]) > 4 else 2)
    refused(w, msg(w, "hint"), "there are no more hints")


def test_show_me_opens_after_n_wrong_tries_and_ends_the_puzzle() -> None:
    w = widget("legal", tries_before_show=2)
    for n in (1, 2):
        assert not w.can_show
        w.answer(wrong("legal"))
        assert w.wrong == n
    assert w.can_show
    w.handle_message(msg(w, "show"))
    assert w.done and not w.solved and not w.can_show
    assert w.feedback["verdict"] == "shown"
    assert sorted(w.feedback["highlight"]) == sorted(right("legal"))
    assert "shown" in repr(w)


def test_show_me_at_once_with_zero_tries() -> None:
    w = widget("winner", tries_before_show=0)
    assert w.can_show
    assert w.show().highlight == (right("winner"),)


def test_try_again_starts_over_and_keeps_the_tries_and_hints() -> None:
    w = widget("target", tries_before_show=1)
    first = w.view
    w.hint()
    w.answer(wrong("target"))
    assert w.done and not w.solved and w.view != first  # played out and refuted
    w.reset()
    w.answer(right("target"))
    assert w.view != first  # the defence answered
    w.show()
    assert w.done
    w.handle_message(msg(w, "reset"))
    assert not w.done and not w.solved and w.feedback == {} and w.view == first
    assert w.wrong == 1 and w.can_show and len(w.hints) == 1
    for answer in plan("target")[1]:
        w.answer(answer)
    assert w.solved


# ---------------------------------------------------------------- the attempt records


def test_the_recorder_gets_every_check_and_the_show() -> None:
    records: list[dict[str, Any]] = []
    w = widget(tries_before_show=1, on_attempt=records.append)
    w.hint()
    w.handle_message(msg(w, "answer", answer=wrong("order")))
    w.handle_message(msg(w, "answer", answer=["5D"]))  # refused: not recorded
    w.show()
    assert [tuple(r) for r in records] == [RECORD_KEYS, RECORD_KEYS]
    first, shown = records
    assert {k: first[k] for k in RECORD_KEYS if k != "seconds"} == {
        "puzzle": "c1-01",
        "kind": "order",
        "chapter": 1,
        "answer": wrong("order"),
        "correct": False,
        "solved": False,
        "hints_used": 1,
        "shown": False,
    }
    assert isinstance(first["seconds"], float) and 0 <= first["seconds"] < 5
    assert shown["shown"] is True and shown["answer"] is None and shown["correct"] is False
    json.dumps(records)  # the progress file stores them as they are
    w.reset()
    w.on_attempt = None
    w.answer(right("order"))
    assert len(records) == 2


def test_an_endgame_records_each_right_card_and_solved_only_at_the_end() -> None:
    records: list[dict[str, Any]] = []
    w = widget("target", on_attempt=records.append)
    while not w.solved:
        g = w.run.game  # type: ignore[attr-defined]
        w.answer(solve(g).best[0].split()[1])
    assert len(records) >= 2 and all(r["correct"] for r in records)
    assert [r["solved"] for r in records] == [False] * (len(records) - 1) + [True]


def test_the_recorders_clock_restarts_on_try_again(monkeypatch: pytest.MonkeyPatch) -> None:
    import fortyfive.widgets.puzzle as pw

    now = [100.0]
    monkeypatch.setattr(pw.time, "monotonic", lambda: now[0])
    records: list[dict[str, Any]] = []
    w = widget("winner", on_attempt=records.append)
    now[0] = 112.5
    w.answer(wrong("winner"))
    w.reset()
    now[0] = 115.0
    w.answer(right("winner"))
    assert [r["seconds"] for r in records] == [12.5, 2.5]
    assert [r["correct"] for r in records] == [False, True]


def test_a_target_records_each_card() -> None:
    records: list[dict[str, Any]] = []
    w = widget("target", on_attempt=records.append)
    steps = plan("target")[1]
    for answer in steps:
        w.answer(answer)
    assert [r["answer"] for r in records] == steps and all(r["correct"] for r in records)


def test_a_failing_recorder_is_reported_and_the_puzzle_goes_on() -> None:
    def broken(record: dict[str, Any]) -> None:
        raise OSError("disk full")

    w = widget(on_attempt=broken)
    w.answer(right("order"))
    assert w.solved
    assert w.notice["text"] == "on_attempt callback failed: OSError: disk full"


def test_the_feedback_is_sent_before_the_attempt_is_recorded() -> None:
    """Writing the progress file waits until the page has the verdict (in JupyterLite each file
    operation is a round trip to the page)."""
    sent: list[dict[str, Any]] = []
    seen: list[tuple[int, str]] = []
    w = widget(on_attempt=lambda record: seen.append((len(sent), w.feedback["verdict"])))
    w.send_state = lambda key=None: sent.append({"state": w.state})  # type: ignore[method-assign]
    w.handle_message(msg(w, "answer", answer=right("order")))
    assert seen == [(1, "right")]  # one state message went out, then the recorder ran


def test_in_pyodide_checks_in_a_row_are_saved_once_the_page_is_quiet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In Pyodide (JupyterLite, a book page) a click never waits behind the previous click's
    save: the recorder runs once no message has come for QUIET_S, each attempt in its order.
    Pyodide's loop is stood in for by the loop the test runs in."""
    wrong, steps, _ = script(get_puzzle("c2-01"))
    seen: list[bool] = []
    monkeypatch.setattr(widget_base, "_pyodide_loop", asyncio.get_running_loop)

    async def clicks() -> None:
        w = PuzzleWidget("c2-01", on_attempt=lambda record: seen.append(record["correct"]))
        w.handle_message(msg(w, "answer", answer=wrong))
        assert w.feedback["verdict"] == "wrong" and seen == []  # the verdict first
        w.handle_message(msg(w, "answer", answer=steps[0]))
        assert w.solved and seen == []
        await asyncio.sleep(QUIET_S + 0.3)
        assert seen == [False, True]
        w.handle_message(msg(w, "reset"))  # nothing to save: nothing waits
        w.answer(wrong)  # a call from Python saves before it returns
        assert seen == [False, True, False]

    _run_in_own_loop(clicks())
    # A loop that ends with a save still waiting (a test's): the next message runs it first.
    seen.clear()

    async def last_click() -> PuzzleWidget:
        w = PuzzleWidget("c2-01", on_attempt=lambda record: seen.append(record["correct"]))
        w.handle_message(msg(w, "answer", answer=wrong))
        return w

    w = _run_in_own_loop(last_click())
    assert seen == []
    w.handle_message(msg(w, "reset"))
    assert seen == [False]


def _run_in_own_loop(coroutine: Coroutine[Any, Any, Ran]) -> Ran:
    """``asyncio.run`` in a thread of its own: the worker's thread may have a loop running
    already (Playwright's sync API, when a browser test ran there first)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# ---------------------------------------------------------------- answer shapes alone


def test_check_answer_without_a_spec_refuses() -> None:
    with pytest.raises(PuzzleMessageError, match="takes no answer"):
        check_answer(None, "5S")
    assert check_answer({"type": "card", "cards": ["5S"]}, "5S") == "5S"
    finished = widget("target", tries_before_show=0)
    before = finished.view
    finished.show()  # the winning line is told in words; the position stays as it was
    assert finished.done and finished.view == {**before, "rules": list(finished.puzzle.rules)}
    with pytest.raises(PuzzleMessageError, match="the puzzle is over"):
        finished.answer("3S")


# ---------------------------------------------------------------- the front-end files


def test_front_end_module_inlines_the_shared_card_renderer() -> None:
    src = module_source("puzzle.js")
    assert 'from "./cards.js"' not in src
    assert src.count("function drawCard(") == 1 and "as default\n};" in src  # one ES module
    assert "http" not in src.replace("http://www.w3.org/2000/svg", "")  # nothing fetched
    css = stylesheet("puzzle.css")
    assert "@import" not in css and ".ff-card-bg" in css and "--jp-layout-color1" in css
    assert ".ff-card-bg" in stylesheet("table.css")  # the same card faces on the table


def test_a_wrong_endgame_move_in_mid_line_is_never_a_first_try_solve(tmp_path: Any) -> None:
    """A right card, then a wrong one: the attempt fails; solved later, it is not first try."""
    from fortyfive.course.progress import ProgressLog, chapter_results

    log = ProgressLog(tmp_path / "fortyfive-progress.json")
    p = get_puzzle(BY_KIND["target"])
    w = PuzzleWidget(p, on_attempt=log.record)
    steps = plan("target")[1]
    w.answer(steps[0])
    g = w.run.game  # type: ignore[attr-defined]
    losing = [a for a, v in solve(g).values.items() if v < w.run.target]  # type: ignore[attr-defined]
    if not losing:
        pytest.skip("no losing card after the first move of this endgame")
    w.answer(losing[0].split()[1])
    assert w.done and not w.solved
    w.reset()
    for answer in steps:
        w.answer(answer)
    assert w.solved
    row = chapter_results(p.chapter or 0, log.path).to_pandas().set_index("puzzle").loc[p.id]
    assert row["solved"] and not row["first try"]


def test_the_page_names_cards_by_symbol_except_where_the_notation_is_the_question() -> None:
    from fortyfive.engine.cards import CARD_CODE
    from fortyfive.puzzles import load_collection

    for p in [p for ch in range(7) for p in load_collection(ch)]:
        w = PuzzleWidget(p)
        texts = [w.view["prompt"], *w.view["facts"]]
        texts += [o["label"] for o in w.view["answer"].get("options", [])]
        if p.kind == "notation":  # R1.1: the typed words are the question
            continue
        assert not any(CARD_CODE.search(t) for t in texts), (p.id, texts)
    keep = next(p for ch in range(7) for p in load_collection(ch) if "your AH" in p.prompt)
    assert "your A♥" in PuzzleWidget(keep).view["prompt"]


@pytest.mark.parametrize(
    "p", [p for p in shipped_puzzles() if p.kind not in ("target", "race")], ids=lambda p: p.id
)
def test_every_wrong_answer_of_a_shipped_puzzle_cites_a_rule(p: Puzzle) -> None:
    """A miss, the first, the second or any later one, says which rule (R1.1 ... R10.5) the
    answer broke, as the refutations of the course do (targets refute by playing on)."""
    run = p.start()
    wrong = [a for a in candidates(run.view())[:200] if verdict(run, a) is False][:4]
    if not wrong:  # a form of numbers: the right one, one number changed
        wrong = [run_wrong_answer(run, run_right_answer(run))]
    assert wrong and None not in wrong, p.id
    for answer in wrong:
        trial = copy.deepcopy(run)
        for _ in range(3):
            fb = trial.check(answer)
            assert re.search(r"\bR\d+(\.\d+)?\b", fb.message), (answer, fb.message)
