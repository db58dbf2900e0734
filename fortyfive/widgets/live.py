"""The book's pages live: each widget runs in the page's own Python (Pyodide), with no kernel.

Where the book is built (``python -m fortyfive book`` sets :data:`RECIPES_ENV`), every widget
keeps the recipe that rebuilds it (:meth:`SyncedWidget.live_recipe`): a shipped puzzle's id, a
card table's game as it began and its settings. In a page, the host (``widgets/src/live.js``)
draws each widget with its own module, starts Pyodide with the project's wheel, and hands each
recipe to a :class:`Page`. The page's Python rebuilds the widget (:func:`restore`, which checks
a recipe as any input from a page) and bridges it to the host through a comm of its own
(:class:`PageComm`): the host's messages go through the widget's own message handling, checked
and rate-limited as a kernel's are, and every state the widget sends reaches the host as
ipywidgets' ``update`` message. The view still gets only the synced state (the seat's view).

Python runs in the visitor's browser here, so its memory holds the whole game, as JupyterLite's
kernel does; a recipe names no card the page's own code does not (:meth:`CardTable.live_recipe`).

>>> sent = []
>>> page = Page(lambda model, text: sent.append((model, json.loads(text))))
>>> state = json.loads(page.open("m1", json.dumps({"widget": "puzzle", "id": "c1-01"})))
>>> state["done"], state["state"]
(False, 0)
>>> page.receive("m1", json.dumps({"method": "custom", "content": {"type": "hint", "state": 0}}))
>>> sent[-1][0], sent[-1][1]["method"], len(sent[-1][1]["state"]["hints"])
('m1', 'update', 1)
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import comm
from comm.base_comm import BaseComm, BuffersType, MaybeDict

from fortyfive.agents.bots import BOTS, LEVELS
from fortyfive.engine.errors import InputError, quote
from fortyfive.engine.game import Game
from fortyfive.engine.record import RecordError, names_no_card
from fortyfive.engine.validate import integer, json_text, seed
from fortyfive.widgets._base import RECIPES_ENV, SyncedWidget
from fortyfive.widgets.puzzle import PuzzleWidget
from fortyfive.widgets.table import MAX_PAUSE_MS, CardTable

__all__ = ["RECIPES_ENV", "Page", "PageComm", "restore"]

#: Characters of a recipe's JSON (a table's record of a deal given card by card is about 1,000).
MAX_RECIPE_CHARS = 20_000
#: Characters of one message from the host (the largest a widget sends is under 300; a state
#: write of the settings under 100).
MAX_HOST_MESSAGE_CHARS = 4_000
#: Widgets one page may open (a chapter has about twenty).
MAX_WIDGETS = 200
#: The synced traits the host has already (the widget's code, and the recipe itself).
NOT_RESENT = frozenset({"_esm", "_css", "_live"})
_MODEL_ID = re.compile(r"^[0-9A-Za-z_-]{1,64}$")
_TABLE_KEYS = {
    "widget",
    "record",
    "seat",
    "reveal",
    "opponents",
    "level",
    "seed",
    "pause_ms",
    "four_colour",
}
_PUZZLE_KEYS = {"widget", "id", "tries_before_show"}
#: The largest "tries before Show me" a recipe may ask.
MAX_TRIES_BEFORE_SHOW = 100


class RecipeError(InputError):
    """A recipe a page may not rebuild a widget from; the text says which part is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__("recipe", None, "", message)


@contextlib.contextmanager
def _refused_as_recipe() -> Iterator[None]:
    """The engine's own checks (:mod:`fortyfive.engine.validate`), refusing as a recipe."""
    try:
        yield
    except InputError as e:
        raise RecipeError(str(e)) from None


def restore(recipe: object) -> SyncedWidget:
    """The widget ``recipe`` (:meth:`SyncedWidget.live_recipe`) describes, rebuilt; anything
    else is refused with :class:`RecipeError` before a widget is made.

    >>> restore({"widget": "puzzle", "id": "c1-01"})
    <PuzzleWidget c1-01 (...): tries 0, open>
    >>> restore({"widget": "table", "seat": 9})
    Traceback (most recent call last):
    ...
    fortyfive.widgets.live.RecipeError: a table's recipe has exactly ...
    """
    if not isinstance(recipe, dict):
        raise RecipeError(f"a recipe is an object, not {quote(recipe)}")
    kind = recipe.get("widget")
    if kind == "puzzle":
        return _puzzle(recipe)
    if kind == "table":
        return _table(recipe)
    raise RecipeError(f"unknown widget {quote(kind)}: expected 'puzzle' or 'table'")


def _puzzle(recipe: dict[str, Any]) -> PuzzleWidget:
    if not set(recipe) <= _PUZZLE_KEYS or "id" not in recipe:
        raise RecipeError(f"a puzzle's recipe has 'id' and may have {sorted(_PUZZLE_KEYS)}")
    tries = recipe.get("tries_before_show", 3)
    with _refused_as_recipe():
        integer(tries, "tries_before_show", 0, MAX_TRIES_BEFORE_SHOW)
    pid = recipe["id"]
    if not isinstance(pid, str) or len(pid) > 40:
        raise RecipeError(f"id: a shipped puzzle's id such as 'c1-01', not {quote(pid)}")
    return PuzzleWidget(pid, tries_before_show=tries)


