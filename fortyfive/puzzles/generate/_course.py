"""The course's shipped puzzles: each chapter's plan, and its collection rebuilt exactly from
it."""

from __future__ import annotations

from typing import Any

from fortyfive.engine.rulebook import RULE_IDS, cited_rules
from fortyfive.puzzles.generate._generate import generate_puzzles
from fortyfive.puzzles.model import JUDGEMENT_KINDS, Puzzle

#: Each chapter's puzzles by number (``c1-04`` is chapter 1's number 4): (kind, difficulty,
#: variant), each generated from its own seed (the rulebook's worked examples are shown in the
#: chapters' text, never asked). A number is never given to another puzzle: progress files,
#: review queues and teachers' assignments name puzzles by id, so a puzzle that taught too
#: little (a repeat of the one before, or of a worked example) was retired with its number. The
#: judgement puzzles (endgames, what to give up when robbing, how high to bid) are at least 40 %
#: of the course; every endgame and give-up has one right first card, proved by the solver.
#: Chapter 0 asks what it teaches (R1), then tours one puzzle of each chapter to come, its rule
#: shown in the lead-in.
COURSE: dict[int, dict[int, tuple[str, int, Any]]] = {
    0: {
        1: ("notation", 1, None),  # R1.1
        2: ("turn", 1, "partners"),  # R1.3, barker
        3: ("notation", 3, None),  # R1.1: letter case, the ten, the joker
        4: ("turn", 1, "next-player"),  # R1.2, R3.1
        5: ("order", 1, None),  # the tour: chapter 1
        # chapter 2, each with a trap beyond the rule shown: AH above the ace of trumps (R2.3),
        # AH no heart (R2.2), the joker led above AH (R5.2)
        13: ("winner", 1, "ah-ace"),
        14: ("legal", 1, "ah-heart"),
        15: ("keep", 2, "play"),
        9: ("give-up", 1, "single"),  # chapter 3: what to give up when robbing
        10: ("score", 1, "bruff"),  # chapter 4
        11: ("bid", 1, "modest"),  # chapter 5: how high to bid
        12: ("target", 1, "barker-defend"),  # chapter 6: beat a contract
    },
    1: {
        1: ("order", 1, "D"),
        3: ("trumps", 1, None),  # R2.1, R2.2
        4: ("target", 1, "bruff-bonus"),  # TH takes the trick over 8H: red trumps run upwards
        5: ("target", 3, "bruff-bonus"),
        9: ("winner", 1, None),  # the plain order: a black queen over the ace (R2.4)
        10: ("trumps", 3, None),
        11: ("order", 3, "S"),
        # win the trick cheaply: the lowest card that takes it, which whist's order misses
        16: ("cheapest", 1, "black"),  # clubs: 9C, below 3C, still takes a spade trick
        17: ("cheapest", 1, "ace"),  # diamonds: AD, the ace of trumps, ranks below JD
        18: ("cheapest", 2, "top"),  # AH overtrumps AD, the ace of trumps: keep JD
        19: ("order", 2, "joker"),  # hearts: the joker above AH, itself the ace of trumps
        20: ("winner", 3, "joker"),  # the joker led: JD above it, AD below, 5S and JS plain
    },
    2: {
        1: ("winner", 2, None),
        25: ("turn", 1, "next-leader"),  # R3.3, once the trick's winner is found: a low club
        4: ("target", 2, "barker-play"),  # throw the lead: the trick's winner leads (R3.3)
        5: ("target", 1, "barker-renege"),  # keep a guard (R5.2, R5.3)
        8: ("legal", 1, "no-trump"),  # R5.5
        10: ("legal", 3, "ah-led"),  # R2.2
        14: ("keep", 3, "later"),  # R5.4
        15: ("target", 2, "bruff-draw"),
        19: ("target", 1, "barker-play"),
        # the ace of trumps is not protected, so a trump must be played, but any will do: the
        # privileged jack too, and no plain card, the plain jack neither (R5.2, R5.3)
        24: ("legal", 3, "ace-kept"),
        # win the trick cheaply, holding the suit led: follow with a winner, or trump
        22: ("cheapest", 3, "follow"),  # JD, not a trump: AD is the lowest diamond (R2.4)
        23: ("cheapest", 3, "ruff"),  # 6S follows, and loses to 3S: trump with 8D, not AD
    },
    3: {
        2: ("turn", 2, "dealt"),  # R6.2
        3: ("give-up", 2, "single"),
        4: ("trumps", 3, "turnup"),  # R6.3: a heart turned up, so every heart is a trump
        5: ("turn", 2, "ace-turned"),  # R6.7, R8.7: the dealer may rob, yet its left leads
        6: ("give-up", 2, "not-weakest"),  # the weakest card is not the one to give up
        8: ("rob", 2, "nobody"),  # the ace of trumps undealt: AH and the joker give no right
        13: ("rob", 3, "joker-dealer"),  # R6.4, R6.6: the dealer took the joker, yet robs
        14: ("rob", 2, "dealer-before"),  # R6.6, R8.7: the trick under way, the dealer last
        15: ("rob", 3, "after"),  # R6.6
        18: ("give-up", 1, "not-weakest"),
        # the opening lead (R6.7): not the hand's top trump, the rule of thumb's lead
        20: ("target", 3, "bruff-lead"),
        19: ("turn", 3, "next-game"),  # R6.1: the deal passes left also from game to game
    },
    4: {
        3: ("score", 3, "bruff"),
        4: ("score", 2, "bruff-out"),
        5: ("score", 3, "bruff-carry"),
        7: ("game-winner", 1, "plain"),  # 45 with a bonus not yet certain: won at the end (R8.2)
        9: ("game-winner", 2, "race"),
        12: ("game-winner", 3, "jink"),
        16: ("score", 3, "bruff-robbed"),  # the 5 turned up, but robbed: the bonus stays open
        # races to 45 (R8.1), each won by one card though another takes as many points
        18: ("race", 1, "give"),  # give the trick to a partnership that still needs two
        19: ("race", 2, "first"),  # take the trick now: it gets there before the others
        20: ("race", 3, "bonus"),  # the bonus counts back to its trick once certain (R8.2)
        21: ("race", 2, "bonus"),  # a plain king takes trick 3; the bonus makes 45 at trick 4
        22: ("race", 2, "give"),  # give trick 3 away, or C's open bonus brings it to 45 first
    },
    5: {
        1: ("calls", 2, None),  # the dealer after three passes: no hold, and no forced bid
        5: ("turn", 3, "dealer"),  # R9.1, R9.5: a hand thrown in
        6: ("bid", 1, "strong"),
        7: ("bid", 2, "modest"),
        9: ("bid", 3, "thirty"),
        10: ("turn", 1, "trump"),
        11: ("turn", 2, "discard-first"),  # dealer's left, not the auction's winner
        12: ("turn", 1, "auction-lead"),
        14: ("score", 2, "barker-failed"),
        18: ("game-winner", 3, "barker-both"),
        19: ("target", 2, "barker-defend"),  # beat the contract
        20: ("target", 3, "barker-defend"),
    },
    6: {
        1: ("target", 1, "barker-play"),
        4: ("target", 3, "barker-throw"),
        6: ("target", 3, "bruff-throw"),
        7: ("target", 3, "bruff-play"),
        9: ("target", 2, "barker-defend"),
        10: ("target", 3, "barker-defend"),
        11: ("target", 2, "bruff-play"),
        14: ("target", 3, "barker-play"),  # a plain ten led, the ace of trumps kept
        16: ("bid", 2, "rich"),  # a whole game: bidding and robbing judged too
        17: ("bid", 2, "top"),
        18: ("bid", 3, "rich-bid"),
        20: ("calls", 3, None),  # the dealer on 100 or more may not hold a bid of 10 (R9.4)
    },
}

