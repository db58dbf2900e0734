"""The course as a Jupyter Book: built once, its pages, their widget state and their scripts.

The build (``python -m fortyfive book``) needs every chapter named in ``book/_toc.yml`` in
``notebooks/`` (``tests/book_site.py``). The browser test is ``tests/browser/test_book_browser.py``.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fortyfive_site.book import (
    LIVE_TITLE,
    NOTE_TITLE,
    ROOT,
    SAME_AS,
    TRY_LIVE,
    BookError,
    build_book,
    chapter_notebooks,
    course_command,
    kernel_note,
    live_url,
)
from fortyfive_site.lite import site_size as lite_size

try:
    from tests.book_site import Site, built_site
except ImportError:  # pytest's rootdir import mode puts tests/ itself on sys.path
    from book_site import Site, built_site  # type: ignore[no-redef]

# One book build per run: every test that reads it runs on one worker.
pytestmark = pytest.mark.xdist_group("site")

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return built_site(tmp_path_factory)


class Assets(HTMLParser):
    """The scripts and stylesheets a page loads, and the bodies of its typed scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.typed: list[tuple[str, str]] = []  # (type, body) of <script type=...> blocks
        self._type: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script":
            if a.get("src"):
                self.urls.append(a["src"] or "")
            self._type = a.get("type")
        elif tag == "link" and "stylesheet" in (a.get("rel") or "") and a.get("href"):
            self.urls.append(a["href"] or "")

    def handle_data(self, data: str) -> None:
        if self._type and self._type.startswith("application/vnd.jupyter"):
            self.typed.append((self._type, data))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._type = None


def assets(page: Path) -> Assets:
    parser = Assets()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def chapter_page(notebook: Path) -> str:
    return f"notebooks/{notebook.stem}.html"


@pytest.mark.slow
def test_the_build_says_where_the_site_is(site: Site) -> None:
    assert f"open {site.root / 'index.html'}" in site.output
    assert (site.root / "index.html").is_file()
    print(f"book built in {site.seconds:.1f} s")


@pytest.mark.slow
def test_every_chapter_has_a_page_with_the_live_note_and_its_command(site: Site) -> None:
    for notebook in chapter_notebooks():
        page = site.page(chapter_page(notebook))
        assert page.is_file(), f"no page for {notebook.name}"
        text = page.read_text(encoding="utf-8")
        assert LIVE_TITLE in text and NOTE_TITLE not in text
        assert "answer here: Python starts in the page" in text
        # The command is in a <code> element, one <span> per word.
        words = re.sub(r"<[^>]+>", "", text)
        assert course_command(notebook.name) in words, notebook.name
    index = site.page("index.html").read_text(encoding="utf-8")
    assert LIVE_TITLE in index and "Learn Forty-Five" in index


@pytest.mark.slow
def test_every_chapter_page_offers_its_live_copy_first(site: Site) -> None:
    for notebook in chapter_notebooks():
        text = site.page(chapter_page(notebook)).read_text(encoding="utf-8")
        link = live_url(f"notebooks/{notebook.stem}", notebook.name)
        assert f'href="{link.replace("&", "&amp;")}"' in text, notebook.name
        note = text[text.index(LIVE_TITLE) :]
        assert (
            note.index(TRY_LIVE)
            < note.index("Or, on your own computer")
            < note.index('fortyfive</span> <span class="pre">course')
        ), notebook.name
        # the link's target is in the site
        assert (site.root / "lite" / "files" / notebook.name).is_file(), notebook.name
    assert (site.root / "lite" / "notebooks" / "index.html").is_file()
    assert (site.root / "lite" / "static" / "pyodide" / "pyodide-lock.json").is_file()
    print(f"site with its live copy: {lite_size(site.root) / 1e6:.0f} MB")


@pytest.mark.slow
def test_widgets_are_drawn_from_state_embedded_in_their_page(site: Site) -> None:
    with_widgets = []
    for page in site.pages():
        found = assets(page)
        views = [json.loads(body) for kind, body in found.typed if kind == WIDGET_VIEW]
        states = [json.loads(body) for kind, body in found.typed if kind == WIDGET_STATE]
        if not views:
            continue
        with_widgets.append(page.relative_to(site.root).as_posix())
        assert len(states) == 1, page
        models = states[0]["state"]
        for view in views:
            assert view["model_id"] in models, f"{page}: a view without its model's state"
        # One copy of each widget's code per page; the other widgets name its model.
        codes = [m["state"]["_esm"] for m in models.values() if "_esm" in m.get("state", {})]
        inline = [c for c in codes if not c.startswith(SAME_AS)]
        assert len(inline) == len(set(inline)), f"{page}: the same widget code twice"
        for c in codes:
            if c.startswith(SAME_AS):
                assert not models[c.removeprefix(SAME_AS)]["state"]["_esm"].startswith(SAME_AS)
    # The appendix's card tables at least (the chapters add their tables and puzzles).
    assert "notebooks/play.html" in with_widgets, with_widgets
    print("pages with widgets:", ", ".join(with_widgets))


