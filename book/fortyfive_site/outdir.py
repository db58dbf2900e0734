"""The folder a site builder writes into (``fortyfive book --out``, ``fortyfive lite --out``):
the builder owns it, and never deletes what it did not make.

A builder writes a marker file of its own into the folder (:data:`MARKER`: its name and the
list of every file it wrote there). It writes into a folder that does not exist yet, an empty
one, or one holding its own marker; any other folder (one that merely looks like a site, with
its ``.git``, ``CNAME`` and notes) is refused with :class:`OutError` and nothing in it is
touched. On a rebuild it removes only the files its marker lists (and the folders that leaves
empty), never a file that it would have to overwrite without having written it.

>>> import tempfile
>>> out, site = Path(tempfile.mkdtemp()) / "site", Path(tempfile.mkdtemp())
>>> _ = (site / "index.html").write_text("<p>")
>>> replace_site(out, site, "book")
['index.html']
>>> _ = (out / "notes.txt").write_text("mine")
>>> replace_site(out, site, "book")  # a rebuild: notes.txt is not the builder's, and stays
['index.html']
>>> sorted(p.name for p in out.iterdir())
['.fortyfive-site.json', 'index.html', 'notes.txt']
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from fortyfive.course.safe_paths import PathRefused, replace_file
from fortyfive.engine.validate import FileRefused, json_text, read_bounded

#: The builder's own file in the folder it wrote: its name and the files it wrote there.
MARKER = ".fortyfive-site.json"
FORMAT = "fortyfive-site"
#: The most bytes of a marker read (a site is a few thousand files).
MAX_MARKER_BYTES = 16 * 2**20


class OutError(ValueError):
    """A folder a builder will not write into (or a file there it will not replace): the
    message says why and that nothing was deleted."""


def _refuse(out: Path, why: str) -> OutError:
    return OutError(f"{out} {why}: choose another --out (nothing in it was changed or deleted)")


def _safe_name(name: object) -> bool:
    """A file name relative to the folder that stays inside it (no ``..``, not absolute)."""
    if not isinstance(name, str) or not name or "\\" in name or "\x00" in name:
        return False
    parts = PurePosixPath(name).parts
    return not PurePosixPath(name).is_absolute() and all(p not in ("", ".", "..") for p in parts)


def claim(out: Path, builder: str) -> list[str]:
    """Whether ``builder`` (``"book"``, ``"lite"``) may write into ``out``: it may when ``out``
    does not exist yet, is an empty folder, or holds ``builder``'s marker. Returns the files
    the marker lists (what a rebuild may remove); raises :class:`OutError` otherwise."""
    if not os.path.lexists(out):
        return []
    if not out.is_dir():
        raise _refuse(out, "is not a folder")
    if not any(out.iterdir()):
        return []
    try:
        data = json_text(read_bounded(out / MARKER, MAX_MARKER_BYTES).decode("utf-8"))
    except (OSError, FileRefused, ValueError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(out, f"is not empty and was not built by `fortyfive {builder}` (no {MARKER})")
    if data.get("builder") != builder:
        raise _refuse(out, f"was built by `fortyfive {data.get('builder')}`, not {builder}")
    files = data.get("files")
    if not isinstance(files, list) or not all(_safe_name(f) for f in files):
        raise _refuse(out, f"has a damaged {MARKER}")
    return list(files)


def site_files(site: Path) -> list[str]:
    """The regular files under ``site``, as names relative to it, sorted."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def _write_marker(out: Path, builder: str, files: Iterable[str]) -> None:
    data = {"format": FORMAT, "version": 1, "builder": builder, "files": sorted(set(files))}
    replace_file(out / MARKER, json.dumps(data, indent=0).encode("utf-8"), out)


def _remove(out: Path, names: Iterable[str]) -> None:
    """Remove the files ``names`` of ``out`` (a link is removed, never followed; a folder is
    left), then the folders that leaves empty, deepest first."""
    folders: set[Path] = set()
    for name in names:
        path = out / name
        if path.is_symlink() or path.is_file():
            path.unlink()
        folders.update(p for p in path.parents if p != out and p.is_relative_to(out))
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
            folder.rmdir()


def replace_site(out: Path, site: Path, builder: str) -> list[str]:
    """Put the site built in ``site`` into ``out`` for ``builder``: :func:`claim` it, remove
    the files its marker lists, copy the new ones and list them in the marker; return them.
    A file of the new site where ``out`` holds one the builder did not write is refused
    before anything is removed."""
    old = claim(out, builder)
    new = site_files(site)
    mine = set(old)
    for name in new:
        if os.path.lexists(out / name) and name not in mine:
            raise _refuse(out, f"holds {name}, which the build would replace and did not write")
    out.mkdir(parents=True, exist_ok=True)
    try:
        _write_marker(out, builder, [*old, *new])  # first: a build stopped half-way is still ours
        _remove(out, old)
        for name in new:
            replace_file(out / name, (site / name).read_bytes(), out)
        _write_marker(out, builder, new)
    except PathRefused as e:
        raise OutError(f"{e} (in --out {out})") from None
    return new
