"""The course book with its Lite site in ``lite/``, built once per test session by
``python -m fortyfive book --out DIR``, and a static file server for the browser tests.

Shared by ``tests/test_book.py``, ``tests/test_lite.py`` and the book and Lite browser tests.
The book's chapters are the course notebooks; a chapter missing from ``notebooks/`` fails the
tests that need it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fortyfive_site.book import missing_notebooks


class Site:
    """A built book: its folder, the build's output, how long it took, and the folder of the
    notebooks as the build executed them."""

    def __init__(self, root: Path, output: str, seconds: float, executed: Path) -> None:
        self.root, self.output, self.seconds, self.executed = root, output, seconds, executed

    def page(self, name: str) -> Path:
        return self.root / name

    def pages(self) -> list[Path]:
        """The site's pages (not the theme's templates copied into _static/, nor the live
        copy of the course in lite/: tests/test_lite.py checks that)."""
        return sorted(
            p
            for p in self.root.rglob("*.html")
            if p.relative_to(self.root).parts[0] not in ("_static", "lite")
        )


_built: dict[str, Site | str] = {}


def require_chapters() -> None:
    """Fail the calling test when chapters of the book are missing from ``notebooks/``."""
    missing = missing_notebooks()
    assert not missing, f"chapters named in book/_toc.yml are missing: {', '.join(missing)}"


def built_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The book built into a temporary folder, once per session (a failure is remembered too)."""
    require_chapters()
    if "site" not in _built:
        folder = tmp_path_factory.mktemp("book")
        out, executed = folder / "html", folder / "executed"
        started = time.monotonic()
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "fortyfive",
                "book",
                "--out",
                str(out),
                "--executed",
                str(executed),
            ],
            capture_output=True,
            text=True,
            timeout=1800,
        )
        seconds = time.monotonic() - started
        if run.returncode == 0:
            _built["site"] = Site(out, run.stdout, seconds, executed)
        else:
            _built["site"] = f"python -m fortyfive book failed:\n{run.stdout}\n{run.stderr}"
    site = _built["site"]
    if isinstance(site, str):
        pytest.fail(site)
    return site


def built_lite(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, float]:
    """The Lite site the book build made in its ``lite/`` (``python -m fortyfive book`` builds
    both): its folder, the build's output and how long the whole build took."""
    pytest.importorskip("jupyterlite_core")
    pytest.importorskip("jupyterlite_pyodide_kernel")
    site = built_site(tmp_path_factory)
    return site.root / "lite", site.output, site.seconds


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
