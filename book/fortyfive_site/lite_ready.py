"""How long a learner waits in the Lite site: from opening a chapter to a ready kernel, and
where the time goes. A benchmark, not a test: it prints the figures.

    python book/fortyfive_site/lite_ready.py [--site DIR] [--runs N] [--chapter NOTEBOOK]

serves a built site (``python -m fortyfive lite``; by default ``book/_build/lite``) on
127.0.0.1 and opens the chapter in Debian's Chromium (Playwright; nothing outside 127.0.0.1
resolves), each run in a fresh browser context (an empty cache). It reports, in seconds from
the moment the page is asked for:

- ``app``: JupyterLite's page is up and starts the kernel (its worker is created);
- ``pyodide``: Pyodide's core (its WebAssembly) is downloaded;
- ``wheels_fetched``: the last wheel the kernel loads is downloaded;
- ``packages``: Pyodide has started with the preloaded wheels installed (the project, the
  widgets, the kernel's own): the kernel mounts its file system next (its first request);
- ``kernel``: the kernel has run a cell of its own (``1``, put above the chapter's first);
- ``first_cell``: the chapter's first cells, up to the first one that shows an output, have
  run (the chapter's imports and its first table);

and the bytes of the wheels the kernel loaded. ``tests/browser/test_lite_browser.py`` runs it
in the full tier and prints the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import re
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: Where Chromium is (Debian's build; Playwright's own download needs the internet).
CHROMIUM = "/usr/bin/chromium"
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
CHAPTER = "02_tricks_and_reneging.ipynb"
TIMEOUT_MS = 180_000
DEBUG = False
STAGES = ("app", "pyodide", "wheels_fetched", "packages", "kernel", "first_cell")
#: What the kernel's worker fetched: (name, start, end in seconds from its start, bytes).
_RESOURCES_JS = """() => ({
  origin: performance.timeOrigin,
  resources: performance.getEntriesByType('resource').map(e => [
    e.name.split('?')[0].split('/').pop(), e.startTime / 1000, e.responseEnd / 1000,
    e.encodedBodySize])
})"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """``directory`` served on 127.0.0.1 by a plain static file server; yields its base URL."""
    handler = functools.partial(_Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def first_output_cell(notebook: Path) -> int:
    """The index of the notebook's first code cell that shows an output (in the saved copy)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and c.get("outputs"))


def measure(browser: Any, base: str, chapter: str, first: int) -> dict[str, Any]:
    """One run in a fresh context of ``browser`` (a Playwright Chromium): the stages' times
    (seconds from the request for the page) and the wheels' bytes."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    marks: dict[str, float] = {}
    started = time.monotonic()

    def at(name: str) -> None:
        marks.setdefault(name, round(time.monotonic() - started, 2))

    def console(msg: Any) -> None:
        if DEBUG:
            print(f"{time.monotonic() - started:6.2f} {msg.type}: {msg.text[:160]}")

    workers: list[Any] = []

    def on_worker(w: Any) -> None:
        at("app")
        workers.append(w)

    page.on("console", console)
    page.on("worker", on_worker)
    try:
        page.goto(f"{base}/notebooks/index.html?path={chapter}")
        # A cell of one's own above the chapter: its output shows once the kernel is ready.
        _own_cell(page)
        page.keyboard.press("Shift+Enter")
        prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-OutputPrompt")
        expect(prompts.first).to_have_text(re.compile(r"\[\d+\]"), timeout=TIMEOUT_MS)
        at("kernel")
        for _ in range(first + 1):
            page.keyboard.press("Shift+Enter")
        expect(prompts.nth(1)).to_have_text(re.compile(r"\[\d+\]"), timeout=TIMEOUT_MS)
        at("first_cell")
        origin = float(page.evaluate("() => performance.timeOrigin"))
        wheels = 0
        for worker in workers:
            entries = worker.evaluate(_RESOURCES_JS)
            shift = (float(entries["origin"]) - origin) / 1000
            for name, start, end, size in entries["resources"]:
                if name.endswith(".whl"):
                    wheels += int(size)
                    marks["wheels_fetched"] = max(marks.get("wheels_fetched", 0), end + shift)
                elif name == "pyodide.asm.wasm":
                    marks["pyodide"] = round(end + shift, 2)
                elif name == "drive":  # the kernel's file system: Pyodide and packages are up
                    marks.setdefault("packages", round(start + shift, 2))
        if "wheels_fetched" in marks:
            marks["wheels_fetched"] = round(marks["wheels_fetched"], 2)
    finally:
        context.close()
    return {**{k: marks.get(k) for k in STAGES}, "wheel_bytes": wheels}


def _own_cell(page: Any) -> None:
    """Insert a code cell ``1`` above the chapter's first (a markdown cell), by keyboard. Keys
    pressed while the notebook is still being laid out can be lost: each step is checked."""
    from playwright.sync_api import expect

    first = page.locator(".jp-Notebook .jp-Cell").first
    first.locator(".jp-InputArea").wait_for(timeout=TIMEOUT_MS)
    for _ in range(10):
        if "jp-CodeCell" not in (first.get_attribute("class") or ""):
            first.click()
            page.keyboard.press("Escape")
            page.keyboard.press("a")
        with contextlib.suppress(AssertionError):
            expect(first).to_have_class(re.compile(r"\bjp-CodeCell\b"), timeout=2_000)
            break
    first.locator(".jp-InputArea").click()
    page.keyboard.type("1")
    expect(first.locator(".cm-content")).to_have_text("1", timeout=10_000)


def run(site: Path, runs: int, chapter: str, browser: Any | None = None) -> list[dict[str, Any]]:
    """``runs`` measurements of ``site`` (with ``browser``, or a Chromium started here)."""
    from fortyfive.course.files import NOTEBOOKS

    first = first_output_cell(NOTEBOOKS / chapter)
    results = []
    with serve(site) as base:
        if browser is not None:
            for _ in range(runs):
                results.append(measure(browser, base, chapter, first))
        else:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as p:
                own = p.chromium.launch(executable_path=CHROMIUM, args=[OFFLINE])
                try:
                    for _ in range(runs):
                        results.append(measure(own, base, chapter, first))
                finally:
                    own.close()
    return results


def report(results: list[dict[str, Any]]) -> str:
    """The runs as lines, then the median of each stage."""
    lines = [
        "run  " + "  ".join(f"{s:>10}" for s in STAGES) + "  wheels (MB)",
        *(
            f"{i + 1:>3}  "
            + "  ".join(f"{r[s] if r[s] is not None else '-':>10}" for s in STAGES)
            + f"  {r['wheel_bytes'] / 1e6:.1f}"
            for i, r in enumerate(results)
        ),
    ]
    medians = {s: statistics.median(r[s] for r in results if r[s] is not None) for s in STAGES}
    lines.append("med  " + "  ".join(f"{medians[s]:>10.2f}" for s in STAGES))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from fortyfive_site.lite import DEFAULT_OUT

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chapter", default=CHAPTER)
    args = parser.parse_args(argv)
    if not (args.site / "jupyter-lite.json").is_file():
        print(f"{args.site} is not a Lite site: build it with python -m fortyfive lite --out")
        return 2
    print(report(run(args.site, args.runs, args.chapter)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
