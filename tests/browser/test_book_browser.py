"""The built book in Chromium, with the network blocked: its pages draw their widgets and answer.

The site is served on 127.0.0.1; every other request is aborted and recorded (the browser is
also launched with only 127.0.0.1 resolvable). No JupyterLab and no kernel: the widgets are
drawn from the state embedded in each page by the site's own script (widgets/src/live.js), which
then runs them against Python started in the page (Pyodide, from the site's Lite copy).

To check another widget, add a (page, CSS selector) pair to PAGE_CHECKS.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from puzzle_answers import script

from fortyfive.puzzles import Puzzle, load_collection

from .conftest import FIRST_RENDER_MS, axe_violations
from .puzzle_page import by_id, card

try:
    from tests.book_site import Site, built_site, serve
except ImportError:  # pytest's rootdir import mode puts tests/ itself on sys.path
    from book_site import Site, built_site, serve  # type: ignore[no-redef]

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("site")]

# (page of the site, a CSS selector of something only a drawn widget has).
# A widget is drawn from the state it had when its notebook finished running.
PAGE_CHECKS: list[tuple[str, str]] = [
    # The appendix's card tables: the seats around the felt, cards drawn as SVG (widgets/table.js).
    ("notebooks/play.html", ".ff-table .ff-felt .ff-seat"),
    ("notebooks/play.html", ".ff-table .ff-card-face"),
    # A chapter's revealed table and its puzzles (widgets/puzzle.js): prompt and cards drawn.
    ("notebooks/02_tricks_and_reneging.html", ".ff-table .ff-card-face"),
    ("notebooks/02_tricks_and_reneging.html", ".ff-puzzle .ff-pz-prompt"),
    ("notebooks/01_cards_and_trumps.html", ".ff-puzzle .ff-card-face"),
    ("notebooks/06_whole_game.html", ".ff-puzzle .ff-pz-hand .ff-card-face"),
]


@pytest.fixture(scope="module")
def book_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built book, served on 127.0.0.1 by a plain static file server."""
    site: Site = built_site(tmp_path_factory)
    with serve(site.root) as url:
        yield url


class Visit:
    """A page of the book opened with every non-local request aborted and recorded."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        page.route("**/*", self._route)
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} {r.failure}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.base + "/", "blob:", "data:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


@pytest.fixture
def visit(chromium: Any, book_url: str, output_dir: Path) -> Iterator[Visit]:
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    v = Visit(context.new_page(), book_url)
    yield v
    try:
        v.page.screenshot(path=str(output_dir / "screenshot.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize(("page_name", "selector"), PAGE_CHECKS)
def test_a_book_page_draws_its_widget_with_the_network_blocked(
    visit: Visit, book_url: str, page_name: str, selector: str, output_dir: Path
) -> None:
    started = time.monotonic()
    visit.page.goto(f"{book_url}/{page_name}")
    expect(visit.page.locator(selector).first).to_be_visible(timeout=FIRST_RENDER_MS)
    drawn = time.monotonic() - started
    (output_dir / "timing.txt").write_text(f"{page_name}: {selector} drawn after {drawn:.2f} s\n")
    # The page says how to open the chapter in JupyterLab too.
    note = visit.page.locator(".fortyfive-kernel-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("python -m fortyfive course")
    visit.page.wait_for_load_state("networkidle")
    assert visit.blocked == [], f"requests outside the site: {visit.blocked}"
    assert visit.failed == [], f"failed requests: {visit.failed}"
    assert visit.errors == [], f"errors in the page: {visit.errors}"


def test_every_widget_of_a_page_is_drawn_from_its_one_copy_of_the_code(visit: Visit) -> None:
    """A chapter's puzzles share one copy of the widgets' code per page (book.py,
    share_widget_code); the page's host (live-model.js) gives it back to each of them."""
    visit.page.goto(f"{visit.base}/notebooks/02_tricks_and_reneging.html")
    views = visit.page.locator('script[type="application/vnd.jupyter.widget-view+json"]')
    drawn = visit.page.locator(".ff-puzzle, .ff-table")
    expect(drawn.first).to_be_visible(timeout=FIRST_RENDER_MS)
    count = views.count()
    assert count > 2
    expect(drawn).to_have_count(count, timeout=FIRST_RENDER_MS)
    assert visit.errors == [], f"errors in the page: {visit.errors}"


