"""The course's coverage by rule id, generated from the shipped collections: every rule of the
rulebook is asked by a puzzle, every chapter has at least 12 puzzles of all three difficulties,
and the book's page "Puzzles by rule" is the collections' own (``python -m fortyfive puzzles``
is not needed: the page is written by :func:`fortyfive.puzzles.coverage.coverage_markdown`)."""

from __future__ import annotations

from collections import Counter

from fortyfive_site.book import ROOT

from fortyfive.engine.rulebook import RULE_IDS
from fortyfive.puzzles import CHAPTERS, load_collection
from fortyfive.puzzles._endgame_kind import TargetRun, defends_contract
from fortyfive.puzzles.coverage import coverage_markdown, rule_coverage, shipped_puzzles
from fortyfive.puzzles.generate import COURSE

PAGE = ROOT / "book" / "puzzles_by_rule.md"


def test_every_rule_id_is_asked_by_a_shipped_puzzle() -> None:
    cov = rule_coverage()
    missing = [r for r in RULE_IDS if not cov[r]]
    assert missing == [], f"rule ids no puzzle asks: {missing}"


def test_every_chapter_has_twelve_puzzles_of_all_three_difficulties() -> None:
    for ch in CHAPTERS:
        puzzles = load_collection(ch)
        assert len(puzzles) >= 12, ch
        assert {p.difficulty for p in puzzles} == {1, 2, 3}, ch


def test_no_two_puzzles_ask_the_same_question_of_the_same_position() -> None:
    seen = Counter((p.kind, repr(sorted(p.position.items()))) for p in shipped_puzzles())
    assert [k for k, n in seen.items() if n > 1] == []


def test_the_books_coverage_page_is_written_from_the_collections() -> None:
    assert PAGE.read_text(encoding="utf-8") == coverage_markdown(), (
        "rewrite it: python -c 'from fortyfive.puzzles.coverage import coverage_markdown; "
        'print(coverage_markdown(), end="")\' > book/puzzles_by_rule.md'
    )


def test_an_endgame_that_defends_against_a_contract_is_tagged_r10_2() -> None:
    # whatever the theme, a target that sets the bidders asks R10.2
    targets = [p for p in shipped_puzzles() if p.kind == "target"]
    defending = []
    for p in targets:
        run = p.start()
        assert isinstance(run, TargetRun)
        defends = defends_contract(run.game, run.side, run.target)
        assert ("R10.2" in p.rules) == defends == ("defend" in p.prompt), p.id
        if defends:
            defending.append(p.id)
    defend_variants = {
        f"c{ch}-{number:02d}"
        for ch, plan in COURSE.items()
        for number, (_kind, _d, variant) in plan.items()
        if variant == "barker-defend"
    }
    assert defend_variants <= set(defending) and len(defend_variants) >= 4
