"""The ladder: the levels a learner plays against (:data:`~fortyfive.agents.bots.LEVELS`),
rated by a duplicate round-robin of whole games.

Every pair of levels plays a duplicate tournament (:func:`run_tournament`, the same seed for
every pair). The ratings come from all their games at once: each partnership's chance to win a
game is ``exp(s) / sum(exp(s))`` over the partnerships at the table, ``s`` the strength of its
level (a multinomial logit: in barker, the logistic of the difference; in bruff the lone bot
against two partnerships of the other). The strengths are fitted by maximum likelihood, with a
weak normal prior (standard deviation :data:`PRIOR_SD`) so that a level that wins every game
still gets a finite rating, and shown on the Elo scale (400 points: ten to one odds), the
reference level at 1500. The 95% intervals come from the curvature of the likelihood; games of
one duplicate group share their deals and are not independent, so they are a little narrow.

>>> result = run_ladder("barker", ["beginner", "club"], games=4, seed=1)
>>> [r.level for r in result.ratings]
['beginner', 'club']
>>> result.ratings[1].rating
1500.0
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from fortyfive.agents.bots import LEVELS
from fortyfive.agents.tournament import MAX_HANDS, Z95, GameResult, TournamentResult, run_tournament
from fortyfive.engine.tabular import Table

ELO = 400 / math.log(10)  # Elo points per unit of log-odds
BASE = 1500.0  # the reference level's rating
PRIOR_SD = 3.0  # of a strength, in log-odds: weak next to what a few dozen games show


@dataclass(frozen=True)
class Rating:
    """A level's rating with its 95% interval, and the whole games it played."""

    level: str
    bot: str
    rating: float
    low: float
    high: float
    games: int


def fit_strengths(
    games: Sequence[tuple[Sequence[int], int]], levels: int, reference: int
) -> tuple[list[float], list[float]]:
    """Maximum-likelihood strengths (log-odds, the ``reference`` level at 0) and their
    standard errors, from games given as (level of each partnership, winning partnership).

    >>> s, se = fit_strengths([((0, 1), 1)] * 30 + [((0, 1), 0)] * 10, 2, reference=0)
    >>> round(s[1], 2), s[0]
    (1.08, 0.0)
    """
    import numpy as np

    free = [lv for lv in range(levels) if lv != reference]
    idx = {lv: i for i, lv in enumerate(free)}
    x = np.zeros(len(free))
    prior = 1 / PRIOR_SD**2
    for _ in range(100):  # Newton's method: the log-likelihood is concave
        s = np.zeros(levels)
        s[free] = x
        grad = -prior * x
        hess = -prior * np.eye(len(free))
        for seats, winner in games:
            e = np.exp(s[list(seats)] - s[list(seats)].max())
            pi = e / e.sum()
            share = np.zeros(len(free))  # expected wins of each level at this table
            for p, lv in enumerate(seats):
                if lv in idx:
                    share[idx[lv]] += pi[p]
            if seats[winner] in idx:
                grad[idx[seats[winner]]] += 1
            grad -= share
            cross = np.zeros((len(free), len(free)))
            for p, lv in enumerate(seats):
                if lv in idx:
                    cross[idx[lv], idx[lv]] += pi[p]
            hess -= cross - np.outer(share, share)
        step = np.linalg.solve(hess, grad)
        x = x - step
        if np.abs(step).max() < 1e-10:
            break
    cov = np.linalg.inv(-hess)
    strengths = [0.0] * levels
    errors = [0.0] * levels
    for lv, i in idx.items():
        strengths[lv] = float(x[i])
        errors[lv] = float(math.sqrt(cov[i, i]))
    return strengths, errors


@dataclass
class LadderResult:
    """The round-robin's tournaments, one per pair of levels, and the ratings fitted to them."""

    preset: str
    levels: tuple[str, ...]
    seed: int
    pairs: list[TournamentResult]
    ratings: list[Rating]
    seconds: float

    def table(self) -> Table[object]:
        """One row per level: its rating, the 95% interval and the games it played."""
        return Table(
            [
                {
                    "level": r.level,
                    "bot": r.bot,
                    "rating": round(r.rating),
                    "ci95_low": round(r.low),
                    "ci95_high": round(r.high),
                    "games": r.games,
                }
                for r in self.ratings
            ]
        )

    def summary(self) -> str:
        """The ladder as ``tournament --ladder`` prints it: the ratings, then each pair."""
        head = (
            f"{self.preset} ladder: {', '.join(self.levels)}, seed {self.seed}, "
            f"{sum(len(t.games) for t in self.pairs)} games, {self.seconds:.1f} s"
        )
        pairs = [t.summary() for t in self.pairs]
        return "\n\n".join([*pairs, head + "\n" + self.table().to_text(index=False)])

    def svg(self) -> str:
        """The ratings and their intervals as a small SVG chart (docs/ladder.svg)."""
        return ladder_svg(self.preset, self.ratings)


