"""One or more small tests per rule of RULES.md R1-R5 about cards and tricks, plus E1, E2, E4.

Every test is named after the rule id it checks (R5.3 -> test_R5_3_...). Expected values are taken
from RULES.md by hand, not from the oracle.
"""

from __future__ import annotations

import re

import pytest

import fortyfive as ff

RULE_ID = re.compile(r"R\d+\.\d+")
SUITS = ("S", "C", "D", "H")
BOTH = [pytest.param("bruff", id="bruff"), pytest.param("barker", id="barker")]


def rules_for(preset: str):
    return {"bruff": ff.BRUFF, "barker": ff.BARKER}[preset]


def legal(preset: str, trump: str, hand: str, trick: str) -> set[str]:
    """Legal plays as a set of strings; hand and trick are space-separated card texts."""
    plays = ff.legal_plays(rules_for(preset), trump, ff.parse_cards(hand), ff.parse_cards(trick))
    return {str(c) for c in plays}


def winner(preset: str, trump: str, trick: str) -> int:
    return ff.trick_winner(rules_for(preset), trump, ff.parse_cards(trick))


def explain(preset: str, trump: str, hand: str, trick: str, card: str) -> str:
    return ff.explain_play(
        rules_for(preset), trump, ff.parse_cards(hand), ff.parse_cards(trick), ff.parse_card(card)
    )


def order(cards) -> list[str]:
    return [str(c) for c in cards]


# ----------------------------------------------------------------------------------- R1 cards


def test_R1_1_parse_and_format_two_letter_cards():
    card = ff.parse_card("5S")
    assert str(card) == "5S"
    assert card.rank == "5"
    assert card.suit == "S"
    ten = ff.parse_card("TD")
    assert str(ten) == "TD"
    assert (ten.rank, ten.suit) == ("T", "D")
    assert str(ff.parse_card("AH")) == "AH"


def test_R1_1_every_rank_and_suit_round_trips():
    for suit in SUITS:
        for rank in "A23456789TJQK":
            card = ff.parse_card(rank + suit)
            assert str(card) == rank + suit
            assert (card.rank, card.suit) == (rank, suit)


def test_R1_1_parsing_is_case_insensitive():
    assert str(ff.parse_card("jh")) == "JH"
    assert str(ff.parse_card("jk")) == "JK"
    assert str(ff.parse_card("Jk")) == "JK"
    assert str(ff.parse_card("td")) == "TD"
    assert str(ff.parse_card("aH")) == "AH"


def test_R1_1_joker_has_no_rank_or_suit():
    joker = ff.parse_card("JK")
    assert str(joker) == "JK"
    assert joker.rank is None
    assert joker.suit is None


def test_R1_1_parse_cards_splits_on_whitespace():
    parsed = ff.parse_cards("5S jh JK AH")
    assert len(parsed) == 4
    assert [str(c) for c in parsed] == ["5S", "JH", "JK", "AH"]


@pytest.mark.parametrize("bad", ["1S", "10S", "ZZ", "5X", "S5", "5SS", "KJ", "5♠"])
def test_R1_1_bad_card_raises_naming_the_token(bad):
    with pytest.raises(ValueError) as info:
        ff.parse_card(bad)
    assert bad in str(info.value)


def test_R1_1_empty_text_is_not_a_card():
    with pytest.raises(ValueError):
        ff.parse_card("")


@pytest.mark.parametrize("bad", ["10S", "ZZ", "5X"])
def test_R1_1_parse_cards_names_the_bad_token(bad):
    with pytest.raises(ValueError) as info:
        ff.parse_cards(f"5S {bad} AH")
    assert bad in str(info.value)


# ----------------------------------------------------------------------------------- R2 trumps


def test_R2_1_presets_joker():
    assert ff.BRUFF.name == "bruff" and ff.BRUFF.joker is True
    assert ff.BARKER.name == "barker" and ff.BARKER.joker is False


@pytest.mark.parametrize("trump", SUITS)
def test_R2_1_trumps_are_the_suit_plus_AH_plus_joker_in_bruff(trump):
    suit_cards = {r + trump for r in "A23456789TJQK"}
    bruff = set(order(ff.trump_order(ff.BRUFF, trump)))
    barker = set(order(ff.trump_order(ff.BARKER, trump)))
    assert barker == suit_cards | {"AH"}
    assert bruff == suit_cards | {"AH", "JK"}


def test_R2_1_hearts_trump_has_13_hearts_plus_joker():
    assert len(ff.trump_order(ff.BRUFF, "H")) == 14
    assert len(ff.trump_order(ff.BARKER, "H")) == 13
    assert len(ff.trump_order(ff.BRUFF, "S")) == 15
    assert len(ff.trump_order(ff.BARKER, "S")) == 14


