"""The exact open-hand ("double-dummy") solver for the trick phase of both presets.

With every hand open, :func:`solve` gives the value of every legal action of the seat to act:
the points its partnership takes in the whole deal (tricks R7.1/R10.1 and the bonus R7.2/R10.1)
when everyone plays perfectly from here. Two sides play: the partnership of the seat to act
against everyone else, so in ``bruff`` the other two partnerships are assumed to combine against
it ("paranoid" play). :func:`can_force_win` answers the bruff question of a whole game: can that
partnership force a win under R8 in this deal?

>>> from fortyfive import Game, deck
>>> hands = [h.split() for h in ("5S AS KD QD 2C", "JS 2S KC QC JC", "KH QH JH AD 9H",
...                               "3S TC 9C 8C 7C")]
>>> stock = [c for c in deck(joker=False) if str(c) not in sum(hands, [])]
>>> g = Game.from_deal("barker", dealer=2, hands=hands, stock=stock)
>>> for a in ["bid 5", "pass", "pass", "pass", "trump S"] + ["discard"] * 4:
...     g.apply(a)
>>> s = solve(g)                 # seat 0 leads against E-W's contract of 5
>>> s.seat, s.best, s.value
(0, ['play 5S'], 20)
>>> s.values["play AS"], s.loss("play KD")   # AS first lets JS win it and the bonus
(10, 5)

Performance comes from a transposition table (at trick starts keyed by the cards left per seat,
plain suits and the trumps below the protected ones by relative rank, the leader and, once no
trump held can change it, who has the bonus; within a trick by the exact state), from bounds
(points left, the bonus that goes with the highest trump held, a trick for each of the highest
trumps in one hand, and a leader nobody can trump cashing its winners), from ordering the moves
(the table's best card, the cheapest winning card, robbing first), and from playing only one
card of each run of equivalent cards (no live card ranks between them; the highest trump played
so far counts as a live card, because the bonus depends on it). The search is one closure over
local tables; the garbage collector is paused while it runs (its table holds no cycles, and a
collection would walk every entry); deep searches run from a frame big enough to get a
frame-stack chunk of their own (see ``_roomy_caller``).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from time import perf_counter
from typing import TYPE_CHECKING, Any, cast

from fortyfive.engine import scoring
from fortyfive.engine.actions import parse_action
from fortyfive.engine.cards import mask_ids
from fortyfive.engine.rules import TrumpTables, tables
from fortyfive.solve.position import Position

if TYPE_CHECKING:
    from fortyfive.engine.game import Game

INF = 10_000
EXACT_TRICKS = 3
_CLOCK_EVERY = 2048  # trick-start nodes between two looks at the clock


class SearchBudgetExceeded(RuntimeError):
    """A search stopped at its node budget or its deadline before it had a value."""


def _roomy_caller() -> Callable[..., Any]:
    """``roomy(f, *args)`` calls ``f(*args)`` from a frame of some 33 KB.

    CPython keeps frames on a stack of 16 KiB chunks and frees a chunk as soon as the frame at
    its start returns, so a deep search that straddles a chunk boundary maps and unmaps a chunk
    for nearly every node (about a third of the time of a whole bruff deal). A frame too big for
    a free chunk gets a new 64 KiB one of its own, and the search then runs in the 30 KiB left
    over (a whole deal needs some 21 KB). Elsewhere the big frame only costs a few microseconds.
    """
    names = " = ".join(f"_{i}" for i in range(4200))  # local slots, never assigned
    ns: dict[str, Any] = {}
    exec(
        f"def roomy(f, *args):\n    if f is None:\n        {names} = None\n    return f(*args)", ns
    )
    return cast(Callable[..., Any], ns["roomy"])


_roomy = _roomy_caller()


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
        # (start, mask at bit 0) of each plain suit's run, for the table's relative-rank keys.
        self.plain_runs = [
            (m.bit_length() - m.bit_count(), m >> (m.bit_length() - m.bit_count()))
            for m in self.block_mask[:-1]
        ]
        # The trumps below the protected ones (R5.2) only count by rank among those held.
        protected = self.to_pos(t.protected)
        tail = self.trump_mask & ~protected
        self.trump_tail = (self.trump_lo, tail >> self.trump_lo)
        self.trump_top = protected

    def to_pos(self, mask: int) -> int:
        """A mask of card ids as a mask of search positions."""
        out = 0
        for c in mask_ids(mask):
            out |= 1 << self.pos_of[c]
        return out


@cache
def _perm(joker: bool, trump: int) -> _Perm:
    return _Perm(tables(joker, trump))


@cache
def _squeeze(live: int, x: int) -> int:
    """The bits of ``x`` at the set bits of ``live``, packed from bit 0 (a "pext")."""
    out = i = 0
    while live:
        low = live & -live
        if x & low:
            out |= 1 << i
        i += 1
        live ^= low
    return out


@cache
def _ranks(parts: tuple[int, ...]) -> int:
    """One run's cards per seat (``parts``, a mask per seat) by rank among the cards held:
    each seat's mask squeezed onto the held cards, packed 16 bits a seat."""
    held = 0
    for x in parts:
        held |= x
    out = 0
    for i, x in enumerate(parts):
        if x:
            out |= _squeeze(held, x) << (16 * i)
    return out


