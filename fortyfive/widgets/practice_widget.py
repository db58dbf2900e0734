"""Practice in a notebook cell: the puzzle widget over a session of puzzles, one after another.

:class:`PracticeWidget` is a :class:`~fortyfive.widgets.puzzle.PuzzleWidget` whose puzzle comes
from a :class:`~fortyfive.puzzles.sessions.Practice` session (a drill, a review). It answers
through the session's own run, so the session sees every step, and it syncs one more trait,
``practice``: the session's status (the streak, the best streak, the puzzle's number, the
seconds of this puzzle and of the session, what is left), which the front end shows in a header
with a "Next puzzle" button. The browser gets no answer there either: the status holds counts,
times and the outcome of a finished puzzle only.

>>> from fortyfive.puzzles.sessions import Drill
>>> w = PracticeWidget(Drill("winner", seed=1))
>>> w
<PracticeWidget drill winner, difficulty 1: puzzle 1, streak 0 (best 0)>
>>> w.handle_message({"type": "next", "state": w.state})
>>> w.notice["text"]
'next: finish this puzzle first: solve it, or use Show me after a wrong try'
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from fortyfive.engine.errors import InputError
from fortyfive.puzzles.model import Puzzle, PuzzleRun
from fortyfive.puzzles.sessions import Practice, PracticeError
from fortyfive.widgets.puzzle import MESSAGE_TYPES, PuzzleMessageError, PuzzleWidget, Recorder


class PracticeWidget(PuzzleWidget):
    """A practice session in a cell: ``PracticeWidget(session, tries_before_show=1)``.

    Everything of :class:`PuzzleWidget` (the messages, the refusals, ``on_attempt`` with each
    check), plus the synced ``practice`` (:meth:`Practice.status`) and the message ``next``
    {state}: the next puzzle, refused until the current one is finished (solved, shown, or an
    endgame attempt failed). A quick second click on Next (the same state again) is dropped
    quietly. "Show me" opens after ``tries_before_show`` wrong tries (1: a drill keeps moving).
    """

    MESSAGE_TYPES: ClassVar[tuple[str, ...]] = (*MESSAGE_TYPES, "next")

    practice = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        session: Practice,
        *,
        tries_before_show: int = 1,
        on_attempt: Recorder | None = None,
    ) -> None:
        if not isinstance(session, Practice):
            raise InputError("session", session, "a practice session (a Drill, a Review)")
        self._session = session
        self._next_at: int | None = None  # the state at which Next was last applied
        super().__init__(session.puzzle, tries_before_show=tries_before_show, on_attempt=on_attempt)

    def live_recipe(self) -> dict[str, Any] | None:
        """None: a session (its learner's file, its queue) is not rebuilt in a book page."""
        return None

    @property
    def session(self) -> Practice:
        """The :class:`Practice` session shown."""
        return self._session

    def next(self) -> Puzzle | None:
        """What the Next button does: the next puzzle, or ``None`` when the session is over."""
        with self._call():
            return self._next()

    # ------------------------------------------------------------------ the puzzle widget's hooks

    def _start(self, puzzle: Puzzle) -> PuzzleRun:
        return self._session.run

    def _dispatch(self, kind: str, message: dict[str, Any]) -> None:
        if kind == "next":
            self._next()
        else:
            super()._dispatch(kind, message)

    def _is_repeat(self, message: dict[str, Any]) -> bool:
        # Next sent again at the state it was applied at: a double-click's echo
        state = message.get("state")
        return message.get("type") == "next" and type(state) is int and state == self._next_at

    def _next(self) -> Puzzle | None:
        try:
            puzzle = self._session.next()
        except PracticeError as e:
            raise PuzzleMessageError(str(e)) from None
        self._next_at = self.state
        if puzzle is not None:
            self._load(puzzle, self._session.run)
        self._bump()
        self._notice("", "")
        return puzzle

    def _sync_traits(self) -> None:
        """The puzzle's traits, and the session's status once it has seen the run's last step;
        the session's slow work (a review's boxes) waits until the page has the new state."""
        self._session.observe()
        super()._sync_traits()
        self.practice = self._session.status()
        self._later(self._flush)

    def _flush(self) -> None:
        try:
            self._session.flush()
        except (OSError, ValueError) as e:  # the progress file: the practice goes on
            self._notice(
                f"the progress file could not be updated: {type(e).__name__}: {e}", "error"
            )

    def __repr__(self) -> str:
        return f"<PracticeWidget {self._session.summary()}>"
