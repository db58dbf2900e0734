"""The site builders own the folder they write (``book --out``, ``lite --out``): a folder that
merely looks like a site is refused with everything in it left, and a rebuild removes only
the files its own marker lists. The ownership is tested as a unit, without a real build (which
takes minutes); the builders are checked to refuse before building."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from fortyfive_site.book import BookError, build_book
from fortyfive_site.lite import LiteError, build_lite
from fortyfive_site.outdir import MARKER, OutError, claim, replace_site


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every entry under ``folder``: a file's bytes, None for a folder or a link."""
    return {
        p.relative_to(folder).as_posix(): (
            p.read_bytes() if p.is_file() and not p.is_symlink() else None
        )
        for p in sorted(folder.rglob("*"))
    }


def _book_lookalike(out: Path) -> None:
    """What the old builder took for an earlier build and deleted whole."""
    (out / ".git").mkdir(parents=True)
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "CNAME").write_text("cards.example.org\n")
    (out / "notes.md").write_text("my notes")
    (out / ".buildinfo").write_text("# Sphinx build info\n")
    (out / "index.html").write_text("<p>old")
    (out / "jupyter-lite.json").write_text("{}")
    (out / "static" / "pyodide").mkdir(parents=True)
    (out / "files").mkdir()
    (out / "files" / "mywork.ipynb").write_text("{}")


def _site(folder: Path, pages: dict[str, str]) -> Path:
    for name, text in pages.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


@pytest.mark.parametrize("builder", ["book", "lite"])
def test_a_folder_that_looks_like_a_site_is_refused_and_untouched(
    builder: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    _book_lookalike(out)
    before = _tree(out)
    site = _site(tmp_path / "site", {"index.html": "<p>new"})
    with pytest.raises(OutError, match=r"was not built by .*nothing in it was changed or deleted"):
        replace_site(out, site, builder)
    assert _tree(out) == before


def test_the_builders_refuse_a_folder_not_theirs_before_building(tmp_path: Path) -> None:
    """Both builders check the folder first (no build is started: this takes no time)."""
    out = tmp_path / "out"
    _book_lookalike(out)
    before = _tree(out)
    with pytest.raises(LiteError, match="was not built by `fortyfive lite`"):
        build_lite(out, cache=tmp_path / "cache")
    with pytest.raises(BookError, match="was not built by `fortyfive book`"):
        build_book(out, lite=False)
    assert _tree(out) == before


def test_a_rebuild_removes_only_the_files_its_marker_lists(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _site(tmp_path / "a", {"index.html": "1", "old/page.html": "1", "x/y/z.js": "1"})
    assert replace_site(out, first, "book") == ["index.html", "old/page.html", "x/y/z.js"]
    marker = json.loads((out / MARKER).read_text())
    assert marker["builder"] == "book" and marker["files"] == [
        "index.html",
        "old/page.html",
        "x/y/z.js",
    ]
    # the owner's additions: kept through a rebuild
    (out / "CNAME").write_text("cards.example.org")
    (out / "x" / "mine.txt").write_text("mine")
    (out / ".git").mkdir()
    second = _site(tmp_path / "b", {"index.html": "2", "new.html": "2"})
    assert replace_site(out, second, "book") == ["index.html", "new.html"]
    assert _tree(out) == {
        ".git": None,
        MARKER: (out / MARKER).read_bytes(),
        "CNAME": b"cards.example.org",
        "index.html": b"2",
        "new.html": b"2",
        "x": None,
        "x/mine.txt": b"mine",
    }  # old/ and x/y/ were the builder's and are gone; x/ holds the owner's file and stays


def test_a_rebuild_never_overwrites_a_file_it_did_not_write(tmp_path: Path) -> None:
    out = tmp_path / "out"
    replace_site(out, _site(tmp_path / "a", {"index.html": "1"}), "lite")
    (out / "notes.html").write_text("mine")
    before = _tree(out)
    with pytest.raises(OutError, match=r"holds notes\.html"):
        replace_site(out, _site(tmp_path / "b", {"index.html": "2", "notes.html": "2"}), "lite")
    assert _tree(out) == before


def test_a_marker_is_the_builders_own(tmp_path: Path) -> None:
    out = tmp_path / "out"
    replace_site(out, _site(tmp_path / "a", {"index.html": "1"}), "lite")
    with pytest.raises(OutError, match="was built by `fortyfive lite`, not book"):
        claim(out, "book")
    for files in (["../outside.txt"], ["/etc/passwd"], "index.html", [3]):
        (out / MARKER).write_text(
            json.dumps({"format": "fortyfive-site", "builder": "lite", "files": files})
        )
        with pytest.raises(OutError, match="damaged"):
            claim(out, "lite")


def test_a_link_in_the_folder_is_removed_never_followed(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("keep")
    replace_site(out, _site(tmp_path / "a", {"a/page.html": "1"}), "book")
    (out / "a" / "page.html").unlink()
    (out / "a").rmdir()
    (out / "a").symlink_to(elsewhere)  # the builder's folder, now a link out
    with pytest.raises(OutError):
        replace_site(out, _site(tmp_path / "b", {"a/keep.txt": "2"}), "book")
    assert (elsewhere / "keep.txt").read_text() == "keep"


def test_an_empty_or_missing_folder_is_taken(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert claim(tmp_path / "empty", "book") == [] and claim(tmp_path / "none", "book") == []
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutError, match="is not a folder"):
        claim(tmp_path / "file", "book")
    assert os.path.isfile(tmp_path / "file")


@pytest.mark.parametrize("command", ["book", "lite"])
def test_the_command_line_says_why_in_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fortyfive.cli import main

    out = tmp_path / "out"
    _book_lookalike(out)
    before = _tree(out)
    argv = [command, "--out", str(out)] + (["--no-lite"] if command == "book" else [])
    assert main(argv) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"was not built by `fortyfive {command}`" in line
    assert _tree(out) == before
