"""The book's live pages, their Python side (fortyfive.widgets.live): each widget keeps the
recipe that rebuilds it only where the book is built; a page's Python rebuilds it from the
recipe, checked as any input from a page, and answers the host's messages through the widget's
own checks. The host (widgets/src/live.js) is tested in Chromium (test_book_browser.py) and its
model in node (widgets/test/live-model.test.mjs)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from fortyfive.engine.game import Game
from fortyfive.puzzles import get_puzzle
from fortyfive.widgets.live import (
    MAX_HOST_MESSAGE_CHARS,
    MAX_RECIPE_CHARS,
    RECIPES_ENV,
    Page,
    RecipeError,
    restore,
)
from fortyfive.widgets.puzzle import PuzzleWidget
from fortyfive.widgets.table import CardTable


@pytest.fixture
def book(monkeypatch: pytest.MonkeyPatch) -> None:
    """As where the book is built (python -m fortyfive book sets it)."""
    monkeypatch.setenv(RECIPES_ENV, "1")


def _page() -> tuple[Page, list[tuple[str, dict[str, Any]]]]:
    sent: list[tuple[str, dict[str, Any]]] = []
    return Page(lambda model, text: sent.append((model, json.loads(text)))), sent


def test_a_widget_keeps_no_recipe_outside_the_books_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RECIPES_ENV, raising=False)
    assert PuzzleWidget("c1-01")._live == {}
    assert CardTable("bruff", seat=0, opponents="rule", seed=1)._live == {}


def test_a_shipped_puzzle_keeps_its_id_and_another_puzzle_none(book: None) -> None:
    w = PuzzleWidget("c1-01", tries_before_show=2)
    assert w._live == {"widget": "puzzle", "id": "c1-01", "tries_before_show": 2}
    changed = dataclasses.replace(get_puzzle("c1-01"), prompt="another")
    assert PuzzleWidget(changed)._live == {}  # not the shipped one: the page cannot rebuild it


def test_a_table_keeps_how_it_began_and_names_no_hidden_card(book: None) -> None:
    t = CardTable("bruff", seat=0, opponents="rule", seed=1)
    recipe = t._live
    assert recipe["record"]["start"] is None and recipe["record"]["actions"] == []
    t.play_bots()
    assert t.game.history and t.live_recipe() == recipe  # as it began, not as it is now
    hidden = {str(c) for s in range(1, 6) for c in t.game.hand(s)}
    assert not any(card in json.dumps(recipe) for card in hidden)
    # A game begun elsewhere behind a seat's view has no recipe: the page would need its cards.
    begun = Game.new("bruff", seed=3)
    begun.apply(begun.legal_actions()[0])
    assert CardTable.from_game(begun, 0, opponents="rule")._live == {}
    assert CardTable.from_game(begun, 0, opponents="rule", reveal=True)._live["reveal"] is True


def test_a_page_answers_a_puzzle_as_a_kernel_would(book: None) -> None:
    page, sent = _page()
    state = json.loads(page.open("m1", json.dumps(PuzzleWidget("c2-01")._live)))
    assert "_esm" not in state and "_live" not in state and state["done"] is False
    wrong = {"type": "answer", "answer": "no such card", "state": state["state"]}
    page.receive("m1", json.dumps({"method": "custom", "content": wrong}))
    assert sent and all(model == "m1" for model, _ in sent)
    updates = [d["state"] for _, d in sent if d["method"] == "update"]
    assert any(u.get("notice", {}).get("kind") == "error" for u in updates)


def test_a_page_plays_a_table_from_its_seed(book: None) -> None:
    t = CardTable("bruff", seat=0, opponents="rule", seed=1, pause_ms=0)
    page, sent = _page()
    state = json.loads(page.open("t1", json.dumps(t._live)))
    assert state["obs"] == t.obs and "_esm" not in state  # the same deal, seen from seat 0
    hidden = {str(c) for s in range(1, 6) for c in t.game.hand(s)}
    synced = json.dumps([state, *(d for _, d in sent)])
    assert not [c for c in hidden if f'"{c}"' in synced]


BAD_RECIPES: list[tuple[object, str]] = [
    ("puzzle", "a recipe is an object"),
    ({"widget": "dashboard"}, "unknown widget 'dashboard'"),
    ({"widget": "puzzle"}, "has 'id'"),
    ({"widget": "puzzle", "id": "c1-01", "solution": 1}, "has 'id'"),
    ({"widget": "puzzle", "id": "c1-01", "tries_before_show": -1}, "tries_before_show"),
    ({"widget": "puzzle", "id": "c1-01", "tries_before_show": True}, "tries_before_show"),
    ({"widget": "puzzle", "id": "x" * 41}, "id:"),
    ({"widget": "table", "seat": 0}, "a table's recipe has exactly"),
]


@pytest.mark.parametrize(("recipe", "says"), BAD_RECIPES, ids=range(len(BAD_RECIPES)))
def test_a_bad_recipe_is_refused_before_a_widget_is_made(recipe: object, says: str) -> None:
    with pytest.raises(RecipeError, match=says.replace("(", r"\(")):
        restore(recipe)


def _table_recipe(**change: object) -> dict[str, Any]:
    recipe = CardTable("bruff", seat=0, opponents="rule", seed=1).live_recipe()
    assert recipe is not None
    return {**recipe, **change}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"seed": -1}, "seed:"),
        ({"pause_ms": 10**9}, "pause_ms:"),
        ({"opponents": "oracle"}, "unknown bot"),
        ({"reveal": "yes"}, "true or false"),
        ({"record": {"preset": "bruff"}}, "bad game record"),
    ],
)
def test_a_bad_table_recipe_is_refused(change: dict[str, object], says: str) -> None:
    with pytest.raises(RecipeError, match=says):
        restore(_table_recipe(**change))


def test_a_dealt_hand_behind_a_seats_view_is_refused() -> None:
    """A record that gives the cards (a started game) is rebuilt only for a revealed table:
    the page holds only what it may show."""
    game = Game.new("bruff", seed=3)
    game.apply(game.legal_actions()[0])
    recipe = _table_recipe(record=game.record())
    with pytest.raises(RecipeError, match="rebuilt from its seed alone"):
        restore(recipe)
    restore({**recipe, "reveal": True})


def test_the_page_refuses_what_it_cannot_open_and_drops_what_it_cannot_read(book: None) -> None:
    page, sent = _page()
    puzzle = json.dumps({"widget": "puzzle", "id": "c1-01"})
    for model_id, text in [
        ("../x", puzzle),
        ("m" * 65, puzzle),
        ("m1", "{not json"),
        ("m1", " " * (MAX_RECIPE_CHARS + 1)),
        ("m1", 7),
    ]:
        with pytest.raises(RecipeError):
            page.open(model_id, text)
    page.open("m1", puzzle)
    with pytest.raises(RecipeError, match="open already"):
        page.open("m1", puzzle)
    sent.clear()
    for model_id, message in [
        ("nobody", json.dumps({"method": "custom", "content": {}})),
        ("m1", "{not json"),
        ("m1", "x" * (MAX_HOST_MESSAGE_CHARS + 1)),
        ("m1", None),
    ]:
        page.receive(model_id, message)
    assert sent == []  # nothing read, nothing answered
