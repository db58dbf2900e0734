"""The course book, built once per test session (``python -m fortyfive book --out DIR``).

Shared by ``tests/test_book.py`` and ``tests/browser/test_book_browser.py``. The book's chapters
are the course notebooks; a chapter missing from ``notebooks/`` fails the tests that need it.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from fortyfive.course.book import missing_notebooks


class Site:
    """A built book: its folder, the build's output and how long it took."""

    def __init__(self, root: Path, output: str, seconds: float) -> None:
        self.root, self.output, self.seconds = root, output, seconds

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
        out = tmp_path_factory.mktemp("book") / "html"
        started = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "fortyfive", "book", "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=1800,
        )
        seconds = time.monotonic() - started
        if run.returncode == 0:
            _built["site"] = Site(out, run.stdout, seconds)
        else:
            _built["site"] = f"python -m fortyfive book failed:\n{run.stdout}\n{run.stderr}"
    site = _built["site"]
    if isinstance(site, str):
        pytest.fail(site)
    return site