def _entry(
    v: int, alpha: int, beta: int, e: tuple[int, int, int] | None, move: int = -1
) -> tuple[int, int, int]:
    """The table entry for a fail-soft value ``v`` searched in (alpha, beta): the bounds it
    proves, narrowed by the entry ``e`` already there, and the best move found."""
    if v <= alpha:
        lo, hi = -INF, v
    elif v >= beta:
        lo, hi = v, INF
    else:
        lo = hi = v
    if e is not None:
        if e[0] > lo:
            lo = e[0]
        if e[1] < hi:
            hi = e[1]
    return lo, hi, move


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

    def __init__(
        self,
        pos: Position,
        side: int,
        merge_trumps: bool = True,
        max_nodes: int | None = None,
        deadline: float | None = None,
    ) -> None:
        r = pos.rules
        self.pos = pos
        self.perm = pm = _perm(r.joker, pos.trump)
        self.n = r.players
        self.side = [p == side for p in r.partnerships]
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.hands = [pm.to_pos(h) for h in pos.hands]
        self.turnup = pm.pos_of[pos.turnup] if pos.turnup >= 0 else -1
        self.turnup_bit = 1 << self.turnup if self.turnup >= 0 else 0
        self.kept: dict[tuple[int, int], tuple[int, ...]] = {}
        self.merge = -1 if merge_trumps else ~pm.trump_mask
        self.tp, self.bp = r.trick_points, r.bonus_points
        # Short searches neither cross many chunk boundaries nor pay for the big frame.
        self.deep = sum(h.bit_count() for h in pos.hands) >= 16
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.search, self._count, self.legal_moves = self._make_search()

    @property
    def nodes(self) -> int:
        """Search nodes visited so far."""
        return self._count()

    @contextmanager
    def running(self) -> Iterator[_Solver]:
        """Search within this block: the cyclic garbage collector is paused meanwhile (the
        table grows to hundreds of thousands of tuples, none in a cycle, and every collection
        would walk them all), and the tables are emptied at its end, before the collector
        resumes. The search is a closure that refers to itself, so without that the tables
        would wait for a collection to be freed, and that collection would walk them too."""
        was = gc.isenabled()
        gc.disable()
        try:
            yield self
        finally:
            self.tt.clear()
            self.kept.clear()
            if was:
                gc.enable()

    def _make_search(
        self,
    ) -> tuple[Callable[..., int], Callable[[], int], Callable[[int, int, int, int], list[int]]]:
        """The search as a closure over the solver's tables (local lookups, for speed)."""
        pm, hands, side, tt, n = self.perm, self.hands, self.side, self.tt, self.n
        tp, bp = self.tp, self.bp
        trump_mask, above, tlo, bo = pm.trump_mask, pm.above, pm.trump_lo, pm.block_of
        trump_block, block_mask, unforced = pm.trump_block, pm.block_mask, pm.unforced
        plain_runs, trump_top = pm.plain_runs, pm.trump_top
        ranked_runs = (*plain_runs, pm.trump_tail)  # by rank in the table (see the key)
        kept_cache, runs = self.kept, self.runs
        turnup_bit, no_turnup = self.turnup_bit, ~self.turnup_bit
        max_nodes, deadline = self.max_nodes, self.deadline
        nodes = 0
        # The budget is looked at once ``nodes`` passes ``check``, at trick starts only.
        check = INF**3 if max_nodes is None and deadline is None else 0

        def budget() -> None:
            nonlocal check
            if max_nodes is not None and nodes > max_nodes:
                raise SearchBudgetExceeded(f"more than {max_nodes} nodes")
            if deadline is not None and perf_counter() > deadline:
                raise SearchBudgetExceeded("past the deadline")
            nxt = nodes + _CLOCK_EVERY if deadline is not None else INF**3
            check = min(nxt, max_nodes if max_nodes is not None else nxt)

        def count() -> int:
            return nodes

        def last_trick(seat: int, bmax: int, bside: int) -> int:
            """The last trick, one card in each hand: its points and the bonus for the side."""
            win = wseat = -1
            for i in range(n):
                s = seat + i if seat + i < n else seat + i - n
                c = hands[s].bit_length() - 1
                if i == 0 or (c > win and (c >= tlo or bo[c] == bo[win])):
                    win, wseat = c, s
                if c >= tlo and c > bmax:
                    bmax, bside = c, 1 if side[s] else 0
            return (tp if side[wseat] else 0) + (bp if bside == 1 else 0)

        def follows(h: int, lead: int) -> int:
            """The cards of hand ``h`` it may play to a trick led by ``lead`` (R4.1-R5.5)."""
            tr = h & trump_mask
            lb = bo[lead]
            if lb == trump_block:  # R5.1-R5.5
                return tr if tr & ~unforced[lead] else h
            f = h & block_mask[lb]  # R4.1-R4.3
            return f | tr if f else h

        def two_tricks(
            seat: int,
            k: int,
            lead: int,
            win: int,
            wseat: int,
            bmax: int,
            bside: int,
            alpha: int,
            beta: int,
        ) -> int:
            """The first of the last two tricks (two cards in each hand still to play, one in
            the others), searched in (alpha, beta) (fail-soft) with no table and no merging:
            at this depth a table costs about as much time as it saves. The last trick plays
            itself. Its steps are not counted as nodes (the trick start that calls it is), so
            a node budget stands for about as much time as it did before this routine."""
            h = hands[seat]
            legal = h if k == 0 else follows(h, lead)
            maximize = side[seat]
            best = -INF if maximize else INF
            side_bit = 1 if maximize else 0
            nxt = seat + 1 if seat + 1 < n else 0
            last = k == n - 1
            while legal:  # the stronger card first
                bit = 1 << (legal.bit_length() - 1)
                legal ^= bit
                c = bit.bit_length() - 1
                if k == 0:
                    nlead, nwin, nws = c, c, seat
                elif c > win and (c >= tlo or bo[c] == bo[win]):
                    nlead, nwin, nws = lead, c, seat
                else:
                    nlead, nwin, nws = lead, win, wseat
                if c >= tlo and c > bmax:
                    nbmax, nbside = c, side_bit
                else:
                    nbmax, nbside = bmax, bside
                hands[seat] = h ^ bit
                if last:
                    v = last_trick(nws, nbmax, nbside) + (tp if side[nws] else 0)
                else:
                    v = two_tricks(nxt, k + 1, nlead, nwin, nws, nbmax, nbside, alpha, beta)
                hands[seat] = h
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return best

        def legal_moves(h: int, k: int, lead: int, live: int) -> list[int]:
            """The legal cards of hand ``h`` (R3-R5), one per run of equivalent cards among
            ``live`` (see :meth:`runs`): strongest first when leading, else weakest first."""
            kept = kept_cache.get((h, live))  # runs() looks too: this saves its call here
            if kept is None:
                kept = runs(h, live)
            if k == 0:
                return list(reversed(kept))
            legal = follows(h, lead)
            if legal == h:
                return list(kept)
            return [c for c in kept if legal >> c & 1]

        def search(
            seat: int,
            k: int,
            lead: int,
            win: int,
            wseat: int,
            live: int,
            bmax: int,
            bside: int,
            robber: int,
            alpha: int,
            beta: int,
        ) -> int:
            """Points the side takes from here to the end of the deal, searched in the window
            (alpha, beta) (fail-soft). ``k`` cards of the trick are down; ``lead``/``win`` are
            positions (-1 before the lead), ``wseat`` the winning seat so far; ``live`` the
            cards held at the trick's start (and a turn-up still to rob); ``bmax`` the highest
            trump played in the deal and ``bside`` 1 if the side played it, 0 if not, -1 none.
            """
            nonlocal nodes
            nodes += 1
            best_first = -1
            h = hands[seat]
            if k == 0:
                if nodes > check:
                    budget()
                allc = 0
                for x in hands:
                    allc |= x
                if not allc:
                    return bp if bside == 1 else 0
                live = allc | (turnup_bit if robber >= 0 else 0)
                left = h.bit_count() * tp
                if left == tp and robber < 0:  # the last trick plays itself: one card each
                    return last_trick(seat, bmax, bside)
                # A turn-up still to rob counts as held: the robber may take it and play it.
                up = trump_mask & live & (above[bmax] if bmax >= 0 else -1)
                mine = bp if bside == 1 else 0
                if bmax >= 0 and not up:  # the bonus is decided (R7.2, R10.1)
                    lo, hi = mine, mine + left
                elif robber < 0 and up:  # it goes with the highest trump held (no turn-up to come)
                    top = 1 << (up.bit_length() - 1)
                    o = 0
                    while not hands[o] & top:
                        o += 1
                    lo, hi = (bp, bp + left) if side[o] else (0, left)
                else:
                    lo, hi = 0, left + (bp if up or bside == 1 else 0)
                tr = allc & trump_mask
                if robber < 0 and not tr & ~h:
                    # Nobody else can trump: the leader cashes its trumps, then the unbeaten top
                    # cards of each plain suit, keeping the lead with each (R4.1, R4.3, R5.5).
                    sure = tr.bit_count()
                    for start, bm in plain_runs:
                        own = h >> start & bm
                        if own:
                            held = allc >> start & bm
                            top = 1 << (held.bit_length() - 1)
                            while top & own:
                                sure += 1
                                held ^= top
                                top = 1 << (held.bit_length() - 1) if held else 0
                    if sure:
                        if side[seat]:
                            lo += sure * tp
                        else:
                            hi -= sure * tp
                elif robber < 0:
                    # Whoever holds the highest trumps left wins a trick with each of them.
                    top = 1 << (tr.bit_length() - 1)
                    o = 0
                    while not hands[o] & top:
                        o += 1
                    x, sure = hands[o], 0
                    while top & x:
                        sure += 1
                        tr ^= top
                        top = 1 << (tr.bit_length() - 1) if tr else 0
                    if side[o]:
                        lo += sure * tp
                    else:
                        hi -= sure * tp
                    if top:
                        # The next trump held wins a trick as well. Its holder has another
                        # trump to play instead (a guard: trumps are always legal, R4.1, R5.1)
                        # in each trick in which its own side plays one of those above it. A
                        # single top trump of the other side's played before it in this trick
                        # either stays back (this one then wins the trick) or falls here (a
                        # guard covers a trump lead, and this one is then the top trump).
                        q = 0
                        while not hands[q] & top:
                            q += 1
                        guards = (hands[q] & trump_mask).bit_count() - 1
                        if (
                            guards >= sure
                            if side[q] == side[o]
                            else sure == 1 and guards and (q - seat) % n > (o - seat) % n
                        ):
                            if side[q]:
                                lo += tp
                            else:
                                hi -= tp
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if robber < 0:
                    # Plain suits and the trumps below the protected ones (R5.2) by rank among
                    # the cards held: the play that follows cannot tell a position from one
                    # where other such cards are gone. The protected trumps stay as they are
                    # (their privileges R5.4 depend on which cards they are).
                    rel = [x & trump_top for x in hands]
                    for start, bm in ranked_runs:
                        if allc >> start & bm:
                            rel.append(_ranks(tuple([x >> start & bm for x in hands])))
                        else:
                            rel.append(0)
                    # With a trump still held above the highest played, every held card is
                    # played, so the bonus goes to the highest trump held, whoever played which
                    # trump before (R7.2, R10.1); otherwise it is decided: who has it counts.
                    key = (*rel, seat, 0 if up else bside + 2)
                else:
                    key = (*hands, seat, up << 2 | (bside + 1), robber)
                e = tt.get(key)
                if e is not None:
                    elo, ehi, best_first = e
                    if elo >= beta:
                        return elo
                    if ehi <= alpha:
                        return ehi
                    if elo > lo:
                        lo = elo
                    if ehi < hi:
                        hi = ehi
                    if lo >= hi:
                        return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                if left == 2 * tp and robber < 0:
                    best = two_tricks(seat, 0, -1, -1, -1, bmax, bside, alpha, beta)
                    tt[key] = _entry(best, alpha, beta, e)
                    return best
                live_b = live | (1 << bmax if bmax >= 0 else 0)
                moves = legal_moves(h, 0, lead, live_b)
            else:
                key = (*hands, seat, lead, win, wseat, bmax, bside, robber)
                e = tt.get(key)
                if e is not None:
                    elo, ehi, best_first = e
                    if elo >= beta:
                        return elo
                    if ehi <= alpha:
                        return ehi
                live_b = live | (1 << bmax if bmax >= 0 else 0)
                moves = legal_moves(h, k, lead, live_b)
                if side[wseat] != side[seat]:  # try the cheapest winning cards first
                    beats = [c for c in moves if c > win and (c >= tlo or bo[c] == bo[win])]
                    if beats and len(beats) < len(moves):
                        moves = beats + [c for c in moves if c not in beats]
            a0, b0 = alpha, beta
            if best_first >= 0 and best_first in moves:
                moves.remove(best_first)
                moves.insert(0, best_first)

            maximize = side[seat]
            best = -INF if maximize else INF
            best_move = -1
            last = k == n - 1
            nxt = seat + 1 if seat + 1 < n else 0
            if robber == seat:  # R6.5: robbing first is usually the robber's best: try it first
                for d in runs(h, live_b | turnup_bit):
                    hands[seat] = h ^ (1 << d) | turnup_bit
                    v = search(
                        seat, k, lead, win, wseat, live & ~(1 << d), bmax, bside, -1, alpha, beta
                    )
                    hands[seat] = h
                    if maximize:
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                    elif v < best:
                        best = v
                        if v < beta:
                            beta = v
                    if alpha >= beta:
                        moves = []
                        break
                nrob, nlive = -1, live & no_turnup  # not robbing: the turn-up is out of play
            else:
                nrob, nlive = robber, live
            side_bit = 1 if maximize else 0
            for c in moves:
                hands[seat] = h ^ (1 << c)
                if k == 0:
                    nlead, nwin, nws = c, c, seat
                elif c > win and (c >= tlo or bo[c] == bo[win]):
                    nlead, nwin, nws = lead, c, seat
                else:
                    nlead, nwin, nws = lead, win, wseat
                if c >= tlo and c > bmax:
                    nbmax, nbside = c, side_bit
                else:
                    nbmax, nbside = bmax, bside
                if last:
                    if side[nws]:
                        v = tp + search(
                            nws, 0, -1, -1, -1, 0, nbmax, nbside, nrob, alpha - tp, beta - tp
                        )
                    else:
                        v = search(nws, 0, -1, -1, -1, 0, nbmax, nbside, nrob, alpha, beta)
                else:
                    v = search(
                        nxt, k + 1, nlead, nwin, nws, nlive, nbmax, nbside, nrob, alpha, beta
                    )
                hands[seat] = h
                if maximize:
                    if v > best:
                        best, best_move = v, c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best, best_move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            tt[key] = _entry(best, a0, b0, e, best_move)
            return best

        return search, count, legal_moves

    def moves(
        self, seat: int, k: int, lead: int, win: int, tmask: int, bmax: int, robber: int
    ) -> list[int]:
        """The legal cards of ``seat`` (R3-R5) in a trick whose cards so far are ``tmask``, one
        per run of equivalent cards: strongest first when leading, else weakest first."""
        live = self.trick_live(tmask, robber) | (1 << bmax if bmax >= 0 else 0)
        return self.legal_moves(self.hands[seat], k, lead, live)

    def runs(self, h: int, live: int) -> tuple[int, ...]:
        """The cards of hand ``h`` that are the highest of a run of its cards with no card of
        ``live`` between them (weakest first): the others play the same (trumps only merged
        when ``merge_trumps``). Cached per (hand, live)."""
        kept = self.kept.get((h, live))
        if kept is not None:
            return kept
        out = []
        merge, above = self.merge, self.perm.above
        m = h
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            nx = above[c] & live
            if low & merge and nx & -nx & h:
                continue  # a higher card of the same run is held: the same outcome
            out.append(c)
        kept = self.kept[h, live] = tuple(out)
        return kept

    def trick_live(self, tmask: int, robber: int) -> int:
        """The cards held at the start of a trick whose cards so far are ``tmask``, and a
        turn-up still to rob: the ``live`` argument of the search."""
        live = tmask | (self.turnup_bit if robber >= 0 else 0)
        for x in self.hands:
            live |= x
        return live

    def rob_discards(self, seat: int, tmask: int, bmax: int) -> list[int]:
        """The cards ``seat`` may give up to rob (R6.5), one per run of equivalent cards."""
        live = self.trick_live(tmask, -1) | self.turnup_bit | (1 << bmax if bmax >= 0 else 0)
        return list(self.runs(self.hands[seat], live))


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
        """The value of the position: the best action's, for the side to act."""
        return (max if self.own else min)(self.values.values())

    @property
    def best(self) -> list[str]:
        """Every action of that value, in legal order."""
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
    live = s.trick_live(tmask, pos.robber)
    tp = pos.rules.trick_points
    pts = 0
    args: SearchState
    if act.kind == "rob":
        hands[seat] = h ^ (1 << pm.pos_of[act.card.id]) | (1 << s.turnup)
        args = (seat, k, lead, win, wseat, live, bmax, bside, -1)
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
            args = ((seat + 1) % s.n, k + 1, nlead, nwin, nws, live, bmax, bside, robber)
    try:
        return pts + _mtdf(s, args, guess - pts)
    finally:
        hands[seat] = h


