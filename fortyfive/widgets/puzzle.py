"""A puzzle in a notebook cell: an anywidget over one run of a :class:`~fortyfive.puzzles.Puzzle`.

Python owns the puzzle run. The browser draws only the synced ``view`` (``PuzzleRun.view()``,
which never holds the answer), the last ``feedback``, the hints revealed so far and a few
counters, and sends the learner's clicks as messages, which :meth:`PuzzleWidget.handle_message`
checks before anything changes: a refused message changes nothing and says why in ``notice``.
The Python methods :meth:`~PuzzleWidget.answer`, :meth:`~PuzzleWidget.hint`,
:meth:`~PuzzleWidget.show` and :meth:`~PuzzleWidget.reset` do what the buttons do.

>>> w = PuzzleWidget("c1-01", tries_before_show=1)
>>> w
<PuzzleWidget c1-01 (order): tries 0, open>
>>> w.handle_message({"type": "show", "state": w.state})
>>> w.notice["text"]
'show: "Show me" opens after 1 wrong try (0 so far)'
>>> w.handle_message({"type": "answer", "answer": 7, "state": w.state})
>>> w.notice["text"]
'answer: expected a list of card names, not 7'
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import anywidget
import traitlets

from fortyfive.puzzles.model import (
    ATTEMPT_FIELDS,
    Feedback,
    Puzzle,
    PuzzleInputError,
    PuzzleRun,
    get_puzzle,
)
from fortyfive.widgets._assets import module_source, stylesheet

log = logging.getLogger(__name__)

MESSAGE_TYPES = ("answer", "hint", "show", "reset")
ANSWER_TYPES = ("sequence", "card", "cards", "choice", "choices", "form")
#: Every attempt record carries these keys (see :class:`PuzzleWidget`).
RECORD_KEYS = tuple(c for c in ATTEMPT_FIELDS if c != "time")  # the progress file adds the time

Recorder = Callable[[dict[str, Any]], object]


class PuzzleMessageError(ValueError):
    """A message (or Python call) the widget refused; the text is shown in the widget."""


class PuzzleWidget(anywidget.AnyWidget):
    """One puzzle, shown in a cell: ``PuzzleWidget(puzzle_or_id, tries_before_show=3)``.

    ``puzzle`` is a :class:`~fortyfive.puzzles.Puzzle` or its id (``"c1-01"``). "Show me" opens
    after ``tries_before_show`` wrong answers (at once with 0). ``on_attempt(record)`` is called
    after every checked answer, and once when the solution is shown, with a dict of
    :data:`RECORD_KEYS`: the puzzle's id, kind and chapter, the answer as sent (``None`` for
    "show me"), whether it was right, the seconds since the puzzle was shown or last reset, the
    hints used so far, and whether the solution was shown.

    Synced traits (read-only for the browser): ``view``, ``feedback`` (``{}`` or the last
    ``Feedback.to_dict()`` with ``verdict`` "right" | "wrong" | "shown" and ``state``),
    ``hints`` (texts revealed so far), ``more_hints``, ``tries`` (answers checked), ``wrong``
    (wrong answers, for "show me"), ``show_after``, ``can_show``, ``done``, ``solved``,
    ``notice`` (the last refusal) and ``state`` (bumped by every change; messages must carry it).
    """

    _esm = traitlets.Unicode(module_source("puzzle.js")).tag(sync=True)
    _css = traitlets.Unicode(stylesheet("puzzle.css")).tag(sync=True)

    view = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    hints = traitlets.List(traitlets.Unicode()).tag(sync=True)
    more_hints = traitlets.Bool(True).tag(sync=True)
    tries = traitlets.Int(0).tag(sync=True)
    wrong = traitlets.Int(0).tag(sync=True)
    show_after = traitlets.Int(3).tag(sync=True)
    can_show = traitlets.Bool(False).tag(sync=True)
    done = traitlets.Bool(False).tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    notice = traitlets.Dict({"text": "", "kind": "", "state": 0}).tag(sync=True)
    state = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        puzzle: Puzzle | str,
        *,
        tries_before_show: int = 3,
        on_attempt: Recorder | None = None,
    ) -> None:
        if isinstance(puzzle, str):
            puzzle = get_puzzle(puzzle)
        if isinstance(tries_before_show, bool) or not isinstance(tries_before_show, int):
            raise TypeError(f"tries_before_show must be an int, not {tries_before_show!r}")
        if tries_before_show < 0:
            raise ValueError(f"tries_before_show must be 0 or more, not {tries_before_show}")
        self._puzzle = puzzle
        self._run = puzzle.start()
        self._on_attempt = on_attempt
        self._started = time.monotonic()
        self._hints: list[str] = []
        self._more_hints = True
        self._wrong = 0
        self._feedback: dict[str, Any] = {}
        self._state_number = 0
        self._pending_notice: dict[str, str] | None = None
        super().__init__(show_after=tries_before_show)
        self.on_msg(self._on_msg)
        self._sync()

    # ------------------------------------------------------------------ public API

    @property
    def puzzle(self) -> Puzzle:
        """The :class:`~fortyfive.puzzles.Puzzle` shown."""
        return self._puzzle

    @property
    def run(self) -> PuzzleRun:
        """The live :class:`~fortyfive.puzzles.PuzzleRun`."""
        return self._run

    @property
    def on_attempt(self) -> Recorder | None:
        return self._on_attempt

    @on_attempt.setter
    def on_attempt(self, fn: Recorder | None) -> None:
        self._on_attempt = fn

    def answer(self, value: object) -> Feedback:
        """Check ``value`` (shaped as ``view["answer"]`` asks) and return the ``Feedback``.

        A refused answer raises :class:`PuzzleMessageError` (its text is shown in the widget
        too) and changes nothing.
        """
        with self._action():
            return self._answer(value)

    def hint(self) -> str | None:
        """Reveal the next hint and return it (``None`` when there are no more)."""
        with self._action():
            return self._hint()

    def show(self) -> Feedback:
        """Show the solution ("show me"), which ends the puzzle; returns the ``Feedback``."""
        with self._action():
            return self._show()

    def reset(self) -> None:
        """Start the puzzle again (the wrong tries still count towards "show me")."""
        with self._action():
            self._reset()

    def handle_message(self, content: object) -> None:
        """One message from the front end; a refused one changes nothing but the notice.

        Types: ``answer`` {answer, state}; ``hint`` {state}; ``show`` {state}; ``reset`` {state}.
        """
        with self._refusals(reraise=False):
            self._dispatch(content)
        self._sync()

    # ------------------------------------------------------------------ messages

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle_message(content)

    def _dispatch(self, content: object) -> None:
        if not isinstance(content, dict):
            raise PuzzleMessageError(f"unknown message: expected an object, got {content!r:.60}")
        kind = content.get("type")
        if kind not in MESSAGE_TYPES:
            raise PuzzleMessageError(
                f"unknown message type {kind!r:.40}: expected one of {', '.join(MESSAGE_TYPES)}"
            )
        state = content.get("state")
        if isinstance(state, bool) or state != self.state:
            raise PuzzleMessageError(
                f"{kind}: stale message (state {state!r:.20}, the puzzle is at {self.state}): "
                "the puzzle has moved on, nothing was changed"
            )
        if kind == "answer":
            if "answer" not in content:
                raise PuzzleMessageError("answer: the message has no 'answer'")
            self._answer(content["answer"])
        elif kind == "hint":
            self._hint()
        elif kind == "show":
            self._show()
        else:
            self._reset()

    @contextlib.contextmanager
    def _action(self) -> Iterator[None]:
        """A Python call: refusals raise (and show in the widget); the widget is resynced."""
        try:
            with self._refusals(reraise=True):
                yield
        finally:
            self._sync()

    @contextlib.contextmanager
    def _refusals(self, reraise: bool) -> Iterator[None]:
        try:
            yield
        except (PuzzleMessageError, PuzzleInputError) as e:
            text = str(e)
            if isinstance(e, PuzzleInputError) and not text.startswith("answer"):
                text = f"answer: {text}"
            self._notice(text, "error")
            if reraise and isinstance(e, PuzzleMessageError):
                raise
            if reraise:
                raise PuzzleMessageError(text) from e

    # ------------------------------------------------------------------ actions

    def _answer(self, value: object) -> Feedback:
        run = self._run
        if run.done:
            raise PuzzleMessageError(
                "answer: the puzzle is over (solved or shown): press Try again to start again"
            )
        spec = run.view().get("answer")
        checked = check_answer(spec, value)
        feedback = run.check(checked)  # PuzzleInputError: refused, nothing changed
        if not feedback.correct:
            self._wrong += 1
        self._set_feedback(feedback, "right" if feedback.correct else "wrong")
        self._record(checked, bool(feedback.correct), shown=False)
        return feedback

    def _hint(self) -> str | None:
        if self._run.done:
            raise PuzzleMessageError("hint: the puzzle is over: press Try again to start again")
        if not self._more_hints:
            raise PuzzleMessageError("hint: there are no more hints")
        text = self._run.hint()
        self._bump()
        if text is None:
            self._more_hints = False
            self._notice("No more hints.", "info")
            return None
        self._hints.append(str(text))
        if self._run.hints_left <= 0:
            self._more_hints = False
        self._notice("", "")
        return str(text)

    def _show(self) -> Feedback:
        if self._run.done:
            raise PuzzleMessageError("show: the puzzle is over: press Try again to start again")
        if not self._can_show():
            n = self.show_after
            raise PuzzleMessageError(
                f'show: "Show me" opens after {n} wrong {"try" if n == 1 else "tries"} '
                f"({self._wrong} so far)"
            )
        feedback = self._run.show()
        self._set_feedback(feedback, "shown")
        self._record(None, False, shown=True)
        return feedback

    def _reset(self) -> None:
        self._run.reset()  # tries and hints are kept
        self._started = time.monotonic()
        self._feedback = {}
        self._bump()
        self._notice("", "")

    # ------------------------------------------------------------------ helpers

    def _can_show(self) -> bool:
        return not self._run.done and self._wrong >= self.show_after

    def _set_feedback(self, feedback: Feedback, verdict: str) -> None:
        self._bump()
        self._feedback = {**feedback.to_dict(), "verdict": verdict, "state": self._state_number}
        self._notice("", "")

    def _record(self, answer: object, correct: bool, shown: bool) -> None:
        if self._on_attempt is None:
            return
        p = self._puzzle
        record = {
            "puzzle": p.id,
            "kind": p.kind,
            "chapter": p.chapter,
            "answer": answer,
            "correct": correct,
            "solved": bool(self._run.solved),  # a right endgame card may leave more to play
            "seconds": round(time.monotonic() - self._started, 3),
            "hints_used": int(self._run.hints_used),
            "shown": shown,
        }
        try:
            self._on_attempt(record)
        except Exception as e:  # a course's recorder must not break the puzzle
            log.exception("on_attempt callback failed")
            self._notice(f"on_attempt callback failed: {type(e).__name__}: {e}", "error")

    def _bump(self) -> None:
        self._state_number += 1

    def _notice(self, text: str, kind: str) -> None:
        self._pending_notice = {"text": text, "kind": kind}

    def _sync(self) -> None:
        """Push the run's view and the counters to the browser in one message."""
        run = self._run
        with self.hold_sync():
            self.state = self._state_number
            self.view = run.view()
            self.feedback = dict(self._feedback)
            self.hints = list(self._hints)
            self.more_hints = self._more_hints and not run.done
            self.tries = int(run.tries)
            self.wrong = self._wrong
            self.can_show = self._can_show()
            self.done = bool(run.done)
            self.solved = bool(run.solved)
            if self._pending_notice is not None:
                self.notice = {**self._pending_notice, "state": self.state}
                self._pending_notice = None

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may not write any trait: it sends messages instead."""
        if sync_data:
            log.warning("ignored front-end writes to %s", ", ".join(sorted(sync_data)))

    def __repr__(self) -> str:
        p, run = self._puzzle, self._run
        status = "solved" if run.solved else "shown" if run.done else "open"
        return f"<PuzzleWidget {p.id} ({p.kind}): tries {run.tries}, {status}>"


# ---------------------------------------------------------------------- answer shapes


def check_answer(spec: object, value: object) -> object:
    """``value`` checked against the view's answer spec; returns it (form numbers as ints).

    Raises :class:`PuzzleMessageError` with the reason when its JSON shape is wrong or it names
    a card or option the puzzle does not offer. Whether it is *right* is the engine's to say.
    """
    if not isinstance(spec, dict) or spec.get("type") not in ANSWER_TYPES:
        raise PuzzleMessageError("answer: this puzzle takes no answer")
    kind = spec["type"]
    if kind == "card":
        return _one_of(value, list(spec.get("cards") or []), "card name")
    if kind == "choice":
        return _one_of(value, _values(spec), "option")
    if kind == "form":
        return _form(spec, value)
    offered = list(spec.get("cards") or []) if kind != "choices" else _values(spec)
    what = "option" if kind == "choices" else "card name"
    items = _list_of(value, offered, what)
    if kind == "sequence":
        count = spec.get("count", len(offered))
        if len(items) != count:
            raise PuzzleMessageError(
                f"answer: expected {count} card{'s' if count != 1 else ''} in order, "
                f"got {len(items)}"
            )
    return items


def _values(spec: dict[str, Any]) -> list[str]:
    return [str(o["value"]) for o in spec.get("options") or []]


def _one_of(value: object, offered: list[str], what: str) -> str:
    if not isinstance(value, str):
        raise PuzzleMessageError(f"answer: expected one {what}, not {value!r:.40}")
    if value not in offered:
        raise PuzzleMessageError(
            f"answer: {value!r:.20} is not on offer: expected one of {', '.join(offered)}"
        )
    return value


def _list_of(value: object, offered: list[str], what: str) -> list[str]:
    if not isinstance(value, list):
        raise PuzzleMessageError(f"answer: expected a list of {what}s, not {value!r:.40}")
    for item in value:
        _one_of(item, offered, what)
    repeated = sorted({v for v in value if value.count(v) > 1})
    if repeated:
        raise PuzzleMessageError(f"answer: {', '.join(repeated)} given more than once")
    return list(value)


def _form(spec: dict[str, Any], value: object) -> dict[str, object]:
    fields = spec.get("fields") or []
    names = [f["name"] for f in fields]
    if not isinstance(value, dict):
        raise PuzzleMessageError(
            f"answer: expected an object with {', '.join(names)}, not {value!r:.40}"
        )
    missing = [n for n in names if n not in value]
    extra = sorted(str(k) for k in value if k not in names)
    if missing or extra:
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unknown {', '.join(extra)}"] if extra else []
        )
        raise PuzzleMessageError(f"answer: {'; '.join(parts)}")
    out: dict[str, object] = {}
    for field in fields:
        name, v = field["name"], value[field["name"]]
        if field.get("kind") == "number":
            if isinstance(v, float) and v.is_integer():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int):
                raise PuzzleMessageError(f"answer: {field['label']} must be a whole number")
            out[name] = v
        else:
            options = [str(o["value"]) for o in field.get("options") or []]
            if v not in options:
                raise PuzzleMessageError(
                    f"answer: {field['label']} must be one of {', '.join(options)}, not {v!r:.20}"
                )
            out[name] = v
    return out
