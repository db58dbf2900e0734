"""Every shipped puzzle teaches: at least 40 % of the course asks for a judgement the solver
settles (an endgame, a race to 45, the card to give up when robbing, how high to bid), each
with one right answer the solver proves against the rest; every turn an endgame asks is an
only-move (a turn that is no decision is played for the learner); every judgement ends with
its principle in one sentence; chapter 0 asks what it teaches, then tours the chapters to come
with the rule shown.
"""

from __future__ import annotations

import pytest
from puzzle_answers import right_answer

from fortyfive.puzzles import CHAPTERS, Puzzle, get_puzzle, load_collection
from fortyfive.puzzles._bidding import BidRun
from fortyfive.puzzles._endgame_kind import (
    IDEA_HINTS,
    TargetRun,
    analyse_move,
    is_decision,
    keeping_moves,
    shown_hand,
)
from fortyfive.puzzles._give_up import GiveUpRun
from fortyfive.puzzles._race_kind import RaceRun, winning_moves
from fortyfive.puzzles.generate import COURSE
from fortyfive.puzzles.model import JUDGEMENT_KINDS

ALL = [p for ch in CHAPTERS for p in load_collection(ch)]
JUDGEMENTS = [p for p in ALL if p.kind in JUDGEMENT_KINDS]
ENDGAMES = [p for p in ALL if p.kind == "target"]


def test_at_least_two_puzzles_in_five_ask_for_a_judgement() -> None:
    assert len(JUDGEMENTS) / len(ALL) >= 0.4, (len(JUDGEMENTS), len(ALL))
    for ch in CHAPTERS:  # every chapter asks some
        assert any(p.kind in JUDGEMENT_KINDS for p in load_collection(ch)), ch


def test_the_endgames_teach_several_themes() -> None:
    themes = {
        str(v).partition("-")[2]
        for plan in COURSE.values()
        for k, _, v in plan.values()
        if k == "target"
    }
    assert {"draw", "renege", "throw", "bonus", "defend"} <= themes


def test_dealing_arithmetic_is_asked_only_where_a_rule_needs_it() -> None:
    """Who gets card k and who deals next (R6.1, R6.2, R9.1): once per rule, not again and again."""
    counting = [
        p.id for p in ALL if p.kind == "turn" and p.position.get("question") in ("dealer", "dealt")
    ]
    assert len(counting) <= 3, counting


@pytest.mark.parametrize("p", JUDGEMENTS, ids=str)
def test_a_judgement_has_one_right_answer_that_the_solver_proves(p: Puzzle) -> None:
    run = p.start()
    if isinstance(run, RaceRun):  # one card keeps the win forced; the others are refuted
        assert len(winning_moves(run.game, run.side)) == 1 < len(run.game.legal_actions())
    elif isinstance(run, TargetRun):
        values = __import__("fortyfive.solve.solver", fromlist=["solve"]).solve(run.game).values
        assert len(keeping_moves(run.game, run.target)) == 1
        assert min(values.values()) < run.target  # a wrong card is refuted on the table
    elif isinstance(run, GiveUpRun):
        assert len(run.right) == 1 and min(run.values.values()) < run.best
        assert run.best > run.keep_value  # robbing pays: the question is what to give up
    else:
        assert isinstance(run, BidRun) and run.judgement.call in run.calls


def _one_sentence(text: str) -> bool:
    body = text.rstrip()
    return 20 < len(body) <= 300 and body.endswith(".") and ". " not in body[:-1]


@pytest.mark.parametrize("p", JUDGEMENTS, ids=str)
def test_every_judgement_ends_with_its_principle_in_one_sentence(p: Puzzle) -> None:
    assert _one_sentence(p.principle), (p.id, p.principle)
    run = p.start()
    if isinstance(run, RaceRun):
        fb = None
        for _ in range(10):
            (move,) = winning_moves(run.game, run.side)  # an only-move, as for an endgame
            fb = run.check(move.split()[1])
            if fb.done:
                break
    elif isinstance(run, TargetRun):
        fb = None
        for _ in range(10):
            (move,) = keeping_moves(run.game, run.target)  # an only-move, or the run would play it
            fb = run.check(move.split()[1])
            if fb.done:
                break
    else:
        fb = run.check(right_answer(p))
    assert fb is not None and fb.correct and fb.done
    assert fb.message.endswith(f"Principle: {p.principle}")
    assert p.start().show().message.endswith(f"Principle: {p.principle}")


