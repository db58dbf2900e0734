"""Makers of the card puzzles, on one trump suit and a few cards: order, winner, cheapest,
legal and keep (R2-R5), and the pick-out kinds notation (R1.1) and trumps (R2.1, R2.2, R6.3)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fortyfive.engine.cards import AH_ID, CARDS, JOKER_ID, SUIT_NAMES, SUITS
from fortyfive.engine.dealing import turnup_trump
from fortyfive.engine.rules import BARKER, BRUFF, TrumpTables, rules_tables
from fortyfive.engine.tricks import legal_mask, winner_index, winning_mask
from fortyfive.puzzles._pick import misread
from fortyfive.puzzles.generate._common import Made, Position, _names, _random_trick


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
        where, rank = "these trumps", ""
    else:
        plain = rng.choice([s for s in range(4) if s != t.trump])
        cards = rng.sample(trumps, 3) + rng.sample(list(t.plain[plain]), size - 3)
        where, rank = "these cards", f", as they rank in a trick led in {SUIT_NAMES[SUITS[plain]]}"
    rng.shuffle(cards)
    ranked = sorted(cards, key=lambda c: -t.power[c])  # trumps above every plain card (R2.3)
    if cards in (ranked, ranked[::-1]):
        return None  # shown in order, or in reverse, the answer would be on the page
    prompt = f"Put {where} in order, from the highest to the lowest{rank}."
    rule_ids = ("R2.3", "R2.4") if d == 3 else ("R2.3",)
    return rules.name, {"trump": trump, "cards": _names(cards)}, prompt, rule_ids


def _winner(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """``variant`` ``"ah"``: hearts are not trumps and AH meets hearts in the trick (R2.2);
    ``"joker"``: bruff, the joker against the jack, AH or the ace of trumps, the 5 not there;
    ``"ah-ace"``: AH against the ace of trumps, neither beaten (AH ranks above it, R2.3)."""
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    if variant == "joker":
        rules = BRUFF
    trump, _, trick = _random_trick(rules, rng, rules.players)
    t = rules_tables(rules, trump)
    trumps = [c for c in trick if t.is_trump(c)]
    special = any(c in (AH_ID, JOKER_ID) for c in trumps) or (trump in "SC" and len(trumps) >= 2)
    if variant == "ah":
        hearts = [c for c in trick if CARDS[c].suit == "H" and c != AH_ID]
        if trump == "H" or AH_ID not in trick or not hearts or trick[0] not in (AH_ID, *hearts):
            return None
        pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
        prompt = "Which card takes this trick?"
        return rules.name, pos, prompt, ("R3.2", "R2.1", "R2.2", "R2.3")
    if variant == "ah-ace":  # AH against the ace of trumps, no higher trump: AH wins (R2.3)
        if trump == "H" or AH_ID not in trick:
            return None  # with hearts trump AH is itself the ace of trumps
        ace = next(c for c in t.order if CARDS[c].rank == "A" and c != AH_ID)
        if ace not in trick:
            return None
        if any(t.power[c] > t.power[AH_ID] for c in trumps):
            return None
        pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
        return rules.name, pos, "Which card takes this trick?", ("R3.2", "R2.1", "R2.3")
    if variant == "joker":  # bruff: the joker against the top trumps but the 5 (R2.3)
        tops = {CARDS[c].rank for c in trumps if c not in (AH_ID, JOKER_ID)}
        if JOKER_ID not in trick or "5" in tops or not ({"J", "A"} & tops or AH_ID in trick):
            return None
        pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
        return rules.name, pos, "Which card takes this trick?", ("R3.2", "R2.1", "R2.3")
    # d2: two trumps or more, so that the trump order decides (one trump simply wins, R3.2)
    if (d == 1 and len(trumps) > 1) or (d == 2 and len(trumps) < 2) or (d == 3 and not special):
        return None
    pos = {"trump": trump, "leader": 0, "trick": _names(trick)}
    return rules.name, pos, "Which card takes this trick?", ("R3.2", "R2.3", "R2.4")


def _whist_power(t: TrumpTables, card: int, led: str) -> int:
    """A card's rank as a whist player reads it: the trump suit's cards ace-high above the suit
    led's, no other card counted (AH a plain heart, the joker nothing)."""
    c = CARDS[card]
    value = "23456789TJQKA".find(c.rank) + 2 if c.rank else 0
    if c.suit == SUITS[t.trump]:
        return 100 + value
    return value if c.suit == led else 0


