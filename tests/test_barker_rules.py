"""Tests for the `barker` preset (Auction Forty-Fives): RULES.md R1.3, R9, R10 and E2, E3.

Every test is named after the rule id it checks (R9.3 -> test_R9_3_...). Positions are built with
``Game.from_deal`` and driven only through ``legal_actions`` / ``apply``. Expected values are worked
out by hand from RULES.md, never read back from the engine.

Seats: 0 North, 1 East, 2 South, 3 West; partnerships N-S = {0, 2} (index 0), E-W = {1, 3} (1).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import fortyfive as ff

SUITS = ("S", "C", "D", "H")
PACK = [rank + suit for suit in SUITS for rank in "A23456789TJQK"]  # the 52-card barker pack
NS, EW = 0, 1


# ------------------------------------------------------------------------------------ helpers


def layout(
    hands: dict[int, str] | None = None, stock_top: str = ""
) -> tuple[list[list[str]], list[str]]:
    """Four 5-card hands and the 32-card stock: the given cards where given, then the rest of the
    pack in PACK order (hands of seats 0..3 first, then the stock after ``stock_top``)."""
    given = {seat: text.upper().split() for seat, text in (hands or {}).items()}
    top = stock_top.upper().split()
    used = {c for cards in given.values() for c in cards} | set(top)
    rest = [c for c in PACK if c not in used]
    full = []
    for seat in range(4):
        cards = list(given.get(seat, []))
        need = 5 - len(cards)
        full.append(cards + rest[:need])
        rest = rest[need:]
    return full, top + rest


def deal(
    hands: dict[int, str] | None = None,
    dealer: int = 3,
    scores: tuple[int, int] = (0, 0),
    stock_top: str = "",
    seed: int = 0,
) -> ff.Game:
    full, stock = layout(hands, stock_top)
    return ff.Game.from_deal(
        ff.BARKER, dealer=dealer, hands=full, stock=stock, scores=scores, seed=seed
    )


def run(g: ff.Game, *actions: str) -> None:
    for action in actions:
        g.apply(action)


def cards(g: ff.Game, seat: int) -> set[str]:
    return {str(c) for c in g.hand(seat)}


def play_tricks(g: ff.Game, tricks: list[str]) -> None:
    """Play whole tricks; each string holds the four cards in play order, leader first."""
    for trick in tricks:
        for card in trick.split():
            g.apply(f"play {card}")


def to_play(g: ff.Game, bidder: int, bid: int, trump: str) -> None:
    """Auction (the bidder bids, everyone else passes, dealer's left first), trump, no discards."""
    n = 4
    first = (g.dealer + 1) % n
    for i in range(n):
        seat = (first + i) % n
        assert g.to_act == seat
        g.apply(f"bid {bid}" if seat == bidder else "pass")
    run(g, f"trump {trump}", "discard", "discard", "discard", "discard")
    assert g.phase == "play"


# E2/E3 hand. Spades trump, North (0) bids, dealer West (3), so East (1) leads.
# Trick 1 is E2: East 7S, South 5S, West AS (its only trump, unprotected: forced), North AH.
# South wins with 5S (the hand's highest trump: +5 bonus), takes KD and QD, then loses KC and KH.
# N-S take 3 tricks + bonus = 20, E-W take 2 tricks = 10.
E3_HANDS = {0: "AH 4D 5D 6C 7C", 1: "7S KC KH 8D 9D", 2: "5S KD QD 2C 2H", 3: "AS TD JD 3C 3H"}
E3_TRICKS = ["7S 5S AS AH", "KD TD 4D 8D", "QD JD 5D 9D", "2C 3C 6C KC", "KH 2H 3H 7C"]

# Sweep hand. Spades trump, North bids, dealer West, East leads. South ruffs trick 1 with 5S
# (bonus), leads JS (North must follow with a trump), KH; North ruffs QH with KS and leads AH.
# N-S take all five tricks + bonus = 30, E-W take 0.
SWEEP_HANDS = {0: "AH AS KS 4D 5D", 1: "2H 3H 4H 6H 7H", 2: "5S JS KH QH JH", 3: "8H 9H TH 2D 3D"}
SWEEP_TRICKS = ["2H 5S 8H 4D", "JS 2D AS 3H", "KH 9H 5D 4H", "QH TH KS 6H", "AH 7H JH 3D"]

# No-trump hand. Hearts named trump, but nobody holds a heart or AH. Dealer West, East leads.
# East wins KS and QS, loses 2C to KC; South wins KD and QD: N-S 15, E-W 10, 25 in all.
NOTRUMP_HANDS = {
    0: "6S 7S 4C 8D 9D",
    1: "KS QS 2C 4D 5D",
    2: "2S 3S KC KD QD",
    3: "4S 5S 3C 6D 7D",
}
NOTRUMP_TRICKS = ["KS 2S 4S 6S", "QS 3S 5S 7S", "2C KC 3C 4C", "KD 6D 8D 4D", "QD 7D 9D 5D"]


def rotated(hands: dict[int, str], shift: int) -> dict[int, str]:
    return {(seat + shift) % 4: text for seat, text in hands.items()}


def e3_game(bid: int = 20, scores: tuple[int, int] = (70, 85), shift: int = 0) -> ff.Game:
    """The E3 hand, rotated ``shift`` seats clockwise (shift 1: E-W are the bidders)."""
    g = deal(rotated(E3_HANDS, shift), dealer=(3 + shift) % 4, scores=scores)
    to_play(g, bidder=shift % 4, bid=bid, trump="S")
    return g


def is_trump(card: str, trump: str) -> bool:
    """R2.1 for barker: every card of the trump suit, and AH."""
    return card == "AH" or card[1] == trump


# ---------------------------------------------------------------------------- R1.3 partners


def test_R1_3_barker_partnerships_are_0_2_and_1_3():
    assert ff.BARKER.players == 4
    assert [ff.BARKER.partnerships[s] for s in range(4)] == [0, 1, 0, 1]
    g = deal()
    assert [g.partnership(s) for s in range(4)] == [NS, EW, NS, EW]
    assert len(g.scores) == 2
    obs = g.observation(0)
    assert obs["partnerships"] == [0, 1, 0, 1]


def test_R1_3_partners_add_their_tricks_together():
    # Sweep hand: South takes tricks 1-3, North tricks 4-5; all of it counts for N-S.
    g = deal(SWEEP_HANDS, scores=(0, 0))
    to_play(g, bidder=0, bid=20, trump="S")
    play_tricks(g, SWEEP_TRICKS)
    sheet = g.score_sheet().to_pandas()
    first = sheet[sheet["deal"] == 1]
    assert list(first["winner"]) == [2, 2, 2, 0, 0]
    assert set(first["partnership"]) == {"N-S"}
    assert g.scores == (30, 0)


# ------------------------------------------------------------------------------- R9.1 deal


def test_R9_1_new_game_deals_five_each_and_starts_the_auction():
    g = ff.Game.new(ff.BARKER, seed=11)
    assert g.phase == "bid"
    assert g.deal_number == 1
    held = [c for s in range(4) for c in cards(g, s)]
    assert all(len(g.hand(s)) == 5 for s in range(4))
    assert len(set(held)) == 20
    assert "JK" not in held
    assert g.to_act == (g.dealer + 1) % 4


def test_R9_1_from_deal_needs_the_52_card_pack_so_the_stock_holds_32():
    full, stock = layout()
    assert len(stock) == 32
    ff.Game.from_deal(ff.BARKER, dealer=0, hands=full, stock=stock)  # fine
    with pytest.raises(ValueError):
        ff.Game.from_deal(ff.BARKER, dealer=0, hands=full, stock=stock[:-1])
    with pytest.raises(ValueError):
        ff.Game.from_deal(ff.BARKER, dealer=0, hands=full, stock=[*stock, "JK"])
    with pytest.raises(ValueError):
        ff.Game.from_deal(ff.BARKER, dealer=0, hands=full, stock=[*stock[:-1], stock[0]])


def test_R9_1_stock_of_32_feeds_twenty_fresh_cards_on_a_new_deal():
    g = ff.Game.new(ff.BARKER, seed=5)
    before = {s: cards(g, s) for s in range(4)}
    run(g, "bid 5", "pass", "pass", "pass", "trump D")
    seen = set().union(*before.values())
    for _ in range(4):
        seat = g.to_act
        g.apply("discard " + " ".join(sorted(before[seat])))
    drawn = [c for s in range(4) for c in cards(g, s)]
    assert len(set(drawn)) == 20
    assert not set(drawn) & seen  # 20 more cards from the stock, none of them dealt before
    assert len(seen | set(drawn)) == 40


def test_R9_1_no_turn_up_and_no_robbing():
    g = deal(E3_HANDS)
    assert g.turnup is None
    assert g.trump is None
    assert g.observation(3)["turnup"] is None
    to_play(g, bidder=0, bid=20, trump="S")
    assert g.turnup is None
    # West holds AS, the ace of trumps: in bruff that would allow a rob, in barker never.
    for card in E3_TRICKS[0].split():
        assert not any(a.startswith("rob") for a in g.legal_actions())
        g.apply(f"play {card}")
    assert g.robbed_by is None


def test_R9_1_the_dealer_does_not_see_the_stock():
    g = deal(dealer=2)
    obs = g.observation(2)
    assert "stock" not in obs
    assert len(obs["hand"]) == 5
    assert obs["hand_sizes"] == [5, 5, 5, 5]


def test_R9_1_deal_passes_left_after_a_played_hand():
    g = e3_game()
    play_tricks(g, E3_TRICKS)
    assert g.deal_number == 2
    assert g.dealer == 0  # West (3) dealt; North deals next
    assert g.phase == "bid"
    assert g.to_act == 1
    assert all(len(g.hand(s)) == 5 for s in range(4))


def test_R9_1_deal_passes_left_every_hand_in_random_games():
    for seed in range(4):
        g = ff.Game.new(ff.BARKER, seed=seed)
        rng = random.Random(seed)
        dealer, number = g.dealer, g.deal_number
        steps = 0
        while not g.over and steps < 3000:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
            if g.deal_number != number:
                assert g.deal_number == number + 1
                assert g.dealer == (dealer + 1) % 4
                assert g.phase == "bid" and g.to_act == (g.dealer + 1) % 4
                dealer, number = g.dealer, g.deal_number
        assert number > 1


# ---------------------------------------------------------------------------- R9.2 auction


@pytest.mark.parametrize("dealer", range(4))
def test_R9_2_auction_starts_on_the_dealers_left(dealer):
    g = deal(dealer=dealer)
    assert g.phase == "bid"
    assert g.to_act == (dealer + 1) % 4


def test_R9_2_opening_calls_are_pass_and_bids_5_to_30_without_suit():
    g = deal(dealer=3)
    assert set(g.legal_actions()) == {
        "pass",
        "bid 5",
        "bid 10",
        "bid 15",
        "bid 20",
        "bid 25",
        "bid 30",
    }


def test_R9_2_calls_go_clockwise():
    g = deal(dealer=1)
    seen = []
    for call in ("bid 5", "bid 10", "bid 15", "bid 20"):
        seen.append(g.to_act)
        g.apply(call)
    assert seen == [2, 3, 0, 1]
    assert g.to_act == 2


@pytest.mark.parametrize("bad", ["bid 0", "bid 3", "bid 7", "bid 35", "bid 40", "bid 12"])
def test_R9_2_only_multiples_of_five_up_to_30(bad):
    g = deal()
    with pytest.raises(ff.IllegalActionError, match=r"R9\.2"):
        g.apply(bad)
    assert g.to_act == 0 and g.history == []


def test_R9_2_a_bid_with_a_suit_is_not_a_call():
    g = deal()
    with pytest.raises(ff.IllegalActionError):
        g.apply("bid 20 S")
    assert g.history == []


def test_R9_2_a_bid_must_be_higher_than_the_current_highest():
    g = deal(dealer=3)
    g.apply("bid 15")
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}
    for low in ("bid 15", "bid 10", "bid 5"):
        with pytest.raises(ff.IllegalActionError, match=r"R9\.2"):
            g.apply(low)
    g.apply("bid 20")
    assert g.contract == (1, 20)


