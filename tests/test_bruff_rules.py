"""Game rules of the ``bruff`` preset from RULES.md: R1.2-R1.3, R6 (deal, turn-up, joker, robbing),
R7 (scoring, the bonus and its certainty), R8 (winning by trick chronology, jink) and example E1.

Every test is named after the rule id it checks. Expected values are worked out by hand from
RULES.md; the engine is driven only through ``Game.from_deal`` / ``Game.new`` and ``apply``.

Conventions for the hand-built positions below:

* Seats 0..5, partnerships A = {0, 3}, B = {1, 4}, C = {2, 5} (R1.3). Unless said otherwise the
  dealer is seat 5, so seat 0 leads the first trick (R6.7).
* A trick is written as six cards in SEAT order ("s0 s1 s2 s3 s4 s5"), not in play order; the
  helper plays them clockwise from whoever is to act.
* Designed tricks only hold cards of the suit led or trumps, so the filler cards that complete the
  hands (never trumps) cannot change what is legal.
* Spade trump order (R2.3): 5S > JS > JK > AH > AS > KS > QS > 2S > 3S > 4S > 6S > 7S > 8S > 9S
  > TS.
  Club order (R2.4): K > Q > J > A > 2 > ... > T; diamonds K > Q > J > T > ... > 2 > A.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from tiers import seeds

import fortyfive as ff
from fortyfive.agents.random_play import random_action

SUITS = "SCDH"
RANKS = "A23456789TJQK"
PACK = [r + s for s in SUITS for r in RANKS] + ["JK"]
A, B, C = 0, 1, 2


# ------------------------------------------------------------------------------------ helpers


def is_trump(card: str, trump: str) -> bool:
    return card in ("JK", "AH") or card[1] == trump


def build(
    hands: dict[int, str] | None = None,
    *,
    top: str = "9S",
    dealer: int = 5,
    scores: tuple[int, int, int] = (0, 0, 0),
    seed: int = 0,
    rules: ff.Rules = ff.BRUFF,
) -> ff.Game:
    """A first deal with the given (partial) hands; ``top`` is the top of the stock, top first
    ("9S", or "JK 7D" for a turned-up joker). Missing cards are filled deterministically with
    non-trumps nobody named; the rest of the pack goes to the stock under ``top``."""
    hands = hands or {}
    top_cards = [c.upper() for c in top.split()]
    trump = next(c[1] for c in top_cards if c != "JK")
    named = [c.upper() for h in hands.values() for c in h.split()] + top_cards
    assert len(named) == len(set(named)), "a card is named twice"
    fillers = [c for c in PACK if c not in named and not is_trump(c, trump)]
    full = []
    for seat in range(6):
        cards = [c.upper() for c in hands.get(seat, "").split()]
        assert len(cards) <= 5
        while len(cards) < 5:
            cards.append(fillers.pop())
        full.append(cards)
    used = {c for h in full for c in h} | set(top_cards)
    stock = top_cards + [c for c in PACK if c not in used]
    return ff.Game.from_deal(
        rules, dealer=dealer, hands=full, stock=stock, scores=scores, seed=seed
    )


def hands_from_tricks(*tricks: str) -> dict[int, str]:
    """Each seat's hand: its card of every trick (tricks in seat order)."""
    return {seat: " ".join(t.split()[seat] for t in tricks) for seat in range(6)}


def play_trick(g: ff.Game, trick: str) -> int:
    """Play one trick given in seat order, clockwise from the seat to act; return its winner."""
    cards = trick.split()
    deal = g.deal_number
    for _ in range(6):
        seat = g.to_act
        assert seat is not None
        g.apply(f"play {cards[seat]}")
    sheet = g.score_sheet().to_pandas()
    return int(sheet[sheet["deal"] == deal].iloc[-1]["winner"])


def names(cards) -> set[str]:
    return {str(c) for c in cards}


def robs(g: ff.Game) -> set[str]:
    return {a for a in g.legal_actions() if a.startswith("rob")}


def plays(g: ff.Game) -> set[str]:
    return {a for a in g.legal_actions() if a.startswith("play")}


def all_hands(g: ff.Game) -> set[str]:
    return {str(c) for s in range(6) for c in g.hand(s)}


# ------------------------------------------------------------------------ R1.2 / R1.3 seats


def test_R1_2_play_moves_clockwise_and_wraps():
    # Dealer 2: seat 3 leads (R6.7), then 4, 5, 0, 1, 2.
    g = build(hands_from_tricks("2C 3C 4C 5C 6C 7C"), dealer=2)
    order = []
    for card in ["5C", "6C", "7C", "2C", "3C", "4C"]:
        order.append(g.to_act)
        g.apply(f"play {card}")
    assert order == [3, 4, 5, 0, 1, 2]


def test_R1_3_partnerships_are_opposite_seats():
    assert tuple(ff.BRUFF.partnerships) == (0, 1, 2, 0, 1, 2)
    assert tuple(ff.BRUFF.partnership_names) == ("A", "B", "C")
    assert ff.BRUFF.players == 6
    g = build()
    assert g.scores == (0, 0, 0)
    assert [g.partnership(s) for s in range(6)] == [A, B, C, A, B, C]


def test_R1_3_partners_add_their_points():
    # No trump anywhere: trick 1 to seat 0 (KC), trick 2 to seat 3 (KD); both count for A.
    g = build(hands_from_tricks("KC 2C 3C 4C 5C 6C", "7D 8D 9D KD TD JD"))
    assert play_trick(g, "KC 2C 3C 4C 5C 6C") == 0
    assert play_trick(g, "7D 8D 9D KD TD JD") == 3
    assert g.scores == (10, 0, 0)


# --------------------------------------------------------------------------------- R6.1 dealer


def test_R6_1_first_dealer_is_random_over_seeds():
    dealers = {ff.Game.new(ff.BRUFF, seed=s).dealer for s in range(60)}
    assert dealers == set(range(6))


def test_R6_1_seeded_game_is_reproducible():
    g1, g2 = ff.Game.new("bruff", seed=11), ff.Game.new("bruff", seed=11)
    assert g1.dealer == g2.dealer
    assert [g1.hand(s) for s in range(6)] == [g2.hand(s) for s in range(6)]
    assert g1.turnup == g2.turnup and g1.trump == g2.trump
    deals = {tuple(str(c) for c in ff.Game.new("bruff", seed=s).hand(0)) for s in range(10)}
    assert len(deals) > 1  # the shuffle depends on the seed


