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
