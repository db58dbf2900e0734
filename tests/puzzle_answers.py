"""Answers to puzzles, worked out from the engine, for the tests that play puzzles through
their runs, widgets, drills, assignments and pages.

Two ways, kept apart on purpose: :func:`right_answer` works a puzzle's question out from the
engine's public rule functions (trick order, legal plays, robbing, scores, auction calls, the
solver), independent of the puzzle's checker, so a checker that drifts from the rules fails;
:func:`run_right_answer` and :func:`run_wrong_answer` ask a run itself (its solution and its
verdicts), for tests of what is built on the runs, where any answer of the right shape will do.
"""

from __future__ import annotations

import copy
import itertools
import json
from functools import cache
from typing import Any

import fortyfive as ff
from fortyfive.engine.dealing import deal_pack, turnup_trump
from fortyfive.puzzles import Puzzle, PuzzleInputError, PuzzleRun
from fortyfive.puzzles._parts import position_game
from fortyfive.solve.solver import can_force_win, solve

#: One shipped puzzle of each kind, and its answer type.
BY_KIND = {
    "order": "c1-01",  # sequence
    "winner": "c2-01",  # card
    "cheapest": "c1-16",  # card of the hand
    "legal": "c0-14",  # cards
    "keep": "c2-14",  # choice
    "rob": "c3-08",  # choice
    "score": "c0-10",  # form with numbers
    "game-winner": "c4-07",  # form of choices
    "calls": "c5-01",  # choices
    "target": "c6-10",  # one card at a time, against the solver's defence
    "race": "c4-18",  # one card at a time, against the other two partnerships together
    "turn": "c0-04",  # choice of a seat
    "notation": "c0-01",  # choices of words
    "trumps": "c1-03",  # cards
    "give-up": "c3-06",  # card
    "bid": "c5-06",  # choice of a call, judged over sampled deals
}


def verdict(run: PuzzleRun, answer: Any) -> bool | None:
    """Is ``answer`` right, on a copy of ``run``? ``None`` if the engine refuses its shape."""
    trial = copy.deepcopy(run)
    try:
        return bool(trial.check(answer).correct)
    except PuzzleInputError:
        return None


def candidates(view: dict[str, Any]) -> list[Any]:
    """Every answer the controls of ``view`` can send (forms: choice fields only)."""
    spec = view["answer"]
    kind = spec["type"]
    if kind == "card":
        return list(spec["cards"])
    if kind == "choice":
        return [o["value"] for o in spec["options"]]
    if kind in ("cards", "choices"):
        items = spec["cards"] if kind == "cards" else [o["value"] for o in spec["options"]]
        return [list(c) for n in range(len(items) + 1) for c in itertools.combinations(items, n)]
    if kind == "sequence":
        return [list(c) for c in itertools.permutations(spec["cards"], spec["count"])]
    assert kind == "form", spec
    if any(f["kind"] == "number" for f in spec["fields"]):
        return []
    names = [f["name"] for f in spec["fields"]]
    values = [[o["value"] for o in f["options"]] for f in spec["fields"]]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]


def run_right_answer(run: PuzzleRun) -> Any:
    """The engine's answer to the current question of ``run`` (asked of the engine: the
    highlighted cards of its solution, else the one offered answer it calls right)."""
    view = run.view()
    kind = view["answer"]["type"]
    shown = copy.deepcopy(run).solution().highlight  # a target's solution plays on
    if kind == "sequence" and len(shown) == view["answer"]["count"]:
        return list(shown)
    if kind == "cards" and verdict(run, list(shown)):
        return list(shown)
    if kind == "card" and shown and verdict(run, shown[0]):
        return shown[0]
    for answer in candidates(view):
        if verdict(run, answer):
            return answer
    right = getattr(run, "right", None)  # score forms: the numbers the engine expects
    assert right is not None and verdict(run, right), f"no right answer for {view['id']}"
    return right


def run_wrong_answer(run: PuzzleRun, right: Any) -> Any | None:
    """An answer of the right shape that the engine calls wrong (``None`` if there is none)."""
    view = run.view()
    spec = view["answer"]
    tries: list[Any] = []
    if spec["type"] == "sequence":
        tries.append(list(reversed(right)))
    elif spec["type"] == "form":
        for field in spec["fields"]:
            changed = dict(right)
            if field["kind"] == "number":
                changed[field["name"]] = right[field["name"]] + 5
            else:
                values = [o["value"] for o in field["options"]]
                changed[field["name"]] = next(v for v in values if v != right[field["name"]])
            tries.append(changed)
    tries += candidates(view)[:300]
    return next((a for a in tries if a != right and verdict(run, a) is False), None)


def script(p: Puzzle) -> tuple[Any | None, list[Any], dict[str, Any]]:
    """A wrong answer, the right answers (one per step of a target) and the answer's
    controls (the same type at every step), all from the engine."""
    run = p.start()
    spec = run.view()["answer"]
    right = run_right_answer(run)
    wrong = run_wrong_answer(run, right)
    steps = [right]
    assert run.check(right).correct
    while not run.done:  # a target: the defence answered; the next card
        right = run_right_answer(run)
        assert run.check(right).correct
        steps.append(right)
    return wrong, steps, spec


