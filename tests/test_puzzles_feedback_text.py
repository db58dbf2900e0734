"""What a puzzle's feedback says, as the learner reads it: the verdict once, the joker only where
the pack has one, and the game-winner puzzles honest about the tricks that were never played."""

from __future__ import annotations

import copy
import re

import pytest
from puzzle_answers import BY_KIND, right_answer, run_right_answer, run_wrong_answer
from tiers import full_only

import fortyfive as ff
from fortyfive.engine.cards import SUIT_NAMES
from fortyfive.puzzles import Feedback, get_puzzle, load_collection
from fortyfive.puzzles.generate import generate_puzzles
from fortyfive.puzzles.model import load_drill_bank

#: A verdict at the head of a message, which the widget's heading ("Right!", "Not quite.")
#: would say a second time.
VERDICT = re.compile(r"(Right|No|Not quite|Not yet)\b\W")


@pytest.mark.parametrize("kind", sorted(BY_KIND))
def test_a_verdict_is_said_once_not_again_in_the_message(kind: str) -> None:
    """One puzzle of each kind, answered right and wrong: the message opens with the why; the
    verdict word stays apart (``opening``), for the text and HTML shown without a heading."""
    run = get_puzzle(BY_KIND[kind]).start()
    right = run_right_answer(run)
    wrong = run_wrong_answer(run, right)
    said = [copy.deepcopy(run).check(right)]
    if wrong is not None:
        said.append(copy.deepcopy(run).check(wrong))
    for fb in said:
        assert not VERDICT.match(fb.message), (kind, fb.message)
        assert str(fb).startswith(fb.opening)


def test_the_opening_leaves_the_message_and_comes_back_in_text_and_html() -> None:
    fb = Feedback(False, False, "No. 2S is not a protected trump (R5.2).")
    assert (fb.opening, fb.message) == ("No.", "2S is not a protected trump (R5.2).")
    assert str(fb) == "No. 2♠ is not a protected trump (R5.2)."  # cards by symbol
    assert "No. 2♠ is not" in fb._repr_html_()
    plain = Feedback(True, True, "Right now 2 of your cards keep the target.")
    assert plain.opening == "" and plain.message.startswith("Right now")
    assert Feedback(True, True, "Right: x.").to_dict()["message"] == "X."


def _keep_texts(p: ff.puzzles.Puzzle) -> list[str]:
    texts = []
    for answer in ("keep", "play"):
        run = p.start()
        texts.append(str(run.check(answer)))
    run = p.start()
    texts += [run.hint(), run.hint(), str(run.show())]
    return texts


def test_barker_keep_feedback_never_mentions_a_joker_r5_2() -> None:
    """Auction Forty-Fives is played without the joker (R1.1): its keep puzzles' words, right,
    wrong, hints and solution, name only the 5, the jack and AH as protected (R5.2)."""
    puzzles = [p for p in generate_puzzles("keep", 30, seed=1) if p.preset == "barker"]
    puzzles += [
        p for c in range(7) for p in load_collection(c) if p.kind == "keep" and p.preset == "barker"
    ]
    assert len(puzzles) > 10
    said = [t for p in puzzles for t in _keep_texts(p)]
    assert any("is not a protected trump" in t for t in said)  # the sentence that named it
    assert not [t for t in said if "joker" in t.lower()]


def test_r2_3_a_pip_beaten_by_a_lower_black_pip_is_told_the_black_order_not_the_card() -> None:
    """c2-01: 3C beats 7C with clubs trumps; a miss with 7C said only "A higher trump is in the
    trick". It now says how the black pips run, naming no card; a red trump's miss does not."""
    said = get_puzzle("c2-01").start().check("7C").message
    assert said.endswith("(R2.3): in clubs trumps the low pips rank above the high ones."), said
    assert "3C" not in said
    red = ff.puzzles.Puzzle(
        "red", "winner", "barker", {"trump": "D", "leader": 0, "trick": ["3D", "7D"]}, "?", ()
    )
    said = red.start().check("3D").message
    assert "A higher trump is in the trick (R2.3)." in said and "pips" not in said, said


def test_r3_3_a_wrong_next_leader_is_asked_which_card_took_the_trick_not_told() -> None:
    """c2-25: a miss said only "the winner of a trick leads the next one"; it now asks which
    card took the last trick (R3.2), without naming the card or the seat; the answer names
    both (2C, the highest trump of 7C 6C 4C 2C with clubs trumps)."""
    for seat in ("1", "5"):
        said = get_puzzle("c2-25").start().check(seat).message
        assert "Which card took the last trick" in said and "(R3.2)" in said, said
        assert "2C" not in said and "Seat 4" not in said and "seat 4" not in said, said
    assert get_puzzle("c2-25").start().solution().message == (
        "Seat 4 won trick 1 with 2C, the highest trump in it (R3.2), so it leads the next (R3.3)."
    )