def test_c2_04_a_thrown_trick_names_the_card_that_would_have_taken_it_r3_3() -> None:
    """After 4H the defence's QH is trumped by the partner's AD: 4H itself wins nothing (its
    principle said "4H would have won it")."""
    principle = get_puzzle("c2-04").principle
    assert "where after 4H your side's AD would have won it, so that" in principle, principle


def test_r6_7_c3_20_the_first_lead_is_judged_and_is_not_the_rule_of_thumbs_top_trump() -> None:
    """The deal's first lead, every hand open: the one right card is 4S, which the partner's QH
    takes, not AH, the hand's top trump; the principle says so, and no hint names the card."""
    p = get_puzzle("c3-20")
    run = p.start()
    assert isinstance(run, TargetRun)
    g = run.game
    assert g.tricks_played == 0 and not g.trick and g.robber is None
    assert keeping_moves(g, run.target) == ["play 4S"]
    assert str(shown_hand(g)[0]) == "AH"  # the top trump, the lead a rule of thumb gives
    assert p.principle.startswith(
        "Lead where your partner wins: 4S lets your partner's QH take the first trick"
    ), p.principle
    assert not [h for h in (run.hint(), run.hint()) if "4S" in h]
    # at the first lead nothing is taken yet: the prompt says whose lead it is instead
    assert p.prompt.startswith("Your side leads the deal's first trick"), p.prompt
    assert "already taken" not in p.prompt


def test_r6_5_the_rule_of_thumbs_card_is_named_by_its_place_in_its_suit_not_called_low() -> None:
    """c3-06's 2S is the card the rule of thumb gives up, though a black 2 ranks above the 3 to
    the 10 of its suit (R2.4): it was called "ranked as low within its suit as any card you
    hold"; it is now the card that stands lowest in its own suit's order."""
    principle = get_puzzle("c3-06").principle
    assert "2S, the card a rule of thumb gives up (none of yours stands lower in its own " in (
        principle
    ), principle
    assert "ranked as low" not in principle


def test_r6_5_nobody_robs_and_the_joker_never_gives_the_right() -> None:
    """c3-08's answer said "AH and the joker give no right to rob unless AH is the ace of
    trumps", as if the joker sometimes might."""
    said = get_puzzle("c3-08").start().solution().message
    assert "The joker never gives the right to rob, nor does AH unless hearts are trumps" in said


def test_c1_05_a_partners_trump_that_falls_under_the_top_trump_anyway_is_no_reason_r5_1() -> None:
    """Led now, JK would force the partner's lone 8H under it; but in the winning line 8H falls
    under JK as well, so that is not why JK is kept (the principle said it was)."""
    principle = get_puzzle("c1-05").principle
    assert principle.startswith("Time the bonus: keep JK"), principle
    assert "8H" not in principle, principle


