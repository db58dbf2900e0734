"""The course's JSON files on disk (progress files, assignment manifests, submissions): read
bounded before parsing, because every one may come from someone else; written atomically, so a
file is never left half-written, and only ever to a regular file
(:mod:`fortyfive.course.safe_paths`); strict JSON both ways (no ``NaN`` or ``Infinity``,
which Python's reader takes); each starts with a ``format`` name and a ``version`` number,
checked alike for all of them.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> write_json(path, {"format": "x", "attempts": []})
>>> read_json(path, 1000, "progress file", ValueError)
{'format': 'x', 'attempts': []}
>>> read_json(path, 10, "progress file", ValueError)
Traceback (most recent call last):
...
ValueError: .../progress.json: the progress file is larger than 10 bytes
>>> check_header({"format": "x", "version": True}, "x", (1,), "progress file", "p", ValueError)
Traceback (most recent call last):
...
ValueError: p: not a fortyfive progress file (expected format 'x', version 1)
"""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from fortyfive.course.safe_paths import replace_file
from fortyfive.engine.validate import FileRefused, NestedTooDeeply, json_text, read_bounded


def read_json(path: Path, limit: int, what: str, error: type[ValueError]) -> Any:
    """The parsed JSON of ``path``, a ``what`` of at most ``limit`` bytes; any problem raises
    ``error`` naming the file (only a regular file is read, and at most ``limit`` bytes of it:
    :func:`~fortyfive.engine.validate.read_bounded`)."""
    try:
        raw = read_bounded(path, limit)
    except OSError as e:
        raise error(f"{path}: cannot read the {what} ({e.strerror})") from None
    except FileRefused as e:
        raise error(f"{path}: the {what} is {e}") from None
    try:
        return json_text(raw.decode("utf-8"))
    except NestedTooDeeply as e:
        raise error(f"{path}: nested too deeply to be a {what} ({e})") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise error(f"{path}: not a JSON {what} ({e})") from None
    except RecursionError:  # past the parser: bounded above, kept for safety's sake
        raise error(f"{path}: nested too deeply to be a {what}") from None


def encode_json(data: Any) -> bytes:
    """``data`` as the course writes it: strict JSON (what :func:`read_json` would refuse is
    refused here too), indented by one space, UTF-8."""
    return json.dumps(data, indent=1, allow_nan=False).encode("utf-8")


def write_json(path: Path, data: Any, root: Path | None = None, *, private: bool = False) -> None:
    """Write ``data`` to ``path`` (:func:`encode_json`) atomically, and only ever to a regular
    file (:func:`~fortyfive.course.safe_paths.replace_file`: ``root`` is the folder the user
    named, by default ``path``'s own; a ``private`` file is its owner's alone)."""
    replace_file(path, encode_json(data), root, private=private)


def check_header(
    data: Any, fmt: str, versions: Collection[int], what: str, where: str, error: type[ValueError]
) -> int:
    """The version of ``data``, a JSON object whose ``format`` is ``fmt`` and whose ``version``
    is one of ``versions`` (an int: JSON's ``true`` and ``1.0`` are not 1); anything else
    raises ``error``, naming ``where`` and what was expected."""
    version = data.get("version") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("format") != fmt
        or type(version) is not int
        or version not in versions
    ):
        expected = " or ".join(map(str, sorted(versions)))
        raise error(
            f"{where}: not a fortyfive {what} (expected format {fmt!r}, version {expected})"
        )
    return version