@pytest.mark.slow
def test_pages_load_only_the_site_s_own_scripts(site: Site) -> None:
    """Every script is the site's own; one draws the widgets, and only on the pages that hold
    them: a page without widgets loads nothing for them."""
    with_host, without = [], []
    for page in site.pages():
        text = page.read_text(encoding="utf-8")
        found = assets(page)
        for url in found.urls:
            assert not re.match(r"^([a-z]+:)?//", url), f"{page.name} loads {url}"
            local = (page.parent / url.split("?")[0]).resolve()
            assert local.is_file(), f"{page.name}: {url} is not in the site"
        for cdn in ("cdn.jsdelivr", "unpkg.com", "cdnjs", "sphinx-thebe", "x-thebe-config"):
            assert cdn not in text, f"{page.name} mentions {cdn}"
        launch = re.search(r'(href|src)="https?://[^"]*(binder|colab|deepnote)', text)
        assert launch is None, f"{page.name} links to {launch and launch.group(0)}"
        holds = any(kind == WIDGET_VIEW for kind, _ in found.typed)
        host = [u for u in found.urls if u.split("?")[0].endswith("fortyfive-live.js")]
        (with_host if host else without).append(page.name)
        assert bool(host) == holds, f"{page.name}: widgets {holds}, host {host}"
        if host:
            tag = re.search(r"<script[^>]*fortyfive-live\.js[^>]*>", text)
            assert tag and 'type="module"' in tag.group(0), page.name
    assert "play.html" in with_host and "rules.html" in without
    size = (site.root / "_static" / "fortyfive-live.js").stat().st_size
    print(f"the page host: {size / 1000:.0f} kB, on {len(with_host)} of {len(site.pages())} pages")


@pytest.mark.slow
def test_the_rules_reference_is_a_page_with_a_link_target_per_rule(site: Site) -> None:
    source = (ROOT / "book" / "rules.md").read_text(encoding="utf-8")
    targets = re.findall(r"^\((\w+(?:-\w+)*)\)=$", source, re.MULTILINE)
    assert "r1-1" in targets and "r10-5" in targets and "r8" in targets, targets
    page = site.page("rules.html")
    assert page.is_file(), "no page for book/rules.md"
    ids = set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
    assert not set(targets) - ids, f"rules.html lacks the anchors {sorted(set(targets) - ids)}"
    index = site.page("index.html").read_text(encoding="utf-8")
    assert 'href="rules.html"' in index


def test_the_contents_name_the_course_notebooks_in_order() -> None:
    names = [path.name for path in chapter_notebooks()]
    assert names[0] == "00_start_here.ipynb"
    assert names[:7] == sorted(names[:7])
    assert "teachers_guide.ipynb" in names and "play.ipynb" in names


def test_the_note_says_live_with_the_lite_site_and_static_without() -> None:
    """With the Lite site beside the book a chapter's widgets answer in the page; without it
    the note says a click does nothing there, and gives the command either way."""
    chapter = "02_tricks_and_reneging.ipynb"
    live = kernel_note(chapter, live_url("notebooks/02_tricks_and_reneging", chapter)).astext()
    static = kernel_note(chapter).astext()
    assert live.startswith(LIVE_TITLE) and "answer here: Python starts in the page" in live
    assert live.index(TRY_LIVE) < live.index("Or, on your own computer")
    assert static.startswith(NOTE_TITLE) and "here a click does nothing" in static
    assert TRY_LIVE not in static
    for text in (live, static):
        assert course_command(chapter) in text and course_command() in text
    assert "on these pages a click does nothing" in kernel_note(None).astext()


def test_missing_chapters_are_named_before_anything_is_built(tmp_path: Path) -> None:
    (tmp_path / "book").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "book" / "_config.yml").write_text("title: A test\n")
    (tmp_path / "book" / "_toc.yml").write_text(
        "format: jb-book\nroot: index\nchapters:\n"
        "  - file: notebooks/01_x\n  - file: notebooks/02_y\n"
    )
    (tmp_path / "notebooks" / "02_y.ipynb").write_text("{}")
    with pytest.raises(BookError, match=r"chapters missing from .*notebooks: 01_x.ipynb$"):
        build_book(tmp_path / "out", root=tmp_path)
    assert not (tmp_path / "out").exists()


def test_without_the_book_folder_the_build_says_so(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="no book/ in"):
        build_book(tmp_path / "out", root=tmp_path)


def test_the_build_refuses_to_replace_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    keep = tmp_path / "mine"
    keep.mkdir()
    (keep / "notes.txt").write_text("precious")
    with pytest.raises(BookError, match="was not built by `fortyfive book`"):
        build_book(keep)
    assert (keep / "notes.txt").read_text() == "precious"


def test_the_notebooks_say_truly_where_their_answers_are_checked() -> None:
    """The chapters' widgets answer on the book's pages too (each keeps its recipe there):
    no notebook calls those pages static; the practice notebook, whose sessions keep the
    learner's file and have no recipe, says the page shows a drill without running one."""
    for path in chapter_notebooks():
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert "static page" not in text, path.name
        if path.name[:2].isdigit():
            assert "on the book's pages, where Python starts in the page itself" in text, path.name
        if path.name == "practice.ipynb":
            assert "The book's page shows a drill but does not run one" in text


@pytest.mark.slow
def test_no_page_has_an_empty_table_header(site: Site) -> None:
    """Every header cell of every table on the site says what its column holds (axe's
    empty-table-header): the project's tables and the notebooks' own DataFrames."""
    empty = re.compile(r"<th[^>]*>\s*</th>")
    found = {
        page.relative_to(site.root).as_posix(): len(empty.findall(page.read_text("utf-8")))
        for page in site.pages()
    }
    assert not {page: n for page, n in found.items() if n}, found
