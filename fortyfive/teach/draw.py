"""Each student's puzzles, drawn from the manifest and the student's id alone.

The same manifest and id always give the same puzzles (the teacher's grader draws them again to
know what each student was given); two students get different draws wherever the manifest
leaves a choice (chosen or generated items). A puzzle's :func:`puzzle_digest` is what a
submission must match.

>>> from fortyfive.teach.manifest import parse_manifest
>>> m = parse_manifest({"format": "fortyfive-assignment", "version": 1, "id": "hw", "title": "t",
...     "seed": 1, "puzzles": [{"generate": "order", "count": 2}]})
>>> a = [x.puzzle.id for x in assigned_puzzles(m, "ana")]
>>> a == [x.puzzle.id for x in assigned_puzzles(m, "ana")], a[0]
(True, 'hw-1-01')
>>> assigned_puzzles(m, "ana")[0].puzzle != assigned_puzzles(m, "ben")[0].puzzle
True
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass

from fortyfive.puzzles.coverage import shipped_puzzles
from fortyfive.puzzles.generate import DRILL_BANK, generate_puzzles
from fortyfive.puzzles.model import Puzzle, get_puzzle, load_drill_bank
from fortyfive.teach.manifest import Item, Manifest, ManifestError, digest

_STUDENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}")


class StudentError(ValueError):
    """A student id that cannot be used (ids name files and rows of the gradebook)."""


def check_student(student: object) -> str:
    """``student`` as an id: 1-64 letters, digits, '.', '_', '@' or '-'."""
    if not isinstance(student, str) or not _STUDENT.fullmatch(student):  # "ana\n" is not ana
        raise StudentError(
            f"{student!r:.40} is not a student id: use 1-64 letters, digits, '.', '_', '@' or '-'"
        )
    return student


@dataclass(frozen=True)
class Assigned:
    """One puzzle of a student's assignment: its place (1, 2, ...), the puzzle and its points."""

    slot: int
    puzzle: Puzzle
    points: float

    @property
    def digest(self) -> str:
        return puzzle_digest(self.puzzle)


def puzzle_digest(puzzle: Puzzle) -> str:
    """The fingerprint of a puzzle's whole definition (an edited position changes it)."""
    return digest(puzzle.to_dict())


def _seed(manifest: Manifest, student: str, item: int, k: int) -> int:
    text = f"{manifest.seed}/{student}/{item}/{k}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def candidates(item: Item) -> list[Puzzle]:
    """The shipped puzzles a choosing item may draw from."""
    out = []
    for p in shipped_puzzles():
        if item.chapter is not None and p.chapter != item.chapter:
            continue
        if item.rules and not set(item.rules) & set(p.rules):
            continue
        if item.kinds and p.kind not in item.kinds:
            continue
        if item.difficulty and p.difficulty not in item.difficulty:
            continue
        out.append(p)
    return out


def check_drawable(manifest: Manifest) -> None:
    """Refuse a manifest that some student's draw could not fill: a choosing item that asks for
    more puzzles than match it once the items before it have taken theirs (each student's draw
    takes a puzzle once; the check counts the most the earlier items could take of this
    item's, whatever they draw), or a generated item of a banked kind that asks for more of a
    difficulty than its bank holds."""
    earlier: list[tuple[int, set[str]]] = []  # what each item before may take: (count, ids)
    for i, item in enumerate(manifest.items):
        if item.id is not None:
            earlier.append((1, {item.id}))
        elif item.shipped:
            ids = {p.id for p in candidates(item)}
            if len(ids) < item.count:
                raise ManifestError(
                    f"puzzles[{i}] asks for {item.count} puzzles, but only {len(ids)} shipped "
                    "puzzles match it"
                )
            taken = sum(min(count, len(ids & theirs)) for count, theirs in earlier)
            if len(ids) - taken < item.count:
                raise ManifestError(
                    f"puzzles[{i}] asks for {item.count} of the {len(ids)} shipped puzzles that "
                    f"match it, but the items before it may take {taken} of those, leaving some "
                    "students too few: ask for fewer, or make the items not overlap"
                )
            earlier.append((item.count, ids))
        elif item.generate in DRILL_BANK:
            _check_bank(i, item)


def _check_bank(i: int, item: Item) -> None:
    """Refuse a generated item of a banked kind that asks for more of a difficulty than the
    bank holds."""
    assert item.generate is not None
    size, levels = DRILL_BANK[item.generate], item.levels
    for level in sorted(set(levels)):
        if levels.count(level) > size:
            raise ManifestError(
                f"puzzles[{i}] asks for {levels.count(level)} {item.generate} puzzles "
                f"of difficulty {level}, but its bank holds {size}"
            )


def _banked(manifest: Manifest, student: str, i: int, item: Item) -> list[Puzzle]:
    """A generated item of a kind too slow to make per student (``give-up``, ``bid``: seconds a
    puzzle, in the student's notebook and again in the grader): drawn from the drill bank
    instead, none twice, in an order shuffled by the student's seed."""
    assert item.generate is not None
    _check_bank(i, item)  # the grader and the student's notebook draw without check_drawable
    rng = random.Random(_seed(manifest, student, i, 0))
    pools: dict[int, list[Puzzle]] = {}
    for level in sorted(set(item.difficulty)):
        pools[level] = load_drill_bank(item.generate, level)
        rng.shuffle(pools[level])
    out = []
    for k, level in enumerate(item.levels):
        p = pools[level].pop()
        out.append(Puzzle.from_dict({**p.to_dict(), "id": f"{manifest.id}-{i + 1}-{k + 1:02d}"}))
    return out


def assigned_puzzles(manifest: Manifest, student: str) -> list[Assigned]:
    """The student's puzzles, in the manifest's order (see the module's docstring)."""
    check_student(student)
    out: list[Assigned] = []
    taken: set[str] = set()
    for i, item in enumerate(manifest.items):
        if item.id is not None:
            chosen = [get_puzzle(item.id)]
        elif item.generate in DRILL_BANK:
            chosen = _banked(manifest, student, i, item)
        elif item.generate is not None:
            chosen = []
            for k, level in enumerate(item.levels):
                (p,) = generate_puzzles(
                    item.generate,
                    1,
                    _seed(manifest, student, i, k),
                    level,
                    prefix=f"{manifest.id}-{i + 1}",
                )
                chosen.append(Puzzle.from_dict({**p.to_dict(), "id": f"{p.id[:-3]}-{k + 1:02d}"}))
        else:
            pool = [p for p in candidates(item) if p.id not in taken]
            if len(pool) < item.count:
                raise ManifestError(
                    f"puzzles[{i}] asks for {item.count} puzzles, but only {len(pool)} "
                    "shipped puzzles are left to choose from"
                )
            rng = random.Random(_seed(manifest, student, i, 0))
            chosen = sorted(rng.sample(pool, item.count), key=lambda p: p.id)
        for p in chosen:
            taken.add(p.id)
            out.append(Assigned(len(out) + 1, p, item.points))
    return out
