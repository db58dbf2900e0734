"""Honest rule tags: every rule id a shipped puzzle is tagged with is one its answer needs.

The presets are data (:class:`fortyfive.engine.rules.Rules`), so for a rule the engine can switch
off or change, the test changes it (``dataclasses.replace`` on the preset) and asks the puzzle's
own run again, the code path its checker uses: the tag is confirmed when the engine's answer
changes, or when the position is no longer legal under the changed rule. Rules the engine keeps
as fixed tables or procedure cannot be switched this way: :data:`NOT_SWITCHABLE` says why for
each. A rule cited in a puzzle's solution (``R5.2`` ...) must be among its tags.

The test runs over whatever puzzles ship. Tags the engine does not confirm today are listed in
:data:`UNCONFIRMED` with the reason; the list is exact both ways, so a new unconfirmed tag fails,
and so does an entry whose tag has since been fixed (remove it). The quick tier checks the first
shipped puzzle of each fast kind; the full tier every puzzle.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from puzzle_answers import run_right_answer
from tiers import full_only

from fortyfive.engine.rulebook import RULE_IDS, cited_rules
from fortyfive.engine.rules import PRESETS, Rules
from fortyfive.puzzles import Puzzle, _bidding, _give_up, collection_names, load_collection

#: A change of one rule: its name, and the changed preset (None where it does not apply).
Switch = tuple[str, Callable[[Rules], Rules | None]]


def _bruff(**changes: Any) -> Callable[[Rules], Rules | None]:
    """A change that applies to the turn-up game only (R6-R8 are bruff's)."""
    return lambda r: None if r.auction else replace(r, **changes)


def _barker(change: Callable[[Rules], Rules]) -> Callable[[Rules], Rules | None]:
    """A change that applies to the auction game only (R9-R10 are barker's)."""
    return lambda r: change(r) if r.auction else None


#: The rules the engine takes from the preset's data, and the changes that test each.
SWITCHES: dict[str, tuple[Switch, ...]] = {
    "R1.3": (
        (
            "partners sit side by side",
            lambda r: replace(r, partnerships=tuple(sorted(r.partnerships))),
        ),
    ),
    "R6.4": (("no joker in the pack", _bruff(joker=False)),),
    "R6.5": (("no robbing", _bruff(robbing=False)),),
    "R7.1": (("4 a trick", _bruff(trick_points=4)),),
    "R7.2": (("no bonus", _bruff(bonus_points=0)), ("a bonus of 10", _bruff(bonus_points=10))),
    "R8.1": (("a target of 50", _bruff(target=50)),),
    # R8.2 and R8.6 are the procedure for an uncertain bonus: with no bonus it is moot.
    "R8.2": (("no bonus", _bruff(bonus_points=0)),),
    "R8.6": (("no bonus", _bruff(bonus_points=0)),),
    "R8.4": (("no jink", _bruff(jink=False)),),
    "R8.7": (("no robbing", _bruff(robbing=False)), ("no joker", _bruff(joker=False))),
    "R9.2": (
        ("no bid of 30", _barker(lambda r: replace(r, bids=r.bids[:-1]))),
        ("no bid of 5", _barker(lambda r: replace(r, bids=r.bids[1:]))),
        (
            "bids in tens",
            _barker(lambda r: replace(r, bids=tuple(b for b in r.bids if b % 10 == 0))),
        ),
    ),
    "R9.3": (("no hold", _barker(lambda r: replace(r, dealer_hold=False))),),
    "R9.4": (("no floor at 100", _barker(lambda r: replace(r, high_score_min_bid=r.bids[0]))),),
    "R9.7": (("no discard", _barker(lambda r: replace(r, max_discard=0))),),
    "R10.1": (
        ("4 a trick", _barker(lambda r: replace(r, trick_points=4))),
        ("no bonus", _barker(lambda r: replace(r, bonus_points=0))),
    ),
    "R10.3": (("a made 30 not doubled", _barker(lambda r: replace(r, made_max_bid_factor=1))),),
    "R10.5": (("a target of 140", _barker(lambda r: replace(r, target=140))),),
}

#: The rules the engine cannot switch off or change through the presets, each with why.
NOT_SWITCHABLE: dict[str, str] = {
    "R1.1": "card names are the parser's, the same in every preset",
    "R1.2": "play moving left is the engine's seat arithmetic, not preset data",
    "R2.1": "AH is a trump in the fixed tables (only the joker is data, and R6.4 tests it)",
    "R2.2": "a card's printed suit is fixed in the trump tables",
    "R2.3": "the trump order is a fixed table (rules.py _TRUMP_TAIL)",
    "R2.4": "the plain-suit orders are a fixed table (rules.py _PLAIN)",
    "R3.1": "playing in turn is the engine's procedure",
    "R3.2": "the highest trump wins in the fixed trick code",
    "R3.3": "the winner leads next in the fixed trick code; hand_size would refuse every deal",
    "R3.4": "not having to beat is the fixed legal-play code",
    "R4.1": "following a plain lead is the fixed legal-play code",
    "R4.2": "following a plain lead is the fixed legal-play code",
    "R4.3": "following a plain lead is the fixed legal-play code",
    "R5.1": "following a trump lead is the fixed legal-play code",
    "R5.2": "the protected trumps are fixed in the trump tables",
    "R5.3": "the renege privilege is the fixed legal-play code",
    "R5.4": "the card led fixing the obligation is the fixed legal-play code",
    "R5.5": "following with no trump is the fixed legal-play code",
    "R6.1": "the deal passing left is the engine's procedure",
    "R6.2": "dealing 3 then 2 is fixed; hand_size would refuse every deal",
    "R6.3": "trump from the turn-up is tied to the preset's kind (an auction game has none)",
    "R6.6": "robbing's timing is fixed; robbing=False switches off R6.5, not its limits",
    "R6.7": "the first leader is the engine's procedure",
    "R7.3": "when the bonus is certain is the engine's procedure",
    "R8.3": "ending the game at once is the engine's procedure",
    "R8.5": "scores carrying over is the engine's procedure",
    "R9.1": "the barker deal is the engine's procedure",
    "R9.5": "the end of the auction is the engine's procedure",
    "R9.6": "the auction winner naming trump is the engine's procedure",
    "R9.8": "the first leader is the engine's procedure",
    "R10.2": "making or failing a contract is the engine's scoring procedure",
    "R10.4": "the opponents' score is the engine's scoring procedure",
}

#: Why a give-up's point tags stay unconfirmed: the solver's best card is the same either way.
_GIVE_UP_POINTS = {
    "R7.1": "the best card to give up is the same at 4 a trick",
    "R7.2": "the best card to give up is the same with no bonus or a bonus of 10",
}

#: Tags of today's puzzles the engine does not confirm, and why (see the module's docstring).
UNCONFIRMED: dict[tuple[str, str], str] = {
    **{
        (pid, rule): why
        for pid in ("c0-09", "c3-03", "c3-06", "c3-18")
        for rule, why in _GIVE_UP_POINTS.items()
    },
    ("c3-08", "R6.5"): "nobody holds the ace of trumps: 'nobody' with or without robbing",
    ("c3-20", "R7.2"): "the target counts the bonus, but the first lead is the same without it",
    ("c3-15", "R6.5"): "the robber has played (R6.6): 'nobody' with or without robbing",
    **{
        (pid, rule): "the bonus is uncertain, so uncredited: any bonus gives the same answer"
        for pid in ("c4-03", "c4-16")
        for rule in ("R7.2", "R8.6")
    },
    ("c4-22", "R8.6"): "with no bonus TS still wins: C's open bonus (R8.6) decides only how "
    "the wrong card loses",
    ("c4-12", "R8.1"): "a jink (R8.4) wins whatever the target",
    ("c4-12", "R8.2"): "a jink (R8.4) wins whatever the bonus",
    ("c4-12", "R8.6"): "a jink (R8.4) wins whatever the bonus",
    ("c5-01", "R9.3"): "nobody has bid, so there is nothing to hold: the same calls without "
    "the hold",
    ("c5-01", "R9.4"): "no partnership has 100: the floor at 20 does not arise",
    ("c5-07", "R9.2"): "the limit, 10, is a call on every scale the engine can switch (no 5, "
    "no 30, bids in tens)",
    ("c5-07", "R10.1"): "the limit stays 10 at 4 a trick with no bonus: the hand takes about "
    "that either way",
    ("c5-11", "R9.7"): "with no card to change, the turns to change still go from the dealer's "
    "left: the same seat is first",
    ("c6-20", "R9.3"): "the floor (R9.4) bars holding 10: the same calls without the hold",
    ("c6-16", "R9.2"): "the answer is a pass whatever the bids are",
    ("c6-16", "R10.1"): "the answer is a pass whatever a trick or the bonus is worth",
    ("c6-17", "R10.3"): "the hand is not worth 30 with the made 30 doubled, still less without",
    ("c6-18", "R9.2"): "the limit, 20, is a call on every scale the engine can switch (no 5, "
    "no 30, bids in tens)",
    ("c6-18", "R9.4"): "the limit, 20, is at the floor of a side on 100: the same call with or "
    "without the floor",
}

#: Kinds too slow (sampled deals, the solver over a whole deal) for the quick tier's sample.
_SLOW_KINDS = ("bid", "give-up")


def _shipped() -> list[Puzzle]:
    return [p for name in collection_names() for p in load_collection(name)]


def _params() -> list[Any]:
    """Every shipped puzzle; the first of each fast kind in the quick tier, the rest full."""
    seen: set[str] = set()
    out = []
    for p in _shipped():
        quick = p.kind not in seen and p.kind not in _SLOW_KINDS
        seen.add(p.kind)
        out.append(pytest.param(p, id=p.id, marks=() if quick else full_only))
    return out


@contextmanager
def _preset(name: str, rules: Rules | None) -> Iterator[None]:
    """The preset ``name`` replaced by ``rules`` while the block runs (None: unchanged), with the
    caches of the runs that keep work per preset emptied before and after."""
    old = PRESETS[name]
    if rules is not None:
        PRESETS[name] = rules
    _give_up._values.cache_clear()
    _bidding._cache.clear()
    try:
        yield
    finally:
        PRESETS[name] = old
        _give_up._values.cache_clear()
        _bidding._cache.clear()


def outcome(p: Puzzle, rules: Rules | None = None) -> tuple[str, str]:
    """What the engine makes of ``p`` under ``rules`` (None: its preset): ``("refused", why)``,
    or ``("answers", ...)`` with the engine's right answer at every step (an endgame's too)."""
    with _preset(p.preset, rules):
        try:
            run = p.start()
        except ValueError as e:
            return ("refused", str(e))
        answers = []
        while not run.done:
            answer = run_right_answer(run)
            answers.append(answer)
            if not copy.deepcopy(run).check(answer).correct:
                break
            run.check(answer)
        return ("answers", repr(answers))


def unconfirmed_tags(p: Puzzle) -> dict[str, str]:
    """The switchable tags of ``p`` whose every change leaves the engine's answer and the
    position's legality as they were, each with the changes tried."""
    base = outcome(p)
    out = {}
    for tag in p.rules:
        if tag not in SWITCHES:
            continue
        tried = []
        for name, change in SWITCHES[tag]:
            changed = change(PRESETS[p.preset])
            if changed is None:
                continue
            tried.append(name)
            if outcome(p, changed) != base:
                break
        else:
            out[tag] = ", ".join(tried) or f"no change of {tag} applies to {p.preset}"
    return out


def test_every_rule_is_switched_or_says_why_not() -> None:
    assert not set(SWITCHES) & set(NOT_SWITCHABLE)
    assert sorted(set(SWITCHES) | set(NOT_SWITCHABLE)) == sorted(RULE_IDS)
    assert all(NOT_SWITCHABLE.values()) and all(UNCONFIRMED.values())


def test_a_switch_changes_the_preset_it_names() -> None:
    """Each change applies to the preset its rule belongs to and makes a different, valid
    Rules value (a change that does nothing would confirm nothing)."""
    for rule, switches in SWITCHES.items():
        for name, change in switches:
            changed = [change(r) for r in PRESETS.values()]
            assert any(c is not None for c in changed), (rule, name)
            for before, after in zip(PRESETS.values(), changed, strict=True):
                assert after is None or after != before, (rule, name)


def test_a_dishonest_tag_is_caught() -> None:
    """The check can fail: R8.4 (the jink) added to a card puzzle that does not need it."""
    p = next(
        p for p in _shipped() if p.kind in ("order", "winner", "legal") and p.preset == "bruff"
    )
    tagged = replace(p, rules=(*p.rules, "R8.4"))
    assert "R8.4" in unconfirmed_tags(tagged)


@pytest.mark.parametrize("puzzle", _params())
def test_tags_are_confirmed_by_the_engine(puzzle: Puzzle) -> None:
    found = unconfirmed_tags(puzzle)
    known = {tag for (pid, tag) in UNCONFIRMED if pid == puzzle.id}
    assert set(found) == known, (
        f"{puzzle.id}: the engine does not confirm {found} (changed: answer and legality "
        f"kept); listed as unconfirmed: {sorted(known)}"
    )


@pytest.mark.parametrize("puzzle", _params())
def test_rules_cited_in_the_solution_are_tagged(puzzle: Puzzle) -> None:
    cited = set(cited_rules(puzzle.start().solution().message))
    assert cited <= set(puzzle.rules), f"{puzzle.id} cites {sorted(cited - set(puzzle.rules))}"
