"""The course as a Jupyter Book: ``python -m fortyfive book`` builds ``book/`` into a static site.

:func:`build_book` assembles one source folder from ``book/`` (configuration, contents, the root
page, the vendored widget scripts) and the notebooks of ``notebooks/`` (as ``notebooks/``), runs
Jupyter Book 1.x on it (every notebook executed, so each widget is drawn from the state saved by
that run) and puts the site in ``book/_build/html`` or the folder asked for. The notebooks stay
in one place: ``notebooks/`` is the only copy in the repository.

The module is also the book's Sphinx extension (``_config.yml``: ``extra_extensions``): it adds
to every page the note that the page is static, that checking a puzzle needs a running kernel,
and the command that opens the chapter in JupyterLab.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx

from fortyfive.course.files import FIRST_CHAPTER
from fortyfive.course.safe_paths import replace_file
from fortyfive.widgets.live import RECIPES_ENV
from fortyfive_site.outdir import OutError, claim, replace_site

#: The repository: it holds book/ and notebooks/.
ROOT = Path(__file__).resolve().parents[2]
_TOC_FILE = re.compile(r"^\s*-?\s*(?:file|root):\s*(\S+)\s*$", re.MULTILINE)
_IGNORE = shutil.ignore_patterns("_build", "__pycache__", ".ipynb_checkpoints", "*.pyc")


class BookError(Exception):
    """The book cannot be built; the message says why and what to do."""


def toc_files(root: Path = ROOT) -> list[str]:
    """The pages of ``book/_toc.yml``, as written there (``index``, ``notebooks/00_start_here``).

    >>> toc_files()[:2]
    ['index', 'notebooks/00_start_here']
    """
    return _TOC_FILE.findall((root / "book" / "_toc.yml").read_text(encoding="utf-8"))


def chapter_notebooks(root: Path = ROOT) -> list[Path]:
    """The notebooks the book publishes, in order, as paths in ``notebooks/`` (existing or not)."""
    prefix = "notebooks/"
    return [
        root / "notebooks" / (name.removeprefix(prefix) + ".ipynb")
        for name in toc_files(root)
        if name.startswith(prefix)
    ]


def missing_notebooks(root: Path = ROOT) -> list[str]:
    """The chapters named in the contents that are not in ``notebooks/`` yet."""
    return [path.name for path in chapter_notebooks(root) if not path.is_file()]


def default_out(root: Path = ROOT) -> Path:
    """Where the book goes without ``--out``: ``book/_build/html`` beside its sources.

    >>> default_out(Path("/srv/repo")).parts[-4:]
    ('repo', 'book', '_build', 'html')
    """
    return root / "book" / "_build" / "html"


def _check_out(out: Path) -> None:
    """Refuse, before the build, a folder the book may not write into: one that is not empty
    and holds no marker of an earlier book build (:func:`fortyfive_site.outdir.claim`)."""
    try:
        claim(out, "book")
    except OutError as e:
        raise BookError(str(e)) from None


def build_book(
    out: Path | None = None,
    root: Path = ROOT,
    log: Callable[[str], None] = print,
    lite: bool = True,
    executed: Path | None = None,
) -> Path:
    """Build the book of ``root`` (its ``book/`` and ``notebooks/``) into ``out``; return it.

    With ``lite`` (the default) the JupyterLite site is built into ``out/lite``
    (:mod:`fortyfive_site.lite`) and every chapter page links to its live copy there ("Try it
    live"); without it the pages offer only the local command.

    With ``executed``, the notebooks as this build ran them (outputs and widget state) are
    kept there too, as ``<name>.ipynb``: the tests compare their outputs with the stored ones,
    so that each notebook is executed once per test run.

    ``out`` defaults to :func:`default_out`. The book owns it (:mod:`fortyfive_site.outdir`):
    a folder that is not empty and was not built by ``fortyfive book`` is refused, and a
    rebuild removes only the files the last build wrote there.
    Every notebook is executed (in a kernel of this Python, importing ``root``'s package), as
    root too (a temporary Jupyter configuration allows it). Any Sphinx warning and any error in
    a notebook fails the build with :class:`BookError`; its message quotes the build's output.
    """
    if importlib.util.find_spec("jupyter_book") is None:
        raise BookError(
            "jupyter-book is not installed: in the checkout, "
            "pip install -e '.[book]' (Jupyter Book 1.x, 'jupyter-book>=1.0.4,<2')"
        )
    if lite:
        for name in ("jupyterlite_core", "jupyterlite_pyodide_kernel"):
            if importlib.util.find_spec(name) is None:
                raise BookError(
                    f"{name} is not installed: pip install -e '.[lite]' for the live pages, "
                    "or build the static book alone with --no-lite"
                )
    if not (root / "book" / "_config.yml").is_file():
        raise BookError(f"no book/ in {root}: the book is built from a copy of the repository")
    out = (out or default_out(root)).resolve()
    _check_out(out)
    missing = missing_notebooks(root)
    if missing:
        raise BookError(f"chapters missing from {root / 'notebooks'}: {', '.join(missing)}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fortyfive-book-") as tmp:
        work = Path(tmp)
        source = work / "source"
        shutil.copytree(root / "book", source, ignore=_IGNORE)
        shutil.copytree(root / "notebooks", source / "notebooks", ignore=_IGNORE)
        config = work / "jupyter"
        config.mkdir()
        # Executing notebooks as root needs Jupyter's allow_root.
        (config / "jupyter_server_config.json").write_text(
            json.dumps({"ServerApp": {"allow_root": True}})
        )
        parts = (str(root), str(root / "book"), os.environ.get("PYTHONPATH", ""))
        path = os.pathsep.join(p for p in parts if p)
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(config), "PYTHONPATH": path}
        env[LITE_ENV] = LITE_FOLDER if lite else ""
        # With the Lite site beside it, every widget keeps the recipe that rebuilds it in the
        # page's own Python (Pyodide from the Lite site's files): the pages are live.
        env[RECIPES_ENV] = "1" if lite else ""
        cmd = [
            sys.executable,
            "-c",
            "from jupyter_book.cli.main import main; main()",
            "build",
            str(source),
            "--path-output",
            str(work / "output"),
            "--builder",
            "html",
            "--warningiserror",
            "--keep-going",
        ]
        log(f"building the book from {root / 'book'} and {root / 'notebooks'} ...")
        run = subprocess.run(cmd, env=env, cwd=work, capture_output=True, text=True)
        if run.returncode != 0:
            text = (run.stdout + "\n" + run.stderr).replace(str(source) + os.sep, "")
            raise BookError(f"the book build failed: {_explain(text)}")
        site = work / "output" / "_build" / "html"
        for page in site.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            shared = share_widget_code(drop_unshown_widgets(text))
            if shared != text:
                page.write_text(shared, encoding="utf-8")
        if executed is not None:
            executed.mkdir(parents=True, exist_ok=True)
            for nb in (work / "output" / "_build" / "jupyter_execute").rglob("*.ipynb"):
                replace_file(executed / nb.name, nb.read_bytes(), executed)
        try:
            replace_site(out, site, "book")
        except OutError as e:
            raise BookError(str(e)) from None
    if lite:
        from fortyfive_site.lite import LiteError, build_lite

        try:
            build_lite(out / LITE_FOLDER, log=log)
        except LiteError as e:
            raise BookError(f"the live pages (JupyterLite) failed: {e}") from None
    log(f"built in {time.monotonic() - started:.0f} s: open {out / 'index.html'}")
    log(f"(or serve it: {Path(sys.executable).name} -m http.server -d {out})")
    return out


#: The widget state a page embeds, which the widget manager reads when the page has loaded.
_WIDGET_STATE = re.compile(
    r'(<script type="application/vnd\.jupyter\.widget-state\+json">)(.*?)(</script>)', re.S
)
#: In a page's widget state, "the same code as model X's" (widgets-config.js puts it back).
SAME_AS = "fortyfive-same-as:"
_SHARED_CODE = ("_esm", "_css")


def share_widget_code(page: str) -> str:
    """``page`` with one copy of each widget's front-end code (anywidget's ``_esm`` and
    ``_css``) in its widget state: every other widget holding the same code names the model that
    holds it (:data:`SAME_AS`), and the page's host (``widgets/src/live-model.js``) copies it
    back when it reads the state. A chapter's nine puzzles then carry one script, not nine.

    >>> state = {"state": {m: {"state": {"_esm": "x" * 999}} for m in ("a", "b")}}
    >>> tag = '<script type="application/vnd.jupyter.widget-state+json">{}</script>'
    >>> out = share_widget_code(tag.format(json.dumps(state)))
    >>> out.count("x" * 999), SAME_AS + "a" in out
    (1, True)
    """

    def once(m: re.Match[str]) -> str:
        data = json.loads(m.group(2))
        models = data.get("state") if isinstance(data, dict) else None
        if not isinstance(models, dict):
            return m.group(0)
        holder: dict[tuple[str, str], str] = {}
        for model_id, model in models.items():
            state = model.get("state") if isinstance(model, dict) else None
            if not isinstance(state, dict):
                continue
            for key in _SHARED_CODE:
                code = state.get(key)
                if isinstance(code, str) and code and not code.startswith(SAME_AS):
                    first = holder.setdefault((key, code), model_id)
                    if first != model_id:
                        state[key] = SAME_AS + first
        body = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
        return m.group(1) + body + m.group(3)

    return _WIDGET_STATE.sub(once, page)


_WIDGET_VIEW = '<script type="application/vnd.jupyter.widget-view+json">'
_HOST_SCRIPT = re.compile(r'<script type="module" src="[^"]*fortyfive-live\.js[^"]*"></script>\n?')


def drop_unshown_widgets(page: str) -> str:
    """``page`` without its widget state and the widgets' host when it shows no widget (a
    notebook that makes widgets without displaying one): a page without widgets loads nothing
    for them.

    >>> state = '<script type="application/vnd.jupyter.widget-state+json">{}</script>'
    >>> host = '<script type="module" src="../_static/fortyfive-live.js?v=1"></script>'
    >>> drop_unshown_widgets(f"<head>{host}</head><body>{state}</body>")
    '<head></head><body></body>'
    >>> view = _WIDGET_VIEW + '{"model_id": "a"}</script>'
    >>> drop_unshown_widgets(host + state + view) == host + state + view
    True
    """
    if _WIDGET_VIEW in page:
        return page
    return _HOST_SCRIPT.sub("", _WIDGET_STATE.sub("", page))


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_CELL_ERROR = re.compile(
    r"An error occurred while executing the following cell:\n(.*?)\n\n\nThe above exception", re.S
)


def _explain(log: str) -> str:
    """What failed, from a Jupyter Book log: the failing cell and its error, else the warnings
    (Sphinx names the file and line of each), else the end of the log."""
    text = _ANSI.sub("", log)
    cell = _CELL_ERROR.search(text)
    if cell:
        notebook = re.search(r"ExecutionError: (\S+)", text)
        where = notebook.group(1) if notebook else "a notebook"
        return f"a cell of {where} raised an error:\n{cell.group(1).strip()}"
    warnings = [ln for ln in text.splitlines() if "WARNING:" in ln or "ERROR:" in ln]
    if warnings:
        return "warnings are errors here:\n" + "\n".join(warnings[:40])
    return "\n" + "\n".join(text.strip().splitlines()[-60:])


# ---------------------------------------------------------------- the Sphinx extension

NOTE_TITLE = "This page is static"
#: The note's title where the Lite site is built beside the book: the widgets answer in the page.
LIVE_TITLE = "Live on this page"
#: The Lite site's folder inside the book (empty in the Sphinx build's environment: no Lite).
LITE_FOLDER = "lite"
LITE_ENV = "FORTYFIVE_BOOK_LITE"
TRY_LIVE = "Try it live"


def live_url(docname: str, notebook: str, lite: str = LITE_FOLDER) -> str:
    """The address of ``notebook`` in the Lite site, relative to the page ``docname``.

    >>> live_url("notebooks/02_tricks_and_reneging", "02_tricks_and_reneging.ipynb")
    '../lite/notebooks/index.html?path=02_tricks_and_reneging.ipynb'
    """
    from fortyfive_site.lite import chapter_url

    return "../" * docname.count("/") + f"{lite}/" + chapter_url(notebook)


def course_command(notebook: str | None = None) -> str:
    """The command that opens the course (at ``notebook``) in JupyterLab.

    >>> course_command("02_tricks_and_reneging.ipynb")
    'python -m fortyfive course 02_tricks_and_reneging.ipynb'
    """
    return "python -m fortyfive course" + (f" {notebook}" if notebook else "")


def kernel_note(notebook: str | None, live: str | None = None) -> nodes.admonition:
    """The note for a page: the notebook it was built from (``None``: a page of the book's own),
    and ``live``, the address of the same chapter in the Lite site. With the Lite site, the
    pages' widgets answer in the page itself (``widgets/src/live.js`` writes its status under
    the title); without it they are drawn from their saved state and answer nothing."""
    from docutils import nodes

    def para(*parts: str | nodes.Node) -> nodes.paragraph:
        children = [nodes.Text(p) if isinstance(p, str) else p for p in parts]
        return nodes.paragraph("", "", *children)

    def code(text: str) -> nodes.literal:
        return nodes.literal(text, text)

    title = LIVE_TITLE if live else NOTE_TITLE
    note = nodes.admonition(classes=["note", "fortyfive-kernel-note"])
    note += nodes.title(title, title)
    where = "this chapter" if notebook else "the course"
    if live and notebook:
        note += para(
            "The card tables and puzzles on this page answer here: Python starts in the page "
            "(Pyodide) when you reach one, then checks your answers, plays the cards and gives "
            "hints, offline, with nothing to install. What you do here is not kept when you "
            "leave the page."
        )
    elif live:
        note += para(
            "The card tables and puzzles on the chapters' pages answer there: Python starts in "
            "the page (Pyodide) when you reach one, offline, with nothing to install."
        )
    elif notebook:
        note += para(
            "The card tables and puzzles on it were drawn when the book was built, by running ",
            code(f"notebooks/{notebook}"),
            ". Checking a puzzle's answer, playing a card or asking for a hint needs a running "
            "Python kernel, so here a click does nothing.",
        )
    else:
        note += para(
            "Its chapters are the course notebooks of the project's ",
            code("notebooks/"),
            " folder, run when the book was built. Checking a puzzle's answer, playing a card "
            "or asking for a hint needs a running Python kernel, so on these pages a click does "
            "nothing.",
        )
    if live:
        button = nodes.reference(
            "", "", nodes.strong(TRY_LIVE, TRY_LIVE), refuri=live, classes=["fortyfive-try-live"]
        )
        note += para(
            button,
            f": opens {where} as notebooks in your browser (JupyterLite), where you can also run "
            "and change the code; run its cells (Run, Run All Cells) once the kernel is ready. "
            "Your progress there is kept in the browser.",
        )
    command = course_command(notebook)
    note += para(
        ("Or, on your own computer, " if live else f"To work through {where}, ")
        + "open it in JupyterLab, from a copy of the project set up as its README says: ",
        code(command),
        *(
            (" (", code(course_command()), " opens the course at its first chapter).")
            if notebook
            else (".",)
        ),
    )
    return note


def _add_kernel_note(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    from docutils import nodes

    source = Path(app.env.doc2path(docname, False))
    notebook = source.name if source.suffix == ".ipynb" else None
    lite = os.environ.get(LITE_ENV, "")
    live = live_url(docname, notebook or FIRST_CHAPTER, lite) if lite else None
    note = kernel_note(notebook, live)
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None and section.children and isinstance(section[0], nodes.title):
        section.insert(1, note)
    else:
        doctree.insert(0, note)


def _drop_thebe_config(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The inert thebe configuration block that sphinx-thebe adds to each page (see below)."""
    from docutils import nodes

    for raw in list(doctree.findall(nodes.raw)):
        if "x-thebe-config" in raw.astext() or "kernelName = " in raw.astext():
            raw.parent.remove(raw)


def _drop_thebe(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Jupyter Book always loads sphinx-thebe, whose script would fetch thebe from a CDN when
    asked to; the book has no launch button, so the pages leave it out altogether."""

    def thebe(asset: Any) -> bool:
        body = str(getattr(asset, "attributes", {}).get("body", ""))
        return "sphinx-thebe" in str(getattr(asset, "filename", asset)) or "THEBE_JS_URL" in body

    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [asset for asset in context[key] if not thebe(asset)]


def setup(app: Sphinx) -> dict[str, Any]:
    """Sphinx entry point: the note on every page, and no thebe."""
    app.connect("doctree-resolved", _add_kernel_note)
    app.connect("doctree-resolved", _drop_thebe_config, priority=900)  # after sphinx-thebe's
    app.connect("html-page-context", _drop_thebe)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
