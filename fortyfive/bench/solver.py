"""Solver benchmark: time :func:`~fortyfive.solve.solver.solve` on seeded positions of three kinds.

* ``barker hand``: a whole barker hand (20 cards) at the first lead, after rule bots bid, name
  trump and discard;
* ``bruff deal``: a whole bruff deal (30 cards) at the first lead, robbing still open;
* ``3 tricks``: positions of either preset with three tricks or fewer left, often mid-trick.

Each time covers the values of every legal action (what a puzzle check or a hint needs).

>>> rows = solver_bench(positions=1, seed=2)
>>> [r["kind"] for r in rows]
['barker hand', 'bruff deal', '3 tricks']
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator

from fortyfive.agents.bots import RuleBot
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.solve.solver import solve


def _first_leads(preset: str, seed: int) -> Iterator[Game]:
    """The first lead of each deal of seeded games between rule bots."""
    game_seed = seed
    while True:
        g = Game.new(preset, seed=game_seed)
        bots = [RuleBot(seed=game_seed * 10 + s) for s in range(g.rules.players)]
        while not g.over:
            if g.phase == Phase.PLAY and g.tricks_played == 0 and not g.trick:
                yield g.copy()
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
        game_seed += 1


def _endgames(seed: int) -> Iterator[Game]:
    """Positions with three tricks or fewer left, alternating presets."""
    rng = random.Random(seed)
    sources = [_first_leads("barker", seed), _first_leads("bruff", seed)]
    i = 0
    while True:
        g = next(sources[i % 2])
        i += 1
        bots = [RuleBot(seed=rng.randrange(10**6)) for _ in range(g.rules.players)]
        stop = rng.randrange(2 * g.rules.players, 5 * g.rules.players - 1)
        number = g.deal_number
        for _ in range(stop):
            seat = g.to_act
            if seat is None or g.deal_number != number:
                break
            g.apply(bots[seat].choose(g, seat))
        if g.phase == Phase.PLAY and g.deal_number == number and g.tricks_played >= 2:
            yield g


def _time(games: Iterator[Game], n: int) -> dict[str, float | int | str]:
    times, nodes = [], []
    for _ in range(n):
        g = next(games)
        start = time.perf_counter()
        s = solve(g)
        times.append(time.perf_counter() - start)
        nodes.append(s.nodes)
    times.sort()
    ms = [t * 1000 for t in times]
    return {
        "positions": n,
        "median ms": round(statistics.median(ms), 2),
        "p95 ms": round(ms[min(n - 1, int(0.95 * n))], 2),
        "max ms": round(ms[-1], 2),
        "median nodes": int(statistics.median(nodes)),
    }


def solver_bench(
    positions: int = 40, seed: int = 1, out: Callable[[str], None] | None = None
) -> list[dict[str, float | int | str]]:
    """Solve ``positions`` positions of each kind; one row of figures per kind."""
    kinds: list[tuple[str, Iterator[Game]]] = [
        ("barker hand", _first_leads("barker", seed)),
        ("bruff deal", _first_leads("bruff", seed)),
        ("3 tricks", _endgames(seed)),
    ]
    rows = []
    for kind, games in kinds:
        row: dict[str, float | int | str] = {"kind": kind, **_time(games, positions)}
        rows.append(row)
        if out:
            out(" ".join(f"{k}={v}" for k, v in row.items()))
    return rows
