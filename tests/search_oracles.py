"""The oracles the solvers are checked against: plain searches over the game engine, built only
on the engine's own ``legal_actions``/``apply`` (no pruning, no table, no merging of equivalent
cards), so their values are right by construction if slow."""

from __future__ import annotations

from fortyfive import Game
from fortyfive.engine.scoring import running_totals


def deal_points(game: Game, number: int, partnership: int) -> int:
    """Points ``partnership`` took in deal ``number`` (tricks and the bonus)."""
    d = next(d for d in game.deals if d.number == number)
    r = game.rules
    return running_totals(
        r, (0,) * r.n_partnerships, [r.partnerships[t.winner] for t in d.tricks], d.bonus_trick
    )[partnership]


def minimax(game: Game, partnership: int, number: int) -> int:
    """Plain minimax over the engine: the side maximises, everyone else minimises."""
    if game.over or game.deal_number != number:
        return deal_points(game, number, partnership)
    seat = game.to_act
    assert seat is not None
    vals = []
    for a in game.legal_actions():
        g = game.copy()
        g.apply(a)
        vals.append(minimax(g, partnership, number))
    return max(vals) if game.partnership(seat) == partnership else min(vals)


def minimax_values(game: Game) -> dict[str, int]:
    """Each legal action's :func:`minimax` value for the partnership of the seat to act."""
    seat = game.to_act
    assert seat is not None
    p = game.partnership(seat)
    out = {}
    for a in game.legal_actions():
        g = game.copy()
        g.apply(a)
        out[a] = minimax(g, p, game.deal_number)
    return out


def maxn(game: Game, number: int, side: int) -> tuple[int, ...]:
    """Plain max-n over the engine (each partnership plays for its own points, R7.1, R7.2):
    deal points per partnership, where the seat to act takes the best for its partnership, then
    the worst for ``side``, then the smallest tuple (the search's tie-break)."""
    n = game.rules.n_partnerships
    if game.over or game.deal_number != number:
        return tuple(deal_points(game, number, p) for p in range(n))
    seat = game.to_act
    assert seat is not None
    me = game.partnership(seat)
    best: tuple[int, ...] | None = None
    for a in game.legal_actions():
        g = game.copy()
        g.apply(a)
        v = maxn(g, number, side)
        if best is None or (v[me], -v[side], [-x for x in v]) > (
            best[me],
            -best[side],
            [-x for x in best],
        ):
            best = v
    assert best is not None
    return best


def maxn_points(game: Game) -> dict[str, int]:
    """Each legal action's :func:`maxn` points for the partnership of the seat to act."""
    side = game.partnership(game.to_act or 0)
    out = {}
    for a in game.legal_actions():
        g = game.copy()
        g.apply(a)
        out[a] = maxn(g, game.deal_number, side)[side]
    return out
