"""Makers of the bid puzzles: a first call in barker whose right limit is clear, judged by the
search bot's hand valuation (:mod:`fortyfive.puzzles._bidding`)."""

from __future__ import annotations

import random

from fortyfive.agents.bots import best_suit
from fortyfive.engine.rules import BARKER
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles.generate._common import Made, _deal, _give_hand

#: The bid puzzles' patterns: the call the engine judges right, and the side's scores.
_BID_CASES = {
    "thirty": ("bid 30",),  # a hand worth the double score of a made 30 (R10.3)
    "strong": ("bid 20", "bid 25"),  # a hand worth competing high
    "modest": ("bid 5", "bid 10", "bid 15"),  # a hand that should stop low
    "rich": ("pass",),  # on 100 or more the bids below 20 are closed (R9.4)
    "rich-bid": ("bid 20", "bid 25"),  # on 100 or more, a hand worth a bid still open (R9.4)
    "top": ("bid 20", "bid 25"),  # the top trumps of a suit, yet not worth the top bid (R10.3)
}
#: Variants whose caller's side is on 100 or more (R9.4), and those dealt the top trumps.
_RICH, _TOP = ("rich", "rich-bid"), ("thirty", "top")
#: The rule bot's quick estimate of the hand a pattern looks at (the rest: below 13).
_QUICK = {"thirty": (20, 99), "strong": (16, 99), "rich-bid": (16, 99), "top": (16, 99)}


def _bid(rng: random.Random, d: int, variant: str) -> Made:
    """A first call in barker to judge (see :mod:`fortyfive.puzzles._bidding`): the hand's value
    at least ``MARGIN`` from the bids either side of the answer, and the same answer with three
    other sampling seeds."""
    from fortyfive.puzzles._bidding import MARGIN, SCREEN, SEED, TOP_MARGIN, Judgement, judge

    rules = BARKER
    step = rules.trick_points
    scores = [rng.randrange(0, rules.high_score, step) for _ in range(2)]
    pos = _deal(rules, rng, scores)
    g = position_game(rules, pos)
    seat = g.to_act or 0
    side = rules.partnerships[seat]
    if variant in _RICH:
        scores[side] = rng.randrange(rules.high_score, rules.target, step)
        g = position_game(rules, pos)
    if variant in _TOP:  # deal the caller the top trumps of a suit (R2.3)
        suit = rng.choice("SCD")
        for i, card in enumerate((f"5{suit}", f"J{suit}", "AH")):
            _give_hand(pos, card, seat, i)
        g = position_game(rules, pos)
    quick = best_suit(rules, [str(c) for c in g.hand(seat)])[1]  # the rule bot's estimate
    floor, ceiling = _QUICK.get(variant, (0, 12))
    if not floor <= quick <= ceiling:
        return None
    bids = [int(a.split()[1]) for a in g.legal_actions() if a.startswith("bid ")]

    def clear(j: Judgement, margin: float) -> bool:
        """Of the pattern, and the value ``margin`` away from the bids either side of it."""
        if j.call not in _BID_CASES[variant]:
            return False
        if j.call == f"bid {rules.bids[-1]}":
            return True  # then the scores decide, not the limit (R10.3)
        below = max((b for b in bids if b <= j.value), default=0)
        above = min((b for b in bids if b > j.value), default=10**6)
        return not ((below and j.value - below < margin) or above - j.value < margin)

    if not clear(judge(g, seat, samples=SCREEN), MARGIN / 2):
        return None  # a quick look first: most hands are not of the pattern
    j = judge(g, seat)
    if not clear(j, MARGIN):
        return None
    if abs(j.top_score - j.limit_score) < TOP_MARGIN:
        return None  # the top bid (R10.3) neither clearly better nor clearly worse
    if any(judge(g, seat, seed=SEED + k).call != j.call for k in (1, 2, 3)):
        return None
    prompt = (
        "You call first. How high should your side go in this auction with your hand? "
        "Choose your limit: the highest call you would make."
    )
    extra = ("R9.4",) if variant in _RICH else ("R10.3",) if variant in _TOP else ()
    rule_ids = ("R9.2", "R10.1", "R10.2", *extra)
    return "barker", pos, prompt, rule_ids
