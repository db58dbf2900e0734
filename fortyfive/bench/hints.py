"""Hint benchmark: how long :func:`~fortyfive.solve.hints.hint` takes at a bruff first lead (the
hardest position it answers: 30 cards, robbing open), and how its ranking under the node budget
compares with the ranking of the same deals without one.

The first leads come from seeded games between rule bots (as in :mod:`fortyfive.bench.solver`).
The unbudgeted ranking (``samples`` deals, every one solved whatever it costs: what the table's
Hint button gave before it had a budget) is slow, seconds a position; ``compare=False`` skips it.

>>> rows = hint_bench(positions=1, seed=2, samples=2, compare=True)
>>> rows[0]["positions"], "same first" in rows[0]
(1, True)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from fortyfive.agents.bots import RuleBot
from fortyfive.bench.solver import _first_leads
from fortyfive.solve.hints import HINT_NODES, HINT_SECONDS, hint
from fortyfive.solve.solver import SearchBudgetExceeded


def hint_bench(
    positions: int = 20,
    seed: int = 1,
    samples: int = 8,
    nodes: int | None = HINT_NODES,
    seconds: float | None = HINT_SECONDS,
    compare: bool = True,
    out: Callable[[str], None] | None = None,
) -> list[dict[str, float | int | str]]:
    """Time ``hint(samples=samples, nodes=nodes, seconds=seconds)``, the table's hint, at
    ``positions`` bruff first leads. With
    ``compare``, also: how often its first action is the first of the unbudgeted ranking
    (``same first``), is one of that ranking's best (``among best``, equal points given up),
    and what it gives up on average by that ranking (``points given up``). Where not one deal
    fits the budget (``no deal fits``), the rule bot's card stands for the hint, as at the
    table."""
    times, deals = [], []
    same = among = 0
    given_up: list[float] = []
    leads = _first_leads("bruff", seed)
    for _ in range(positions):
        g = next(leads)
        seat = g.to_act
        assert seat is not None
        start = time.perf_counter()
        try:
            ranked = hint(g, seat, samples=samples, seed=g.seed or 0, nodes=nodes, seconds=seconds)
            first, n = ranked[0].action, ranked[0].deals
        except SearchBudgetExceeded:  # the table's answer then: the rule bot's advice
            first, n = RuleBot(seed=0).choose(g, seat), 0
        times.append((time.perf_counter() - start) * 1000)
        deals.append(n)
        if compare:
            full = hint(g, seat, samples=samples, seed=g.seed or 0, nodes=None)
            by_action = {h.action: h.loss for h in full}
            same += full[0].action == first
            among += by_action[first] == full[0].loss
            given_up.append(by_action[first] - full[0].loss)
        if out:
            out(f"{len(times)}/{positions}: {times[-1]:.0f} ms, {deals[-1]} deals")
    times.sort()
    n = len(times)
    row: dict[str, float | int | str] = {
        "positions": n,
        "median ms": round(statistics.median(times), 1),
        "p95 ms": round(times[min(n - 1, int(0.95 * n))], 1),
        "max ms": round(times[-1], 1),
        "deals": f"{min(deals)}-{max(deals)} (median {statistics.median(deals):g})",
        "no deal fits": sum(d == 0 for d in deals),
    }
    if compare:
        row["same first"] = f"{same}/{n}"
        row["among best"] = f"{among}/{n}"
        row["points given up"] = round(statistics.fmean(given_up), 2)
    return [row]
