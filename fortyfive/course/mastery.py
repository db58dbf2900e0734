"""Mastery by rule: for each rule id of the rulebook, how many of the puzzles asking it the
learner has solved at the first try, read from the progress file, as a table and a bar chart.

A puzzle's rule ids are its own (a shipped puzzle by its id, a drill's re-made from the key its
id holds, ``drill-legal-s9-d2-n2``); a puzzle this course cannot re-create (made by hand, or no
longer shipped) counts for no rule. A puzzle counts once, however often it was tried: solved at
the first try (no wrong answer, hint or "show me" before) or not, as the chapter's results count
it (:func:`~fortyfive.course.progress.first_tries`). Rules are listed in the rulebook's order.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "p.json"
>>> mastery_by_rule(path)
No puzzle tried yet: mastery by rule counts the first try of each puzzle you try.
"""

from __future__ import annotations

from pathlib import Path

from fortyfive.course.charts import BarChart
from fortyfive.course.drill_and_review import PracticeMessage
from fortyfive.course.progress import ProgressLog, first_tries
from fortyfive.course.review import puzzle_of_id
from fortyfive.engine.rulebook import RULE_IDS, RULE_TITLES
from fortyfive.engine.tabular import Table

_NONE_YET = "No puzzle tried yet: mastery by rule counts the first try of each puzzle you try."


def puzzle_rules(puzzle_id: str) -> tuple[str, ...]:
    """The rule ids of the puzzle ``puzzle_id`` names: a shipped one's, a drill's or a review's
    re-made (:func:`~fortyfive.course.review.puzzle_of_id`); () for one this course cannot
    re-create."""
    p = puzzle_of_id(puzzle_id)
    return () if p is None else p.rules


def mastery_rows(progress_file: str | Path | None = None) -> list[dict[str, object]]:
    """One row per rule id asked by a puzzle tried, in the rulebook's order: the rule, its
    title, the puzzles tried, those solved at the first try, and their share."""
    tried = first_tries(ProgressLog(progress_file).read())
    counts: dict[str, list[int]] = {}
    for pid, first in tried.items():
        for rule in set(puzzle_rules(pid)):
            c = counts.setdefault(rule, [0, 0])
            c[0] += 1
            c[1] += first
    return [
        {
            "rule": rule,
            "title": RULE_TITLES[rule],
            "puzzles": counts[rule][0],
            "first try": counts[rule][1],
            "mastery": round(counts[rule][1] / counts[rule][0], 2),
        }
        for rule in RULE_IDS
        if rule in counts
    ]


def mastery_by_rule(progress_file: str | Path | None = None) -> Table[object] | PracticeMessage:
    """Mastery by rule as a table (:func:`mastery_rows`); a sentence when nothing is tried."""
    rows = mastery_rows(progress_file)
    return Table(rows) if rows else PracticeMessage(_NONE_YET)


def mastery_chart(progress_file: str | Path | None = None) -> BarChart | PracticeMessage:
    """Mastery by rule as a bar chart: one bar per rule id tried, in the rulebook's order, its
    length the share of its puzzles solved at the first try; a sentence when nothing is
    tried."""
    rows = mastery_rows(progress_file)
    if not rows:
        return PracticeMessage(_NONE_YET)
    bars = [
        (str(r["rule"]), float(r["mastery"]), f"{r['first try']} of {r['puzzles']}")  # type: ignore[arg-type]
        for r in rows
    ]
    return BarChart("Mastery by rule", bars, x_title="puzzles solved at the first try")