def test_R9_2_a_pass_is_final_and_the_seat_is_never_asked_again():
    g = deal(dealer=0)
    asked = []
    calls = [
        "pass",
        "bid 5",
        "bid 10",
        "bid 15",
        "bid 20",
        "bid 25",
        "hold",
        "bid 30",
        "pass",
        "hold",
        "pass",
    ]
    for call in calls:
        asked.append(g.to_act)
        g.apply(call)
    assert asked == [1, 2, 3, 0, 2, 3, 0, 2, 3, 0, 2]
    assert g.phase == "trump"
    assert g.to_act == 0
    assert g.contract == (0, 30)


def test_R9_2_a_dealer_who_passed_is_not_asked_again_and_cannot_hold():
    g = deal(dealer=0)
    run(g, "bid 5", "bid 10", "pass", "pass")  # seats 1, 2, 3, then the dealer passes
    assert g.to_act == 1
    g.apply("bid 15")
    assert g.to_act == 2  # the dealer (0) and seat 3 are skipped
    g.apply("pass")
    assert g.phase == "trump"
    assert g.contract == (1, 15)


# ------------------------------------------------------------------------------- R9.3 hold


def test_R9_3_only_the_dealer_may_hold():
    g = deal(dealer=3)
    g.apply("bid 10")  # seat 0
    for seat in (1, 2):
        assert g.to_act == seat
        assert "hold" not in g.legal_actions()
        with pytest.raises(ff.IllegalActionError, match=r"R9\.3"):
            g.apply("hold")
        g.apply("pass")
    assert g.to_act == 3
    assert "hold" in g.legal_actions()