# A node of the search: seat, cards down in the trick, lead, winning card, winning seat, cards
# held at the trick's start, highest trump played, who played it, robber (see _Solver.search).
SearchState = tuple[int, int, int, int, int, int, int, int, int]


def _mtdf(s: _Solver, args: SearchState, guess: int) -> int:
    """The exact value from null-window searches that close in on it from ``guess``."""
    lo, hi = -INF, INF
    g = guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = _roomy(s.search, *args, beta - 1, beta) if s.deep else s.search(*args, beta - 1, beta)
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
    live = s.trick_live(tmask, position.robber)
    args: SearchState = (position.to_act, k, lead, win, wseat, live, bmax, bside, position.robber)
    with s.running():
        return position.taken(side) + _mtdf(s, args, 0)


def solve(
    position: Position | Game,
    side: int | None = None,
    *,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> Solution:
    """Values of every legal action of the seat to act, all hands open.

    ``side`` is the partnership whose points are counted (default: the seat to act's).
    ``max_nodes`` (search nodes, the same on any machine) and ``deadline`` (a
    :func:`time.perf_counter` time) bound the work: past either the search stops with
    :class:`SearchBudgetExceeded`. Without them it always finishes.
    """
    from fortyfive.engine.game import Game

    pos = Position.from_game(position) if isinstance(position, Game) else position
    seat = pos.to_act
    partnership = pos.rules.partnerships[seat] if side is None else side
    s = _Solver(pos, partnership, max_nodes=max_nodes, deadline=deadline)
    taken = pos.taken(partnership)
    values: dict[str, int] = {}
    guess = 0
    with s.running():
        for a in pos.legal_actions():
            guess = _value_after(s, pos, a, guess)
            values[a] = taken + guess
    own = partnership == pos.rules.partnerships[seat]
    return Solution(seat, partnership, values, taken, own, s.nodes)


def can_force_win(position: Position | Game, side: int | None = None) -> bool:
    """bruff: can partnership ``side`` (by default the seat to act's) force a win of the game
    in this deal (R8)?

    True when, whatever the other two partnerships do together, it reaches 45 first by the
    chronology of R8.6 (the bonus counted only once certain, R7.3) or takes all five tricks
    (jink, R8.4) before this deal ends. A deal that ends with no winner counts as not won.
    """
    from fortyfive.engine.game import Game

    pos = Position.from_game(position) if isinstance(position, Game) else position
    if not pos.rules.win_by_chronology:
        raise ValueError(f"{pos.rules.name} is won after whole hands: ask solve() for points")
    search = _WinSearch(pos, side)
    with search.s.running():
        return search.run()


class _WinSearch:
    """AND/OR search of the rest of a bruff deal, ending each line at the R8.6 decision."""

    def __init__(self, pos: Position, side: int | None = None) -> None:
        self.pos = pos
        self.partnership = pos.rules.partnerships[pos.to_act] if side is None else side
        self.s = _Solver(pos, self.partnership, merge_trumps=False)
        pm = self.s.perm
        self.known_out = 1 << pm.pos_of[pos.turnup] if pos.turnup >= 0 and not pos.robbed else 0
        self.memo: dict[tuple[object, ...], bool] = {}

    def run(self) -> bool:
        p, s, pm = self.pos, self.s, self.s.perm
        lead, win, wseat, tmask, bmax, _, k = _root_state(p, s)
        played = pm.to_pos(p.played)
        return cast(
            bool,
            _roomy(
                self._node,
                p.to_act,
                k,
                lead,
                win,
                wseat,
                tmask,
                bmax,
                p.bonus_trick,
                p.robber,
                p.winners,
                played,
            ),
        )

    def _node(
        self,
        seat: int,
        k: int,
        lead: int,
        win: int,
        wseat: int,
        tmask: int,
        bmax: int,
        btrick: int,
        robber: int,
        winners: tuple[int, ...],
        played: int,
    ) -> bool:
        s, pm = self.s, self.s.perm
        hands = s.hands
        key: tuple[object, ...] | None = None
        if k == 0:
            key = (*hands, seat, bmax, btrick, robber, winners, played)
            known = self.memo.get(key)
            if known is not None:
                return known
        ours = s.side[seat]
        h = hands[seat]
        result = not ours  # OR for the side, AND for the others
        options = [h]
        if robber == seat:  # R6.5: robbing first is a choice of its own
            options += [h ^ (1 << d) | s.turnup_bit for d in s.rob_discards(seat, tmask, bmax)]
        for hand in options:
            hands[seat] = hand
            for c in s.moves(seat, k, lead, win, tmask, bmax, robber if hand == h else -1):
                bit = 1 << c
                hands[seat] = hand ^ bit
                nlead, nwin, nws = _after(pm, k, lead, win, wseat, c, seat)
                nbmax, nbtrick = (
                    (c, len(winners)) if c >= pm.trump_lo and c > bmax else (bmax, btrick)
                )
                if k == s.n - 1:
                    nwinners = (*winners, s.pos.rules.partnerships[nws])
                    nplayed = played | tmask | bit
                    w = self._decided(nwinners, nbmax, nbtrick, nplayed)
                    if w == -1:
                        v = self._node(nws, 0, -1, -1, -1, 0, nbmax, nbtrick, -1, nwinners, nplayed)
                    else:
                        v = w == self.partnership
                else:
                    v = self._node(
                        (seat + 1) % s.n,
                        k + 1,
                        nlead,
                        nwin,
                        nws,
                        tmask | bit,
                        nbmax,
                        nbtrick,
                        -1 if robber == seat else robber,
                        winners,
                        played,
                    )
                hands[seat] = hand
                if v == ours:
                    result = ours
                    break
            hands[seat] = h
            if result == ours:
                break
        if key is not None:
            self.memo[key] = result
        return result

    def _decided(self, winners: tuple[int, ...], bmax: int, btrick: int, played: int) -> int:
        """R8.6 after a trick: the winning partnership, -1 to play on, -2 deal over unwon."""
        r, pm = self.pos.rules, self.s.perm
        done = len(winners) == r.hand_size
        certain = done or bmax < 0 or not pm.above[bmax] & ~played & ~self.known_out
        if bmax < 0 and not done:
            certain = False
        w = scoring.chronology_winner(r, self.pos.start_scores, winners, btrick, certain)
        if w is None and done and r.jink and len(set(winners)) == 1:
            w = winners[0]  # R8.4
        if w is not None:
            return w
        return -2 if done else -1
