"""No hint gives its puzzle's answer away before "show me": a hint asks the question that
decides the answer, or names the rule, and never states the deciding fact itself.

Each test reads the hints of every shipped puzzle of one kind, as the learner asks for them.
"""

from __future__ import annotations

import re

from fortyfive.engine.cards import parse_card
from fortyfive.puzzles import CHAPTERS, Puzzle, load_collection

ALL = [p for ch in CHAPTERS for p in load_collection(ch)]
CARD = re.compile(r"\b(?:[2-9TJQKA][SCDH]|JK)\b")


def hints(p: Puzzle) -> list[str]:
    run = p.start()
    out = []
    while (h := run.hint()) is not None:
        out.append(h)
    return out


def of(kind: str) -> list[Puzzle]:
    found = [p for p in ALL if p.kind == kind]
    assert found, kind
    return found


def test_a_keep_hint_asks_how_the_trump_ranks_and_never_says_it_r5_2() -> None:
    """'AD ranks above the card led' answered c2-21's question for the learner (and misled: the
    ace of trumps is not protected), and 'the card led, QH' defused c2-14's later joker (R5.4);
    the hint asks both questions, naming neither card."""
    for p in of("keep"):
        text = " ".join(hints(p))
        assert "ranks above" not in text and "ranks below" not in text, p.id
        assert "protected" in text and p.position["trick"][0] not in text, p.id


def test_a_keep_hint_does_not_say_whether_another_trump_is_held_r5_3() -> None:
    """c2-14's second hint ended "and note that you hold no other trump", which all but answered
    its yes-or-no question; the hint reads the same with or without another trump."""
    said = {hints(p)[1].split("? ", 1)[1] for p in of("keep")}
    assert said == {"Answer both, then look at the rest of your hand (R5.3)."}, said


def test_a_legal_hint_never_counts_the_cards_that_may_be_played_r4_r5() -> None:
    """A count is the answer when every card, or just the trumps, may be played (as it was in a
    joker-led puzzle where every card might be)."""
    for p in of("legal"):
        for h in hints(p):
            assert not re.search(r"\d+ of your \d+ cards", h), (p.id, h)


def test_a_short_order_hint_leaves_more_than_one_comparison_r2_3() -> None:
    """Naming the top of four cards named c1-01's one card out of ace-high order (5D), and the
    top and the bottom together left one comparison to make."""
    for p in of("order"):
        cards = [str(parse_card(c)) for c in p.position["cards"]]
        named = {c for h in hints(p)[1:] for c in CARD.findall(h) if c in cards}
        assert len(named) <= (1 if len(cards) > 4 else 0), (p.id, named)


def test_a_winner_hint_names_no_card_of_the_trick_r3_2() -> None:
    """'AH and every club are trumps' named the one trump of a trick."""
    for p in of("winner"):
        trick = {str(parse_card(c)) for c in p.position["trick"]}
        for h in hints(p):
            assert not trick & set(CARD.findall(h)), (p.id, h)


def test_a_rob_hint_asks_which_card_robs_without_naming_the_trap_r6_5() -> None:
    for p in of("rob"):
        text = " ".join(hints(p))
        assert "neither is the ace" not in text and "gives no right" not in text, p.id


def test_a_game_winner_hint_does_not_point_at_jink_r8_4() -> None:
    """'Remember jink' in every game-winner puzzle named c4-12's answer."""
    for p in of("game-winner"):
        assert not any("jink" in h.lower() for h in hints(p)), p.id