def test_R2_1_AH_is_always_a_trump():
    # A trick won by AH over the king of the suit led, whatever the trump suit.
    for trump in SUITS:
        assert winner("barker", trump, "KH AH") == 1
        assert winner("barker", trump, "KD AH") == 1
        assert winner("barker", trump, "AH KC") == 0


def test_R2_1_joker_is_always_a_trump_in_bruff():
    for trump in SUITS:
        assert winner("bruff", trump, "KC JK") == 1
        assert winner("bruff", trump, "JK AH") == 0


@pytest.mark.parametrize("preset", BOTH)
def test_R2_2_AH_does_not_follow_a_heart_lead(preset):
    # Spades trump: AH is not a heart, so a player holding AH and no heart may discard.
    assert legal(preset, "S", "AH 2C", "7H") == {"AH", "2C"}
    # Holding a real heart, that heart (or the trump AH, R4.1) must be played.
    assert legal(preset, "S", "AH 3H 2C", "7H") == {"AH", "3H"}


@pytest.mark.parametrize("preset", BOTH)
def test_R2_2_led_AH_is_a_trump_lead(preset):
    # Clubs trump, AH led: must play the trump 3C, not the heart.
    assert legal(preset, "C", "3C KH", "AH") == {"3C"}
    # Holding hearts but no trump: any card (R5.5), hearts are not obliged.
    assert legal(preset, "C", "KH 2D", "AH") == {"KH", "2D"}


def test_R2_2_led_joker_is_a_trump_lead():
    assert legal("bruff", "D", "4D KS", "JK") == {"4D"}
    assert legal("bruff", "D", "KS 2C", "JK") == {"KS", "2C"}


def test_R2_2_other_cards_belong_to_their_printed_suit():
    # A heart lead with spades trump is won by the highest heart, not by the diamond.
    assert winner("barker", "S", "2H KD 3H") == 2


SPELLED = {
    "black": "5T JT Jk AH AT KT QT 2T 3T 4T 6T 7T 8T 9T TT",
    "D": "5D JD Jk AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "H": "5H JH Jk AH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
}


def spelled_trump_order(trump: str, joker: bool) -> list[str]:
    out = []
    for tok in SPELLED["black" if trump in "SC" else trump].split():
        if tok == "Jk":
            if joker:
                out.append("JK")
        elif tok == "AH":
            out.append(tok)
        else:
            out.append(tok[0] + trump)
    return out


@pytest.mark.parametrize("trump", SUITS)
def test_R2_3_trump_order_bruff(trump):
    assert order(ff.trump_order(ff.BRUFF, trump)) == spelled_trump_order(trump, joker=True)


@pytest.mark.parametrize("trump", SUITS)
def test_R2_3_trump_order_barker(trump):
    assert order(ff.trump_order(ff.BARKER, trump)) == spelled_trump_order(trump, joker=False)


def test_R2_3_spades_ace_of_trumps_is_AS():
    assert order(ff.trump_order(ff.BARKER, "S")).index("AS") == 3  # fourth
    assert order(ff.trump_order(ff.BRUFF, "S")).index("AS") == 4  # fifth
    assert order(ff.trump_order(ff.BRUFF, "S"))[:5] == ["5S", "JS", "JK", "AH", "AS"]


def test_R2_3_trump_order_decides_tricks():
    assert winner("bruff", "S", "AH JK") == 1
    assert winner("bruff", "S", "JK JS") == 1
    assert winner("bruff", "S", "JS 5S") == 1
    assert winner("barker", "S", "AS AH") == 1
    assert winner("barker", "C", "TC 9C 2C") == 2  # black trumps: 2 high, T low
    assert winner("barker", "D", "2D TD 9D") == 1  # red trumps: T high, 2 low
    assert winner("barker", "D", "KD AD") == 1


@pytest.mark.parametrize("preset", BOTH)
@pytest.mark.parametrize("trump", SUITS)
def test_R2_4_plain_orders(preset, trump):
    rules = rules_for(preset)
    expected = {
        "S": [r + "S" for r in "KQJA23456789T"],
        "C": [r + "C" for r in "KQJA23456789T"],
        "D": [r + "D" for r in "KQJT98765432A"],
        "H": [r + "H" for r in "KQJT98765432"],
    }
    for suit in SUITS:
        if suit != trump:
            assert order(ff.plain_order(rules, suit, trump=trump)) == expected[suit]


def test_R2_4_non_trump_five_keeps_its_place():
    # Spades trump: the 5 of clubs is an ordinary club, below the 4 (black order).
    assert winner("barker", "S", "5C 4C") == 1
    assert winner("barker", "S", "5D 6D") == 1
    assert winner("barker", "S", "5D 4D") == 0
    assert winner("barker", "S", "AC 2C") == 0
    assert winner("barker", "S", "AD 2D") == 1