def _first_card_puzzle(chapter: int) -> tuple[Puzzle, str, str]:
    """The chapter's first puzzle answered by one card that has a wrong card to try: the puzzle,
    a wrong card and the right one (from the engine, in the test process)."""
    for p in load_collection(chapter):
        wrong, steps, spec = script(p)
        if spec["type"] == "card" and wrong is not None and len(steps) == 1:
            return p, str(wrong), str(steps[0])
    raise AssertionError(f"chapter {chapter} has no one-card puzzle with a wrong card")


def test_a_puzzle_on_a_book_page_answers_wrong_then_right_in_the_page(
    visit: Visit, output_dir: Path
) -> None:
    """No kernel and no JupyterLab: the page starts Python itself (Pyodide, from the site's
    own files) and the puzzle's feedback is the engine's, as in JupyterLab. The figures go to
    live.json: the time from load and from the first click to the first feedback, and the bytes
    the page fetched before and after Python started."""
    fetched: list[tuple[float, str, int]] = []

    def count(response: Any) -> None:
        size = int(response.headers.get("content-length") or 0)
        fetched.append((time.monotonic(), response.url, size))

    visit.page.on("response", count)
    p, wrong, right = _first_card_puzzle(2)
    loaded = time.monotonic()
    visit.page.goto(f"{visit.base}/notebooks/02_tricks_and_reneging.html")
    status = visit.page.locator(".fortyfive-kernel-note .fortyfive-live-status")
    widget = by_id(visit.page.locator(".ff-puzzle"), p.id)
    expect(widget).to_be_visible(timeout=FIRST_RENDER_MS)
    drawn = time.monotonic()
    widget.scroll_into_view_if_needed()
    expect(widget.locator(".ff-pz-how")).not_to_contain_text("static")
    clicked = time.monotonic()
    card(widget, wrong).click()  # answered once Python is ready, however early
    expect(widget).to_have_attribute("data-verdict", "wrong", timeout=120_000)
    answered = time.monotonic()
    feedback = widget.locator(".ff-pz-feedback")
    expect(feedback).to_contain_text("Not quite.")
    expect(status).to_have_attribute("data-live", "live")
    expect(status).to_contain_text("Live")
    wrong_text = feedback.inner_text()
    # Timed in the page, from the click to the widget saying it is solved.
    right_ms = widget.evaluate(
        """(w, button) => new Promise((done) => {
             const t0 = performance.now();
             const seen = new MutationObserver(() => {
               if (w.dataset.solved === "true") { seen.disconnect(); done(performance.now() - t0); }
             });
             seen.observe(w, { attributes: true });
             button.click();
           })""",
        card(widget, right).element_handle(),
    )
    expect(widget).to_have_attribute("data-solved", "true")
    right_text = feedback.inner_text()
    assert right_text != wrong_text and "Not quite." not in right_text
    if p.principle:
        assert p.principle in right_text
    widget.screenshot(path=str(output_dir / "live-puzzle.png"))
    timings = visit.page.evaluate("() => window.fortyfiveLive.timings")
    before = sum(n for t, _, n in fetched if t < drawn)
    python = sum(n for _, url, n in fetched if "/lite/static/pyodide/" in url)
    report = {
        "puzzle": p.id,
        "load_to_drawn_s": round(drawn - loaded, 2),
        "first_click_to_feedback_s": round(answered - clicked, 2),
        "second_answer_ms": round(right_ms, 1),
        "pyodide_ready_ms": round(timings["pyodide"] - timings["start"]),
        "live_ms": round(timings["ready"] - timings["start"]),
        "page_bytes_before_python": before,
        "python_bytes": python,
        "wrong_feedback": wrong_text,
        "right_feedback": right_text,
    }
    (output_dir / "live.json").write_text(json.dumps(report, indent=1))
    figures = {k: v for k, v in report.items() if not k.endswith("_feedback")}
    print("\nlive book page:", json.dumps(figures))
    assert visit.blocked == [], f"requests outside the site: {visit.blocked}"
    assert visit.errors == [], f"errors in the page: {visit.errors}"


def test_a_card_table_on_a_book_page_plays_in_the_page(visit: Visit) -> None:
    """The appendix's card table: a card the seat may play is played and the table answers,
    as it would in JupyterLab; the page's Python checks the click."""
    visit.page.goto(f"{visit.base}/notebooks/play.html")
    table = visit.page.locator(".ff-table").first
    expect(table).to_be_visible(timeout=FIRST_RENDER_MS)
    table.scroll_into_view_if_needed()
    status = visit.page.locator(".fortyfive-live-status")
    expect(status).to_have_attribute("data-live", "live", timeout=120_000)
    # The table starts from its deal in the page: the robots play up to the learner's turn.
    legal = table.locator('.ff-hand button[data-legal="true"]')
    expect(legal.first).to_be_visible(timeout=30_000)
    expect(table).to_have_attribute("data-to-act", "0")
    held = table.locator(".ff-hand button")
    before = held.count()
    played = legal.first.get_attribute("data-card")
    legal.first.click()
    expect(held).to_have_count(before - 1, timeout=10_000)
    assert played not in held.evaluate_all("els => els.map(e => e.dataset.card)")
    assert visit.errors == [], f"errors in the page: {visit.errors}"