NO_TRUMP_DEAL = [
    # start 10/20/30; no trump is played, nobody reaches 45.
    "KC 2C 3C 4C 5C 6C",  # s0 leads KC, s0 wins          A 15 B 20 C 30
    "7D KD 8D 9D TD JD",  # s0 leads 7D, s1 KD wins       A 15 B 25 C 30
    "3H 2H KH 4H 5H 6H",  # s1 leads 2H, s2 KH wins       A 15 B 25 C 35
    "8C 9C 7C QC TC JC",  # s2 leads 7C, s3 QC wins       A 20 B 25 C 35
    "3D 4D 5D 2D 6D QD",  # s3 leads 2D, s5 QD wins       A 20 B 25 C 40
]
NO_TRUMP_WINNERS = [0, 1, 2, 3, 5]


def play_no_trump_deal(dealer: int = 5, seed: int = 0) -> ff.Game:
    g = build(hands_from_tricks(*NO_TRUMP_DEAL), dealer=dealer, scores=(10, 20, 30), seed=seed)
    # with dealer 5 seat 0 leads; the designed winners assume that
    got = [play_trick(g, t) for t in NO_TRUMP_DEAL]
    assert got == NO_TRUMP_WINNERS
    return g


def test_R6_1_deal_passes_left_after_a_deal_ends():
    g = play_no_trump_deal()
    assert not g.over
    assert g.deal_number == 2
    assert g.dealer == 0  # left of seat 5 is seat 0
    # and again after the second deal: play it out with any legal actions until deal 3
    while not g.over and g.deal_number == 2:
        g.apply(g.legal_actions()[0])
    if not g.over:
        assert g.deal_number == 3
        assert g.dealer == 1


def test_R6_1_later_deals_are_shuffled_from_the_seed():
    g1, g2 = play_no_trump_deal(seed=4), play_no_trump_deal(seed=4)
    assert [g1.hand(s) for s in range(6)] == [g2.hand(s) for s in range(6)]
    assert g1.turnup == g2.turnup


# ------------------------------------------------------------------------------ R6.2 the deal


@pytest.mark.parametrize("seed", range(12))
def test_R6_2_five_cards_each_and_23_left(seed):
    g = ff.Game.new(ff.BRUFF, seed=seed)
    sizes = [len(g.hand(s)) for s in range(6)]
    dealt = [str(c) for s in range(6) for c in g.hand(s)]
    assert len(dealt) == len(set(dealt))
    if g.phase == "bury":  # the joker was turned up and went to the dealer (R6.4)
        assert sizes == [6 if s == g.dealer else 5 for s in range(6)]
        assert "JK" in names(g.hand(g.dealer))
        assert len(set(PACK) - set(dealt)) == 23 - 1
    else:
        assert sizes == [5] * 6
        rest = set(PACK) - set(dealt)
        assert len(rest) == 23
        assert str(g.turnup) in rest  # the turn-up is the top of the 23-card stock
    assert g.observation(0)["hand_sizes"] == sizes


def test_R6_2_from_deal_requires_five_cards_each_and_the_whole_pack():
    good = build()
    hands = [[str(c) for c in good.hand(s)] for s in range(6)]
    stock = [c for c in PACK if c not in {x for h in hands for x in h}]
    stock.remove("9S")
    stock.insert(0, "9S")
    ff.Game.from_deal(ff.BRUFF, dealer=5, hands=hands, stock=stock)  # fine
    short = [h[:] for h in hands]
    moved = short[0].pop()
    with pytest.raises(ValueError):
        ff.Game.from_deal(ff.BRUFF, dealer=5, hands=short, stock=[*stock, moved])
    with pytest.raises(ValueError):
        ff.Game.from_deal(ff.BRUFF, dealer=5, hands=hands, stock=stock[:-1])  # a card missing


# ---------------------------------------------------------------------------- R6.3 the turn-up


@pytest.mark.parametrize(("top", "trump"), [("7D", "D"), ("TS", "S"), ("2C", "C"), ("QH", "H")])
def test_R6_3_turn_up_fixes_trump(top, trump):
    g = build(top=top)
    assert g.phase == "play"
    assert g.trump == trump
    assert str(g.turnup) == top
    assert top not in all_hands(g)


def test_R6_3_trump_stays_and_nobody_draws_during_play():
    g = build(hands_from_tricks(*NO_TRUMP_DEAL), scores=(10, 20, 30))
    for k, t in enumerate(NO_TRUMP_DEAL[:4], start=1):
        play_trick(g, t)
        assert g.trump == "S"
        assert str(g.turnup) == "9S"
        assert [len(g.hand(s)) for s in range(6)] == [5 - k] * 6


# ------------------------------------------------------------------------ R6.4 joker turned up


def joker_game(dealer_hand: str = "KS 2C 3H 4H 8D", nxt: str = "7D", **hands: str) -> ff.Game:
    given = {5: dealer_hand} | {int(k[1:]): v for k, v in hands.items()}
    return build(given, top=f"JK {nxt}", dealer=5)


def test_R6_4_turned_up_joker_goes_to_dealer_who_must_bury():
    g = joker_game()
    assert g.phase == "bury"
    assert g.to_act == 5
    assert g.trump is None
    assert names(g.hand(5)) == {"KS", "2C", "3H", "4H", "8D", "JK"}
    assert set(g.legal_actions()) == {
        "bury KS",
        "bury 2C",
        "bury 3H",
        "bury 4H",
        "bury 8D",
        "bury JK",
    }
    assert [len(g.hand(s)) for s in range(5)] == [5] * 5


def test_R6_4_no_play_before_the_bury():
    g = joker_game()
    with pytest.raises(ff.IllegalActionError):
        g.apply("play KS")
    with pytest.raises(ff.IllegalActionError):
        g.apply("bury 5S")  # not in the dealer's hand
    assert g.phase == "bury"


def test_R6_4_bury_then_next_card_fixes_trump_dealer_keeps_five():
    g = joker_game()
    g.apply("bury 2C")
    assert g.phase == "play"
    assert g.trump == "D"
    assert str(g.turnup) == "7D"
    assert names(g.hand(5)) == {"KS", "3H", "4H", "8D", "JK"}
    assert "2C" not in all_hands(g)  # face down, out of play
    assert g.observation(5)["own_face_down"] == ["2C"]
    assert g.to_act == 0  # R6.7


def test_R6_4_dealer_may_bury_the_joker_itself():
    g = joker_game()
    g.apply("bury JK")
    assert g.trump == "D"
    assert names(g.hand(5)) == {"KS", "2C", "3H", "4H", "8D"}
    assert "JK" not in all_hands(g)


