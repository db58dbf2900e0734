"""The review queue (fortyfive.course.review, kept in the progress file): FSRS scheduling and
due days, what enters the queue, the reading of version-1 files (a real one, written by the
course before version 2) and of the Leitner boxes of versions 2 to 4, and forged or oversized
files refused with nothing changed.
"""

from __future__ import annotations

import json
import shutil
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from puzzle_answers import script

from fortyfive.course import drill, puzzle, review, review_boxes
from fortyfive.course.drill_and_review import PracticeMessage, ReviewSession
from fortyfive.course.progress import (
    MAX_FILE_BYTES,
    VERSION,
    ProgressError,
    ProgressLog,
    chapter_results,
    progress,
    read_attempts,
    read_progress,
)
from fortyfive.course.review import (
    LEGACY_DIFFICULTY,
    MAX_INTERVAL,
    MAX_ITEMS,
    SCHEDULER,
    Recipe,
    ReviewItem,
    due_items,
    fresh,
    graded,
    legacy_item_from_json,
    missed,
    reviewed,
)
from fortyfive.engine.tabular import Table
from fortyfive.puzzles import get_puzzle
from fortyfive.puzzles.generate import generate_puzzles
from fortyfive.puzzles.sessions import CLEAN, HELPED, MISSED, DrillKey
from fortyfive.widgets.practice_widget import PracticeWidget
from fortyfive.widgets.puzzle import PuzzleMessageError

V1_FILE = Path(__file__).parent / "data" / "fortyfive-progress-v1.json"
DAY = date(2026, 12, 1)
C101 = Recipe("c1-01", "order")
DRILLED = Recipe("drill-order-s42-d1-n3", "order", DrillKey("order", 42, 1, 3))


def card(recipe: Recipe, due: date, stability: float = 2.0, days: int = 2) -> ReviewItem:
    """A queue entry due on ``due``, last reviewed ``days`` before it."""
    return ReviewItem(recipe, due, stability, 5.0, due - timedelta(days=days))


def attempt(puzzle_id: str = "c1-01", correct: bool = False, **extra: Any) -> dict[str, Any]:
    p = get_puzzle(puzzle_id) if puzzle_id.startswith("c") else None
    return {
        "puzzle": puzzle_id,
        "kind": p.kind if p else "order",
        "chapter": p.chapter if p else None,
        "answer": None,
        "correct": correct,
        "seconds": 1.0,
        "hints_used": 0,
        "shown": False,
        **extra,
    }


def log_at(path: Path, day: date = DAY) -> ProgressLog:
    return ProgressLog(path, today=lambda: day)


def solve(w: PracticeWidget) -> None:
    for answer in script(w.puzzle)[1]:
        w.answer(answer)


def fail(w: PracticeWidget) -> None:
    w.answer(script(w.puzzle)[0])
    if not w.done:
        w.show()


# ---------------------------------------------------------------- the scheduler


def test_fsrs_a_miss_is_due_tomorrow_and_clean_reviews_space_it_out() -> None:
    items = missed([], C101, DAY)
    assert [(i.due, i.last) for i in items] == [(DAY + timedelta(days=1), DAY)]
    assert len(missed(items, C101, DAY)) == 1  # once in the queue
    intervals = []
    for _ in range(8):
        items = reviewed(items, C101, CLEAN, items[0].due)
        intervals.append(items[0].interval())
    # FSRS's default weights at 90 % retention: the stability grows with each recall
    assert intervals == [2, 6, 17, 44, 102, 220, MAX_INTERVAL, MAX_INTERVAL]
    assert SCHEDULER.desired_retention == 0.9 and not SCHEDULER.enable_fuzzing


def test_fsrs_a_hint_puts_it_off_less_than_a_clean_solve_and_a_miss_brings_it_back() -> None:
    item = card(C101, DAY, stability=8.0, days=8)
    clean, hinted, miss = (graded(item, C101, o, DAY) for o in (CLEAN, HELPED, MISSED))
    assert miss.interval() < hinted.interval() < clean.interval()
    assert miss.interval() == 1 and miss.stability < item.stability < clean.stability
    assert hinted.difficulty > item.difficulty > clean.difficulty  # a hint: harder than thought
    other = card(DRILLED, DAY)
    assert reviewed([item, other], C101, HELPED, DAY) == [hinted, other]
    assert reviewed([], C101, CLEAN, DAY) == []  # a puzzle not in the queue enters only missed
    with pytest.raises(ValueError, match="unknown outcome"):
        reviewed([item], C101, "lucky", DAY)


