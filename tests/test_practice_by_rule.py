"""Drills by rule id and by theme (fortyfive.puzzles.sessions.RuleDrill, the course's
``drill(rule=...)`` / ``drill(theme=...)``): every puzzle asks the rule, puzzles are re-made
from their drill key (so a miss goes to the review queue), the difficulty follows the learner's
rating, and an unknown rule or theme is refused with nothing written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzle_answers import script

from fortyfive.course import drill
from fortyfive.course.drill_and_review import LoggedRuleDrill
from fortyfive.course.progress import ProgressLog, Standing, drill_item
from fortyfive.course.rating import Rating
from fortyfive.engine.errors import InputError
from fortyfive.engine.rulebook import RULE_IDS
from fortyfive.puzzles.sessions import (
    RULE_DRILL_KINDS,
    THEMES,
    RuleDrill,
    drill_rules,
    rule_index,
)
from fortyfive.widgets.practice_widget import PracticeWidget


def solve(w: PracticeWidget) -> None:
    for answer in script(w.puzzle)[1]:
        w.answer(answer)


def fail(w: PracticeWidget) -> None:
    w.answer(script(w.puzzle)[0])
    if not w.done:
        w.show()


def test_every_puzzle_of_a_rule_drill_asks_the_rule_and_the_kinds_take_turns(
    tmp_path: Path,
) -> None:
    w = drill(rule="R5.2", seed=3, progress_file=tmp_path / "p.json")
    assert isinstance(w.session, LoggedRuleDrill) and w.session.title == "Drill: R5.2"
    assert set(w.session.kinds) == set(rule_index()["R5.2"]) == {"legal", "keep"}
    kinds = []
    for _ in range(4):
        assert "R5.2" in w.puzzle.rules, w.puzzle
        assert w.puzzle.id == w.session.key().id  # re-made from its key, as any drill's
        kinds.append(w.puzzle.kind)
        solve(w)
        w.next()
    assert set(kinds) == {"legal", "keep"}


def test_a_missed_rule_drill_puzzle_goes_to_the_review_by_its_key(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = drill(rule="R6.6", seed=5, progress_file=path)
    fail(w)
    (item,) = ProgressLog(path).review_items()
    assert item.recipe.drill == w.session.key() and item.recipe.recreate() == w.puzzle


@pytest.mark.parametrize(("theme", "section"), [("renege", "R5"), ("R7", "R7"), ("auction", "R9")])
def test_a_theme_drill_asks_a_rule_of_its_section_of_the_rulebook(
    tmp_path: Path, theme: str, section: str
) -> None:
    rules = drill_rules(theme=theme)
    assert rules and all(r.startswith(f"{section}.") for r in rules)
    assert THEMES.get(theme, theme) == section
    w = drill(theme=theme, seed=8, progress_file=tmp_path / "p.json")
    for _ in range(3):
        assert set(w.puzzle.rules) & set(rules), w.puzzle
        fail(w)
        w.next()


def test_a_rule_drill_of_one_kind_and_the_difficulty_at_which_it_asks_the_rule() -> None:
    d = RuleDrill(("R5.2",), seed=1, kinds=("legal",), choose=lambda kind: 1)
    # a legal puzzle asks R5.2 at difficulty 3 only (a trump lead against protected trumps)
    assert d.kinds == ("legal",) and d.difficulty == 3 and "R5.2" in d.puzzle.rules
    assert d.puzzle.id.startswith("drill-legal-s1-d3-")
    again = RuleDrill(("R5.2",), seed=1, kinds=("legal",), choose=lambda kind: 1)
    assert again.puzzle == d.puzzle  # the same seed, the same puzzles


def test_the_rule_drills_difficulty_follows_the_learners_rating(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    strong = Rating(2050.0, 60.0, 0.06)
    log = ProgressLog(path)
    log.keep_streak(0, 0)
    data = log.read()
    data.practice = Standing(0, 0, strong, {}, [])
    log._write(data)
    w = drill(rule="R3.2", seed=4, progress_file=path)  # winner puzzles, at every difficulty
    assert w.puzzle.kind == "winner" and w.session.difficulty == 3
    data.practice = Standing(0, 0, Rating(), {drill_item("winner", 1): Rating(1500.0, 60, 0.06)})
    log._write(data)
    assert drill(rule="R3.2", seed=4, progress_file=path).session.difficulty == 1
    held = drill(rule="R3.2", seed=4, difficulty=2, progress_file=path)
    assert held.session.difficulty == 2 and "-d2-" in held.puzzle.id


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        # ids the rulebook lacks, put together so that no text cites them as rules
        ({"rule": "R" + "11.1"}, "rule: expected a rule id of the rulebook, R1.1 to R10.5"),
        ({"rule": "R5" + ".9"}, "rule: expected a rule id"),
        ({"rule": "5.2"}, "rule: expected a rule id"),
        ({"rule": 5.2}, "rule: expected a rule id"),
        ({"rule": "R6.2"}, "no drill asks rule R6.2: the drills ask R1.1, "),
        ({"theme": "poker"}, "theme: expected one of cards, trumps, "),
        ({"theme": "R" + "11"}, "theme: expected one of"),
        ({"rule": "R5.2", "theme": "renege"}, "give a rule id or a theme, one of them"),
        ({"rule": "R5.2", "kind": "order"}, "no drill of order asks R5.2"),
    ],
)
def test_an_unknown_rule_or_theme_is_refused_and_nothing_is_written(
    tmp_path: Path, kwargs: dict[str, object], needle: str
) -> None:
    path = tmp_path / "p.json"
    with pytest.raises(InputError, match=needle.replace(".", r"\.")):
        drill(progress_file=path, **kwargs)  # type: ignore[arg-type]
    assert not path.exists()


def test_the_rule_index_covers_what_the_drills_ask_in_the_rulebooks_order() -> None:
    index = rule_index()
    assert list(index) == [r for r in RULE_IDS if r in index]
    assert {k for kinds in index.values() for k in kinds} <= set(RULE_DRILL_KINDS)
    assert "target" not in RULE_DRILL_KINDS
    assert len(index) >= 35  # all but a few of the 49 rules: the chapters ask the rest