def test_R6_4_next_card_ace_of_trumps_dealer_may_rob_it():
    g = joker_game(nxt="AD")
    g.apply("bury 3H")
    assert g.trump == "D" and str(g.turnup) == "AD"
    for _ in range(5):  # seats 0..4 may not rob
        assert robs(g) == set()
        g.apply(sorted(plays(g))[0])
    assert g.to_act == 5
    assert robs(g) == {f"rob {c}" for c in ("KS", "2C", "4H", "8D", "JK")}
    g.apply("rob 2C")
    assert names(g.hand(5)) == {"KS", "4H", "8D", "JK", "AD"}
    assert g.robbed_by == 5


def test_R6_4_after_joker_the_ace_holder_may_rob_the_next_card():
    g = joker_game(s3="AD 2S 3S 4S 6S")
    g.apply("bury 8D")
    assert g.trump == "D"
    for _ in range(3):
        assert robs(g) == set()
        g.apply(sorted(plays(g))[0])
    assert g.to_act == 3
    assert "rob 2S" in robs(g)


# ------------------------------------------------------------------------------ R6.5 robbing

# Spades trump (turn-up 9S), dealer 5, seat 0 leads. Seat 2 holds AS.
ROB_HANDS = {
    0: "KC QC JC 7H 8H",
    1: "2C 3C 4C 2H 3H",
    2: "AS 2D 3D 4D 5D",
    3: "5C 6C 7C 4H 5H",
    4: "8C 9C TC 6H KH",
    5: "AC 6D 7D 8D 9D",
}


def test_R6_5_ace_holder_is_offered_rob_at_first_turn():
    g = build(ROB_HANDS)
    assert robs(g) == set()  # seat 0
    g.apply("play KC")
    assert robs(g) == set()  # seat 1
    g.apply("play 2C")
    assert g.to_act == 2
    assert robs(g) == {"rob AS", "rob 2D", "rob 3D", "rob 4D", "rob 5D"}
    assert plays(g) == {"play AS", "play 2D", "play 3D", "play 4D", "play 5D"}


def test_R6_5_rob_discards_one_card_then_takes_the_turn_up():
    g = build(ROB_HANDS)
    g.apply("play KC")
    g.apply("play 2C")
    g.apply("rob 2D")
    assert names(g.hand(2)) == {"AS", "3D", "4D", "5D", "9S"}
    assert g.robbed_by == 2
    assert str(g.turnup) == "9S"  # still the card that fixed trump
    assert g.trump == "S"
    assert g.to_act == 2  # still to play a card
    assert g.observation(2)["own_face_down"] == ["2D"]


def test_R6_5_AH_holder_robs_when_hearts_are_trump():
    g = build({3: "AH 2C 3C 4C 5C"}, top="7H")
    assert g.trump == "H"
    for _ in range(3):
        assert robs(g) == set()
        g.apply(sorted(plays(g))[0])
    assert g.to_act == 3
    assert "rob 2C" in robs(g)
    g.apply("rob 2C")
    assert names(g.hand(3)) == {"AH", "3C", "4C", "5C", "7H"}


def test_R6_5_with_spades_trump_AS_not_AH_gives_the_right():
    hands = dict(ROB_HANDS)
    hands[1] = "AH 3C 4C 2H 3H"  # AH is a trump but not the ace of the trump suit
    hands[4] = "8C 9C TC 6H 2C"
    g = build(hands)
    g.apply("play KC")
    assert g.to_act == 1
    assert robs(g) == set()
    g.apply("play 3C")
    assert g.to_act == 2
    assert "rob 2D" in robs(g)


def test_R6_5_joker_gives_no_right():
    g = build({1: "JK 2C 3C 4C 5C"})  # AS in the stock: nobody may rob
    for _ in range(6):
        assert robs(g) == set()
        g.apply(sorted(plays(g))[0])
    assert g.robbed_by is None


@pytest.mark.parametrize("ace", ["AS", "AH", "AD", "AC"])
def test_R6_5_dealer_robs_a_turned_up_ace(ace):
    g = build(top=ace, dealer=5)
    assert g.trump == ace[1]
    for _ in range(5):
        assert robs(g) == set()
        g.apply(sorted(plays(g))[0])
    assert g.to_act == 5
    dealer_cards = names(g.hand(5))
    assert robs(g) == {f"rob {c}" for c in dealer_cards}
    out = sorted(dealer_cards)[0]
    g.apply(f"rob {out}")
    assert names(g.hand(5)) == (dealer_cards - {out}) | {ace}
    assert g.robbed_by == 5


def test_R6_5_turned_up_ace_of_spades_not_robbed_by_AH_holder():
    g = build({1: "AH 2C 3C 4C 5C"}, top="AS", dealer=5)
    g.apply(sorted(plays(g))[0])
    assert g.to_act == 1
    assert robs(g) == set()


def test_R6_5_rules_without_robbing_offer_no_rob_and_name_no_robber():
    # A variant is a Rules value (rules.py): with robbing switched off the ace holder is
    # offered no rob, Game.robber names nobody, and a rob is refused citing R6.5.
    rules = replace(ff.BRUFF, robbing=False)
    g = build(ROB_HANDS, rules=rules)
    g.apply("play KC")
    g.apply("play 2C")
    assert g.to_act == 2 and "AS" in names(g.hand(2))
    assert robs(g) == set()
    assert g.robber is None
    with pytest.raises(ValueError, match=r"R6\.5"):
        g.apply("rob 2D")


def test_R6_5_nobody_robs_when_the_ace_is_in_the_stock():
    g = build(top="9S")  # AS is not named, so it stays in the stock
    assert "AS" not in all_hands(g)
    for _ in range(6):
        assert robs(g) == set()
        g.apply(sorted(plays(g))[0])


# --------------------------------------------------------------------- R6.6 robbing's limits


def test_R6_6_robbing_is_optional_and_lost_after_own_first_play():
    g = build(ROB_HANDS)
    g.apply("play KC")
    g.apply("play 2C")
    g.apply("play 2D")  # seat 2 declines
    for card in ["5C", "8C", "AC"]:
        g.apply(f"play {card}")
    assert g.robbed_by is None
    assert g.to_act == 0  # KC won trick 1
    g.apply("play QC")
    g.apply("play 3C")
    assert g.to_act == 2
    assert robs(g) == set()
    with pytest.raises(ff.IllegalActionError, match=r"R6\.[56]"):
        g.apply("rob 3D")
    assert names(g.hand(2)) == {"AS", "3D", "4D", "5D"}  # declining did not lower the ace


