"""An assignment as data: a versioned JSON manifest, validated before any of it is used.

A manifest names the assignment, its puzzles (listed by id, chosen from the course's puzzles by
chapter, rule ids, kinds and difficulty, or generated), the points of each, the policy on tries,
hints and "Show me", and a seed. Everything a student works on is drawn from it and the student's
id (:mod:`fortyfive.teach.draw`), so the teacher's copy of the manifest is all the grader needs::

    {"format": "fortyfive-assignment", "version": 1,
     "id": "trumps-week-1", "title": "Trumps and following", "seed": 2026,
     "policy": {"tries": 3, "hint_penalty": 0.25, "show": "no credit"},
     "puzzles": [
       {"id": "c1-04", "points": 2},
       {"chapter": 2, "rules": ["R5.3"], "count": 2, "points": 1},
       {"generate": "order", "difficulty": 2, "count": 3, "points": 1}
     ]}

An item with ``id`` is that shipped puzzle for everyone. An item with ``chapter``, ``rules``,
``kinds`` or ``difficulty`` (any of them; each narrows the choice) draws ``count`` different
shipped puzzles per student. An item with ``generate`` (a kind) makes ``count`` new puzzles per
student; for ``give-up`` and ``bid``, whose puzzles take seconds each to make, it draws them
instead from the bank the drills use (30 of each difficulty, none twice for a student), so two
students may share some. ``difficulty``: a list of 1, 2 and 3, or one of them alone.
``policy.tries``: the wrong answers allowed before a puzzle earns nothing (0 to
:data:`MAX_TRIES`; null: up to that many, as the grader checks no more; left out, or no policy
at all: :data:`DEFAULT_TRIES`, so that trying every answer in turn does not earn the points);
``policy.hint_penalty``: the share of the points each hint used before solving costs (0 to 1);
``policy.show``: "no credit" ("Show me" before solving earns nothing); ``policy.due``: when
the assignment is due (an ISO date and time with its offset, ``"2026-12-08T17:00:00+00:00"``),
``policy.late_penalty``: the share of a puzzle's points each day (or part of one) it was solved
after that costs (0 to 1; 0 by default), ``policy.late_days``: the days after which a solve
earns nothing (null: no limit). A manifest is untrusted
input: :func:`parse_manifest` refuses anything else with a :class:`ManifestError` that names
the field.

A manifest's :meth:`~Manifest.digest`, which every submission carries, covers what defines the
puzzles (the id, the seed, the items without their points), not the title, the points or the
policy: a teacher may change those after handing the assignment out and grade again.

>>> m = parse_manifest({"format": "fortyfive-assignment", "version": 1, "id": "hw1",
...     "title": "Homework 1", "seed": 7, "puzzles": [{"id": "c1-01", "points": 2}]})
>>> m.id, m.items[0].points, m.policy.tries
('hw1', 2.0, 3)
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from fortyfive.course.jsonfiles import check_header, read_json
from fortyfive.engine.errors import quote
from fortyfive.engine.rulebook import RULE_IDS
from fortyfive.puzzles.model import CHAPTERS, KINDS
from fortyfive.puzzles.sessions import DRILL_KINDS
from fortyfive.teach._text import printable

FORMAT = "fortyfive-assignment"
VERSION = 1
#: Bounds on a manifest, checked before it is parsed or used.
MAX_MANIFEST_BYTES = 256 * 1024
MAX_ITEMS = 200
MAX_PUZZLES = 500  # drawn per student, all items together
MAX_COUNT = 50
MAX_POINTS = 1000.0
MAX_TRIES = 100  # also the most wrong answers of one puzzle the grader checks
#: The wrong tries allowed when the manifest does not say.
DEFAULT_TRIES = 3
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_ITEM_KEYS = {"id", "chapter", "rules", "kinds", "difficulty", "generate", "count", "points"}
_POLICY_KEYS = {"tries", "hint_penalty", "show", "due", "late_penalty", "late_days"}
MAX_LATE_DAYS = 365
SHOW_POLICIES = ("no credit",)


class ManifestError(ValueError):
    """A manifest that cannot be used: the message names the file and the field."""


@dataclass(frozen=True)
class Policy:
    """What a solve earns: wrong tries allowed, the cost of a hint, and "Show me"."""

    tries: int | None = DEFAULT_TRIES
    hint_penalty: float = 0.0
    show: str = "no credit"
    due: str | None = None
    late_penalty: float = 0.0
    late_days: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The policy as the manifest's file holds it (the late rule only when there is a
        due date)."""
        out = asdict(self)
        if self.due is None:
            for key in ("due", "late_penalty", "late_days"):
                out.pop(key)
        return out


