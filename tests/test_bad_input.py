"""Every bad input to the engine and to a record gets a clear answer: a ``ValueError``
subclass naming the field and the value, and nothing changed."""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest

import fortyfive as ff
from fortyfive.agents.random_play import random_action
from fortyfive.course.progress import MAX_FILE_BYTES, ProgressError, read_attempts
from fortyfive.engine.errors import CardError, InputError

# ---------------------------------------------------------------------------- cards (R1.1)


def test_R1_1_parse_cards_of_none_is_a_card_error() -> None:
    with pytest.raises(CardError, match=r"R1\.1: cards are text .* not NoneType"):
        ff.parse_cards(None)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=r"R1\.1: a card is text .* not NoneType"):
        ff.parse_card(None)  # type: ignore[arg-type]


def test_R1_1_a_long_s_is_not_spades() -> None:
    """str.upper() maps a long s to S; only ASCII notation is a card."""
    with pytest.raises(CardError, match="'5ſ' is not a card"):
        ff.parse_card("5ſ")


def test_R1_1_a_huge_card_text_is_refused_quoting_only_its_start() -> None:
    with pytest.raises(CardError) as err:
        ff.parse_card("5" * 100_000)
    assert len(str(err.value)) < 200
    with pytest.raises(CardError, match="far more text"):
        ff.parse_cards("5S " * 100_000)


def test_R1_1_more_cards_than_a_pack_are_refused() -> None:
    with pytest.raises(CardError, match="more than the 53 cards"):
        ff.parse_cards(iter(["5S"] * 10**6))


# ---------------------------------------------------------------------------- actions


@pytest.fixture
def barker() -> ff.Game:
    return ff.Game.new("barker", seed=4)


def _unchanged(g: ff.Game) -> Any:
    return (g.record(), [g.observation(s) for s in range(g.rules.players)])


def test_R9_2_a_bid_in_arabic_indic_digits_is_refused(barker: ff.Game) -> None:
    before = _unchanged(barker)
    with pytest.raises(ff.ActionSyntaxError, match="'bid' takes one amount"):
        barker.apply("bid ٢٠")
    assert _unchanged(barker) == before


def test_R9_2_a_5000_digit_bid_is_refused_clearly(barker: ff.Game) -> None:
    before = _unchanged(barker)
    with pytest.raises(ff.ActionSyntaxError, match="too long to be an action") as err:
        barker.apply("bid " + "9" * 5000)
    assert len(str(err.value)) < 200
    assert _unchanged(barker) == before
    with pytest.raises(ff.IllegalActionError, match=r"R9\.2: bids are 5, 10"):
        barker.apply("bid 999")


@pytest.mark.parametrize("bad", [["play 2D"], {"action": "pass"}, None, 5, b"pass"])
def test_apply_a_list_or_dict_is_refused_and_changes_nothing(barker: ff.Game, bad: Any) -> None:
    before = _unchanged(barker)
    with pytest.raises(ff.ActionSyntaxError, match="an action is a string"):
        barker.apply(bad)
    with pytest.raises(ff.ActionSyntaxError, match="an action is a string"):
        barker.explain(bad)
    assert _unchanged(barker) == before


def test_an_unknown_action_word_is_quoted_short(barker: ff.Game) -> None:
    with pytest.raises(ff.ActionSyntaxError) as err:
        barker.apply("x" * 90)
    assert "unknown action" in str(err.value) and len(str(err.value)) < 200


# ---------------------------------------------------------------------------- seats


@pytest.mark.parametrize("bad", [-1, 7, 6, 1.5, "0", True, None])
def test_R1_2_a_seat_that_is_not_a_seat_is_refused(bad: Any) -> None:
    g = ff.Game.new("bruff", seed=1)
    for call in (g.hand, g.observation, g.face_down, g.partnership):
        with pytest.raises(InputError, match=r"seat: expected a seat 0\.\.5, got") as err:
            call(bad)
        assert err.value.field == "seat"


# ---------------------------------------------------------------------------- from_deal


def _deal() -> dict[str, Any]:
    g = ff.Game.new("bruff", seed=2)
    z = g.zones()
    return {
        "rules": "bruff",
        "dealer": g.dealer,
        "hands": [[str(c) for c in h] for h in z["hands"]],
        "stock": [str(c) for c in z["stock"]],
    }


@pytest.mark.parametrize(
    ("field", "bad", "needle"),
    [
        ("hands", None, "hands: expected 6 hands, one per seat, got None"),
        ("stock", None, "stock: expected a list of 0..53 items, got None"),
        ("dealer", 1.5, "dealer: expected a seat 0..5, got 1.5"),
        ("dealer", True, "dealer: expected a seat 0..5, got True"),
        ("scores", (None, 0, 0), r"scores\[0\]: expected a whole number 0\.\.1000000, got None"),
        ("scores", (1.5, 0, 0), r"scores\[0\]: expected a whole number 0\.\.1000000, got 1\.5"),
        ("scores", "000", "scores: expected 3 partnership scores"),
        ("seed", -1, "seed: expected a seed"),
    ],
)
def test_from_deal_refuses_a_bad_field_naming_it(field: str, bad: Any, needle: str) -> None:
    deal = _deal()
    deal[field] = bad
    with pytest.raises(InputError, match=needle) as err:
        ff.Game.from_deal(**deal)
    assert err.value.field.split("[")[0] == field