def test_R6_6_at_most_once_per_deal():
    g = build(ROB_HANDS)
    g.apply("play KC")
    g.apply("play 2C")
    g.apply("rob 2D")
    assert robs(g) == set()
    with pytest.raises(ff.IllegalActionError, match=r"R6\.[56]"):
        g.apply("rob 3D")
    assert g.legal_actions() and all(a.startswith("play") for a in g.legal_actions())


def test_R6_6_hand_stays_at_five_and_discard_never_returns():
    g = build(ROB_HANDS)
    g.apply("play KC")
    g.apply("play 2C")
    g.apply("rob 5D")
    assert len(g.hand(2)) == 5
    g.apply("play 9S")  # seat 2 trumps with the robbed card
    for card in ["5C", "8C", "AC"]:
        g.apply(f"play {card}")
    assert g.to_act == 2  # 9S won trick 1
    assert len(g.hand(2)) == 4
    for _ in range(6 * 4):
        assert "5D" not in all_hands(g)
        assert "5D" not in names(g.trick)
        if g.over or g.deal_number > 1:
            break
        g.apply(sorted(plays(g))[0])
    sheet = g.score_sheet().to_pandas()
    assert not sheet[sheet["deal"] == 1]["cards"].str.contains("5D").any()


def test_R6_5_the_discard_comes_before_taking_the_turn_up():
    # The turn-up is not yet in the robber's hand, so it cannot be the card put face down.
    g = build(ROB_HANDS)
    g.apply("play KC")
    g.apply("play 2C")
    assert "rob 9S" not in robs(g)
    with pytest.raises(ff.IllegalActionError):
        g.apply("rob 9S")
    assert g.robbed_by is None


def test_R6_6_leader_may_rob_before_the_opening_lead():
    g = build({0: "AS 2C 3C 4C 5C"})
    assert g.to_act == 0
    assert robs(g) == {"rob AS", "rob 2C", "rob 3C", "rob 4C", "rob 5C"}
    g.apply("rob 5C")
    assert names(g.hand(0)) == {"AS", "2C", "3C", "4C", "9S"}
    assert robs(g) == set()


def test_R6_6_non_robber_cannot_rob():
    g = build(ROB_HANDS)
    with pytest.raises(ff.IllegalActionError, match=r"R6\.5"):
        g.apply("rob KC")
    assert g.robbed_by is None and len(g.hand(0)) == 5


# ------------------------------------------------------------------------------ R6.7 the lead


@pytest.mark.parametrize("dealer", range(6))
def test_R6_7_left_of_dealer_leads(dealer):
    g = build(dealer=dealer)
    assert g.phase == "play"
    assert g.to_act == (dealer + 1) % 6
    assert g.leader == (dealer + 1) % 6


def test_R6_7_left_of_dealer_leads_after_a_bury():
    g = joker_game()
    g.apply("bury 4H")
    assert g.to_act == 0 and g.leader == 0


@pytest.mark.parametrize("seed", seeds(20))
def test_R6_7_new_games_lead_from_dealers_left(seed):
    g = ff.Game.new(ff.BRUFF, seed=seed)
    if g.phase == "bury":
        assert g.to_act == g.dealer
        g.apply(g.legal_actions()[0])
    assert g.phase == "play"
    assert g.to_act == (g.dealer + 1) % 6


# ------------------------------------------------------------------------------ R7 scoring


def test_R7_1_each_trick_is_worth_five():
    g = build(hands_from_tricks(*NO_TRUMP_DEAL), scores=(10, 20, 30))
    play_trick(g, NO_TRUMP_DEAL[0])
    assert g.scores == (15, 20, 30)
    play_trick(g, NO_TRUMP_DEAL[1])
    assert g.scores == (15, 25, 30)


def test_R7_2_no_trump_played_no_bonus_only_25():
    g = play_no_trump_deal()
    # 10/20/30 + A 2 tricks, B 1, C 2 = 20/25/40: 25 points in all, no bonus
    assert g.scores == (20, 25, 40)
    sheet = g.score_sheet().to_pandas()
    d1 = sheet[sheet["deal"] == 1]
    assert list(d1["points"]) == [5] * 5
    assert not d1["bonus"].any()


TWO_TRUMP_DEAL = [
    "2C 3C 4C 7S 5C 6C",  # s0 leads 2C; s3 7S wins (A)
    "7C 8C 9C TC KC QC",  # s3 leads TC; s4 KC wins (B)
    "2D 3D KS 4D 5D 6D",  # s4 leads 5D; s2 KS (> 7S) wins (C): highest trump of the deal
    "2H 3H 4H 5H 6H KH",  # s2 leads 4H; s5 KH wins (C)
    "7H 8H 9H TH JH QH",  # s5 leads QH and wins (C)
]


def test_R7_2_bonus_goes_to_the_trick_of_the_highest_trump():
    g = build(hands_from_tricks(*TWO_TRUMP_DEAL))
    winners = [play_trick(g, t) for t in TWO_TRUMP_DEAL[:4]]
    assert winners == [3, 4, 2, 5]
    st = g.bonus_status()
    assert str(st.card) == "KS" and st.trick == 3 and st.seat == 2 and st.partnership == C
    # 5S JS JK AH AS are unplayed: uncertain, so only trick points are shown
    assert st.certain is False
    assert g.scores == (5, 5, 10)
    assert play_trick(g, TWO_TRUMP_DEAL[4]) == 5
    # after five tricks the bonus is certain and credited to trick 3 (worth 10):
    # C won tricks 3, 4, 5 = 15, plus the bonus 5 = 20; A 5, B 5; 30 points in the deal
    assert g.scores == (5, 5, 20)
    sheet = g.score_sheet().to_pandas()
    d1 = sheet[sheet["deal"] == 1]
    assert list(d1["points"]) == [5, 5, 10, 5, 5]
    assert list(d1["bonus"]) == [False, False, True, False, False]
    assert list(d1["partnership"]) == ["A", "B", "C", "C", "C"]
    assert d1["points"].sum() == 30
    assert g.deal_number == 2 and g.dealer == 0


def test_R7_3_five_of_trumps_makes_the_bonus_certain_at_once():
    g = build({0: "7S", 1: "5S"})
    g.apply("play 7S")
    assert g.bonus_status().certain is False  # 7S: many higher trumps unseen
    g.apply("play 5S")
    st = g.bonus_status()
    assert str(st.card) == "5S" and st.certain is True  # mid-trick, as soon as it is played


