"""The review queue: the puzzles a learner missed come back, spaced out (Leitner boxes).

A puzzle enters **box 1** when it is missed (a wrong answer, or "Show me"), wherever that
happens: a chapter's puzzle, a drill, a review. In a review (``fortyfive.course.review()``):

* solved at the first try without a hint, it moves **up a box**; from the last box it leaves
  the queue (learned);
* solved without a wrong answer but after a hint, it **stays** in its box;
* missed again, it goes **back to box 1**.

Box *b* comes due :data:`INTERVALS` [b] days after it was last seen: 1, 2, 4, 8 and 16 days.
Days are calendar days on the learner's own clock, so a puzzle missed this evening is due
tomorrow, and a whole course's review fits one short session a day. (Sessions would be the
other choice; days keep the spacing when a learner works twice in one day or skips a week.)
A review shows a fresh puzzle of the same kind and rule ids (:func:`fresh`), not the position
that was missed.

Only a puzzle that can be re-created enters: a shipped one (by its id) or a drill's (by its
kind, seed, difficulty and number, :class:`~fortyfive.puzzles.sessions.DrillKey`). The queue is
kept in the progress file (``"review"``, version 2: see :mod:`fortyfive.course.progress`), one
entry per puzzle, each checked when the file is read: a malformed entry makes the file refused,
while a well-formed entry for a shipped puzzle this version of the course no longer ships (or
ships as another kind) is left out (:class:`StaleEntry`), so a newer course still reads an
older learner's file::

    {"puzzle": "c1-03", "kind": "order", "box": 1, "due": "2026-12-02"}
    {"puzzle": "drill-order-s42-d1-n3", "kind": "order", "box": 2, "due": "2026-12-04",
     "drill": {"seed": 42, "difficulty": 1, "number": 3}}

>>> from datetime import date
>>> c103 = Recipe("c1-03", "order")
>>> items = missed([], c103, date(2026, 12, 1))
>>> items[0].box, items[0].due
(1, datetime.date(2026, 12, 2))
>>> items = reviewed(items, c103, "clean", date(2026, 12, 2))
>>> items[0].box, items[0].due
(2, datetime.date(2026, 12, 4))
>>> [i.recipe.puzzle for i in due_items(items, date(2026, 12, 4))]
['c1-03']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import cache
from typing import Any
from zlib import crc32

from fortyfive.engine.errors import quote
from fortyfive.puzzles.model import KINDS, Puzzle, collection_names, load_collection
from fortyfive.puzzles.sessions import (
    CLEAN,
    DRILL_KINDS,
    HELPED,
    MAX_SEED,
    MISSED,
    DrillKey,
    PracticeError,
)

#: Days until a puzzle in box b is due again.
INTERVALS = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}
BOXES = len(INTERVALS)
#: Entries the queue may hold (a whole course is under a hundred puzzles; drills add more).
MAX_ITEMS = 5_000
_FIELDS = ("puzzle", "kind", "box", "due", "drill")
_DRILL_FIELDS = ("seed", "difficulty", "number")


class StaleEntry(ValueError):
    """A well-formed entry for a shipped puzzle that this course no longer ships as it was."""


@cache
def shipped() -> dict[str, Puzzle]:
    """Every shipped puzzle by its id (read once: the queue is checked at every write)."""
    return {p.id: p for name in collection_names() for p in load_collection(name)}


@dataclass(frozen=True)
class Recipe:
    """What re-creates a puzzle for review: a shipped puzzle by its id, or a drill's puzzle by
    its :class:`DrillKey`."""

    puzzle: str
    kind: str
    drill: DrillKey | None = None

    def recreate(self) -> Puzzle:
        """The puzzle itself, as it was shown."""
        return self.drill.puzzle() if self.drill is not None else shipped()[self.puzzle]

    @classmethod
    def of(cls, puzzle: Puzzle, drill: DrillKey | None = None) -> Recipe | None:
        """The recipe of ``puzzle``: its drill's key, or its id when it is a shipped puzzle
        unchanged; ``None`` for a puzzle that cannot be re-created (made by hand, or by
        ``generate_puzzles`` with arguments not kept)."""
        if drill is not None:
            return cls(drill.id, drill.kind, drill)
        return cls(puzzle.id, puzzle.kind) if shipped().get(puzzle.id) == puzzle else None


@dataclass(frozen=True)
class ReviewItem:
    """One puzzle in the queue: how to re-create it, its box (1 to 5) and the day it is due."""

    recipe: Recipe
    box: int
    due: date

    def to_json(self) -> dict[str, Any]:
        """The entry as the progress file keeps it (:func:`item_from_json` reads it)."""
        out: dict[str, Any] = {
            "puzzle": self.recipe.puzzle,
            "kind": self.recipe.kind,
            "box": self.box,
            "due": self.due.isoformat(),
        }
        if self.recipe.drill is not None:
            out["drill"] = self.recipe.drill.to_dict()
        return out


def item_from_json(data: object) -> ReviewItem:
    """One stored entry, checked field by field (it comes from a file: untrusted). Raises
    ``ValueError`` naming the bad field (a drill's id must be the one its key makes), and
    :class:`StaleEntry` for a shipped puzzle's id this course does not ship as that kind."""
    if not isinstance(data, dict) or set(data) - set(_FIELDS) or set(_FIELDS[:4]) - set(data):
        raise ValueError(f"must be an object with the fields {', '.join(_FIELDS[:4])} (and drill)")
    puzzle, kind, box, due = (data.get(k) for k in _FIELDS[:4])
    if not isinstance(puzzle, str) or not 0 < len(puzzle) <= 100:
        raise ValueError(f"puzzle is {quote(puzzle)}: expected a puzzle id")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"kind is {quote(kind)}: expected one of {', '.join(KINDS)}")
    if type(box) is not int or box not in INTERVALS:
        raise ValueError(f"box is {quote(box)}: expected a whole number 1 to {BOXES}")
    try:
        when = date.fromisoformat(due) if isinstance(due, str) and len(due) == 10 else None
    except ValueError:
        when = None
    if when is None:
        raise ValueError(f"due is {quote(due)}: expected a date such as 2026-12-01")
    return ReviewItem(_recipe(puzzle, kind, data.get("drill")), box, when)


