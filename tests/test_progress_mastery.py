"""Mastery by rule (fortyfive.course.mastery): each rule id's puzzles solved at the first try,
read from the progress file (the checks kept one by one and the folded summary), in the
rulebook's order, as a table and as the course's own SVG bar chart (no plotting library: it
draws where the course runs, the browser-only copy included).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fortyfive.course import mastery_by_rule, mastery_chart
from fortyfive.course.charts import BarChart
from fortyfive.course.drill_and_review import PracticeMessage
from fortyfive.course.mastery import mastery_rows, puzzle_rules
from fortyfive.course.progress import Progress, ProgressLog, fold
from fortyfive.engine.rulebook import RULE_IDS
from fortyfive.engine.tabular import Table
from fortyfive.puzzles import get_puzzle
from fortyfive.puzzles.sessions import DrillKey


def attempt(puzzle_id: str, correct: bool, hints: int = 0, shown: bool = False) -> dict[str, Any]:
    p = get_puzzle(puzzle_id) if puzzle_id.startswith("c") else None
    return {
        "puzzle": puzzle_id,
        "kind": p.kind if p else puzzle_id.split("-")[1],
        "chapter": p.chapter if p else None,
        "answer": None,
        "correct": correct,
        "seconds": 2.0,
        "hints_used": hints,
        "shown": shown,
    }


def test_mastery_counts_each_puzzle_once_by_its_first_try_in_rule_order(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    log = ProgressLog(path)
    drilled = DrillKey("legal", 9, 3, 2)
    for a in [
        attempt("c2-24", True),  # legal: R5.1, R5.2, R5.3 among its rules, first try
        attempt("c2-14", False),  # keep: R5.2, R5.3, a wrong answer first
        attempt("c2-14", True),
        attempt("c1-01", True, hints=1),  # order: R2.3, after a hint: not a first try
        attempt(drilled.id, True),  # a drill's puzzle: its rules re-made from its key
        attempt("made-by-hand", True),  # re-created by nothing: counts for no rule
    ]:
        log.record(a)
    legal = set(drilled.puzzle().rules)
    assert puzzle_rules(drilled.id) == drilled.puzzle().rules and puzzle_rules("x") == ()
    rows = {r["rule"]: r for r in mastery_rows(path)}
    assert list(rows) == [r for r in RULE_IDS if r in rows]  # the rulebook's order
    assert (rows["R2.3"]["puzzles"], rows["R2.3"]["first try"], rows["R2.3"]["mastery"]) == (
        1,
        0,
        0.0,
    )
    tried_r52 = 2 + ("R5.2" in legal)
    assert rows["R5.2"]["puzzles"] == tried_r52 and rows["R5.2"]["first try"] == tried_r52 - 1
    assert rows["R5.2"]["title"] == "protected trumps"
    table = mastery_by_rule(path)
    assert isinstance(table, Table) and table.column("rule") == tuple(rows)


def test_mastery_reads_the_folded_summary_too(tmp_path: Path) -> None:
    """Older checks are folded into the summary (the file stays small): a first try decided
    there still counts."""
    path = tmp_path / "p.json"
    older = [{**attempt("c2-24", False), "time": "2026-11-01T10:00:00+00:00", "solved": False}]
    data = Progress(attempts=[], summary=fold([], older))
    path.write_text(json.dumps(data.to_json()))
    ProgressLog(path).record(attempt("c2-24", True))  # right now, but missed before
    (r52,) = [r for r in mastery_rows(path) if r["rule"] == "R5.2"]
    assert (r52["puzzles"], r52["first try"]) == (1, 0)


def test_the_mastery_chart_draws_a_bar_per_rule_tried(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    assert isinstance(mastery_chart(path), PracticeMessage)
    assert "No puzzle tried yet" in repr(mastery_by_rule(path))
    log = ProgressLog(path)
    log.record(attempt("c2-24", True))
    log.record(attempt("c1-01", False))
    chart = mastery_chart(path)
    assert isinstance(chart, BarChart)
    rules = [r["rule"] for r in mastery_rows(path)]
    assert [label for label, _, _ in chart.rows] == rules
    svg = chart._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg == chart.svg()
    assert svg.count('<rect x="60"') == len(rules)  # one bar per rule
    assert ">1 of 1</text>" in svg and ">0 of 1</text>" in svg
    # a share outside 0..1 is drawn within the axis; labels are escaped
    odd = BarChart("<b>", [("R1.1", 1.5, "&"), ("R1.2", -1, "")])
    assert odd.rows[0][1] == 1.0 and odd.rows[1][1] == 0.0 and "&lt;b&gt;" in odd.svg()