#: The numbers of puzzles the course has retired, by chapter, never given to another puzzle
#: (each repeated a puzzle before it, a worked example of its chapter or another endgame's
#: shape, or was answered right by a naive reading).
RETIRED: dict[int, tuple[int, ...]] = {
    0: (6, 7, 8),
    1: (2, 6, 7, 8, 12, 13, 14, 15),
    2: (2, 3, 6, 7, 9, 11, 12, 13, 16, 17, 18, 20, 21),
    3: (1, 7, 9, 10, 11, 12, 16, 17),
    4: (1, 2, 6, 8, 10, 11, 13, 14, 15, 17),
    5: (2, 3, 4, 8, 13, 15, 16, 17),
    6: (2, 3, 5, 8, 12, 13, 15, 19),
}

#: Seeds other than the plan's own (``1000 * chapter + number - 1``), each chosen by asking what
#: a naive reader would answer (a whist player's winner or legal cards, ace-high order, the
#: hand's highest trump or highest card led, the lowest card given up) and keeping a position
#: where that answer is wrong; an endgame's also by its shape (tricks left, the hand's trumps and
#: plain cards by rank, the place of the one right card), so that no two endgames of the course
#: are the same exercise; or where the plan's first position gave its answer away next to the
#: chapter's text (c3-05's dealer is neither the worked examples' nor the deal summary's).
SEEDS: dict[str, int] = {
    "c0-05": 68,  # J, then AH, then the king: the order shown must be applied, not copied
    "c0-10": 20,  # 5H takes JH's trick: the bonus is settled and counted (R7.3)
    "c0-12": 53,  # defence: a plain jack, not the king, takes the trick that beats the contract
    "c0-13": 9,  # a heart led, AS and AH trump it: AH, above the ace of trumps, takes it
    "c0-14": 13,  # 7H led and AH the only "heart": no heart held, so any card (R2.2, R4.3)
    "c0-15": 16,  # the joker led ranks above AH: AH, protected, must still be played (R5.2)
    "c1-03": 1052,  # clubs: AH, 7C and 5C, not 2H nor the plain 5D
    "c1-04": 1240,  # TH, the middle trump, wins over 8H; neither 4H nor the top trump, 5H
    "c1-05": 1016,  # throw a loser first, keeping the joker, the deal's top trump, for later
    "c1-09": 1090,  # QS over AS in a plain suit: whist gives the trick to the ace
    "c1-10": 1125,  # hearts: JK, 5H and AH, not AC nor the other two fives
    "c1-16": 1015,  # 5C, 3C and 9C all take the trick: 9C, a whist player's highest club
    "c1-17": 1015,  # JD and AD take it: AD, which a whist player keeps as the higher
    "c1-18": 1018,  # AD trumped the heart led: AH, no heart, beats it; JD is kept for later
    "c1-19": 1044,  # 5H > JK > AH > QH > 2H: no king, and no ladder of hearts shown
    "c1-20": 1137,  # JD over the joker led; AD, the plain 5S and JS take nothing
    "c2-01": 2002,  # 3C over 7C: the black trumps' pips run backwards
    "c2-25": 2072,  # clubs: 2C takes the trick over 7C, 6C and 4C, and its seat leads next
    "c2-04": 2237,  # no trump in hand: give the trick away with 7S, keep the winners
    "c2-14": 2017,  # the joker played after the lead: AH is still privileged (not the 5, J)
    "c2-15": 2018,  # draw with the 7, keeping AH: not the top trump first
    "c2-19": 2363,  # JD, neither the highest card (QC) nor the lowest (TS)
    "c2-24": 2045,  # JK led between JC and AC: both, and not JS, the black jack no trump
    "c2-22": 2022,  # whist gives the trick to AD, the lowest diamond: JD beats 8D, no trump needed
    "c2-23": 2051,  # 3S ranks above 6S in plain spades: trump with 8D, the lowest trump, not
    # the 6S a whist player follows with, nor 9D or AD
    "c3-04": 3025,  # a heart turned up: every heart is a trump, not AH alone
    "c3-05": 3008,  # AD turned up: the dealer may rob it, but seat 3 acts first
    "c3-08": 3008,  # AD in the stock: nobody robs, though AH and the joker are both dealt
    "c3-13": 3014,  # the dealer holds the joker and AC; AH is another seat's
    "c3-18": 3107,  # give up KC, not 3D: the king would overtake the partner's QC
    "c4-07": 4100,  # A on 45 at trick 4 only with JC's open bonus: won after trick 5, not 4
    # races: the first seed whose winning card does what the theme says
    "c4-18": 0,  # JH gives trick 3 to C, which still needs two; after QS, C gets there first
    "c4-19": 3,  # KC takes trick 3 now; AS takes as many points, and C gets there first
    "c4-20": 0,  # 4D: the bonus of trick 1 counts back, so A needs two tricks before C's two
    "c4-21": 4,  # KS takes trick 3, and JD's trick 4 with the bonus brings B to 45 there; JH
    # scores as many points, but A gets there first
    "c4-22": 4,  # TS gives trick 3 to A; AD takes it, and C's bonus of trick 1 wins at trick 4
    "c5-01": 5034,  # three passes, the dealer to call: no bid to hold, yet it may pass
    "c5-07": 5111,  # no honour at all, and yet worth 10: the partner's trick and the trumps
    "c5-19": 5124,  # defend with the plain QH, keeping the trump
    "c5-20": 5958,  # lead 2D to the partner's AD, keeping QD: neither the high trump nor a plain
    "c6-01": 1122,
    "c6-04": 6720,
    "c6-07": 4555,  # QS, not KC, the highest card: count the tricks before the first
    "c6-14": 6118,  # TH, neither a trump nor the lowest card, where AS is kept
    "c6-16": 6042,  # four clubs with the ace and another ace, yet on 100 or more: pass (R9.4)
    "c6-17": 6014,
    "c6-18": 6015,
    "c6-20": 6505,  # 10 bid, the dealer's side on 115: neither hold nor 15, but 20 or more
}


