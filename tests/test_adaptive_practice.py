"""Practice that adapts: a hinted or shown solve is never a first try (in the chapter's
results, from the checks kept one by one and from the folded summary alike); the streak and the
best streak carry from one drill to the next through the progress file; Glicko-2 ratings of the
learner and of the puzzles move with each first attempt, and the next drill is drawn near the
learner's rating.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from puzzle_answers import script

from fortyfive.course import drill, review
from fortyfive.course.charts import ScoreChart
from fortyfive.course.drill_and_review import PracticeMessage, rating_chart
from fortyfive.course.mastery import puzzle_rules
from fortyfive.course.progress import (
    MAX_ATTEMPTS_FOLDED,
    MAX_HISTORY,
    MAX_RATED,
    MAX_STREAK,
    MAX_SUMMARY,
    VERSION,
    WRITE_BUDGET,
    Progress,
    ProgressError,
    ProgressLog,
    Standing,
    bounded,
    chapter_results,
    drill_item,
    fold,
    read_progress,
)
from fortyfive.course.rating import Rating, play, start_rating, update
from fortyfive.course.review import (
    MAX_ITEMS,
    Recipe,
    ReviewItem,
    fresh,
    puzzle_of_id,
    review_id,
    shipped,
)
from fortyfive.puzzles import get_puzzle
from fortyfive.puzzles.model import MAX_ATTEMPT_HINTS
from fortyfive.puzzles.sessions import DRILL_KINDS, DrillKey
from fortyfive.widgets.practice_widget import PracticeWidget


def check(puzzle_id: str, correct: bool, hints: int = 0, shown: bool = False) -> dict[str, Any]:
    p = get_puzzle(puzzle_id)
    return {
        "puzzle": puzzle_id,
        "kind": p.kind,
        "chapter": p.chapter,
        "answer": None,
        "correct": correct,
        "solved": correct,
        "seconds": 4.0,
        "hints_used": hints,
        "shown": shown,
        "time": "2026-12-01T10:00:00+00:00",
    }


def _row(path: Path, puzzle_id: str) -> Mapping[str, object]:
    rows = chapter_results(get_puzzle(puzzle_id).chapter or 0, path).rows
    return next(r for r in rows if r["puzzle"] == puzzle_id)


def test_a_solve_after_a_hint_is_not_a_first_try(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    log.record(check("c1-11", True, hints=1))
    row = _row(log.path, "c1-11")
    assert row["solved"] is True and row["hints"] == 1
    assert row["first try"] is False


def test_a_solve_after_show_me_is_not_a_first_try(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    log.record(check("c1-11", True, shown=True))
    log.record(check("c1-11", True))
    assert _row(log.path, "c1-11")["first try"] is False


def test_a_clean_solve_is_a_first_try(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    log.record(check("c1-11", True))
    assert _row(log.path, "c1-11")["first try"] is True


def test_the_folded_summary_does_not_count_a_hinted_solve_as_first_try() -> None:
    assert fold([], [check("c1-11", True, hints=2)])[0]["first_try"] is False
    assert fold([], [check("c1-11", True)])[0]["first_try"] is True


# ---------------------------------------------------------------- streaks from day to day


def solve(w: PracticeWidget) -> None:
    for answer in script(w.puzzle)[1]:
        w.answer(answer)


def fail(w: PracticeWidget) -> None:
    w.answer(script(w.puzzle)[0])
    if not w.done:
        w.show()


def test_a_new_drill_starts_from_the_stored_streak_and_best(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = drill("order", seed=5, progress_file=path)
    for _ in range(3):
        solve(w)
        w.next()
    w.session.flush()
    assert (ProgressLog(path).standing().streak, ProgressLog(path).standing().best) == (3, 3)
    again = drill("winner", seed=6, progress_file=path)  # another day, another kind
    assert (again.session.streak, again.session.best) == (3, 3)
    assert again.practice["streak"] == 3 and again.practice["best"] == 3
    fail(again)
    again.session.flush()
    third = drill("order", seed=7, progress_file=path)
    assert (third.session.streak, third.session.best) == (0, 3)


def test_a_version_3_file_is_read_with_a_fresh_standing_and_upgraded_in_place(
    tmp_path: Path,
) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": "fortyfive-progress", "version": 3, "attempts": []}))
    assert read_progress(path).practice == Standing()
    ProgressLog(path).keep_streak(2, 4)
    data = json.loads(path.read_text())
    assert data["version"] == VERSION and data["practice"]["streak"] == 2
    assert data["practice"]["best"] == 4


@pytest.mark.parametrize(
    "change",
    [
        {"streak": -1},
        {"streak": 5, "best": 2},
        {"learner": [1500, 350]},
        {"learner": [1500, 350, float("inf")]},
        {"items": {"x": [99999, 50, 0.06]}},
        {"history": [["yesterday", 1500]]},
        {"extra": 1},
    ],
)
def test_a_forged_practice_standing_is_refused(tmp_path: Path, change: dict[str, Any]) -> None:
    path = tmp_path / "p.json"
    ProgressLog(path).keep_streak(1, 1)
    data = json.loads(path.read_text())
    data["practice"].update(change)
    path.write_text(json.dumps(data))
    with pytest.raises(ProgressError, match="practice"):
        read_progress(path)


def test_a_version_3_file_with_a_practice_field_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    ProgressLog(path).keep_streak(1, 1)
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "version": 3}))
    with pytest.raises(ProgressError, match="version-3 file has no 'practice'"):
        read_progress(path)


# ---------------------------------------------------------------- ratings


def test_glicko2_wins_raise_and_losses_lower_a_rating_and_its_deviation_shrinks() -> None:
    learner, item = Rating(), start_rating(1)
    won, _ = play(learner, item, True)
    lost, beat = play(learner, item, False)
    assert won.rating > learner.rating > lost.rating
    assert beat.rating > item.rating
    assert won.rd < learner.rd and lost.rd < learner.rd
    assert update(won, []).rd > won.rd  # a period without games: less certain


def test_ratings_move_with_each_first_attempt_only(tmp_path: Path) -> None:
    log = ProgressLog(tmp_path / "p.json")
    c111 = Recipe("c1-11", "order")
    log.record(check("c1-11", True), c111)
    up = log.standing()
    assert up.learner.rating > 1500 and "c1-11" in up.items
    assert len(up.history) == 1
    log.record(check("c1-11", False), c111)  # not a first attempt: no rating moves
    assert log.standing() == up
    log.record(check("c1-01", True, hints=1), Recipe("c1-01", "order"))  # a hint: a loss
    assert log.standing().learner.rating < up.learner.rating
    log.record(check("c1-19", True))  # not re-creatable: not rated
    assert "c1-19" not in log.standing().items


def test_the_next_drill_is_drawn_near_the_learners_rating(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = drill("winner", seed=11, progress_file=path)
    assert w.session.difficulty == 1  # a newcomer at 1500 starts at difficulty 1
    for _ in range(12):
        solve(w)
        w.next()
    standing = ProgressLog(path).standing()
    assert standing.learner.rating > 1700
    levels = {d: standing.items.get(drill_item("winner", d), start_rating(d)) for d in (1, 2, 3)}
    drawn = levels[w.session.difficulty].rating
    assert w.session.difficulty > 1
    assert all(
        abs(drawn - standing.learner.rating) <= abs(r.rating - standing.learner.rating)
        for r in levels.values()
    )
    assert w.puzzle.id.startswith(f"drill-winner-s11-d{w.session.difficulty}-")


def test_a_drill_held_at_a_difficulty_stays_there(tmp_path: Path) -> None:
    w = drill("order", seed=2, difficulty=3, progress_file=tmp_path / "p.json")
    for _ in range(3):
        fail(w)
        w.next()
    assert w.session.difficulty == 3 and "-d3-" in w.puzzle.id


def test_the_standing_stays_bounded(tmp_path: Path) -> None:
    standing = Standing()
    for i in range(MAX_RATED + 50):
        standing.rate(f"p{i}", start_rating(1), i % 2 == 0, "2026-12-01T10:00:00+00:00")
    assert len(standing.items) == MAX_RATED and "p0" not in standing.items
    assert len(standing.history) == MAX_HISTORY


def test_a_file_at_every_bound_is_written_under_its_readers_limit(tmp_path: Path) -> None:
    """A full summary, a full review queue and a full standing, at their longest fields, with
    no check kept: the writer's budget holds them, so the file is always read back."""
    when = "2026-12-01T10:00:00.000000+00:00"
    entry = {
        "kind": "order",
        "chapter": 99,
        "tries": MAX_ATTEMPTS_FOLDED,
        "solved": True,
        "first_try": False,
        "hints": MAX_ATTEMPT_HINTS,
        "shown": True,
        "seconds": 123456789.1,
        "last": when,
    }
    summary = [{"puzzle": f"{i:0100d}", **entry} for i in range(MAX_SUMMARY)]
    review = [
        # the longest card a file holds: stability and difficulty at their longest, rounded
        ReviewItem(
            Recipe(k.id, "give-up", k), date(2026, 12, 1), 36499.9999, 9.9999, date(2026, 11, 30)
        )
        for k in (DrillKey("give-up", 999_999_999, 3, 999_999 - i) for i in range(MAX_ITEMS))
    ]
    worst = Rating(3999.1, 349.1, 0.123456)  # as stored: rounded
    standing = Standing(
        MAX_STREAK,
        MAX_STREAK,
        worst,
        {f"{i:0100d}": worst for i in range(MAX_RATED)},
        [[when, 3999.1]] * MAX_HISTORY,
    )
    content = bounded(Progress([], review, summary, standing))
    assert len(content) <= WRITE_BUDGET, len(content)
    (tmp_path / "p.json").write_bytes(content)
    assert read_progress(tmp_path / "p.json").practice == standing


