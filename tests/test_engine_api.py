"""What the engine answers for the layers above it: phases, how a game ended, the typed
observation, who may rob, who leads, the discard-and-draw, the call ladder and named card ids."""

from __future__ import annotations

import json
import random
from typing import get_type_hints

import pytest
from tiers import seeds

import fortyfive as ff
from fortyfive.agents.bots import RuleBot
from fortyfive.agents.random_play import play_random_game, random_action
from fortyfive.engine.auction import call_ladder
from fortyfive.engine.cards import AH_ID, JOKER_ID, card_mask, parse_card
from fortyfive.engine.dealing import (
    ace_of,
    discard_order,
    draw_limit,
    first_leader,
    may_still_rob,
    robbing_seat,
)
from fortyfive.engine.observe import Observation, tricks_seen, trump_of
from fortyfive.engine.rules import TRUMP_SUIT, rules_tables
from fortyfive.engine.scoring import running_totals

# ---------------------------------------------------------------------------- phases


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_every_phase_is_a_phase_member_equal_to_its_name(preset: str) -> None:
    rng = random.Random(3)
    seen = set()
    for seed in range(30):
        g = ff.Game.new(preset, seed=seed)
        while True:
            assert isinstance(g.phase, ff.Phase)
            assert g.phase == g.phase.value and str(g.phase) == g.phase.value
            assert g.observation(0)["phase"] == g.phase.value
            seen.add(g.phase)
            if g.over:
                break
            g.apply(random_action(g, rng))
    expected = {"play", "over"} | ({"bid", "trump", "discard"} if preset == "barker" else {"bury"})
    assert seen == expected


# ---------------------------------------------------------------------------- outcomes


def _check_outcome(g: ff.Game) -> ff.Outcome:
    """The outcome agrees with the game and with the rule it names (R8.1-R8.4, R10.5)."""
    o = g.outcome
    assert o is not None and g.over
    assert o.winner == g.winner and o.scores == g.scores and o.deal == g.deal_number
    r, deal = g.rules, g.deals[-1]
    assert o.trick == len(deal.tricks)
    winners = [r.partnerships[t.winner] for t in deal.tricks]
    if o.reason is ff.WinReason.JINK:  # R8.4: all five tricks, and nobody reached 45 first
        assert r.jink and winners == [o.winner] * r.hand_size
        assert max(g.scores) < r.target or g.scores[o.winner] >= r.target
    elif r.win_by_chronology:  # R8.1: the winner reached 45
        assert o.reason is ff.WinReason.TARGET and g.scores[o.winner] >= r.target
    else:  # R10.5: after a full hand, 120 or more; both there: the bidders
        assert o.trick == r.hand_size
        over = [p for p, s in enumerate(g.scores) if s >= r.target]
        bidders = r.partnerships[deal.bidder]
        if len(over) > 1:
            assert o.reason is ff.WinReason.CONTRACT and o.winner == bidders
        else:
            assert o.reason is ff.WinReason.TARGET and over == [o.winner]
    return o


def test_R8_outcomes_of_random_bruff_games_name_their_rule() -> None:
    reasons = {
        _check_outcome(play_random_game("bruff", seed, random.Random(seed))).reason
        for seed in range(250)
    }
    assert reasons == {ff.WinReason.TARGET, ff.WinReason.JINK}


def test_R10_5_outcomes_of_barker_games_name_their_rule() -> None:
    reasons = {
        _check_outcome(play_random_game("barker", seed, random.Random(seed))).reason
        for seed in range(40)
    }
    assert ff.WinReason.TARGET in reasons


def test_R10_5_both_at_120_the_bidders_win_by_their_contract() -> None:
    """Hands dealt at 115:115: when both sides pass 120, the bidders win (R10.5)."""
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        pack = [c.id for c in ff.deck(joker=False)]
        rng.shuffle(pack)
        hands = [[ff.CARDS[c] for c in pack[5 * s : 5 * s + 5]] for s in range(4)]
        stock = [ff.CARDS[c] for c in pack[20:]]
        g = ff.Game.from_deal("barker", seed % 4, hands, stock, scores=(115, 115), seed=seed)
        bots = [RuleBot(seed=s) for s in range(4)]
        while g.deal_number == 1 and not g.over:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
        if g.over and min(g.scores) >= 120:
            o = _check_outcome(g)
            assert o.reason is ff.WinReason.CONTRACT
            assert "R10.5" in o.describe(g.rules.partnership_names)
            found += 1
    assert found >= 3


# ---------------------------------------------------------------------------- observation


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_an_observation_has_exactly_the_typed_fields_and_is_json(preset: str) -> None:
    fields = set(get_type_hints(Observation))
    rng = random.Random(5)
    for seed in range(8):
        g = ff.Game.new(preset, seed=seed)
        while not g.over:
            for seat in range(g.rules.players):
                obs = g.observation(seat)
                assert set(obs) == fields
                assert json.loads(json.dumps(obs)) == obs
            g.apply(random_action(g, rng))
        assert g.observation(0)["outcome"] == {
            "winner": g.winner,
            "reason": str(g.outcome.reason) if g.outcome else None,
            "deal": g.deal_number,
            "trick": len(g.deals[-1].tricks),
            "scores": list(g.scores),
        }


