"""Every course notebook prints what is stored in it: its outputs, compared as nbval compares
them, from the book build's one execution (so the quick tier runs each notebook once).

The full tier runs nbval itself on ``notebooks/`` (each notebook in its own kernel). A cell
tagged ``nbval-ignore-output`` (a random seed's game, a timing) is run but not compared, as nbval
does. A stored notebook keeps no widget view (a fresh kernel has none of its models:
``tests/test_course_notebooks.py`` checks it), so the widgets the run displays are left out of
the comparison; the text and HTML a cell prints are compared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fortyfive.course.files import NOTEBOOKS
from tests.book_site import Site, built_site
from tests.notebook_text import WIDGET_VIEW, shows_a_widget

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("site")]

#: What nbval does not compare: ids that differ every run, and the output's own bookkeeping.
SKIP = {WIDGET_VIEW, "image/png", "image/jpeg"}


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def comparable(outputs: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """A cell's outputs as nbval compares them: consecutive streams of a name joined, rich
    outputs by MIME type; a widget's display is left out, as the stored notebook has none."""
    out: list[tuple[str, Any]] = []
    for o in outputs:
        if shows_a_widget(o):
            continue
        kind = o["output_type"]
        if kind == "stream":
            if out and out[-1][0] == f"stream:{o['name']}":
                out[-1] = (out[-1][0], out[-1][1] + _text(o["text"]))
            else:
                out.append((f"stream:{o['name']}", _text(o["text"])))
        elif kind in ("execute_result", "display_data"):
            data = o.get("data", {})
            out.append(("data", {k: _text(v) for k, v in data.items() if k not in SKIP}))
        else:  # an error: never expected in a course notebook
            out.append((kind, f"{o.get('ename')}: {o.get('evalue')}"))
    return out


def _cells(path: Path) -> list[dict[str, Any]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if c["cell_type"] == "code"]


def _ignored(cell: dict[str, Any]) -> bool:
    tags = cell.get("metadata", {}).get("tags", [])
    source = _text(cell["source"])
    return "nbval-ignore-output" in tags or "# NBVAL_IGNORE_OUTPUT" in source


NOTEBOOK_NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return built_site(tmp_path_factory)


def test_the_build_keeps_every_course_notebook_as_it_ran(site: Site) -> None:
    assert sorted(p.name for p in site.executed.glob("*.ipynb")) == NOTEBOOK_NAMES


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_the_stored_outputs_are_what_the_notebook_prints(site: Site, name: str) -> None:
    stored, ran = _cells(NOTEBOOKS / name), _cells(site.executed / name)
    assert [_text(c["source"]) for c in ran] == [_text(c["source"]) for c in stored]
    for number, (want, got) in enumerate(zip(stored, ran, strict=True), 1):
        errors = [o for o in got["outputs"] if o["output_type"] == "error"]
        assert not errors, f"{name}, code cell {number}: {comparable(errors)}"
        if _ignored(want):
            continue
        assert comparable(got["outputs"]) == comparable(want["outputs"]), (
            f"{name}, code cell {number} prints other than its stored outputs "
            "(re-run the notebook and save it, or tag the cell nbval-ignore-output)"
        )


def test_a_changed_output_is_told_apart() -> None:
    """The comparison sees a changed line, text replaced by a widget and a split stream, and
    leaves out a widget's display."""
    a = [{"output_type": "stream", "name": "stdout", "text": ["x\n", "y\n"]}]
    b = [
        {"output_type": "stream", "name": "stdout", "text": "x\n"},
        {"output_type": "stream", "name": "stdout", "text": "y\n"},
    ]
    assert comparable(a) == comparable(b)
    assert comparable(a) != comparable([{"output_type": "stream", "name": "stdout", "text": "x"}])
    view = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "1"}}}
    other = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "2"}}}
    text = {"output_type": "display_data", "data": {"text/plain": "CardTable(...)"}}
    assert comparable([view]) == comparable([other]) == comparable([]) != comparable([text])
    assert comparable([*a, view]) == comparable(b)