def course_variant(pid: str) -> Any:
    """The variant the course made puzzle ``pid`` with (None: the kind's own, or no such
    puzzle).

    >>> course_variant("c3-04")
    'turnup'
    >>> course_variant("c9-99") is None
    True
    """
    chapter, _, number = pid.removeprefix("c").partition("-")
    if not (chapter.isdigit() and number.isdigit()):
        return None
    return COURSE.get(int(chapter), {}).get(int(number), (None, None, None))[2]


def build_collection(chapter: int, only: int | None = None) -> list[Puzzle]:
    """Chapter ``chapter``'s shipped puzzles, ids ``c<chapter>-01`` ..., rebuilt exactly from
    :data:`COURSE` (the shipped JSON is this function's output); with ``only``, the puzzle of
    that number alone (each is made from its own seed, so it is the same either way)."""
    out = []
    for number, (kind, d, variant) in COURSE[chapter].items():
        if only is not None and number != only:
            continue
        pid = f"c{chapter}-{number:02d}"
        seed = SEEDS.get(pid, 1000 * chapter + number - 1)
        (p,) = generate_puzzles(kind, 1, seed, d, [variant] if variant else None)
        data = {**p.to_dict(), "id": pid, "chapter": chapter}
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
    first), the race's winning card against the one that takes as many points
    (:func:`~fortyfive.puzzles._race_kind.race_principle`), the card to give up and why, or the
    call the hand is worth."""
    from fortyfive.puzzles._bidding import BidRun
    from fortyfive.puzzles._endgame_kind import TargetRun, keeping_moves
    from fortyfive.puzzles._endgame_kind import principle as endgame_principle
    from fortyfive.puzzles._give_up import LOWEST_IN_SUIT, GiveUpRun, kept_card_role
    from fortyfive.puzzles._race_kind import RaceRun, race_principle

    run = p.start()
    if isinstance(run, RaceRun):
        return race_principle(run.game)
    if isinstance(run, TargetRun):
        (move,) = keeping_moves(run.game, run.target)
        return endgame_principle(run.game, move, run.target, theme)
    if isinstance(run, GiveUpRun):
        (card,) = run.right
        if run.club is not None and run.club != card:
            role = kept_card_role(run, card, run.club) or "still earns its place"
            return (
                f"Rank alone does not choose the card to give up: here {run.club}, the card a "
                f"rule of thumb gives up ({LOWEST_IN_SUIT}), {role}, and {card} is the card "
                "your side can best spare."
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
