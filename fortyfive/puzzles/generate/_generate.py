"""Seeded puzzles of any kind: each kind's title, variants and maker, and the loop that keeps a
candidate only once the engine has started it."""

from __future__ import annotations

import random
from typing import Any

from fortyfive.puzzles.generate._bids import _bid
from fortyfive.puzzles.generate._cards import (
    _cheapest,
    _keep,
    _legal,
    _notation,
    _order,
    _trumps,
    _winner,
)
from fortyfive.puzzles.generate._deal_makers import (
    _calls,
    _game_winner,
    _game_winner_case,
    _give_up,
    _rob,
    _score,
    _score_case,
)
from fortyfive.puzzles.generate._endgame_makers import (
    RACE_THEMES,
    _endgame,
    _race,
    _target,
    _target_choice,
)
from fortyfive.puzzles.generate._turns import _turn
from fortyfive.puzzles.model import KINDS, Puzzle

# Candidates looked at per puzzle before giving up. The rarest, a privileged trump that must be
# played at difficulty 1 (keep), is about 1 candidate in 540: 4000 missed it about once in 1700
# puzzles, and a drill stopped there. Only a miss looks further, so every puzzle found before
# stays the same.
_TRIES = 100_000

TITLES = {
    "order": "Put the cards in order",
    "winner": "Who takes the trick?",
    "cheapest": "Win the trick cheaply",
    "legal": "Which cards may you play?",
    "keep": "Keep or play?",
    "rob": "Who may rob?",
    "score": "What is the score?",
    "game-winner": "Who wins the game?",
    "calls": "Which calls are legal?",
    "target": "Make your target",
    "race": "Win the race to 45",
    "turn": "Whose turn?",
    "bid": "How high would you bid?",
    "notation": "Which words are cards?",
    "trumps": "Which cards are trumps?",
    "give-up": "What to give up when robbing",
}

#: A turn puzzle's title by its question: "Whose turn?" over "Who deals now?" misleads.
_TURN_TITLES = {
    "dealer": "Who deals?",
    "partners": "Who are the partners?",
    "dealt": "Who gets the card?",
}

_VARIANTS: dict[str, list[Any]] = {
    "keep": ["keep", "play", "unprotected"],
    "rob": ["holder", "spades", "dealer", "nobody", "joker"],
    "score": ["bruff", "barker"],
    "target": ["barker-play", "bruff-play"],  # "barker"/"bruff": the first, looser filter
    "turn": ["first-lead", "next-player", "next-leader", "bid", "auction-lead", "dealer"],
    "bid": ["strong", "modest", "rich", "thirty", "rich-bid", "top"],
    "race": list(RACE_THEMES),
}

#: The variants of each difficulty, for a kind whose maker does not grade its puzzles itself:
#: bid hands to judge plainly at difficulty 1, also on 100 or more (R9.4: a pass, or a bid still
#: open) at 2, also the top trumps of a suit (R10.3: worth the top bid, or not) at 3, as in
#: chapter 5. Each twist has answers of both kinds, so that neither the score nor the top trumps
#: alone tell the call; at 2 the twist's two halves come half as often as the plain hands.
_GRADED: dict[str, dict[int, list[Any]]] = {
    "bid": {
        1: ["strong", "modest"],
        2: ["strong", "modest", "rich", "strong", "modest", "rich-bid"],
        3: _VARIANTS["bid"],
    }
}


def variants(kind: str, difficulty: int | None = None) -> list[Any]:
    """The variants :func:`generate_puzzles` cycles through for ``kind`` (``[None]`` for a kind
    that has none), e.g. ``["keep", "play"]`` for keep; with ``difficulty``, those of that
    difficulty (bid grades its hands by variant).

    >>> variants("score"), variants("order")
    (['bruff', 'barker'], [None])
    >>> variants("bid", 1), variants("bid", 3)
    (['strong', 'modest'], ['strong', 'modest', 'rich', 'thirty', 'rich-bid', 'top'])
    """
    return _cycle(kind, difficulty)


def _cycle(kind: str, difficulty: int | None) -> list[Any]:
    if difficulty is not None and kind in _GRADED:
        return list(_GRADED[kind][difficulty])
    return list(_VARIANTS.get(kind, [None]))


def _variant_draws(kind: str, seed: int, difficulty: int) -> random.Random:
    """The stream :func:`generate_puzzles` draws its puzzles' variants from, when not given."""
    return random.Random(f"variant/{kind}/{seed}/{difficulty}")


