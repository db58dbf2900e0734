"""The course notebooks' helpers (fortyfive.course): every table and chart comes from the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fortyfive as ff
from fortyfive import course
from fortyfive.agents.bots import make_bot
from fortyfive.course.files import NOTEBOOKS
from fortyfive.course.progress import VERSION, ProgressLog

E3_HANDS = ["AH 4D 5D 6C 7C", "7S KC KH 8D 9D", "5S KD QD 2C 2H", "AS TD JD 3C 3H"]
E1_HANDS = [
    "7S 3C 3H QH 8C",
    "5S 2C 4H 8H 9C",
    "KD 4C KH 7H AH",
    "2S 5C 5H 9H TC",
    "QC 6C 6H TH JC",
    "4D KC 2H JH 7C",
]


def test_symbols():
    assert course.symbols("5S td jk AH") == "5♠ 10♦ Joker A♥"


@pytest.mark.parametrize("preset", ["bruff", "barker"])
@pytest.mark.parametrize("trump", list("SCDH"))
def test_rank_ladder_is_the_engines_order(preset: str, trump: str):
    df = course.rank_ladder(preset, trump).to_pandas()
    columns = list(df.columns)
    assert columns[0].endswith("(trumps)") and len(columns) == 4
    trumps = [c.symbol() for c in ff.trump_order(preset, trump)]
    assert [v for v in df.iloc[:, 0] if v] == trumps
    others = [s for s in "SCDH" if s != trump]
    for col, suit in zip(columns[1:], others, strict=True):
        plain = [c.symbol() for c in ff.plain_order(preset, suit, trump=trump)]
        assert [v for v in df[col] if v] == plain
    assert list(df.index) == list(range(1, len(df) + 1))
    # the whole pack, each card once
    cells = [v for col in columns for v in df[col] if v]
    assert sorted(cells) == sorted(c.symbol() for c in ff.deck(preset == "bruff"))


def test_trump_ladders():
    df = course.trump_ladders("bruff").to_pandas()
    for s, col in zip("SCDH", df.columns, strict=True):
        assert [v for v in df[col] if v] == [c.symbol() for c in ff.trump_order("bruff", s)]


def test_legal_table_E4():
    lead9 = course.legal_table("barker", "S", "JS 2D", "9S").to_pandas()
    assert lead9["may play"].tolist() == [True, True]
    lead5 = course.legal_table("barker", "S", "JS 2D", "5S").to_pandas()
    assert lead5["may play"].tolist() == [True, False]
    assert lead5["why not"].iloc[1].startswith("R5.3")
    assert lead5["why not"].iloc[0] == ""


def test_deal_game_fills_the_stock_and_plays():
    g = course.deal_game("bruff", 5, E1_HANDS, stock_top="9S")
    assert g.trump == "S" and str(g.turnup) == "9S" and g.to_act == 0
    course.play_cards(g, "7S 5S KD 2S QC 4D")
    assert g.scores == (0, 10, 0)
    t = course.trick_table(g).to_pandas()
    assert t["card"].tolist() == ["7♠", "5♠", "K♦", "2♠", "Q♣", "4♦"]
    assert t["seat"].tolist() == [0, 1, 2, 3, 4, 5]
    assert t["takes the trick"].tolist() == ["", "✓", "", "", "", ""]
    assert t["trump"].tolist() == [True, True, False, True, False, False]


def test_trick_table_shows_the_trick_in_progress():
    g = course.deal_game("bruff", 5, E1_HANDS, stock_top="9S")
    course.play_cards(g, "7S 5S")
    t = course.trick_table(g).to_pandas()
    assert t["card"].tolist() == ["7♠", "5♠"] and set(t["takes the trick"]) == {""}


def e3_game() -> ff.Game:
    g = course.deal_game("barker", 3, E3_HANDS, scores=(70, 85))
    for a in ["bid 20", "pass", "pass", "pass", "trump S"]:
        g.apply(a)
    while g.phase == "discard":
        g.apply("discard")
    course.play_cards(g, "7S 5S AS AH KD TD 4D 8D QD JD 5D 9D 2C 3C 6C KC KH 2H 3H 7C")
    return g


def test_running_totals_chart_barker_E3():
    g = e3_game()
    assert g.scores == (90, 95)
    chart = course.running_totals_chart(g)
    assert chart.labels == ["start", "1"]  # the next hand, not yet played, is left out
    assert chart.lines == {"N-S": [70, 90], "E-W": [85, 95]}
    assert chart.target == 120
    assert repr(chart) == "<ScoreChart 'Running totals, barker': 2 points; N-S 90, E-W 95>"


def test_running_totals_chart_bruff_follows_the_score_sheet():
    g = ff.Game.new("bruff", seed=3)
    bot = make_bot("rule", 1)
    while not g.over:
        assert g.to_act is not None
        g.apply(bot.choose(g, g.to_act))
    sheet = g.score_sheet()
    chart = course.running_totals_chart(g)
    assert len(chart.labels) == len(sheet) + 1
    for name in g.rules.partnership_names:
        assert chart.lines[name][1:] == list(sheet.column(name))
        assert chart.lines[name][-1] == g.scores[g.rules.partnership_names.index(name)]
    deals = sorted({d for d in sheet.column("deal") if isinstance(d, int)})
    assert [text for _, text in chart.breaks] == [f"deal {d}" for d in deals]
    svg = chart.svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg == course.running_totals_chart(g).svg() == chart._repr_svg_()
    assert "target 45" in svg


def test_score_chart_checks_lengths():
    with pytest.raises(ValueError, match="values"):
        course.ScoreChart("t", ["a", "b"], {"A": [1]})


def test_collect_progress(tmp_path: Path):
    for who, correct in [("ann", True), ("bob", False)]:
        log = ProgressLog(tmp_path / who / "fortyfive-progress.json")
        log.record(
            {
                "puzzle": "c1-01",
                "kind": "order",
                "chapter": 1,
                "answer": ["5D"],
                "correct": correct,
                "seconds": 2.0,
                "hints_used": 0,
                "shown": False,
                "time": "2026-01-01T00:00:00+00:00",
            }
        )
    paths = sorted(tmp_path.glob("*/fortyfive-progress.json"))
    df = course.collect_progress(paths)
    assert df["learner"].tolist() == ["ann", "bob"]
    assert df["correct"].tolist() == [True, False]
    named = course.collect_progress({"A": paths[0]})
    assert named["learner"].tolist() == ["A"]
    assert course.collect_progress([]).columns[0] == "learner"
    data = json.loads(paths[0].read_text())
    assert data["format"] == "fortyfive-progress" and data["version"] == VERSION


def test_puzzle_takes_an_id_or_a_puzzle(tmp_path: Path):
    pytest.importorskip("fortyfive.widgets.puzzle")
    from fortyfive.puzzles.generate import generate_puzzles

    w = course.puzzle("c1-01", progress_file=tmp_path / "p.json")
    assert w.puzzle.id == "c1-01"
    p = generate_puzzles("winner", 1, seed=5)[0]
    w2 = course.puzzle(p, progress_file=tmp_path / "p.json")
    assert w2.puzzle == p


def test_deal_timeline_E1_and_the_whole_deal():
    g = course.deal_game("bruff", 5, E1_HANDS, stock_top="9S")
    course.play_cards(g, "7S 5S KD 2S QC 4D 2C 4C 5C 6C KC 3C 2H 3H 4H KH 5H 6H")
    course.play_cards(g, "7H 9H TH JH QH 8H 8C 9C AH TC JC 7C")
    t = course.deal_timeline(g, 1).to_pandas()
    assert t["trick"].tolist() == [1, 2, 3, 4, 5]
    assert t["highest trump"].tolist() == ["5♠"] * 5
    assert t["bonus certain"].tolist() == [True] * 5
    assert t.iloc[0][["A", "B", "C"]].tolist() == [0, 10, 0]
    assert t.iloc[-1][["A", "B", "C"]].tolist() == list(g.deals[0].end_scores or ())
    assert course.deal_timeline(g).to_pandas().empty  # the second deal has no trick yet


def test_deal_timeline_stops_when_the_game_ends():
    g = course.deal_game("bruff", 5, E1_HANDS, stock_top="9S", scores=(0, 35, 0))
    course.play_cards(g, "7S 5S KD 2S QC 4D")
    assert g.over and g.winner == 1
    t = course.deal_timeline(g).to_pandas()
    assert len(t) == 1 and t["game over"].tolist() == ["B wins"]
    assert t.iloc[0][["A", "B", "C"]].tolist() == [0, 45, 0]


CHAPTER_FILES = {
    0: "00_start_here.ipynb",
    1: "01_cards_and_trumps.ipynb",
    2: "02_tricks_and_reneging.ipynb",
    3: "03_deal_turnup_robbing.ipynb",
    4: "04_scoring_race_to_45.ipynb",
    5: "05_auction_forty_fives.ipynb",
    6: "06_whole_game.ipynb",
}


@pytest.mark.parametrize("chapter", sorted(CHAPTER_FILES))
def test_each_chapter_ships_its_collection(chapter: int):
    """Every puzzle of the chapter's collection, in order, one cell each; the kernel note near the
    top; the results cell last among the code cells, its output not compared by nbval."""
    from fortyfive.puzzles import load_collection

    nb = json.loads((NOTEBOOKS / CHAPTER_FILES[chapter]).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    sources = ["".join(c["source"]).strip() for c in code]
    shown = [s for s in sources if s.startswith("puzzle(")]
    assert shown == [f'puzzle("{p.id}")' for p in load_collection(chapter)]
    assert sources[-1] == f"results({chapter})"
    assert "nbval-ignore-output" in code[-1]["metadata"].get("tags", [])
    top = "".join(nb["cells"][0]["source"])
    assert top.startswith(f"# Chapter {chapter} ")
    assert "Your answers are checked wherever this chapter runs" in top
    assert "python -m fortyfive course" in top
    # true wherever the chapter runs: the live (JupyterLite) copy and the book's pages check too
    assert "JupyterLite" in top and "open this chapter in JupyterLab with" not in top
    for c in code:
        assert not any(o["output_type"] == "error" for o in c.get("outputs", []))


def test_notebooks_are_stored_without_widget_state():
    """Widget state (each widget's scripts again) is left out of the stored notebooks; the book
    build executes them and embeds it in the pages."""
    for path in NOTEBOOKS.glob("*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert "widgets" not in nb["metadata"], path.name
