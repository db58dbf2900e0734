"""The puzzle widget, Python side: messages as the front end sends them, the buttons' rules
(hints, "show me" after N wrong tries, try again) and the attempt records.

Messages go straight to :meth:`PuzzleWidget.handle_message`, as the front end sends them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from fortyfive.puzzle_widget import (
    RECORD_KEYS,
    PuzzleInputError,
    PuzzleMessageError,
    PuzzleWidget,
    check_answer,
)
from fortyfive.table_assets import module_source, stylesheet

# ---------------------------------------------------------------- a stand-in puzzle engine


@dataclass(frozen=True)
class FakeFeedback:
    correct: bool
    done: bool
    message: str
    rules: tuple[str, ...] = ()
    sheet: list[dict[str, Any]] | None = None
    highlight: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "done": self.done,
            "message": self.message,
            "rules": list(self.rules),
            "sheet": self.sheet,
            "highlight": list(self.highlight),
        }


@dataclass(frozen=True)
class FakePuzzle:
    id: str
    kind: str
    answer_spec: dict[str, Any]
    right: Any
    chapter: int = 1
    title: str = "A fake puzzle"

    def start(self) -> FakeRun:
        return FakeRun(self)


@dataclass
class FakeRun:
    puzzle: FakePuzzle
    tries: int = 0
    hints_used: int = 0
    done: bool = False
    solved: bool = False
    checked: list[Any] = field(default_factory=list)
    HINTS = ("first hint", "second hint")

    def view(self) -> dict[str, Any]:
        p = self.puzzle
        return {
            "id": p.id,
            "kind": p.kind,
            "title": p.title,
            "prompt": "Answer it.",
            "rules": ["R2.3"],
            "difficulty": 1,
            "preset": "bruff",
            "trump": "S",
            "facts": ["Trump: spades"],
            "answer": p.answer_spec,
        }

    def check(self, answer: Any) -> FakeFeedback:
        if self.done:
            raise PuzzleInputError("this puzzle is finished")
        if answer == ["JS", "5S"] and self.puzzle.kind == "order":
            raise PuzzleInputError("the engine refuses this one")
        self.checked.append(answer)
        if answer == self.puzzle.right:
            self.done = self.solved = True
            return FakeFeedback(True, True, "Right.", ("R2.3",))
        self.tries += 1
        return FakeFeedback(False, False, "No: 5S is the highest trump.", ("R2.3",), [{"a": 1}])

    def hint(self) -> str | None:
        if self.hints_used >= len(self.HINTS):
            return None
        self.hints_used += 1
        return self.HINTS[self.hints_used - 1]

    @property
    def hints_left(self) -> int:
        return len(self.HINTS) - self.hints_used

    def show(self) -> FakeFeedback:
        self.done = True
        return FakeFeedback(False, True, "5S > JS > AH.", ("R2.3",), highlight=("5S", "JS", "AH"))

    def reset(self) -> None:
        self.done = self.solved = False


ORDER = FakePuzzle(
    "f-order",
    "order",
    {"type": "sequence", "cards": ["AH", "5S", "JS"], "count": 3},
    ["5S", "JS", "AH"],
)
WINNER = FakePuzzle("f-winner", "winner", {"type": "card", "cards": ["AH", "5S", "KD"]}, "5S")
LEGAL = FakePuzzle("f-legal", "legal", {"type": "cards", "cards": ["AH", "5S", "KD"]}, ["KD"])
KEEP = FakePuzzle(
    "f-keep",
    "keep",
    {"type": "choice", "options": [{"value": v, "label": v.title()} for v in ("keep", "play")]},
    "keep",
)
CALLS = FakePuzzle(
    "f-calls",
    "calls",
    {
        "type": "choices",
        "options": [{"value": v, "label": v} for v in ("pass", "bid 5", "hold")],
    },
    ["pass"],
)
SCORE = FakePuzzle(
    "f-score",
    "score",
    {
        "type": "form",
        "fields": [
            {"name": "A", "label": "A now", "kind": "number"},
            {
                "name": "certain",
                "label": "Is the bonus certain?",
                "kind": "choice",
                "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}],
            },
        ],
    },
    {"A": 10, "certain": "no"},
)
PUZZLES = [ORDER, WINNER, LEGAL, KEEP, CALLS, SCORE]


def widget(puzzle: FakePuzzle = ORDER, **kw: Any) -> PuzzleWidget:
    return PuzzleWidget(puzzle, **kw)


def wrong_answer(p: FakePuzzle) -> Any:
    return {
        "order": ["AH", "5S", "JS"],
        "winner": "AH",
        "legal": ["AH"],
        "keep": "play",
        "calls": ["hold"],
        "score": {"A": 5, "certain": "no"},
    }[p.kind]


def snapshot(w: PuzzleWidget) -> str:
    state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css", "notice")}
    return json.dumps(state, sort_keys=True)


def refused(w: PuzzleWidget, message: object, expected: str) -> None:
    before = snapshot(w)
    checked = list(w.run.checked)
    w.handle_message(message)
    assert w.notice["kind"] == "error", w.notice
    assert expected in w.notice["text"], w.notice["text"]
    assert snapshot(w) == before and w.run.checked == checked


def msg(w: PuzzleWidget, kind: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "state": w.state, **extra}


# ---------------------------------------------------------------- what is synced


def test_synced_view_is_the_runs_and_the_counters_start_at_zero() -> None:
    w = widget()
    assert w.view == w.run.view()
    assert (w.tries, w.wrong, w.can_show, w.done, w.solved) == (0, 0, False, False, False)
    assert w.feedback == {} and w.hints == [] and w.more_hints and w.show_after == 3
    assert repr(w) == "<PuzzleWidget f-order (order): tries 0, open>"


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
    refused(w, {"type": "answer", "answer": ["5S", "JS", "AH"]}, "stale message")
    refused(w, {"type": "show", "state": True}, "stale message")


@pytest.mark.parametrize(
    ("puzzle", "answer", "expected"),
    [
        (ORDER, "5S", "expected a list of card names, not '5S'"),
        (ORDER, ["5S", "JS"], "expected 3 cards in order, got 2"),
        (ORDER, ["5S", "5S", "JS"], "5S given more than once"),
        (ORDER, ["5S", "JS", "2C"], "'2C' is not on offer"),
        (ORDER, [5, "JS", "AH"], "expected one card name, not 5"),
        (WINNER, ["5S"], "expected one card name, not ['5S']"),
        (WINNER, "QH", "'QH' is not on offer: expected one of AH, 5S, KD"),
        (LEGAL, "KD", "expected a list of card names"),
        (KEEP, True, "expected one option, not True"),
        (KEEP, "maybe", "'maybe' is not on offer: expected one of keep, play"),
        (CALLS, "pass", "expected a list of options"),
        (CALLS, ["pass", "bid 40"], "'bid 40' is not on offer"),
        (SCORE, [10, "no"], "expected an object with A, certain"),
        (SCORE, {"A": 10}, "missing certain"),
        (SCORE, {"A": 10, "certain": "no", "B": 3}, "unknown B"),
        (SCORE, {"A": "10", "certain": "no"}, "A now must be a whole number"),
        (SCORE, {"A": 10.5, "certain": "no"}, "A now must be a whole number"),
        (SCORE, {"A": True, "certain": "no"}, "A now must be a whole number"),
        (SCORE, {"A": 10, "certain": "perhaps"}, "must be one of yes, no"),
    ],
)
def test_answers_of_the_wrong_shape_are_refused(
    puzzle: FakePuzzle, answer: object, expected: str
) -> None:
    w = widget(puzzle)
    refused(w, msg(w, "answer", answer=answer), expected)
    with pytest.raises(PuzzleMessageError, match="answer: "):
        w.answer(answer)
    assert w.tries == 0 and not w.run.checked


def test_the_engines_refusal_is_shown_and_changes_nothing() -> None:
    w = widget()
    refused(w, msg(w, "answer", answer=["JS", "5S"]), "expected 3 cards")
    w2 = widget(FakePuzzle("f-o2", "order", {"type": "sequence", "cards": ["JS", "5S"]}, []))
    refused(w2, msg(w2, "answer", answer=["JS", "5S"]), "answer: the engine refuses this one")


def test_answers_hints_and_show_after_the_puzzle_is_over_are_refused() -> None:
    w = widget()
    w.answer(["5S", "JS", "AH"])
    assert w.done and w.solved
    refused(w, msg(w, "answer", answer=["5S", "JS", "AH"]), "the puzzle is over")
    refused(w, msg(w, "hint"), "the puzzle is over")
    refused(w, msg(w, "show"), "the puzzle is over")


def test_show_before_the_wrong_tries_is_refused() -> None:
    w = widget(tries_before_show=2)
    refused(w, msg(w, "show"), '"Show me" opens after 2 wrong tries (0 so far)')
    w.answer(wrong_answer(ORDER))
    refused(w, msg(w, "show"), "(1 so far)")
    with pytest.raises(PuzzleMessageError, match="opens after 2 wrong tries"):
        w.show()


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        widget(tries_before_show=-1)
    with pytest.raises(TypeError):
        widget(tries_before_show=True)


# ---------------------------------------------------------------- answering


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.kind)
def test_a_right_answer_solves_the_puzzle(puzzle: FakePuzzle) -> None:
    w = widget(puzzle)
    w.handle_message(msg(w, "answer", answer=puzzle.right))
    assert w.notice["text"] == "", w.notice
    assert w.solved and w.done and not w.can_show and not w.more_hints
    assert w.feedback["verdict"] == "right" and w.feedback["correct"]
    assert w.feedback["message"] == "Right." and w.feedback["rules"] == ["R2.3"]
    assert w.run.checked == [puzzle.right]
    assert "solved" in repr(w)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.kind)
def test_a_wrong_answer_explains_and_may_be_retried(puzzle: FakePuzzle) -> None:
    w = widget(puzzle)
    state = w.state
    w.handle_message(msg(w, "answer", answer=wrong_answer(puzzle)))
    assert w.state == state + 1
    assert w.feedback["verdict"] == "wrong" and not w.feedback["correct"]
    assert w.feedback["message"].startswith("No:") and w.feedback["sheet"] == [{"a": 1}]
    assert w.feedback["state"] == w.state
    assert (w.tries, w.wrong, w.done, w.solved) == (1, 1, False, False)
    w.handle_message(msg(w, "answer", answer=puzzle.right))
    assert w.solved


def test_form_numbers_may_come_as_whole_floats() -> None:
    w = widget(SCORE)
    w.answer({"A": 10.0, "certain": "no"})
    assert w.solved and w.run.checked == [{"A": 10, "certain": "no"}]


def test_answer_returns_the_feedback() -> None:
    fb = widget().answer(wrong_answer(ORDER))
    assert fb.correct is False and "highest" in fb.message


# ---------------------------------------------------------------- hints, show me, try again


def test_hints_are_revealed_one_at_a_time_until_there_are_no_more() -> None:
    w = widget()
    w.handle_message(msg(w, "hint"))
    assert w.hints == ["first hint"] and w.more_hints
    assert w.hint() == "second hint"
    assert w.hints == ["first hint", "second hint"] and not w.more_hints
    refused(w, msg(w, "hint"), "there are no more hints")
    assert w.run.hints_used == 2


def test_show_me_opens_after_n_wrong_tries_and_ends_the_puzzle() -> None:
    w = widget(tries_before_show=2)
    for n in (1, 2):
        assert not w.can_show
        w.answer(wrong_answer(ORDER))
        assert w.wrong == n
    assert w.can_show
    w.handle_message(msg(w, "show"))
    assert w.done and not w.solved and not w.can_show
    assert w.feedback["verdict"] == "shown"
    assert w.feedback["highlight"] == ["5S", "JS", "AH"]
    assert "shown" in repr(w)


def test_show_me_at_once_with_zero_tries() -> None:
    w = widget(tries_before_show=0)
    assert w.can_show
    assert w.show().highlight == ("5S", "JS", "AH")


def test_try_again_starts_over_and_keeps_the_tries_and_hints() -> None:
    w = widget(tries_before_show=1)
    w.hint()
    w.answer(wrong_answer(ORDER))
    w.show()
    assert w.done
    w.handle_message(msg(w, "reset"))
    assert not w.done and not w.solved and w.feedback == {}
    assert w.wrong == 1 and w.can_show and w.hints == ["first hint"]
    w.answer(ORDER.right)
    assert w.solved


def test_try_again_on_a_run_that_cannot_restart_starts_a_new_one() -> None:
    class Stuck(FakeRun):
        def reset(self) -> None:
            pass

    class StuckPuzzle(FakePuzzle):
        def start(self) -> FakeRun:
            return Stuck(self)

    p = StuckPuzzle("f-stuck", "order", ORDER.answer_spec, ORDER.right)
    w = PuzzleWidget(p)
    w.hint()
    first = w.run
    w.answer(ORDER.right)
    w.reset()
    assert w.run is not first and not w.done and w.hints == [] and w.more_hints


# ---------------------------------------------------------------- the attempt records


def test_the_recorder_gets_every_check_and_the_show() -> None:
    records: list[dict[str, Any]] = []
    w = widget(tries_before_show=1, on_attempt=records.append)
    w.hint()
    w.handle_message(msg(w, "answer", answer=wrong_answer(ORDER)))
    w.handle_message(msg(w, "answer", answer=["5S", "5S", "JS"]))  # refused: not recorded
    w.show()
    assert [tuple(r) for r in records] == [RECORD_KEYS, RECORD_KEYS]
    first, shown = records
    assert {k: first[k] for k in RECORD_KEYS if k != "seconds"} == {
        "puzzle": "f-order",
        "kind": "order",
        "chapter": 1,
        "answer": ["AH", "5S", "JS"],
        "correct": False,
        "hints_used": 1,
        "shown": False,
    }
    assert isinstance(first["seconds"], float) and 0 <= first["seconds"] < 5
    assert shown["shown"] is True and shown["answer"] is None and shown["correct"] is False
    json.dumps(records)  # the progress file stores them as they are
    w.reset()
    w.on_attempt = None
    w.answer(ORDER.right)
    assert len(records) == 2


def test_the_recorders_clock_restarts_on_try_again(monkeypatch: pytest.MonkeyPatch) -> None:
    import fortyfive.puzzle_widget as pw

    now = [100.0]
    monkeypatch.setattr(pw.time, "monotonic", lambda: now[0])
    records: list[dict[str, Any]] = []
    w = widget(on_attempt=records.append)
    now[0] = 112.5
    w.answer(wrong_answer(ORDER))
    w.reset()
    now[0] = 115.0
    w.answer(ORDER.right)
    assert [r["seconds"] for r in records] == [12.5, 2.5]
    assert [r["correct"] for r in records] == [False, True]


def test_a_failing_recorder_is_reported_and_the_puzzle_goes_on() -> None:
    def broken(record: dict[str, Any]) -> None:
        raise OSError("disk full")

    w = widget(on_attempt=broken)
    w.answer(ORDER.right)
    assert w.solved
    assert w.notice["text"] == "on_attempt callback failed: OSError: disk full"


# ---------------------------------------------------------------- answer shapes alone


def test_check_answer_without_a_spec_refuses() -> None:
    with pytest.raises(PuzzleMessageError, match="takes no answer"):
        check_answer(None, "5S")
    assert check_answer({"type": "card", "cards": ["5S"]}, "5S") == "5S"


# ---------------------------------------------------------------- the front-end files


def test_front_end_module_inlines_the_shared_card_renderer() -> None:
    src = module_source("puzzle.js")
    assert 'from "./cards.js"' not in src
    assert src.count("export function drawCard") == 1 and "export default" in src
    assert "http" not in src.replace("http://www.w3.org/2000/svg", "")  # nothing fetched
    css = stylesheet("puzzle.css")
    assert "@import" not in css and ".ff-card-bg" in css and "--jp-layout-color1" in css
    assert ".ff-card-bg" in stylesheet("cards.css")