def test_R9_3_no_hold_without_a_bid():
    g = deal(dealer=3)
    run(g, "pass", "pass", "pass")
    assert g.to_act == 3
    assert "hold" not in g.legal_actions()
    with pytest.raises(ff.IllegalActionError, match=r"R9\.3"):
        g.apply("hold")
    assert g.phase == "bid" and g.to_act == 3


def test_R9_3_hold_takes_over_the_bid_at_the_same_level():
    g = deal(dealer=0)
    run(g, "bid 15", "pass", "pass")
    assert set(g.legal_actions()) == {"pass", "hold", "bid 20", "bid 25", "bid 30"}
    g.apply("hold")
    assert g.contract == (0, 15)
    # The displaced bidder may bid higher (not 15 again) or pass.
    assert g.to_act == 1
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}
    g.apply("pass")
    assert g.phase == "trump"
    assert g.to_act == 0
    assert g.contract == (0, 15)


def test_R9_3_dealer_may_hold_again_after_being_outbid():
    g = deal(dealer=0)
    run(g, "bid 15", "pass", "pass", "hold", "bid 20")
    assert g.to_act == 0
    assert "hold" in g.legal_actions()
    g.apply("hold")
    assert g.contract == (0, 20)
    run(g, "bid 25", "hold", "pass")
    assert g.phase == "trump"
    assert g.contract == (0, 25)


