"""The ``turn`` kind: whose turn, who deals, who partners whom, answered by the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import get_rules
from fortyfive.puzzles import Puzzle, PuzzleInputError, get_puzzle
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles._turns import TurnRun
from fortyfive.puzzles.generate import generate_puzzles

DEAL_KEYS = ("dealer", "hands", "stock", "scores")
BRUFF_DEAL = {k: v for k, v in get_puzzle("c3-03").position.items() if k in DEAL_KEYS}
BARKER_DEAL = {k: v for k, v in get_puzzle("c5-01").position.items() if k != "actions"}


def _position(deal: dict[str, Any], preset: str, steps: int, **extra: Any) -> dict[str, Any]:
    """The deal after ``steps`` actions, each the first legal one (the engine's order)."""
    g = position_game(get_rules(preset), deal)
    for _ in range(steps):
        g.apply(g.legal_actions()[0])
    return dict(deal, actions=g.history, **extra)


def _run(position: dict[str, Any], preset: str, rules: tuple[str, ...] = ("R1.2",)) -> TurnRun:
    p = Puzzle("t-1", "turn", preset, position, "Whose turn is it?", rules)
    run = p.start()
    assert isinstance(run, TurnRun)
    return run


def _game(position: dict[str, Any], preset: str) -> Game:
    return position_game(get_rules(preset), position)


def _wrong(run: TurnRun) -> list[str]:
    return [o["value"] for o in run.view()["answer"]["options"] if [o["value"]] != run.answer]


def test_r6_7_the_dealers_left_leads_the_first_trick() -> None:
    pos = _position(BRUFF_DEAL, "bruff", 0)
    run = _run(pos, "bruff")
    dealer = pos["dealer"]
    assert run.answer == [str((dealer + 1) % 6)]
    fb = run.check(str(dealer))
    assert not fb.correct and "R6.7" in fb.message
    assert run.check(run.answer[0]).correct and run.solved


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_r6_7_r8_7_an_ace_turned_up_the_dealer_robs_at_its_turn_yet_its_left_leads(
    difficulty: int,
) -> None:
    (p,) = generate_puzzles("turn", 1, seed=5, difficulty=difficulty, variants=["ace-turned"])
    g = _game(p.position, "bruff")
    assert g.turnup is not None and str(g.turnup).startswith("A") and g.robber == g.dealer  # R6.5
    run = p.start()
    assert isinstance(run, TurnRun) and run.answer == [str((g.dealer + 1) % 6)]  # R6.7
    fb = run.check(str(g.dealer))
    assert not fb.correct and "R8.7" in fb.message and "seat" not in fb.message.lower()
    assert "R8.7" in p.start().hint()
    assert run.check(run.answer[0]).correct
    assert {"R6.7", "R8.7"} <= set(p.rules)


def test_r1_2_play_goes_clockwise_and_counter_clockwise_is_named() -> None:
    pos = _position(BRUFF_DEAL, "bruff", 2)
    g = _game(pos, "bruff")
    last = g.trick_plays[-1][0]
    run = _run(pos, "bruff")
    assert run.answer == [str(g.to_act)] == [str((last + 1) % 6)]
    fb = run.check(str((last - 1) % 6))
    assert not fb.correct and "R1.2" in fb.message and "clockwise" in fb.message


def test_r3_3_the_tricks_winner_leads_the_next() -> None:
    pos = _position(BRUFF_DEAL, "bruff", 6)
    g = _game(pos, "bruff")
    assert not g.trick and g.tricks_played == 1
    winner = g.deals[-1].tricks[0].winner
    run = _run(pos, "bruff")
    assert run.answer == [str(winner)]
    leader = g.deals[-1].tricks[0].leader
    if leader != winner:
        fb = run.check(str(leader))
        assert not fb.correct and "R3.3" in fb.message
    assert "won trick 1" in run.show().message


def test_r3_3_the_view_does_not_say_who_took_the_trick_whose_winner_leads() -> None:
    """Shown, the last trick's winner would be the answer: the learner works it out (R3.2)."""
    pos = _position(BRUFF_DEAL, "bruff", 6)
    view = _run(pos, "bruff").view()
    assert [t["winner"] for t in view["tricks"]] == [None]
    assert "(to seat" not in str(_run(pos, "bruff").puzzle)
    later = _run(_position(BRUFF_DEAL, "bruff", 8), "bruff").view()  # a card of trick 2 is down
    assert later["tricks"][0]["winner"] == _game(pos, "bruff").deals[-1].tricks[0].winner


@pytest.mark.parametrize("pid", ["c2-25"])
def test_r3_3_shipped_who_leads_puzzles_ask_for_the_trick_winner(pid: str) -> None:
    run = get_puzzle(pid).start()
    assert all(t["winner"] is None for t in run.view()["tricks"][-1:])
    assert f"(to seat {run.answer[0]})" not in str(get_puzzle(pid))


def test_r9_5_the_auction_skips_seats_that_passed() -> None:
    deal = dict(BARKER_DEAL)
    dealer = deal["dealer"]
    first = (dealer + 1) % 4
    pos = dict(deal, actions=["pass", "bid 5", "bid 10", "bid 15"])
    g = _game(pos, "barker")
    assert g.to_act == (first + 1) % 4  # the first caller passed, so it is skipped
    run = _run(pos, "barker", ("R9.5",))
    fb = run.check(str(first))
    assert not fb.correct and "passed" in fb.message and "R9.5" in fb.message
    assert run.check(run.answer[0]).correct


def test_r9_8_the_auction_winners_left_leads() -> None:
    dealer = BARKER_DEAL["dealer"]
    first = (dealer + 1) % 4
    # first caller bids 5, all others pass: the first caller names trump and everyone discards.
    g = _game(dict(BARKER_DEAL, actions=["bid 5", "pass", "pass", "pass", "trump S"]), "barker")
    while g.phase == "discard":
        g.apply("discard")
    pos = dict(BARKER_DEAL, actions=g.history)
    run = _run(pos, "barker", ("R9.8",))
    assert run.answer == [str((first + 1) % 4)]
    fb = run.check(str(first))
    assert not fb.correct and "R9.8" in fb.message
    # the dealer's left, here the auction's winner, would lead only after the dealer won it
    assert "leads only when the dealer won the auction" in fb.message
    fb = run.check(str((dealer + 1) % 4))
    assert not fb.correct


def test_r9_7_discards_go_from_the_dealers_left() -> None:
    g = _game(dict(BARKER_DEAL, actions=["bid 5", "pass", "pass", "pass", "trump S"]), "barker")
    g.apply("discard")
    run = _run(dict(BARKER_DEAL, actions=g.history), "barker", ("R9.7",))
    assert run.answer == [str((BARKER_DEAL["dealer"] + 2) % 4)]
    assert "Cards discarded" not in " ".join(run.view()["facts"])  # nobody discarded a card
    wrong = next(v for v in _wrong(run))
    assert "R9.7" in run.check(wrong).message


def test_r9_5_r6_1_after_a_thrown_in_hand_the_deal_passes_left() -> None:
    pos = dict(BARKER_DEAL, actions=["pass"] * 4, question="dealer")
    run = _run(pos, "barker", ("R9.5", "R9.1"))
    assert run.answer == [str((BARKER_DEAL["dealer"] + 1) % 4)]
    view = json.dumps(run.view())
    assert '"dealer": true' not in view  # the view does not mark the answer
    fb = run.check(str(BARKER_DEAL["dealer"]))
    assert not fb.correct and "R9.1" in fb.message and "R6.1" not in fb.message
    fb = run.check(str((BARKER_DEAL["dealer"] + 2) % 4))
    assert not fb.correct and "R9.5" in fb.message  # the thrown-in hand changes nothing
    assert run.check(run.answer[0]).correct


@pytest.mark.parametrize(
    ("preset", "own", "other"), [("bruff", "R6.1", "R9"), ("barker", "R9.1", "R6")]
)
def test_r6_1_r9_1_who_deals_cites_the_rules_of_its_own_game(
    preset: str, own: str, other: str
) -> None:
    """A wrong dealer, the hints and the explanation cite the preset's rule for who deals,
    never the other game's (R6.1 in bruff, R9.1 in barker)."""
    deal = BRUFF_DEAL if preset == "bruff" else BARKER_DEAL
    g = _game(dict(deal, seed=7), preset)
    while len(g.deals) < 2:  # the first legal action, but the first caller bids (R9.2)
        acts = g.legal_actions()
        g.apply(acts[-1] if g.phase is Phase.BID and not g.deals[-1].calls else acts[0])
    pos = dict(deal, seed=7, actions=g.history, question="dealer")
    run = _run(pos, preset, (own,))
    texts = [run.check(v).message for v in _wrong(run)]
    texts += [run.hint(), run.check(run.answer[0]).message]
    for text in texts:
        assert own in text and other not in text, text
    assert other not in run.hint()  # the second hint counts seats (R1.2)
    assert not g.deals[0].thrown_in and not any("R9.5" in t for t in texts)


def test_r9_1_generated_barker_dealer_puzzles_tag_r9_5_only_after_a_thrown_in_hand() -> None:
    for d in (2, 3):
        for p in generate_puzzles("turn", 4, seed=5, difficulty=d, variants=["dealer"]):
            thrown = position_game(get_rules(p.preset), p.position).deals[-2].thrown_in
            assert p.preset == "barker" and ("R9.5" in p.rules) == thrown, (d, p.rules)


def test_r1_3_partners() -> None:
    run = _run({**BRUFF_DEAL, "question": "partners", "seat": 1}, "bruff", ("R1.3",))
    assert run.answer == ["4"]
    assert "1" not in [o["value"] for o in run.view()["answer"]["options"]]
    fb = run.check(["2"])
    assert not fb.correct and "R1.3" in fb.message
    assert not run.check(["4", "2"]).correct
    assert run.check(["4"]).correct
    barker = _run({**BARKER_DEAL, "question": "partners", "seat": 1}, "barker", ("R1.3",))
    assert barker.answer == ["3"]


@pytest.mark.parametrize(("preset", "deal"), [("bruff", BRUFF_DEAL), ("barker", BARKER_DEAL)])
def test_r1_3_a_partners_view_names_no_partnership(preset: str, deal: dict[str, Any]) -> None:
    """The partnership names would be the answer: neither the seats nor the options, nor the
    view printed, name them (the other questions do)."""
    run = _run({**deal, "question": "partners", "seat": 1}, preset, ("R1.3",))
    view = run.view()
    assert all(s["partnership"] is None for s in view["seats"])
    assert [o["label"] for o in view["answer"]["options"]] == [
        f"Seat {s}" for s in range(len(view["seats"])) if s != 1
    ]
    names = get_rules(preset).partnership_names
    assert not any(f"({n}" in str(run) or f"{n})" in str(run) for n in names), str(run)
    assert not any(n in json.dumps(view["seats"]) for n in names)
    other = _run({**deal, "question": "to_act"}, preset).view()
    assert {s["partnership"] for s in other["seats"]} == set(names)


def test_r6_4_who_deals_is_not_told_by_the_dealers_sixth_card() -> None:
    """After a turned-up joker the dealer holds six cards until it buries one (R6.4): a "who
    deals" or "whose turn" view then counts no hand, in the widget's data or in print."""
    (p,) = generate_puzzles("turn", 1, 3005, 1, ["dealer"])  # the joker turned up
    run = p.start()
    assert isinstance(run, TurnRun) and run.question == "dealer"
    assert "joker was turned up" in " ".join(run.view()["facts"])
    assert max(len(run.game.hand(s)) for s in range(6)) == 6  # the sixth card is there
    assert all(s["count"] is None for s in run.view()["seats"])
    assert "6 cards" not in str(run) and "5 cards" not in str(run)
    other = _run(_position(BRUFF_DEAL, "bruff", 3), "bruff").view()
    assert all(isinstance(s["count"], int) for s in other["seats"])
    # Whose turn, the joker turned up: the dealer buries first, and no count says so.
    (bury,) = generate_puzzles("turn", 1, seed=5, difficulty=3, variants=["bury"])
    run = bury.start()
    assert max(len(run.game.hand(s)) for s in range(6)) == 6
    assert all(s["count"] is None for s in run.view()["seats"]) and "6 cards" not in str(run)


def test_the_view_hides_hands_and_the_seat_to_act() -> None:
    pos = _position(BRUFF_DEAL, "bruff", 3)
    view = _run(pos, "bruff").view()
    assert all(s["cards"] is None and s["to_act"] is False for s in view["seats"])
    text = json.dumps(view)
    g = _game(pos, "bruff")
    for card in g.hand(g.to_act or 0):
        assert f'"{card}"' not in text


def test_bad_positions_and_answers_are_refused() -> None:
    with pytest.raises(ValueError, match="question"):
        _run(dict(BRUFF_DEAL, question="who"), "bruff")
    with pytest.raises(ValueError, match="later deal"):
        _run(dict(BRUFF_DEAL, question="dealer"), "bruff")
    with pytest.raises(ValueError, match="names a seat"):
        _run(dict(BRUFF_DEAL, question="partners", seat=9), "bruff")
    run = _run(_position(BRUFF_DEAL, "bruff", 1), "bruff")
    with pytest.raises(PuzzleInputError):
        run.check("7")
    with pytest.raises(PuzzleInputError):
        run.check(["1"])
    assert run.tries == 0


@pytest.mark.parametrize(
    "variant",
    [
        "first-lead",
        "next-player",
        "next-leader",
        "bid",
        "trump",
        "discard",
        "auction-lead",
        "dealer",
        "partners",
        "bury",
        "ace-turned",
        "dealt",
        "bruff-dealer",
    ],
)
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generated_turn_puzzles_are_answered_by_the_engine(variant: str, difficulty: int) -> None:
    from fortyfive.puzzles.generate import generate_puzzles

    (p,) = generate_puzzles("turn", 1, seed=11, difficulty=difficulty, variants=[variant])
    run = p.start()
    assert isinstance(run, TurnRun)
    g = _game(p.position, p.preset)
    question = p.position.get("question", "to_act")
    expected = {"to_act": [str(g.to_act)], "dealer": [str(g.dealer)]}.get(question)
    if expected is not None:
        assert run.answer == expected
    for wrong in _wrong(run)[:2]:
        assert not run.check(wrong if question != "partners" else [wrong]).correct
    shaped = run.answer[0] if question != "partners" else run.answer
    assert run.check(shaped).correct