def _cheapest(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """A trick under way and a hand that can take it with two cards or more; the lowest of them
    is the answer, and it is not the card a whist player would pick (ace-high trumps, AH a
    heart). A plain suit is led: the hand holds none of it at difficulties 1 and 2 (any card
    may be played, R4.3), some at 3 (follow or trump, R4.1, R4.2); a trump is in the trick
    already at difficulty 2, none at 1.

    ``variant``: ``"black"``, the answer is a pip of a black trump suit (R2.3: the low pips rank
    high); ``"top"``, the answer is AH or the joker, above the ace of trumps; ``"ace"``, the
    answer is the ace of trumps, below the jack and AH (R2.3); at difficulty 3, ``"follow"``, a
    card of the suit led (R4.2), and ``"ruff"``, a trump, the suit led held but none of it
    winning (R4.1)."""
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    k = rng.randrange(1 if d == 1 else 2, rules.players)
    trump, hands, trick = _random_trick(rules, rng, k)
    t = rules_tables(rules, trump)
    hand, lead = hands[k], trick[0]
    if t.is_trump(lead):
        return None
    led = t.eff_suit[lead]
    follows = any(t.eff_suit[c] == led for c in hand)
    if follows != (d == 3) or (d < 3 and any(t.is_trump(c) for c in trick) != (d == 2)):
        return None
    mask = sum(1 << c for c in hand)
    wins = winning_mask(t, mask, trick)
    legal = legal_mask(t, mask, lead)
    if len(wins) < 2 or all(c in wins for c in hand if legal >> c & 1):
        return None  # a choice among winners, and some card that loses
    right = wins[0]
    if variant == "black" and not (trump in "SC" and str(CARDS[right].rank) in "2346789T"):
        return None
    if variant == "top" and right not in (AH_ID, JOKER_ID):
        return None
    if variant == "ace" and not (right != AH_ID and CARDS[right].rank == "A"):
        return None
    if variant == "follow" and t.is_trump(right):  # a card of the suit led wins, and trumps
        return None
    if variant == "ruff" and not t.is_trump(right):  # the suit led held, and none of it wins
        return None
    suit = SUITS[led]
    whist = sorted(trick + hand, key=lambda c: _whist_power(t, c, suit))
    beat = max(_whist_power(t, c, suit) for c in trick)
    naive = [c for c in whist if c in hand and _whist_power(t, c, suit) > beat]
    if naive and naive[0] == right:
        return None  # a whist player's cheapest winner would be the answer
    pos = {"trump": trump, "leader": 0, "trick": _names(trick), "hand": _names(hand)}
    prompt = "Which of your cards takes this trick most cheaply, keeping your better cards?"
    if d < 3:
        prompt = "You hold no card of the suit led, so any of your cards may be played. " + prompt
        return rules.name, pos, prompt, ("R2.3", "R3.2")
    return rules.name, pos, prompt, ("R2.3", "R2.4", "R3.2", "R4.1", "R4.2")


def _legal(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """``variant`` picks a twist (see :data:`_LEGAL_TWISTS`, and ``ace-kept``); otherwise ``d``
    picks one."""
    if variant == "ace-kept":
        return _ace_and_jack(rng, d)
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
    return rules.name, pos, _LEGAL_PROMPT, rule_ids


def _beaten(t: TrumpTables, trick: list[int], card: int) -> bool:
    """Does the card winning ``trick`` so far beat ``card`` (of the suit led or a trump)?"""
    return winner_index(t, [*trick, card]) != len(trick)


def _not_heart_ah(t: TrumpTables, hand: list[int], trick: list[int]) -> bool:
    """R2.2: a heart is led, hearts are not trumps, and AH is the hand's only "heart"."""
    lead = trick[0]
    hearts = [c for c in hand if CARDS[c].suit == "H"]
    return CARDS[lead].suit == "H" and not t.is_trump(lead) and hearts == [AH_ID]


_LEGAL_PROMPT = "Which of your cards may you play to this trick?"

#: A legal twist: the position it needs, its prompt and the rule ids its answer depends on.
_LEGAL_TWISTS: dict[
    str, tuple[Callable[[TrumpTables, list[int], list[int]], bool], str, tuple[str, ...]]
] = {
    # R5.5: a trump led and no trump in the hand; the trump led is AH (the hand holding a
    # heart, which whist would make it follow with) or the joker, so the plain reading of the
    # trick is not the answer
    "no-trump": (
        lambda t, hand, trick: (
            not any(t.is_trump(c) for c in hand)
            and (
                trick[0] == JOKER_ID
                or (trick[0] == AH_ID and t.trump != 3 and any(CARDS[c].suit == "H" for c in hand))
            )
        ),
        _LEGAL_PROMPT,
        ("R2.2", "R5.1", "R5.5"),
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
    # R2.2: a led joker is a trump lead (bruff); the hand's only trumps are the 5 or the jack
    # of trumps, both above the joker, so privileged against it (R5.2): any card may be played,
    # where a whist player follows with the trump
    "joker-led": (
        lambda t, hand, trick: (
            trick[0] == JOKER_ID
            and any(t.is_trump(c) for c in hand)
            and all(t.power[c] > t.power[JOKER_ID] for c in hand if t.is_trump(c))
            and any(not t.is_trump(c) for c in hand)
        ),
        "The joker is led. " + _LEGAL_PROMPT,
        ("R2.2", "R5.1", "R5.2", "R5.3"),
    ),
}


def _ace_and_jack(rng: random.Random, d: int) -> Made:
    """R5.3, variant ``ace-kept`` (of ``legal`` and ``keep``): the ace of trumps and the jack,
    the hand's only trumps, beside plain cards, to a trump led between them (the joker or AH).
    The ace is not protected, so a trump must be played (R5.2); but any trump will do, the
    privileged jack too: the ace may be kept, and no plain card may be played."""
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    trump = rng.choice("SCD")  # with hearts trumps AH is the ace, and protected
    t = rules_tables(rules, trump)
    ace, jack = (next(c for c in CARDS if str(c) == rank + trump).id for rank in "AJ")
    lead = rng.choice([JOKER_ID, AH_ID] if rules.joker else [AH_ID])
    plain = [c for c in range(rules.deck_size) if not t.is_trump(c)]
    rng.shuffle(plain)
    k = rng.randrange(1, rules.players)  # seats that played before you: the lead, then plain
    trick, hand = [lead, *plain[: k - 1]], [ace, jack, *plain[k - 1 : k + 2]]
    rng.shuffle(hand)
    if legal_mask(t, sum(1 << c for c in hand), lead) != (1 << ace | 1 << jack):
        return None
    pos = {"trump": trump, "leader": 0, "trick": _names(trick), "hand": _names(hand)}
    return rules.name, pos, _LEGAL_PROMPT, ("R5.1", "R5.2", "R5.3")


def _keep(rng: random.Random, d: int, want: str) -> Made:
    if want == "ace-kept":
        made = _ace_and_jack(rng, d)
        if made is None:
            return None
        preset, pos, _, rule_ids = made
        ace = "A" + pos["trump"]
        prompt = f"A trump is led. May you keep your {ace} and play another card?"
        return preset, {**pos, "card": ace}, prompt, rule_ids
    rules = BARKER if d == 1 else rng.choice([BRUFF, BARKER])
    k = rng.randrange(1, rules.players)
    trump, hands, trick = _random_trick(rules, rng, k)
    t = rules_tables(rules, trump)
    hand = hands[k]
    if want in ("unprotected", "trump-ace"):  # R5.2: above the card led, but not protected
        mine = [c for c in hand if t.is_trump(c) and not t.protected >> c & 1]
        mine = [c for c in mine if t.power[c] > t.power[trick[0]]]
        if want == "trump-ace":  # the ace of trumps itself (AS, AC, AD; AH is protected)
            mine = [c for c in mine if CARDS[c].rank == "A"]
            want = "unprotected"
    else:
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
    if ("keep" if keep else "play") != ("play" if want == "unprotected" else want):
        return None  # unprotected: its only trump, so "it outranks the lead" would keep it
    pos = {
        "trump": trump,
        "leader": 0,
        "trick": _names(trick),
        "hand": _names(hand),
        "card": str(CARDS[card]),
    }
    prompt = f"A trump is led. May you keep your {CARDS[card]} and play another card?"
    if want == "unprotected":
        return rules.name, pos, prompt, ("R5.1", "R5.2")
    return rules.name, pos, prompt, ("R5.2", "R5.3") + (("R5.4",) if later else ())


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
    prompt = "Someone typed these words for cards. Which of them does the game read as a card?"
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
        prompt = "A bruff deal, and this card was turned up. Which of these cards are trumps?"
        return "bruff", pos, prompt, ("R6.3", "R2.1", "R2.2")
    prompt = "Which of these cards are trumps?"
    return rules.name, {"trump": trump, "cards": _names(cards)}, prompt, ("R2.1", "R2.2")