def test_R9_3_others_not_passed_may_bid_higher_after_a_hold():
    g = deal(dealer=0)
    run(g, "bid 10", "bid 15", "pass", "hold")
    assert g.contract == (0, 15)
    # Seat 1 was outbid earlier, has not passed: it is asked next and may raise.
    assert g.to_act == 1
    assert "bid 20" in g.legal_actions()
    g.apply("bid 20")
    # The displaced seat 2 may raise too.
    assert g.to_act == 2
    assert set(g.legal_actions()) == {"pass", "bid 25", "bid 30"}
    g.apply("bid 25")
    assert g.to_act == 0
    assert g.contract == (2, 25)


def test_R9_3_nothing_above_30_but_the_dealer_can_hold_30():
    g = deal(dealer=0)
    g.apply("bid 30")
    assert g.legal_actions() == ["pass"]  # seat 2: nothing above 30, no hold
    run(g, "pass", "pass")
    assert set(g.legal_actions()) == {"pass", "hold"}
    g.apply("hold")
    assert g.contract == (0, 30)
    # The displaced 30 bidder can only pass.
    assert g.to_act == 1
    assert g.legal_actions() == ["pass"]
    for bad in ("bid 30", "bid 35", "hold"):
        with pytest.raises(ff.IllegalActionError):
            g.apply(bad)
    g.apply("pass")
    assert g.phase == "trump"
    assert g.to_act == 0
    assert g.contract == (0, 30)


# -------------------------------------------------------------------- R9.4 100 points or more


def test_R9_4_partnership_at_100_may_not_bid_below_20():
    g = deal(dealer=3, scores=(100, 95))
    assert g.to_act == 0  # N-S, 100 points
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}
    for low in ("bid 5", "bid 10", "bid 15"):
        with pytest.raises(ff.IllegalActionError, match=r"R9\.4"):
            g.apply(low)
    g.apply("pass")
    # E-W at 95 may still open at 5.
    assert g.to_act == 1
    assert "bid 5" in g.legal_actions()


def test_R9_4_applies_to_both_partners_and_to_99_not():
    g = deal(dealer=3, scores=(99, 115))
    assert "bid 5" in g.legal_actions()  # seat 0, N-S at 99
    g.apply("bid 5")
    assert g.to_act == 1  # E-W at 115: 10 and 15 would be higher than 5 but are below 20
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}
    with pytest.raises(ff.IllegalActionError, match=r"R9\.4"):
        g.apply("bid 10")
    g.apply("pass")
    g.apply("pass")  # seat 2
    assert g.to_act == 3  # the dealer, E-W partner of seat 1
    assert "hold" not in g.legal_actions()
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}


def test_R9_4_applies_in_the_next_hand_once_a_partnership_reaches_100():
    g = e3_game(bid=20, scores=(80, 0))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (100, 10)
    assert g.dealer == 0 and g.to_act == 1
    assert "bid 5" in g.legal_actions()  # E-W at 10
    g.apply("bid 5")
    assert g.to_act == 2  # South, N-S at 100
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}
    with pytest.raises(ff.IllegalActionError, match=r"R9\.4"):
        g.apply("bid 10")


def test_R9_4_dealer_at_100_may_not_hold_below_20():
    g = deal(dealer=0, scores=(110, 0))
    run(g, "bid 15", "pass", "pass")
    assert g.to_act == 0
    assert "hold" not in g.legal_actions()
    assert set(g.legal_actions()) == {"pass", "bid 20", "bid 25", "bid 30"}
    with pytest.raises(ff.IllegalActionError, match=r"R9\.4"):
        g.apply("hold")


def test_R9_4_dealer_at_100_may_hold_20():
    g = deal(dealer=0, scores=(100, 0))
    run(g, "bid 20", "pass", "pass")
    assert "hold" in g.legal_actions()
    g.apply("hold")
    assert g.contract == (0, 20)


# ---------------------------------------------------------------------- R9.5 end of auction


def test_R9_5_auction_ends_when_only_the_highest_bidder_has_not_passed():
    g = deal(dealer=3)
    run(g, "pass", "bid 5", "pass")
    assert g.phase == "bid"  # the dealer has not passed yet
    g.apply("pass")
    assert g.phase == "trump"
    assert g.to_act == 1
    assert g.contract == (1, 5)


def test_R9_5_auction_goes_round_while_another_seat_has_not_passed():
    g = deal(dealer=3)
    run(g, "bid 5", "pass", "bid 10", "pass")
    assert g.phase == "bid"
    assert g.to_act == 0  # seat 0 has not passed: it is asked again, seats 1 and 3 skipped
    run(g, "bid 15")
    assert g.to_act == 2
    g.apply("pass")
    assert g.phase == "trump"
    assert g.to_act == 0
    assert g.contract == (0, 15)


