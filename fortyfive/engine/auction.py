"""The auction of Auction Forty-Fives (R9.2-R9.5): calls, the dealer's hold, the auction's end.

>>> from fortyfive import BARKER
>>> a = Auction(BARKER, dealer=3)
>>> a.to_call, a.legal_calls(0, scores=(0, 0))
(0, ['pass', 'bid 5', 'bid 10', 'bid 15', 'bid 20', 'bid 25', 'bid 30'])
>>> for call in ("bid 15", "pass", "pass"):
...     a.call(call)
>>> a.to_call, a.legal_calls(3, scores=(0, 0))[-1]
(3, 'hold')
>>> a.call("hold"); a.call("pass")
>>> a.over, a.high_seat, a.high_bid
(True, 3, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fortyfive.engine.rules import Rules


def call_ladder(rules: Rules) -> tuple[str, ...]:
    """Every call the auction knows, low to high: pass, each bid (R9.2), the dealer's hold
    (R9.3).

    >>> from fortyfive.engine.rules import BARKER
    >>> call_ladder(BARKER)
    ('pass', 'bid 5', 'bid 10', 'bid 15', 'bid 20', 'bid 25', 'bid 30', 'hold')
    """
    return ("pass", *(f"bid {b}" for b in rules.bids), *(("hold",) if rules.dealer_hold else ()))


@dataclass
class Auction:
    """The state of one hand's auction; ``to_call`` is the next seat to call (None when over)."""

    rules: Rules
    dealer: int
    passed: int = 0  # bitmask of seats that passed (R9.2: a pass is final)
    high_bid: int = 0
    high_seat: int = -1
    calls: list[tuple[int, str]] = field(default_factory=list)
    to_call: int | None = None

    def __post_init__(self) -> None:
        if self.to_call is None and not self.calls:
            self.to_call = (self.dealer + 1) % self.rules.players  # R9.2: the dealer's left

    @property
    def over(self) -> bool:
        """Has the auction ended (a contract, or all passed, R9.5)?"""
        return self.to_call is None

    @property
    def thrown_in(self) -> bool:
        """R9.5: all four passed."""
        return self.passed == (1 << self.rules.players) - 1

    def floor(self, seat: int, scores: Sequence[int]) -> int:
        """R9.4: the lowest bid (or hold) the seat's partnership may make."""
        r = self.rules
        return r.high_score_min_bid if scores[r.partnerships[seat]] >= r.high_score else 0

    def can_hold(self, seat: int, scores: Sequence[int]) -> bool:
        """R9.3: the dealer takes over another seat's highest bid at its level (R9.4 applies)."""
        return (
            self.rules.dealer_hold
            and seat == self.dealer
            and self.high_seat not in (-1, seat)
            and self.high_bid >= self.floor(seat, scores)
        )

    def legal_calls(self, seat: int, scores: Sequence[int]) -> list[str]:
        """R9.2-R9.4: pass, any higher bid, and the dealer's hold."""
        lowest = max(self.floor(seat, scores), self.high_bid + 1)
        calls = ["pass"] + [f"bid {b}" for b in self.rules.bids if b >= lowest]
        if self.can_hold(seat, scores):
            calls.append("hold")
        return calls

    def why_illegal(self, seat: int, call: str, scores: Sequence[int]) -> str:
        """Why ``call`` (canonical: ``bid N``, ``hold`` or ``pass``) is not legal for ``seat``."""
        r = self.rules
        high = f"{r.high_score} or more"
        if call.startswith("bid"):
            amount = int(call.split()[1])
            if amount not in r.bids:
                return "R9.2: bids are " + ", ".join(map(str, r.bids[:-1])) + f" or {r.bids[-1]}"
            if amount <= self.high_bid:
                return f"R9.2: a bid must be higher than the current {self.high_bid}"
            return f"R9.4: a partnership with {high} may not bid below {r.high_score_min_bid}"
        if call == "hold":
            if not r.dealer_hold or seat != self.dealer:
                return "R9.3: only the dealer may hold"
            if self.high_seat < 0:
                return "R9.3: there is no bid to hold"
            if self.high_seat == seat:
                return "R9.3: you already hold the highest bid"
            return f"R9.4: a partnership with {high} may not hold below {r.high_score_min_bid}"
        return "R9.2: that call is not open now"

    def call(self, call: str) -> None:
        """Record a legal canonical call by ``to_call`` and move on (R9.2-R9.5)."""
        seat = self.to_call
        assert seat is not None, "the auction is over"
        self.calls.append((seat, call))
        if call == "pass":
            self.passed |= 1 << seat
        elif call == "hold":
            self.high_seat = seat  # R9.3: the same level
        else:
            self.high_bid, self.high_seat = int(call.split()[1]), seat
        n = self.rules.players
        active = [s for s in range(n) if not self.passed >> s & 1]
        if not active or active == [self.high_seat]:  # R9.5
            self.to_call = None
            return
        nxt = (seat + 1) % n
        while self.passed >> nxt & 1:
            nxt = (nxt + 1) % n
        self.to_call = nxt
