"""The course's shipped puzzles: each chapter's plan, and its collection rebuilt exactly from
it."""

from __future__ import annotations

from typing import Any

from fortyfive.engine.rulebook import RULE_IDS, cited_rules
from fortyfive.puzzles.generate._generate import generate_puzzles
from fortyfive.puzzles.model import JUDGEMENT_KINDS, Puzzle

#: Each chapter's puzzles: (kind, difficulty, variant) in order, generated from the chapter's
#: seed (the rulebook's worked examples are shown in the chapters' text, never asked). The
#: judgement puzzles (endgames, what to give up when robbing, how high to bid) are at least 40 %
#: of the course; every endgame and give-up has one right first card, proved by the solver.
#: Chapter 0 asks what it teaches (R1), then tours one puzzle of each chapter to come, its rule
#: shown in the lead-in.
COURSE: dict[int, list[tuple[str, int, Any]]] = {
    0: [
        ("notation", 1, None),  # R1.1
        ("turn", 1, "partners"),  # R1.3, barker
        ("notation", 3, None),  # R1.1: letter case, the ten, the joker
        ("turn", 1, "next-player"),  # R1.2, R3.1
        ("order", 1, None),  # the tour: chapter 1
        ("winner", 1, None),  # chapter 1
        ("legal", 1, None),  # chapter 2
        ("keep", 2, "play"),  # chapter 2
        ("give-up", 1, "single"),  # chapter 3: what to give up when robbing
        ("score", 1, "bruff"),  # chapter 4
        ("bid", 1, "modest"),  # chapter 5: how high to bid
        ("target", 1, "barker-draw"),  # chapter 6: draw trumps
    ],
    1: [
        ("order", 1, "D"),
        ("order", 1, "S"),  # the black pips run backwards (R2.3)
        ("trumps", 1, None),  # R2.1, R2.2
        ("target", 1, "bruff-bonus"),  # which trump is the highest of the deal
        ("target", 3, "bruff-bonus"),
        ("order", 2, "joker"),
        ("order", 2, "C"),
        ("target", 1, "barker-draw"),  # the top trump pulls the lower ones (R2.3, R5.1)
        ("winner", 2, "ah"),  # R2.2
        ("trumps", 3, None),
        ("order", 3, "S"),
        ("order", 3, "D"),
        ("winner", 3, None),
        ("target", 2, "barker-bonus"),
    ],
    2: [
        ("winner", 2, None),
        ("turn", 1, "next-leader"),  # R3.3
        ("turn", 2, "next-player"),  # R3.1
        ("target", 2, "barker-draw"),  # a trump lead must be followed (R5.1)
        ("target", 1, "barker-renege"),  # keep a guard (R5.2, R5.3)
        ("legal", 2, "not-beat"),  # R3.4
        ("legal", 2, "ah-heart"),  # R2.2
        ("legal", 1, "no-trump"),  # R5.5
        ("legal", 3, None),
        ("legal", 3, "ah-led"),  # R2.2
        ("legal", 3, "joker-led"),  # R2.2
        ("keep", 2, "play"),
        ("keep", 3, "keep"),
        ("keep", 3, "later"),  # R5.4
        ("target", 2, "bruff-draw"),
        ("target", 3, "bruff-renege"),
    ],
    3: [
        ("give-up", 1, "single"),  # strategy: what to give up when robbing
        ("turn", 2, "dealt"),  # R6.2
        ("give-up", 2, "single"),
        ("trumps", 1, "turnup"),  # R6.3
        ("turn", 1, "first-lead"),  # R6.7
        ("give-up", 2, "not-weakest"),  # the weakest card is not the one to give up
        ("turn", 2, "bruff-dealer"),  # R6.1, two deals played
        ("rob", 1, "holder"),
        ("rob", 2, "spades"),
        ("rob", 2, "dealer"),
        ("rob", 2, "nobody"),
        ("turn", 2, "bury"),  # R6.4, R8.7
        ("rob", 3, "joker"),
        ("rob", 2, "before"),  # R6.6, R8.7: the first trick under way
        ("rob", 3, "after"),  # R6.6
        ("give-up", 3, "single"),
        ("give-up", 3, "not-weakest"),
    ],
    4: [
        ("target", 1, "bruff-throw"),  # throw the lead
        ("target", 2, "bruff-bonus"),  # timing the bonus
        ("score", 3, "bruff"),
        ("score", 2, "bruff-out"),
        ("score", 3, "bruff-carry"),
        ("target", 1, "bruff-bonus"),
        ("game-winner", 1, "plain"),
        ("target", 3, "bruff-bonus"),
        ("game-winner", 2, "race"),
        ("game-winner", 2, "disagree"),
        ("target", 2, "bruff-throw"),
        ("game-winner", 3, "jink"),
    ],
    5: [
        ("calls", 1, None),
        ("bid", 2, "rich-bid"),  # R9.4: on 100 or more, a bid still worth making
        ("calls", 3, None),
        ("turn", 2, "bid"),
        ("turn", 3, "dealer"),  # R9.1, R9.5: a hand thrown in
        ("bid", 1, "strong"),
        ("bid", 2, "modest"),
        ("bid", 3, "rich"),
        ("bid", 3, "thirty"),
        ("turn", 1, "trump"),
        ("turn", 2, "discard"),
        ("turn", 1, "auction-lead"),
        ("score", 1, "barker-made"),
        ("score", 2, "barker-failed"),
        ("score", 2, "barker-sweep"),
        ("score", 3, "barker-30"),
        ("score", 3, "barker-30-failed"),
        ("game-winner", 3, "barker-both"),
        ("target", 2, "barker-defend"),  # beat the contract
        ("target", 3, "barker-defend"),
    ],
    6: [
        ("target", 1, "barker-draw"),
        ("target", 1, "bruff-renege"),
        ("target", 2, "barker-throw"),
        ("target", 2, "bruff-bonus"),
        ("target", 2, "barker-renege"),
        ("target", 3, "bruff-throw"),
        ("target", 2, "barker-bonus"),
        ("target", 3, "bruff-draw"),
        ("target", 2, "barker-defend"),
        ("target", 3, "barker-defend"),
        ("target", 2, "bruff-play"),
        ("target", 3, "barker-play"),
        ("target", 2, "bruff-throw"),
        ("target", 3, "barker-draw"),
        ("target", 3, "bruff-renege"),
    ],
}

