"""What the Practice notebook calls: endless drills of one kind, and the review of the puzzles
you missed, each a widget that records every check in the progress file.

:func:`drill` shows generated puzzles of one kind one after another (the ranking drill,
``order``, by default), with the streak, the best streak and the timer. The streak and the best
carry from one drill to the next (the progress file keeps them), and each puzzle is drawn at
the difficulty whose Glicko-2 rating is nearest the learner's (:mod:`fortyfive.course.rating`),
unless a difficulty is asked for. :func:`review` shows the
puzzles of the review queue that are due today (:mod:`fortyfive.course.review`: FSRS cards
kept in the progress file), or says that nothing is due. A puzzle missed anywhere, a drill's
included, enters the queue.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> review(progress_file=folder / "p.json")
Nothing is due for review today: the review queue is empty. A puzzle you miss ...
>>> drill("order", seed=3, progress_file=folder / "p.json")
<PracticeWidget drill order, difficulty 1: puzzle 1, streak 0 (best 0)>
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from fortyfive.course.charts import ScoreChart
from fortyfive.course.progress import ProgressError, ProgressLog, Standing, drill_item
from fortyfive.course.rating import nearest, start_rating
from fortyfive.course.review import Recipe, ReviewItem, due_items, fresh, graded
from fortyfive.engine.tabular import Table
from fortyfive.puzzles.model import Puzzle
from fortyfive.puzzles.sessions import (
    CLEAN,
    DRILL_KINDS,
    HELPED,
    THEMES,
    Drill,
    Practice,
    RuleDrill,
    drill_rules,
)

if TYPE_CHECKING:
    from fortyfive.widgets.practice_widget import PracticeWidget


class PracticeMessage:
    """A sentence in place of a widget ("nothing is due"), shown as a paragraph."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return f'<p class="fortyfive-practice-message">{html.escape(self.text)}</p>'

    def __repr__(self) -> str:
        return self.text


