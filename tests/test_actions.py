"""The action grammar: one parser, one canonical form (and clear errors)."""

from __future__ import annotations

import pytest

import fortyfive as ff


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play 5s", "play 5S"),
        ("PLAY jk", "play JK"),
        ("rob 7d", "rob 7D"),
        ("bury 4C", "bury 4C"),
        ("bid 20", "bid 20"),
        ("Hold", "hold"),
        ("pass", "pass"),
        ("trump h", "trump H"),
        ("trump Spades", "trump S"),
        ("discard", "discard"),
        ("discard 3c 2d", "discard 3C 2D"),
        ("discard 2D 3C", "discard 3C 2D"),
        ("  play   AH ", "play AH"),
    ],
)
def test_parse_and_format_round_trip(text: str, canonical: str) -> None:
    action = ff.parse_action(text)
    assert str(action) == canonical
    assert ff.parse_action(canonical) == action


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "empty"),
        ("dance", "'dance'"),
        ("play", "exactly one card"),
        ("play 5S 6S", "exactly one card"),
        ("play 10S", "'10S'"),
        ("bid", "one amount"),
        ("bid twenty", "one amount"),
        ("trump X", "S, C, D or H"),
        ("discard 2D 2d", "twice"),
        ("pass now", "nothing after"),
    ],
)
def test_bad_text_is_a_clear_syntax_error(text: str, needle: str) -> None:
    with pytest.raises(ff.ActionSyntaxError) as err:
        ff.parse_action(text)
    assert needle in str(err.value)
    assert isinstance(err.value, ValueError)


def test_legal_actions_are_canonical_strings() -> None:
    for preset in ("bruff", "barker"):
        game = ff.Game.new(preset, seed=3)
        for action in game.legal_actions():
            assert str(ff.parse_action(action)) == action


def test_apply_accepts_any_spelling_and_records_the_canonical_one() -> None:
    game = ff.Game.new("barker", seed=3)
    game.apply("BID 5")
    assert game.history == ["bid 5"]


def test_apply_accepts_typed_actions() -> None:
    game = ff.Game.new("barker", seed=3)
    game.apply(ff.Action("pass"))
    assert game.history == ["pass"]
