"""Who does what around the deal: who may rob (R6.5, R6.6), who leads first (R6.7, R9.8), and
the order and limits of the discard-and-draw (R9.7). The game state machine, the hint sampler
and the bots all ask here, so each rule is written once.

Hands are bitmasks of card ids (bit ``card.id``), as inside the engine.

>>> from fortyfive.engine.cards import card_mask
>>> from fortyfive.engine.rules import BARKER
>>> hands = [card_mask(["2S"]), card_mask(["AD"]), 0, 0, 0, 0]
>>> robbing_seat(dealer=4, turnup=card_mask(["9D"]).bit_length() - 1, hands=hands)
1
>>> discard_order(BARKER, dealer=2), first_leader(BARKER, dealer=2, bidder=3)
([3, 0, 1, 2], 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from fortyfive.engine.cards import JOKER_ID
from fortyfive.engine.rules import Rules


def deal_pack(rules: Rules, dealer: int, pack: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """R6.2, R9.1: a shuffled pack (card ids, top first) dealt 3 then 2 to each seat, clockwise
    from the dealer's left; the rest is the stock, top first.

    >>> from fortyfive.engine.rules import BARKER
    >>> hands, stock = deal_pack(BARKER, 3, list(range(52)))
    >>> hands[0], len(stock)
    ([0, 1, 2, 12, 13], 32)
    """
    n = rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    packets = (3, 2) if rules.hand_size == 5 else (rules.hand_size,)
    for size in packets:
        for i in range(1, n + 1):
            hands[(dealer + i) % n] += pack[pos : pos + size]
            pos += size
    return hands, list(pack[pos:])


def seat_of_play(leader: int, index: int, players: int) -> int:
    """R1.2, R3.1: the seat that played the ``index``-th card (0: the lead) of a trick."""
    return (leader + index) % players


def turnup_trump(turnup: int) -> int:
    """R6.3: the suit (0..3: S C D H) of the turned-up card is trump for the whole deal. A
    turned-up joker fixes none: the dealer takes it and the next card decides (R6.4).

    >>> from fortyfive.engine.cards import parse_card
    >>> turnup_trump(parse_card("7D").id), turnup_trump(parse_card("AH").id)
    (2, 3)
    """
    if turnup == JOKER_ID:
        raise ValueError("R6.4: a turned-up joker fixes no trump; the next card turned up does")
    return turnup // 13


def ace_of(suit: int) -> int:
    """The card id of the ace of ``suit`` (0..3: S C D H)."""
    return suit * 13


def robbing_seat(dealer: int, turnup: int, hands: Sequence[int]) -> int:
    """R6.5: the seat that may rob the turn-up: the holder of the ace of its suit (AS, not AH,
    when spades are trumps), or the dealer when the turn-up is that ace; -1 when nobody holds
    it (it is in the stock or face down). The joker gives no right."""
    ace = ace_of(turnup_trump(turnup))
    if turnup == ace:
        return dealer
    return next((s for s, h in enumerate(hands) if h >> ace & 1), -1)


def may_still_rob(seat: int, leader: int, played: int, tricks_done: int, players: int) -> bool:
    """R6.6: robbing is open only before the robber's own first play of the deal: no trick is
    complete and ``seat`` is not among the ``played`` cards of the trick led by ``leader``."""
    return tricks_done == 0 and (seat - leader) % players >= played


def first_leader(rules: Rules, dealer: int, bidder: int | None = None) -> int:
    """Who leads the first trick: the dealer's left (R6.7), or in an auction deal the auction
    winner's left (R9.8)."""
    if rules.auction:
        if bidder is None:
            raise ValueError("R9.8: an auction deal's first leader follows the auction winner")
        return (bidder + 1) % rules.players
    return (dealer + 1) % rules.players


def discard_order(rules: Rules, dealer: int) -> list[int]:
    """R9.7: the seats in the order they discard and draw, from the dealer's left clockwise."""
    n = rules.players
    return [(dealer + i) % n for i in range(1, n + 1)]


def draw_limit(rules: Rules, stock_left: int) -> int:
    """R9.7: how many cards a seat may discard (and draw): 0 to 5, no more than the stock
    holds."""
    return min(rules.max_discard, stock_left)