def test_R7_3_unrobbed_turn_up_counts_as_out_once_robbing_is_over():
    # Turn-up 5S; JS is the highest trump played; seat 4 holds AS and could still rob 5S
    # until its own first play. Start 35/40/0.
    g = build(
        {0: "2C", 1: "3C", 2: "4C", 3: "JS", 4: "5C AS", 5: "6C"}, top="5S", scores=(35, 40, 0)
    )
    for card in ["2C", "3C", "4C", "JS"]:
        g.apply(f"play {card}")
    st = g.bonus_status()
    assert str(st.card) == "JS" and st.certain is False  # seat 4 may still rob the 5S
    assert g.to_act == 4 and robs(g)
    g.apply("play 5C")  # declines
    g.apply("play 6C")
    # After trick 1 nobody can rob: 5S stays out of play, JS's bonus is certain.
    # S1: A 35 + 5 + 5 = 45 at trick 1 -> A has won at once (R8.6, bonus certain).
    assert g.over and g.winner == A
    assert g.scores == (45, 40, 0)
    assert g.bonus_status().certain is True
    assert g.tricks_played == 1


def test_R7_3_the_bonus_status_says_what_the_turn_up_above_it_does():
    """The turn-up above the highest trump so far: it may still be robbed in trick 1 (R6.6),
    is out of play once nobody may rob it (certain), or, robbed, is still to come (open)."""
    g = build({0: "2C", 1: "3C", 2: "4C", 3: "JS", 4: "6C", 5: "7C"}, top="5S")
    for card in ["2C", "3C", "4C", "JS"]:
        g.apply(f"play {card}")
    assert str(g.bonus_turnup()) == "5S"
    assert "5♠, the turn-up, may still be robbed (R6.6)" in g.bonus_status().describe()
    for card in ["6C", "7C"]:
        g.apply(f"play {card}")
    said = g.bonus_status().describe()
    assert "certain (R7.3): 5♠, the only higher trump, is the turn-up left on the stock" in said
    robbed = build({0: "2C", 1: "3C", 2: "4C", 3: "JS", 4: "AS 6C", 5: "7C"}, top="5S")
    for card in ["2C", "3C", "4C", "JS"]:
        robbed.apply(f"play {card}")
    robbed.apply("rob 6C")
    robbed.apply("play AS")
    robbed.apply("play 7C")
    st = robbed.bonus_status()
    assert not st.certain and st.robbed_by == 4
    assert "5♠, the turn-up, was robbed by seat 4 and is still to come" in st.describe()
    assert robbed.to_act == 3  # JS took trick 1
    robbed.apply(robbed.legal_actions()[0])
    robbed.apply("play 5S")  # played, the 5 is the highest itself: certain at once
    assert robbed.bonus_turnup() is None and robbed.bonus_status().certain


def test_R7_3_open_hands_see_the_bonus_beyond_reach_before_the_public_may():
    """With every hand open, the 5S turned up and nobody holding the ace of trumps: no hand can
    ever hold the 5S (R6.5), so JS is beyond reach at once, while the public status waits for
    trick 1 to end (R7.3). A robber who may still take the 5S up keeps it within reach (R6.6),
    and once robbed it is in a hand."""
    g = build({0: "2C", 1: "3C", 2: "4C", 3: "JS", 4: "6C", 5: "7C"}, top="5S")
    for card in ["2C", "3C", "4C", "JS"]:
        g.apply(f"play {card}")
    assert g.robber is None and not g.bonus_certain() and g.bonus_beyond_reach()
    robbing = build({0: "2C", 1: "3C", 2: "4C", 3: "JS", 4: "AS 6C", 5: "7C"}, top="5S")
    for card in ["2C", "3C", "4C", "JS"]:
        robbing.apply(f"play {card}")
    assert robbing.robber == 4 and not robbing.bonus_beyond_reach()
    robbing.apply("rob 6C")
    assert not robbing.bonus_beyond_reach()  # the 5S is in seat 4's hand now
    robbing.apply("play AS")
    robbing.apply("play 7C")
    assert not robbing.bonus_beyond_reach() and not robbing.bonus_certain()


def test_R7_3_turn_up_out_once_the_ace_holder_has_played_the_ace():
    # Turn-up 5S. Seat 1 plays AS (its first play, no rob): nobody can rob any more, so when
    # seat 2 then plays JS, every higher trump (5S) is known out: certain mid-trick.
    g = build({0: "2C", 1: "AS", 2: "JS"}, top="5S")
    g.apply("play 2C")
    g.apply("play AS")
    g.apply("play JS")
    st = g.bonus_status()
    assert str(st.card) == "JS" and st.seat == 2 and st.certain is True


def test_R7_3_robbed_turn_up_is_back_in_play():
    # Same start, but seat 4 robs the 5S (discarding 2D): JS is no longer safe.
    hands = {0: "2C 7C", 1: "3C 8C", 2: "4C 9C", 3: "JS TC", 4: "5C AS 2D 3D 4D", 5: "6C QC"}
    g = build(hands, top="5S", scores=(35, 40, 0))
    for card in ["2C", "3C", "4C", "JS"]:
        g.apply(f"play {card}")
    g.apply("rob 2D")
    assert "5S" in names(g.hand(4))
    g.apply("play 5C")
    g.apply("play 6C")
    # trick 1 to A (JS).  S0: A 40 B 40 C 0 (no first)   S1: A 45 at t1 -> disagree: play on
    assert not g.over
    assert g.bonus_status().certain is False
    assert g.scores == (40, 40, 0)
    # trick 2: s3 leads TC, s4 trumps with the robbed 5S: B wins, the bonus moves to trick 2.
    # S1: t1 A 40 B 40 C 0; t2 B 40 + 10 = 50 -> B first, certain (the 5 is played).
    assert play_trick(g, "7C 8C 9C TC 5S QC") == 4
    assert g.over and g.winner == B
    assert g.scores == (40, 50, 0)


def test_R7_3_uncertain_until_the_fifth_trick_is_done():
    g = build(hands_from_tricks(*SCEN_D), scores=(35, 40, 0))
    for t in SCEN_D[:4]:
        play_trick(g, t)
        assert g.bonus_status().certain is False
        assert not g.over
    play_trick(g, SCEN_D[4])
    assert g.bonus_status().certain is True


# ------------------------------------------------------------------- R8 winning (chronology)
#
# Notation in the comments: S0 = running totals with trick points only, S1 = S0 plus the bonus
# (5) credited at the trick of the highest trump so far (R8.6). Totals are "A/B/C".


def test_R8_1_win_the_moment_45_is_reached():
    # Start 40/0/0, no trump in trick 1: S0 = S1.  t1 A wins: 45/0/0 -> A has won.
    g = build(hands_from_tricks(*NO_TRUMP_DEAL), scores=(40, 0, 0))
    assert play_trick(g, NO_TRUMP_DEAL[0]) == 0
    assert g.over and g.winner == A
    assert g.scores == (45, 0, 0)