def test_from_deal_refuses_a_card_of_a_hand_by_its_place() -> None:
    deal = _deal()
    deal["hands"][2][4] = "ZZ"
    with pytest.raises(CardError, match=r"hands\[2\]\[4\]: R1\.1: 'ZZ' is not a card"):
        ff.Game.from_deal(**deal)


def test_R2_1_a_barker_deal_with_the_joker_is_refused() -> None:
    g = ff.Game.new("barker", seed=2)
    z = g.zones()
    hands = [[str(c) for c in h] for h in z["hands"]]
    hands[0][0] = "JK"
    with pytest.raises(CardError, match=r"R2\.1: barker is played without the joker"):
        ff.Game.from_deal("barker", 0, hands, [str(c) for c in z["stock"]])


@pytest.mark.parametrize("bad", [1.5, -3, 10**30, "7", False])
def test_game_new_refuses_a_bad_seed_or_dealer(bad: Any) -> None:
    with pytest.raises(InputError, match="seed"):
        ff.Game.new("bruff", seed=bad)
    with pytest.raises(InputError, match="dealer"):
        ff.Game.new("bruff", seed=1, dealer=bad)


# ---------------------------------------------------------------------------- tricks (R3)


def test_R2_1_a_barker_trick_with_the_joker_is_refused() -> None:
    with pytest.raises(CardError, match=r"trick\[0\]: R2\.1: barker is played without the joker"):
        ff.trick_winner(ff.BARKER, "S", ff.parse_cards("JK 9S"))
    with pytest.raises(CardError, match=r"hand\[0\]: R2\.1"):
        ff.legal_plays(ff.BARKER, "S", ff.parse_cards("JK 9S"), ff.parse_cards("2S"))


def test_R3_1_a_trick_with_a_card_twice_is_refused() -> None:
    with pytest.raises(InputError, match="trick: expected each card at most once, got '9S'"):
        ff.trick_winner(ff.BRUFF, "S", ff.parse_cards("9S 5S 9S"))
    with pytest.raises(InputError, match="no card of the trick"):
        ff.legal_plays(ff.BRUFF, "S", ff.parse_cards("9S 2D"), ff.parse_cards("9S"))
    with pytest.raises(InputError, match="no card of the trick"):
        ff.winning_plays(ff.BRUFF, "S", ff.parse_cards("9S 2D"), ff.parse_cards("9S"))


def test_R3_1_a_seven_card_barker_trick_is_refused() -> None:
    with pytest.raises(InputError, match=r"trick: expected a list of 0\.\.4 items"):
        ff.trick_winner(ff.BARKER, "S", ff.parse_cards("2S 3S 4S 6S 7S 8S 9S"))
    with pytest.raises(InputError, match="every seat played"):
        ff.legal_plays(ff.BARKER, "S", ff.parse_cards("KD"), ff.parse_cards("2S 3S 4S 6S"))


@pytest.mark.parametrize("bad", ["X", None, "spade", 3, "♠"])
def test_a_trump_that_is_not_a_suit_is_refused(bad: Any) -> None:
    with pytest.raises(InputError, match="trump: expected a suit: S, C, D or H"):
        ff.trick_winner(ff.BRUFF, bad, ff.parse_cards("9S"))


# ---------------------------------------------------------------------------- records


