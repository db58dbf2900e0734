"""An independent oracle for tricks (RULES.md R1-R5), written from RULES.md only.

Cards are plain two-letter strings: rank + suit ("5S", "TD", "AH"), the joker is "JK".
Presets are the strings "bruff" (52 cards + joker) and "barker" (52 cards, no joker).

This module deliberately does not import the engine. The orders are derived from a few small
rules instead of being copied from RULES.md's lists:

* "highest in red, lowest in black": counting the ace as 1, the pip cards A..T of a red suit rank
  high to low by their value, the pip cards of a black suit rank low to high (R2.4).
* Non-trump suit: K > Q > J, then the pips by the red/black rule (R2.4); in hearts the ace is absent
  because AH is always a trump (R2.1, R2.2).
* Trump suit: 5 of trumps > J of trumps > joker (bruff) > AH > ace of trumps (unless hearts)
  > K > Q, then the remaining pips (2..T without the 5) by the red/black rule (R2.3).
"""

from __future__ import annotations

SUITS = ("S", "C", "D", "H")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
JOKER = "JK"
PRESETS = ("bruff", "barker")
RED = frozenset("DH")

# Pip value with the ace counted as one.
_PIP_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}


def has_joker(preset: str) -> bool:
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r}")
    return preset == "bruff"


def deck(preset: str) -> list[str]:
    """All cards of the preset's deck (R1.1; bruff adds the joker)."""
    cards = [r + s for s in SUITS for r in RANKS]
    if has_joker(preset):
        cards.append(JOKER)
    return cards


def _check(card: str, preset: str) -> None:
    if card == JOKER:
        if not has_joker(preset):
            raise ValueError(f"no joker in {preset}")
        return
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"bad card {card!r}")


def _pips_high_to_low(suit: str, pips: list[str]) -> list[str]:
    """Order pip ranks high to low: red suits by descending value, black by ascending value."""
    return sorted(pips, key=lambda r: _PIP_VALUE[r], reverse=suit in RED)


def trump_order(trump: str, preset: str) -> list[str]:
    """Every trump, high to low (R2.3)."""
    assert trump in SUITS
    order = ["5" + trump, "J" + trump]
    if has_joker(preset):
        order.append(JOKER)
    order.append("AH")
    if trump != "H":
        order.append("A" + trump)
    order += ["K" + trump, "Q" + trump]
    low_pips = [r for r in _PIP_VALUE if r not in ("A", "5")]
    order += [r + trump for r in _pips_high_to_low(trump, low_pips)]
    return order


def plain_order(suit: str, trump: str) -> list[str]:
    """Every card of a non-trump suit, high to low (R2.4); hearts has no ace (AH is a trump)."""
    assert suit in SUITS and trump in SUITS
    if suit == trump:
        raise ValueError("the trump suit has no plain order")
    pips = list(_PIP_VALUE)
    if suit == "H":
        pips.remove("A")
    return [r + suit for r in ("K", "Q", "J")] + [r + suit for r in _pips_high_to_low(suit, pips)]


def protected(trump: str, preset: str) -> list[str]:
    """The protected trumps (R5.2): 5 and J of trumps, the joker (bruff) and AH."""
    cards = ["5" + trump, "J" + trump, "AH"]
    if has_joker(preset):
        cards.append(JOKER)
    return cards


def is_trump(card: str, trump: str, preset: str) -> bool:
    """R2.1: the trump suit, AH always, the joker always (bruff)."""
    _check(card, preset)
    return card == JOKER or card == "AH" or card[1] == trump


def trump_rank(card: str, trump: str, preset: str) -> int | None:
    """Strength of a trump (larger is higher), None for a non-trump."""
    if not is_trump(card, trump, preset):
        return None
    order = trump_order(trump, preset)
    return len(order) - order.index(card)


def plain_rank(card: str, trump: str, preset: str) -> int | None:
    """Strength of a non-trump card within its own suit (larger is higher), None for a trump."""
    if is_trump(card, trump, preset):
        return None
    order = plain_order(card[1], trump)
    return len(order) - order.index(card)


def suit_of(card: str, trump: str, preset: str) -> str:
    """The suit a card belongs to for following: "T" for any trump (R2.1, R2.2), else its suit."""
    return "T" if is_trump(card, trump, preset) else card[1]


def winner(trick: list[str], trump: str, preset: str) -> int:
    """Index of the card that wins the trick (R3.2)."""
    if not trick:
        raise ValueError("empty trick")
    if len(set(trick)) != len(trick):
        raise ValueError("duplicate card in trick")
    trumps = [
        (trump_rank(c, trump, preset), i) for i, c in enumerate(trick) if is_trump(c, trump, preset)
    ]
    if trumps:
        return max(trumps)[1]
    led = trick[0][1]
    followers = [(plain_rank(c, trump, preset), i) for i, c in enumerate(trick) if c[1] == led]
    return max(followers)[1]


def privileged(card: str, lead: str, trump: str, preset: str) -> bool:
    """R5.2: a protected trump is privileged against a lead only if it ranks above the lead."""
    if card not in protected(trump, preset):
        return False
    return trump_rank(card, trump, preset) > trump_rank(lead, trump, preset)


def legal(hand: list[str], trick: list[str], trump: str, preset: str) -> set[str]:
    """The set of cards of `hand` that may be played to `trick` (cards so far, lead first)."""
    for c in list(hand) + list(trick):
        _check(c, preset)
    if not trick:
        return set(hand)  # R3.1
    lead = trick[0]  # R5.4: only the led card fixes the obligation
    my_trumps = {c for c in hand if is_trump(c, trump, preset)}
    if is_trump(lead, trump, preset):
        if not my_trumps:
            return set(hand)  # R5.5
        if all(privileged(c, lead, trump, preset) for c in my_trumps):
            return set(hand)  # R5.3: every trump held is privileged
        return my_trumps  # R5.1 / R5.3: any trump
    led_suit = lead[1]
    followers = {c for c in hand if not is_trump(c, trump, preset) and c[1] == led_suit}
    if followers:
        return followers | my_trumps  # R4.1 + R4.2
    return set(hand)  # R4.3