def drawn_variant(kind: str, seed: int, difficulty: int) -> Any:
    """The variant of the first puzzle ``generate_puzzles(kind, n, seed, difficulty)`` makes.

    >>> drawn_variant("rob", 7, 1) in variants("rob", 1)
    True
    """
    return _variant_draws(kind, seed, difficulty).choice(_cycle(kind, difficulty))


def _make(kind: str, rng: random.Random, d: int, variant: Any) -> Any:
    if kind == "order":
        return _order(rng, d, variant)
    if kind == "winner":
        return _winner(rng, d, variant)
    if kind == "cheapest":
        return _cheapest(rng, d, variant)
    if kind == "legal":
        return _legal(rng, d, variant)
    if kind == "notation":
        return _notation(rng, d)
    if kind == "trumps":
        return _trumps(rng, d, variant)
    if kind == "give-up":
        return _give_up(rng, d, variant)
    if kind == "keep":
        return _keep(rng, d, variant)
    if kind == "rob":
        return _rob(rng, d, variant)
    if kind == "score":
        return (
            _score(rng, d, variant)
            if variant in ("bruff", "barker")
            else _score_case(rng, d, variant)
        )
    if kind == "game-winner":
        return _game_winner(rng, d) if variant is None else _game_winner_case(rng, d, variant)
    if kind == "calls":
        return _calls(rng, d)
    if kind == "turn":
        return _turn(rng, d, variant)
    if kind == "bid":
        return _bid(rng, d, variant)
    if kind == "race":
        return _race(rng, d, variant)
    if variant.endswith("-choice"):
        return _target_choice(rng, d, variant.removesuffix("-choice"))
    if variant in ("barker", "bruff"):
        return _target(rng, d, variant)  # the first filter: some card loses
    return _endgame(rng, d, variant)


def generate_puzzles(
    kind: str,
    n: int,
    seed: int = 0,
    difficulty: int = 1,
    variants: list[Any] | None = None,
    prefix: str | None = None,
) -> list[Puzzle]:
    """``n`` new puzzles of ``kind`` (see :data:`fortyfive.puzzles.model.KINDS`), seeded.

    ``difficulty`` 1-3 picks harder positions (more cards, the AH/joker twists, trump leads
    against protected trumps, uncertain bonuses, races to 45, longer endgames; bid hands judged
    plainly, then also on 100 or more, then also worth the top bid). ``variants`` cycles
    through a kind's variants (e.g. ``["holder", "joker"]`` for rob, ``["barker"]`` for score).
    By default each puzzle draws one of ``variants(kind, difficulty)``, seeded, so that
    nothing follows from a puzzle's place in the list (keep drills that alternated "keep" and
    "play" told the answer). Beyond those: score
    ``bruff-out``, ``bruff-carry``, ``barker-made``, ``barker-failed``, ``barker-sweep``,
    ``barker-30``, ``barker-30-failed``; game-winner ``plain``, ``early``, ``race``, ``jink``,
    ``disagree``, ``barker-both``; target ``<preset>-<theme>`` with the themes ``play``,
    ``draw``, ``renege``, ``bonus``, ``throw``, ``defend`` (barker), ``lead`` (the deal's first
    lead: five tricks, bruff); bid ``strong``, ``modest``, ``rich``,
    ``thirty``, ``rich-bid``, ``top``; turn ``trump``, ``discard``, ``partners``, ``bury``,
    ``ace-turned``; race ``first``, ``give``, ``bonus`` (bruff, R8.1; the solver takes seconds
    to minutes to find one).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; kinds are {KINDS}")
    if difficulty not in (1, 2, 3):
        raise ValueError("difficulty is 1, 2 or 3")
    rng = random.Random(f"{kind}/{seed}/{difficulty}")
    cycle = variants or _cycle(kind, difficulty)  # the parameter hides :func:`variants`
    # its own stream: the positions made for a variant stay those the cycle made
    drawn = _variant_draws(kind, seed, difficulty) if not variants else None
    out: list[Puzzle] = []
    for i in range(n):
        variant = drawn.choice(cycle) if drawn else cycle[i % len(cycle)]
        for _ in range(_TRIES):
            made = _make(kind, rng, difficulty, variant)
            if made is None:
                continue
            preset, pos, prompt, rule_ids = made
            pid = f"{prefix or f'{kind}-{seed}-{difficulty}'}-{i + 1:02d}"
            title = TITLES[kind]
            if kind == "turn":
                title = _TURN_TITLES.get(str(pos.get("question")), title)
            p = Puzzle(pid, kind, preset, pos, prompt, rule_ids, difficulty, title=title)
            try:
                p.start()
            except ValueError:
                continue
            out.append(p)
            break
        else:
            raise RuntimeError(f"no {kind} puzzle of difficulty {difficulty} found")
    return out