class ReviewSession(Practice):
    """The review: the puzzles due on the log's today, the least stable first, each once. After
    each one FSRS schedules it again: the note says when at once, and :meth:`flush` writes it
    (:meth:`ProgressLog.reviewed`)."""

    mode: ClassVar[str] = "review"

    def __init__(self, log: ProgressLog, clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.items = due_items(log.review_items(), log.today())
        self._unwritten: list[tuple[Recipe, str]] = []
        self.title = f"Review: {len(self.items)} due today"
        super().__init__(clock)

    @property
    def left(self) -> int:
        return len(self.items) - self.number

    @property
    def item(self) -> ReviewItem:
        """The queue's entry of the puzzle shown, as it was when the review started."""
        return self.items[self.number - 1]

    def recipe(self) -> Recipe:
        return self.item.recipe

    def _draw(self, number: int) -> Puzzle | None:
        if number > len(self.items):
            return None
        return fresh(self.items[number - 1].recipe, self.log.today())

    def _finished(self, puzzle: Puzzle, outcome: str) -> str:
        recipe = self.item.recipe
        self._unwritten.append((recipe, outcome))
        now = graded(self.item, recipe, outcome, self.log.today())  # as flush will write
        when = _when(now.interval())
        if outcome == CLEAN:
            return f"Remembered: it comes back {when}."
        if outcome == HELPED:
            return f"Remembered with a hint: it comes back {when}."
        return f"Missed: it comes back {when}."

    def flush(self) -> None:
        while self._unwritten:
            recipe, outcome = self._unwritten[0]
            self.log.reviewed(recipe, outcome)
            self._unwritten.pop(0)

    def summary(self) -> str:
        return f"review, {len(self.items)} due: {super().summary()}"


class LoggedDrill(Drill):
    """A drill whose streak and best streak are kept in the progress file: it starts from the
    stored ones, and :meth:`flush` stores them whenever they change."""

    def __init__(
        self, log: ProgressLog, kind: str, seed: int | None, difficulty: int | None
    ) -> None:
        self.log = log
        standing = _standing(log)
        self._kept = (standing.streak, standing.best)

        super().__init__(
            kind,
            seed,
            1 if difficulty is None else difficulty,
            choose=None if difficulty is not None else (lambda: _nearest(log, kind)),
            streak=standing.streak,
            best=standing.best,
        )

    def flush(self) -> None:
        if (self.streak, self.best) != self._kept:
            self.log.keep_streak(self.streak, self.best)
            self._kept = (self.streak, self.best)


class LoggedRuleDrill(RuleDrill):
    """A drill by rule or theme whose streak and best streak are kept in the progress file, as
    :class:`LoggedDrill`'s are; each puzzle's difficulty is the one whose rating, for the kind
    whose turn it is, is nearest the learner's, unless a difficulty is asked for."""

    def __init__(
        self,
        log: ProgressLog,
        rules: tuple[str, ...],
        kind: str | None,
        seed: int | None,
        difficulty: int | None,
        title: str,
    ) -> None:
        self.log = log
        standing = _standing(log)
        self._kept = (standing.streak, standing.best)
        super().__init__(
            rules,
            seed,
            1 if difficulty is None else difficulty,
            kinds=None if kind is None else (kind,),
            choose=None if difficulty is not None else (lambda k: _nearest(log, k)),
            streak=standing.streak,
            best=standing.best,
            title=title,
        )

    def flush(self) -> None:
        if (self.streak, self.best) != self._kept:
            self.log.keep_streak(self.streak, self.best)
            self._kept = (self.streak, self.best)


def _nearest(log: ProgressLog, kind: str) -> int:
    """The difficulty of ``kind``'s drills whose rating is nearest the learner's."""
    now = _standing(log)
    levels = {d: now.items.get(drill_item(kind, d), start_rating(d)) for d in (1, 2, 3)}
    return nearest(now.learner, levels)


def _standing(log: ProgressLog) -> Standing:
    """The file's standing; a fresh one when the file cannot be read (the drill goes on, and
    each check says why it was not saved)."""
    try:
        return log.standing()
    except ProgressError:
        return Standing()


def drill(
    kind: str | None = None,
    difficulty: int | None = None,
    seed: int | None = None,
    tries_before_show: int = 1,
    progress_file: str | Path | None = None,
    *,
    rule: str | None = None,
    theme: str | None = None,
) -> PracticeWidget:
    """An endless drill as a widget: of one kind, ``drill("order")`` (the default) ranks cards;
    any kind of :data:`~fortyfive.puzzles.sessions.DRILL_KINDS` (every kind the generator
    makes: ``winner``, ``legal``, ``keep``, ``rob``, ...). ``drill(rule="R5.2")`` draws
    generated puzzles that ask that rule, of every kind that does (or of ``kind`` only), and
    ``drill(theme="renege")`` those asking a rule of that section of the rulebook (a name of
    :data:`~fortyfive.puzzles.sessions.THEMES`, or ``"R5"``); an unknown rule or theme, or
    one no drill asks, is an :class:`~fortyfive.engine.errors.InputError`. ``difficulty`` 1
    to 3 holds the drill there; by default each puzzle's difficulty is the one whose rating is
    nearest the learner's. ``seed`` gives the same puzzles again at a given difficulty (by
    default a new set each time). Every check is saved to the progress file (the first
    attempt of each puzzle moves the ratings), a missed puzzle enters the review queue, and
    the streak and the best streak go on from the last drill's."""
    from fortyfive.widgets.practice_widget import PracticeWidget

    log = ProgressLog(progress_file)
    session: LoggedDrill | LoggedRuleDrill
    if rule is None and theme is None:
        session = LoggedDrill(log, kind or "order", seed, difficulty)
    else:
        rules = drill_rules(rule, theme)
        named = rules[0] if rule is not None else f"{theme} ({', '.join(rules)})"
        title = f"Drill: {named}"
        session = LoggedRuleDrill(log, rules, kind, seed, difficulty, title)

    def record(attempt: dict[str, Any]) -> None:
        log.record(attempt, Recipe.of(session.puzzle, session.key()))

    return PracticeWidget(session, tries_before_show=tries_before_show, on_attempt=record)


def review(
    progress_file: str | Path | None = None,
    tries_before_show: int = 1,
    today: date | None = None,
) -> PracticeWidget | PracticeMessage:
    """The puzzles due for review today, as a widget, one after another; or a sentence saying
    that nothing is due (and when the next one is), or why the progress file cannot be read
    (it is then left as it is). ``today`` stands for the date (to try a review ahead)."""
    from fortyfive.widgets.practice_widget import PracticeWidget

    log = ProgressLog(progress_file) if today is None else ProgressLog(progress_file, lambda: today)
    try:
        items = log.review_items()
    except ProgressError as e:
        return PracticeMessage(f"The review cannot start: {e}. Nothing was changed.")
    if not due_items(items, log.today()):
        return PracticeMessage(nothing_due(items, log.today()))
    session = ReviewSession(log)

    def record(attempt: dict[str, Any]) -> None:
        log.record(attempt, session.recipe())

    return PracticeWidget(session, tries_before_show=tries_before_show, on_attempt=record)


def nothing_due(items: list[ReviewItem], today: date) -> str:
    """Why no review starts today: the queue is empty, or when the next puzzle comes back."""
    if not items:
        return (
            "Nothing is due for review today: the review queue is empty. A puzzle you miss "
            "(a wrong answer, or Show me) comes back here the next day."
        )
    first = min(i.due for i in items)
    days = (first - today).days
    when = "tomorrow" if days == 1 else f"on {first.isoformat()} (in {days} days)"
    n = len(items)
    return (
        f"Nothing is due for review today. {n} puzzle{'s' * (n != 1)} "
        f"{'wait' if n != 1 else 'waits'} in the review queue; the next comes back {when}."
    )


def _when(days: int) -> str:
    return "tomorrow" if days == 1 else f"in {days} days"


def rating_chart(progress_file: str | Path | None = None) -> ScoreChart | PracticeMessage:
    """Your Glicko-2 rating after each rated attempt (the first attempt of each puzzle), as a
    chart (:class:`~fortyfive.course.charts.ScoreChart`), the last :data:`~fortyfive.course.
    progress.MAX_HISTORY` points; a sentence when nothing is rated yet."""
    history = ProgressLog(progress_file).standing().history
    if not history:
        return PracticeMessage(
            "No rating yet: your rating starts at 1500 and moves with the first try of each "
            "puzzle or drill."
        )
    return ScoreChart(
        "Your rating",
        [str(t)[:10] for t, _ in history],
        {"rating": [round(r) for _, r in history]},
        x_title="first tries, oldest first",
        from_zero=False,
    )


def review_boxes(progress_file: str | Path | None = None) -> Table[object] | PracticeMessage:
    """The review queue as a table: each puzzle, its kind, the day it is due (the soonest
    first), its FSRS stability (the days until recall falls to 90 %) and difficulty (1 to 10);
    a sentence when the queue is empty."""
    items = ProgressLog(progress_file).review_items()
    if not items:
        return PracticeMessage("Your review queue is empty: no puzzle is waiting.")
    rows = [
        {
            "puzzle": i.recipe.puzzle,
            "kind": i.recipe.kind,
            "due": i.due.isoformat(),
            "stability": round(i.stability, 1),
            "difficulty": round(i.difficulty, 1),
        }
        for i in sorted(items, key=lambda i: (i.due, i.stability))
    ]
    return Table(rows, ["puzzle", "kind", "due", "stability", "difficulty"])


__all__ = [
    "DRILL_KINDS",
    "THEMES",
    "LoggedDrill",
    "LoggedRuleDrill",
    "PracticeMessage",
    "ReviewSession",
    "drill",
    "rating_chart",
    "review",
    "review_boxes",
]
