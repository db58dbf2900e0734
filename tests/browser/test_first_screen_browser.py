"""A fresh copy of a chapter in JupyterLab, as ``fortyfive course`` makes it (copied and trusted):
no "Error displaying widget" anywhere before its cells run, the note at its top says how to run
them, and after Run All every card table and puzzle of the chapter is drawn.

The quick tier opens chapter 0 (the most widgets before any explanation) and the card table
notebook; the full tier opens every chapter and the practice notebook too.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fortyfive.course.files import NOTEBOOKS
from fortyfive.course.launch import jupyter_data_dir, trust_notebooks

from .conftest import FIRST_RENDER_MS, Lab
from .first_screen import WIDGET_ERROR, WIDGETS, widget_cells

pytestmark = [pytest.mark.browser, pytest.mark.slow]

QUICK = ["00_start_here.ipynb", "play.ipynb"]
NOTEBOOK_NAMES = sorted(
    p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name != "teachers_guide.ipynb"
)


def fresh_copy(lab: Lab, name: str) -> str:
    """The shipped notebook copied into a folder of its own and trusted, as ``fortyfive course``
    does; the URL that opens it in a workspace of its own."""
    folder = lab.root / f"fresh-{Path(name).stem}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copyfile(NOTEBOOKS / name, folder / name)
    assert trust_notebooks(folder, jupyter_data_dir()) == [name]
    workspace = f"fresh-{Path(name).stem}"
    return f"{lab.url}/lab/workspaces/{workspace}/tree/{folder.name}/{name}?reset&token={lab.token}"


def _run_all(page: Page) -> None:
    """Run All from the menu's command, again if the kernel was not ready the first time."""
    panel = page.locator(".jp-NotebookPanel:visible")
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=FIRST_RENDER_MS)
    deadline = time.monotonic() + FIRST_RENDER_MS / 1000
    while True:
        page.evaluate("window.jupyterapp.commands.execute('runmenu:run-all')")
        try:
            # a prompt with a number: a cell ran (hidden inputs show no prompt, outputs do)
            ran = panel.locator(".jp-InputPrompt, .jp-OutputPrompt").filter(
                has_text=re.compile(r"\[[\d*]+\]")
            )
            expect(ran.first).to_be_attached(timeout=10_000)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise


def _errors_from_top_to_bottom(page: Page, name: str) -> int:
    """Walk the notebook cell by cell from the top (JupyterLab draws only the cells in view)
    and count the widget errors drawn on the way."""
    cells = len(json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"])
    page.locator(".jp-NotebookPanel:visible .jp-Cell").first.click()
    page.keyboard.press("Escape")
    seen = 0
    for _ in range(cells):
        page.wait_for_timeout(150)  # the outputs just scrolled into view are drawn
        seen += page.get_by_text(WIDGET_ERROR).count()
        page.keyboard.press("ArrowDown")
    return seen


def _first_screen_then_run_all(page: Page, lab: Lab, name: str) -> None:
    page.goto(fresh_copy(lab, name))
    panel = page.locator(".jp-NotebookPanel:visible")
    expect(panel).to_have_count(1, timeout=FIRST_RENDER_MS)
    # the whole notebook as the learner first sees it: every cell rendered, none run
    expect(panel.locator("h1").first).to_be_visible(timeout=FIRST_RENDER_MS)
    note = panel.locator(".jp-RenderedMarkdown").get_by_text("Run ▸ Run All Cells")
    expect(note.first).to_be_visible()
    # once the kernel is there the widget manager draws what it can: nothing, and no error
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=FIRST_RENDER_MS)
    assert _errors_from_top_to_bottom(page, name) == 0
    expect(panel.locator(WIDGETS)).to_have_count(0)  # nothing stands in for a widget yet

    _run_all(page)
    widgets = panel.locator(WIDGETS)
    expected = widget_cells(name)
    assert expected > 0
    # every widget drawn (a puzzle far down renders when its cell runs, not when it is seen)
    expect(widgets).to_have_count(expected, timeout=4 * FIRST_RENDER_MS)
    expect(page.get_by_text(WIDGET_ERROR)).to_have_count(0)
    assert not page.console_errors, page.console_errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "name",
    [n if n in QUICK else pytest.param(n, marks=pytest.mark.full) for n in NOTEBOOK_NAMES],
)
def test_a_fresh_copy_shows_no_widget_error_and_draws_its_widgets_once_run(
    page: Page, lab: Lab, name: str
) -> None:
    _first_screen_then_run_all(page, lab, name)


def test_the_count_of_widget_cells_is_read_from_the_cells() -> None:
    """Chapter 0 displays one table and its twelve puzzles; the card table notebook two tables."""
    assert widget_cells("00_start_here.ipynb") == 13
    assert widget_cells("play.ipynb") == 2