# ---------------------------------------------------------------- fresh reviews


@pytest.mark.parametrize(
    "recipe",
    [
        Recipe("c1-01", "order"),
        Recipe("c3-06", "give-up"),
        Recipe("c2-14", "keep"),
        Recipe("drill-legal-s9-d2-n2", "legal", DrillKey("legal", 9, 2, 2)),
        Recipe("drill-rob-s3-d1-n4", "rob", DrillKey("rob", 3, 1, 4)),
    ],
)
def test_a_review_shows_a_fresh_position_of_the_same_kind_and_rules(
    tmp_path: Path, recipe: Recipe
) -> None:
    day = date(2026, 12, 1)
    log = ProgressLog(tmp_path / "p.json", lambda: day)
    missed_one = recipe.recreate()
    log.record({**check("c1-01", False), "puzzle": recipe.puzzle, "kind": recipe.kind}, recipe)
    w = review(progress_file=log.path, today=date(2026, 12, 2))
    assert isinstance(w, PracticeWidget)
    shown = w.puzzle
    assert shown.kind == missed_one.kind and set(shown.rules) == set(missed_one.rules)
    assert shown.position != missed_one.position and shown.id != missed_one.id
    again = review(progress_file=log.path, today=date(2026, 12, 2))
    assert isinstance(again, PracticeWidget) and again.puzzle == shown  # the same day: the same


