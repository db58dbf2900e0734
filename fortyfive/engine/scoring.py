"""Scoring: trick points, the bonus and its certainty, bruff chronology, barker contracts (R7-R10).

Pure functions over small tuples, used by the game state machine and the score sheet; the point
values and targets come from the :class:`~fortyfive.engine.rules.Rules`.

>>> from fortyfive import BARKER, BRUFF
>>> # R8.6: A (0) holds 40, C (2) 35. A wins trick 1, B trick 2 with the highest trump.
>>> chronology_winner(BRUFF, (40, 0, 35), [0, 1], bonus_trick=1, certain=False)
0
>>> barker_hand_delta(BARKER, bid=30, bidders=0, taken=(30, 0))   # R10.3: a made 30 scores +60
(60, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fortyfive.engine.cards import CARDS
from fortyfive.engine.dealing import seat_of_play
from fortyfive.engine.rules import Rules, TrumpTables


def trick_value(rules: Rules, index: int, bonus_trick: int) -> int:
    """Points of trick ``index``: 5, and 5 more when it holds the bonus (R7.1, R7.2, R10.1)."""
    return rules.trick_points + (rules.bonus_points if index == bonus_trick else 0)


def running_totals(
    rules: Rules, start: Sequence[int], winners: Sequence[int], bonus_trick: int
) -> tuple[int, ...]:
    """Totals after the tricks won by ``winners`` (partnerships), bonus at ``bonus_trick``
    (-1: none)."""
    totals = list(start)
    for i, p in enumerate(winners):
        totals[p] += trick_value(rules, i, bonus_trick)
    return tuple(totals)


def first_to_target(
    rules: Rules, start: Sequence[int], winners: Sequence[int], bonus_trick: int
) -> tuple[int, int] | None:
    """(partnership, trick index) of the first to reach the target, trick by trick (R8.1).

    Only one partnership scores per trick, so "first" is unique.
    """
    totals = list(start)
    for i, p in enumerate(winners):
        totals[p] += trick_value(rules, i, bonus_trick)
        if totals[p] >= rules.target:
            return p, i
    return None


def chronology_winner(
    rules: Rules, start: Sequence[int], winners: Sequence[int], bonus_trick: int, certain: bool
) -> int | None:
    """The R8.6 procedure after a trick: the partnership that has won, or None to play on.

    Line S0 has trick points only; S1 adds the bonus at ``bonus_trick``. With a certain bonus S1
    decides; with an uncertain one, only a first to 45 that S0 and S1 agree on has won (R8.2).
    """
    s1 = first_to_target(rules, start, winners, bonus_trick)
    if certain or bonus_trick < 0:
        return s1[0] if s1 else None
    s0 = first_to_target(rules, start, winners, -1)
    if s0 and s1 and s0[0] == s1[0]:
        return s0[0]
    return None


def deal_winner(
    rules: Rules, start: Sequence[int], winners: Sequence[int], bonus_trick: int
) -> int | None:
    """bruff, once a deal's tricks are all known: the partnership that won the game in it (the
    first to the target in trick order with the bonus at its trick, R8.1, R8.6, the bonus
    being certain by then; else a jink, R8.4), or None when the game goes on (R8.5)."""
    w = chronology_winner(rules, start, winners, bonus_trick, certain=True)
    if w is None and rules.jink and len(winners) == rules.hand_size and len(set(winners)) == 1:
        w = winners[0]  # R8.4
    return w


def bonus_is_certain(
    t: TrumpTables, highest: int, played: int, known_out: int, tricks_done: int, n_tricks: int
) -> bool:
    """R7.3: certain once the 5 of trumps is played, every higher trump is known out of play, or
    the deal is over."""
    if highest < 0:
        return tricks_done >= n_tricks
    return tricks_done >= n_tricks or not t.higher[highest] & ~played & ~known_out


def barker_hand_delta(
    rules: Rules, bid: int, bidders: int, taken: Sequence[int]
) -> tuple[int, ...]:
    """Score change per partnership for a hand (R10.2-R10.4)."""
    delta = list(taken)  # R10.4: opponents always score what they took
    if taken[bidders] >= bid:
        top = rules.bids[-1]
        delta[bidders] = bid * rules.made_max_bid_factor if bid == top else taken[bidders]  # R10.3
    else:
        delta[bidders] = -bid  # R10.2: the bid is subtracted, nothing taken is added
    return tuple(delta)


def barker_winner(rules: Rules, scores: Sequence[int], bidders: int) -> int | None:
    """R10.5: a partnership at the target or more wins; if both, the bidders."""
    over = [p for p, s in enumerate(scores) if s >= rules.target]
    if not over:
        return None
    return bidders if bidders in over else over[0]


@dataclass
class TrickLog:
    """One completed trick: who led, the cards in play order (ids), the winning seat."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def plays(self, players: int) -> list[tuple[int, int]]:
        """(seat, card id) of each play, lead first (R1.2, R3.1: clockwise from the leader)."""
        return [(seat_of_play(self.leader, i, players), c) for i, c in enumerate(self.cards)]

    def winning_card(self, players: int) -> int:
        """The id of the card that took the trick: the one the winning seat played (R3.2)."""
        return dict(self.plays(players))[self.winner]