def test_R9_5_last_seat_after_three_passes_may_still_bid():
    g = deal(dealer=3)
    run(g, "pass", "pass", "pass")
    assert g.phase == "bid" and g.to_act == 3
    g.apply("bid 5")
    assert g.phase == "trump"
    assert g.to_act == 3
    assert g.contract == (3, 5)


def test_R9_5_four_passes_throw_the_hand_in():
    g = deal(dealer=3, scores=(35, 40))
    before = [cards(g, s) for s in range(4)]
    run(g, "pass", "pass", "pass", "pass")
    assert g.deal_number == 2
    assert g.dealer == 0  # the deal passes to the left
    assert g.scores == (35, 40)
    assert g.phase == "bid"
    assert g.to_act == 1
    assert g.contract is None
    assert g.trump is None
    after = [cards(g, s) for s in range(4)]
    assert all(len(h) == 5 for h in after)
    assert after != before  # a new hand is dealt
    sheet = g.score_sheet(by="deal").to_pandas()
    row = sheet.iloc[0]
    assert bool(row["thrown_in"]) is True
    assert row["+N-S"] == 0 and row["+E-W"] == 0
    assert row["N-S"] == 35 and row["E-W"] == 40
    assert int(row["tricks"]) == 0


def test_R9_5_repeated_throw_ins_move_the_deal_round_the_table():
    g = deal(dealer=2, scores=(5, 10))
    dealers = [g.dealer]
    for _ in range(4):
        run(g, "pass", "pass", "pass", "pass")
        dealers.append(g.dealer)
    assert dealers == [2, 3, 0, 1, 2]
    assert g.deal_number == 5
    assert g.scores == (5, 10)


# ------------------------------------------------------------------------------ R9.6 trump


@pytest.mark.parametrize("suit", SUITS)
def test_R9_6_auction_winner_names_any_suit(suit):
    g = deal(dealer=3)
    run(g, "pass", "pass", "bid 10", "pass")
    assert g.phase == "trump"
    assert g.to_act == 2
    assert set(g.legal_actions()) == {f"trump {s}" for s in SUITS}
    g.apply(f"trump {suit}")
    assert g.trump == suit
    assert g.phase == "discard"


def test_R9_6_only_a_trump_call_is_accepted_now():
    g = deal(dealer=3)
    run(g, "bid 10", "pass", "pass", "pass")
    for bad in ("pass", "bid 15", "hold", "discard", "play 2S"):
        with pytest.raises(ff.IllegalActionError):
            g.apply(bad)
    assert g.phase == "trump" and g.trump is None


# ------------------------------------------------------------------------ R9.7 discard/draw


def test_R9_7_discard_goes_from_the_dealers_left_whoever_won():
    g = deal(dealer=1)
    run(g, "pass", "pass", "bid 5", "pass")  # seats 2, 3, 0 (wins), 1
    assert g.contract == (0, 5)
    g.apply("trump C")
    order = []
    while g.phase == "discard":
        order.append(g.to_act)
        g.apply("discard")
    assert order == [2, 3, 0, 1]


def test_R9_7_drawn_cards_are_exactly_the_next_stock_cards_in_order():
    full, stock = layout(stock_top="AH KH QH JH TH 9H 8H 7H 6H")
    g = ff.Game.from_deal(ff.BARKER, dealer=3, hands=full, stock=stock)
    run(g, "bid 5", "pass", "pass", "pass", "trump S")
    # Seat 0 discards 2, seat 1 none, seat 2 all five, seat 3 one.
    plan = {0: full[0][:2], 1: [], 2: full[2][:], 3: full[3][-1:]}
    expect = {0: stock[0:2], 1: [], 2: stock[2:7], 3: stock[7:8]}
    for seat in (0, 1, 2, 3):
        assert g.to_act == seat
        g.apply(" ".join(["discard", *plan[seat]]))
        kept = set(full[seat]) - set(plan[seat])
        assert cards(g, seat) == kept | set(expect[seat])
    assert expect[0] == ["AH", "KH"]
    assert expect[2] == ["QH", "JH", "TH", "9H", "8H"]
    assert expect[3] == ["7H"]


def test_R9_7_everyone_discards_five_and_gets_twenty_stock_cards():
    full, stock = layout()
    g = ff.Game.from_deal(ff.BARKER, dealer=0, hands=full, stock=stock)
    run(g, "bid 5", "pass", "pass", "pass", "trump H")
    for k, seat in enumerate((1, 2, 3, 0)):
        g.apply(" ".join(["discard", *full[seat]]))
        assert cards(g, seat) == set(stock[5 * k : 5 * k + 5])
    assert g.phase == "play"


def test_R9_7_legal_actions_offer_every_subset_of_the_hand():
    g = deal(dealer=3)
    run(g, "bid 5", "pass", "pass", "pass", "trump D")
    acts = g.legal_actions()
    assert len(acts) == 32
    assert len(set(acts)) == 32
    hand = cards(g, g.to_act)
    offered = {frozenset(a.split()[1:]) for a in acts}
    assert all(a.split()[0] == "discard" for a in acts)
    every = {frozenset(c) for k in range(6) for c in combinations(sorted(hand), k)}
    assert offered == every
    assert "discard" in acts  # keep all five


