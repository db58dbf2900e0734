"""Tricks: legal plays, the trick winner and why a play is illegal (R3-R5).

The fast functions take a :class:`~fortyfive.engine.rules.TrumpTables`, bitmask hands and card ids;
the public ones take rules, a trump letter and cards (or their two-letter strings).

>>> from fortyfive import BARKER, BRUFF, parse_card, parse_cards
>>> trick = parse_cards("7S 5S AS AH")          # E2: spades trump, South's 5S wins
>>> trick_winner(BARKER, "S", trick)
1
>>> [str(c) for c in legal_plays(BARKER, "S", parse_cards("JS 2D"), parse_cards("9S"))]
['JS', '2D']
>>> [str(c) for c in winning_plays(BRUFF, "C", parse_cards("9C 2C 3C KD"), parse_cards("8H 4C"))]
['3C', '2C']
>>> explain_play(BARKER, "S", parse_cards("JS 2D"), parse_cards("5S"), parse_card("2D"))
'R5.3: 5S leads trumps and your JS ranks below it, so it is not privileged (R5.2): you must...'
"""

from __future__ import annotations

from collections.abc import Sequence

from fortyfive.engine import validate as check
from fortyfive.engine.cards import AH_ID, CARDS, SUIT_NAMES, SUITS, Card, mask_cards
from fortyfive.engine.dealing import ace_of
from fortyfive.engine.errors import InputError
from fortyfive.engine.rules import Rules, TrumpTables, get_rules, rules_tables

CardLike = Card | str


def legal_mask(t: TrumpTables, hand: int, lead: int) -> int:
    """Legal cards of ``hand`` (bitmask) when ``lead`` (card id, -1 for none) was led."""
    if lead < 0:
        return hand  # R3.1
    trumps = hand & t.trump_mask
    if t.eff_suit[lead] == 4:  # a trump lead (R2.2: AH and the joker lead trumps)
        if not trumps or not trumps & ~t.unforced[lead]:
            return hand  # R5.5 / R5.3: nothing, or only privileged trumps
        return trumps  # R5.1, R5.3: any trump
    follow = hand & t.suit_mask[t.eff_suit[lead]]
    return follow | trumps if follow else hand  # R4.1-R4.3


