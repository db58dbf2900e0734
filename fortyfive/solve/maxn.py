"""Max-n search for bruff's three partnerships, all hands open: each partnership plays for its
own points, instead of the other two combining against one (the "paranoid" play of
:mod:`fortyfive.solve.solver`).

A node's value is a tuple: the points each partnership takes from there to the end of the deal
(5 a trick, R7.1, and the bonus of the highest trump, R7.2). The seat to act picks the card
best for its own partnership; between cards equal for it, the one worst for the partnership the
search is for (so a tie is not counted on to fall its way), then the smallest tuple (so the
choice does not depend on the order the cards are tried in). Without a window there is little
to prune, so the search is for small positions: the last tricks of a deal.

>>> from fortyfive import Game
>>> from fortyfive.agents.bots import RuleBot
>>> g = Game.new("bruff", seed=3)
>>> while g.phase != "play" or g.tricks_played < 3:
...     g.apply(RuleBot(seed=1).choose(g, g.to_act))
>>> from fortyfive.solve.position import Position
>>> v = maxn_values(Position.from_game(g))
>>> sorted(v) == sorted(g.legal_actions())
True
"""

from __future__ import annotations

from fortyfive.engine.actions import parse_action
from fortyfive.solve.position import Position
from fortyfive.solve.solver import (
    SearchBudgetExceeded,
    Solution,
    _after,
    _ranks,
    _root_state,
    _Solver,
)

Vector = tuple[int, ...]


class _MaxN:
    """One max-n search from one position; the table is shared by the root's actions."""

    def __init__(self, pos: Position, side: int, max_nodes: int | None = None) -> None:
        self.s = _Solver(pos, side)
        self.pos = pos
        r = pos.rules
        self.part = list(r.partnerships)
        self.np = r.n_partnerships
        self.side = side
        self.tp, self.bp = r.trick_points, r.bonus_points
        self.zero: Vector = (0,) * self.np
        self.tt: dict[tuple[int, ...], Vector] = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    def plus(self, v: Vector, p: int, pts: int) -> Vector:
        if not pts:
            return v
        out = list(v)
        out[p] += pts
        return tuple(out)

    def search(
        self,
        seat: int,
        k: int,
        lead: int,
        win: int,
        wseat: int,
        tmask: int,
        bmax: int,
        bown: int,
        robber: int,
    ) -> Vector:
        """Points per partnership from here to the end of the deal; ``bown`` is the
        partnership that played the highest trump so far (-1: none yet)."""
        self.nodes += 1
        s, pm, hands = self.s, self.s.perm, self.s.hands
        key: tuple[int, ...]
        if k == 0:
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise SearchBudgetExceeded(f"more than {self.max_nodes} nodes")
            allc = 0
            for h in hands:
                allc |= h
            if not allc:
                return self.plus(self.zero, bown, self.bp) if bown >= 0 else self.zero
            up = pm.trump_mask & allc & (pm.above[bmax] if bmax >= 0 else -1)
            if robber < 0:  # plain suits by rank among the cards held, as the solver's table
                rel = [h & pm.trump_mask for h in hands]
                for start, bm in pm.plain_runs:
                    rel.append(_ranks(tuple([x >> start & bm for x in hands])))
                key = (*rel, seat, up << 2 | (bown + 1))
            else:
                key = (*hands, seat, up << 2 | (bown + 1), robber)
        else:
            key = (*hands, seat, lead, win, wseat, bmax, bown, robber)
        known = self.tt.get(key)
        if known is not None:
            return known
        me = self.part[seat]
        side = self.side
        h = hands[seat]
        best: Vector | None = None
        n = s.n
        last = k == n - 1
        options = [(h, robber)]
        if robber == seat:  # R6.5: robbing first, then the card, is a choice of its own
            options += [
                (h ^ (1 << d) | 1 << s.turnup, -1) for d in s.rob_discards(seat, tmask, bmax)
            ]
        for hand, rob in options:
            hands[seat] = hand
            for c in s.moves(seat, k, lead, win, tmask, bmax, rob):
                hands[seat] = hand ^ (1 << c)
                nlead, nwin, nws = _after(pm, k, lead, win, wseat, c, seat)
                if c >= pm.trump_lo and c > bmax:
                    nbmax, nbown = c, me
                else:
                    nbmax, nbown = bmax, bown
                nrob = -1 if robber == seat else robber
                if last:
                    v = self.plus(
                        self.search(nws, 0, -1, -1, -1, 0, nbmax, nbown, nrob),
                        self.part[nws],
                        self.tp,
                    )
                else:
                    v = self.search(
                        (seat + 1) % n, k + 1, nlead, nwin, nws, tmask | 1 << c, nbmax, nbown, nrob
                    )
                if (
                    best is None
                    or v[me] > best[me]
                    or (v[me] == best[me] and (v[side], v) < (best[side], best))
                ):
                    best = v
            hands[seat] = h
        assert best is not None
        self.tt[key] = best
        return best


def maxn_values(position: Position, side: int | None = None) -> dict[str, int]:
    """Per legal action of the seat to act, the points ``side`` (default: the seat's
    partnership) takes in the whole deal when every partnership plays for itself (max-n)."""
    return maxn_solve(position, side).values


def maxn_solve(
    position: Position, side: int | None = None, *, max_nodes: int | None = None
) -> Solution:
    """:func:`maxn_values` as a :class:`~fortyfive.solve.solver.Solution` (with its node
    count); past ``max_nodes`` nodes it stops with :class:`SearchBudgetExceeded`."""
    pos = position
    seat = pos.to_act
    side = pos.rules.partnerships[seat] if side is None else side
    m = _MaxN(pos, side, max_nodes)
    s = m.s
    out: dict[str, int] = {}
    with s.running():
        _maxn_actions(m, pos, seat, side, out)
    own = side == pos.rules.partnerships[seat]
    return Solution(seat, side, out, pos.taken(side), own, m.nodes)


def _maxn_actions(m: _MaxN, pos: Position, seat: int, side: int, out: dict[str, int]) -> None:
    """Fill ``out`` with the max-n value for ``side`` of every legal action of ``seat``."""
    s, pm = m.s, m.s.perm
    lead, win, wseat, tmask, bmax, _, k = _root_state(pos, s)
    bown = pos.rules.partnerships[pos.bonus_seat] if pos.bonus_card >= 0 else -1
    taken = pos.taken(side)
    hands = s.hands
    h = hands[seat]
    for action in pos.legal_actions():
        act = parse_action(action)
        try:
            if act.kind == "rob":
                hands[seat] = h ^ (1 << pm.pos_of[act.card.id]) | (1 << s.turnup)
                v = m.search(seat, k, lead, win, wseat, tmask, bmax, bown, -1)
            else:
                c = pm.pos_of[act.card.id]
                hands[seat] = h ^ (1 << c)
                nlead, nwin, nws = _after(pm, k, lead, win, wseat, c, seat)
                nbmax, nbown = (
                    (c, pos.rules.partnerships[seat])
                    if c >= pm.trump_lo and c > bmax
                    else (bmax, bown)
                )
                robber = pos.robber if pos.robber != seat else -1
                if k == s.n - 1:
                    v = m.plus(
                        m.search(nws, 0, -1, -1, -1, 0, nbmax, nbown, robber),
                        m.part[nws],
                        m.tp,
                    )
                else:
                    v = m.search(
                        (seat + 1) % s.n,
                        k + 1,
                        nlead,
                        nwin,
                        nws,
                        tmask | 1 << c,
                        nbmax,
                        nbown,
                        robber,
                    )
        finally:
            hands[seat] = h
        out[action] = taken + v[side]