def test_R9_7_bare_discard_keeps_the_hand():
    g = deal(dealer=3)
    before = cards(g, 0)
    run(g, "bid 5", "pass", "pass", "pass", "trump D", "discard")
    assert cards(g, 0) == before


def test_R9_7_cannot_discard_a_card_not_held():
    g = deal({0: "2S 3S 4S 5S 6S", 1: "7S"}, dealer=3)
    run(g, "bid 5", "pass", "pass", "pass", "trump D")
    with pytest.raises(ff.IllegalActionError, match=r"R9\.7"):
        g.apply("discard 7S")
    assert cards(g, 0) == {"2S", "3S", "4S", "5S", "6S"}
    assert g.to_act == 0


def test_R9_7_discards_are_out_of_play_for_the_hand():
    full, stock = layout({0: "AH 5S JS 2C 3C"}, stock_top="KD QD")
    g = ff.Game.from_deal(ff.BARKER, dealer=3, hands=full, stock=stock)
    run(g, "bid 5", "pass", "pass", "pass", "trump S", "discard 2C 3C")
    assert cards(g, 0) == {"AH", "5S", "JS", "KD", "QD"}
    assert set(g.observation(0)["own_face_down"]) == {"2C", "3C"}
    assert g.observation(1)["own_face_down"] == []
    # Later seats draw fresh stock cards, never the discards.
    for _ in range(3):
        seat = g.to_act
        g.apply(" ".join(["discard", *sorted(cards(g, seat))]))
    held = {c for s in range(4) for c in cards(g, s)}
    assert not held & {"2C", "3C"}
    # Seat 1 leads; when seat 0 plays it cannot play a discarded card.
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert g.to_act == 0
    assert not {"play 2C", "play 3C"} & set(g.legal_actions())
    with pytest.raises(ff.IllegalActionError):
        g.apply("play 2C")


# ------------------------------------------------------------------------------ R9.8 play


@pytest.mark.parametrize("winner", range(4))
def test_R9_8_player_left_of_the_auction_winner_leads(winner):
    g = deal(dealer=3)
    to_play(g, bidder=winner, bid=10, trump="C")
    assert g.leader == (winner + 1) % 4
    assert g.to_act == (winner + 1) % 4


def test_R9_8_dealer_winning_by_a_hold_gives_the_lead_to_the_dealers_left():
    g = deal(dealer=2)
    run(g, "bid 10", "pass", "pass", "hold", "pass", "trump H")
    assert g.contract == (2, 10)
    run(g, "discard", "discard", "discard", "discard")
    assert g.leader == 3 and g.to_act == 3


def test_R9_8_tricks_follow_R3_to_R5():
    g = e3_game()
    # R5.3: East leads the trump 7S; South's only trump 5S is privileged: any card.
    g.apply("play 7S")
    assert set(g.legal_actions()) == {f"play {c}" for c in E3_HANDS[2].split()}
    g.apply("play 5S")
    # West's only trump AS is not protected (R5.2): it must be played.
    assert g.legal_actions() == ["play AS"]
    g.apply("play AS")
    # North's AH is protected and ranks above the 7S led: any card (R5.3).
    assert set(g.legal_actions()) == {f"play {c}" for c in E3_HANDS[0].split()}
    g.apply("play AH")
    assert g.to_act == 2 and g.leader == 2  # R3.3
    g.apply("play KD")
    # West holds TD and JD and no trump: must follow diamonds (R4.2).
    assert set(g.legal_actions()) == {"play TD", "play JD"}
    with pytest.raises(ff.IllegalActionError):
        g.apply("play 3C")


# -------------------------------------------------------------------------------- E2, E3


def test_E2_south_wins_7S_5S_AS_AH_with_spades_trump():
    g = e3_game()
    assert g.trump == "S"
    assert g.leader == 1  # East, left of the auction winner North
    play_tricks(g, E3_TRICKS[:1])
    assert g.tricks_played == 1
    assert g.leader == 2 and g.to_act == 2
    status = g.bonus_status()
    assert str(status.card) == "5S"
    assert status.seat == 2 and status.partnership == NS


def test_E3_70_85_becomes_90_95():
    g = e3_game(bid=20, scores=(70, 85))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (90, 95)
    assert not g.over
    assert g.deal_number == 2


def test_E3_score_sheet_by_deal_shows_bid_made_and_totals():
    g = e3_game(bid=20, scores=(70, 85))
    play_tricks(g, E3_TRICKS)
    sheet = g.score_sheet(by="deal").to_pandas()
    for col in (
        "deal",
        "dealer",
        "trump",
        "bidder",
        "bid",
        "made",
        "thrown_in",
        "+N-S",
        "+E-W",
        "N-S",
        "E-W",
    ):
        assert col in sheet.columns
    row = sheet.iloc[0]
    assert row["deal"] == 1 and row["dealer"] == 3 and row["trump"] == "S"
    assert row["bidder"] == 0 and row["bid"] == 20
    assert bool(row["made"]) is True
    assert bool(row["thrown_in"]) is False
    assert (row["+N-S"], row["+E-W"]) == (20, 10)
    assert (row["N-S"], row["E-W"]) == (90, 95)