def test_R8_1_first_by_trick_order_not_end_of_deal():
    # Start 40/40/0, no trump: t1 A (45/40/0) -> A has won; B never gets its trick.
    g = build(hands_from_tricks(*NO_TRUMP_DEAL), scores=(40, 40, 0))
    play_trick(g, NO_TRUMP_DEAL[0])
    assert g.winner == A and g.scores == (45, 40, 0)


def test_R8_3_clear_win_stops_play_mid_deal():
    g = build(hands_from_tricks(*NO_TRUMP_DEAL), scores=(30, 20, 40))
    # t1 A 35/20/40; t2 B 35/25/40; t3 C 35/25/45 -> C has won (no trump: S0 = S1)
    for t in NO_TRUMP_DEAL[:3]:
        play_trick(g, t)
    assert g.over and g.winner == C
    assert g.phase == "over" and g.to_act is None
    assert g.tricks_played == 3
    assert [len(g.hand(s)) for s in range(6)] == [2] * 6  # tricks 4 and 5 are not played
    assert g.legal_actions() == []
    assert g.deal_number == 1
    with pytest.raises(ff.IllegalActionError):
        g.apply("play 8C")


def test_R8_6_certain_bonus_decides_when_trick_points_fall_short():
    # Start 35/40/0. t1: s3 wins with 5S (bonus certain at once).
    # S0: 40/40/0 (no first)   S1: 45/40/0 -> A first at t1, certain -> A wins.
    g = build(hands_from_tricks("2C 3C 4C 5S 5C 6C"), scores=(35, 40, 0))
    assert play_trick(g, "2C 3C 4C 5S 5C 6C") == 3
    assert g.over and g.winner == A
    assert g.scores == (45, 40, 0)


def test_R8_6_uncertain_bonus_only_in_S1_play_goes_on():
    # Start 35/0/0.
    # t1 s3 7S (A)   S0 40/0/0 (no first)    S1 45/0/0 A@t1    uncertain -> play on
    # t2 s0 KC (A)   S0 45/0/0 A@t2          S1 A@t1           same partnership -> A wins
    g = build(hands_from_tricks("2C 3C 4C 7S 5C 6C", "KC 7C 8C 9C TC QC"), scores=(35, 0, 0))
    assert play_trick(g, "2C 3C 4C 7S 5C 6C") == 3
    assert not g.over
    assert g.scores == (40, 0, 0)  # the bonus is not written down while uncertain
    assert play_trick(g, "KC 7C 8C 9C TC QC") == 0
    assert g.over and g.winner == A
    assert g.scores == (45, 0, 0)  # still uncertain at the end: not credited
    assert g.bonus_status().certain is False


def test_R8_6_S0_and_S1_agree_while_uncertain_wins_at_once():
    # Start 40/0/30.
    # t1 s5 7S (C)   S0 40/0/35              S1 40/0/40            no first -> play on
    # t2 s0 KC (A)   S0 45/0/35 A@t2         S1 45/0/40 A@t2       agree -> A wins, uncertain
    tricks = ["2C 3C 4C 5C 6C 7S", "KC 7C 8C 9C TC QC"]
    g = build(hands_from_tricks(*tricks), scores=(40, 0, 30))
    assert play_trick(g, tricks[0]) == 5
    assert not g.over and g.scores == (40, 0, 35)
    assert play_trick(g, tricks[1]) == 0
    assert g.over and g.winner == A
    assert g.tricks_played == 2
    st = g.bonus_status()
    assert str(st.card) == "7S" and st.certain is False
    assert g.scores == (45, 0, 35)  # C's uncertain bonus is not credited (R8.6)


def test_R8_6_uncertain_bonus_not_credited_on_the_score_sheet():
    tricks = ["2C 3C 4C 5C 6C 7S", "KC 7C 8C 9C TC QC"]
    g = build(hands_from_tricks(*tricks), scores=(40, 0, 30))
    for t in tricks:
        play_trick(g, t)
    sheet = g.score_sheet().to_pandas()
    assert list(sheet["points"]) == [5, 5]
    assert not sheet["bonus"].any()
    assert list(sheet.iloc[-1][["A", "B", "C"]]) == [45, 0, 35]


SCEN_D = [
    "2C 3C 4C 7S 5C 6C",  # s0 leads 2C; s3 7S wins (A) - the only trump of the deal
    "7C 8C 9C TC KC QC",  # s3 leads TC; s4 KC wins (B)
    "2D 3D 4D 5D 6D KD",  # s4 leads 6D; s5 KD wins (C)
    "2H 3H KH 4H 5H 6H",  # s5 leads 6H; s2 KH wins (C)
    "8H 9H 7H TH JH QH",  # s2 leads 7H; s5 QH wins (C)
]


def test_R8_2_uncertain_bonus_decides_first_to_45_after_play_goes_on():
    # Start 35/40/0. Only trump played: 7S in trick 1 (A).
    # t1 A   S0 40/40/0                 S1 45/40/0  A@t1          uncertain, S0 none -> on
    # t2 B   S0 40/45/0  B@t2           S1 45/45/0  A@t1          disagree -> on
    # t3 C   S0 40/45/5                 S1 A@t1                   disagree -> on
    # t4 C   S0 40/45/10                S1 A@t1                   disagree -> on
    # t5 C   S0 40/45/15                S1 45/45/15 A@t1          certain (5 tricks) -> A wins
    # B also has 45 but reached it at trick 2, after A's trick 1 (R8.2).
    g = build(hands_from_tricks(*SCEN_D), scores=(35, 40, 0))
    shown = []
    for t in SCEN_D[:4]:
        play_trick(g, t)
        assert not g.over
        shown.append(g.scores)
    assert shown == [(40, 40, 0), (40, 45, 0), (40, 45, 5), (40, 45, 10)]
    assert play_trick(g, SCEN_D[4]) == 5
    assert g.over and g.winner == A
    assert g.scores == (45, 45, 15)
    assert g.deal_number == 1
    sheet = g.score_sheet().to_pandas()
    assert list(sheet["points"]) == [10, 5, 5, 5, 5]
    assert list(sheet["A"]) == [45, 45, 45, 45, 45]
    assert list(sheet["B"]) == [40, 45, 45, 45, 45]


SCEN_A = [
    "2C 3C 4C 7S 5C 6C",  # s0 leads 2C; s3 7S wins (A)
    "7C 8C 9C TC KC QC",  # s3 leads TC; s4 KC wins (B)
]