def right_answer(p: Puzzle) -> Any:
    """The answer as the engine's public API gives it (independent of the checker)."""
    pos, rules = p.position, ff.get_rules(p.preset)
    if p.kind == "order":
        trumps = [str(c) for c in ff.trump_order(rules, pos["trump"])]
        rank = {c: i for i, c in enumerate(trumps)}
        plain = [c for c in pos["cards"] if c not in rank]
        if plain:
            suit = plain[0][1]
            for i, c in enumerate(ff.plain_order(rules, suit, pos["trump"])):
                rank[str(c)] = 100 + i
        return sorted(pos["cards"], key=lambda c: rank[c])
    if p.kind == "winner":
        return pos["trick"][ff.trick_winner(rules, pos["trump"], pos["trick"])]
    if p.kind == "cheapest":  # the winner that every other winner would beat (R3.2)
        trick, trump = pos["trick"], pos["trump"]
        legal = [str(c) for c in ff.legal_plays(rules, trump, pos["hand"], trick)]
        wins = [c for c in legal if ff.trick_winner(rules, trump, [*trick, c]) == len(trick)]
        lead = trick[0]  # two winners compared after the card led: the later one wins if higher
        (low,) = [
            x
            for x in wins
            if all(ff.trick_winner(rules, trump, [lead, x, y]) == 2 for y in wins if y != x)
        ]
        return low
    if p.kind == "legal":
        return sorted(
            str(c) for c in ff.legal_plays(rules, pos["trump"], pos["hand"], pos["trick"])
        )
    if p.kind == "keep":
        legal = ff.legal_plays(rules, pos["trump"], pos["hand"], pos["trick"])
        return "keep" if any(str(c) != pos["card"] for c in legal) else "play"
    if p.kind == "notation":
        return [t for t in pos["tokens"] if _parses(t)]
    if p.kind == "trumps":
        turnup = pos.get("turnup")
        trump = "SCDH"[turnup_trump(ff.parse_card(turnup).id)] if turnup else pos["trump"]
        trumps = {str(c) for c in ff.trump_order(rules, trump)}
        return [c for c in pos["cards"] if c in trumps]
    g = position_game(rules, pos, until_over=p.kind == "game-winner")
    if p.kind == "turn":
        question = pos.get("question", "to_act")
        if question == "partners":
            side = rules.partnerships[pos["seat"]]
            return [str(s) for s in rules.partners(side) if s != pos["seat"]]
        if question == "dealt":
            hands, _ = deal_pack(rules, g.dealer, list(range(rules.deck_size)))
            seat = next((s for s, h in enumerate(hands) if pos["card"] - 1 in h), None)
            return "stock" if seat is None else str(seat)
        if question == "dealer" and g.over:  # the next game's first deal (R6.1)
            return str(g.next_game().dealer)
        return str(g.dealer if question == "dealer" else g.to_act)
    if p.kind == "give-up":
        values = {a.split()[1]: v for a, v in solve(g).values.items() if a.startswith("rob ")}
        return max(values, key=lambda c: values[c])
    if p.kind == "rob":
        return "nobody" if g.robber is None else str(g.robber)
    if p.kind == "score":
        names = rules.partnership_names
        if rules.auction:
            row = g.score_sheet(by="deal").to_pandas().iloc[0]
            return {n: int(row[n]) for n in names}
        out: dict[str, Any] = dict(zip(names, g.scores, strict=True))
        out["certain"] = "yes" if g.bonus_status().certain else "no"
        return out
    if p.kind == "game-winner":
        assert g.winner is not None
        if rules.auction:  # R10.5: the hand is played out, only the winner is asked
            return {"partnership": rules.partnership_names[g.winner]}
        return {"partnership": rules.partnership_names[g.winner], "trick": str(g.tricks_played)}
    if p.kind == "calls":
        return sorted(g.legal_actions())
    if p.kind == "bid":
        return bid_judgement(json.dumps(pos, sort_keys=True))
    if p.kind == "race":
        return race_card(g)
    raise AssertionError(p.kind)


def race_card(g: ff.Game) -> str:
    """The one card of the seat to act after which its partnership still forces a win in this
    deal (R8), from the solver's public ``can_force_win``, not the race's own checker."""
    assert g.to_act is not None
    side = g.rules.partnerships[g.to_act]
    right = []
    for action in g.legal_actions():
        after = g.copy()
        after.apply(action)
        won = after.winner == side if after.over else can_force_win(after, side)
        if won:
            right.append(action.split()[-1])
    assert len(right) == 1, right
    return right[0]


@cache
def bid_judgement(position: str) -> str:
    """The search bot's valuation of the first caller's hand, sample by sample (SAMPLES deals
    per suit): the highest legal bid not above the better suit's average, else a pass; 30 when
    its doubled score (R10.3) is worth more on average than stopping there."""
    from fortyfive.agents.bots import SearchBot
    from fortyfive.puzzles._bidding import SAMPLES

    g = position_game(ff.BARKER, json.loads(position))
    assert g.to_act is not None
    obs = g.observation(g.to_act)
    points: dict[str, list[int]] = {}
    for i in range(SAMPLES):
        for suit, v in SearchBot(seed=i, bid_samples=1).suit_values(obs).items():
            points.setdefault(suit, []).append(round(v))
    best = max(points.values(), key=sum)
    value = sum(best) / SAMPLES
    bids = [int(a.split()[1]) for a in g.legal_actions() if a.startswith("bid ")]
    limit = max((b for b in bids if b <= value), default=0)
    if not limit:
        return "pass"

    def score(bid: int) -> float:  # R10.2, R10.3: a made 30 doubles, a failed bid is lost
        made = [(2 * p if bid == 30 else p) for p in best if p >= bid]
        return (sum(made) - bid * (SAMPLES - len(made))) / SAMPLES

    return "bid 30" if 30 in bids and score(30) > score(limit) else f"bid {limit}"


def _parses(token: str) -> bool:
    try:
        ff.parse_card(token)
    except ValueError:
        return False
    return True
