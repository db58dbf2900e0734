"""The shipped puzzle files (chapters' collections, drill banks) are the generator's output.

Quick tier: each file names the digest of today's generator, and one puzzle of each kind is
rebuilt exactly. Full tier: every file is rebuilt byte for
byte (the drill banks solve many whole deals: minutes). After a change to the generator,
``python -m fortyfive.puzzles.generate`` rewrites the files, and the full tier proves them.
"""

from __future__ import annotations

import json

import pytest
from tiers import full_only

from fortyfive.puzzles.generate import (
    COURSE,
    RETIRED,
    ShippedFile,
    build_collection,
    generator_digest,
    shipped_files,
)
from fortyfive.puzzles.generate.__main__ import main as rebuild
from fortyfive.puzzles.model import (
    _collection_files,
    get_puzzle,
    load_collection,
    shipped_generator,
)

REBUILD = "rebuild with python -m fortyfive.puzzles.generate, then run python -m pytest --full"


def _path(shipped: ShippedFile) -> str:
    return f"fortyfive/puzzles/{shipped.folder}/{shipped.name}.json"


@pytest.mark.parametrize("shipped", shipped_files(), ids=lambda f: f.name)
def test_every_shipped_file_names_todays_generator(shipped: ShippedFile) -> None:
    stamp = shipped_generator(shipped.name, shipped.folder)
    assert stamp == generator_digest(), f"{_path(shipped)} is from another generator: {REBUILD}"


def _first_of_each_kind() -> dict[str, tuple[int, int]]:
    """For each kind, the (chapter, number) of its first puzzle in the course plan."""
    first: dict[str, tuple[int, int]] = {}
    for chapter in sorted(COURSE):
        for number, (kind, _difficulty, _variant) in COURSE[chapter].items():
            first.setdefault(kind, (chapter, number))
    return first


FIRST = _first_of_each_kind()


@pytest.mark.parametrize(
    # a race takes seconds to find again: the full tier's rebuild of chapter 4 makes them all
    "kind",
    [k if k != "race" else pytest.param(k, marks=pytest.mark.full) for k in sorted(FIRST)],
)
def test_one_puzzle_of_each_kind_is_rebuilt_exactly(kind: str) -> None:
    chapter, number = FIRST[kind]
    rebuilt = build_collection(chapter, only=number)
    assert rebuilt == [get_puzzle(f"c{chapter}-{number:02d}")], f"chapter{chapter}.json: {REBUILD}"


def test_every_kind_of_the_course_is_checked_here() -> None:
    from fortyfive.puzzles.model import KINDS

    assert set(FIRST) == set(KINDS)


@full_only
@pytest.mark.slow
@pytest.mark.parametrize("shipped", shipped_files(), ids=lambda f: f.name)
def test_the_shipped_file_is_rebuilt_byte_for_byte(shipped: ShippedFile) -> None:
    """Every puzzle passed the generator's checks (for bid: the value clear of the bids either
    side and the same call from three other sampling seeds) and starts."""
    path = _collection_files(shipped.folder) / f"{shipped.name}.json"
    assert path.read_text(encoding="utf-8") == shipped.text(), f"{_path(shipped)}: {REBUILD}"


def test_check_names_a_stale_file_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--check`` reports a file that differs and leaves it as it is."""
    path = _collection_files("collections") / "chapter0.json"
    before = path.read_text(encoding="utf-8")
    changed = json.loads(before)
    monkeypatch.setattr(
        "fortyfive.puzzles.generate._shipped.collection_json",
        lambda puzzles, generator: json.dumps({**changed, "generator": "0" * 16}),
    )
    assert rebuild(["--check", "chapter0"]) == 1
    assert "chapter0.json: differs" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == before


def test_an_unknown_file_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        rebuild(["chapter99"])
    assert "no shipped puzzle file chapter99" in capsys.readouterr().err


def test_a_retired_puzzles_number_is_never_given_to_another_puzzle() -> None:
    """Progress files, review queues and assignments name puzzles by id: a number the course
    retired stays unused, and every shipped id is one the plan gives."""
    for chapter, plan in COURSE.items():
        assert not set(plan) & set(RETIRED.get(chapter, ())), chapter
        shipped = [p.id for p in load_collection(chapter)]
        assert shipped == [f"c{chapter}-{n:02d}" for n in plan]
    assert set(RETIRED) <= set(COURSE)