# ----------------------------------------------------------------------------------- R3 tricks


@pytest.mark.parametrize("preset", BOTH)
def test_R3_2_highest_trump_wins(preset):
    assert winner(preset, "S", "KD 2S QD 9S") == 1
    assert winner(preset, "S", "KD 9S QD 2S") == 3


@pytest.mark.parametrize("preset", BOTH)
def test_R3_2_without_trump_highest_of_suit_led_wins(preset):
    assert winner(preset, "S", "4D KC 7D KH") == 2
    assert winner(preset, "S", "JC AC TC KD") == 0


@pytest.mark.parametrize("preset", BOTH)
def test_R3_4_not_obliged_to_beat(preset):
    # Non-trump lead: a low diamond may be played though a higher one is held.
    assert legal(preset, "S", "2D KD", "9D") == {"2D", "KD"}
    # Trump lead: a lower trump is as good as a higher one.
    assert legal(preset, "S", "9S AS 3D", "4S") == {"9S", "AS"}
    assert explain(preset, "S", "9S AS 3D", "4S", "9S") == ""


# ----------------------------------------------------------------------------------- R4 following


@pytest.mark.parametrize("preset", BOTH)
def test_R4_1_may_always_trump_a_non_trump_lead(preset):
    assert legal(preset, "S", "3D 2S 4C", "KD") == {"3D", "2S"}
    assert legal(preset, "S", "AH 3D", "KD") == {"AH", "3D"}
    assert explain(preset, "S", "3D 2S 4C", "KD", "2S") == ""


def test_R4_1_joker_may_trump_a_non_trump_lead():
    assert legal("bruff", "C", "JK 3D 4H", "KD") == {"JK", "3D"}


@pytest.mark.parametrize("preset", BOTH)
def test_R4_2_must_follow_suit_if_not_trumping(preset):
    assert legal(preset, "S", "3D 4C", "KD") == {"3D"}
    why = explain(preset, "S", "3D 4C", "KD", "4C")
    assert why and RULE_ID.search(why)
    assert "R4.2" in why


@pytest.mark.parametrize("preset", BOTH)
def test_R4_2_heart_lead_with_hearts_held(preset):
    assert legal(preset, "D", "2H KC", "QH") == {"2H"}


@pytest.mark.parametrize("preset", BOTH)
def test_R4_3_void_in_suit_led_may_play_anything(preset):
    assert legal(preset, "S", "4C 2H 3S", "KD") == {"4C", "2H", "3S"}
    assert explain(preset, "S", "4C 2H 3S", "KD", "4C") == ""


# ----------------------------------------------------------------------------------- R5 trump lead


@pytest.mark.parametrize("preset", BOTH)
def test_R5_1_must_play_a_trump_to_a_trump_lead(preset):
    assert legal(preset, "S", "2S KD", "7S") == {"2S"}
    why = explain(preset, "S", "2S KD", "7S", "KD")
    assert why and RULE_ID.search(why)


