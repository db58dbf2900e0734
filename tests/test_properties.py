"""Property tests over random full games of both presets (hypothesis picks the seeds)."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

import fortyfive as ff
from fortyfive.agents.random_play import random_action

CARD_TOKEN = re.compile(r"\b(?:[AKQJT2-9][SCDH]|JK)\b")
MAX_ACTIONS = 20_000
SETTINGS = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
presets = st.sampled_from(["bruff", "barker"])


def all_cards(game: ff.Game) -> list[ff.Card]:
    z = game.zones()
    return (
        [c for h in z["hands"] for c in h]
        + z["stock"]
        + [c for f in z["face_down"] for c in f]
        + z["played"]
    )


def hidden_from(game: ff.Game, seat: int) -> set[str]:
    """Cards the seat may not see: other hands, the stock, others' face-down cards
    (the turn-up is face up, so it is public even after it was robbed)."""
    z = game.zones()
    hidden = {str(c) for s, h in enumerate(z["hands"]) if s != seat for c in h}
    hidden |= {str(c) for c in z["stock"]}
    hidden |= {str(c) for s, f in enumerate(z["face_down"]) if s != seat for c in f}
    if game.turnup is not None:
        hidden.discard(str(game.turnup))
    return hidden


def check_invariants(game: ff.Game) -> None:
    cards = all_cards(game)
    assert len(cards) == game.rules.deck_size  # R2.1: 53 with the joker, else 52
    assert len(set(cards)) == len(cards)
    for seat in range(game.rules.players):
        obs = game.observation(seat)
        text = json.dumps(obs)
        leaked = set(CARD_TOKEN.findall(text)) & hidden_from(game, seat)
        assert not leaked, f"seat {seat} sees hidden {leaked}"
    if game.over:
        assert game.legal_actions() == [] and game.to_act is None
        assert game.winner in range(game.rules.n_partnerships)
    else:
        assert game.legal_actions(), "a live state must offer an action"


def play(preset: str, seed: int, each_step=None) -> ff.Game:
    game = ff.Game.new(preset, seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.over:
            return game
        if each_step:
            each_step(game)
        game.apply(random_action(game, rng))
    raise AssertionError(f"{preset} seed {seed}: no end after {MAX_ACTIONS} actions")


@SETTINGS
@given(preset=presets, seed=seeds)
def test_cards_conserved_and_observations_leak_nothing(preset: str, seed: int) -> None:
    game = play(preset, seed, check_invariants)
    check_invariants(game)


@settings(max_examples=examples(10), deadline=None)
@given(preset=presets, seed=seeds)
def test_every_legal_action_applies(preset: str, seed: int) -> None:
    def each(game: ff.Game) -> None:
        for action in game.legal_actions():
            game.copy().apply(action)

    play(preset, seed, each)


@SETTINGS
@given(preset=presets, seed=seeds)
def test_illegal_actions_raise_and_change_nothing(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    junk = [
        "play JK",
        "play 5S",
        "rob 2C",
        "bury 3D",
        "bid 35",
        "bid 5",
        "hold",
        "pass",
        "trump X",
        "discard AS AS",
        "",
        "dance",
        "play",
        "bid twenty",
    ]

    def each(game: ff.Game) -> None:
        legal = game.legal_actions()
        for action in rng.sample(junk, 4):
            if action in legal:
                continue
            before = (game.history, game.zones(), game.scores, game.phase, game.to_act)
            with pytest.raises(ValueError) as err:
                game.apply(action)
            assert str(err.value)
            assert (game.history, game.zones(), game.scores, game.phase, game.to_act) == before

    play(preset, seed, each)


@SETTINGS
@given(seed=seeds)
def test_R7_bruff_deal_points_are_25_plus_bonus(seed: int) -> None:
    game = play("bruff", seed)
    for deal in game.deals:
        if deal.end_scores is None or len(deal.tricks) < 5:
            continue  # the game ended during this deal (R8.3)
        gained = sum(deal.end_scores) - sum(deal.start_scores)
        assert gained == (30 if deal.bonus_card >= 0 else 25)  # R7.1, R7.2


@SETTINGS
@given(seed=seeds)
def test_R8_bruff_scores_never_fall_and_the_game_ends_within_six_deals(seed: int) -> None:
    game = play("bruff", seed)
    # Every complete deal adds at least 25 points and 3 x 44 = 132 is the most without a winner.
    assert game.deal_number <= 6
    assert game.winner is not None
    last = game.deals[-1]
    jink = len(last.tricks) == 5 and {game.partnership(t.winner) for t in last.tricks} == {
        game.winner
    }
    assert game.scores[game.winner] >= 45 or jink  # R8.1 or R8.4
    for deal in game.deals:
        end = deal.end_scores
        assert end is not None
        assert all(e >= s for e, s in zip(end, deal.start_scores, strict=True))


@SETTINGS
@given(preset=presets, seed=seeds, cut=st.floats(min_value=0, max_value=1))
def test_record_replay_round_trips(preset: str, seed: int, cut: float) -> None:
    full = play(preset, seed)
    n = int(len(full.history) * cut)
    record = json.loads(json.dumps(full.record()))  # JSON-able
    again = ff.Game.replay(record, upto=n)  # a part of a record: its result is not claimed
    assert again.history == full.history[:n]
    cut_record = dict(record, actions=record["actions"][:n])
    if n < len(full.history) and not again.over:  # the claimed result is checked (R8, R10)
        with pytest.raises(ff.RecordError, match="result"):
            ff.Game.replay(cut_record)
    whole = ff.Game.replay(json.loads(json.dumps(full.record())))
    assert whole.history == full.history and whole.scores == full.scores
    assert whole.winner == full.winner
    for seat in range(full.rules.players):
        assert whole.observation(seat) == full.observation(seat)


@SETTINGS
@given(preset=presets, seed=seeds)
def test_copy_is_independent(preset: str, seed: int) -> None:
    game = ff.Game.new(preset, seed=seed)
    rng = random.Random(seed)
    for _ in range(30):
        game.apply(random_action(game, rng))
    twin = game.copy()
    before = game.observation(0)
    while not twin.over:
        twin.apply(random_action(twin, rng))
    assert game.observation(0) == before