def test_due_puzzles_are_todays_and_the_overdue_least_stable_first() -> None:
    c119, c201 = Recipe("c1-19", "order"), Recipe("c2-01", "winner")
    items = [
        card(C101, DAY - timedelta(days=5), stability=4.0),
        card(c119, DAY, stability=1.0),
        card(c201, DAY + timedelta(days=1), stability=0.5),
        card(DRILLED, DAY - timedelta(days=2), stability=0.2),
    ]
    assert [i.recipe.puzzle for i in due_items(items, DAY)] == [
        "drill-order-s42-d1-n3",
        "c1-19",
        "c1-01",
    ]
    assert len(due_items(items, DAY + timedelta(days=1))) == 4
    assert due_items(items, DAY - timedelta(days=6)) == []


def test_the_scheduler_is_the_pinned_pure_python_fsrs_so_it_runs_in_pyodide() -> None:
    """fsrs is a dependency pinned in pyproject.toml (the due days follow its weights), and its
    distribution is pure Python needing typing-extensions alone (which the Lite site ships)."""
    import tomllib
    from importlib.metadata import distribution

    dist = distribution("fsrs")
    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert f"fsrs=={dist.version}" in project["project"]["dependencies"]
    files = [str(f) for f in dist.files or []]
    assert files and not [f for f in files if f.endswith((".so", ".pyd", ".dylib", ".dll"))]
    needs = [r for r in dist.requires or [] if "extra ==" not in r]
    assert needs == ["typing-extensions"]
    wheel = dist.read_text("WHEEL") or ""
    assert "Root-Is-Purelib: true" in wheel and "py3-none-any" in wheel


# ---------------------------------------------------------------- what enters the queue


def test_a_miss_recorded_with_a_recipe_enters_the_queue_and_a_right_answer_does_not(
    tmp_path: Path,
) -> None:
    log = log_at(tmp_path / "p.json")
    log.record(attempt("c1-01", correct=True), C101)
    log.record(attempt("c1-19", correct=False))  # no recipe: cannot be re-created
    assert log.review_items() == []
    log.record(attempt("c1-01", correct=False), C101)
    log.record(attempt("c2-01", correct=False, shown=True), Recipe("c2-01", "winner"))
    assert [(i.recipe.puzzle, i.due) for i in log.review_items()] == [
        ("c1-01", DAY + timedelta(days=1)),
        ("c2-01", DAY + timedelta(days=1)),
    ]
    data = json.loads(log.path.read_text())
    assert data["version"] == VERSION and len(data["attempts"]) == 4
    assert data["review"][0] == {
        "puzzle": "c1-01",
        "kind": "order",
        "due": "2026-12-02",
        "last": "2026-12-01",
        "stability": 0.212,
        "difficulty": 6.4133,
    }