#: Seeds other than the plan's own (``1000 * chapter + index``) where the plan's first position
#: would give its answer away next to the chapter's text (c3-05's dealer was the worked
#: example's, c5-01's auction a row of the chapter's auction table), ask more than the tour
#: shows (c0-12: a defence against a contract, not only drawing trumps), or be answered right by
#: a whist player's instinct (c1-09, c2-01).
SEEDS: dict[tuple[int, int], int] = {
    (0, 11): 13,
    (1, 8): 1009,  # the plan's AH won a trick of hearts, as the highest heart would in whist
    (2, 0): 2002,  # the plan's QD won as the highest diamond would in whist
    (3, 4): 3104,
    # the plan's endgame was won by leading the hand's highest trump, what a beginner does
    # anyway: these ask for another card (a lower trump to draw with, the bonus kept for later)
    (4, 1): 4524,
    (4, 5): 4601,
    (4, 7): 4651,
    (5, 0): 5100,
    (5, 19): 5881,
    (6, 6): 6621,
    (6, 13): 6769,
}


def build_collection(chapter: int, only: int | None = None) -> list[Puzzle]:
    """Chapter ``chapter``'s shipped puzzles, ids ``c<chapter>-01`` ..., rebuilt exactly from
    :data:`COURSE` (the shipped JSON is this function's output); with ``only``, the puzzle at
    that index alone (each is made from its own seed, so it is the same either way)."""
    out = []
    for i, (kind, d, variant) in enumerate(COURSE[chapter]):
        if only is not None and i != only:
            continue
        seed = SEEDS.get((chapter, i), 1000 * chapter + i)
        (p,) = generate_puzzles(kind, 1, seed, d, [variant] if variant else None)
        data = {**p.to_dict(), "id": f"c{chapter}-{i + 1:02d}", "chapter": chapter}
        data["rules"] = with_cited_rules(p)
        if kind in JUDGEMENT_KINDS:
            data["principle"] = principle_of(p, str(variant).partition("-")[2])
        out.append(Puzzle.from_dict(data))
    return out


def with_cited_rules(p: Puzzle) -> list[str]:
    """The puzzle's rule tags and every rule its solution cites, in the rulebook's order: a
    learner who reads "R5.2" in the answer finds the puzzle under R5.2 in "Puzzles by rule".

    >>> (p,) = generate_puzzles("legal", 1, seed=6, difficulty=2, variants=["not-beat"])
    >>> set(with_cited_rules(p)) >= set(p.rules)
    True
    """
    cited = cited_rules(p.start().solution().message)
    return [r for r in RULE_IDS if r in cited or r in p.rules]


def principle_of(p: Puzzle, theme: str = "") -> str:
    """The one sentence a judgement puzzle teaches, worked out from its position by the engine:
    the endgame's key move (:func:`~fortyfive.puzzles._endgame_kind.principle`, its ``theme``
    first), the card to give up and why, or the call the hand is worth."""
    from fortyfive.puzzles._bidding import BidRun
    from fortyfive.puzzles._endgame_kind import TargetRun, keeping_moves
    from fortyfive.puzzles._endgame_kind import principle as endgame_principle
    from fortyfive.puzzles._give_up import GiveUpRun

    run = p.start()
    if isinstance(run, TargetRun):
        (move,) = keeping_moves(run.game, run.target)
        return endgame_principle(run.game, move, run.target, theme)
    if isinstance(run, GiveUpRun):
        (card,) = run.right
        if run.club is not None and run.club != card:
            return (
                f"The weakest-looking card is not always the one to give up: here {run.club} "
                f"still earns its place, and {card} is the card that can take nothing."
            )
        return (
            f"Rob, and give up the card that can take no trick in these hands ({card}): every "
            "trump you keep can win a trick or the bonus."
        )
    assert isinstance(run, BidRun)
    j, r = run.judgement, run.rules_
    if j.call == "pass":
        return (
            f"On {r.high_score} or more the low bids are closed: a hand that does not take "
            f"{r.high_score_min_bid} passes."
        )
    bid = int(j.call.split()[1])
    if bid == r.bids[-1]:
        return (
            f"Bid {bid} with a hand that takes every trick often enough: a made {bid} scores "
            f"double and a failed one costs only {bid}."
        )
    return (
        f"Bid up to what the hand takes in its best trump suit, with about one trick from your "
        f"partner, and no higher: {bid} here."
    )