def test_r5_3_the_ace_of_trumps_is_kept_by_playing_any_other_trump_the_privileged_jack_too() -> (
    None
):
    """c2-24: JK led between JC and AC, with clubs trumps. AC is not protected, so a trump must
    be played (R5.1, R5.2), but any trump will do (R5.3): JC and AC may be played, and no plain
    card, JS neither. A keep puzzle of the same hands says why the ace may be kept (it said
    only "JK leads trumps and JC is a trump")."""
    p = get_puzzle("c2-24")
    assert (p.kind, p.position["trick"][0], p.position["trump"]) == ("legal", "JK", "C")
    assert "JS" in p.position["hand"] and p.start().check(["AC", "JC"]).correct
    assert not p.start().check(["AC"]).correct
    for seed in range(12):  # every puzzle of the variant: the ace kept by the jack
        for d in (1, 2, 3):
            (keep,) = generate_puzzles("keep", 1, seed, d, ["ace-kept"])
            ace, trump = keep.position["card"], keep.position["trump"]
            assert ace == "A" + trump and "J" + trump in keep.position["hand"], keep.position
            assert keep.position["trick"][0] in ("JK", "AH")
            right = keep.start().check(right_answer(keep))
            assert right.correct and right.message == (
                f"You may keep {ace}: {keep.position['trick'][0]} leads trumps, and as {ace} is "
                "not a protected trump (R5.2) you must play a trump (R5.1), but any trump you "
                f"hold will do (R5.3): J{trump} is one, privileged though it is."
            )
            assert "any trump you hold will do (R5.1, R5.3)" in keep.start().check("play").message


@pytest.mark.parametrize("puzzle_id", [p.id for p in load_collection(4) if p.kind == "game-winner"])
def test_game_winner_puzzles_say_the_tricks_after_the_win_were_not_played_r8_3(
    puzzle_id: str,
) -> None:
    """The view shows every trick of the deal, to find the one the game ends after; it does not
    call them played out to the end, and the solution says which were never played (R8.3)."""
    run = get_puzzle(puzzle_id).start()
    facts = " ".join(run.view()["facts"])
    assert "played out to the end" not in facts and "R8.3" in facts
    solution = str(run.show())
    after = int(re.search(r"wins after trick (\d)", solution).group(1))  # type: ignore[union-attr]
    assert (after < 5) == ("not played (R8.3)" in solution)


@pytest.mark.parametrize("bank", ["first", pytest.param("all", marks=full_only)])
def test_too_high_a_bid_counts_the_hands_own_trumps_and_only_the_5_as_sure_r5_2(
    bank: str,
) -> None:
    """A led 5 forces out the jack and AH (R5.2): the feedback calls the 5 of trumps the one sure
    trick when the hand holds it, and names no 5 the hand does not hold (c0-11: AS 6S, no 5S).
    Every shipped bid puzzle, and the drill bank's first (5H JH with hearts) or, in the full
    tier, all of it."""
    bids = [q for c in range(7) for q in load_collection(c) if q.kind == "bid"]
    drills = load_drill_bank("bid")
    seen = set()
    for p in bids + (drills if bank == "all" else drills[:1]):
        run = p.start()
        j = run.judgement  # type: ignore[attr-defined]
        if not j.call.startswith("bid ") or int(j.call.split()[1]) + 5 >= 30:  # 30: own words
            continue
        said = run.check(f"bid {int(j.call.split()[1]) + 5}").message
        assert said.startswith("Too high") and "sure of: its top trumps" not in said
        five = f"5{j.suit}"
        held = [str(c) for c in run.game.hand(run.seat)]  # type: ignore[attr-defined]
        suit = SUIT_NAMES[j.suit]
        assert f"with {suit} trumps:" in said, said
        if five in held:
            assert f"{five}, the one sure trick (led, it forces out the jack and AH, R5.2)" in said
        else:
            none = f"none of them sure while {five}, not in your hand"
            assert none in said or f"{suit} trumps: side kings" in said, said
        seen.add(five in held)
    assert seen == {True, False}  # both ways of counting are asked somewhere
    # the engine's fact behind it: to a led 5 of trumps the jack must be played (R5.2)
    assert ff.legal_plays(ff.BARKER, "D", ff.parse_cards("JD 2C"), ff.parse_cards("5D")) == [
        ff.parse_card("JD")
    ]


def test_a_legal_solution_gives_a_reason_shared_by_several_cards_once_r5_3() -> None:
    """The joker led, J♣ privileged against it (R5.2, R5.3): the four other cards are allowed
    for that one reason, said once for them all, and J♣ for its own (R5.1)."""
    (p,) = generate_puzzles("legal", 1, 2019, 3, ["joker-led"])
    said = p.start().show().message
    assert "JS 3D 4H 5D: R5.3: JK leads trumps and your JC ranks above it" in said
    assert said.count("so it is privileged (R5.2)") == 1
    assert "JC: R5.1: JK leads trumps and JC is a trump." in said
