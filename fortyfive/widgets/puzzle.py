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

import logging
import time
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from fortyfive.engine.errors import InputError
from fortyfive.puzzles import check_shape
from fortyfive.puzzles.display import shown_text, shown_view
from fortyfive.puzzles.model import (
    ATTEMPT_FIELDS,
    Feedback,
    Puzzle,
    PuzzleInputError,
    PuzzleRun,
    get_puzzle,
)
from fortyfive.widgets._assets import module_source, stylesheet
from fortyfive.widgets._base import SyncedWidget, WidgetMessageError

log = logging.getLogger(__name__)

MESSAGE_TYPES = ("answer", "hint", "show", "reset")
#: Every attempt record carries these keys (see :class:`PuzzleWidget`).
RECORD_KEYS = tuple(c for c in ATTEMPT_FIELDS if c != "time")  # the progress file adds the time

Recorder = Callable[[dict[str, Any]], object]
HintRecorder = Callable[[int], object]


class PuzzleMessageError(WidgetMessageError):
    """A message (or Python call) the widget refused; the text is shown in the widget."""


class PuzzleWidget(SyncedWidget):
    """One puzzle, shown in a cell: ``PuzzleWidget(puzzle_or_id, tries_before_show=3)``.

    ``puzzle`` is a :class:`~fortyfive.puzzles.Puzzle` or its id (``"c1-01"``). "Show me" opens
    after ``tries_before_show`` wrong answers (at once with 0). ``on_attempt(record)`` is called
    after every checked answer, and once when the solution is shown, with a dict of
    :data:`RECORD_KEYS`: the puzzle's id, kind and chapter, the answer as sent (``None`` for
    "show me"), whether it was right, the seconds since the puzzle was shown or last reset, the
    hints used so far, and whether the solution was shown. ``on_hint(hints_used)``, when set,
    is called after every hint revealed (an assignment counts hints as they are given, so that
    showing the puzzle again does not start its count again).

    Synced traits (read-only for the browser): ``view``, ``feedback`` (``{}`` or the last
    ``Feedback.to_dict()`` with ``verdict`` "right" | "wrong" | "shown" and ``state``),
    ``hints`` (texts revealed so far), ``more_hints``, ``tries`` (answers checked), ``wrong``
    (wrong answers, for "show me"), ``show_after``, ``can_show``, ``done``, ``solved``,
    ``notice`` (the last refusal) and ``state`` (bumped by every change; messages must carry it).

    Messages (:meth:`handle_message`): ``answer`` {answer, state}; ``hint``, ``show`` and
    ``reset`` {state}. The answer's shape is the puzzle run's to check (``PuzzleRun.check``).
    """

    MESSAGE_TYPES: ClassVar[tuple[str, ...]] = MESSAGE_TYPES
    Refusal: ClassVar[type[WidgetMessageError]] = PuzzleMessageError
    REFUSED: ClassVar[tuple[type[Exception], ...]] = (PuzzleInputError,)
    NOUN: ClassVar[str] = "puzzle"

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

    def __init__(
        self,
        puzzle: Puzzle | str,
        *,
        tries_before_show: int = 3,
        on_attempt: Recorder | None = None,
        on_hint: HintRecorder | None = None,
    ) -> None:
        if isinstance(puzzle, str):
            try:
                puzzle = get_puzzle(puzzle)
            except KeyError:
                raise InputError(
                    "puzzle", puzzle, "a shipped puzzle's id such as 'c1-01'"
                ) from None
        if not isinstance(puzzle, Puzzle):
            raise InputError("puzzle", puzzle, "a Puzzle or a puzzle's id such as 'c1-01'")
        if type(tries_before_show) is not int or tries_before_show < 0:  # not True, not 1.0
            raise InputError("tries_before_show", tries_before_show, "a whole number, 0 or more")
        for name, fn in (("on_attempt", on_attempt), ("on_hint", on_hint)):
            if fn is not None and not callable(fn):
                raise InputError(name, fn, "a function or None")
        self._on_attempt = on_attempt
        self._on_hint = on_hint
        self._load(puzzle, self._start(puzzle))
        super().__init__(show_after=tries_before_show)

    def _start(self, puzzle: Puzzle) -> PuzzleRun:
        """The run the widget shows first (a practice widget shows its session's)."""
        return puzzle.start()

    def _load(self, puzzle: Puzzle, run: PuzzleRun) -> None:
        """Show ``puzzle`` through ``run`` from its start: no hints, feedback or wrong tries
        yet (a practice widget loads one puzzle after another)."""
        self._puzzle = puzzle
        self._run = run
        self._started = time.monotonic()
        self._hints: list[str] = []
        self._more_hints = True
        self._wrong = 0
        self._feedback: dict[str, Any] = {}

    def live_recipe(self) -> dict[str, Any] | None:
        """A shipped puzzle by its id (the page's Python has the same collections); any other
        puzzle has none."""
        try:
            shipped = get_puzzle(self._puzzle.id) == self._puzzle
        except KeyError:
            shipped = False
        if not shipped:
            return None
        return {"widget": "puzzle", "id": self._puzzle.id, "tries_before_show": self.show_after}

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
        """Called with each check's attempt record (:meth:`PuzzleRun.attempt`), or None."""
        return self._on_attempt

    @on_attempt.setter
    def on_attempt(self, fn: Recorder | None) -> None:
        self._on_attempt = fn

    @property
    def on_hint(self) -> HintRecorder | None:
        """Called with the hints used after each hint revealed, or None."""
        return self._on_hint

    @on_hint.setter
    def on_hint(self, fn: HintRecorder | None) -> None:
        self._on_hint = fn

    def answer(self, value: object) -> Feedback:
        """Check ``value`` (shaped as ``view["answer"]`` asks) and return the ``Feedback``.

        A refused answer raises :class:`PuzzleMessageError` (its text is shown in the widget
        too) and changes nothing.
        """
        with self._call():
            return self._answer(value)

    def hint(self) -> str | None:
        """Reveal the next hint and return it (``None`` when there are no more)."""
        with self._call():
            return self._hint()

    def show(self) -> Feedback:
        """Show the solution ("show me"), which ends the puzzle; returns the ``Feedback``."""
        with self._call():
            return self._show()

    def reset(self) -> None:
        """Start the puzzle again (the wrong tries still count towards "show me")."""
        with self._call():
            self._reset()

    # ------------------------------------------------------------------ messages

    def _dispatch(self, kind: str, message: dict[str, Any]) -> None:
        if kind == "answer":
            if "answer" not in message:
                raise PuzzleMessageError("answer: the message has no 'answer'")
            self._answer(message["answer"])
        elif kind == "hint":
            self._hint()
        elif kind == "show":
            self._show()
        else:
            self._reset()

    def _refusal(self, error: Exception) -> Exception:
        """The run's refusal of an answer's shape, worded and raised as the widget's."""
        if isinstance(error, PuzzleInputError):
            text = str(error)
            return PuzzleMessageError(text if text.startswith("answer") else f"answer: {text}")
        return error

    # ------------------------------------------------------------------ actions

    def _answer(self, value: object) -> Feedback:
        run = self._run
        if run.done:
            raise PuzzleMessageError(
                "answer: the puzzle is over (solved or shown): press Try again to start again"
            )
        feedback = run.check(value)  # PuzzleInputError: a wrong shape, refused, nothing changed
        if not feedback.correct:
            self._wrong += 1
        self._set_feedback(feedback, "right" if feedback.correct else "wrong")
        self._record(value, bool(feedback.correct), shown=False)
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
        if self._on_hint is not None:
            self._deliver(self._on_hint, int(self._run.hints_used), "on_hint")
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
        record = self._run.attempt(answer, correct, shown, time.monotonic() - self._started)
        self._deliver(self._on_attempt, record, "on_attempt")

    def _deliver(self, callback: Callable[[Any], object], value: object, name: str) -> None:
        """Call a course's ``callback`` with ``value`` once the page has its new state."""

        def deliver() -> None:
            try:
                callback(value)
            except ValueError as e:  # the recorder refuses, in its own words (a full file)
                self._notice(f"not saved: {e}", "error")
            except Exception as e:  # a course's recorder must not break the puzzle
                log.exception("%s callback failed", name)
                self._notice(f"{name} callback failed: {type(e).__name__}: {e}", "error")

        self._later(deliver)  # the feedback reaches the page first

    def _shown(self, text: str) -> str:
        """A text as the page shows it: cards by symbol, except where the notation itself is
        the question (R1.1: the typed words are the puzzle)."""
        return shown_text(self._puzzle.kind, text)

    def _sync_traits(self) -> None:
        """The run's view and the counters (the browser writes none of them); its texts in
        the page's notation (:meth:`_shown`), the cards the answer uses as the engine writes
        them."""
        run = self._run
        self.view = shown_view(run.view(), self._shown)
        self.feedback = (
            {**self._feedback, "message": self._shown(str(self._feedback.get("message", "")))}
            if self._feedback
            else {}
        )
        self.hints = [self._shown(h) for h in self._hints]
        self.more_hints = self._more_hints and not run.done
        self.tries = int(run.tries)
        self.wrong = self._wrong
        self.can_show = self._can_show()
        self.done = bool(run.done)
        self.solved = bool(run.solved)

    def __repr__(self) -> str:
        p, run = self._puzzle, self._run
        status = "solved" if run.solved else "shown" if run.done else "open"
        return f"<PuzzleWidget {p.id} ({p.kind}): tries {run.tries}, {status}>"


# ---------------------------------------------------------------------- answer shapes


def check_answer(spec: object, value: object) -> object:
    """``value`` checked against a view's answer spec alone; returns it as the run reads it.

    Raises :class:`PuzzleMessageError` with the reason when its JSON shape is wrong or it names
    a card or option the puzzle does not offer: the runs' own check
    (:func:`fortyfive.puzzles.check_shape`). Whether it is *right* is the engine's to say.
    """
    try:
        return check_shape(spec, value)
    except PuzzleInputError as e:
        raise PuzzleMessageError(f"answer: {e}") from None