def winner_index(t: TrumpTables, trick: Sequence[int]) -> int:
    """Index of the winning card id in ``trick`` (R3.2)."""
    power, eff = t.power, t.eff_suit
    led = eff[trick[0]]
    best, best_power = 0, power[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        p = power[c]
        if p > best_power and (p >= 100 or eff[c] == led):
            best, best_power = i, p
    return best


def winning_mask(t: TrumpTables, hand: int, trick: Sequence[int]) -> list[int]:
    """The legal cards of ``hand`` (bitmask) that would take ``trick`` (a trick under way) if
    played now, the cheapest first: a card of the suit led before any trump, a lower trump
    before a higher one (R3.2, R2.3, R2.4)."""
    legal = legal_mask(t, hand, trick[0])
    n = len(trick)
    wins = [c for c in range(53) if legal >> c & 1 and winner_index(t, [*trick, c]) == n]
    return sorted(wins, key=lambda c: t.power[c])


def _position(
    rules: Rules | str, trump: str, hand: Sequence[CardLike] | None, trick: Sequence[CardLike]
) -> tuple[Rules, TrumpTables, list[int], list[int]]:
    """The checked arguments of the public functions: cards of the preset's pack, none twice,
    at most one card per seat in the trick (R3.1) and a hand of at most five (R6.2, R9.1)."""
    r = get_rules(rules)
    t = rules_tables(r, check.suit(trump))
    tr = [c.id for c in check.cards(trick, r, "trick", 0, r.players)]
    h = [] if hand is None else [c.id for c in check.cards(hand, r, "hand", 0, r.hand_size)]
    twice = set(h) & set(tr)
    if twice:
        raise InputError("hand", " ".join(str(CARDS[c]) for c in twice), "no card of the trick")
    return r, t, h, tr


def legal_plays(
    rules: Rules | str, trump: str, hand: Sequence[CardLike], trick: Sequence[CardLike]
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (lead first), in card order."""
    r, t, h, tr = _position(rules, trump, hand, trick)
    if len(tr) == r.players:
        raise InputError("trick", f"<{len(tr)} cards>", "a trick still open: every seat played")
    return mask_cards(legal_mask(t, sum(1 << c for c in h), tr[0] if tr else -1))


def trick_winner(rules: Rules | str, trump: str, trick: Sequence[CardLike]) -> int:
    """Index into ``trick`` of the card that wins it (R3.2)."""
    _, t, _, tr = _position(rules, trump, None, trick)
    if not tr:
        raise InputError("trick", trick, "at least one card: an empty trick has no winner")
    return winner_index(t, tr)


def winning_plays(
    rules: Rules | str, trump: str, hand: Sequence[CardLike], trick: Sequence[CardLike]
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` and would take it, the cheapest
    first (see :func:`winning_mask`)."""
    r, t, h, tr = _position(rules, trump, hand, trick)
    if not tr or len(tr) == r.players:
        raise InputError("trick", f"<{len(tr)} cards>", "a trick under way: led, not complete")
    return [CARDS[c] for c in winning_mask(t, sum(1 << c for c in h), tr)]


def _names(t: TrumpTables, mask: int) -> str:
    return " ".join(str(c) for c in sorted(mask_cards(mask), key=lambda c: -t.power[c.id]))


def explain_mask(t: TrumpTables, hand: int, lead: int, card: int) -> str:
    """Why ``card`` may not be played (citing the rule id), or "" when it may."""
    if not hand >> card & 1:
        return f"R3.1: you do not hold {CARDS[card]}; play a card from your own hand."
    if legal_mask(t, hand, lead) >> card & 1:
        return ""
    led = CARDS[lead]
    if t.eff_suit[lead] == 4:
        forcing = hand & t.trump_mask & ~t.unforced[lead]
        how = " (R2.2: AH is always a trump)" if lead == 39 else ""
        how = " (R2.2: the joker is always a trump)" if led.is_joker else how
        protected = forcing & t.protected  # protected, but ranked below the lead
        if protected == forcing:
            one = protected & (protected - 1) == 0
            word, it = ("ranks", "it is") if one else ("rank", "they are")
            why = f"your {_names(t, protected)} {word} below it, so {it} not privileged (R5.2)"
        else:
            unprotected = forcing & ~protected
            ace = ace_of(t.trump)  # AS, AC, AD: high, yet not protected (AH, with hearts, is)
            forced_ace = ace != AH_ID and unprotected >> ace & 1
            note = f": {CARDS[ace]}, the ace of trumps, is not protected" if forced_ace else ""
            why = f"you hold {_names(t, unprotected)}, which the lead forces (R5.1, R5.2{note})"
        return f"R5.3: {led} leads trumps{how} and {why}: you must play a trump."
    suit = SUITS[t.eff_suit[lead]]
    follow = hand & t.suit_mask[t.eff_suit[lead]]
    return (
        f"R4.2: {led} leads {SUIT_NAMES[suit]} and you hold {_names(t, follow)}: follow suit, "
        f"or play a trump (R4.1)."
    )


def explain_legal_mask(t: TrumpTables, hand: int, lead: int, card: int) -> str:
    """Why ``card`` may be played from ``hand`` to a trick led by ``lead`` (-1: leading), citing
    the rule; "" when it may not."""
    if not legal_mask(t, hand, lead) >> card & 1:
        return ""
    c = CARDS[card]
    if lead < 0:
        return f"R3.1: the leader may play any card, {c} included."
    led = CARDS[lead]
    trumps = hand & t.trump_mask
    if t.eff_suit[lead] == 4:
        if t.eff_suit[card] == 4:
            return f"R5.1: {led} leads trumps and {c} is a trump."
        if not trumps:
            return f"R5.5: {led} leads trumps and you hold no trump, so any card may be played."
        one = trumps & (trumps - 1) == 0
        return (
            f"R5.3: {led} leads trumps and your {_names(t, trumps)} "
            f"{'ranks' if one else 'rank'} above it, so {'it is' if one else 'they are'} "
            f"privileged (R5.2): you may keep {'it' if one else 'them'} and play {c}."
        )
    if t.eff_suit[card] == 4:
        return f"R4.1: you may always trump a plain-suit lead; {c} is a trump."
    suit = SUIT_NAMES[SUITS[t.eff_suit[lead]]]
    if t.eff_suit[card] == t.eff_suit[lead]:
        return f"R4.2: {c} follows the suit led ({suit})."
    return f"R4.3: you hold no {suit}, so any card may be played, {c} included."


def explain_play(
    rules: Rules | str,
    trump: str,
    hand: Sequence[CardLike],
    trick: Sequence[CardLike],
    card: CardLike,
) -> str:
    """Why ``card`` may not be played from ``hand`` to ``trick``, citing the rule; "" if legal."""
    r, t, h, tr = _position(rules, trump, hand, trick)
    c = check.card(card, r)
    return explain_mask(t, sum(1 << x for x in h), tr[0] if tr else -1, c.id)