def test_R8_6_later_five_moves_the_bonus_and_changes_who_was_first():
    # Start 35/40/0.
    # t1 A (7S)  S0 40/40/0               S1 45/40/0  A@t1     uncertain -> on
    # t2 B       S0 40/45/0  B@t2         S1 45/45/0  A@t1     disagree -> on
    # t3 C plays 5S: the bonus moves to t3 (C) and is certain.
    #            S1 t1 40/40/0, t2 40/45/0 B@t2, t3 40/45/10  -> B wins
    t3 = "3D 4D 5S 6D 2D 7D"  # s4 leads 2D; s2 5S wins (C)
    g = build(hands_from_tricks(*SCEN_A, t3), scores=(35, 40, 0))
    assert play_trick(g, SCEN_A[0]) == 3
    assert play_trick(g, SCEN_A[1]) == 4
    assert not g.over
    assert g.scores == (40, 45, 0)  # B shows 45 yet has not won: the bonus may be A's
    assert play_trick(g, t3) == 2
    assert g.over and g.winner == B
    assert g.scores == (40, 45, 10)
    st = g.bonus_status()
    assert str(st.card) == "5S" and st.trick == 3 and st.partnership == C and st.certain


def test_R8_6_later_jack_moves_the_bonus_S0_S1_then_agree_uncertain():
    # Start 35/40/0, as above but C's trick 3 is won with JS (5S still unseen: uncertain).
    # t3 C (JS)  S0 40/45/5   B@t2        S1 t1 40/40/0, t2 40/45/0 B@t2, t3 40/45/10
    #            S0 and S1 both say B -> B wins although the bonus is uncertain
    t3 = "3D 4D JS 6D 2D 7D"
    g = build(hands_from_tricks(*SCEN_A, t3), scores=(35, 40, 0))
    for t in [*SCEN_A, t3]:
        play_trick(g, t)
    assert g.over and g.winner == B
    assert g.scores == (40, 45, 5)  # C's uncertain bonus is not credited
    assert g.bonus_status().certain is False


def test_R8_6_later_higher_trump_gives_the_win_to_the_other_side():
    # Start 40/35/0.
    # t1 s1 7S (B)  S0 40/40/0              S1 40/45/0  B@t1     uncertain -> on
    # t2 s3 KC (A)  S0 45/40/0  A@t2        S1 45/45/0  B@t1     disagree -> on
    # t3 s2 JS (C)  bonus moves to t3:  S1 t1 40/40/0, t2 45/40/0 A@t2, t3 45/40/10
    #               S0 A@t2, S1 A@t2: agree -> A wins (bonus still uncertain: 5S unseen)
    tricks = ["2C 7S 3C 4C 5C 6C", "7C 8C 9C KC TC QC", "2D 3D JS 4D 5D 6D"]
    g = build(hands_from_tricks(*tricks), scores=(40, 35, 0))
    assert play_trick(g, tricks[0]) == 1
    assert play_trick(g, tricks[1]) == 3
    assert not g.over
    assert g.scores == (45, 40, 0)
    assert play_trick(g, tricks[2]) == 2
    assert g.over and g.winner == A
    assert g.scores == (45, 40, 5)


def test_R8_6_later_five_by_the_same_side_hands_first_to_the_other():
    # Start 35/40/0.
    # t1 s3 7S (A)   S0 40/40/0             S1 45/40/0 A@t1      uncertain -> on
    # t2 s4 KC (B)   S0 40/45/0  B@t2       S1 A@t1              disagree -> on
    # t3 s0 5S (A)   bonus moves to t3 (A), certain:
    #                S1 t1 40/40/0, t2 40/45/0 B@t2 -> B wins (A's 10 at t3 comes later)
    t3 = "5S 4D 3D 6D 2D 7D"
    g = build(hands_from_tricks(*SCEN_A, t3), scores=(35, 40, 0))
    for t in SCEN_A:
        play_trick(g, t)
    assert play_trick(g, t3) == 0
    assert g.over and g.winner == B
    assert g.scores == (50, 45, 0)


# -------------------------------------------------------------------------------- R8.4 jink

JINK_NO_TRUMP = [
    "KC 2C 3C 4C 5C 6C",  # s0 wins each trick (no trump played)
    "KD 7D 8D 9D TD JD",
    "KH 2H 3H 4H 5H 6H",
    "QC JC 7C 8C 9C TC",
    "QD 2D 3D 4D 5D 6D",
]


def test_R8_4_jink_wins_whatever_the_scores():
    # Start 0/40/40. A takes all five tricks: 25 points, no bonus (no trump), 25/40/40.
    g = build(hands_from_tricks(*JINK_NO_TRUMP), scores=(0, 40, 40))
    for t in JINK_NO_TRUMP[:4]:
        assert play_trick(g, t) == 0
        assert not g.over
    assert play_trick(g, JINK_NO_TRUMP[4]) == 0
    assert g.over and g.winner == A
    assert g.scores == (25, 40, 40)


def test_R8_4_jink_by_both_partners_with_a_trump():
    # Start 0/0/0. s3 takes trick 1 with 7S, s0 the rest: A 25 + bonus 5 = 30 -> jink.
    tricks = [
        "2C 3C 4C 7S 5C 6C",  # s3 (A)
        "KC 7C 8C TC 9C QC",  # s3 leads TC, s0 KC (A)
        "KD 2D 3D 4D 5D 6D",  # s0 (A)
        "KH 2H 3H 4H 5H 6H",  # s0 (A)
        "QD 7D 8D 9D TD JD",  # s0 (A)
    ]
    g = build(hands_from_tricks(*tricks))
    assert [play_trick(g, t) for t in tricks] == [3, 0, 0, 0, 0]
    assert g.over and g.winner == A
    assert g.scores == (30, 0, 0)


def test_R8_4_four_tricks_is_no_jink():
    # A takes 4 of 5 (s5 wins trick 5 with QD): no winner, next deal.
    tricks = [*JINK_NO_TRUMP[:4], "2D 3D 4D 5D 6D QD"]  # t5: s0 leads 2D, s5 QD wins (C)
    g = build(hands_from_tricks(*tricks))
    assert [play_trick(g, t) for t in tricks] == [0, 0, 0, 0, 5]
    assert not g.over
    assert g.deal_number == 2
    assert g.scores == (20, 0, 5)


# ---------------------------------------------------------------------- R8.5 next deal


