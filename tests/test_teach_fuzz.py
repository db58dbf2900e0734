"""Property test: a hostile file among a class's submissions, whatever it holds and whatever it
is named, goes through the whole ``fortyfive grade`` command without a traceback, with exit
status 0 or 1 (never the 2 of nothing graded), and every other student is graded in full.

The class: ana, ben and eve, handed out with a roster (so each file carries its student's
token); ana and ben hand in perfect files; the hostile file starts from eve's own (her token
and all) with any field replaced by any JSON-like value, a value nested up to 3,000 levels
deep, or any bytes at all, under eve's, a classmate's or a made-up name.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import io
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from classroom import manifest, manifest_file, submitted
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tiers import examples

from fortyfive.cli import main
from fortyfive.teach.assign import write_assignment
from fortyfive.teach.key import key_path, read_key
from fortyfive.teach.submission import MAX_FILE_BYTES, file_name

NAMES = [
    "fortyfive-submission-eve.json",
    "fortyfive-submission-eve (1).json",
    "fortyfive-submission-ana (1).json",
    "fortyfive-submission-ben (1).json",  # beside ben's own, in his folder
    "zed_1_2_fortyfive-submission-zed.json",
    "fortyfive-submission-.json",
]

_part = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"),
    max_size=12,
)
#: A name of the submissions' pattern with anything around the student: browsers' and
#: platforms' additions, other students' ids, text that is no id at all.
names = st.one_of(
    st.sampled_from(NAMES),
    st.builds(
        lambda pre, mid, post: f"{pre}fortyfive-submission-{mid}{post}.json", _part, _part, _part
    ),
)

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["ana", "ben", "eve", "hw1", "c1-01", "5S", "0" * 32, "2099-01-01T00:00:00"]),
)
values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


class _Class:
    """The class every example grades: its folder, the good files and eve's submission."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="fortyfive-fuzz-"))
        atexit.register(shutil.rmtree, self.root, True)
        roster = self.root / "roster.csv"
        roster.write_text("student\nana\nben\neve\n")
        self.roster = roster
        write_assignment(manifest_file(self.root), self.root / "hw1", roster)
        self.manifest = self.root / "hw1" / "assignment.json"
        key = read_key(key_path(self.manifest), manifest())
        self.files = {
            s: submitted(self.root / "work", s, token=key.token(manifest(), s)).read_bytes()
            for s in ("ana", "ben", "eve")
        }
        self.eve: dict[str, Any] = json.loads(self.files["eve"])


_CLASS: list[_Class] = []


def _the_class() -> _Class:
    if not _CLASS:
        _CLASS.append(_Class())
    return _CLASS[0]


def _fields(data: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    items = data.items() if isinstance(data, dict) else enumerate(data)
    out: list[tuple[str | int, ...]] = []
    for key, value in items:
        out.append((*prefix, key))
        if isinstance(value, dict | list) and len(prefix) < 4:
            out.extend(_fields(value, (*prefix, key)))
    return out


def _replaced(data: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


_PLACE = "@@deep@@"


@st.composite
def hostile(draw: st.DrawFn) -> bytes:
    """A hostile file's bytes (see the module's docstring)."""
    eve = _the_class().eve
    how = draw(st.sampled_from(["field", "deep", "bytes"]))
    if how == "bytes":
        return draw(st.binary(max_size=3000))
    path = draw(st.sampled_from(_fields(eve)))
    if how == "field":
        return json.dumps(_replaced(eve, path, draw(values))).encode()
    depth = draw(st.integers(min_value=1, max_value=3000))
    if draw(st.booleans()):
        nested = "[" * depth + "]" * depth
    else:  # {"k":{"k":...{}}}
        nested = '{"k":' * (depth - 1) + "{}" + "}" * (depth - 1)
    text = json.dumps(_replaced(eve, path, _PLACE))
    return text.replace(json.dumps(_PLACE), nested).encode()


def _grade(folder: Path, c: _Class) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = ["grade", "--assignment", str(c.manifest), str(folder), "--out", str(folder / "g")]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, "--roster", str(c.roster)])
    return code, out.getvalue(), err.getvalue()


def _folder(c: _Class) -> Path:
    folder = Path(tempfile.mkdtemp(dir=c.root))
    for s in ("ana", "ben", "eve"):
        (folder / s).mkdir()
        (folder / s / file_name(s)).write_bytes(c.files[s])
    return folder


@FUZZ
@given(hostile(), names)
def test_a_hostile_file_stops_no_ones_grading(content: bytes, name: str) -> None:
    c = _the_class()
    folder = _folder(c)
    # a name the file system cannot hold is no file a student could hand in
    assume(len(os.fsencode(name)) <= 255 and name != file_name("ben"))  # not ben's own
    (folder / "ben" / name if "-ben" in name else folder / name).write_bytes(content)
    try:
        code, out, err = _grade(folder, c)
        assert code in (0, 1), err
        assert "Traceback" not in err
        assert "ana: 6 / 6" in out and "ben: 6 / 6" in out, err
        assert (folder / "g" / "report.html").read_text().endswith("</html>")
    finally:
        shutil.rmtree(folder)


def test_a_file_over_the_size_limit_is_refused_by_name_and_the_rest_graded() -> None:
    c = _the_class()
    folder = _folder(c)
    big = folder / "fortyfive-submission-eve (1).json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    try:
        code, out, err = _grade(folder, c)
        assert code == 1 and big.name in err and "1 file was refused" in err
        assert "ana: 6 / 6" in out and "ben: 6 / 6" in out and "eve: 6 / 6" in out
    finally:
        shutil.rmtree(folder)