@dataclass
class DealLog:
    """The history of one deal (bruff) or hand (barker), for score sheets and records."""

    number: int
    dealer: int
    start_scores: tuple[int, ...]
    trump: int = -1
    turnup: int = -1
    robbed_by: int = -1
    tricks: list[TrickLog] = field(default_factory=list)
    bonus_trick: int = -1  # trick index holding the highest trump so far
    bonus_card: int = -1
    bonus_certain: bool = False
    bid: int = 0
    bidder: int = -1
    calls: list[tuple[int, str]] = field(default_factory=list)
    thrown_in: bool = False
    end_scores: tuple[int, ...] | None = None
    made: bool | None = None


def deal_breakdown(rules: Rules, deal: DealLog) -> list[str]:
    """Where each partnership's points in a finished ``deal`` came from, one line each, in
    words with the rule ids: tricks at 5 each and the bonus for the highest trump (bruff
    R7.1-R7.2; barker R10.1), and in barker whether the bid was made (R10.2-R10.4). A hand
    thrown in scores nothing (R9.5); a game won early leaves tricks unplayed (R8.3).

    >>> from fortyfive import BRUFF
    >>> d = DealLog(1, 0, (0, 0, 0), tricks=[TrickLog(0, (), 1), TrickLog(1, (), 2)])
    >>> d.bonus_trick, d.bonus_card, d.bonus_certain = 0, 4, True
    >>> deal_breakdown(BRUFF, d)[1]
    'B +10: 1 trick × 5 + 5 bonus for 5♠, the highest trump (R7.1, R7.2)'
    """
    names = rules.partnership_names
    if deal.thrown_in:
        return ["all passed: the hand is thrown in and nobody scores (R9.5)"]
    sides = [rules.partnerships[t.winner] for t in deal.tricks]
    bonus = deal.bonus_trick if deal.bonus_certain else -1
    taken = running_totals(rules, (0,) * rules.n_partnerships, sides, bonus)
    bidders = rules.partnerships[deal.bidder] if rules.auction and deal.bidder >= 0 else -1
    delta = barker_hand_delta(rules, deal.bid, bidders, taken) if bidders >= 0 else taken
    lines = []
    for p, name in enumerate(names):
        won = sides.count(p)
        how = f"{won} trick{'' if won == 1 else 's'} × {rules.trick_points}" if won else "no tricks"
        has_bonus = 0 <= bonus < len(sides) and sides[bonus] == p
        if has_bonus:
            card = CARDS[deal.bonus_card].symbol()
            how += f" + {rules.bonus_points} bonus for {card}, the highest trump"
        if not rules.auction:
            lines.append(f"{name} {delta[p]:+d}: {how} (R7.1{', R7.2' if has_bonus else ''})")
            continue
        if p != bidders:
            verdict = "the opponents score what they took (R10.4)"
        elif taken[p] < deal.bid:
            verdict = f"bid {deal.bid} not made: the bid is taken off (R10.2)"
        elif delta[p] != taken[p]:
            verdict = f"bid {deal.bid} made: it scores twice over (R10.3)"
        else:
            verdict = f"bid {deal.bid} made: what they took scores (R10.2)"
        lines.append(f"{name} {delta[p]:+d}: took {taken[p]} ({how}, R10.1); {verdict}")
    if 0 < len(deal.tricks) < rules.hand_size:  # bruff: the game was won in this deal
        lines.append(
            f"the game was won after trick {len(deal.tricks)}: the rest are not played (R8.3)"
        )
    if deal.bonus_trick < 0 and len(deal.tricks) == rules.hand_size:
        lines.append(f"no trump was played: no bonus ({'R10.1' if rules.auction else 'R7.2'})")
    elif deal.bonus_trick >= 0 and bonus < 0:
        lines.append("the bonus was not yet certain when the game ended (R7.3, R8.3)")
    return lines