@pytest.mark.parametrize(
    "p",
    [p for p in ENDGAMES if p.principle.startswith(("Beat", "Time", "Throw", "Count"))],
    ids=lambda p: p.id,
)
def test_a_principle_says_what_its_card_does_in_the_solvers_line(p: Puzzle) -> None:
    """A defence card that loses its trick is not said to take it (c6-10's 7S gives its trick
    to the bidders' AC); a top trump kept because, led now, it would force the partner's only
    trump under it says so (R5.1, R5.2: c1-04); a thrown trick names the card that takes it,
    the card that would have won it, and the winner the other side must then lead into (R3.3:
    c2-04's 7S to AS, and A♦ takes the trump lead that follows); counting the tricks names the
    nearest wrong card and the trick it would give the other side (c2-19: after TS, 8H takes
    trick 3)."""
    run = p.start()
    (move,) = keeping_moves(run.game, run.target)  # type: ignore[attr-defined]
    facts = analyse_move(run.game, move, run.target)  # type: ignore[attr-defined]
    if p.principle.startswith("Beat"):
        said = f"gives this trick to their {facts.taker}" if facts.taker else "take the trick"
        assert said in p.principle, (p.id, p.principle)
    if p.principle.startswith("Time") and facts.crash and facts.bonus_card != facts.card:
        assert f"your partner's only trump, {facts.crash}," in p.principle, p.id
    if p.principle.startswith("Draw"):  # who takes the trick says why this trump is led
        if facts.partner_took:
            assert f"and your partner's {facts.partner_took} takes it" in p.principle, p.id
        if facts.taker:
            assert f"and the defence's {facts.taker} takes it" in p.principle, p.id
    if p.principle.startswith("Throw"):
        assert "throw" in facts.themes and facts.taker, p.id
        assert f"to the defence's {facts.taker} on purpose, where " in p.principle, p.id
        # the card that would have won the trick is named as it is: the wrong card itself, or
        # the side's card over it (c2-04: after 4H the partner's AD takes it, not 4H)
        kept = (
            f"{facts.nearest} would have won it"
            if facts.kept_with == facts.nearest
            else f"after {facts.nearest} your side's {facts.kept_with} would have won it"
        )
        assert f"where {kept}, so that" in p.principle, (p.id, p.principle)
        assert facts.kept_with, p.id
        assert f"into your {facts.into or 'winners'}." in p.principle, (p.id, p.principle)
    if p.principle.startswith("Count") and facts.lost_to:
        said = f"after {facts.nearest} the other side would take trick {facts.swing} with "
        assert said + facts.lost_to in p.principle, (p.id, p.principle)


@pytest.mark.parametrize("p", ENDGAMES, ids=lambda p: p.id)
def test_an_endgames_first_hint_says_its_idea_in_words_not_its_card(p: Puzzle) -> None:
    run = p.start()
    first = run.hint()
    assert first == IDEA_HINTS[p.principle.partition(":")[0]].format(bonus=run.rules_.bonus_rule)
    (move,) = keeping_moves(run.game, run.target)  # type: ignore[attr-defined]
    assert move.split()[1] not in first


@pytest.mark.parametrize("p", ENDGAMES, ids=str)
def test_every_endgame_turn_asked_is_an_only_move(p: Puzzle) -> None:
    """Turns with one legal card, or several cards keeping the target, are played for the
    learner; every turn left to the learner has one right card of two or more."""
    run = p.start()
    assert isinstance(run, TargetRun)
    asked = 0
    while not run.done:
        assert is_decision(run.game, run.target), (p.id, asked)
        (move,) = keeping_moves(run.game, run.target)
        run.check(move.split()[1])
        asked += 1
    assert run.solved and asked >= 1


def test_a_free_turn_is_played_for_the_learner() -> None:
    """Among the shipped endgames, some line has a turn of the learner's side that is no
    decision: it is played, and the message says so."""
    said = []
    for p in ENDGAMES:
        run = p.start()
        assert isinstance(run, TargetRun)
        (move,) = keeping_moves(run.game, run.target)
        said.append(run.check(move.split()[1]).message)
    assert any("(played for you)" in m for m in said)


CH0 = load_collection(0)


def test_chapter_0_asks_what_it_teaches_then_tours_the_rest_not_ending_on_the_hardest() -> None:
    taught = {"R1.1", "R1.2", "R1.3", "R3.1"}  # R3.1: play goes round clockwise, as R1.2
    first = CH0[:4]
    assert all(set(p.rules) <= taught for p in first), [(p.id, p.rules) for p in first]
    assert CH0[-1].difficulty < 3


def test_r5_3_the_keep_a_guard_hint_says_when_trumps_may_be_kept_back() -> None:
    """c2-05 keeps a guard: its first hint gives R5.3's whole condition (every trump held is
    protected and above the card led), not "you need not play a protected trump", which is
    false with another trump in hand or a higher trump led."""
    p = get_puzzle("c2-05")
    assert p.principle.startswith("Keep a guard")
    first = p.start().hint()
    assert first is not None
    assert "only when every trump you hold is protected and ranks above the card led" in first
