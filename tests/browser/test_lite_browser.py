"""The Lite site in Chromium, offline: a chapter runs on Pyodide in the page, a puzzle is solved
by clicking (a wrong answer first, with its explanation), a card is played at a table, and the
progress file is still there after a reload.

The site (``python -m fortyfive lite``) is served on 127.0.0.1 by a plain static file server;
every other request is aborted and recorded, and only 127.0.0.1 resolves in the browser. No
JupyterLab and no Python server: the kernel is Pyodide, in the page. The figures (kernel ready,
click to feedback) go to ``test-output/browser/.../lite.json``.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from puzzle_answers import script

from fortyfive.course.files import FIRST_CHAPTER, NOTEBOOKS
from fortyfive.puzzles import get_puzzle

try:
    from tests.book_site import built_lite, serve
except ImportError:  # pytest's rootdir import mode puts tests/ itself on sys.path
    from book_site import built_lite, serve  # type: ignore[no-redef]
from tiers import full_only

from .first_screen import WIDGET_ERROR, WIDGETS, widget_cells
from .puzzle_page import by_id, fill_in

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("site")]

CHAPTER = "02_tricks_and_reneging.ipynb"
PUZZLE = "c2-01"
KERNEL_MS = 120_000  # generous: the goal is under 15 s, on a busy 2-core machine it is more


@pytest.fixture(scope="module")
def lite_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The session's Lite site (shared with tests/test_lite.py), served on 127.0.0.1."""
    with serve(built_lite(tmp_path_factory)[0]) as url:
        yield url


class Offline:
    """A page with every request outside the site aborted and recorded."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base
        self.blocked: list[str] = []
        page.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.base + "/", "blob:", "data:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


@pytest.fixture(scope="module")
def context(chromium: Any) -> Iterator[Any]:
    # one context for the whole module: its storage (Lite's files) survives a reload
    ctx = chromium.new_context(viewport={"width": 1280, "height": 1000})
    yield ctx
    ctx.close()


def _run_cells(page: Page, count: int) -> None:
    """Run the notebook's first ``count`` cells, one Shift+Enter each, from the top."""
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")
    for _ in range(count):
        page.keyboard.press("Shift+Enter")


def _kernel_ready(page: Page) -> float:
    """Seconds until the chapter's first code cell with an output has run on the kernel (its
    output prompt shows a number). The cells before it are run from the top; their inputs may
    be collapsed, and a collapsed input shows no prompt."""
    cells = json.loads((NOTEBOOKS / CHAPTER).read_text(encoding="utf-8"))["cells"]
    first = next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and c["outputs"])
    started = time.monotonic()
    page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=KERNEL_MS)
    prompt = page.locator(".jp-Notebook .jp-CodeCell .jp-OutputPrompt").first
    for attempt in range(3):
        # Keys pressed while the notebook is still settling can be lost (seen with two test
        # runs at once on the machine): the cells are then run again, which changes nothing.
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Escape")
        for _ in range(first + 1):
            page.keyboard.press("Shift+Enter")
        try:
            expect(prompt).to_have_text(
                re.compile(r"\[\d+\]"), timeout=KERNEL_MS // 3 if attempt < 2 else KERNEL_MS
            )
            break
        except AssertionError:
            if attempt == 2:
                raise
    return time.monotonic() - started


LATENCY_JS = """
async (selector) => {
  const target = document.querySelector(selector);
  const root = target.closest('.ff-puzzle');
  const before = root.dataset.state;
  return await new Promise((resolve) => {
    let t0 = 0;
    const obs = new MutationObserver(() => {
      if (root.dataset.state !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(root, { attributes: true, attributeFilter: ['data-state'] });
    t0 = performance.now();
    target.click();
  });
}
"""


def _click(page: Page, widget: Locator, answer: Any, spec: dict[str, Any]) -> float:
    sender = fill_in(widget, answer, spec)
    sender.evaluate("e => e.setAttribute('data-timed', '1')")
    ms = float(page.evaluate(LATENCY_JS, "[data-timed='1']"))
    sender.evaluate("e => e.removeAttribute('data-timed')")
    return ms


