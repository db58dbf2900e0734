"""The teacher's key: a secret kept beside the manifest, which binds each submission to its
student and which the answer key needs.

``fortyfive assign`` writes it as ``<manifest>.key`` beside the ``assignment.json`` it writes
(``assignment.key``), a file students are never given::

    {"format": "fortyfive-teacher-key", "version": 1, "assignment": "hw1",
     "key": "<64 hex digits>", "tokens": true}

With a roster, each student's notebook carries that student's **token**,
:func:`student_token` (an HMAC of the student's id and the manifest's digest under the key),
and writes it into the submission; when ``tokens`` is true the grader refuses any submission
without the token of the student it names. A student knows only their own token, so a file
planted in a classmate's name, or in the name of a student who handed nothing in, is refused
and changes no one's grade. Without a roster (one notebook that asks for the id) or under
nbgrader (whose folders say who handed a file in), no token is handed out and ``tokens`` is
false.

>>> from fortyfive.teach.manifest import parse_manifest
>>> m = parse_manifest({"format": "fortyfive-assignment", "version": 1, "id": "hw", "title": "t",
...     "seed": 1, "puzzles": [{"id": "c1-01"}]})
>>> k = TeacherKey("hw", bytes(32), True)
>>> len(k.token(m, "ana")), k.token(m, "ana") == k.token(m, "ben")
(32, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fortyfive.course.jsonfiles import check_header, read_json, write_json
from fortyfive.teach.manifest import Manifest

FORMAT = "fortyfive-teacher-key"
VERSION = 1
MAX_KEY_BYTES = 4096
#: A token's length in hex digits (128 bits).
TOKEN_CHARS = 32
_HEX = re.compile(r"[0-9a-f]{64}")


class TeacherKeyError(ValueError):
    """A teacher's key file that cannot be used: the message names the file and the field."""


@dataclass(frozen=True)
class TeacherKey:
    """The teacher's secret for one assignment, and whether students were given tokens."""

    assignment: str
    secret: bytes
    tokens: bool

    def token(self, manifest: Manifest, student: str) -> str:
        """``student``'s token for ``manifest``: an HMAC-SHA256 of the manifest's digest and
        the student's id under the secret (the digest leaves points and policy out, so a
        regrade with new weights keeps every token)."""
        message = f"{manifest.id}\n{manifest.digest()}\n{student}".encode()
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()[:TOKEN_CHARS]

    def accepts(self, manifest: Manifest, student: str, token: str | None) -> bool:
        """Is ``token`` ``student``'s (compared in constant time)?"""
        return token is not None and hmac.compare_digest(token, self.token(manifest, student))


def key_path(manifest_path: str | Path) -> Path:
    """Where the key of the manifest at ``manifest_path`` is kept: beside it, ``.key``."""
    return Path(manifest_path).with_suffix(".key")


def new_key(manifest: Manifest, tokens: bool) -> TeacherKey:
    """A fresh random key for ``manifest``."""
    return TeacherKey(manifest.id, secrets.token_bytes(32), tokens)


def write_key(path: Path, key: TeacherKey, root: Path | None = None) -> None:
    """Write ``key`` to ``path`` (replaced whole; only ever a regular file inside ``root``, by
    default ``path``'s folder: :func:`~fortyfive.course.safe_paths.replace_file`)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "assignment": key.assignment,
        "key": key.secret.hex(),
        "tokens": key.tokens,
    }
    # the teacher's alone from its first byte, wherever the course folder is shared
    write_json(path, data, root, private=True)


def read_key(path: str | Path, manifest: Manifest) -> TeacherKey:
    """The key file at ``path``, checked, and for ``manifest``'s assignment."""
    path = Path(path)
    data = read_json(path, MAX_KEY_BYTES, "teacher's key", TeacherKeyError)
    where = str(path)
    if not isinstance(data, dict):
        raise TeacherKeyError(f"{where}: a teacher's key is a JSON object")
    check_header(data, FORMAT, (VERSION,), "teacher's key", where, TeacherKeyError)
    if set(data) != {"format", "version", "assignment", "key", "tokens"}:
        raise TeacherKeyError(f"{where}: a teacher's key has assignment, key and tokens")
    if data["assignment"] != manifest.id:
        raise TeacherKeyError(f"{where}: it is the key of another assignment, not {manifest.id!r}")
    if not isinstance(data["key"], str) or not _HEX.fullmatch(data["key"]):
        raise TeacherKeyError(f"{where}: key must be 64 hex digits")
    if not isinstance(data["tokens"], bool):
        raise TeacherKeyError(f"{where}: tokens must be true or false")
    return TeacherKey(manifest.id, bytes.fromhex(data["key"]), data["tokens"])


def find_key(manifest_path: str | Path, manifest: Manifest) -> TeacherKey | None:
    """The key beside the manifest at ``manifest_path``, if there is one."""
    path = key_path(manifest_path)
    return read_key(path, manifest) if path.exists() else None