@dataclass(frozen=True)
class Item:
    """One entry of the manifest's puzzle list (see the module's docstring)."""

    points: float = 1.0
    id: str | None = None
    chapter: int | None = None
    rules: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    difficulty: tuple[int, ...] = ()
    generate: str | None = None
    count: int = 1

    @property
    def shipped(self) -> bool:
        """Is the item chosen from the course's puzzles (not generated)?"""
        return self.generate is None

    @property
    def levels(self) -> list[int]:
        """The difficulty of each of a generated item's ``count`` puzzles: its difficulties in
        turn."""
        return [self.difficulty[k % len(self.difficulty)] for k in range(self.count)]


@dataclass(frozen=True)
class Manifest:
    """A validated assignment manifest."""

    id: str
    title: str
    seed: int
    items: tuple[Item, ...]
    policy: Policy = field(default_factory=Policy)

    def to_dict(self) -> dict[str, Any]:
        """The manifest as JSON-able data, as its file holds it (its :meth:`digest` is of
        this)."""
        items = []
        for it in self.items:
            d = {k: v for k, v in asdict(it).items() if v not in (None, (), [])}
            if it.id is not None:
                d.pop("count")
            for k in ("rules", "kinds", "difficulty"):
                if k in d:
                    d[k] = list(d[k])
            items.append(d)
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "title": self.title,
            "seed": self.seed,
            "policy": self.policy.to_dict(),
            "puzzles": items,
        }

    def definition(self) -> dict[str, Any]:
        """What defines the puzzles each student is given: :meth:`to_dict` without the title,
        the policy and the points, which may change after the assignment is handed out."""
        data = self.to_dict()
        for key in ("title", "policy"):
            data.pop(key)
        data["puzzles"] = [
            {k: v for k, v in item.items() if k != "points"} for item in data["puzzles"]
        ]
        return data

    def digest(self) -> str:
        """The fingerprint of the manifest's :meth:`definition` (sha256 of its canonical
        JSON): submissions carry it, so a change of points, policy or title keeps them."""
        return digest(self.definition())

    def total_points(self) -> float:
        """The most points a student can earn."""
        return sum(it.points * it.count for it in self.items)


