"""A frozen copy of the exact solver as it was before its speed work (values only), kept so
that tests can compare the current search with it on many positions: the values of every action
must stay identical."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from fortyfive.engine.actions import parse_action
from fortyfive.engine.cards import mask_ids
from fortyfive.engine.rules import TrumpTables, tables
from fortyfive.solve.position import Position

if TYPE_CHECKING:
    from fortyfive.engine.game import Game

INF = 10_000


class _Perm:
    """Card positions for the search: each effective suit (R2.2) a contiguous run of bits,
    weakest first, the trumps last. So "beats" is "higher position in the same run, or a
    trump", and equivalent cards are neighbours."""

    def __init__(self, t: TrumpTables) -> None:
        blocks = [tuple(reversed(t.plain[s])) for s in range(4) if s != t.trump]
        blocks.append(tuple(reversed(t.order)))
        self.id_of: list[int] = []
        self.block_of: list[int] = []
        self.block_mask: list[int] = []
        for b, ids in enumerate(blocks):
            start = len(self.id_of)
            self.id_of += ids
            self.block_of += [b] * len(ids)
            self.block_mask.append(((1 << len(ids)) - 1) << start)
        self.trump_block = len(blocks) - 1
        self.trump_lo = len(self.id_of) - len(t.order)
        self.trump_mask = self.block_mask[-1]
        self.pos_of = [-1] * 53
        for p, c in enumerate(self.id_of):
            self.pos_of[c] = p
        n = len(self.id_of)
        # Positions above p in its own block.
        self.above = [self.block_mask[self.block_of[p]] & ~((2 << p) - 1) for p in range(n)]
        self.unforced = [self.to_pos(t.unforced[c]) for c in self.id_of]

    def to_pos(self, mask: int) -> int:
        """A mask of card ids as a mask of search positions."""
        out = 0
        for c in mask_ids(mask):
            out |= 1 << self.pos_of[c]
        return out


@cache
def _perm(joker: bool, trump: int) -> _Perm:
    return _Perm(tables(joker, trump))


def _after(
    pm: _Perm, k: int, lead: int, win: int, wseat: int, c: int, seat: int
) -> tuple[int, int, int]:
    """(lead, winning card, winning seat) once ``seat`` has played ``c`` (R3.2)."""
    if k == 0:
        return c, c, seat
    if c > win and (c >= pm.trump_lo or pm.block_of[c] == pm.block_of[win]):
        return lead, c, seat
    return lead, win, wseat


