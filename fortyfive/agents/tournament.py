"""Duplicate-paired tournaments between two bots, with Wilson confidence intervals.

Luck of the cards is the biggest noise in a card game, so every deal sequence is played by both
sides: the games of one *duplicate group* share a seed (``Game.new`` deals the same cards for the
same seed, every later deal included, whatever is played) and differ only in who sits where.

* ``barker`` (2 partnerships): a pair of games, X as partnership 0 and Y as 1, then swapped.
* ``bruff`` (3 partnerships): six games, the *lone* bot in one partnership against two
  partnerships of the other, over the three partnerships, first X alone, then Y alone. Each bot's
  win rate is taken over the games where it sits alone, against a fair share of 1/3.

Both seats of a partnership are played by separate copies of the same bot, each seeded from the
game seed and its seat, so a tournament is repeatable from its seed, with one process or several.

>>> result = run_tournament("barker", ["rule", "random"], games=4, seed=1)
>>> table = result.table()
>>> print(Table(table.rows, ["bot", "games", "wins", "fair_share"]).to_text(index=False))
   bot  games  wins  fair_share
  rule      4     4         0.5
random      4     0         0.5
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TextIO

from fortyfive.agents.bots import BOTS, make_bot
from fortyfive.engine.game import Game
from fortyfive.engine.rules import Rules, get_rules
from fortyfive.engine.tabular import Table

Z95 = 1.959963984540054  # the two-sided 95% normal quantile
MAX_HANDS = 500  # a game still going after this many deals is stopped without a winner


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a win rate (95% by default); (0, 1) with no games.

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95% interval (NaN for the width
    below two values, and for both without values).

    >>> [round(x, 4) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 1.2652]
    """
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


def lineups(rules: Rules) -> list[tuple[int, ...]]:
    """The seatings of one duplicate group: bot index (0 = X, 1 = Y) per partnership.

    >>> from fortyfive import BARKER, BRUFF
    >>> lineups(BARKER)
    [(0, 1), (1, 0)]
    >>> lineups(BRUFF)[:3]
    [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    out: list[tuple[int, ...]] = []
    for lone in (0, 1):
        for alone_at in range(rules.n_partnerships):
            lineup = tuple(lone if p == alone_at else 1 - lone for p in range(rules.n_partnerships))
            if lineup not in out:
                out.append(lineup)
    return out


@dataclass(frozen=True)
class GameResult:
    """One game: its seed, who sat where, the winner and each partnership's points per deal."""

    seed: int
    lineup: tuple[int, ...]  # bot index per partnership
    winner: int | None  # partnership, None when stopped at the hand limit
    deals: int  # deals that were played, thrown-in hands excluded (R9.5)
    points: tuple[int, ...]  # per partnership, summed over those deals

    def lone_bot(self) -> int | None:
        """The bot that holds exactly one partnership (both do in barker: then None)."""
        counts = [self.lineup.count(b) for b in (0, 1)]
        return None if counts == [1, 1] else counts.index(1)


def play_game(
    preset: str, bots: Sequence[str], seed: int, lineup: tuple[int, ...], max_hands: int
) -> GameResult:
    """Play one game with ``bots[lineup[p]]`` in every seat of partnership ``p``."""
    game = Game.new(preset, seed=seed)
    rules = game.rules
    players = [
        make_bot(bots[lineup[rules.partnerships[s]]], seed=seed * rules.players + s)
        for s in range(rules.players)
    ]
    while not game.over and game.deal_number <= max_hands:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    points = [0] * rules.n_partnerships
    deals = 0
    for d in game.deals:
        if d.end_scores is None or d.thrown_in:  # unfinished (stopped) or thrown in
            continue
        deals += 1
        for p in range(rules.n_partnerships):
            points[p] += d.end_scores[p] - d.start_scores[p]
    return GameResult(seed, lineup, game.winner, deals, tuple(points))


_Job = tuple[str, tuple[str, ...], int, int]  # preset, bot names, seed, hand limit


def _play_group(job: _Job) -> list[GameResult]:
    """All seatings of one duplicate group (one unit of work for a worker process)."""
    preset, bots, seed, max_hands = job
    return [play_game(preset, bots, seed, lu, max_hands) for lu in lineups(get_rules(preset))]


