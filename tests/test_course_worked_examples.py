"""The course helpers behind the worked examples of chapters 4-6: each fact they show comes from
the engine, the solver or the puzzles, and they say what the chapters' text says."""

from __future__ import annotations

import pytest

import fortyfive as ff
from fortyfive import course
from fortyfive.engine.scoring import chronology_winner
from fortyfive.solve.solver import solve

#: Chapter 4's worked example of R8.6: A on 35 takes trick 1 with K♥ (higher hearts unseen), B on
#: 40 takes the other four.
SPLIT_HANDS = [
    "KH 2C 6D 6S 7C",
    "3H KC KD KS QD",
    "4H 3C 2D 2S 7D",
    "6H 4C 3D 3S 8D",
    "7H 5C 4D 4S 9D",
    "8H 6C 5D 5S TD",
]
SPLIT_TRICKS = "KH 3H 4H 6H 7H 8H 2C KC 3C 4C 5C 6C KD 2D 3D 4D 5D 6D KS 2S 3S 4S 5S 6S"
E3_HANDS = ["AH 4D 5D 6C 7C", "7S KC KH 8D 9D", "5S KD QD 2C 2H", "AS TD JD 3C 3H"]
ENDGAME_HANDS = ["KD KC 5H KS QS", "3D TD 2H 4D 5D", "5C 7C 3C 4C 6C", "2D JC 7D 8D 9D"]


def test_r8_6_chronology_table_the_lines_disagree_until_the_bonus_is_certain():
    g = course.deal_game("bruff", dealer=5, hands=SPLIT_HANDS, stock_top="2H", scores=(35, 40, 0))
    course.play_cards(g, SPLIT_TRICKS + " QD 7D 8D 9D TD 7C")
    t = course.chronology_table(g).to_pandas()
    assert t["engine"].tolist() == ["play on"] * 4 + ["A wins"]
    assert t["first to 45 without"].tolist() == ["nobody"] + ["B (trick 2)"] * 4
    assert set(t["first to 45 with"]) == {"A (trick 1)"}
    assert t["certain"].tolist() == [False] * 4 + [True]
    assert g.winner == 0 and g.scores == (45, 60, 0)
    # the switch: had the bonus been certain after trick 2, A would have won there
    assert chronology_winner(g.rules, (35, 40, 0), [0, 1], 0, certain=True) == 0


def test_r8_6_a_higher_trump_moves_the_bonus_and_the_lines_agree():
    hands = list(SPLIT_HANDS)
    hands[2] = "4H 3C 2D 2S AH"
    g = course.deal_game("bruff", dealer=5, hands=hands, stock_top="2H", scores=(35, 40, 0))
    course.play_cards(g, "KH 3H 4H 6H 7H 8H 2C KC 3C 4C 5C 6C KD AH 3D 4D 5D 6D")
    t = course.chronology_table(g).to_pandas()
    assert t["engine"].tolist() == ["play on", "play on", "B wins"]
    assert t["highest trump"].tolist() == ["K♥", "K♥", "A♥"]
    assert g.winner == 1 and g.tricks_played == 3


def test_chronology_table_is_bruffs():
    g = course.deal_game("barker", dealer=3, hands=E3_HANDS)
    with pytest.raises(ValueError, match=r"R8\.6"):
        course.chronology_table(g).to_pandas()


def test_computer_game_plays_to_the_end_or_to_a_seats_first_card():
    g = course.computer_game("bruff", seed=3)
    assert g.over and g.winner is not None
    h = course.computer_game("barker", seed=12, until_card_of=0)
    assert not h.over and h.to_act == 0 and h.phase == "play"


def test_r9_3_auction_table_the_dealer_holds_an_opponents_bid():
    g = course.deal_game("barker", dealer=3, hands=E3_HANDS, scores=(70, 85))
    calls = ["bid 5", "bid 10", "bid 15", "hold", "bid 20", "pass", "pass", "pass"]
    t = course.auction_table(g, calls, ["North", "East", "South", "West"]).to_pandas()
    assert t["seat"].tolist()[:4] == ["North", "East", "South", "West"]
    assert "hold" in t["legal calls"].iloc[3] and "hold" not in t["legal calls"].iloc[2]
    assert g.contract == (0, 20)  # North, partner of South whose 15 West held (R1.3)
    assert g.rules.partnerships[2] != g.rules.partnerships[3]


def test_r10_3_bid_outcomes_a_sweep_doubles_only_with_a_bid_of_30():
    sweep = ["AH AS KS 4D 5D", "2H 3H 4H 6H 7H", "5S JS KH QH JH", "8H 9H TH 2D 3D"]
    tricks = ["2H 5S 8H 4D", "JS 2D AS 3H", "KH 9H 5D 4H", "QH TH KS 6H", "AH 7H JH 3D"]
    t = course.bid_outcomes({"sweep": (sweep, tricks)}, bids=(20, 25, 30)).to_pandas()
    assert t["N-S"].tolist() == [30, 30, 60] and t["E-W"].tolist() == [0, 0, 0]


def test_bid_chances_of_e3s_north_hand_support_20():
    g = course.deal_game("barker", dealer=3, hands=E3_HANDS, scores=(70, 85))
    t = course.bid_chances(g).to_pandas()
    assert t["bid"].tolist() == [5, 10, 15, 20, 25, 30]
    shares = [int(s.rstrip("%")) for s in t.iloc[:, 1]]
    assert shares == sorted(shares, reverse=True) and shares[0] == 100
    within = t.iloc[:, 2].tolist()
    assert within[3] == "yes" and within[4] == "no"  # compete up to 20, as North bid in E3


def endgame() -> ff.Game:
    g = course.barker_hand(3, ENDGAME_HANDS, "H")
    course.play_cards(g, "3D 5C 2D KD KC TD 7C JC")
    return g


def test_endgame_values_are_the_solvers():
    g = endgame()
    t = course.endgame_values(g).to_pandas()
    values = solve(g).values
    assert t["your side takes"].tolist() == list(values.values())
    assert t.loc[t["best"] == "✓", "card"].tolist() == ["5♥"]


def test_solved_endgame_says_why_drawing_trumps_works():
    g = endgame()
    msg = course.solved_endgame(g, target=30)
    assert msg.startswith("Target reached: your side took 30")
    assert "The key card was 5H" in msg and "brought the defence's 2H into the trick" in msg
    assert g.tricks_played == 2  # the game shown is left as it was
