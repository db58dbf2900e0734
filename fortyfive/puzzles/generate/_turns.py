"""Makers of the turn puzzles: whose turn, who deals, who partners whom, at one moment of a
deal played by rule-based players."""

from __future__ import annotations

import random
from collections.abc import Callable

from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import get_rules
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles.generate._common import Made, _deal, _play

_TURN_BARKER = ("bid", "trump", "discard", "discard-first", "auction-lead")
#: When each ``turn`` variant stops the deal, and the rules its answer depends on.
_TURN_MOMENTS: dict[str, tuple[Callable[[Game], bool], tuple[str, ...]]] = {
    "first-lead": (lambda g: g.phase == Phase.PLAY, ("R6.7",)),
    "next-player": (lambda g: len(g.trick) >= 2, ("R1.2", "R3.1")),
    "next-leader": (lambda g: g.tricks_played >= 1 and not g.trick, ("R3.3",)),
    "bid": (lambda g: len(g.deals[-1].calls) >= 3, ("R9.2", "R9.5")),
    "trump": (lambda g: g.phase == Phase.TRUMP, ("R9.6",)),
    "discard": (lambda g: g.phase == Phase.DISCARD and sum(g.discard_counts) > 0, ("R9.7",)),
    # the first to discard, where the auction's winner, who has just named trump, is not it
    "discard-first": (
        lambda g: (
            g.phase == Phase.DISCARD
            and sum(g.discard_counts) == 0
            and g.deals[-1].bidder != (g.dealer + 1) % g.rules.players
        ),
        ("R9.7",),
    ),
    "auction-lead": (lambda g: g.phase == Phase.PLAY, ("R9.8",)),
}


def _turn(rng: random.Random, d: int, variant: str) -> Made:
    """A ``turn`` puzzle at one moment of a deal (the variant), played by rule-based players."""
    preset = "barker" if variant in _TURN_BARKER else "bruff"
    if (variant == "partners" and d == 1) or (variant == "dealer" and d > 1):
        preset = "barker"
    rules = get_rules(preset)
    pos = _deal(rules, rng)
    seed = rng.randrange(2**31)
    prompt = "Whose turn is it: which seat acts next?"
    if variant == "dealt":  # R6.2: card k of the deal; the hardest around the end of the deal
        n, size = rules.players, rules.hand_size
        low, high = {1: (1, 3 * n), 2: (3 * n + 1, size * n), 3: (size * n - 4, size * n + 2)}[d]
        k = rng.randint(low, high)
        prompt = f"Seat {pos['dealer']} deals. Who receives card number {k} of the deal?"
        return preset, dict(pos, question="dealt", card=k), prompt, ("R6.2", "R1.2")
    if variant == "partners":
        seat = rng.randrange(rules.players)
        prompt = f"Who is seat {seat}'s partner?"
        return preset, dict(pos, question="partners", seat=seat), prompt, ("R1.3",)
    if variant == "bury":
        joker = pos["stock"].index("JK") if "JK" in pos["stock"] else -1
        if joker < 0:
            return None
        pos["stock"][0], pos["stock"][joker] = pos["stock"][joker], pos["stock"][0]
        return preset, pos, prompt, ("R6.4", "R8.7")
    if variant == "ace-turned":  # R6.5, R8.7: the dealer may rob, yet its left leads (R6.7)
        ace = f"A{rng.choice('SHDC')}"
        stock, hands = pos["stock"], pos["hands"]
        holder = next((h for h in hands if ace in h), None)
        if holder is None:
            where = stock.index(ace)
            stock[0], stock[where] = stock[where], stock[0]
        else:
            holder[holder.index(ace)], stock[0] = stock[0], ace
        return preset, pos, prompt, ("R6.7", "R8.7")
    if variant == "next-game":  # R6.1: the deal passes to the left also between games
        scores = [rng.randrange(20, rules.target, 5) for _ in range(rules.n_partnerships)]
        pos = dict(_deal(rules, rng, scores), seed=rng.randrange(2**31))
        g = position_game(rules, pos := _play(pos, rules, seed, lambda g: g.over))
        if not g.over or len(g.deals) < 2:
            return None  # a game of one deal: its dealer would be the first as well
        prompt = "The game is over. Who deals the first deal of the next game?"
        return preset, dict(pos, question="dealer"), prompt, ("R6.1",)
    if variant in ("dealer", "bruff-dealer"):
        pos["seed"] = rng.randrange(2**31)  # shuffles the deal after the first
        deals = 1 + (d if variant == "bruff-dealer" else 1)  # bruff: d deals played already
        stop: Callable[[Game], bool] = lambda g: len(g.deals) >= deals  # noqa: E731
        if d == 3 and variant == "dealer":
            pos = dict(pos, actions=["pass"] * rules.players)  # R9.5: thrown in
        else:
            pos = _play(pos, rules, seed, stop)
        g = position_game(rules, pos)
        if g.over or len(g.deals) != deals:
            return None
        prompt = "Who deals now?"
        dealt: tuple[str, ...] = ("R6.1", "R8.5")
        if preset == "barker":  # R9.5 only where the hand before was thrown in
            dealt = ("R9.1", "R9.5") if g.deals[-2].thrown_in else ("R9.1",)
        return preset, dict(pos, question="dealer"), prompt, dealt
    moment, rule_ids = _TURN_MOMENTS[variant]

    def want(g: Game) -> bool:  # harder: later in the deal
        return moment(g) and (variant != "next-player" or g.tricks_played >= d - 1)

    pos = _play(pos, rules, seed, want)
    g = position_game(rules, pos)
    if g.over or len(g.deals) != 1 or not want(g):
        return None
    if variant == "bid" and d > 1 and not any(c == "pass" for _, c in g.deals[-1].calls):
        return None  # R9.5 asked: a seat that passed is skipped
    return preset, pos, prompt, rule_ids