def digest(data: Any) -> str:
    """sha256 of ``data``'s canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_manifest(path: str | Path) -> Manifest:
    """Read and validate a manifest file."""
    path = Path(path)
    data = read_json(path, MAX_MANIFEST_BYTES, "manifest", ManifestError)
    return parse_manifest(data, str(path))


def _fail(where: str, field_: str, why: str) -> ManifestError:
    return ManifestError(f"{where}: {field_} {why}")


def _int(value: Any, where: str, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, name, f"must be a whole number from {low} to {high}, not {value!r:.40}")
    return value


def _number(value: Any, where: str, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise _fail(where, name, f"must be a number from {low:g} to {high:g}, not {value!r:.40}")
    return float(value)


def _text(value: Any, where: str, name: str, limit: int) -> str:
    # printable: no control codes for a terminal, no lone surrogate that UTF-8 cannot write,
    # no line break for a title in Markdown
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > limit
        or not printable(value)
    ):
        raise _fail(where, name, f"must be a text of 1 to {limit} printable characters")
    return value


def _list(value: Any, where: str, name: str, allowed: tuple[Any, ...]) -> tuple[Any, ...]:
    if not isinstance(value, list) or not value or len(value) > len(allowed):
        raise _fail(where, name, f"must be a non-empty list of {', '.join(map(str, allowed))}")
    # 2.0 == 2 and True == 1: a choice is the very value, of the very type, offered
    bad = [v for v in value if not any(type(v) is type(a) and v == a for a in allowed)]
    if bad:
        raise _fail(where, name, f"has {bad[0]!r:.20}, which is not one of the choices")
    return tuple(dict.fromkeys(value))


def parse_manifest(data: Any, where: str = "manifest") -> Manifest:
    """A :class:`Manifest` from parsed JSON, every field checked (see the module's docstring)."""
    if not isinstance(data, dict):
        raise ManifestError(f"{where}: a manifest is a JSON object")
    check_header(data, FORMAT, (VERSION,), "assignment manifest", where, ManifestError)
    extra = set(data) - {"format", "version", "id", "title", "seed", "policy", "puzzles"}
    if extra:
        raise _fail(where, "the manifest", f"has unknown fields: {quote(sorted(extra))}")
    ident = data.get("id")
    if not isinstance(ident, str) or not _ID.fullmatch(ident):
        raise _fail(where, "id", "must be 1-64 letters, digits, '.', '_' or '-' (a folder name)")
    title = _text(data.get("title"), where, "title", 200)
    seed = _int(data.get("seed"), where, "seed", 0, 2**63 - 1)
    policy = _policy(data.get("policy", {}), where)
    raw = data.get("puzzles")
    if not isinstance(raw, list) or not raw or len(raw) > MAX_ITEMS:
        raise _fail(where, "puzzles", f"must be a list of 1 to {MAX_ITEMS} items")
    items = tuple(_item(v, f"{where}: puzzles[{i}]") for i, v in enumerate(raw))
    if sum(it.count for it in items) > MAX_PUZZLES:
        raise _fail(where, "puzzles", f"draw more than {MAX_PUZZLES} puzzles per student")
    return Manifest(ident, title, seed, items, policy)


def _policy(value: Any, where: str) -> Policy:
    if not isinstance(value, dict):
        raise _fail(where, "policy", "must be an object")
    extra = set(value) - _POLICY_KEYS
    if extra:
        raise _fail(where, "policy", f"has unknown fields: {quote(sorted(extra))}")
    tries = value.get("tries", DEFAULT_TRIES)
    if tries is not None:
        tries = _int(tries, where, "policy.tries", 0, MAX_TRIES)
    penalty = _number(value.get("hint_penalty", 0.0), where, "policy.hint_penalty", 0.0, 1.0)
    show = value.get("show", "no credit")
    if show not in SHOW_POLICIES:
        raise _fail(where, "policy.show", f"must be one of {', '.join(SHOW_POLICIES)}")
    due = value.get("due")
    if due is not None:
        due = parse_when(due, where, "policy.due")
    late = _number(value.get("late_penalty", 0.0), where, "policy.late_penalty", 0.0, 1.0)
    late_days = value.get("late_days")
    if late_days is not None:
        late_days = _int(late_days, where, "policy.late_days", 0, MAX_LATE_DAYS)
    if due is None and (late or late_days is not None):
        raise _fail(where, "policy", "has a late rule but no due date")
    return Policy(tries, penalty, show, due, late, late_days)


def parse_when(value: Any, where: str, name: str) -> str:
    """An ISO date and time with its offset from UTC, as given."""
    if isinstance(value, str) and len(value) <= 40:
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            when = None
        if when is not None and when.tzinfo is not None:
            return value
    raise _fail(
        where, name, "must be a date and time with its offset, as 2026-12-08T17:00:00+00:00"
    )


def _item(value: Any, where: str) -> Item:
    from fortyfive.puzzles.model import get_puzzle

    if not isinstance(value, dict):
        raise ManifestError(f"{where}: an item is an object")
    extra = set(value) - _ITEM_KEYS
    if extra:
        raise ManifestError(f"{where}: unknown fields: {quote(sorted(extra))}")
    points = _number(value.get("points", 1), where, "points", 0.0, MAX_POINTS)
    count = _int(value.get("count", 1), where, "count", 1, MAX_COUNT)
    if "id" in value:
        if set(value) - {"id", "points"}:
            raise ManifestError(f"{where}: an item with an id takes only points besides")
        ident = _text(value["id"], where, "id", 40)
        try:
            get_puzzle(ident)
        except KeyError:
            raise ManifestError(f"{where}: no shipped puzzle {ident!r:.40}") from None
        return Item(points=points, id=ident)
    kinds = _list(value["kinds"], where, "kinds", KINDS) if "kinds" in value else ()
    level = value.get("difficulty")
    if type(level) is int:  # one difficulty: a list of one (the manifest's digest is the same)
        level = [level]
    difficulty = _list(level, where, "difficulty", (1, 2, 3)) if "difficulty" in value else ()
    if "generate" in value:
        if {"chapter", "rules", "kinds"} & set(value):
            raise ManifestError(f"{where}: a generated item takes a kind, difficulty and count")
        kind = value["generate"]
        if kind in KINDS and kind not in DRILL_KINDS:
            raise _fail(
                where,
                "generate",
                f"{kind!r} takes the solver minutes a puzzle to make: assign the course's by id",
            )
        if kind not in DRILL_KINDS:  # every kind the generator makes in seconds
            raise _fail(where, "generate", f"must be one of {', '.join(DRILL_KINDS)}")
        return Item(points=points, generate=str(kind), difficulty=difficulty or (1,), count=count)
    chapter = value.get("chapter")
    if chapter is not None:
        chapter = _int(chapter, where, "chapter", CHAPTERS[0], CHAPTERS[-1])
    rules = _list(value["rules"], where, "rules", RULE_IDS) if "rules" in value else ()
    if chapter is None and not (rules or kinds or difficulty):
        raise ManifestError(
            f"{where}: give an id, a kind to generate, or chapter/rules/kinds/difficulty to "
            "choose from"
        )
    return Item(points, None, chapter, rules, kinds, difficulty, None, count)