def _recipe(puzzle: str, kind: str, drill: object) -> Recipe:
    if drill is None:
        known = shipped().get(puzzle)
        if known is None:
            raise StaleEntry(f"puzzle {quote(puzzle)} is not a shipped puzzle")
        if known.kind != kind:
            raise StaleEntry(f"kind is {quote(kind)}, but {puzzle} is of kind {known.kind}")
        return Recipe(puzzle, kind)
    if not isinstance(drill, dict) or set(drill) != set(_DRILL_FIELDS):
        raise ValueError(f"drill must be an object with the fields {', '.join(_DRILL_FIELDS)}")
    try:
        key = DrillKey(kind, drill["seed"], drill["difficulty"], drill["number"])
    except PracticeError as e:
        raise ValueError(f"drill: {e}") from None
    if key.id != puzzle:
        raise ValueError(f"puzzle is {quote(puzzle)}, but its drill key makes {key.id}")
    return Recipe(puzzle, kind, key)


# ---------------------------------------------------------------------------- the boxes


def missed(items: list[ReviewItem], recipe: Recipe, today: date) -> list[ReviewItem]:
    """``items`` with ``recipe``'s puzzle in box 1, due tomorrow (added if it was not there)."""
    item = ReviewItem(recipe, 1, today + timedelta(days=INTERVALS[1]))
    out = [item if i.recipe.puzzle == recipe.puzzle else i for i in items]
    return out if any(i.recipe.puzzle == recipe.puzzle for i in items) else [*items, item]


def reviewed(
    items: list[ReviewItem], recipe: Recipe, outcome: str, today: date
) -> list[ReviewItem]:
    """``items`` after ``recipe``'s puzzle was reviewed with ``outcome`` (see the module's
    text); a puzzle not in the queue is added only when missed."""
    if outcome == MISSED:
        return missed(items, recipe, today)
    if outcome not in (CLEAN, HELPED):
        raise ValueError(f"unknown outcome {outcome!r}")
    out = []
    for item in items:
        if item.recipe.puzzle != recipe.puzzle:
            out.append(item)
            continue
        box = item.box + 1 if outcome == CLEAN else item.box
        if box > BOXES:
            continue  # learned: out of the queue
        out.append(replace(item, box=box, due=today + timedelta(days=INTERVALS[box])))
    return out


#: How many fresh puzzles of the kind are made, at most, to find one of the same rules.
FRESH_TRIES = 12


def fresh(recipe: Recipe, day: date) -> Puzzle:
    """The puzzle a review shows for ``recipe`` on ``day``: a fresh one of the same kind, the
    same rule ids and the same difficulty, not the position that was missed (which could be
    learned by heart), made by the drill's generator from a seed of the puzzle's id and the day
    (so the same day shows the same one, another day another). The first of
    :data:`FRESH_TRIES` with the same rule ids is shown, else the first fresh one of the kind;
    a kind the generator does not make (an endgame) comes back as it was."""
    original = recipe.recreate()
    if recipe.kind not in DRILL_KINDS:
        return original
    seed = crc32(f"{recipe.puzzle}/{day.isoformat()}".encode()) % MAX_SEED
    level = recipe.drill.difficulty if recipe.drill is not None else original.difficulty
    other: Puzzle | None = None
    for number in range(1, FRESH_TRIES + 1):
        made = DrillKey(recipe.kind, seed, level, number).puzzle()
        if made.position == original.position:
            continue
        if set(made.rules) == set(original.rules):
            return made
        other = other or made
    return other or original


def due_items(items: Iterable[ReviewItem], today: date) -> list[ReviewItem]:
    """The puzzles due on ``today`` (or overdue): the lowest box first, then the longest due."""
    ready = [i for i in items if i.due <= today]
    return sorted(ready, key=lambda i: (i.box, i.due))


def from_attempts(attempts: Iterable[dict[str, Any]]) -> list[ReviewItem]:
    """The queue a version-1 progress file implies: every shipped puzzle with a wrong answer or
    a "Show me" in box 1, due the day after the last of them (its ``time``, in UTC)."""
    last: dict[str, date] = {}
    kinds: dict[str, str] = {}
    today = date.today()
    for a in attempts:
        p = shipped().get(str(a.get("puzzle"))) if a.get("correct") is False else None
        if p is None:
            continue  # right, or not re-creatable: a generated puzzle of version 1 kept no key
        try:
            day = datetime.fromisoformat(str(a.get("time"))).date()
        except ValueError:
            day = today
        day = min(day, today)  # a time to come (9999-12-31) would overflow the due day
        last[p.id] = max(day, last.get(p.id, day))
        kinds[p.id] = p.kind
    return [
        ReviewItem(Recipe(pid, kinds[pid]), 1, day + timedelta(days=INTERVALS[1]))
        for pid, day in last.items()
    ]