def _record(preset: str = "bruff", seed: int = 3, actions: int = 40) -> dict[str, Any]:
    g = ff.Game.new(preset, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.over:
            break
        g.apply(random_action(g, rng))
    return copy.deepcopy(g.record())


def _custom(**changes: Any) -> dict[str, Any]:
    rec = _record()
    rec["rules"] = {**ff.BRUFF.to_dict(), "name": "custom", **changes}
    return rec


@pytest.mark.parametrize(
    ("record", "path", "needle"),
    [
        (dict(_record(), dealer=1.5), "dealer", "'dealer' must be a seat 0..5 or null"),
        (dict(_record(), version=True), "version", "unsupported version True"),
        (dict(_record(), seed=2**70), "seed", "'seed' must be an integer"),
        (dict(_record(), colour="red"), "colour", "unknown fields"),
        (_custom(players=12), "rules.players", "rules.players: expected a whole number 2..10"),
        (_custom(hand_size=20), "rules.hand_size", "rules.hand_size: expected a whole number"),
        (_custom(players=10**7), "rules.players", "rules.players"),
        (_custom(bonus_points="x"), "rules.bonus_points", "rules.bonus_points: expected a whole"),
        (_custom(jink=1), "rules.jink", "rules.jink: expected true or false"),
        (_custom(bids=[20, 5]), "rules.bids", "rules.bids"),
        (_custom(trump_from="dice"), "rules.trump_from", "'turnup' or 'auction'"),
        (_custom(partnerships=[0, 1, 2, 0, 1, 7]), "rules.partnerships", "rules.partnerships"),
    ],
)
def test_a_bad_record_field_is_a_record_error_with_its_path(
    record: dict[str, Any], path: str, needle: str
) -> None:
    start = time.perf_counter()
    with pytest.raises(ff.RecordError) as err:
        ff.Game.replay(record)
    assert time.perf_counter() - start < 5  # refused before any work, not after minutes
    assert err.value.path == path
    assert needle in str(err.value) and str(err.value).startswith("bad game record")


def test_a_record_claiming_999_999_is_refused() -> None:
    rec = _record()
    rec["result"]["scores"] = [999, 999, 999]
    with pytest.raises(ff.RecordError, match=r"result\.scores: the record says") as err:
        ff.Game.replay(rec)
    assert err.value.path == "result.scores"
    rec = _record("barker")
    rec["result"]["over"] = not rec["result"]["over"]
    with pytest.raises(ff.RecordError, match=r"result\.over"):
        ff.Game.replay(rec)


def test_a_record_without_its_result_is_refused() -> None:
    rec = _record()
    del rec["result"]
    with pytest.raises(ff.RecordError, match="'result' must be an object"):
        ff.Game.replay(rec)


def test_too_many_actions_are_refused_before_replay() -> None:
    rec = _record()
    rec["actions"] = ["pass"] * 50_001
    with pytest.raises(ff.RecordError, match="50001 actions: at most 50000"):
        ff.Game.replay(rec)
    rec["actions"] = ["play " + "5S" * 1000]
    with pytest.raises(ff.RecordError, match=r"actions\[0\] is 'play 5S5S") as err:
        ff.Game.replay(rec)
    assert err.value.path == "actions[0]"


def test_a_bad_start_card_names_its_path() -> None:
    g = ff.Game.from_deal(**_deal())
    rec = g.record()
    rec["start"]["hands"][1][0] = "5ſ"
    with pytest.raises(ff.RecordError, match="not a card") as err:
        ff.Game.replay(rec)
    assert err.value.path == "start.hands[1][0]"


def test_a_good_record_with_custom_rules_replays() -> None:
    rules = ff.Rules.from_dict({**ff.BRUFF.to_dict(), "name": "bruff-no-jink", "jink": False})
    g = ff.Game.new(rules, seed=5)
    rng = random.Random(5)
    while not g.over:
        g.apply(random_action(g, rng))
    assert ff.Game.replay(g.record()).record() == g.record()


@pytest.mark.parametrize(
    "changes",
    [
        {"robbing": True, "trump_from": "auction"},
        {"dealer_hold": True},
        {"win_by_chronology": False},
        {"players": 11, "partnerships": tuple(range(3)) * 3 + (0, 1)},
    ],
)
def test_rules_the_engine_cannot_play_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(InputError, match="rules"):
        ff.Rules.from_dict({**ff.BRUFF.to_dict(), **changes})


# ---------------------------------------------------------------------------- progress files


def _progress_file(tmp_path: Any, data: Any, raw: str | None = None) -> Any:
    path = tmp_path / "fortyfive-progress.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ([1, 2], "not a fortyfive progress file"),
        ({"format": "fortyfive-progress", "version": True, "attempts": []}, "version 1 or 2"),
        ({"format": "fortyfive-progress", "version": 1, "attempts": {}}, "'attempts' must be"),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"puzzle": 5}]},
            r"attempts\[0\]\.puzzle is 5",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"hints_used": True}]},
            r"attempts\[0\]\.hints_used is True",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"hints_used": -1}]},
            r"attempts\[0\]\.hints_used is -1",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"hints_used": 10**9}]},
            r"attempts\[0\]\.hints_used is 1000000000",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"seconds": -2.5}]},
            r"attempts\[0\]\.seconds is -2\.5",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"seconds": 1e300}]},
            r"attempts\[0\]\.seconds is 1e\+300",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"chapter": -3}]},
            r"attempts\[0\]\.chapter is -3",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{"grade": "A"}]},
            r"attempts\[0\] must be an object with the fields",
        ),
        (
            {"format": "fortyfive-progress", "version": 1, "attempts": [{}] * 20_001},
            "at most 20000",
        ),
    ],
)
def test_a_forged_progress_file_is_refused(tmp_path: Any, data: Any, needle: str) -> None:
    with pytest.raises(ProgressError, match=needle):
        read_attempts(_progress_file(tmp_path, data))


def test_a_huge_or_binary_progress_file_is_refused_before_parsing(tmp_path: Any) -> None:
    with pytest.raises(ProgressError, match="larger than"):
        read_attempts(_progress_file(tmp_path, None, raw=" " * (MAX_FILE_BYTES + 1)))
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ProgressError, match="not a JSON progress file"):
        read_attempts(path)
    with pytest.raises(ProgressError, match="nested too deeply to be a progress file"):
        read_attempts(_progress_file(tmp_path, None, raw="[" * 100_000))
    raw = '{"format": "fortyfive-progress", "version": 2, "attempts": [{"seconds": NaN}]}'
    with pytest.raises(ProgressError, match=r"not a JSON progress file .*NaN"):
        read_attempts(_progress_file(tmp_path, None, raw=raw))
