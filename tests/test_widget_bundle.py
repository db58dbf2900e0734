"""The widgets' bundle: committed in ``fortyfive/widgets/static`` and rebuilt from ``widgets/src``.

The package carries the bundle only (anywidget loads one module and one stylesheet per widget).
The tests that run Node's tools (``npm run build``, ``npm run lint``, ``npm test`` in
``widgets/``) need ``widgets/node_modules`` (``npm ci --prefix widgets``); without it they are
skipped with the reason, unless ``FORTYFIVE_REQUIRE_NODE=1`` (CI) turns that into a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from fortyfive.widgets._assets import STATIC, module_source, stylesheet, widgets_dir

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"
#: The book pages' widget host, bundled into book/static (not the package).
HOST = "fortyfive-live.js"
BUNDLE = ["puzzle.css", "puzzle.js", "table.css", "table.js"]
REQUIRED = os.environ.get("FORTYFIVE_REQUIRE_NODE") == "1"
NOTE = "Generated from widgets/src by `npm run build`: edit the sources there, not this file."


def _missing() -> str | None:
    """Why Node's tools cannot run here, or None."""
    if shutil.which("npm") is None:
        return "npm is not on PATH (install Node.js 20 or newer)"
    tools = WIDGETS / "node_modules" / ".bin"
    if not ((tools / "esbuild").exists() and (tools / "biome").exists()):
        return "widgets/node_modules is missing (npm ci --prefix widgets)"
    return None


@pytest.fixture
def npm() -> str:
    """The npm command, once widgets/node_modules is installed."""
    reason = _missing()
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"{reason}; FORTYFIVE_REQUIRE_NODE=1 requires it")
        pytest.skip(f"{reason}; FORTYFIVE_REQUIRE_NODE=1 makes this fail")
    found = shutil.which("npm")
    assert found is not None
    return found


def _run(npm: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``npm <args>`` in widgets/; a failure shows what npm said."""
    done = subprocess.run(
        [npm, "--silent", *args],
        cwd=WIDGETS,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )
    assert done.returncode == 0, f"npm {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done


def test_the_package_carries_only_the_bundle() -> None:
    """Four generated files, each saying where its sources are; no source beside them."""
    assert widgets_dir() == STATIC
    assert sorted(p.name for p in STATIC.iterdir()) == BUNDLE
    for name in BUNDLE:
        first = (STATIC / name).read_text(encoding="utf-8").splitlines()[0]
        assert NOTE in first, name


def test_the_bundle_is_read_as_it_is() -> None:
    for name in ("table.js", "puzzle.js"):
        assert module_source(name) == (STATIC / name).read_text(encoding="utf-8")
    for name in ("table.css", "puzzle.css"):
        assert stylesheet(name) == (STATIC / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["cards.js", "dom.js", "theme.css", "../_assets.py"])
def test_a_source_file_is_not_in_the_bundle(name: str) -> None:
    """The shared sources live in widgets/src only; asking the package for one says so."""
    with pytest.raises(FileNotFoundError, match="not in the widgets' bundle"):
        module_source(name) if name.endswith(".js") else stylesheet(name)


def test_the_committed_bundle_is_what_the_sources_build(npm: str, tmp_path: Path) -> None:
    """``npm run build -- <outdir> <bookdir>`` from widgets/src gives the committed files byte
    for byte: the widgets' bundle and the book pages' host."""
    out, book = tmp_path / "static", tmp_path / "book"
    _run(npm, "run", "build", "--", str(out), str(book))
    assert sorted(p.name for p in out.iterdir()) == BUNDLE
    stale = [n for n in BUNDLE if (out / n).read_bytes() != (STATIC / n).read_bytes()]
    host = ROOT / "book" / "static" / HOST
    if (book / HOST).read_bytes() != host.read_bytes():
        stale.append(str(host.relative_to(ROOT)))
    assert not stale, f"rebuild and commit the bundle (npm run build in widgets/): {stale}"


def test_the_front_end_passes_biome(npm: str) -> None:
    _run(npm, "run", "lint")


def test_the_front_ends_unit_tests_pass(npm: str) -> None:
    done = _run(npm, "test")
    assert "# fail 0" in done.stdout and "# pass " in done.stdout
