"""Reading the teacher's untrusted JSON files (manifests, submissions): bounded before parsing."""

from __future__ import annotations

import json
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
        raise error(f"{path}: not a JSON file ({e})") from None
    except RecursionError:
        raise error(f"{path}: nested too deeply to be a {what}") from None