def test_a_chapter_runs_live_offline_and_keeps_its_progress(
    context: Any, lite_url: str, output_dir: Path
) -> None:
    page = context.new_page()
    net = Offline(page, lite_url)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    started = time.monotonic()
    page.goto(f"{lite_url}/notebooks/index.html?path={CHAPTER}")
    # Trusted as it opens (the site's notebooks say so), before any cell has run.
    expect(page.locator(".jp-NotebookTrustedStatus")).to_have_text("Trusted", timeout=KERNEL_MS)
    ready = _kernel_ready(page)
    opened_to_ready = time.monotonic() - started
    # Run the rest of the chapter: its revealed table and its puzzles are drawn by the kernel.
    cells = page.locator(".jp-Notebook .jp-CodeCell").count()
    for _ in range(cells + 40):
        page.keyboard.press("Shift+Enter")
    expect(page.locator(".ff-table .ff-card-face").first).to_be_visible(timeout=KERNEL_MS)
    widgets = page.locator(".ff-puzzle")
    widget = by_id(widgets, PUZZLE)
    expect(widget).to_be_visible(timeout=KERNEL_MS)
    widget.scroll_into_view_if_needed()
    # Timed once the chapter has finished running: a click while cells still run waits for them.
    busy = page.locator(".jp-Notebook .jp-InputPrompt", has_text="[*]")
    expect(busy).to_have_count(0, timeout=KERNEL_MS)
    wrong, steps, spec = script(get_puzzle(PUZZLE))
    times = []
    assert wrong is not None
    times.append(_click(page, widget, wrong, spec))
    expect(widget).to_have_attribute("data-verdict", "wrong")
    feedback = widget.locator(".ff-pz-feedback .ff-pz-message")
    expect(feedback).to_contain_text("R")  # the explanation cites its rule id
    for answer in steps:
        times.append(_click(page, widget, answer, spec))
    expect(widget).to_have_attribute("data-solved", "true")
    page.screenshot(path=str(output_dir / "lite-chapter.png"))
    # A card played at one of the chapter's tables: the kernel answers, the card leaves the hand.
    table = page.locator(".ff-table").filter(has=page.locator('.ff-hand button[data-legal="true"]'))
    table = table.first
    table.scroll_into_view_if_needed()
    card = table.locator('.ff-hand button[data-legal="true"]').first
    name = card.get_attribute("data-card")
    before = int(table.get_attribute("data-state") or 0)
    card.click()
    expect(table).not_to_have_attribute("data-state", str(before), timeout=KERNEL_MS)
    expect(table.locator(f'.ff-hand button[data-card="{name}"]')).to_have_count(0)
    # More round trips for the figures: Try again, the wrong answer, the right one, 8 times.
    for _ in range(8):
        reset = widget.locator(".ff-pz-reset")
        reset.evaluate("e => e.setAttribute('data-timed', '1')")
        times.append(float(page.evaluate(LATENCY_JS, "[data-timed='1']")))
        reset.evaluate("e => e.removeAttribute('data-timed')")
        expect(widget).not_to_have_attribute("data-solved", "true")
        times.append(_click(page, widget, wrong, spec))
        for answer in steps:
            times.append(_click(page, widget, answer, spec))
        expect(widget).to_have_attribute("data-solved", "true")

    # The progress file is in the browser's storage: after a reload the file list shows it.
    page.wait_for_timeout(1500)  # the kernel's drive writes through to the page's storage
    page.goto(f"{lite_url}/tree/index.html")
    expect(page.locator(".jp-DirListing-item", has_text="fortyfive-progress.json")).to_be_visible(
        timeout=60_000
    )
    page.reload()
    expect(page.locator(".jp-DirListing-item", has_text="fortyfive-progress.json")).to_be_visible(
        timeout=60_000
    )
    figures = {
        "page_open_to_first_cell_run_s": round(opened_to_ready, 2),
        "kernel_ready_s": round(ready, 2),
        "click_to_feedback_ms": [round(t, 1) for t in times],
        "click_to_feedback_median_ms": round(statistics.median(times), 1),
        "click_to_feedback_p95_ms": round(statistics.quantiles(times, n=20)[-1], 1),
    }
    (output_dir / "lite.json").write_text(json.dumps(figures, indent=1))
    print(figures)
    assert net.blocked == [], f"requests outside the site: {net.blocked}"
    page.close()


def test_the_lite_site_opens_the_first_chapter_in_the_notebook_view(
    context: Any, lite_url: str
) -> None:
    page = context.new_page()
    Offline(page, lite_url)
    page.goto(f"{lite_url}/")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=KERNEL_MS)
    assert f"notebooks/index.html?path={FIRST_CHAPTER}" in page.url
    assert page.locator(".jp-MenuBar").count() == 0  # no JupyterLab, no teacher's menus
    page.close()


@full_only
def test_a_fresh_chapter_in_lite_shows_no_widget_error_and_draws_its_widgets_once_run(
    context: Any, lite_url: str
) -> None:
    """The first chapter as a visitor first meets it in the live copy: the note says how to
    run it, no "Error displaying widget" before the kernel has run a cell, and after the cells
    run every card table and puzzle of the chapter is drawn, none in error."""
    page = context.new_page()
    Offline(page, lite_url)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{lite_url}/notebooks/index.html?path={FIRST_CHAPTER}")
    notebook = page.locator(".jp-Notebook")
    expect(notebook.locator("h1").first).to_be_visible(timeout=KERNEL_MS)
    note = notebook.locator(".jp-RenderedMarkdown").get_by_text("Run ▸ Run All Cells")
    expect(note.first).to_be_visible()
    page.wait_for_timeout(3000)  # the widget manager has drawn whatever it would
    expect(page.get_by_text(WIDGET_ERROR)).to_have_count(0)
    expect(notebook.locator(WIDGETS)).to_have_count(0)  # nothing stands in for a widget yet
    cells = len(json.loads((NOTEBOOKS / FIRST_CHAPTER).read_text(encoding="utf-8"))["cells"])
    _run_cells(page, cells + 5)
    expect(notebook.locator(WIDGETS)).to_have_count(widget_cells(FIRST_CHAPTER), timeout=KERNEL_MS)
    expect(page.get_by_text(WIDGET_ERROR)).to_have_count(0)
    assert errors == [], errors
    page.close()


@full_only
def test_lite_ready_benchmark_prints_where_the_time_goes(chromium: Any, lite_url: str) -> None:
    """The benchmark of book/fortyfive_site/lite_ready.py, once: its figures are printed (no
    timed assertion; the figures are in the Performance page)."""
    from fortyfive_site.lite_ready import CHAPTER, STAGES, first_output_cell, measure, report

    result = measure(chromium, lite_url, CHAPTER, first_output_cell(NOTEBOOKS / CHAPTER))
    print(report([result]))
    assert all(result[s] is not None for s in STAGES), result
    assert result["app"] <= result["kernel"] <= result["first_cell"]
    assert result["wheel_bytes"] > 0
