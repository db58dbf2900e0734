"""Generated puzzles: :func:`generate_puzzles` makes seeded puzzles of any kind, and
:func:`build_collection` assembles the course's shipped chapters from the same generators.

Positions come from real play (legal cards, rule-based players for whole deals), and each
candidate is checked by starting it (the engine must accept it) before it is kept.

>>> ps = generate_puzzles("winner", 3, seed=5, difficulty=2)
>>> len(ps), {p.kind for p in ps}
(3, {'winner'})
>>> generate_puzzles("winner", 3, seed=5, difficulty=2) == ps
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fortyfive.agents.bots import make_bot
from fortyfive.engine.cards import AH_ID, CARDS, JOKER_ID, SUIT_NAMES, SUITS
from fortyfive.engine.dealing import deal_pack
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import BARKER, BRUFF, Rules, get_rules, rules_tables
from fortyfive.engine.tricks import legal_mask
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles.model import KINDS, Puzzle

Position = dict[str, Any]
#: What a kind's maker returns: (preset, position, prompt, rule ids), or None to try again.
Made = tuple[str, Position, str, tuple[str, ...]] | None
_TRIES = 4000  # candidates looked at per puzzle before giving up


def _names(ids: list[int]) -> list[str]:
    return [str(CARDS[c]) for c in ids]


def _deal(rules: Rules, rng: random.Random, scores: list[int] | None = None) -> Position:
    """A shuffled first deal in :meth:`Game.from_deal` form (R6.2, R9.1)."""
    ids = list(range(rules.deck_size))
    rng.shuffle(ids)
    dealer = rng.randrange(rules.players)
    hands, stock = deal_pack(rules, dealer, ids)
    return {
        "dealer": dealer,
        "hands": [_names(h) for h in hands],
        "stock": _names(stock),
        "scores": scores or [0] * rules.n_partnerships,
    }


def _play(pos: Position, rules: Rules, seed: int, stop: Callable[[Game], bool]) -> Position:
    """``pos`` with the actions rule-based players take until ``stop`` (or the game ends)."""
    g = position_game(rules, pos)
    bot = make_bot("rule", seed)
    actions = list(pos.get("actions", []))
    while not g.over and not stop(g):
        assert g.to_act is not None
        a = bot.choose(g, g.to_act)
        g.apply(a)
        actions.append(a)
    return dict(pos, actions=actions)


def _random_trick(
    rules: Rules, rng: random.Random, length: int, trump: str | None = None
) -> tuple[str, list[list[int]], list[int]]:
    """(trump, hands, trick): random 5-card hands and ``length`` legal cards from seat 0 on."""
    trump = trump or rng.choice(SUITS)
    t = rules_tables(rules, trump)
    ids = list(range(rules.deck_size))
    rng.shuffle(ids)
    size = rules.hand_size
    hands = [ids[size * s : size * (s + 1)] for s in range(rules.players)]
    trick: list[int] = []
    for s in range(length):
        m = legal_mask(t, sum(1 << c for c in hands[s]), trick[0] if trick else -1)
        trick.append(rng.choice([c for c in hands[s] if m >> c & 1]))
    return trump, hands, trick


# ---------------------------------------------------------------------------- per kind


def _order(rng: random.Random, d: int) -> Made:
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    trump = rng.choice("DH" if d == 1 else SUITS)
    t = rules_tables(rules, trump)
    size = {1: 4, 2: 5, 3: 6}[d]
    trumps = list(t.order)
    if d < 3:
        cards = rng.sample(trumps, size)
        where = "these trumps"
    else:
        plain = rng.choice([s for s in range(4) if s != t.trump])
        cards = rng.sample(trumps, 3) + rng.sample(list(t.plain[plain]), size - 3)
        where = f"these cards, ranked as in a trick led in {SUIT_NAMES[SUITS[plain]]},"
    rng.shuffle(cards)
    prompt = f"Click {where} from the highest to the lowest."
    rule_ids = ("R2.3", "R2.4") if d == 3 else ("R2.3",)
    return rules.name, {"trump": trump, "cards": _names(cards)}, prompt, rule_ids


def _winner(rng: random.Random, d: int) -> Made:
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    trump, _, trick = _random_trick(rules, rng, rules.players)
    t = rules_tables(rules, trump)
    trumps = [c for c in trick if t.is_trump(c)]
    special = any(c in (AH_ID, JOKER_ID) for c in trumps) or (trump in "SC" and len(trumps) >= 2)
    if (d == 1 and len(trumps) > 1) or (d == 2 and not trumps) or (d == 3 and not special):
        return None
    pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
    return rules.name, pos, "Which card takes this trick? Click it.", ("R3.2", "R2.3", "R2.4")


def _legal(rng: random.Random, d: int) -> Made:
    rules = rng.choice([BRUFF, BARKER])
    k = rng.randrange(1, rules.players)
    trump, hands, trick = _random_trick(rules, rng, k)
    t = rules_tables(rules, trump)
    hand = hands[k]
    lead_trump = t.eff_suit[trick[0]] == 4
    held = [c for c in hand if t.is_trump(c)]
    if d == 1 and (lead_trump or not held):
        return None
    if d == 2 and (lead_trump or not any(t.eff_suit[c] == t.eff_suit[trick[0]] for c in hand)):
        return None
    if d == 3 and not (lead_trump and any(t.protected >> c & 1 for c in held)):
        return None
    rule_ids = ("R5.1", "R5.2", "R5.3") if lead_trump else ("R4.1", "R4.2", "R4.3")
    pos = {"trump": trump, "leader": 0, "trick": _names(trick), "hand": _names(hand)}
    return rules.name, pos, "Select every card you may play to this trick, then Check.", rule_ids


def _keep(rng: random.Random, d: int, want: str) -> Made:
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    k = rng.randrange(1, rules.players)
    trump, hands, trick = _random_trick(rules, rng, k)
    t = rules_tables(rules, trump)
    hand = hands[k]
    mine = [c for c in hand if t.protected >> c & 1]
    if t.eff_suit[trick[0]] != 4 or not mine:
        return None
    card = rng.choice(mine)
    m = legal_mask(t, sum(1 << c for c in hand), trick[0])
    keep = any(m >> c & 1 for c in hand if c != card)
    if ("keep" if keep else "play") != want:
        return None
    pos = {
        "trump": trump,
        "leader": 0,
        "trick": _names(trick),
        "hand": _names(hand),
        "card": str(CARDS[card]),
    }
    prompt = f"A trump is led. May you keep your {CARDS[card]} and play another card?"
    return rules.name, pos, prompt, ("R5.2", "R5.3")


def _rob(rng: random.Random, d: int, want: str) -> Made:
    pos = _deal(BRUFF, rng)
    stock = pos["stock"]
    if want == "joker":
        if "JK" not in stock:
            return None
        stock.remove("JK")
        stock.insert(0, "JK")
    top = stock[1] if stock[0] == "JK" else stock[0]
    trump = top[1]
    ace = "A" + trump
    holder = next((s for s, h in enumerate(pos["hands"]) if ace in h), None)
    cases = {
        "holder": holder is not None and trump != "S",
        "spades": trump == "S" and any("AH" in h for h in pos["hands"]),
        "dealer": top == ace,
        "nobody": holder is None and top != ace,
        "joker": stock[0] == "JK",
    }
    if not cases[want]:
        return None
    if stock[0] == "JK":
        g = position_game(BRUFF, pos)
        pos["actions"] = [rng.choice(g.legal_actions())]
    rule_ids = ("R6.4", "R6.5", "R6.6") if stock[0] == "JK" else ("R6.5", "R6.6")
    return "bruff", pos, "The cards are dealt and a card turned up. Who may rob it?", rule_ids


def _score(rng: random.Random, d: int, preset: str) -> Made:
    rules = get_rules(preset)
    seed = rng.randrange(2**31)
    if rules.auction:
        top = 110 if d == 3 else 100
        scores = [rng.randrange(0, top, 5) for _ in range(2)]
        pos = _play(_deal(rules, rng, scores), rules, seed, lambda g: len(g.deals) > 1)
        g = position_game(rules, pos)
        if g.over or g.deals[0].thrown_in or (d == 3 and g.deals[0].made):
            return None
        prompt = "The hand is over. Type each partnership's score after it."
        return preset, pos, prompt, ("R10.1", "R10.2", "R10.3", "R10.4")
    k = {1: 2, 2: 3, 3: rng.choice([3, 4])}[d]
    scores = [0, 0, 0] if d == 1 else [rng.randrange(0, 15, 5) for _ in range(3)]
    pos = _play(_deal(rules, rng, scores), rules, seed, lambda g: g.tricks_played >= k)
    g = position_game(rules, pos)
    if g.over or g.tricks_played != k:
        return None
    certain = g.bonus_certain()
    if (d == 3 and certain) or (d == 2 and not certain):
        return None
    prompt = (
        f"{k} tricks of this deal are played. Type each partnership's running score, and "
        "say whether the bonus is certain yet."
    )
    return preset, pos, prompt, ("R7.1", "R7.2", "R7.3", "R8.6")


def _game_winner(rng: random.Random, d: int) -> Made:
    seed = rng.randrange(2**31)
    base = _play(_deal(BRUFF, rng), BRUFF, seed, lambda g: g.deal_number > 1)
    actions = base["actions"]
    full = position_game(BRUFF, dict(base, actions=actions))
    deal = full.deals[0]
    if len(deal.tricks) != 5:
        return None
    winners = [BRUFF.partnerships[t.winner] for t in deal.tricks]
    jink = len(set(winners)) == 1
    step, target = BRUFF.trick_points, BRUFF.target
    scores = [rng.randrange(15, target, step) for _ in range(3)] if not jink else [0, 5, 10]
    pos = dict(base, scores=scores)
    g = position_game(BRUFF, pos, until_over=True)
    if not g.over or len(g.deals) != 1:
        return None
    k = len(g.deals[0].tricks)
    reached = sum(
        1 for s, p0 in zip(full.scores, range(3), strict=True) if scores[p0] + s >= target
    )
    kind = "jink" if jink else ("race" if reached >= 2 else ("early" if k < 5 else "plain"))
    want = {1: ("plain", "early"), 2: ("early", "race"), 3: ("race", "jink")}[d]
    if kind not in want:
        return None
    prompt = "Here is a whole deal. Which partnership wins the game, and after which trick?"
    rule_ids = ("R8.1", "R8.2", "R8.3", "R8.6") + (("R8.4",) if jink else ())
    return "bruff", pos, prompt, rule_ids


def _calls(rng: random.Random, d: int) -> Made:
    rich, step = BARKER.high_score, BARKER.trick_points  # R9.4: 100 or more bid 20 at least
    scores = [rng.randrange(0, rich, step) for _ in range(2)]
    if d == 3:
        scores[rng.randrange(2)] = rng.randrange(rich, BARKER.target, step)
    pos = _deal(BARKER, rng, scores)
    k = rng.randrange(1, 4)
    pos = _play(pos, BARKER, rng.randrange(2**31), lambda g: len(g.deals[-1].calls) >= k)
    g = position_game(BARKER, pos)
    if g.phase != Phase.BID or len(g.deals) != 1:
        return None
    if d == 2 and g.to_act != g.dealer:
        return None
    if d == 3 and g.scores[BARKER.partnerships[g.to_act or 0]] < rich:
        return None
    prompt = f"Seat {g.to_act} is to call. Select every call it may make, then Check."
    return "barker", pos, prompt, ("R9.2", "R9.3", "R9.4")


def _target(rng: random.Random, d: int, preset: str) -> Made:
    from fortyfive.solve.solver import solve

    rules = get_rules(preset)
    left = {1: 2, 2: 3, 3: 3}[d]
    done = rules.hand_size - left  # tricks played before the endgame starts
    seed = rng.randrange(2**31)
    pos = _play(
        _deal(rules, rng),
        rules,
        seed,
        lambda g: g.phase == Phase.PLAY and g.tricks_played >= done and not g.trick,
    )
    g = position_game(rules, pos)
    if g.over or g.phase != Phase.PLAY or g.tricks_played != done or len(g.deals) != 1:
        return None
    s = solve(g)
    worse = [a for a, v in s.values.items() if v < s.value]
    if not worse or len(s.best) > (2 if d == 1 else 1) or s.value <= s.taken:
        return None
    pos["target"] = s.value
    prompt = (
        f"{left} tricks are left and every hand is open. Play your side's cards so that it "
        f"takes at least {s.value} points in this deal against perfect defence."
    )
    ids = ("R3.2", "R10.1") if rules.auction else ("R3.2", "R7.1", "R7.2")
    return preset, pos, prompt, ids


def _turn(rng: random.Random, d: int, variant: str) -> Made:
    """A ``turn`` puzzle at one moment of a deal (the variant), played by rule-based players."""
    preset = "barker" if variant in _TURN_BARKER else "bruff"
    if (variant == "partners" and d == 1) or (variant == "dealer" and d > 1):
        preset = "barker"
    rules = get_rules(preset)
    pos = _deal(rules, rng)
    seed = rng.randrange(2**31)
    prompt = "Whose turn is it? Click the seat that acts next."
    if variant == "partners":
        seat = rng.randrange(rules.players)
        prompt = f"Select every partner of seat {seat}, then Check."
        return preset, dict(pos, question="partners", seat=seat), prompt, ("R1.3",)
    if variant == "bury":
        joker = pos["stock"].index("JK") if "JK" in pos["stock"] else -1
        if joker < 0:
            return None
        pos["stock"][0], pos["stock"][joker] = pos["stock"][joker], pos["stock"][0]
        return preset, pos, prompt, ("R6.4", "R8.7")
    if variant == "dealer":
        pos["seed"] = rng.randrange(2**31)  # shuffles the deal after the first
        stop: Callable[[Game], bool] = lambda g: len(g.deals) >= 2  # noqa: E731
        if d == 3:
            pos = dict(pos, actions=["pass"] * rules.players)  # R9.5: thrown in
        else:
            pos = _play(pos, rules, seed, stop)
        g = position_game(rules, pos)
        if g.over or len(g.deals) != 2:
            return None
        prompt = "Who deals now? Click the dealer."
        dealt: tuple[str, ...] = ("R9.1", "R9.5") if preset == "barker" else ("R6.1", "R8.5")
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


_TURN_BARKER = ("bid", "trump", "discard", "auction-lead")
#: When each ``turn`` variant stops the deal, and the rules its answer depends on.
_TURN_MOMENTS: dict[str, tuple[Callable[[Game], bool], tuple[str, ...]]] = {
    "first-lead": (lambda g: g.phase == Phase.PLAY, ("R6.7",)),
    "next-player": (lambda g: len(g.trick) >= 2, ("R1.2", "R3.1")),
    "next-leader": (lambda g: g.tricks_played >= 1 and not g.trick, ("R3.3",)),
    "bid": (lambda g: len(g.deals[-1].calls) >= 3, ("R9.2", "R9.5")),
    "trump": (lambda g: g.phase == Phase.TRUMP, ("R9.6",)),
    "discard": (lambda g: g.phase == Phase.DISCARD and sum(g.discard_counts) > 0, ("R9.7",)),
    "auction-lead": (lambda g: g.phase == Phase.PLAY, ("R9.8",)),
}


TITLES = {
    "order": "Put the cards in order",
    "winner": "Who takes the trick?",
    "legal": "Which cards may you play?",
    "keep": "Keep or play?",
    "rob": "Who may rob?",
    "score": "What is the score?",
    "game-winner": "Who wins the game?",
    "calls": "Which calls are legal?",
    "target": "Make your target",
    "turn": "Whose turn?",
}

_VARIANTS: dict[str, list[Any]] = {
    "keep": ["keep", "play"],
    "rob": ["holder", "spades", "dealer", "nobody", "joker"],
    "score": ["bruff", "barker"],
    "target": ["barker", "bruff"],
    "turn": ["first-lead", "next-player", "next-leader", "bid", "auction-lead", "dealer"],
}


def variants(kind: str) -> list[Any]:
    """The variants :func:`generate_puzzles` cycles through for ``kind`` (``[None]`` for a kind
    that has none), e.g. ``["keep", "play"]`` for keep.

    >>> variants("score"), variants("order")
    (['bruff', 'barker'], [None])
    """
    return list(_VARIANTS.get(kind, [None]))


def _make(kind: str, rng: random.Random, d: int, variant: Any) -> Any:
    if kind == "order":
        return _order(rng, d)
    if kind == "winner":
        return _winner(rng, d)
    if kind == "legal":
        return _legal(rng, d)
    if kind == "keep":
        return _keep(rng, d, variant)
    if kind == "rob":
        return _rob(rng, d, variant)
    if kind == "score":
        return _score(rng, d, variant)
    if kind == "game-winner":
        return _game_winner(rng, d)
    if kind == "calls":
        return _calls(rng, d)
    if kind == "turn":
        return _turn(rng, d, variant)
    return _target(rng, d, variant)


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
    against protected trumps, uncertain bonuses, races to 45, longer endgames). ``variants``
    cycles through a kind's variants (e.g. ``["holder", "joker"]`` for rob, ``["barker"]`` for
    score or target); by default all of them.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; kinds are {KINDS}")
    if difficulty not in (1, 2, 3):
        raise ValueError("difficulty is 1, 2 or 3")
    rng = random.Random(f"{kind}/{seed}/{difficulty}")
    cycle = variants or _VARIANTS.get(kind, [None])
    out: list[Puzzle] = []
    for i in range(n):
        variant = cycle[i % len(cycle)]
        for _ in range(_TRIES):
            made = _make(kind, rng, difficulty, variant)
            if made is None:
                continue
            preset, pos, prompt, rule_ids = made
            pid = f"{prefix or f'{kind}-{seed}-{difficulty}'}-{i + 1:02d}"
            p = Puzzle(pid, kind, preset, pos, prompt, rule_ids, difficulty, title=TITLES[kind])
            try:
                p.start()
            except ValueError:
                continue
            out.append(p)
            break
        else:
            raise RuntimeError(f"no {kind} puzzle of difficulty {difficulty} found")
    return out


# ---------------------------------------------------------------------------- the course

#: Each chapter's puzzles: (kind, difficulty, variant) in order, generated from the chapter's
#: seed; the worked examples of the rulebook come first where a chapter has them.
COURSE: dict[int, list[tuple[str, int, Any]]] = {
    0: [
        ("winner", 1, None),
        ("order", 1, None),
        ("legal", 1, None),
        ("winner", 1, None),
        ("order", 1, None),
        ("rob", 1, "holder"),
        ("score", 1, "bruff"),
        ("target", 1, "barker"),
    ],
    1: [
        ("order", 1, None),
        ("order", 1, None),
        ("order", 2, None),
        ("order", 2, None),
        ("order", 3, None),
        ("order", 3, None),
        ("winner", 2, None),
        ("winner", 3, None),
    ],
    2: [
        ("legal", 1, None),
        ("legal", 2, None),
        ("legal", 3, None),
        ("keep", 2, "play"),
        ("keep", 3, "keep"),
        ("winner", 3, None),
    ],
    3: [
        ("rob", 1, "holder"),
        ("rob", 1, "holder"),
        ("rob", 2, "spades"),
        ("rob", 2, "dealer"),
        ("rob", 2, "nobody"),
        ("rob", 3, "joker"),
        ("rob", 3, "joker"),
        ("rob", 3, "spades"),
    ],
    4: [
        ("score", 1, "bruff"),
        ("score", 2, "bruff"),
        ("score", 3, "bruff"),
        ("score", 3, "bruff"),
        ("game-winner", 1, None),
        ("game-winner", 2, None),
        ("game-winner", 2, None),
        ("game-winner", 3, None),
    ],
    5: [
        ("calls", 1, None),
        ("calls", 2, None),
        ("calls", 3, None),
        ("calls", 3, None),
        ("score", 1, "barker"),
        ("score", 2, "barker"),
        ("score", 3, "barker"),
        ("score", 2, "barker"),
    ],
    6: [
        ("target", 1, "barker"),
        ("target", 1, "barker"),
        ("target", 2, "barker"),
        ("target", 2, "barker"),
        ("target", 1, "bruff"),
        ("target", 2, "bruff"),
        ("target", 3, "bruff"),
        ("target", 3, "barker"),
    ],
}


def _worked_examples() -> dict[int, list[Puzzle]]:
    """The rulebook's worked examples E2 and E4 as the first puzzles of chapter 2."""
    e2 = Puzzle(
        "e2",
        "winner",
        "barker",
        {"trump": "S", "leader": 1, "trick": ["7S", "5S", "AS", "AH"]},
        "Worked example E2: spades are trumps. East leads 7S, South 5S, West AS, North "
        "AH. Who takes the trick?",
        ("R3.2", "R2.3"),
        1,
        title="Worked example E2",
    )
    e4a = Puzzle(
        "e4a",
        "keep",
        "barker",
        {"trump": "S", "leader": 0, "trick": ["9S"], "hand": ["JS", "2D"], "card": "JS"},
        "Worked example E4: spades are trumps; your only trump is JS and you also hold "
        "2D. 9S is led. May you keep the jack?",
        ("R5.2", "R5.3"),
        1,
        title="Worked example E4",
    )
    e4b = Puzzle(
        "e4b",
        "keep",
        "barker",
        {"trump": "S", "leader": 0, "trick": ["5S"], "hand": ["JS", "2D"], "card": "JS"},
        "Worked example E4, continued: the same hand, but 5S is led. May you keep the jack now?",
        ("R5.2", "R5.3"),
        1,
        title="Worked example E4",
    )
    return {2: [e2, e4a, e4b]}


def build_collection(chapter: int) -> list[Puzzle]:
    """Chapter ``chapter``'s shipped puzzles, ids ``c<chapter>-01`` ..., rebuilt exactly from
    :data:`COURSE` (the shipped JSON is this function's output)."""
    made = list(_worked_examples().get(chapter, []))
    for i, (kind, d, variant) in enumerate(COURSE[chapter]):
        seed = 1000 * chapter + i
        made += generate_puzzles(kind, 1, seed, d, [variant] if variant else None)
    out = []
    for i, p in enumerate(made):
        fields = p.to_dict()
        fields.update(id=f"c{chapter}-{i + 1:02d}", chapter=chapter)
        out.append(Puzzle.from_dict(fields))
    return out