def test_R8_5_nobody_won_scores_carry_over_and_next_dealer_deals():
    g = play_no_trump_deal()
    assert not g.over and g.winner is None
    assert g.scores == (20, 25, 40)
    assert g.deal_number == 2
    assert g.dealer == 0
    assert g.tricks_played == 0
    if g.phase == "bury":
        assert g.to_act == 0
    else:
        assert g.phase == "play" and g.to_act == 1
    # the whole deck was gathered: a fresh 5-card hand each from the full pack
    fresh = [str(c) for s in range(6) for c in g.hand(s)]
    assert len(set(fresh)) == len(fresh) >= 30
    played_before = {c for t in NO_TRUMP_DEAL for c in t.split()}
    assert set(fresh) & played_before  # cards played in deal 1 are dealt again
    deal_sheet = g.score_sheet(by="deal").to_pandas()
    assert list(deal_sheet.iloc[0][["A", "B", "C"]]) == [20, 25, 40]


# ------------------------------------------------------------------------------ R8.7 engine


def test_R8_7_rob_offered_with_the_plays_only_at_first_turn():
    g = build(ROB_HANDS)
    g.apply("play KC")
    g.apply("play 2C")
    legal = g.legal_actions()
    assert {a for a in legal if a.startswith("play")} == plays(g) and plays(g)
    assert robs(g)
    assert set(legal) == plays(g) | robs(g)


def test_R8_7_joker_exchange_is_the_first_action_of_the_deal():
    g = joker_game()
    assert g.phase == "bury" and g.to_act == g.dealer
    assert all(a.startswith("bury ") for a in g.legal_actions())
    assert len(g.legal_actions()) == 6
    assert g.trick == []


# ------------------------------------------------------------------------------- E1 example


E1_HANDS = {0: "7S", 1: "5S", 2: "AH KD", 3: "2S", 4: "QC", 5: "4D"}
# E1 as trick 1 of a whole deal (seat order); C's seat 2 holds AH as its only trump.
E1_DEAL = [
    "7S 5S KD 2S QC 4D",  # s0 leads 7S; s1 5S wins (B): 10 with the bonus, certain at once
    "3C 2C 4C 5C 6C KC",  # s1 leads 2C; s5 KC wins (C)
    "3H 4H KH 5H 6H 2H",  # s5 leads 2H; s2 KH wins (C) (AH is no heart, R2.2)
    "QH 8H 7H 9H TH JH",  # s2 leads 7H; s0 QH wins (A)
    "8C 9C AH TC JC 7C",  # s0 leads 8C; s2 trumps with AH (C); 5S stays the highest trump
]


def play_e1(g: ff.Game) -> None:
    g.apply("play 7S")  # A leads
    g.apply("play 5S")  # B
    assert {"play KD", "play AH"} <= plays(g)  # C: AH is privileged against 7S (R5.3)
    g.apply("play KD")
    g.apply("play 2S")  # A
    g.apply("play QC")  # B, holds no trump
    g.apply("play 4D")  # C, holds no trump


def test_E1_worked_example():
    g = build(E1_HANDS, top="9S")
    assert g.trump == "S" and g.to_act == 0
    play_e1(g)
    st = g.bonus_status()
    assert str(st.card) == "5S" and st.trick == 1 and st.seat == 1
    assert st.partnership == B and st.certain is True
    assert g.scores == (0, 10, 0)
    assert g.to_act == 1  # B's 5S won and leads
    sheet = g.score_sheet().to_pandas()
    row = sheet.iloc[0]
    assert row["winner"] == 1 and row["partnership"] == "B"
    assert row["points"] == 10 and bool(row["bonus"])
    assert row["cards"] == "7S 5S KD 2S QC 4D"


def test_E1_from_35_B_wins_at_once():
    # Start 0/35/0: S1 0/45/0 at t1, certain (the 5 is played) -> B wins after trick 1.
    g = build(E1_HANDS, top="9S", scores=(0, 35, 0))
    play_e1(g)
    assert g.over and g.winner == B
    assert g.scores == (0, 45, 0)
    assert g.tricks_played == 1


def test_E1_bonus_credited_once_over_the_whole_deal():
    # B 10 (t1, bonus certain at once); C 5 (t2); C 10 (t3); A 5 (t4); C 15 (t5):
    # running 0/10/0, 0/10/5, 0/10/10, 5/10/10, 5/10/15 -> 30 points, no winner, next deal.
    g = build(hands_from_tricks(*E1_DEAL), top="9S")
    shown = []
    winners = []
    for t in E1_DEAL:
        winners.append(play_trick(g, t))
        shown.append(g.scores)
    assert winners == [1, 5, 2, 0, 2]
    assert shown == [(0, 10, 0), (0, 10, 5), (0, 10, 10), (5, 10, 10), (5, 10, 15)]
    sheet = g.score_sheet().to_pandas()
    d1 = sheet[sheet["deal"] == 1]
    assert list(d1["points"]) == [10, 5, 5, 5, 5]
    assert g.deal_number == 2 and g.dealer == 0


def test_R6_1_the_deal_passes_left_between_games_of_a_match() -> None:
    match = ff.Match("bruff", seed=4)
    rng = random.Random(4)
    while not match.over:
        match.apply(random_action(match.game, rng))
    games = match.games
    assert len(games) >= 3
    for before, after in itertools.pairwise(games):
        assert before.over
        assert after.deals[0].dealer == (before.dealer + 1) % 6  # R6.1
        assert after.deals[0].start_scores == (0, 0, 0)


def test_R8_5_a_match_goes_to_three_games_won() -> None:
    match = ff.Match("bruff", seed=9)
    rng = random.Random(9)
    while not match.over:
        match.apply(random_action(match.game, rng))
    assert max(match.wins) == 3 and sum(match.wins) == len(match.games)
    assert match.legal_actions() == []
    with pytest.raises(ValueError, match="the match is over"):
        match.apply("pass")
    record = match.games[-1].record()
    assert ff.Game.replay(record).history == match.games[-1].history  # the dealer travels along


def test_R8_deal_winner_is_the_games_winner_once_the_deal_is_over() -> None:
    """scoring.deal_winner from a deal's tricks: the partnership that won the game in it by
    the target (R8.1, R8.6) or a jink (R8.4), None when the game went on (R8.5)."""
    from fortyfive.engine.scoring import deal_winner

    seen = {"won": 0, "on": 0}
    for seed in range(150):
        rng = random.Random(seed)
        g = ff.Game.new("bruff", seed=seed)
        while not g.over:
            g.apply(random_action(g, rng))
        for d in g.deals:
            winners = [g.rules.partnerships[t.winner] for t in d.tricks]
            if not winners:
                continue
            w = deal_winner(g.rules, d.start_scores, winners, d.bonus_trick)
            if d is g.deals[-1]:
                assert w == g.winner
                seen["won"] += 1
            else:
                assert w is None
                seen["on"] += 1
    assert seen["won"] == 150 and seen["on"] > 150
