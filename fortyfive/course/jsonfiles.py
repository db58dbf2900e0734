"""The course's JSON files on disk (progress files, assignment manifests, submissions): read
bounded before parsing, because every one may come from someone else; written atomically, so a
file is never left half-written.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> write_json(path, {"format": "x", "attempts": []})
>>> read_json(path, 1000, "progress file", ValueError)
{'format': 'x', 'attempts': []}
>>> read_json(path, 10, "progress file", ValueError)
Traceback (most recent call last):
...
ValueError: .../progress.json: the progress file is larger than 10 bytes
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def read_json(path: Path, limit: int, what: str, error: type[ValueError]) -> Any:
    """The parsed JSON of ``path``, a ``what`` of at most ``limit`` bytes; any problem raises
    ``error`` naming the file (its size is checked before a byte is read)."""
    try:
        size = path.stat().st_size
    except OSError as e:
        raise error(f"{path}: cannot read the {what} ({e.strerror})") from None
    if size > limit:
        raise error(f"{path}: the {what} is larger than {limit} bytes")
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise error(f"{path}: not a JSON {what} ({e})") from None
    except RecursionError:
        raise error(f"{path}: nested too deeply to be a {what}") from None


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then replace
    ``path`` with it in one step: a reader sees the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