class _Solver:
    """One search from one position for one side; the table is shared by its root moves."""

    def __init__(self, pos: Position, side: int, merge_trumps: bool = True) -> None:
        r = pos.rules
        self.pos = pos
        self.perm = pm = _perm(r.joker, pos.trump)
        self.n = r.players
        self.side = [p == side for p in r.partnerships]
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.hands = [pm.to_pos(h) for h in pos.hands]
        self.turnup = pm.pos_of[pos.turnup] if pos.turnup >= 0 else -1
        self.merge = -1 if merge_trumps else ~pm.trump_mask

    # The search: one flat recursive function over local tables, for speed.
    def search(
        self,
        seat: int,
        k: int,
        lead: int,
        win: int,
        wseat: int,
        tmask: int,
        bmax: int,
        bside: int,
        robber: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Points the side takes from here to the end of the deal, searched in the window
        (alpha, beta) (fail-soft). ``k`` cards of the trick are down; ``lead``/``win`` are
        positions (-1 before the lead), ``wseat`` the winning seat so far; ``bmax`` the highest
        trump played in the deal and ``bside`` 1 if the side played it, 0 if not, -1 none."""
        self.nodes += 1
        pm, hands, side = self.perm, self.hands, self.side
        tp, bp = self.pos.rules.trick_points, self.pos.rules.bonus_points
        key: tuple[int, ...] | None = None
        best_first = -1
        a0 = alpha
        b0 = beta
        if k == 0:
            allc = 0
            for h in hands:
                allc |= h
            if not allc:
                return bp if bside == 1 else 0
            left = hands[seat].bit_count() * tp
            if left == tp and robber < 0:  # the last trick plays itself: one card each
                return self._last_trick(seat, bmax, bside)
            up = pm.trump_mask & allc & (pm.above[bmax] if bmax >= 0 else -1)
            mine = bp if bside == 1 else 0
            if bmax >= 0 and not up:  # the bonus is decided (R7.2, R10.1)
                lo, hi = mine, mine + left
            else:
                lo, hi = 0, left + (bp if up or bside == 1 else 0)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            key = (*hands, seat, up << 2 | (bside + 1), robber)
            e = self.tt.get(key)
            if e is not None:
                elo, ehi, best_first = e
                if elo >= beta:
                    return elo
                if ehi <= alpha:
                    return ehi
                lo, hi = max(lo, elo), min(hi, ehi)
                if lo >= hi:
                    return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            a0, b0 = alpha, beta

        h = hands[seat]
        maximize = side[seat]
        moves = self.moves(seat, k, lead, win, tmask, bmax, robber)
        if k and side[wseat] != maximize:  # try the cheapest winning cards first
            tlo, bo = pm.trump_lo, pm.block_of
            beats = [c for c in moves if c > win and (c >= tlo or bo[c] == bo[win])]
            if beats:
                moves = beats + [c for c in moves if c not in beats]
        if best_first >= 0 and best_first in moves:
            moves.remove(best_first)
            moves.insert(0, best_first)

        best = -INF if maximize else INF
        best_move = -1
        n = self.n
        last = k == n - 1
        nxt = (seat + 1) % n
        tlo = pm.trump_lo
        for c in moves:
            bit = 1 << c
            hands[seat] = h ^ bit
            nlead, nwin, nws = _after(pm, k, lead, win, wseat, c, seat)
            if c >= tlo and c > bmax:
                nbmax, nbside = c, (1 if side[seat] else 0)
            else:
                nbmax, nbside = bmax, bside
            nrob = -1 if robber == seat else robber
            if last:
                pts = tp if side[nws] else 0
                v = pts + self.search(
                    nws, 0, -1, -1, -1, 0, nbmax, nbside, nrob, alpha - pts, beta - pts
                )
            else:
                v = self.search(
                    nxt, k + 1, nlead, nwin, nws, tmask | bit, nbmax, nbside, nrob, alpha, beta
                )
            hands[seat] = h
            if maximize:
                if v > best:
                    best, best_move = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_move = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if robber == seat and alpha < beta:  # R6.5: rob first, then play
            best, best_move = self._rob_moves(
                seat, k, lead, win, wseat, tmask, bmax, bside, alpha, beta, best, best_move
            )
        if key is not None:
            lo2, hi2 = -INF, INF
            if best <= a0:
                hi2 = best
            elif best >= b0:
                lo2 = best
            else:
                lo2 = hi2 = best
            e = self.tt.get(key)
            if e is not None:
                lo2, hi2 = max(lo2, e[0]), min(hi2, e[1])
            self.tt[key] = (lo2, hi2, best_move)
        return best

    def _last_trick(self, seat: int, bmax: int, bside: int) -> int:
        pm, hands, side, n = self.perm, self.hands, self.side, self.n
        lead = win = wseat = -1
        for i in range(n):
            s = (seat + i) % n
            c = hands[s].bit_length() - 1
            lead, win, wseat = _after(pm, i, lead, win, wseat, c, s)
            if c >= pm.trump_lo and c > bmax:
                bmax, bside = c, 1 if side[s] else 0
        r = self.pos.rules
        return (r.trick_points if side[wseat] else 0) + (r.bonus_points if bside == 1 else 0)

    def moves(
        self, seat: int, k: int, lead: int, win: int, tmask: int, bmax: int, robber: int
    ) -> list[int]:
        """The legal cards of ``seat`` (R3-R5), one per run of equivalent cards: strongest
        first when leading, else weakest first."""
        pm, hands = self.perm, self.hands
        h = hands[seat]
        if k == 0:
            legal = h
        else:
            lb = pm.block_of[lead]
            tr = h & pm.trump_mask
            if lb == pm.trump_block:  # R5.1-R5.5
                legal = h if not tr or not tr & ~pm.unforced[lead] else tr
            else:  # R4.1-R4.3
                f = h & pm.block_mask[lb]
                legal = f | tr if f else h
        live = tmask
        for x in hands:
            live |= x
        if bmax >= 0:
            live |= 1 << bmax
        if robber >= 0:
            live |= 1 << self.turnup
        moves: list[int] = []
        merge, above = self.merge, pm.above
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            nx = above[c] & live
            if low & merge and nx & -nx & h:
                continue  # a higher card of the same run is held: the same outcome
            moves.append(c)
        if k == 0:
            moves.reverse()
        return moves

    def rob_discards(self, seat: int, tmask: int, bmax: int) -> list[int]:
        """The cards ``seat`` may give up to rob (R6.5), one per run of equivalent cards."""
        h = self.hands[seat]
        live = tmask | 1 << self.turnup | (1 << bmax if bmax >= 0 else 0)
        for x in self.hands:
            live |= x
        out = []
        for d in mask_ids(h):
            nx = self.perm.above[d] & live
            if 1 << d & self.merge and nx & -nx & h:
                continue
            out.append(d)
        return out

    def _rob_moves(
        self,
        seat: int,
        k: int,
        lead: int,
        win: int,
        wseat: int,
        tmask: int,
        bmax: int,
        bside: int,
        alpha: int,
        beta: int,
        best: int,
        best_move: int,
    ) -> tuple[int, int]:
        """Robbing as a move of the robber's turn: a card goes out, the turn-up comes in."""
        hands, maximize = self.hands, self.side[seat]
        h = hands[seat]
        for d in self.rob_discards(seat, tmask, bmax):
            hands[seat] = h ^ (1 << d) | 1 << self.turnup
            v = self.search(seat, k, lead, win, wseat, tmask, bmax, bside, -1, alpha, beta)
            hands[seat] = h
            if (v > best) if maximize else (v < best):
                best, best_move = v, -1
                if maximize:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
            if alpha >= beta:
                break
        return best, best_move


@dataclass(frozen=True)
class Solution:
    """The solver's answer for the seat to act.

    ``values`` maps every legal action to the points ``partnership`` (by default the seat's own)
    takes in the whole deal with perfect play from then on (its tricks so far included);
    ``best`` lists the seat's best actions: the highest values, or the lowest when
    ``partnership`` is another one; ``value`` is the position's value for ``partnership``;
    ``taken`` is what ``partnership`` has in tricks already.
    """

    seat: int
    partnership: int
    values: dict[str, int]
    taken: int
    own: bool = True
    nodes: int = field(default=0, compare=False)

    @property
    def value(self) -> int:
        return (max if self.own else min)(self.values.values())

    @property
    def best(self) -> list[str]:
        v = self.value
        return [a for a, x in self.values.items() if x == v]

    def loss(self, action: str) -> int:
        """Points ``action`` gives away against the best play (0 for a best action)."""
        return abs(self.value - self.values[action])


def _root_state(pos: Position, s: _Solver) -> tuple[int, int, int, int, int, int, int]:
    """(lead, win, wseat, tmask, bmax, bside) of the position, in search positions."""
    pm, n = s.perm, s.n
    lead = win = wseat = -1
    tmask = 0
    for i, c in enumerate(pos.trick):
        p = pm.pos_of[c]
        tmask |= 1 << p
        lead, win, wseat = _after(pm, i, lead, win, wseat, p, (pos.leader + i) % n)
    bmax = pm.pos_of[pos.bonus_card] if pos.bonus_card >= 0 else -1
    bside = -1 if bmax < 0 else (1 if s.side[pos.bonus_seat] else 0)
    return lead, win, wseat, tmask, bmax, bside, len(pos.trick)


def _value_after(s: _Solver, pos: Position, action: str, guess: int) -> int:
    """Future deal points for the side after ``action`` at the root, found exactly by a few
    null-window searches (MTD(f), starting from ``guess``), which prune far more than one
    search with a full window."""
    seat = pos.to_act
    lead, win, wseat, tmask, bmax, bside, k = _root_state(pos, s)
    hands, pm = s.hands, s.perm
    h = hands[seat]
    act = parse_action(action)
    tp = pos.rules.trick_points
    pts = 0
    args: SearchState
    if act.kind == "rob":
        hands[seat] = h ^ (1 << pm.pos_of[act.card.id]) | (1 << s.turnup)
        args = (seat, k, lead, win, wseat, tmask, bmax, bside, -1)
    else:
        c = pm.pos_of[act.card.id]
        hands[seat] = h ^ (1 << c)
        nlead, nwin, nws = _after(pm, k, lead, win, wseat, c, seat)
        if c >= pm.trump_lo and c > bmax:
            bmax, bside = c, (1 if s.side[seat] else 0)
        if k == s.n - 1:
            pts = tp if s.side[nws] else 0
            args = (nws, 0, -1, -1, -1, 0, bmax, bside, -1)
        else:
            robber = pos.robber if pos.robber != seat else -1
            args = ((seat + 1) % s.n, k + 1, nlead, nwin, nws, tmask | 1 << c, bmax, bside, robber)
    try:
        return pts + _mtdf(s, args, guess - pts)
    finally:
        hands[seat] = h


# A node of the search: seat, cards down in the trick, lead, winning card, winning seat, trick
# mask, highest trump played, who played it, robber (see _Solver.search).
SearchState = tuple[int, int, int, int, int, int, int, int, int]


def _mtdf(s: _Solver, args: SearchState, guess: int) -> int:
    """The exact value from null-window searches that close in on it from ``guess``."""
    lo, hi = -INF, INF
    g = guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = s.search(*args, beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return g


def deal_value(position: Position, side: int | None = None) -> int:
    """The points ``side`` (default: the seat to act's partnership) takes in the whole deal
    with perfect play from ``position``: :attr:`Solution.value` without every action's value.
    """
    side = position.rules.partnerships[position.to_act] if side is None else side
    s = _Solver(position, side)
    lead, win, wseat, tmask, bmax, bside, k = _root_state(position, s)
    args: SearchState = (position.to_act, k, lead, win, wseat, tmask, bmax, bside, position.robber)
    return position.taken(side) + _mtdf(s, args, 0)


def solve(position: Position | Game, side: int | None = None) -> Solution:
    """Values of every legal action of the seat to act, all hands open.

    ``side`` is the partnership whose points are counted (default: the seat to act's).
    """
    from fortyfive.engine.game import Game

    pos = Position.from_game(position) if isinstance(position, Game) else position
    seat = pos.to_act
    partnership = pos.rules.partnerships[seat] if side is None else side
    s = _Solver(pos, partnership)
    taken = pos.taken(partnership)
    values: dict[str, int] = {}
    guess = 0
    for a in pos.legal_actions():
        guess = _value_after(s, pos, a, guess)
        values[a] = taken + guess
    own = partnership == pos.rules.partnerships[seat]
    return Solution(seat, partnership, values, taken, own, s.nodes)