def test_tricks_seen_lists_the_deal_with_the_trick_in_progress_last() -> None:
    g = ff.Game.new("bruff", seed=9)
    rng = random.Random(9)
    while g.tricks_played < 2 or len(g.trick) < 3:
        g.apply(random_action(g, rng))
    obs = g.observation(0)
    seen = tricks_seen(obs)
    assert len(seen) == 3
    assert seen[-1] == (g.trick_plays[0][0], [str(c) for c in g.trick])
    assert trump_of(obs) == g.trump


def test_trump_of_refuses_an_observation_before_trump_is_named() -> None:
    g = ff.Game.new("barker", seed=1)
    with pytest.raises(ValueError, match="no trump is known yet in phase 'bid'"):
        trump_of(g.observation(0))


# ---------------------------------------------------------------------------- the deal


def test_R6_5_the_holder_of_the_ace_of_trumps_may_rob() -> None:
    hands = [card_mask(["2S"]), card_mask(["AD"]), card_mask(["AH"]), 0, 0, 0]
    assert robbing_seat(dealer=4, turnup=parse_card("9D").id, hands=hands) == 1
    # R6.5: with hearts trump the ace of trumps is AH
    assert robbing_seat(dealer=4, turnup=parse_card("9H").id, hands=hands) == 2
    # R6.5: AS, not AH, when spades are trumps; nobody holds it here
    assert robbing_seat(dealer=4, turnup=parse_card("9S").id, hands=hands) == -1


def test_R6_5_the_dealer_robs_a_turned_up_ace() -> None:
    hands = [card_mask(["2S"])] + [0] * 5
    assert robbing_seat(dealer=3, turnup=parse_card("AC").id, hands=hands) == 3
    assert ace_of(2) == parse_card("AD").id


def test_R6_6_robbing_closes_at_the_robbers_first_play() -> None:
    # leader 1, robber 3 in a six-seat game: open until seats 1, 2 have played and 3 has not
    assert may_still_rob(3, leader=1, played=2, tricks_done=0, players=6)
    assert not may_still_rob(3, leader=1, played=3, tricks_done=0, players=6)
    assert not may_still_rob(3, leader=1, played=0, tricks_done=1, players=6)
    assert may_still_rob(0, leader=1, played=5, tricks_done=0, players=6)


@pytest.mark.parametrize("seed", seeds(40))
def test_R6_5_the_game_and_dealing_agree_on_the_robber(seed: int) -> None:
    g = ff.Game.new("bruff", seed=seed)
    if g.phase == ff.Phase.BURY:
        g.apply(g.legal_actions()[0])
    assert g.turnup is not None
    hands = [card_mask(g.hand(s)) for s in range(6)]
    robber = robbing_seat(g.dealer, g.turnup.id, hands)
    assert g.robber == (None if robber < 0 else robber)
    assert any(a.startswith("rob ") for a in g.legal_actions()) == (g.to_act == g.robber)


def test_R6_7_R9_8_who_leads_the_first_trick() -> None:
    assert first_leader(ff.BRUFF, dealer=5) == 0  # R6.7: the dealer's left
    assert first_leader(ff.BARKER, dealer=0, bidder=2) == 3  # R9.8: the auction winner's left
    with pytest.raises(ValueError, match=r"R9\.8"):
        first_leader(ff.BARKER, dealer=0)


def test_R9_7_discard_order_and_limit() -> None:
    assert discard_order(ff.BARKER, dealer=3) == [0, 1, 2, 3]
    assert draw_limit(ff.BARKER, 32) == 5 and draw_limit(ff.BARKER, 3) == 3


@pytest.mark.parametrize("seed", seeds(20))
def test_R9_7_R9_8_the_game_follows_the_dealing_order(seed: int) -> None:
    rng = random.Random(seed)
    g = ff.Game.new("barker", seed=seed)
    while g.phase != ff.Phase.DISCARD:
        if g.over:
            return
        g.apply(random_action(g, rng))
    order = []
    while g.phase == ff.Phase.DISCARD:
        order.append(g.to_act)
        g.apply("discard")
    assert order == discard_order(g.rules, g.dealer)
    bidder = g.deals[-1].bidder
    assert g.phase == ff.Phase.PLAY and g.to_act == first_leader(g.rules, g.dealer, bidder)


# ---------------------------------------------------------------------------- rule values


def test_R9_2_R9_3_the_call_ladder() -> None:
    assert call_ladder(ff.BARKER) == (
        "pass",
        "bid 5",
        "bid 10",
        "bid 15",
        "bid 20",
        "bid 25",
        "bid 30",
        "hold",
    )
    g = ff.Game.new("barker", seed=2)
    assert set(g.legal_actions()) <= set(call_ladder(g.rules))


def test_R7_R10_1_a_deal_holds_thirty_points() -> None:
    assert ff.BRUFF.deal_points == ff.BARKER.deal_points == 30
    winners = [0, 1, 0, 1, 0]
    assert sum(running_totals(ff.BARKER, (0, 0), winners, bonus_trick=2)) == 30


def test_R2_1_named_card_ids_and_the_trump_suit_index() -> None:
    assert parse_card("AH").id == AH_ID and parse_card("JK").id == JOKER_ID
    for trump in "SCDH":
        t = rules_tables(ff.BRUFF, trump)
        assert t.is_trump(AH_ID) and t.is_trump(JOKER_ID)  # R2.1: always trumps
        assert t.eff_suit[AH_ID] == TRUMP_SUIT
        assert all(t.is_trump(c.id) == (c.id in t.order) for c in ff.deck(joker=True))