def _games_of(g: GameResult, pair: tuple[int, int]) -> tuple[list[int], int] | None:
    """A game as (level index per partnership, winner); None if stopped without a winner."""
    if g.winner is None:
        return None
    return [pair[i] for i in g.lineup], g.winner


def run_ladder(
    preset: str,
    levels: Sequence[str] = tuple(LEVELS),
    games: int = 60,
    seed: int = 1,
    jobs: int = 1,
    progress: bool | TextIO = False,
    max_hands: int = MAX_HANDS,
    reference: str = "club",
) -> LadderResult:
    """Rate ``levels`` by a round-robin of duplicate tournaments of about ``games`` games a
    pair; ``reference`` (if among them, else the first level) is rated 1500."""
    names = tuple(levels)
    unknown = [lv for lv in names if lv not in LEVELS]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}: choose from {', '.join(LEVELS)}")
    if len(set(names)) != len(names) or len(names) < 2:
        raise ValueError("a ladder needs two different levels or more")
    start = time.perf_counter()
    pairs: list[TournamentResult] = []
    played: list[tuple[list[int], int]] = []
    for i, a in enumerate(names):
        for j in range(i + 1, len(names)):
            b = names[j]
            t = run_tournament(
                preset, [LEVELS[a], LEVELS[b]], games, seed, jobs, progress, max_hands
            )
            pairs.append(t)
            for g in t.games:
                one = _games_of(g, (i, j))
                if one is not None:
                    played.append(one)
    ref = names.index(reference) if reference in names else 0
    strengths, errors = fit_strengths(played, len(names), ref)
    ratings = []
    for k, level in enumerate(names):
        r, half = BASE + ELO * strengths[k], Z95 * ELO * errors[k]
        count = sum(k in seats for seats, _ in played)
        ratings.append(Rating(level, LEVELS[level], round(r, 1), r - half, r + half, count))
    return LadderResult(preset, names, seed, pairs, ratings, time.perf_counter() - start)


def ladder_svg(preset: str, ratings: Sequence[Rating]) -> str:
    """A horizontal chart: one row per level, its rating as a dot and its interval as a bar."""
    width, left, right, top, row = 560, 150, 30, 40, 36
    height = top + row * len(ratings) + 40
    lo = min(r.low for r in ratings)
    hi = max(r.high for r in ratings)
    span = max(hi - lo, 1.0)
    lo, hi = lo - 0.05 * span, hi + 0.05 * span

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * (width - left - right)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">'
        f"{preset}: rating per level, 95% interval</text>",
    ]
    step = 100 if span > 300 else 50
    tick = math.ceil(lo / step) * step
    axis_y = top + row * len(ratings) + 5
    while tick <= hi:
        tx = x(tick)
        parts.append(
            f'<line x1="{tx:.1f}" y1="{top - 8}" x2="{tx:.1f}" y2="{axis_y}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{tx:.1f}" y="{axis_y + 16}" text-anchor="middle" fill="#444">{tick}</text>'
        )
        tick += step
    for i, r in enumerate(ratings):
        y = top + row * i + row / 2
        parts.append(
            f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end">{r.level} ({r.bot})</text>'
        )
        parts.append(
            f'<line x1="{x(r.low):.1f}" y1="{y:.1f}" x2="{x(r.high):.1f}" y2="{y:.1f}" '
            'stroke="#1f5fa8" stroke-width="3"/>'
        )
        parts.append(f'<circle cx="{x(r.rating):.1f}" cy="{y:.1f}" r="5" fill="#1f5fa8"/>')
        parts.append(
            f'<text x="{x(r.rating):.1f}" y="{y - 9:.1f}" text-anchor="middle" fill="#222">'
            f"{r.rating:.0f}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