@pytest.mark.parametrize(
    # each came back as another preset or theme, or without a rule it asks (R10.2: c0-12)
    "pid",
    [
        "c0-12",
        "c0-13",
        "c0-15",
        pytest.param("c2-05", marks=pytest.mark.full),  # a renege endgame: seconds to make
        "c3-05",
        "c4-05",
        "c5-18",
    ],
)
def test_a_review_keeps_the_puzzles_preset_theme_and_rules(pid: str) -> None:
    """A review of a bruff score is a bruff score, of a thrown-lead endgame a thrown lead: the
    fresh puzzle is made with the course's variant of the puzzle, and tagged, as the course's
    are, with the rules its solution cites (c4-05 came back as an auction score, c3-05's turn
    as an auction's, c0-15 without R2.2)."""
    original = get_puzzle(pid)
    day = date(2026, 12, 8)
    shown = fresh(Recipe(pid, original.kind), day)
    assert (shown.kind, shown.preset) == (original.kind, original.preset)
    assert set(shown.rules) == set(original.rules), (shown.rules, original.rules)
    assert shown.position != original.position
    assert shown.id == review_id(Recipe(pid, original.kind), day) == f"review-{pid}-2026-12-08"


@pytest.mark.full  # every shipped puzzle of a drilled kind: minutes
def test_every_shipped_puzzle_reviewed_comes_back_with_its_preset_and_rules() -> None:
    day = date(2026, 12, 9)
    for p in [q for q in shipped().values() if q.kind in DRILL_KINDS]:
        shown = fresh(Recipe(p.id, p.kind), day)
        assert (shown.kind, shown.preset, set(shown.rules)) == (p.kind, p.preset, set(p.rules))


def test_a_reviews_puzzle_is_re_created_from_its_id_for_mastery_by_rule() -> None:
    """A review's attempt counts for the rules of the puzzle shown (its id names the recipe and
    the day); an id of no puzzle of this course names no rule."""
    shown = fresh(Recipe("c0-13", "winner"), date(2026, 12, 8))
    assert puzzle_of_id(shown.id) == shown
    assert puzzle_rules(shown.id) == shown.rules
    key = DrillKey("rob", 3, 1, 4)
    drilled = fresh(Recipe(key.id, "rob", key), date(2026, 12, 8))
    assert puzzle_of_id(drilled.id) == drilled
    for hostile in ("review-c0-13-2026-02-30", "review-c0-99-2026-12-08", "review-" * 40, ""):
        assert puzzle_rules(hostile) == (), hostile


def test_a_kind_the_generator_does_not_make_comes_back_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys.modules[fresh.__module__], "DRILL_KINDS", ())
    assert fresh(Recipe("c1-01", "order"), date(2026, 12, 2)) == get_puzzle("c1-01")


# ---------------------------------------------------------------- the progress view


def test_the_rating_chart_draws_the_rating_after_each_first_try(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    assert isinstance(rating_chart(path), PracticeMessage)
    log = ProgressLog(path)
    for puzzle_id, right in (("c1-01", True), ("c1-19", True), ("c1-03", False)):
        log.record(check(puzzle_id, right), Recipe.of(get_puzzle(puzzle_id)))
    chart = rating_chart(path)
    assert isinstance(chart, ScoreChart)
    ratings = chart.lines["rating"]
    assert len(ratings) == 3 and ratings[0] < ratings[1] and ratings[2] < ratings[1]
    assert ratings == [round(r) for _, r in log.standing().history]
    svg = chart.svg()
    assert svg.startswith("<svg") and f"rating {ratings[-1]}" in svg
    assert ">0</text>" not in svg  # the axis spans the ratings, not 0 to 2000
