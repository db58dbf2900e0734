"""Chapters 0-3 of the course: each rule id of R1, R2.1-R2.2, R3, R5.4-R5.5, R6 and R8.7 is asked
by a puzzle whose answer depends on it (shown by changing the position where the engine allows),
no prompt, view or lead-in names its answer, rob positions inside the first trick (R6.6), and the
kinds notation, trumps and give-up.

Right answers come from the engine's public functions (``puzzle_answers.right_answer``), never from
the puzzle runs themselves.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from notebook_text import puzzle_lead_ins
from puzzle_answers import right_answer
from tiers import sample

import fortyfive as ff
from fortyfive.agents.rule_play import rob_discard
from fortyfive.course.files import NOTEBOOKS
from fortyfive.engine.cards import CARDS, parse_card
from fortyfive.engine.dealing import deal_pack
from fortyfive.puzzles import (
    Puzzle,
    PuzzleInputError,
    get_puzzle,
    load_collection,
    load_drill_bank,
)
from fortyfive.puzzles._give_up import GiveUpRun
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles.generate import COURSE, generate_puzzles
from fortyfive.solve.solver import solve

FIRST = (0, 1, 2, 3)
NOTEBOOK = {
    0: "00_start_here.ipynb",
    1: "01_cards_and_trumps.ipynb",
    2: "02_tricks_and_reneging.ipynb",
    3: "03_deal_turnup_robbing.ipynb",
}
#: The rule ids these chapters must ask (each on a puzzle whose answer depends on it).
RULE_IDS = (
    "R1.1",
    "R1.2",
    "R1.3",
    "R2.1",
    "R2.2",
    "R3.1",
    "R3.3",
    "R3.4",
    "R5.4",
    "R5.5",
    "R6.1",
    "R6.2",
    "R6.3",
    "R6.6",
    "R6.7",
    "R8.7",
)
PUZZLES = {ch: load_collection(ch) for ch in FIRST}
ALL = [p for ch in FIRST for p in PUZZLES[ch]]
RULE_ID = re.compile(r"R\d+\.\d+")
#: How a puzzle of chapter 0's tour of the chapters to come is labelled (its rule shown).
TOUR = "**A tour of what is coming"


def tagged(rule: str, kind: str | None = None) -> list[Puzzle]:
    found = [p for p in ALL if rule in p.rules and kind in (None, p.kind)]
    assert found, f"no puzzle of chapters 0-3 asks {rule}"
    return found


def game(p: Puzzle, **changes: Any) -> ff.Game:
    return position_game(ff.get_rules(p.preset), dict(p.position, **changes))


def variant(p: Puzzle, **changes: Any) -> Puzzle:
    """The same puzzle on a changed position."""
    return Puzzle.from_dict(dict(p.to_dict(), position=dict(p.position, **changes)))


def legal(preset: str, trump: str, hand: list[str], trick: list[str]) -> set[str]:
    return {str(c) for c in ff.legal_plays(ff.get_rules(preset), trump, hand, trick)}


def absent(p: Puzzle, suit: str, ranks: str = "23467") -> str:
    """A card of ``suit`` that the position does not hold anywhere."""
    used = set(json.dumps(p.position).replace('"', " ").split())
    return next(r + suit for r in ranks if r + suit not in used)


# ---------------------------------------------------------------------------- the chapters


@pytest.mark.parametrize("chapter", FIRST)
def test_each_chapter_has_12_puzzles_three_difficulties_and_no_repeated_pattern(
    chapter: int,
) -> None:
    ps = PUZZLES[chapter]
    assert len(ps) >= 12
    assert {p.difficulty for p in ps} == {1, 2, 3}
    plan = list(COURSE[chapter].values())
    assert len(plan) == len(set(plan))  # never the same kind, difficulty and twist twice


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_id_of_the_first_chapters_is_asked(rule: str) -> None:
    for p in tagged(rule):
        fb = p.start().check(right_answer(p))
        assert fb.correct and fb.done


def test_the_turn_kind_and_the_new_kinds_are_shipped_here() -> None:
    kinds = {p.kind for p in ALL}
    assert {"turn", "notation", "trumps", "give-up"} <= kinds


def _answer_words(p: Puzzle) -> list[str]:
    """What would give the answer away: its card names (as typed and as shown) or option labels;
    for a seat, "seat N" too."""
    run = p.start()
    spec = run.view()["answer"]
    if p.kind == "target":
        right: Any = [a.split()[1] for a in solve(game(p)).best]
    else:
        right = right_answer(p)
    values = right if isinstance(right, list) else [right]
    if spec["type"] in ("card", "cards", "sequence"):
        return [w for c in values for w in (c, ff.parse_card(c).symbol())]
    if spec["type"] in ("choice", "choices"):
        labels = [o["label"] for o in spec["options"] if o["value"] in values]
        seats = [f"seat {v}" for v in values if str(v).isdigit()]
        return labels + seats
    return []


def _names(text: str, word: str) -> bool:
    # a card as typed is its capitals ("as they rank" does not name AS); labels in any case
    flags = 0 if re.fullmatch(r"[2-9TJQKA][SCDH]|JK", word) else re.IGNORECASE
    return re.search(rf"(?<![\w♠♣♦♥]){re.escape(word)}(?![\w♠♣♦♥])", text, flags) is not None


@pytest.mark.parametrize("p", ALL, ids=lambda p: p.id)
def test_no_prompt_or_fact_names_the_answer(p: Puzzle) -> None:
    view = p.start().view()
    words = _answer_words(p)
    text = " ".join([p.prompt, *view["facts"]])
    for word in words:
        if word.lower().startswith("seat "):
            continue  # the facts may name the dealer, who may be the answer (the ace turned up)
        assert not _names(text, word), (p.id, word, text)


@pytest.mark.parametrize("chapter", FIRST)
def test_no_lead_in_names_the_answer_or_the_rule_that_decides_it(chapter: int) -> None:
    leads = puzzle_lead_ins(chapter)
    assert set(leads) == {p.id for p in PUZZLES[chapter]}
    for p in PUZZLES[chapter]:
        text = leads[p.id]
        if text.startswith(TOUR):  # chapter 0's tour shows the rule it asks, not yet taught
            shown = RULE_ID.findall(text)
            assert shown and set(shown) <= set(p.rules), (p.id, shown, p.rules)
        else:
            assert not RULE_ID.search(text), (p.id, text)
        for word in _answer_words(p):
            assert not _names(text, word), (p.id, word)


@pytest.mark.parametrize("chapter", FIRST)
def test_code_that_is_not_the_lesson_is_hidden(chapter: int) -> None:
    """The imports, every puzzle cell and the results cell are collapsed in JupyterLab and
    hidden in the book; chapter 0's table of the presets is one helper call."""
    nb = json.loads((NOTEBOOKS / NOTEBOOK[chapter]).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for c in code:
        src = "".join(c["source"]).strip()
        if src.startswith(("import ", "puzzle(", "results(")):
            assert c["metadata"].get("jupyter", {}).get("source_hidden"), src
            assert "hide-input" in c["metadata"].get("tags", []), src
    if chapter == 0:
        assert "".join(code[1]["source"]).strip() == "presets_table()"


# ---------------------------------------------------------------------------- R1


def test_R1_1_the_engine_reads_any_letter_case_and_refuses_the_rest() -> None:
    ps = tagged("R1.1", "notation")
    cards = [t for p in ps for t in right_answer(p)]
    assert any(t != t.upper() for t in cards)  # a case-sensitive reading would refuse these
    for p in ps:
        refused = [t for t in p.position["tokens"] if t not in right_answer(p)]
        assert refused
        sol = p.start().show().message
        for t in refused:
            assert repr(t) in sol  # the engine's message names the bad token


def test_R1_2_R3_1_the_next_seat_clockwise_plays() -> None:
    for p in tagged("R1.2", "turn"):
        g = game(p)
        if p.position.get("question") == "dealt" or not g.trick:
            continue
        n = g.rules.players
        last = g.trick_plays[-1][0]
        assert right_answer(p) == str((last + 1) % n)
        run = p.start()
        fb = run.check(str((last - 1) % n))
        assert not fb.correct and "R1.2" in fb.message


def test_R1_3_partners_depend_on_the_preset() -> None:
    for p in tagged("R1.3", "turn"):
        seat = p.position["seat"]
        n = ff.get_rules(p.preset).players
        assert right_answer(p) == [str((seat + n // 2) % n)]
        other = ff.get_rules("bruff" if p.preset == "barker" else "barker")
        partners = [str(s) for s in other.partners(other.partnerships[seat % other.players])]
        assert right_answer(p) != [s for s in partners if s != str(seat)]


# ---------------------------------------------------------------------------- R2


def test_R2_1_AH_and_the_joker_are_trumps_whatever_the_suit() -> None:
    for p in tagged("R2.1", "trumps"):
        right = right_answer(p)
        assert "AH" in right and ("JK" in right or "JK" not in p.position["cards"])
        if "trump" in p.position:
            others = [s for s in "SCD" if s != p.position["trump"]]
            moved = variant(p, trump=others[0])
            assert "AH" in right_answer(moved) and right_answer(moved) != right


def test_R2_2_AH_is_no_heart_when_hearts_are_not_trumps() -> None:
    """Without R2.2 the answers change: the same trick with AH replaced by a plain heart."""
    for p in tagged("R2.2", "legal"):
        pos = p.position
        lead = pos["trick"][0]
        if "AH" in pos["hand"]:
            heart = absent(p, "H")
            hand = [heart if c == "AH" else c for c in pos["hand"]]
            swapped = legal(p.preset, pos["trump"], hand, pos["trick"])
            if lead == "JK":  # a trump lead: AH, a trump, must follow it; a plain heart need not
                assert len(swapped) > len(right_answer(p))
            else:  # a heart led: AH does not follow it, a plain heart must
                assert len(swapped) < len(right_answer(p))
        elif lead in ("AH", "JK"):  # a led AH or joker is a trump lead
            plain = next(s for s in "SCD" if s != pos["trump"])
            trick = [absent(p, plain, "TQK98"), *pos["trick"][1:]]
            assert legal(p.preset, pos["trump"], pos["hand"], trick) != set(right_answer(p))
    ah_wins = [p for p in ALL if p.kind == "winner" and right_answer(p) == "AH"]
    assert ah_wins
    for p in ah_wins:
        pos = p.position
        trick = [absent(p, "H") if c == "AH" else c for c in pos["trick"]]
        i = ff.trick_winner(ff.get_rules(p.preset), pos["trump"], trick)
        assert i != pos["trick"].index("AH")  # its seat no longer takes the trick


# ---------------------------------------------------------------------------- R3


def test_R3_3_the_winner_of_a_trick_leads_the_next() -> None:
    for p in tagged("R3.3", "turn"):
        g = game(p)
        assert right_answer(p) == str(g.deals[-1].tricks[-1].winner)


def test_R3_4_a_card_that_cannot_beat_the_trick_may_be_played() -> None:
    for p in tagged("R3.4", "legal"):
        pos = p.position
        rules = ff.get_rules(p.preset)
        low = [
            c
            for c in right_answer(p)
            if ff.trick_winner(rules, pos["trump"], [*pos["trick"], c]) != len(pos["trick"])
        ]
        assert low
        fb = p.start().check(right_answer(p))
        assert "R3.4" in fb.message and low[0] in fb.message


# ---------------------------------------------------------------------------- R5


def test_R5_4_a_later_higher_trump_does_not_lift_the_privilege() -> None:
    for p in tagged("R5.4", "keep"):
        pos = p.position
        t = ff.trump_order(ff.get_rules(p.preset), pos["trump"])
        rank = {str(c): i for i, c in enumerate(t)}
        later = [c for c in pos["trick"][1:] if c in rank and rank[c] < rank[pos["card"]]]
        assert later and right_answer(p) == "keep"
        assert any(c not in rank for c in legal(p.preset, pos["trump"], pos["hand"], pos["trick"]))
        # had that trump been led, the renege would be gone: no plain card may be played
        led = [later[0], *[c for c in pos["trick"] if c != later[0]]]
        allowed = legal(p.preset, pos["trump"], pos["hand"], led)
        assert all(c in rank for c in allowed)
        run = p.start()
        fb = run.check("play")
        assert not fb.correct and "R5.4" in fb.message and "later" in fb.message


def test_R5_5_no_trump_in_hand_any_card() -> None:
    for p in tagged("R5.5", "legal"):
        pos = p.position
        assert set(right_answer(p)) == set(pos["hand"])
        low = absent(p, pos["trump"], "9876")  # an ordinary trump, not protected
        hand = [low, *pos["hand"][1:]]
        assert legal(p.preset, pos["trump"], hand, pos["trick"]) == {low}


# ---------------------------------------------------------------------------- R6, R8.7


def test_R6_1_the_deal_passes_to_the_left() -> None:
    for p in tagged("R6.1", "turn"):
        g = game(p)
        finished = len(g.deals) if g.over else len(g.deals) - 1  # over: the next game's deal
        assert right_answer(p) == str((p.position["dealer"] + finished) % g.rules.players)
        fb = p.start().check(str(g.deals[finished - 1].dealer))
        assert not fb.correct and "R6.1" in fb.message


def test_R6_2_who_receives_each_card_of_the_deal() -> None:
    ps = tagged("R6.2", "turn")  # one: more would be the same arithmetic again
    for p in ps:
        rules = ff.get_rules(p.preset)
        hands, _ = deal_pack(rules, p.position["dealer"], list(range(rules.deck_size)))
        k = p.position["card"]
        want = next((str(s) for s, h in enumerate(hands) if k - 1 in h), "stock")
        assert right_answer(p) == want and p.start().check(want).correct
        moved = variant(p, dealer=(p.position["dealer"] + 1) % rules.players)
        if want != "stock":
            assert right_answer(moved) == str((int(want) + 1) % rules.players)
        for wrong in [
            o["value"] for o in p.start().view()["answer"]["options"] if o["value"] != want
        ]:
            fb = p.start().check(wrong)
            assert not fb.correct and re.search(r"R(6\.2|1\.2|9\.1)", fb.message)
            assert f"seat {want}" not in fb.message.lower()


def test_R6_3_the_turn_up_fixes_the_trumps() -> None:
    for p in tagged("R6.3", "trumps"):
        view = p.start().view()
        assert view["trump"] is None and "trump:" not in " ".join(view["facts"]).lower()
        up = p.position["turnup"]
        other = next(s for s in "SCD" if s != up[1])
        moved = variant(p, turnup=absent(p, other, "89TQK"))
        assert right_answer(moved) != right_answer(p)


def test_R6_6_robbing_closes_at_the_robbers_own_first_play() -> None:
    before = [p for p in tagged("R6.6", "rob") if game(p).trick and right_answer(p) != "nobody"]
    after = [p for p in tagged("R6.6", "rob") if game(p).trick and right_answer(p) == "nobody"]
    assert before and after
    for p in after:  # cut back to just before the robber's card: the answer is the robber
        actions = p.position["actions"]
        g = game(p, actions=[])
        robber = g.robber
        assert robber is not None
        k = next(i for i in range(len(actions) + 1) if game(p, actions=actions[:i]).robber is None)
        earlier = variant(p, actions=actions[: k - 1])
        assert right_answer(earlier) == str(robber)
        fb = p.start().check(str(robber))
        assert not fb.correct and "R6.6" in fb.message
    for p in before:  # play on to the robber's own card: then nobody may rob
        g = game(p)
        robber = int(right_answer(p))
        actions = list(p.position["actions"])
        while g.to_act != robber:
            a = next(a for a in g.legal_actions() if a.startswith("play "))
            g.apply(a)
            actions.append(a)
        assert any(a.startswith("rob ") for a in g.legal_actions())  # R8.7: offered now
        g.apply(next(a for a in g.legal_actions() if a.startswith("play ")))
        actions.append(g.history[-1])
        assert right_answer(variant(p, actions=actions)) == "nobody"
        fb = p.start().check("nobody")
        assert not fb.correct and "R6.6" in fb.message


def test_R6_1_the_deal_passes_left_also_between_games() -> None:
    """c3-19: a game won in its second or later deal; the next game's first deal goes to the
    left of the seat that dealt the last deal, not back to the game's first dealer."""
    (p,) = [q for q in tagged("R6.1", "turn") if game(q).over]
    g = game(p)
    n, last = g.rules.players, g.deals[-1].dealer
    assert len(g.deals) >= 2 and right_answer(p) == str((last + 1) % n)
    run = p.start()
    shown = " ".join(run.view()["facts"])
    assert "won the game" in shown and f"dealt by seat {last}" in shown
    back = run.check(str(g.deals[0].dealer))  # the game's first dealer again: a misreading
    assert not back.correct and "first dealer" in back.message
    assert str((last + 1) % n) not in back.message.replace("R6.1", "")
    stays = run.check(str(last))
    assert not stays.correct and "passes on every deal" in stays.message
    assert run.check(right_answer(p)).correct


def test_R6_7_the_dealers_left_leads() -> None:
    for p in tagged("R6.7", "turn"):
        if p.position.get("actions"):
            continue
        g = game(p)
        assert right_answer(p) == str((g.dealer + 1) % g.rules.players)
        moved = variant(p, dealer=(g.dealer + 1) % g.rules.players)
        assert right_answer(moved) == str((g.dealer + 2) % g.rules.players)


def test_R8_7_the_joker_exchange_comes_first_and_robbing_at_the_robbers_turn() -> None:
    # the joker turned up: the dealer acts first (a worked example of chapter 3; the puzzle that
    # repeated it, c3-12, is retired, and its variant is made here from the same seed)
    bury = [generate_puzzles("turn", 1, 3011, 2, ["bury"])[0]]
    assert "R8.7" in bury[0].rules and bury[0].position["stock"][0] == "JK"
    for p in bury:
        stock = list(p.position["stock"])
        assert right_answer(p) == str(p.position["dealer"])
        stock[0], stock[1] = stock[1], stock[0]  # no joker on top: the dealer's left leads
        assert right_answer(variant(p, stock=stock)) == str((p.position["dealer"] + 1) % 6)
    assert tagged("R8.7", "rob")


# ---------------------------------------------------------------------------- rob feedback


@pytest.mark.parametrize("p", [q for q in ALL if q.kind == "rob"], ids=lambda p: p.id)
def test_rob_hints_never_name_the_card_that_robs(p: Puzzle) -> None:
    run = p.start()
    g = game(p)
    ace = f"A{g.trump}"
    names = {
        ace,
        ff.parse_card(ace).symbol(),
        "ace of " + {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}[g.trump or "S"],
    }
    while (h := run.hint()) is not None:
        assert not any(_names(h, n) for n in names), h
    for o in run.view()["answer"]["options"]:
        if o["value"] == right_answer(p):
            continue
        fb = run.check(o["value"])
        assert not fb.correct and "R6." in fb.message
        if right_answer(p) != "nobody":
            assert f"seat {right_answer(p)} " not in fb.message.lower() + " "


def test_a_rob_position_in_the_first_trick_shows_the_trick() -> None:
    for p in [q for q in ALL if q.kind == "rob" and game(q).trick]:
        view = p.start().view()
        assert [t["card"] for t in view["trick"]] == [str(c) for c in game(p).trick]


def test_rob_positions_after_the_first_trick_are_refused() -> None:
    p = next(q for q in ALL if q.kind == "rob" and game(q).trick)
    g = game(p)
    actions = list(p.position["actions"])
    while g.tricks_played == 0:
        a = next(a for a in g.legal_actions() if a.startswith("play "))
        g.apply(a)
        actions.append(a)
    with pytest.raises(ValueError, match="first trick"):
        variant(p, actions=actions).start()


# ---------------------------------------------------------------------------- new kinds


def _puzzle(kind: str, position: dict[str, Any], preset: str = "bruff") -> Puzzle:
    return Puzzle("t-1", kind, preset, position, "Select.", ("R1.1",))


def test_notation_first_miss_names_no_word_then_the_engine_says_why() -> None:
    p = _puzzle("notation", {"tokens": ["5s", "10S", "JK", "S5", "td"]})
    run = p.start()
    assert right_answer(p) == ["5s", "JK", "td"]
    first = run.check(["5s", "10S"])
    assert not first.correct and "R1.1" in first.message
    assert not any(repr(t) in first.message for t in p.position["tokens"])
    second = run.check(["5s", "10S"])
    assert "'10S'" in second.message
    assert run.check(["td", "JK", "5s"]).correct


@pytest.mark.parametrize(
    "tokens",
    [["5S"], ["5S", "5S"], ["5S", "x" * 9], [f"{r}S" for r in "A23456789TJQK"] + list("ABCD"), [5]],
)
def test_notation_refuses_bad_positions(tokens: list[Any]) -> None:
    with pytest.raises(ValueError, match="notation"):
        _puzzle("notation", {"tokens": tokens}).start()


def test_trumps_with_a_turn_up_hides_the_trump_suit_and_reveals_step_by_step() -> None:
    p = _puzzle("trumps", {"turnup": "7D", "cards": ["AH", "KD", "5H", "JK", "AD", "9C"]})
    run = p.start()
    assert set(right_answer(p)) == {"AH", "KD", "JK", "AD"}
    first = run.check(["KD", "5H"])
    assert "R6.3" in first.message and not any(c in first.message for c in p.position["cards"])
    second = run.check(["KD", "5H"])
    assert "5H" in second.message and "R2.2" in second.message
    assert run.check(["AH", "KD", "JK", "AD"]).correct
    with pytest.raises(ValueError):
        _puzzle("trumps", {"turnup": "7D", "cards": ["7D", "AH"]}).start()
    with pytest.raises(ValueError):
        _puzzle("trumps", {"trump": "S", "cards": ["JK", "AH"]}, preset="barker").start()
    run.reset()
    with pytest.raises(PuzzleInputError):
        run.check(["QS"])  # not on offer


def test_give_up_is_judged_by_the_solver_with_a_why() -> None:
    # the course's, and the hardest of the drills' (the club player's weakest card wrong)
    ps = [p for p in ALL if p.kind == "give-up"] + sample(load_drill_bank("give-up", 3), 2)
    assert {p.difficulty for p in ps} == {1, 2, 3}
    for p in ps:
        g = game(p)
        values = {a.split()[1]: v for a, v in solve(g).values.items() if a.startswith("rob ")}
        best = max(values.values())
        right = [c for c, v in values.items() if v == best]
        worse = [c for c, v in values.items() if v < best]
        assert worse and len(right) <= 2
        run = p.start()
        fb = run.check(worse[0])
        assert not fb.correct and str(values[worse[0]]) in fb.message and "R6.5" in fb.message
        assert not any(_names(fb.message, c) for c in right)
        fb = run.check(right[0])
        assert fb.correct and "Giving up" in fb.message and str(best) in fb.message
        shown = p.start().show()
        assert set(shown.highlight) == set(right)
        assert all(f"{c}: {v}" in shown.message for c, v in values.items())
        view = json.dumps(p.start().view())
        for card in g.zones()["stock"]:
            if card != g.turnup:
                assert f'"{card}"' not in view


def test_give_up_starts_only_at_the_robbers_turn() -> None:
    p = next(q for q in ALL if q.kind == "give-up")
    g = game(p)
    a = next(a for a in g.legal_actions() if a.startswith("play "))
    with pytest.raises(ValueError, match="robber"):
        variant(p, actions=[*p.position.get("actions", []), a]).start()


@pytest.mark.parametrize(
    # give-up solves whole deals: the quick tier makes one at difficulty 2 (test_puzzles.py)
    "kind",
    ["notation", "trumps", pytest.param("give-up", marks=pytest.mark.full)],
)
def test_new_kinds_generate_at_every_difficulty(kind: str) -> None:
    for d in (1, 2, 3):
        (p,) = generate_puzzles(kind, 1, seed=3, difficulty=d)
        run = p.start()
        assert run.check(right_answer(p)).correct


def test_give_up_puzzles_ask_more_than_a_rule_of_thumb_r6_5() -> None:
    """Every give-up puzzle shipped (the course and the drill bank) has a plain card that is
    wrong, so "give up a plain card" does not answer it; at difficulty 3 the club player's
    choice, the lowest-ranked card, is wrong too, and the explanation says what keeping it is
    worth."""
    bank = [p for d in (1, 2, 3) for p in sample(load_drill_bank("give-up", d), 3)]
    for p in [q for q in ALL if q.kind == "give-up"] + bank:
        run = p.start()
        assert isinstance(run, GiveUpRun)
        plain = [c for c in run.values if not run.t.is_trump(parse_card(c).id)]
        assert any(c not in run.right for c in plain), p.id
        if p.difficulty == 3:
            g = run.game
            assert g.turnup is not None
            club = rob_discard(run.t, [c.id for c in g.hand(run.seat)], g.turnup.id)
            assert club is not None and str(CARDS[club]) not in run.right, p.id
            assert (
                f"Rank alone does not decide: {CARDS[club]}, the card a rule of thumb gives up "
                "(none of yours stands lower in its own suit's order), is not the one"
                in run.check(run.right[0]).message
            )


def test_r6_5_a_give_up_miss_asks_what_each_card_does_not_only_what_it_wins() -> None:
    """c3-18: the card to give up is KC, which would overtake the partner's QC; a wrong card's
    feedback asks which card takes a trick and which only gets in the side's way, and the
    second miss names a trick taken from the partner, never the card to give up."""
    (p,) = [q for q in ALL if q.id == "c3-18"]
    run = p.start()
    assert isinstance(run, GiveUpRun) and run.right == ["KC"]
    first = run.check("3D").message
    assert "which only gets in your side's way" in first and "KC" not in first
    second = run.check("6D").message
    assert "a trick it takes from your partner" in second and "KC" not in second


def test_r2_3_c1_20_the_jack_of_trumps_takes_the_joker_led_and_plain_cards_take_nothing() -> None:
    """The joker led with diamonds trumps: JD ranks above it, AD (the ace of trumps) below it;
    the plain 5S and JS are no trumps (only the trump suit's five and jack are promoted)."""
    p = get_puzzle("c1-20")
    assert p.position["trick"][0] == "JK" and "5D" not in p.position["trick"]
    run = p.start()
    plain = run.check("JS")
    assert not plain.correct and "JS is no trump, and a trump was led" in plain.message
    assert not run.check("AD").correct
    assert run.check("JD").correct