class Progress:
    """A plain-text progress bar on ``stream``: redrawn in place on a terminal, else one line
    every tenth of the way (so logs stay short)."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.done, self.width = total, 0, width
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.perf_counter()
        self._shown = -1

    def update(self, n: int) -> None:
        self.done += n
        frac = self.done / self.total if self.total else 1.0
        tenth = int(frac * 10)
        if not self.tty and tenth == self._shown:
            return
        self._shown = tenth
        bar = "#" * int(frac * self.width)
        text = (
            f"[{bar:<{self.width}}] {frac:4.0%} {self.done}/{self.total} games "
            f"{time.perf_counter() - self.start:.1f} s"
        )
        self.stream.write(("\r" + text) if self.tty else text + "\n")
        if self.tty and self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


@dataclass
class TournamentResult:
    """Every game of a tournament; :meth:`table` sums them up per bot."""

    preset: str
    bots: tuple[str, str]
    seed: int
    games: list[GameResult]
    seconds: float
    max_hands: int = MAX_HANDS

    @property
    def labels(self) -> tuple[str, str]:
        """The bots' names, numbered when a bot plays itself."""
        x, y = self.bots
        return (f"{x}#1", f"{y}#2") if x == y else (x, y)

    @property
    def capped(self) -> int:
        """Games stopped at the hand limit, without a winner."""
        return sum(g.winner is None for g in self.games)

    def table(self) -> Table[object]:
        """Per bot: games it played alone in a partnership, wins, win rate with its 95% Wilson
        interval, the fair share (1 / partnerships), its partnership's mean points per hand
        (barker: score change of a hand, R10.2-R10.4; bruff: points taken in a deal, R7), and
        its edge: points a hand over the other partnerships on the same cards (:meth:`edges`),
        with the half-width of its 95% interval (``to_pandas()`` for a DataFrame)."""
        rows: list[dict[str, object]] = []
        n_partnerships = len(self.games[0].lineup) if self.games else 2
        for b, label in enumerate(self.labels):
            games = wins = deals = points = 0
            for g, p in self.seated(b):
                games += 1
                wins += g.winner == p
                deals += g.deals
                points += g.points[p]
            lo, hi = wilson_interval(wins, games)
            edge, edge_half = mean_interval(self.edges(b))
            rows.append(
                {
                    "bot": label,
                    "games": games,
                    "wins": wins,
                    "win_rate": round(wins / games, 4) if games else float("nan"),
                    "ci95_low": round(lo, 4),
                    "ci95_high": round(hi, 4),
                    "fair_share": round(1 / n_partnerships, 4),
                    "points_per_hand": round(points / deals, 2) if deals else float("nan"),
                    "hands": deals,
                    "edge": round(edge, 2),
                    "edge_ci95": round(edge_half, 2),
                }
            )
        return Table(rows)

    def edges(self, bot: int) -> list[float]:
        """Per duplicate group, the points a hand ``bot``'s partnership took more than the
        average other partnership, over the group's games where it sits alone (both bots in
        barker) and their played hands. Measured on the same cards, this is far less noisy
        than the win rate: ``max_hands=1`` compares the bots on the first hand of every group.
        """
        gained: dict[int, float] = {}
        deals: dict[int, int] = {}
        for g, p in self.seated(bot):
            rest = [pts for q, pts in enumerate(g.points) if q != p]
            gained[g.seed] = gained.get(g.seed, 0) + g.points[p] - statistics.fmean(rest)
            deals[g.seed] = deals.get(g.seed, 0) + g.deals
        return [gained[s] / deals[s] for s in gained if deals[s]]

    def seated(self, bot: int) -> Iterator[tuple[GameResult, int]]:
        """The games where ``bot`` sits alone in a partnership (every game in barker), each
        with that partnership."""
        for g in self.games:
            if g.lone_bot() in (None, bot):
                yield g, g.lineup.index(bot)

    def frame(self) -> Table[object]:
        """One row per game: seed, the bot of each partnership, winner, deals and points."""
        names = get_rules(self.preset).partnership_names
        return Table(
            [
                {
                    "seed": g.seed,
                    **{f"bot_{n}": self.labels[b] for n, b in zip(names, g.lineup, strict=True)},
                    "winner": names[g.winner] if g.winner is not None else None,
                    "deals": g.deals,
                    **{f"points_{n}": pts for n, pts in zip(names, g.points, strict=True)},
                }
                for g in self.games
            ]
        )

    def summary(self) -> str:
        """The results as the ``tournament`` command prints them: a line, then the table."""
        x, y = self.labels
        groups = len(self.games) // max(len(lineups(get_rules(self.preset))), 1)
        head = (
            f"{self.preset}: {x} vs {y}, {len(self.games)} games ({groups} duplicate groups), "
            f"seed {self.seed}, {self.seconds:.1f} s"
        )
        if self.capped:
            head += f", {self.capped} stopped at {self.max_hands} hands without a winner"
        return head + "\n" + self.table().to_text(index=False)


def game_seeds(seed: int, groups: int) -> list[int]:
    """The seed of each duplicate group, drawn from the tournament seed (a longer tournament
    starts with the same groups as a shorter one)."""
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(groups)]


def run_tournament(
    preset: str,
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    jobs: int = 1,
    progress: bool | TextIO = False,
    max_hands: int = MAX_HANDS,
) -> TournamentResult:
    """Play about ``games`` games (rounded up to whole duplicate groups: 2 in barker, 6 in
    bruff) between two bots, on ``jobs`` processes; the result is the same for any ``jobs``.

    ``progress``: True for a bar on stderr, or a stream to draw it on.
    """
    rules = get_rules(preset)
    names = tuple(bots)
    if len(names) != 2:
        raise ValueError(f"a tournament is between two bots, got {len(names)}: {', '.join(names)}")
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}: choose from {', '.join(BOTS)}")
    if games < 1 or jobs < 1:
        raise ValueError("games and jobs must be at least 1")
    size = len(lineups(rules))
    seeds = game_seeds(seed, -(-games // size))
    work: list[_Job] = [(rules.name, names, s, max_hands) for s in seeds]
    bar = None
    if progress:
        bar = Progress(len(work) * size, None if progress is True else progress)
    start = time.perf_counter()
    results: list[GameResult] = []
    for group in _map(work, jobs):
        results += group
        if bar:
            bar.update(len(group))
    x, y = names
    seconds = time.perf_counter() - start
    return TournamentResult(rules.name, (x, y), seed, results, seconds, max_hands)


def _map(work: Sequence[_Job], jobs: int) -> Iterator[list[GameResult]]:
    """Groups played in order, in this process or on ``jobs`` worker processes."""
    if jobs == 1:
        yield from map(_play_group, work)
        return
    chunk = max(1, min(16, len(work) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_group, work, chunksize=chunk)
