"""Every header cell of the project's own HTML tables says what its column holds (axe's
``empty-table-header``): a table whose rows are only numbered shows no column of numbers, and a
labelled one names its labels' column."""

from __future__ import annotations

import re
from typing import Any

import pytest

import fortyfive as ff
from fortyfive import course
from fortyfive.engine.tabular import Table

EMPTY_HEADER = re.compile(r"<th[^>]*>\s*</th>")


def _game() -> ff.Game:
    game = ff.Game.new("bruff", seed=11)
    while not game.over and len(game.history) < 40:
        game.apply(game.legal_actions()[0])
    return game


def _tables() -> list[tuple[str, Any]]:
    game = _game()
    return [
        ("presets_table", course.presets_table()),
        ("seats_table", course.seats_table("bruff")),
        ("results", course.results(0)),
        ("legal_table", course.legal_table("bruff", "S", hand="KS 2D 9C", trick="7S")),
        ("deal_summary", course.deal_summary(ff.Game.new("bruff", seed=11))),
        ("score_sheet", game.score_sheet()),
        ("score_sheet by deal", game.score_sheet(by="deal")),
        ("score_sheet head", game.score_sheet(by="deal").head(1)),
    ]


@pytest.mark.parametrize(("name", "table"), _tables(), ids=[n for n, _ in _tables()])
def test_no_header_cell_of_the_projects_tables_is_empty(name: str, table: Any) -> None:
    page = table._repr_html_()
    assert "<th" in page, name
    assert not EMPTY_HEADER.search(page), (name, EMPTY_HEADER.search(page))


def test_numbered_rows_show_no_numbers_and_labels_are_named() -> None:
    numbered = Table([{"card": "5H"}, {"card": "JH"}])._repr_html_()
    assert '<th scope="col">card</th>' in numbered and 'scope="row"' not in numbered
    named = Table([{"a": 1}], index=["R5.2"], index_name="rule")._repr_html_()
    assert '<th scope="col">rule</th>' in named and '<th scope="row">R5.2</th>' in named
    unnamed = Table([{"a": 1}, {"a": 2}], index=[4, 5])._repr_html_()
    assert not EMPTY_HEADER.search(unnamed) and '<th scope="row">4</th>' in unnamed