def test_try_it_live_opens_the_same_chapter_in_the_lite_site(visit: Visit, book_url: str) -> None:
    visit.page.goto(f"{book_url}/notebooks/02_tricks_and_reneging.html")
    button = visit.page.locator(".fortyfive-kernel-note a.fortyfive-try-live")
    expect(button).to_be_visible(timeout=FIRST_RENDER_MS)
    button.click()
    expect(visit.page).to_have_url(
        f"{book_url}/lite/notebooks/index.html?path=02_tricks_and_reneging.ipynb",
        timeout=FIRST_RENDER_MS,
    )
    expect(visit.page.locator(".jp-Notebook .jp-Cell").first).to_contain_text(
        "Chapter 2", timeout=FIRST_RENDER_MS
    )
    assert visit.blocked == [], f"requests outside the site: {visit.blocked}"


# Book pages whose card tables and puzzles axe-core checks (the page's theme around them is
# Sphinx's): (page, the widgets' selector).
AXE_PAGES = [
    ("notebooks/play.html", ".ff-table"),
    ("notebooks/02_tricks_and_reneging.html", ".ff-table"),
    ("notebooks/02_tricks_and_reneging.html", ".ff-puzzle"),
    ("notebooks/06_whole_game.html", ".ff-puzzle"),
]


def _is_dark(css_colour: str) -> bool:
    """Whether an ``rgb(r, g, b)`` colour is a dark background (relative luminance < 0.2)."""
    r, g, b = (int(x) for x in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.2


@pytest.mark.parametrize(
    ("theme", "page_name", "widgets"),
    # the quick tier: a table page in the light theme and a puzzle page in the dark; the full
    # tier: every page in both
    [
        (theme, *page)
        if (theme, page) in (("light", AXE_PAGES[0]), ("dark", AXE_PAGES[3]))
        else pytest.param(theme, *page, marks=pytest.mark.full)
        for theme in ("light", "dark")
        for page in AXE_PAGES
    ],
)
def test_axe_finds_no_serious_violation_in_a_book_pages_widgets(
    visit: Visit,
    book_url: str,
    page_name: str,
    widgets: str,
    theme: str,
    axe_script: Path,
    output_dir: Path,
) -> None:
    """The widgets drawn on a built page, from the state saved at build time, in the book's
    light and dark themes: no serious or critical violation (WCAG 2.2 AA and best practice)."""
    visit.page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
    visit.page.goto(f"{book_url}/{page_name}")
    tables = visit.page.locator(widgets)
    expect(tables.first.locator(".ff-card-face").first).to_be_visible(timeout=FIRST_RENDER_MS)
    visit.page.wait_for_load_state("networkidle")
    found = axe_violations(visit.page, axe_script, widgets)
    (output_dir / "axe.json").write_text(json.dumps(found, indent=1))
    assert tables.count() >= 1
    # The widgets take the page's mode (the book follows the browser's preference).
    background = tables.first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert _is_dark(background) == (theme == "dark"), background
    assert not found, json.dumps(found, indent=1)
    assert visit.blocked == [], f"requests outside the site: {visit.blocked}"
    assert visit.errors == [], f"errors in the page: {visit.errors}"


def test_the_engines_api_page_shows_a_documented_function(visit: Visit) -> None:
    """The Reference part's API page of the engine, written by autodoc from the docstrings:
    a documented function's name and the first line of its docstring are on it."""
    from fortyfive.engine import cards

    doc = (cards.parse_card.__doc__ or "").strip().splitlines()[0]
    words = " ".join(doc.split()[:6])
    visit.page.goto(f"{visit.base}/reference/api/engine.html")
    entry = visit.page.locator('dt[id="fortyfive.engine.cards.parse_card"]')
    expect(entry).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(entry).to_contain_text("parse_card")
    expect(entry.locator("xpath=following-sibling::dd[1]")).to_contain_text(words)
    visit.page.wait_for_load_state("networkidle")
    assert visit.blocked == [], f"requests outside the site: {visit.blocked}"
    assert visit.errors == [], f"errors in the page: {visit.errors}"
