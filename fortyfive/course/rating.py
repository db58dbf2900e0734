"""Ratings for the learner and for the puzzles: Glicko-2, as online puzzle trainers rate both.

Each attempt is a game between the learner and the puzzle: the learner wins when the puzzle is
solved at the first try with no hint and no "Show me", and the puzzle wins otherwise. Both
ratings move after each first attempt (a rating period of one game), so the learner's rating
climbs with clean solves, and a puzzle that beats many learners climbs too. The next drill is
then drawn at the difficulty whose rating is nearest the learner's (:func:`nearest`).

This is Glickman's Glicko-2 ("Example of the Glicko-2 system", 2013), written out here in
pure Python (the course also runs in the browser, on Pyodide, where only pure-Python packages
install): ratings on the Glicko scale (1500 to start, deviation 350, volatility 0.06), the
system constant τ = 0.5, and the volatility found by the Illinois algorithm (step 5.1), to
ε = 1e-6. The paper's worked example (it gives 1464.06, 151.52 and 0.05999, from its
rounded intermediate values):

>>> player = Rating(1500, 200, 0.06)
>>> new = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                       (Rating(1700, 300), 0.0)])
>>> round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Glicko-2's scale factor between the Glicko scale and its own (173.7178 = 400 / ln 10).
SCALE = 173.7178
#: The system constant τ: how fast the volatility may change (Glickman: 0.3 to 1.2).
TAU = 0.5
EPSILON = 1e-6
#: Bounds that keep a stored rating sane (a file is untrusted; a long run cannot overflow).
MIN_RATING, MAX_RATING = 100.0, 4000.0
MIN_RD, MAX_RD = 30.0, 350.0
MAX_VOLATILITY = 0.2


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: the rating, its deviation and its volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def to_json(self) -> list[float]:
        """As the progress file keeps it: ``[rating, rd, volatility]``, rounded."""
        return [round(self.rating, 1), round(self.rd, 1), round(self.volatility, 6)]

    @classmethod
    def from_json(cls, data: object) -> Rating:
        """A stored rating, checked (it comes from a file): raises ``ValueError``."""
        if (
            not isinstance(data, list)
            or len(data) != 3
            or not all(type(x) in (int, float) for x in data)
        ):
            raise ValueError("a rating must be a list [rating, rd, volatility] of numbers")
        r, rd, vol = (float(x) for x in data)
        if not (
            MIN_RATING <= r <= MAX_RATING and MIN_RD <= rd <= MAX_RD and 0 < vol <= MAX_VOLATILITY
        ):
            raise ValueError(f"a rating out of bounds: {[r, rd, vol]}")
        return cls(r, rd, vol)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Iterable[tuple[Rating, float]]) -> Rating:
    """``player``'s rating after one rating period of ``games`` (each an opponent and a score:
    1 a win, 0 a loss, 0.5 a draw); with no game only the deviation grows (step 6)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    played = [((o.rating - 1500) / SCALE, o.rd / SCALE, s) for o, s in games]
    if not played:
        return _bounded(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v = 1 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in played)
    delta = v * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in played)
    sigma = _volatility(phi, sigma, v, delta)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu += phi * phi * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in played)
    return _bounded(1500 + SCALE * mu, SCALE * phi, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2 * d * d) - (x - a) / TAU**2

    lo = a
    if delta * delta > phi * phi + v:
        hi = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        hi = a - k * TAU
    f_lo, f_hi = f(lo), f(hi)
    for _ in range(100):  # converges in a handful of steps; bounded all the same
        if abs(hi - lo) <= EPSILON:
            break
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = c, f_c
    return math.exp(lo / 2)


def _bounded(r: float, rd: float, vol: float) -> Rating:
    return Rating(
        min(max(r, MIN_RATING), MAX_RATING),
        min(max(rd, MIN_RD), MAX_RD),
        min(max(vol, 1e-6), MAX_VOLATILITY),
    )


def play(learner: Rating, item: Rating, won: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: the learner won (a clean solve) or the puzzle did."""
    score = 1.0 if won else 0.0
    return update(learner, [(item, score)]), update(item, [(learner, 1.0 - score)])


#: Where a puzzle of difficulty 1, 2 or 3 starts before anyone has tried it (the learner starts
#: at 1500, so a newcomer's first drill is of difficulty 1).
START = {1: 1500.0, 2: 1750.0, 3: 2000.0}
START_RD = 200.0


def start_rating(difficulty: int) -> Rating:
    """A puzzle's rating before its first attempt, from its difficulty (1 to 3)."""
    return Rating(START.get(difficulty, 1500.0), START_RD)


def nearest(learner: Rating, options: Mapping[int, Rating]) -> int:
    """The key of ``options`` (difficulties) whose rating is nearest the learner's (the lower
    one on a tie: a learner is not pushed before the rating says so)."""
    return min(sorted(options), key=lambda d: abs(options[d].rating - learner.rating))