def test_E3_score_sheet_by_trick_shows_the_bonus_trick_and_taken_points():
    g = e3_game(bid=20, scores=(70, 85))
    play_tricks(g, E3_TRICKS)
    sheet = g.score_sheet().to_pandas()
    hand = sheet[sheet["deal"] == 1]
    assert list(hand["winner"]) == [2, 2, 2, 1, 1]
    assert list(hand["points"]) == [10, 5, 5, 5, 5]
    assert list(hand["bonus"]) == [True, False, False, False, False]
    assert list(hand["taken N-S"]) == [10, 15, 20, 20, 20]
    assert list(hand["taken E-W"]) == [0, 0, 0, 5, 10]


# ---------------------------------------------------------------------------- R10 scoring


def test_R10_1_five_per_trick_plus_five_for_the_highest_trump():
    g = e3_game(bid=5, scores=(0, 0))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (20, 10)  # 3 tricks + bonus, 2 tricks: 30 in all
    assert sum(g.scores) == 30


def test_R10_1_bonus_goes_to_the_partnership_of_the_highest_trump_even_as_opponents():
    # Rotated E3 hand: E-W bid and South/North play as the E-W seats did. Now the 5S is
    # held by West (E-W, the bidders here), so E-W get the bonus: 20 vs 10.
    g = e3_game(bid=5, scores=(0, 0), shift=1)
    play_tricks(g, E3_TRICKS)
    assert g.scores == (10, 20)


def test_R10_1_no_trump_played_means_25_in_all():
    g = deal(NOTRUMP_HANDS, scores=(0, 0))
    to_play(g, bidder=0, bid=15, trump="H")
    play_tricks(g, NOTRUMP_TRICKS)
    assert g.scores == (15, 10)
    assert sum(g.scores) == 25
    sheet = g.score_sheet().to_pandas()
    hand = sheet[sheet["deal"] == 1]
    assert not any(hand["bonus"])
    assert list(hand["points"]) == [5, 5, 5, 5, 5]


def test_R10_2_made_bid_scores_everything_taken():
    g = e3_game(bid=10, scores=(40, 40))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (60, 50)  # bid 10, took 20: +20, not +10
    assert bool(g.score_sheet(by="deal").to_pandas().iloc[0]["made"]) is True


def test_R10_2_failed_bid_is_subtracted_and_nothing_added():
    g = e3_game(bid=25, scores=(70, 85))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (45, 95)  # N-S took 20 < 25: -25; E-W +10
    row = g.score_sheet(by="deal").to_pandas().iloc[0]
    assert bool(row["made"]) is False
    assert (row["+N-S"], row["+E-W"]) == (-25, 10)


def test_R10_2_scores_may_go_negative():
    g = e3_game(bid=25, scores=(10, 0))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (-15, 10)
    g2 = e3_game(bid=25, scores=(-15, 10))
    play_tricks(g2, E3_TRICKS)
    assert g2.scores == (-40, 20)


def test_R10_3_made_30_scores_60():
    g = deal(SWEEP_HANDS, scores=(20, 30))
    to_play(g, bidder=0, bid=30, trump="S")
    play_tricks(g, SWEEP_TRICKS)
    assert g.scores == (80, 30)
    row = g.score_sheet(by="deal").to_pandas().iloc[0]
    assert bool(row["made"]) is True
    assert (row["+N-S"], row["+E-W"]) == (60, 0)


def test_R10_3_failed_30_scores_minus_30():
    g = e3_game(bid=30, scores=(70, 85))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (40, 95)
    assert bool(g.score_sheet(by="deal").to_pandas().iloc[0]["made"]) is False


@pytest.mark.parametrize("bid", [5, 20, 25])
def test_R10_3_taking_all_30_after_a_lower_bid_scores_only_30(bid):
    g = deal(SWEEP_HANDS, scores=(0, 0))
    to_play(g, bidder=0, bid=bid, trump="S")
    play_tricks(g, SWEEP_TRICKS)
    assert g.scores == (30, 0)


def test_R10_3_thirty_cannot_be_made_without_a_trump_played():
    g = deal(NOTRUMP_HANDS, scores=(50, 50))
    to_play(g, bidder=0, bid=30, trump="H")
    play_tricks(g, NOTRUMP_TRICKS)
    assert g.scores == (20, 60)


def test_R10_4_opponents_always_score_what_they_took():
    made = e3_game(bid=20, scores=(0, 0))
    play_tricks(made, E3_TRICKS)
    failed = e3_game(bid=30, scores=(0, 0))
    play_tricks(failed, E3_TRICKS)
    assert made.scores[EW] == 10
    assert failed.scores[EW] == 10
    # E-W as bidders (rotated hand, they take 20): N-S, the opponents, score their 10.
    ew_fail = e3_game(bid=25, scores=(0, 0), shift=1)
    play_tricks(ew_fail, E3_TRICKS)
    assert ew_fail.scores == (10, -25)