def test_a_shipped_puzzle_missed_in_a_chapter_enters_the_queue(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = puzzle("c2-01", tries_before_show=1, progress_file=path)
    w.answer(script(w.puzzle)[0])
    generated = generate_puzzles("winner", 1, seed=5, difficulty=2)[0]
    g = puzzle(generated, progress_file=path)
    g.answer(script(generated)[0])  # made by hand here: it cannot be re-created for review
    assert [i.recipe for i in ProgressLog(path).review_items()] == [Recipe("c2-01", "winner")]
    assert Recipe.of(get_puzzle("c2-01")) == Recipe("c2-01", "winner")
    changed = type(generated).from_dict(dict(get_puzzle("c2-01").to_dict(), prompt="?"))
    assert Recipe.of(changed) is None  # a shipped id on another puzzle is not the shipped one


def test_a_drills_miss_enters_the_queue_with_what_re_creates_it(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = drill("legal", seed=9, difficulty=2, progress_file=path)
    solve(w)
    w.next()
    fail(w)
    (item,) = ProgressLog(path).review_items()
    key = DrillKey("legal", 9, 2, 2)
    assert item.recipe == Recipe(key.id, "legal", key) and item.interval() == 1
    assert item.recipe.recreate() == w.puzzle
    stored = json.loads(path.read_text())["review"][0]
    assert stored["drill"] == {"seed": 9, "difficulty": 2, "number": 2}
    assert read_attempts(path)[0]["puzzle"] == "drill-legal-s9-d2-n1"


# ---------------------------------------------------------------- the review session


def queue(path: Path, items: list[ReviewItem]) -> None:
    data = {
        "format": "fortyfive-progress",
        "version": VERSION,
        "attempts": [],
        "review": [i.to_json() for i in items],
    }
    path.write_text(json.dumps(data))


def test_the_review_serves_the_due_puzzles_and_schedules_them_again(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    later = Recipe("c3-02", "turn")
    queue(
        path,
        [
            card(C101, DAY, stability=2.0),
            card(DRILLED, DAY - timedelta(days=1), stability=1.0, days=1),
            card(later, DAY + timedelta(days=3)),
        ],
    )
    w = review(progress_file=path, today=DAY)
    assert isinstance(w, PracticeWidget) and isinstance(w.session, ReviewSession)
    assert repr(w) == "<PracticeWidget review, 2 due: puzzle 1, streak 0 (best 0)>"
    assert w.puzzle == fresh(DRILLED, DAY) and w.practice["left"] == 1  # of the same kind
    solve(w)
    assert w.practice["note"].startswith("First try: streak 1. Remembered: it comes back in ")
    w.next()
    assert w.puzzle == fresh(C101, DAY)
    fail(w)
    assert w.practice["over"] and not w.practice["can_next"]
    with pytest.raises(PuzzleMessageError, match="no puzzle left"):
        w.next()
    assert w.practice["note"].endswith("Missed: it comes back tomorrow. That was the last one.")
    now = {i.recipe.puzzle: i for i in ProgressLog(path).review_items()}
    drilled = graded(card(DRILLED, DAY - timedelta(days=1), 1.0, 1), DRILLED, CLEAN, DAY)
    assert now[DRILLED.puzzle] == drilled and drilled.interval() > 1
    assert (now["c1-01"].due, now["c1-01"].last) == (DAY + timedelta(days=1), DAY)
    assert now["c3-02"] == card(later, DAY + timedelta(days=3))
    assert len(read_attempts(path)) >= 2  # the review's checks are recorded too
    table = review_boxes(path)
    assert isinstance(table, Table)
    assert drilled.due > DAY + timedelta(days=3)  # the soonest first
    assert table.column("puzzle") == ("c1-01", "c3-02", DRILLED.puzzle)
    assert table.columns == ("puzzle", "kind", "due", "stability", "difficulty")


def test_with_nothing_due_the_review_says_when_the_next_comes(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    assert "the review queue is empty" in repr(review(progress_file=path))
    queue(path, [card(C101, DAY + timedelta(days=4))])
    message = review(progress_file=path, today=DAY)
    assert isinstance(message, PracticeMessage)
    assert repr(message) == (
        "Nothing is due for review today. 1 puzzle waits in the review queue; the next comes "
        "back on 2026-12-05 (in 4 days)."
    )
    assert "<p" in message._repr_html_()
    assert isinstance(review(progress_file=path, today=DAY + timedelta(days=4)), PracticeWidget)


def test_a_well_known_puzzle_comes_back_within_the_year(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    queue(path, [card(C101, DAY, stability=300.0, days=300)])
    w = review(progress_file=path, today=DAY)
    assert isinstance(w, PracticeWidget)
    solve(w)
    assert f"Remembered: it comes back in {MAX_INTERVAL} days." in w.practice["note"]
    (item,) = ProgressLog(path).review_items()
    assert item.due == DAY + timedelta(days=MAX_INTERVAL) and item.stability > 300


# ---------------------------------------------------------------- version 1


def test_a_real_version_1_file_is_read_and_upgraded(tmp_path: Path) -> None:
    """tests/data/fortyfive-progress-v1.json was written by the course before version 2: c1-01
    (a wrong answer, then solved), c1-02 (right), c2-01 (a hint, then right), c3-01 (a wrong
    answer, then Show me), c0-07 (a wrong answer, then right) and a generated winner puzzle (a
    wrong answer). c1-02, c3-01 and c0-07 have since left the course (their numbers retired):
    their attempts are kept, and they do not enter the queue."""
    path = tmp_path / "fortyfive-progress.json"
    shutil.copy(V1_FILE, path)
    raw = path.read_bytes()
    old = json.loads(raw)
    assert old["version"] == 1 and "review" not in old
    data = read_progress(path)
    assert data.attempts == old["attempts"]
    assert path.read_bytes() == raw  # reading never writes
    # the shipped puzzles with a wrong answer or a Show me, in box 1, due the day after
    failed = {"c1-01"}
    assert {"c1-02", "c3-01", "c0-07"} <= {a["puzzle"] for a in data.attempts}
    assert {i.recipe.puzzle for i in data.review} == failed
    last = max(a["time"][:10] for a in old["attempts"])
    assert {i.due for i in data.review} == {date.fromisoformat(last) + timedelta(days=1)}
    assert {i.interval() for i in data.review} == {1}
    assert list(progress(path).column("puzzle")) == [a["puzzle"] for a in old["attempts"]]
    assert chapter_results(1, path).to_pandas().set_index("puzzle").loc["c1-01", "tries"] == 2
    # the next check writes the present version, keeping every attempt and the upgraded queue
    ProgressLog(path).record(attempt("c1-19", correct=True))
    new = json.loads(path.read_text())
    assert new["version"] == VERSION and new["attempts"][:-1] == old["attempts"]
    assert {e["puzzle"] for e in new["review"]} == failed


# ---------------------------------------------------------------- untrusted files


def v2(review_entries: Any, **extra: Any) -> dict[str, Any]:
    return {
        "format": "fortyfive-progress",
        "version": 2,
        "attempts": [],
        "review": review_entries,
        **extra,
    }


GOOD = {"puzzle": "c1-01", "kind": "order", "box": 1, "due": "2026-12-02"}
GOOD5 = {
    "puzzle": "c1-01",
    "kind": "order",
    "due": "2026-12-02",
    "last": "2026-12-01",
    "stability": 0.212,
    "difficulty": 6.4133,
}
DRILL = {
    "puzzle": "drill-order-s42-d1-n3",
    "kind": "order",
    "box": 2,
    "due": "2026-12-02",
    "drill": {"seed": 42, "difficulty": 1, "number": 3},
}


def v5(review_entries: Any) -> dict[str, Any]:
    return {**v2(review_entries), "version": VERSION}


DRILL5 = {
    **{k: v for k, v in DRILL.items() if k != "box"},
    "last": "2026-12-01",
    "stability": 1.0,
    "difficulty": 5.0,
}


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (v5([{**GOOD5, "box": 1}]), r"review\[0\]: must be an object with the fields"),
        (v5([GOOD]), r"review\[0\]: must be an object with the fields puzzle, kind, due, last"),
        (v5([{**GOOD5, "stability": 0}]), "stability is 0: expected a number 0.001 to 36500"),
        (v5([{**GOOD5, "stability": 1e9}]), "stability is 1000000000.0"),
        (v5([{**GOOD5, "stability": "2"}]), "stability is '2'"),
        (v5([{**GOOD5, "stability": True}]), "stability is True"),
        (v5([{**GOOD5, "difficulty": 11}]), "difficulty is 11: expected a number 1 to 10"),
        (v5([{**GOOD5, "difficulty": None}]), "difficulty is None"),
        (v5([{**GOOD5, "last": "2026-12-03"}]), "due is 2026-12-02: expected from last"),
        (v5([{**GOOD5, "due": "2028-12-02"}]), "expected from last .* to 365 days on"),
        (v5([{**GOOD5, "last": "yesterday"}]), "last is 'yesterday': expected a date"),
        (v5([GOOD5, GOOD5]), r"review\[1\]: c1-01 is listed twice"),
        (v5([{**DRILL5, "drill": {**DRILL["drill"], "difficulty": 2}}]), "its drill key makes"),
        (v2({}), "'review' must be a list of at most 5000"),
        (v2([GOOD] * (MAX_ITEMS + 1)), "'review' must be a list of at most 5000"),
        (v2([GOOD, GOOD]), r"review\[1\]: c1-01 is listed twice"),
        (v2([[1]]), r"review\[0\]: must be an object with the fields"),
        (v2([{**GOOD, "answer": "5D"}]), r"review\[0\]: must be an object"),
        (v2([{k: v for k, v in GOOD.items() if k != "due"}]), "must be an object"),
        (v2([{**GOOD, "puzzle": 7}]), "puzzle is 7: expected a puzzle id"),
        (v2([{**GOOD, "puzzle": "x" * 101}]), "expected a puzzle id"),
        (v2([{**GOOD, "kind": "poker"}]), "kind is 'poker'"),
        (v2([{**GOOD, "box": 0}]), "box is 0: expected a whole number 1 to 5"),
        (v2([{**GOOD, "box": 6}]), "box is 6"),
        (v2([{**GOOD, "box": True}]), "box is True"),
        (v2([{**GOOD, "box": "1"}]), "box is '1'"),
        (v2([{**GOOD, "due": "tomorrow"}]), "due is 'tomorrow': expected a date"),
        (v2([{**GOOD, "due": "2026-13-01"}]), "due is '2026-13-01'"),
        (v2([{**GOOD, "due": 20261201}]), "due is 20261201"),
        (v2([{**DRILL, "drill": [42, 1, 3]}]), "drill must be an object with the fields"),
        (v2([{**DRILL, "drill": {"seed": 42}}]), "drill must be an object"),
        (v2([{**DRILL, "drill": {**DRILL["drill"], "seed": -1}}]), "drill: seed is -1"),
        (v2([{**DRILL, "drill": {**DRILL["drill"], "number": 10**7}}]), "drill: number is"),
        (v2([{**DRILL, "drill": {**DRILL["drill"], "difficulty": 2}}]), "its drill key makes"),
        (v2([{**DRILL, "kind": "poker"}]), "kind is 'poker'"),
        (v2([{**DRILL, "kind": "winner"}]), "its drill key makes drill-winner"),
        ({**v2([]), "version": VERSION + 1}, "not a fortyfive progress file"),
        ({**v2([]), "version": 2.0}, "version 1 or 2 or 3 or 4 or 5"),
        ({**v2([GOOD]), "version": 1}, "a version-1 file has no 'review'"),
    ],
)
def test_a_forged_review_queue_is_refused_and_nothing_changes(
    tmp_path: Path, data: Any, needle: str
) -> None:
    path = tmp_path / "fortyfive-progress.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(ProgressError, match=needle):
        read_progress(path)
    with pytest.raises(ProgressError, match=needle):
        ProgressLog(path).record(attempt("c1-01"), C101)
    message = review(progress_file=path)
    assert isinstance(message, PracticeMessage)
    assert repr(message).startswith("The review cannot start: ") and "Nothing was changed" in repr(
        message
    )
    w = drill("order", seed=1, progress_file=path)
    fail(w)  # the drill goes on; the recorder's refusal is shown in the widget
    assert w.notice["text"].startswith(f"not saved: {path}")
    assert path.read_bytes() == before


def test_an_oversized_progress_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "fortyfive-progress.json"
    path.write_text(json.dumps(v2([])) + " " * MAX_FILE_BYTES)
    before = path.stat().st_size
    assert "larger than" in repr(review(progress_file=path))
    with pytest.raises(ProgressError, match="larger than"):
        ProgressLog(path).record(attempt("c1-01"), C101)
    assert path.stat().st_size == before


def test_a_puzzle_the_course_no_longer_ships_leaves_the_queue(tmp_path: Path) -> None:
    """A newer course may renumber its puzzles: an older file is still read, without them."""
    path = tmp_path / "fortyfive-progress.json"
    gone = {**GOOD, "puzzle": "c9-99"}
    changed = {**GOOD, "puzzle": "c2-01", "kind": "order"}  # c2-01 is a winner puzzle
    path.write_text(json.dumps(v2([gone, DRILL, changed])))
    (kept,) = read_progress(path).review
    assert kept == legacy_item_from_json(DRILL)
    ProgressLog(path).record(attempt("c1-19", correct=True))
    assert json.loads(path.read_text())["review"] == [kept.to_json()]


def test_a_well_formed_queue_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "fortyfive-progress.json"
    path.write_text(json.dumps(v5([GOOD5, DRILL5])))
    items = read_progress(path).review
    assert [i.to_json() for i in items] == [GOOD5, DRILL5]
    assert items[1].recipe.drill == DrillKey("order", 42, 1, 3)


@pytest.mark.parametrize("version", [2, 3, 4])
def test_leitner_boxes_of_versions_2_to_4_become_fsrs_cards_due_the_same_day(
    tmp_path: Path, version: int
) -> None:
    """An older file's queue keeps its puzzles and their due days; box b's days (1, 2, 4, 8,
    16) become the card's stability, and the next check writes the present version."""
    path = tmp_path / "fortyfive-progress.json"
    boxed = [{**GOOD, "box": 4, "due": "2026-12-09"}, DRILL]
    path.write_text(json.dumps({**v2(boxed), "version": version}))
    items = read_progress(path).review
    assert [(i.recipe.puzzle, i.due, i.stability, i.interval()) for i in items] == [
        ("c1-01", date(2026, 12, 9), 8.0, 8),
        (DRILL["puzzle"], date(2026, 12, 2), 2.0, 2),
    ]
    assert {i.difficulty for i in items} == {LEGACY_DIFFICULTY}
    assert legacy_item_from_json(DRILL).recipe.drill == DrillKey("order", 42, 1, 3)
    ProgressLog(path).record(attempt("c1-19", correct=True))
    new = json.loads(path.read_text())
    assert new["version"] == VERSION and [e["due"] for e in new["review"]] == [
        "2026-12-09",
        "2026-12-02",
    ]
    assert read_progress(path).review == items


def test_a_version_1_file_with_sparse_attempts_upgrades(tmp_path: Path) -> None:
    """Version 1 checked only the fields present: an attempt without a puzzle or a time is
    still read, and only what names a shipped puzzle enters the queue."""
    path = tmp_path / "fortyfive-progress.json"
    attempts = [{"correct": False}, {"puzzle": "c1-01", "correct": False}, {"puzzle": "c1-19"}]
    path.write_text(
        json.dumps({"format": "fortyfive-progress", "version": 1, "attempts": attempts})
    )
    (item,) = read_progress(path).review
    assert item.recipe == C101 and item.due == date.today() + timedelta(days=1)


def test_a_version_1_attempt_dated_in_the_year_9999_is_due_tomorrow(tmp_path: Path) -> None:
    """The day after 9999-12-31 is past the last date there is: such a time counts as today's,
    and the file is read and written (it raised OverflowError at every check)."""
    path = tmp_path / "fortyfive-progress.json"
    late = {**attempt("c1-01"), "time": "9999-12-31T00:00:00"}
    path.write_text(json.dumps({"format": "fortyfive-progress", "version": 1, "attempts": [late]}))
    (item,) = read_progress(path).review
    assert item.due == date.today() + timedelta(days=1)
    ProgressLog(path).record(attempt("c1-19", correct=True))
    assert len(read_progress(path).attempts) == 2


@pytest.mark.parametrize("key", ["chapter", "seconds", "hints_used"])
@pytest.mark.parametrize("value", [False, True])
def test_a_yes_or_no_where_a_number_belongs_is_refused(
    tmp_path: Path, key: str, value: bool
) -> None:
    path = tmp_path / "fortyfive-progress.json"
    path.write_text(json.dumps(v2([], attempts=[{**attempt("c1-01"), key: value}])))
    with pytest.raises(ProgressError, match=f"{key} is {str(value).lower()}|{key} is {value}"):
        read_progress(path)


def test_the_results_read_an_attempt_that_leaves_fields_out_soundly(tmp_path: Path) -> None:
    path = tmp_path / "fortyfive-progress.json"
    sparse = [{"puzzle": "c0-01", "chapter": 0}, {"puzzle": "c0-02", "chapter": 0, "correct": True}]
    path.write_text(json.dumps({"format": "fortyfive-progress", "version": 2, "attempts": sparse}))
    rows = {r["puzzle"]: r for r in chapter_results(0, path).records()}
    assert (rows["c0-01"]["tries"], rows["c0-01"]["shown"], rows["c0-01"]["hints"]) == (1, False, 0)
    assert rows["c0-01"]["solved"] is False and rows["c0-02"]["solved"] is True


def test_the_review_writes_its_card_after_the_page_has_the_new_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card is written once the outcome is synced (off the click's path, as the attempt
    records are); a write that fails is shown and the review goes on."""
    path = tmp_path / "p.json"
    queue(path, [card(C101, DAY), card(Recipe("c1-19", "order"), DAY, stability=2.5)])
    w = review(progress_file=path, today=DAY)
    assert isinstance(w, PracticeWidget) and isinstance(w.session, ReviewSession)
    seen: list[Any] = []
    real = w.session.log.reviewed

    def spy(recipe: Recipe, outcome: str) -> ReviewItem | None:
        seen.append((recipe.puzzle, outcome, w.practice["outcome"], w.practice["note"]))
        return real(recipe, outcome)

    monkeypatch.setattr(w.session.log, "reviewed", spy)
    for answer in script(w.puzzle)[1]:
        w.handle_message({"type": "answer", "answer": answer, "state": w.state})
    assert seen == [
        ("c1-01", CLEAN, CLEAN, "First try: streak 1. Remembered: it comes back in 8 days.")
    ]
    assert ProgressLog(path).review_items()[0] == graded(card(C101, DAY), C101, CLEAN, DAY)

    def broken(recipe: Recipe, outcome: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(w.session.log, "reviewed", broken)
    w.handle_message({"type": "next", "state": w.state})
    solve(w)
    assert w.notice["text"] == "the progress file could not be updated: OSError: disk full"
    assert w.practice["over"] and w.practice["streak"] == 2