def _table(recipe: dict[str, Any]) -> CardTable:
    if set(recipe) != _TABLE_KEYS:
        raise RecipeError(f"a table's recipe has exactly {sorted(_TABLE_KEYS)}")
    reveal, four = recipe["reveal"], recipe["four_colour"]
    if not isinstance(reveal, bool) or not isinstance(four, bool):
        raise RecipeError("reveal and four_colour are true or false")
    with _refused_as_recipe():
        pause_ms = integer(recipe["pause_ms"], "pause_ms", 0, MAX_PAUSE_MS)
        bot_seed = seed(recipe["seed"])
    opponents, level = recipe["opponents"], recipe["level"]
    if opponents not in BOTS or (level is not None and level not in LEVELS):
        raise RecipeError(f"unknown bot {quote(opponents)} or level {quote(level)}")
    record = recipe["record"]
    try:
        game = Game.replay(record)
    except RecordError as e:
        raise RecipeError(str(e)) from None
    if not (reveal or names_no_card(record)):
        # the page holds only what it may show: a deal given card by card is a revealed one
        raise RecipeError("a table behind a seat's view is rebuilt from its seed alone")
    return CardTable.from_game(
        game,
        recipe["seat"],
        opponents=opponents if level is None else "rule",
        level=level,
        seed=bot_seed,
        reveal=reveal,
        pause_ms=pause_ms,
        four_colour=four,
    )


class PageComm(BaseComm):
    """A widget's comm in a page: what the widget sends goes to the host (``to_page``, with
    its data as JSON); there is no kernel, so opening and closing send nothing."""

    def __init__(self, to_page: Callable[[str], None], **kwargs: Any) -> None:
        self._to_page = to_page
        super().__init__(**kwargs)

    def publish_msg(
        self,
        msg_type: str,
        data: MaybeDict = None,
        metadata: MaybeDict = None,
        buffers: BuffersType = None,
        **keys: Any,
    ) -> None:
        """Only ``comm_msg`` (an update, a custom message) reaches the host; no widget here
        sends binary buffers."""
        if msg_type == "comm_msg" and data is not None:
            self._to_page(json.dumps(data, separators=(",", ":")))


@contextlib.contextmanager
def _comms_to(to_page: Callable[[str], None]) -> Iterator[None]:
    """Widgets made inside talk to ``to_page`` (comm's own hook for a comm implementation)."""
    before = comm.create_comm

    def create(**kwargs: Any) -> BaseComm:
        return PageComm(to_page, **kwargs)

    comm.create_comm = create
    try:
        yield
    finally:
        comm.create_comm = before


class Page:
    """The widgets of one page, each rebuilt from its recipe; ``send(model_id, json_text)``
    takes what a widget sends (the host applies it to that widget's model)."""

    def __init__(self, send: Callable[[str, str], None]) -> None:
        self._send = send
        self._widgets: dict[str, SyncedWidget] = {}

    def open(self, model_id: object, recipe_text: object) -> str:
        """Rebuild the widget of ``model_id`` from ``recipe_text`` (JSON); return its synced
        state as JSON (without the code the page has). Raises :class:`RecipeError`."""
        if not isinstance(model_id, str) or not _MODEL_ID.match(model_id):
            raise RecipeError(f"a model id is up to 64 letters, digits, - or _: {quote(model_id)}")
        if model_id in self._widgets or len(self._widgets) >= MAX_WIDGETS:
            raise RecipeError(f"model {model_id} is open already, or the page has too many")
        if not isinstance(recipe_text, str) or len(recipe_text) > MAX_RECIPE_CHARS:
            raise RecipeError(f"a recipe is JSON text of at most {MAX_RECIPE_CHARS} characters")
        try:
            recipe = json_text(recipe_text)
        except ValueError as e:
            raise RecipeError(f"not JSON: {e}") from None
        with _comms_to(lambda text: self._send(model_id, text)):
            widget = restore(recipe)
        self._widgets[model_id] = widget
        state = {k: v for k, v in widget.get_state().items() if k not in NOT_RESENT}
        return json.dumps(state, separators=(",", ":"))

    def receive(self, model_id: object, text: object) -> None:
        """One message of the host for a widget (ipywidgets' ``update`` or ``custom``), handed
        to the widget's own message handling, which checks it; one for no open widget, or text
        that is not JSON of a bounded size, is dropped unread."""
        widget = self._widgets.get(model_id) if isinstance(model_id, str) else None
        if widget is None:
            return
        if not isinstance(text, str) or len(text) > MAX_HOST_MESSAGE_CHARS:
            return  # the host sends none so large: not read at all
        try:
            data = json_text(text)
        except ValueError:
            return  # the host sends JSON only
        assert widget.comm is not None
        widget.comm.handle_msg({"content": {"data": data}, "buffers": []})