def test_R10_5_all_five_tricks_are_played_after_the_contract_is_made():
    g = e3_game(bid=20, scores=(100, 0))
    play_tricks(g, E3_TRICKS[:3])  # N-S already hold 20 = the bid (and 120 if counted)
    assert not g.over
    assert g.phase == "play"
    assert g.tricks_played == 3
    assert g.scores == (100, 0)
    play_tricks(g, E3_TRICKS[3:])
    assert g.over
    assert len(g.score_sheet().to_pandas()) == 5


def test_R10_5_all_five_tricks_are_played_after_the_contract_has_failed():
    g = e3_game(bid=30, scores=(0, 0))
    play_tricks(g, E3_TRICKS[:4])  # E-W took a trick: 30 is out of reach
    assert g.phase == "play"
    assert g.tricks_played == 4
    assert g.to_act == 1
    play_tricks(g, E3_TRICKS[4:])
    assert g.scores == (-30, 10)
    assert g.deal_number == 2


def test_R10_5_reaching_120_after_the_hand_wins():
    g = e3_game(bid=20, scores=(100, 50))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (120, 60)
    assert g.over
    assert g.winner == NS
    assert g.phase == "over"
    assert g.to_act is None
    assert g.deal_number == 1


def test_R10_5_opponents_reaching_120_win_when_the_bidders_fail():
    g = e3_game(bid=25, scores=(115, 110))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (90, 120)
    assert g.over
    assert g.winner == EW


def test_R10_5_both_at_120_the_bidders_win_north_south():
    g = e3_game(bid=20, scores=(100, 110))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (120, 120)
    assert g.over
    assert g.winner == NS


def test_R10_5_both_at_120_the_bidders_win_east_west():
    g = e3_game(bid=20, scores=(110, 100), shift=1)
    play_tricks(g, E3_TRICKS)
    assert g.scores == (120, 120)
    assert g.over
    assert g.winner == EW


def test_R10_5_below_120_a_new_hand_is_dealt():
    g = e3_game(bid=20, scores=(99, 109))
    play_tricks(g, E3_TRICKS)
    assert g.scores == (119, 119)
    assert not g.over
    assert g.winner is None
    assert g.deal_number == 2
    assert g.phase == "bid"
    assert g.dealer == 0 and g.to_act == 1
    assert all(len(g.hand(s)) == 5 for s in range(4))
    assert g.contract is None and g.trump is None


# ----------------------------------------------------------- R10 over whole random games


def test_R10_2_R10_4_random_games_score_each_hand_by_the_contract():
    for seed in range(6):
        g = ff.Game.new(ff.BARKER, seed=100 + seed)
        rng = random.Random(seed)
        steps = 0
        while not g.over and steps < 4000:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
        by_deal = g.score_sheet(by="deal").to_pandas()
        by_trick = g.score_sheet().to_pandas()
        for _, row in by_deal.iterrows():
            if row["thrown_in"]:
                assert row["+N-S"] == 0 and row["+E-W"] == 0
                continue
            tricks = by_trick[by_trick["deal"] == row["deal"]]
            if len(tricks) < 5:
                continue  # the hand still being played
            trump = row["trump"]
            played = " ".join(tricks["cards"]).split()
            taken = [int(tricks["taken N-S"].iloc[-1]), int(tricks["taken E-W"].iloc[-1])]
            any_trump = any(is_trump(c, trump) for c in played)
            assert sum(taken) == (30 if any_trump else 25)  # R10.1
            bid, bidders = int(row["bid"]), g.partnership(int(row["bidder"]))
            other = 1 - bidders
            delta = [int(row["+N-S"]), int(row["+E-W"])]
            assert delta[other] == taken[other]  # R10.4
            if taken[bidders] >= bid:
                assert bool(row["made"])
                assert delta[bidders] == (60 if bid == 30 else taken[bidders])  # R10.2, R10.3
            else:
                assert not bool(row["made"])
                assert delta[bidders] == -bid  # R10.2
        if g.over:
            final = by_deal.iloc[-1]
            totals = (int(final["N-S"]), int(final["E-W"]))
            assert max(totals) >= 120
            assert totals == g.scores


def test_R9_4_random_games_never_bid_below_20_at_100_or_more():
    for seed in range(6):
        g = ff.Game.new(ff.BARKER, seed=200 + seed)
        rng = random.Random(seed)
        steps = 0
        while not g.over and steps < 4000:
            if g.phase == "bid":
                seat = g.to_act
                high = g.scores[g.partnership(seat)] >= 100
                acts = g.legal_actions()
                amounts = [int(a.split()[1]) for a in acts if a.startswith("bid")]
                if high:
                    assert all(a >= 20 for a in amounts)
                    if "hold" in acts:
                        assert g.contract is not None and g.contract[1] >= 20
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
