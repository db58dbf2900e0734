"""The course notebooks as a learner first opens them: no stale widget view, a note at the top
saying to run the cells, and the card table notebook starting a game the learner plays.

The browser test of the same first screen is ``tests/browser/test_first_screen_browser.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from notebook_text import WIDGET_VIEW, strip_widget_views, widget_views, without_widget_views

import fortyfive as ff
from fortyfive.course.files import NOTEBOOKS

LEARNER_NOTEBOOKS = sorted(
    p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name != "teachers_guide.ipynb"
)


def _notebook(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return data


def _code(name: str) -> list[str]:
    return ["".join(c["source"]) for c in _notebook(name)["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_a_shipped_notebook_keeps_no_widget_view(name: str) -> None:
    """A widget view names a model of the kernel that ran the notebook: in a fresh copy JupyterLab
    draws "Error displaying widget: model not found" there. Strip them after running and
    saving a notebook: ``python tests/notebook_text.py``."""
    assert widget_views(_notebook(name)) == [], (
        f"{name} keeps widget views: run python tests/notebook_text.py"
    )


@pytest.mark.parametrize("name", LEARNER_NOTEBOOKS)
def test_the_first_lines_say_to_run_the_cells(name: str) -> None:
    """Right under the title, one line: the menu command (JupyterLab's and Lite's) and the key."""
    top = "".join(_notebook(name)["cells"][0]["source"]).splitlines()
    assert top[0].startswith("# ")
    note = next(line for line in top[1:] if line.strip())
    assert note.startswith("> ") and "Run ▸ Run All Cells" in note and "Shift+Enter" in note
    assert "card tables and puzzles appear" in note


@pytest.mark.parametrize("name", LEARNER_NOTEBOOKS)
def test_the_lite_copy_keeps_no_widget_view_and_says_to_run_the_cells(
    tmp_path: Path, name: str
) -> None:
    """The live (JupyterLite) course shows the same first screen: no widget view to fail, and
    the note to run the cells (Run ▸ Run All Cells is in Lite's menu too)."""
    from fortyfive_site.lite import lite_notebook

    lite_notebook(NOTEBOOKS / name, tmp_path / name)
    copy = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    assert widget_views(copy) == []
    assert "Run ▸ Run All Cells" in "".join(copy["cells"][0]["source"])


def test_stripping_keeps_text_and_html_and_drops_views_and_state(tmp_path: Path) -> None:
    view = {
        "output_type": "execute_result",
        "data": {WIDGET_VIEW: {"model_id": "x"}, "text/plain": "<PuzzleWidget c0-01>"},
    }
    text = {"output_type": "stream", "name": "stdout", "text": "scores\n"}
    html = {"output_type": "display_data", "data": {"text/html": "<table/>", "text/plain": "t"}}
    nb = {
        "cells": [
            {"cell_type": "markdown", "source": "# x", "metadata": {}},
            {"cell_type": "code", "source": "t", "outputs": [text, view, html], "metadata": {}},
        ],
        "metadata": {"widgets": {"state": {}}, "kernelspec": {"name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    assert widget_views(nb) == ["cell 1", "metadata"]
    out = without_widget_views(nb)
    assert out["cells"][1]["outputs"] == [text, html] and out["cells"][0] == nb["cells"][0]
    assert out["metadata"] == {"kernelspec": {"name": "python3"}} and widget_views(out) == []
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert strip_widget_views(path) and not strip_widget_views(path)
    assert json.loads(path.read_text(encoding="utf-8")) == out


def _run_cells(cells: list[str]) -> dict[str, Any]:
    """The cells run in one namespace, as a kernel would (a cell's last expression is only
    evaluated: nothing displays it here)."""
    space: dict[str, Any] = {}
    for source in cells:
        exec(compile(source, "cell", "exec"), space)
    return space


def test_play_starts_a_game_of_each_preset_that_waits_for_the_learner() -> None:
    """The tables the notebook shows are games in progress, each at the learner's turn: no bot
    plays the learner's seat, and no game is played to its end."""
    cells = _code("play.ipynb")
    assert not any(re.search(r"\.autoplay\(", source) for source in cells)
    space = _run_cells(cells)
    tables = [v for v in space.values() if isinstance(v, ff.CardTable)]
    assert sorted(t.game.rules.name for t in tables) == ["barker", "bruff"]
    for t in tables:
        assert not t.game.over and t.game.to_act == t.seat
        assert len(t.game.deals) == 1 and t.obs["legal_actions"]


# --- what the chapters say, checked against the engine -----------------------------------------


def _markdown(name: str) -> str:
    return "\n".join(
        "".join(c["source"]) for c in _notebook(name)["cells"] if c["cell_type"] == "markdown"
    )


def _before(name: str, code: str) -> str:
    """The markdown cell just before the first code cell containing ``code``."""
    cells = _notebook(name)["cells"]
    at = next(
        i for i, c in enumerate(cells) if c["cell_type"] == "code" and code in "".join(c["source"])
    )
    return "".join(next(c for c in reversed(cells[:at]) if c["cell_type"] == "markdown")["source"])


def _words(text: str) -> str:
    return " ".join(text.split())


def test_ch4_the_jink_hand_is_the_five_top_trumps_not_five_hearts_r2_3() -> None:
    """5♥ J♥ Joker A♥ K♥ are the five top trumps with hearts trumps; the joker is no heart."""
    name = "04_scoring_race_to_45.ipynb"
    source = next(s for s in _code(name) if s.startswith("JINK_HANDS"))
    hand = ff.parse_cards(re.findall(r'"([^"]+)"', source)[0])
    assert 'stock_top="9H"' in source  # hearts are trumps (R6.3)
    assert list(ff.trump_order(ff.BRUFF, "H")[:5]) == hand
    assert any(c.suit != "H" for c in hand)  # the joker
    said = _words(_before(name, "JINK_HANDS"))
    assert "five top hearts" not in said and "holds the five top trumps, 5♥ J♥ Joker A♥ K♥" in said


def test_ch5_only_the_5_is_a_sure_trick_a_led_5_forces_the_jack_and_ah_r5_2() -> None:
    text = _words(_markdown("05_auction_forty_fives.ipynb"))
    assert "tricks you can count on: the 5, the jack and" not in text
    assert "Only its 5 is a trick you can count on" in text
    assert "a led 5 forces out the jack and A♥ (R5.2)" in text
    for forced in ("JD", "AH"):  # the engine: to a led 5♦ the jack or A♥ must be played
        hand = ff.parse_cards(f"{forced} 2C")
        assert ff.legal_plays(ff.BARKER, "D", hand, ff.parse_cards("5D")) == hand[:1]


def test_ch5_e3_says_north_names_spades_without_a_spade() -> None:
    """E3's North holds no spade yet names spades (the rulebook's example of the scoring); the
    chapter says so where it happens and where the judged hand prefers diamonds."""
    name = "05_auction_forty_fives.ipynb"
    hands = re.findall(r'"([^"]+)"', next(s for s in _code(name) if s.startswith("E3_HANDS")))
    assert not [c for c in ff.parse_cards(hands[0]) if c.suit == "S"]  # North: no spade
    assert any('hand.apply("trump S")' in s for s in _code(name))
    said = _words(_before(name, 'hand.apply("trump S")'))
    assert "North names spades" in said and "North holds no spade at all" in said
    text = _words(_markdown(name))
    assert "as in E3" not in text and "names diamonds, not E3's spades" in text


def test_ch2_why_not_reasons_wrap_instead_of_running_off_the_page() -> None:
    """Each legal table of chapter 2, as stored and as the book shows it, holds its reasons in
    a block of limited width, so a reason wraps rather than being cut at the page's edge."""
    cells = [
        c for c in _notebook("02_tricks_and_reneging.ipynb")["cells"] if c["cell_type"] == "code"
    ]
    tables = [c for c in cells if "".join(c["source"]).startswith("legal_table(")]
    assert len(tables) == 8
    reasons = 0
    for cell in tables:
        (out,) = cell["outputs"]
        page = "".join(out["data"]["text/html"])
        rows = page.count("<tr>") - 1  # the body's rows, not the header's
        assert page.count('<td><div style="min-width: 14em; max-width: 30em;') == rows
        reasons += "".join(out["data"]["text/plain"]).count(" False ")
    assert reasons == 10  # the ten cards that may not be played, each with its reason


def test_ch0_promises_no_second_wrong_answer_saying_more() -> None:
    """Not every kind's second wrong answer says more than its first: chapter 0 does not say so."""
    text = _words(_markdown("00_start_here.ipynb"))
    assert "second one says more" not in text and "second wrong answer" not in text


def test_ch6_says_how_long_a_hint_takes_as_the_solver_caps_it() -> None:
    from fortyfive.solve.hints import HINT_SECONDS

    text = _words(_markdown("06_whole_game.ipynb"))
    assert "a few seconds" not in text
    assert "It answers in under a second (under two in the course's browser copy" in text
    assert HINT_SECONDS < 1  # natively; Pyodide's cap is under two