@pytest.mark.parametrize("preset", BOTH)
def test_R5_2_five_of_trumps_is_never_forced(preset):
    assert legal(preset, "S", "5S 3D", "AS") == {"5S", "3D"}
    assert legal(preset, "S", "5S 3D", "JS") == {"5S", "3D"}
    assert legal(preset, "S", "5S 3D", "AH") == {"5S", "3D"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_2_led_five_forces_jack_and_AH(preset):
    assert legal(preset, "S", "JS 3D", "5S") == {"JS"}
    assert legal(preset, "S", "AH 3D", "5S") == {"AH"}


def test_R5_2_led_five_forces_joker():
    assert legal("bruff", "S", "JK 3D", "5S") == {"JK"}


def test_R5_2_led_jack_forces_joker_and_AH():
    assert legal("bruff", "C", "JK 3D", "JC") == {"JK"}
    assert legal("barker", "C", "AH 3D", "JC") == {"AH"}
    assert legal("bruff", "C", "5C 3D", "JC") == {"5C", "3D"}


def test_R5_2_led_joker_forces_AH():
    assert legal("bruff", "D", "AH 3C", "JK") == {"AH"}
    assert legal("bruff", "D", "JD 3C", "JK") == {"JD", "3C"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_2_ace_of_trump_suit_is_not_protected(preset):
    for trump in "SCD":
        assert legal(preset, trump, f"A{trump} 3H", f"7{trump}") == {f"A{trump}"}
        why = explain(preset, trump, f"A{trump} 3H", f"7{trump}", "3H")
        assert why and f"A{trump}, the ace of trumps, is not protected" in why  # said, not implied
    why = explain(preset, "H", "9H 3D", "7H", "3D")  # with hearts trumps AH is the protected ace
    assert why and "ace of trumps" not in why


@pytest.mark.parametrize("preset", BOTH)
def test_R5_2_AH_is_protected_when_hearts_are_trump(preset):
    assert legal(preset, "H", "AH 3D", "7H") == {"AH", "3D"}
    assert legal(preset, "H", "AH 3D", "KH") == {"AH", "3D"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_2_protected_trumps_privileged_against_a_low_lead(preset):
    assert legal(preset, "S", "JS 3D", "AS") == {"JS", "3D"}
    assert legal(preset, "S", "AH 3D", "AS") == {"AH", "3D"}
    assert legal(preset, "S", "JS AH 3D", "TS") == {"JS", "AH", "3D"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_3_only_privileged_trumps_may_renege(preset):
    # Holding an unprotected trump too: must play a trump, any trump, privileged ones included.
    assert legal(preset, "S", "5S 2S 3D", "7S") == {"5S", "2S"}
    assert legal(preset, "S", "JS AS 3D", "7S") == {"JS", "AS"}
    why = explain(preset, "S", "5S 2S 3D", "7S", "3D")
    assert why and RULE_ID.search(why)


@pytest.mark.parametrize("preset", BOTH)
def test_R5_3_every_trump_privileged_allows_any_card(preset):
    assert legal(preset, "S", "5S JS 3D", "7S") == {"5S", "JS", "3D"}
    assert explain(preset, "S", "5S JS 3D", "7S", "3D") == ""


@pytest.mark.parametrize("preset", BOTH)
def test_R5_3_protected_trump_below_the_lead_must_be_played(preset):
    # Lead JS: the 5S is privileged but AH is not; a trump must be played, either one.
    assert legal(preset, "S", "5S AH 3D", "JS") == {"5S", "AH"}
    # Lead 5S: neither JS nor AH is privileged.
    assert legal(preset, "S", "JS AH 3D", "5S") == {"JS", "AH"}
    why = explain(preset, "S", "JS AH 3D", "5S", "3D")
    assert why and RULE_ID.search(why)


def test_R5_3_joker_and_AH_below_a_led_jack():
    assert legal("bruff", "H", "JK AH 2C", "JH") == {"JK", "AH"}
    assert legal("bruff", "H", "JK AH 2C", "KH") == {"JK", "AH", "2C"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_4_obligation_fixed_by_the_card_led(preset):
    # 7S led, then 5S played: JS is still privileged, since only the lead counts.
    assert legal(preset, "S", "JS 3D", "7S 5S") == {"JS", "3D"}
    assert explain(preset, "S", "JS 3D", "7S 5S", "3D") == ""
    # 5S led, then a low trump: JS is still forced.
    assert legal(preset, "S", "JS 3D", "5S 7S") == {"JS"}


def test_R5_4_joker_played_later_does_not_force_AH():
    assert legal("bruff", "S", "AH 4C", "7S JK") == {"AH", "4C"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_4_non_trump_lead_then_trump_played(preset):
    # A trump played later does not make it a trump lead: follow the suit led (R4).
    assert legal(preset, "S", "3D 4C", "KD 2S") == {"3D"}
    assert legal(preset, "S", "4C 6H", "KD 2S") == {"4C", "6H"}


@pytest.mark.parametrize("preset", BOTH)
def test_R5_5_no_trump_may_play_anything(preset):
    assert legal(preset, "S", "KD 3C", "7S") == {"KD", "3C"}
    assert legal(preset, "C", "KH 2D", "AH") == {"KH", "2D"}
    assert explain(preset, "S", "KD 3C", "7S", "3C") == ""


# ----------------------------------------------------------------------------------- examples


def test_E1_bruff_AH_holder_may_discard_to_low_lead_and_five_wins():
    # Spades trump. A leads 7S, B plays 5S; C holds AH and no other trump and discards KD.
    hand_c = "AH KD 3C 8H 9D"
    assert "KD" in legal("bruff", "S", hand_c, "7S 5S")
    assert explain("bruff", "S", hand_c, "7S 5S", "KD") == ""
    # Then A plays 2S, B discards QC, C discards 4D: B's 5S wins.
    assert winner("bruff", "S", "7S 5S KD 2S QC 4D") == 1


def test_E2_barker_five_of_spades_beats_AS_and_AH():
    # East 7S, South 5S, West AS, North AH: South (index 1) wins.
    assert winner("barker", "S", "7S 5S AS AH") == 1


def test_E4_barker_jack_kept_against_nine_but_forced_by_five():
    assert legal("barker", "S", "JS 2D", "9S") == {"JS", "2D"}
    assert explain("barker", "S", "JS 2D", "9S", "2D") == ""
    assert legal("barker", "S", "JS 2D", "5S") == {"JS"}
    why = explain("barker", "S", "JS 2D", "5S", "2D")
    assert why and RULE_ID.search(why)
    assert "R5." in why
