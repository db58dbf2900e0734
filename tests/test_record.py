"""Game records: JSON-able, versioned, replayable; malformed records are clear errors."""

from __future__ import annotations

import copy
import json
import random

import pytest

import fortyfive as ff
from fortyfive.agents.random_play import play_random_game


def finished(preset: str, seed: int = 5) -> ff.Game:
    return play_random_game(preset, seed, random.Random(seed))


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_record_is_json_and_replays_identically(preset: str) -> None:
    game = finished(preset)
    record = json.loads(json.dumps(game.record()))
    assert record["format"] == "fortyfive-record" and record["version"] == 1
    assert record["rules"] == preset and record["seed"] == game.seed
    again = ff.Game.replay(record)
    assert again.history == game.history
    assert (again.scores, again.winner, again.deal_number) == (
        game.scores,
        game.winner,
        game.deal_number,
    )
    assert again.score_sheet().to_pandas().equals(game.score_sheet().to_pandas())


def test_record_of_a_given_deal_keeps_the_deal() -> None:
    pack = [str(c) for c in ff.deck(joker=False)]
    hands = [pack[i * 5 : i * 5 + 5] for i in range(4)]
    game = ff.Game.from_deal("barker", dealer=2, hands=hands, stock=pack[20:], scores=(70, 85))
    game.apply("bid 5")
    record = game.record()
    assert record["start"] == {"dealer": 2, "hands": hands, "stock": pack[20:], "scores": [70, 85]}
    again = ff.Game.replay(record)
    assert again.hand(0) == game.hand(0) and again.scores == (70, 85)
    assert again.contract == (3, 5)


def test_custom_rules_travel_in_the_record() -> None:
    rules = ff.Rules.from_dict({**ff.BRUFF.to_dict(), "name": "bruff-no-jink", "jink": False})
    game = ff.Game.new(rules, seed=2)
    game.apply(game.legal_actions()[0])
    again = ff.Game.replay(json.loads(json.dumps(game.record())))
    assert again.rules == rules and again.history == game.history


def good() -> dict:
    game = ff.Game.new("bruff", seed=9)
    for _ in range(7):
        game.apply(game.legal_actions()[-1])
    return game.record()


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda r: r.pop("format"), "'format'"),
        (lambda r: r.update(version=99), "unsupported version 99"),
        (lambda r: r.update(rules="whist"), "unknown preset 'whist'"),
        (lambda r: r.update(rules={"name": "x"}), "rules"),
        (lambda r: r.update(rules={**ff.BRUFF.to_dict(), "colour": 1}), "unknown rules fields"),
        (lambda r: r.update(seed="7"), "'seed' must be an integer"),
        (lambda r: r.update(actions="play 5S"), "'actions' must be a list"),
        (lambda r: r["actions"].append("play ZZ"), "action 7 'play ZZ'"),
        (lambda r: r["actions"].insert(0, "bid 20"), "action 0 'bid 20' is not legal"),
        (lambda r: r.update(start={"dealer": 0}), "'start' must be null or an object with exactly"),
        (
            lambda r: r.update(
                start={"dealer": 0, "hands": [["5S"] * 5] * 6, "stock": [], "scores": [0, 0, 0]}
            ),
            "start:",
        ),
    ],
)
def test_malformed_records_are_clear_errors(change, needle: str) -> None:
    record = copy.deepcopy(good())
    change(record)
    with pytest.raises(ff.RecordError) as err:
        ff.Game.replay(record)
    assert needle in str(err.value)
    assert str(err.value).startswith("bad game record")


def test_a_record_that_is_not_an_object_is_an_error() -> None:
    with pytest.raises(ff.RecordError):
        ff.Game.replay(["not", "a", "record"])  # type: ignore[arg-type]


def test_score_sheet_rows_add_up_to_the_scores() -> None:
    game = finished("bruff", seed=8)
    sheet = game.score_sheet().to_pandas()
    assert list(sheet.columns[:10]) == [
        "deal",
        "dealer",
        "trump",
        "trick",
        "leader",
        "cards",
        "winner",
        "partnership",
        "points",
        "bonus",
    ]
    for p, name in enumerate(game.rules.partnership_names):
        won = sheet.loc[sheet.partnership == name, "points"].sum()
        assert won == game.scores[p]
    by_deal = game.score_sheet(by="deal").to_pandas()
    assert len(by_deal) == game.deal_number
    assert list(by_deal.iloc[-1][list(game.rules.partnership_names)]) == list(game.scores)


def test_barker_sheet_by_deal_shows_contracts() -> None:
    game = finished("barker", seed=8)
    by_deal = game.score_sheet(by="deal").to_pandas()
    played = by_deal[~by_deal.thrown_in]
    assert played.bid.isin([5, 10, 15, 20, 25, 30]).all()
    assert played.made.isin([True, False]).all()
    assert list(by_deal.iloc[-1][["N-S", "E-W"]]) == list(game.scores)
    with pytest.raises(ValueError):
        game.score_sheet(by="week")
