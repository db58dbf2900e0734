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

from fortyfive.agents.bots import best_suit, make_bot
from fortyfive.engine.cards import AH_ID, CARDS, JOKER_ID, SUIT_NAMES, SUITS, Card, parse_card
from fortyfive.engine.dealing import deal_pack, turnup_trump
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import BARKER, BRUFF, Rules, TrumpTables, get_rules, rules_tables
from fortyfive.engine.scoring import running_totals
from fortyfive.engine.tricks import legal_mask, winner_index
from fortyfive.puzzles._parts import chronology_steps, position_game
from fortyfive.puzzles._pick import misread
from fortyfive.puzzles._robbing import GiveUpRun
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


def _order(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """``variant``: a trump suit letter (that suit is trumps), or ``"joker"`` (bruff, with the
    joker among the cards)."""
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    trump = rng.choice("DH" if d == 1 else SUITS)
    if variant == "joker":
        rules = BRUFF
    elif variant:
        trump = variant
    t = rules_tables(rules, trump)
    size = {1: 4, 2: 5, 3: 6}[d]
    trumps = list(t.order)
    if d < 3:
        cards = rng.sample(trumps, size)
        if (variant == "joker" and JOKER_ID not in cards) or (
            variant == "H" and AH_ID not in cards
        ):
            return None  # the twist: where the joker goes, or AH as the ace of trumps
        where = "these trumps"
    else:
        plain = rng.choice([s for s in range(4) if s != t.trump])
        cards = rng.sample(trumps, 3) + rng.sample(list(t.plain[plain]), size - 3)
        where = f"these cards, ranked as in a trick led in {SUIT_NAMES[SUITS[plain]]},"
    rng.shuffle(cards)
    prompt = f"Click {where} from the highest to the lowest."
    rule_ids = ("R2.3", "R2.4") if d == 3 else ("R2.3",)
    return rules.name, {"trump": trump, "cards": _names(cards)}, prompt, rule_ids


def _winner(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """``variant`` ``"ah"``: hearts are not trumps and AH meets hearts in the trick (R2.2)."""
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    trump, _, trick = _random_trick(rules, rng, rules.players)
    t = rules_tables(rules, trump)
    trumps = [c for c in trick if t.is_trump(c)]
    special = any(c in (AH_ID, JOKER_ID) for c in trumps) or (trump in "SC" and len(trumps) >= 2)
    if variant == "ah":
        hearts = [c for c in trick if CARDS[c].suit == "H" and c != AH_ID]
        if trump == "H" or AH_ID not in trick or not hearts or trick[0] not in (AH_ID, *hearts):
            return None
        pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
        prompt = "Who takes this trick? Click the winning card."
        return rules.name, pos, prompt, ("R3.2", "R2.1", "R2.2", "R2.3")
    if (d == 1 and len(trumps) > 1) or (d == 2 and not trumps) or (d == 3 and not special):
        return None
    pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
    return rules.name, pos, "Which card takes this trick? Click it.", ("R3.2", "R2.3", "R2.4")


def _legal(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """``variant`` picks a twist (see :data:`_LEGAL_TWISTS`); otherwise ``d`` picks one."""
    rules = BRUFF if variant == "joker-led" else rng.choice([BRUFF, BARKER])
    k = rng.randrange(1, rules.players)
    trump, hands, trick = _random_trick(rules, rng, k)
    t = rules_tables(rules, trump)
    hand = hands[k]
    lead_trump = t.eff_suit[trick[0]] == 4
    held = [c for c in hand if t.is_trump(c)]
    if variant:
        twist, prompt, rule_ids = _LEGAL_TWISTS[variant]
        if not twist(t, hand, trick):
            return None
        pos = {"trump": trump, "leader": 0, "trick": _names(trick), "hand": _names(hand)}
        return rules.name, pos, prompt, rule_ids
    if d == 1 and (lead_trump or not held):
        return None
    if d == 2 and (lead_trump or not any(t.eff_suit[c] == t.eff_suit[trick[0]] for c in hand)):
        return None
    if d == 3 and not (lead_trump and any(t.protected >> c & 1 for c in held)):
        return None
    rule_ids = ("R5.1", "R5.2", "R5.3") if lead_trump else ("R4.1", "R4.2", "R4.3")
    pos = {"trump": trump, "leader": 0, "trick": _names(trick), "hand": _names(hand)}
    return rules.name, pos, "Select every card you may play to this trick, then Check.", rule_ids


def _beaten(t: TrumpTables, trick: list[int], card: int) -> bool:
    """Does the card winning ``trick`` so far beat ``card`` (of the suit led or a trump)?"""
    return winner_index(t, [*trick, card]) != len(trick)


def _not_heart_ah(t: TrumpTables, hand: list[int], trick: list[int]) -> bool:
    """R2.2: a heart is led, hearts are not trumps, and AH is the hand's only "heart"."""
    lead = trick[0]
    hearts = [c for c in hand if CARDS[c].suit == "H"]
    return CARDS[lead].suit == "H" and not t.is_trump(lead) and hearts == [AH_ID]


_LEGAL_PROMPT = "Select every card you may play to this trick, then Check."
#: A legal twist: the position it needs, its prompt and the rule ids its answer depends on.
_LEGAL_TWISTS: dict[
    str, tuple[Callable[[TrumpTables, list[int], list[int]], bool], str, tuple[str, ...]]
] = {
    # R5.5: a trump led and no trump in the hand
    "no-trump": (
        lambda t, hand, trick: t.is_trump(trick[0]) and not any(t.is_trump(c) for c in hand),
        "A trump is led. " + _LEGAL_PROMPT,
        ("R5.1", "R5.5"),
    ),
    # R3.4: you follow suit with cards that cannot beat the trick's winner so far
    "not-beat": (
        lambda t, hand, trick: (
            len(trick) >= 2
            and not t.is_trump(trick[0])
            and sum(1 for c in hand if t.eff_suit[c] == t.eff_suit[trick[0]]) >= 2
            and any(t.eff_suit[c] == t.eff_suit[trick[0]] and _beaten(t, trick, c) for c in hand)
        ),
        "The trick is well under way. " + _LEGAL_PROMPT,
        ("R3.4", "R4.1", "R4.2"),
    ),
    # R2.2: AH does not follow a heart lead when hearts are not trumps
    "ah-heart": (_not_heart_ah, _LEGAL_PROMPT, ("R2.2", "R4.1", "R4.3")),
    # R2.2: a led AH is a trump lead
    "ah-led": (
        lambda t, hand, trick: (
            trick[0] == AH_ID
            and t.trump != 3
            and any(t.is_trump(c) and not t.protected >> c & 1 for c in hand)
            and any(CARDS[c].suit == "H" for c in hand)
        ),
        "The ace of hearts is led. " + _LEGAL_PROMPT,
        ("R2.2", "R5.1", "R5.3"),
    ),
    # R2.2: a led joker is a trump lead (bruff)
    "joker-led": (
        lambda t, hand, trick: (
            trick[0] == JOKER_ID
            and any(t.is_trump(c) for c in hand)
            and any(not t.is_trump(c) for c in hand)
        ),
        "The joker is led. " + _LEGAL_PROMPT,
        ("R2.2", "R5.1", "R5.2"),
    ),
}


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
    later = any(t.is_trump(c) and t.power[c] > t.power[card] for c in trick[1:])
    if want == "later":  # R5.4: a higher trump after the lead does not lift the privilege
        renege = any(m >> c & 1 and not t.is_trump(c) for c in hand)
        if not (renege and later and t.power[card] > t.power[trick[0]]):
            return None
        want = "keep"
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
    return rules.name, pos, prompt, ("R5.2", "R5.3") + (("R5.4",) if later else ())


def _first_trick(pos: Position, rng: random.Random, plays: int) -> Position:
    """``pos`` with ``plays`` cards of the first trick played, each a random legal card (no
    robbing: the robber declines, R6.6)."""
    g = position_game(BRUFF, pos)
    actions = list(pos.get("actions", []))
    for _ in range(plays):
        a = rng.choice([a for a in g.legal_actions() if a.startswith("play ")])
        g.apply(a)
        actions.append(a)
    return dict(pos, actions=actions)


def _rob_in_trick(rng: random.Random, want: str) -> Made:
    """R6.6: the first trick under way, the robber still to play (``before``) or past its
    first play (``after``)."""
    pos = _deal(BRUFF, rng)
    if pos["stock"][0] == "JK":
        return None
    g = position_game(BRUFF, pos)
    if g.robber is None or g.to_act is None:
        return None
    ahead = (g.robber - g.to_act) % BRUFF.players  # plays before the robber's turn
    if want == "before":
        if ahead == 0:
            return None
        plays = rng.randrange(1, ahead + 1)
        rule_ids: tuple[str, ...] = ("R6.5", "R6.6", "R8.7")
    else:
        if ahead >= BRUFF.players - 1:
            return None
        plays = rng.randrange(ahead + 1, BRUFF.players)
        rule_ids = ("R6.5", "R6.6")
    pos = _first_trick(pos, rng, plays)
    prompt = "The first trick is under way. Who may still rob the turn-up?"
    return "bruff", pos, prompt, rule_ids


def _rob(rng: random.Random, d: int, want: str) -> Made:
    if want in ("before", "after"):
        return _rob_in_trick(rng, want)
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
        # the AH holder is not the robber: AS is (R6.5)
        "spades": trump == "S" and holder is not None and any("AH" in h for h in pos["hands"]),
        "dealer": top == ace,
        "nobody": holder is None and top != ace,
        # the dealer took the joker; the ace's holder robs the next card (R6.4, R6.5)
        "joker": stock[0] == "JK" and holder not in (None, pos["dealer"]),
    }
    if not cases[want]:
        return None
    if stock[0] == "JK":
        g = position_game(BRUFF, pos)
        pos["actions"] = [rng.choice(g.legal_actions())]
        if position_game(BRUFF, pos).robber != holder:
            return None  # the dealer buried the ace
    rule_ids = ("R6.4", "R6.5", "R6.6") if stock[0] == "JK" else ("R6.5", "R6.6")
    return "bruff", pos, "The cards are dealt and a card turned up. Who may rob it?", rule_ids


def _give_up(rng: random.Random, d: int) -> Made:
    """The robber at its first turn, every hand open: the solver judges each card it may give
    up (R6.5); harder puzzles have a single best card and a smaller gap to the others."""
    pos = _deal(BRUFF, rng)
    g = position_game(BRUFF, pos)
    if g.phase == Phase.BURY:
        pos["actions"] = [rng.choice(g.legal_actions())]
        g = position_game(BRUFF, pos)
    if g.robber is None or g.to_act is None or g.trump is None:
        return None
    t = rules_tables(BRUFF, g.trump)
    if sum(1 for c in g.hand(g.robber) if t.is_trump(c.id)) < 2:
        return None  # the ace alone among plain cards: any plain card will do, seldom a choice
    pos = _first_trick(pos, rng, (g.robber - g.to_act) % BRUFF.players)
    prompt = (
        f"Every hand is open and seat {g.robber} may rob the turn-up. Which card should it give "
        "up, so that its side takes the most points in the deal? Click it."
    )
    p = Puzzle("try", "give-up", "bruff", pos, prompt, ())
    run = p.start()
    assert isinstance(run, GiveUpRun)
    worst = min(run.values.values())
    if run.best <= run.keep_value and d > 1:
        return None  # robbing must pay: the question is what to give up
    if len(run.right) > (2 if d < 3 else 1) or run.best - worst < (10 if d < 3 else 5):
        return None
    return "bruff", pos, prompt, ("R6.5", "R7.1", "R7.2")


def _case(rng: random.Random, text: str) -> str:
    return "".join(ch.lower() if rng.random() < 0.5 else ch for ch in text)


def _notation(rng: random.Random, d: int) -> Made:
    """Words a player might type for cards: cards in any letter case and near misses (the ten
    as 10, suit first, suit symbols, a bad rank or suit letter). The engine's parser decides
    which are cards (R1.1); harder puzzles have more and subtler near misses."""
    cards = rng.sample(list(CARDS), 8)
    misses: dict[int, list[Callable[[Any], str]]] = {
        1: [lambda c: f"1{c.suit or 'S'}", lambda c: f"{c.rank or 'J'}{rng.choice('XNEB')}"],
        2: [lambda c: f"10{c.suit or 'H'}", lambda c: f"{c.suit or 'K'}{c.rank or 'J'}"],
        3: [lambda c: c.symbol(), lambda c: f"0{c.suit or 'C'}", lambda c: f"11{c.suit or 'D'}"],
    }
    makers = [m for k in range(1, d + 1) for m in misses[k]]
    n_cards, n_misses = {1: (4, 2), 2: (3, 3), 3: (4, 4)}[d]
    tokens = [_case(rng, str(c)) if d > 1 else str(c) for c in cards[:n_cards]]
    if d == 1:
        tokens[0] = tokens[0].lower()  # R1.1: any letter case
    tokens += [rng.choice(makers)(c) for c in cards[n_cards : n_cards + n_misses]]
    rng.shuffle(tokens)
    if len(set(tokens)) != len(tokens):
        return None
    read = [t for t in tokens if misread(t) is None]
    if not read or len(read) == len(tokens):
        return None
    prompt = "Someone typed these words for cards. Select every one the game reads as a card."
    return "bruff", {"tokens": tokens}, prompt, ("R1.1",)


def _trumps(rng: random.Random, d: int, variant: str | None) -> Made:
    """Select the trumps: AH among other suits (R2.1, R2.2), the joker in bruff, non-trump hearts
    and fives; ``variant`` ``"turnup"`` gives a bruff turn-up instead of the trump suit (R6.3)."""
    rules = BARKER if d == 1 and variant != "turnup" else BRUFF
    trump = rng.choice(SUITS)
    size = {1: 6, 2: 7, 3: 8}[d]
    ids = list(range(rules.deck_size))
    rng.shuffle(ids)
    cards, turnup = ids[:size], ids[size]
    if turnup == JOKER_ID:
        return None
    if variant == "turnup":
        trump = SUITS[turnup_trump(turnup)]  # R6.3
    t = rules_tables(rules, trump)
    names = [CARDS[c] for c in cards]
    hearts = [c for c in names if c.suit == "H" and c.id != AH_ID]
    fives = [c for c in names if c.rank == "5" and c.suit != trump]
    n_trumps = sum(1 for c in cards if t.is_trump(c))
    need = {
        1: trump != "H" and AH_ID in cards,
        2: trump != "H" and AH_ID in cards and bool(hearts),
        3: AH_ID in cards and bool(hearts or trump == "H") and bool(fives),
    }[d]
    if not need or not 2 <= n_trumps < size or (d > 1 and JOKER_ID not in cards):
        return None
    if variant == "turnup":
        pos: Position = {"turnup": str(CARDS[turnup]), "cards": _names(cards)}
        prompt = "A bruff deal, and this card was turned up. Select every trump among these cards."
        return "bruff", pos, prompt, ("R6.3", "R2.1", "R2.2")
    prompt = "Select every trump among these cards, then Check."
    return rules.name, {"trump": trump, "cards": _names(cards)}, prompt, ("R2.1", "R2.2")


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
    """A whole bruff deal that ends the game, of a pattern picked by difficulty."""
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


def _game_winner_case(rng: random.Random, d: int, variant: str) -> Made:
    """A game-winner puzzle of one pattern (bruff): ``plain`` (won at the last trick),
    ``early`` (won before it, R8.3), ``race`` (two partnerships reach 45 in the deal, R8.2),
    ``jink`` (R8.4) or ``disagree``: after some trick the bonus was uncertain and the lines
    with and without it named different firsts to 45, so play went on (R8.6); from difficulty
    3 both lines had a first, each a different partnership. ``barker-both``: both sides reach
    120 in the hand and the bidders, behind on points, win (R10.5)."""
    if variant == "barker-both":
        return _both_reach_120(rng)
    made = _game_winner(rng, {"plain": 1, "early": 1, "race": 2, "jink": 3}.get(variant, 2))
    if made is None:
        return None
    _, pos, prompt, rule_ids = made
    g = position_game(BRUFF, pos, until_over=True)
    k = len(g.deals[0].tricks)
    steps = chronology_steps(g, 1)
    jink = "R8.4" in rule_ids
    played = position_game(BRUFF, dict(pos, scores=[0, 0, 0])).deals[0]  # all five tricks
    won = [BRUFF.partnerships[t.winner] for t in played.tricks]
    end = running_totals(BRUFF, pos["scores"], won, played.bonus_trick)
    reached = sum(1 for total in end if total >= BRUFF.target)
    winner = g.winner
    if variant == "disagree":
        # d2: the line with the bonus wins once it is certain; d3: S0's first wins (the bonus
        # moved, or a later trick settled it the other way).
        line = [st.first1 if d < 3 else st.first0 for st in steps if st.disagree]
        if not any(f is not None and f[0] == winner for f in line):
            return None
        if d >= 3 and not any(st.disagree and st.first0 and st.first1 for st in steps):
            return None
        return "bruff", pos, prompt, ("R8.1", "R8.2", "R8.6")
    kind = "jink" if jink else ("race" if reached >= 2 else ("early" if k < 5 else "plain"))
    ahead = any(end[p] >= end[winner or 0] for p in range(3) if p != winner)
    if kind == "race" and not ahead:
        return None  # the twist: at the end of the deal another partnership has as much
    return ("bruff", pos, prompt, rule_ids) if kind == variant else None


def _both_reach_120(rng: random.Random) -> Made:
    """R10.5: both sides end the hand on 120 or more; the bidders win though they have fewer."""
    step = BARKER.trick_points
    scores = [rng.randrange(90, BARKER.target, step) for _ in range(2)]
    pos = _play(_deal(BARKER, rng, scores), BARKER, rng.randrange(2**31), lambda g: g.over)
    g = position_game(BARKER, pos)
    if not g.over or len(g.deals) != 1 or g.winner is None:
        return None
    bidders = BARKER.partnerships[g.deals[0].bidder]
    if min(g.scores) < BARKER.target or g.scores[bidders] >= g.scores[1 - bidders]:
        return None
    prompt = "Here is a whole hand. Which partnership wins the game?"
    return "barker", pos, prompt, ("R10.2", "R10.4", "R10.5")


def _score_case(rng: random.Random, d: int, variant: str) -> Made:
    """A score puzzle of one pattern. bruff: ``bruff-out`` (the bonus certain before the end
    because the higher trumps are out of play: the turn-up, unrobbed, R7.3) or ``bruff-carry``
    (the second deal, its scores carried over from the first, R8.5). barker: ``barker-made``,
    ``barker-failed`` (R10.2), ``barker-sweep`` (all 30 after a lower bid), ``barker-30`` and
    ``barker-30-failed`` (R10.3)."""
    if variant.startswith("barker-"):
        return _barker_score(rng, variant.removeprefix("barker-"))
    rules = BRUFF
    k = rng.choice([2, 3, 4])
    ids = ("R7.1", "R7.2", "R7.3", "R8.6")
    if variant == "bruff-carry":
        scores = [rng.randrange(0, 20, 5) for _ in range(3)]
        pos = _play(
            _deal(rules, rng, scores),
            rules,
            rng.randrange(2**31),
            lambda g: g.deal_number == 2 and g.tricks_played >= k,
        )
        g = position_game(rules, pos)
        if g.over or len(g.deals) != 2 or g.tricks_played != k:
            return None
        prompt = (
            f"The first deal is over and {k} tricks of the second are played. Type each "
            "partnership's running score, and say whether the bonus is certain yet."
        )
        return "bruff", pos, prompt, (*ids, "R8.5")
    pos = _deal(rules, rng)
    trump = rng.choice(SUITS)
    _give_stock(pos, f"5{trump}", 0)  # the five of trumps turned up ...
    _give_stock(pos, f"A{trump}", 1)  # ... and nobody holds the ace to rob it (R6.5)
    pos = _play(pos, rules, rng.randrange(2**31), lambda g: g.tricks_played >= k)
    g = position_game(rules, pos)
    if g.over or g.tricks_played != k or len(g.deals) != 1 or not g.bonus_certain():
        return None
    prompt = (
        f"{k} tricks of this deal are played. Type each partnership's running score, and say "
        "whether the bonus is certain yet."
    )
    return "bruff", pos, prompt, ids


def _give_stock(pos: Position, card: str, index: int) -> None:
    """Put ``card`` at ``index`` of the stock, swapping it with whatever was there (the deal
    stays a whole pack)."""
    stock = pos["stock"]
    if card in stock:
        i = stock.index(card)
        stock[i], stock[index] = stock[index], stock[i]
        return
    hand = next(h for h in pos["hands"] if card in h)
    hand[hand.index(card)], stock[index] = stock[index], card


def _give_hand(pos: Position, card: str, seat: int, index: int) -> None:
    """Put ``card`` at ``index`` of ``seat``'s hand, swapping it with whatever was there."""
    hand = pos["hands"][seat]
    if card in hand:
        i = hand.index(card)
        hand[i], hand[index] = hand[index], hand[i]
        return
    where = next((h for h in pos["hands"] if card in h), pos["stock"])
    where[where.index(card)], hand[index] = hand[index], card


def _barker_score(rng: random.Random, case: str) -> Made:
    rules = BARKER
    scores = [rng.randrange(0, rules.high_score, rules.trick_points) for _ in range(2)]
    pos = _deal(rules, rng, scores)
    if case in ("sweep", "30", "30-failed"):
        # The auction is set: the strongest hand bids, the others pass (R9.2, R9.5).
        g0 = position_game(rules, pos)
        strength = [best_suit(rules, [str(c) for c in g0.hand(s)])[1] for s in range(4)]
        bidder = max(range(4), key=lambda s: strength[s])
        if case != "30-failed" and strength[bidder] < 20:
            return None
        bid = 30 if case.startswith("30") else rng.choice([15, 20, 25])
        order = [(g0.dealer + i) % 4 for i in range(1, 5)]
        pos["actions"] = [f"bid {bid}" if s == bidder else "pass" for s in order]
    pos = _play(pos, rules, rng.randrange(2**31), lambda g: len(g.deals) > 1)
    g = position_game(rules, pos)
    if g.over or len(g.deals) < 2 or g.deals[0].thrown_in:
        return None
    deal = g.deals[0]
    bidders = rules.partnerships[deal.bidder]
    taken = running_totals(
        rules,
        (0,) * rules.n_partnerships,
        [rules.partnerships[t.winner] for t in deal.tricks],
        deal.bonus_trick,
    )[bidders]
    top = rules.bids[-1]
    want = {
        "made": bool(deal.made) and deal.bid < top and taken < rules.deal_points,
        "failed": not deal.made and deal.bid < top,
        "sweep": deal.bid < top and taken == rules.deal_points,
        "30": bool(deal.made) and deal.bid == top,
        "30-failed": not deal.made and deal.bid == top,
    }[case]
    if not want:
        return None
    prompt = "The hand is over. Type each partnership's score after it."
    ids = ("R10.1", "R10.2", "R10.4") + (("R10.3",) if case in ("sweep", "30", "30-failed") else ())
    return "barker", pos, prompt, ids


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


def _target_choice(rng: random.Random, d: int, preset: str) -> Made:
    """An endgame that is a real decision: three or more legal cards for the first move, and
    fewer keep the target (the ``<preset>-choice`` variants)."""
    made = _target(rng, d, preset)
    if made is None:
        return None
    g = position_game(get_rules(preset), made[1])
    return made if len(g.legal_actions()) >= 3 else None


#: Tricks left at the start of an endgame of each difficulty, and the most a card picked at
#: random at each of your turns may make the target (a coin flip is 0.5).
_ENDGAME_LEFT = {1: 3, 2: 3, 3: 4}
_ENDGAME_CHANCE = {1: 0.5, 2: 1 / 3, 3: 1 / 3}
_THEME_RULES = {
    "play": (),
    "draw": ("R4.1",),
    "renege": ("R5.2", "R5.3"),
    "bonus": (),
    "defend": ("R10.2",),
}


def _endgame(rng: random.Random, d: int, variant: str) -> Made:
    """A real decision (variant ``<preset>-<theme>``): at least three legal cards at the first
    move, at least one of them losing the target, and a card picked at random at each of your
    turns makes it at most half the time (a third from difficulty 2; one right card only).
    Themes (:data:`fortyfive.puzzles._endgame.THEMES`, or ``play``: none asked) are what the
    one right first card does, as :func:`~fortyfive.puzzles._endgame.analyse_move` finds it."""
    from fortyfive.puzzles._endgame import analyse_move, guess_chance, target_prompt
    from fortyfive.solve.solver import solve

    preset, theme = variant.split("-")
    rules = get_rules(preset)
    done = rules.hand_size - _ENDGAME_LEFT[d]  # tricks played before the endgame starts

    def start(g: Game) -> bool:
        if g.phase != Phase.PLAY or g.tricks_played != done or g.trick:
            return False
        bidder = g.deals[-1].bidder
        return theme != "defend" or rules.partnerships[g.to_act or 0] != rules.partnerships[bidder]

    pos = _play(_deal(rules, rng), rules, rng.randrange(2**31), start)
    g = position_game(rules, pos)
    if g.over or len(g.deals) != 1 or not start(g):
        return None
    if theme == "renege":  # a trump led into a hand that may keep its protected trumps
        t = rules_tables(rules, g.trump or "S")
        leads = [c for c in _legal_cards(g) if t.is_trump(c.id)]
        rng.shuffle(leads)
        for lead in leads:
            after = g.copy()
            after.apply(f"play {lead}")
            if any(not t.is_trump(c.id) for c in _legal_cards(after)) and any(
                t.is_trump(c.id) for c in after.hand(after.to_act or 0)
            ):
                pos["actions"] = [*pos["actions"], f"play {lead}"]
                g = after
                break
        else:
            return None
    s = solve(g)
    target = s.value
    if theme == "defend":
        bid = g.deals[-1].bid
        target = rules.deal_points + rules.trick_points - bid  # the bidders below their bid
        if bid < 15 or s.value < target:
            return None
    if target <= s.taken:
        return None
    keeping = [a for a, v in s.values.items() if v >= target]
    if len(s.values) < 3 or len(keeping) == len(s.values) or len(keeping) > (2 if d == 1 else 1):
        return None
    if g.turnup is not None and f"play {g.turnup}" in keeping:
        return None  # the facts name the turn-up: the answer would be on the screen
    side = rules.partnerships[g.to_act or 0]
    if theme != "play" and theme not in analyse_move(g, keeping[0], target).themes:
        return None
    if guess_chance(g, side, target) > _ENDGAME_CHANCE[d]:
        return None
    pos["target"] = target
    ids = ("R3.2", "R10.1") if rules.auction else ("R3.2", "R7.1", "R7.2")
    return preset, pos, target_prompt(g, side, target), ids + _THEME_RULES[theme]


def _legal_cards(g: Game) -> list[Card]:
    return [parse_card(a.split()[-1]) for a in g.legal_actions() if a.startswith("play ")]


def _turn(rng: random.Random, d: int, variant: str) -> Made:
    """A ``turn`` puzzle at one moment of a deal (the variant), played by rule-based players."""
    preset = "barker" if variant in _TURN_BARKER else "bruff"
    if (variant == "partners" and d == 1) or (variant == "dealer" and d > 1):
        preset = "barker"
    rules = get_rules(preset)
    pos = _deal(rules, rng)
    seed = rng.randrange(2**31)
    prompt = "Whose turn is it? Click the seat that acts next."
    if variant == "dealt":  # R6.2: card k of the deal; the hardest around the end of the deal
        n, size = rules.players, rules.hand_size
        low, high = {1: (1, 3 * n), 2: (3 * n + 1, size * n), 3: (size * n - 4, size * n + 2)}[d]
        k = rng.randint(low, high)
        prompt = f"Seat {pos['dealer']} deals. Who receives card number {k} of the deal?"
        return preset, dict(pos, question="dealt", card=k), prompt, ("R6.2", "R1.2")
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


#: The bid puzzles' patterns: the call the engine judges right, and the side's scores.
_BID_CASES = {
    "thirty": ("bid 30",),  # a hand worth the double score of a made 30 (R10.3)
    "strong": ("bid 20", "bid 25"),  # a hand worth competing high
    "modest": ("bid 5", "bid 10", "bid 15"),  # a hand that should stop low
    "rich": ("pass",),  # on 100 or more the bids below 20 are closed (R9.4)
}


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
    if variant == "rich":
        scores[side] = rng.randrange(rules.high_score, rules.target, step)
        g = position_game(rules, pos)
    if variant == "thirty":  # deal the caller the top trumps of a suit (R2.3)
        suit = rng.choice("SCD")
        for i, card in enumerate((f"5{suit}", f"J{suit}", "AH")):
            _give_hand(pos, card, seat, i)
        g = position_game(rules, pos)
    quick = best_suit(rules, [str(c) for c in g.hand(seat)])[1]  # the rule bot's estimate
    floor, ceiling = {"thirty": (20, 99), "strong": (16, 99)}.get(variant, (0, 12))
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
    extra = {"rich": ("R9.4",), "thirty": ("R10.3",)}.get(variant, ())
    rule_ids = ("R9.2", "R10.1", "R10.2", *extra)
    return "barker", pos, prompt, rule_ids


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
    "bid": "How high would you bid?",
    "notation": "Which words are cards?",
    "trumps": "Which cards are trumps?",
    "give-up": "What to give up when robbing",
}

_VARIANTS: dict[str, list[Any]] = {
    "keep": ["keep", "play"],
    "rob": ["holder", "spades", "dealer", "nobody", "joker"],
    "score": ["bruff", "barker"],
    "target": ["barker-play", "bruff-play"],  # "barker"/"bruff": the first, looser filter
    "turn": ["first-lead", "next-player", "next-leader", "bid", "auction-lead", "dealer"],
    "bid": ["strong", "modest", "rich", "thirty"],
}


#: The variants of each difficulty, for a kind whose maker does not grade its puzzles itself:
#: bid hands to judge plainly at difficulty 1, also on 100 or more (R9.4) at 2, also worth the
#: top bid (R10.3) at 3, as in chapter 5.
_GRADED: dict[str, dict[int, list[Any]]] = {
    "bid": {1: ["strong", "modest"], 2: ["strong", "modest", "rich"], 3: _VARIANTS["bid"]}
}


def variants(kind: str, difficulty: int | None = None) -> list[Any]:
    """The variants :func:`generate_puzzles` cycles through for ``kind`` (``[None]`` for a kind
    that has none), e.g. ``["keep", "play"]`` for keep; with ``difficulty``, those of that
    difficulty (bid grades its hands by variant).

    >>> variants("score"), variants("order")
    (['bruff', 'barker'], [None])
    >>> variants("bid", 1), variants("bid")
    (['strong', 'modest'], ['strong', 'modest', 'rich', 'thirty'])
    """
    return _cycle(kind, difficulty)


def _cycle(kind: str, difficulty: int | None) -> list[Any]:
    if difficulty is not None and kind in _GRADED:
        return list(_GRADED[kind][difficulty])
    return list(_VARIANTS.get(kind, [None]))


def _make(kind: str, rng: random.Random, d: int, variant: Any) -> Any:
    if kind == "order":
        return _order(rng, d, variant)
    if kind == "winner":
        return _winner(rng, d, variant)
    if kind == "legal":
        return _legal(rng, d, variant)
    if kind == "notation":
        return _notation(rng, d)
    if kind == "trumps":
        return _trumps(rng, d, variant)
    if kind == "give-up":
        return _give_up(rng, d)
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
    through a kind's variants (e.g. ``["holder", "joker"]`` for rob, ``["barker"]`` for score);
    by default those of the difficulty, ``variants(kind, difficulty)``. Beyond those: score
    ``bruff-out``, ``bruff-carry``, ``barker-made``, ``barker-failed``, ``barker-sweep``,
    ``barker-30``, ``barker-30-failed``; game-winner ``plain``, ``early``, ``race``, ``jink``,
    ``disagree``, ``barker-both``; target ``<preset>-<theme>`` with the themes ``play``,
    ``draw``, ``renege``, ``bonus``, ``defend`` (barker); bid ``strong``, ``modest``, ``rich``,
    ``thirty``; turn ``trump``, ``discard``, ``partners``, ``bury``.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; kinds are {KINDS}")
    if difficulty not in (1, 2, 3):
        raise ValueError("difficulty is 1, 2 or 3")
    rng = random.Random(f"{kind}/{seed}/{difficulty}")
    cycle = variants or _cycle(kind, difficulty)  # the parameter hides :func:`variants`
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
#: seed (the rulebook's worked examples are shown in the chapters' text, never asked).
COURSE: dict[int, list[tuple[str, int, Any]]] = {
    0: [
        ("notation", 1, None),  # R1.1
        ("turn", 1, "partners"),  # R1.3, barker
        ("turn", 2, "partners"),  # R1.3, bruff
        ("turn", 1, "next-player"),  # R1.2, R3.1
        ("order", 1, None),
        ("winner", 1, None),
        ("legal", 1, None),
        ("keep", 2, "play"),
        ("rob", 1, "holder"),
        ("score", 1, "bruff"),
        ("turn", 2, "next-leader"),  # R3.3
        ("target", 3, "barker-choice"),  # a real decision: three legal cards
    ],
    1: [
        ("order", 1, "D"),
        ("order", 1, "H"),
        ("trumps", 1, None),  # R2.1, R2.2
        ("notation", 2, None),  # R1.1
        ("trumps", 2, None),
        ("order", 2, "joker"),
        ("order", 2, "C"),
        ("winner", 1, None),
        ("winner", 2, "ah"),  # R2.2
        ("trumps", 3, None),
        ("order", 3, "S"),
        ("order", 3, "D"),
        ("winner", 3, None),
        ("notation", 3, None),
    ],
    2: [
        ("winner", 2, None),
        ("turn", 1, "next-leader"),  # R3.3
        ("turn", 2, "next-player"),  # R3.1
        ("legal", 1, None),
        ("legal", 2, None),
        ("legal", 2, "not-beat"),  # R3.4
        ("legal", 2, "ah-heart"),  # R2.2
        ("legal", 1, "no-trump"),  # R5.5
        ("legal", 3, None),
        ("legal", 3, "ah-led"),  # R2.2
        ("legal", 3, "joker-led"),  # R2.2
        ("keep", 2, "play"),
        ("keep", 3, "keep"),
        ("keep", 3, "later"),  # R5.4
        ("winner", 3, None),
    ],
    3: [
        ("turn", 1, "dealt"),  # R6.2
        ("turn", 2, "dealt"),
        ("turn", 3, "dealt"),
        ("trumps", 1, "turnup"),  # R6.3
        ("turn", 1, "first-lead"),  # R6.7
        ("turn", 1, "dealer"),  # R6.1, bruff
        ("turn", 2, "bruff-dealer"),  # R6.1, two deals played
        ("rob", 1, "holder"),
        ("rob", 2, "spades"),
        ("rob", 2, "dealer"),
        ("rob", 2, "nobody"),
        ("turn", 2, "bury"),  # R6.4, R8.7
        ("rob", 3, "joker"),
        ("rob", 2, "before"),  # R6.6, R8.7: the first trick under way
        ("rob", 3, "after"),  # R6.6
        ("give-up", 2, None),  # strategy: what to give up when robbing
        ("give-up", 3, None),
    ],
    4: [
        ("score", 1, "bruff"),
        ("score", 2, "bruff"),
        ("score", 3, "bruff"),
        ("score", 2, "bruff-out"),
        ("score", 3, "bruff-carry"),
        ("turn", 1, "dealer"),
        ("game-winner", 1, "plain"),
        ("game-winner", 1, "early"),
        ("game-winner", 2, "race"),
        ("game-winner", 2, "disagree"),
        ("game-winner", 3, "disagree"),
        ("game-winner", 3, "jink"),
    ],
    5: [
        ("calls", 1, None),
        ("calls", 2, None),
        ("calls", 3, None),
        ("turn", 2, "bid"),
        ("turn", 3, "dealer"),
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
    ],
    6: [
        ("target", 1, "barker-play"),
        ("target", 1, "bruff-play"),
        ("target", 2, "barker-draw"),
        ("target", 3, "bruff-draw"),
        ("target", 2, "barker-renege"),
        ("target", 3, "bruff-renege"),
        ("target", 1, "barker-bonus"),
        ("target", 2, "bruff-bonus"),
        ("target", 2, "barker-defend"),
        ("target", 3, "barker-defend"),
        ("target", 2, "bruff-play"),
        ("target", 3, "barker-play"),
    ],
}


def build_collection(chapter: int) -> list[Puzzle]:
    """Chapter ``chapter``'s shipped puzzles, ids ``c<chapter>-01`` ..., rebuilt exactly from
    :data:`COURSE` (the shipped JSON is this function's output)."""
    out = []
    for i, (kind, d, variant) in enumerate(COURSE[chapter]):
        (p,) = generate_puzzles(kind, 1, 1000 * chapter + i, d, [variant] if variant else None)
        out.append(
            Puzzle.from_dict({**p.to_dict(), "id": f"c{chapter}-{i + 1:02d}", "chapter": chapter})
        )
    return out


# ---------------------------------------------------------------------------- the drill banks

#: Kinds whose puzzles are made by solving many whole deals (seconds each: too slow for a drill's
#: "Next puzzle"), so drills draw them from a bank shipped with the package; and how many puzzles
#: of each difficulty the bank holds.
DRILL_BANK: dict[str, int] = {"give-up": 30, "bid": 30}
_BANK_SEED = 9000


def build_drill_bank(kind: str) -> list[Puzzle]:
    """The drill bank of ``kind``, rebuilt exactly (the shipped ``drills/<kind>.json`` is this
    function's output): :data:`DRILL_BANK` puzzles of each difficulty, the variants of the
    difficulty in turn, ids ``bank-<kind>-d<difficulty>-<nn>``."""
    size = DRILL_BANK[kind]
    return [
        p
        for d in (1, 2, 3)
        for p in generate_puzzles(kind, size, _BANK_SEED, d, prefix=f"bank-{kind}-d{d}")
    ]
