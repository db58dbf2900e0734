"""R8.6 against an independent oracle: after every trick of random bruff games, the game ends
exactly when the procedure written here from RULES.md says so, with the same winner and scores."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

import fortyfive as ff
from fortyfive.agents.random_play import random_action
from fortyfive.engine.scoring import DealLog

try:
    from tests import oracle
except ImportError:  # pragma: no cover - run from inside tests/
    import oracle  # type: ignore[no-redef]

TARGET = 45
PARTNERSHIP = (0, 1, 2, 0, 1, 2)  # R1.3


def first_to_45(start: tuple[int, ...], winners: list[int], bonus_at: int | None) -> int | None:
    totals = list(start)
    for i, p in enumerate(winners):
        totals[p] += 5 + (5 if i == bonus_at else 0)  # R7.1, R7.2
        if totals[p] >= TARGET:
            return p  # R8.1: only one partnership scores per trick
    return None


def verdict(deal: DealLog, upto: int) -> tuple[int | None, tuple[int, ...]]:
    """The R8.6 procedure after trick ``upto`` (1-based): (winner or None, shown scores)."""
    trump = "SCDH"[deal.trump]
    tricks = deal.tricks[:upto]
    winners = [PARTNERSHIP[t.winner] for t in tricks]
    played = [str(ff.CARDS[c]) for t in tricks for c in t.cards]
    best: tuple[int, int] | None = None  # (rank, trick index) of C, the highest trump so far
    for k, t in enumerate(tricks):
        for c in t.cards:
            rank = oracle.trump_rank(str(ff.CARDS[c]), trump, "bruff")
            if rank is not None and (best is None or rank > best[0]):
                best = (rank, k)
    bonus_at = best[1] if best else None
    if best is None:
        certain = upto == 5
    else:
        order = oracle.trump_order(trump, "bruff")
        higher = order[: len(order) - best[0]]
        turnup = str(ff.CARDS[deal.turnup])
        known_out = set(played) | ({turnup} if deal.robbed_by < 0 else set())  # R7.3
        certain = upto == 5 or all(c in known_out for c in higher)
    s1 = first_to_45(deal.start_scores, winners, bonus_at)
    if certain:
        won = s1
    else:
        s0 = first_to_45(deal.start_scores, winners, None)
        won = s0 if s0 is not None and s0 == s1 else None
    if won is None and upto == 5 and len(set(winners)) == 1:
        won = winners[0]  # R8.4 jink
    shown = list(deal.start_scores)
    for i, p in enumerate(winners):
        shown[p] += 5 + (5 if certain and i == bonus_at else 0)
    return won, tuple(shown)


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_R8_6_engine_stops_exactly_where_the_procedure_says(seed: int) -> None:
    game = ff.Game.new("bruff", seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(random_action(game, rng))
    for deal in game.deals:
        last = deal is game.deals[-1]
        for upto in range(1, len(deal.tricks) + 1):
            won, shown = verdict(deal, upto)
            if upto < len(deal.tricks):
                assert won is None, f"deal {deal.number}: should have ended after trick {upto}"
            elif last:
                assert won == game.winner and shown == game.scores
            else:
                assert won is None and upto == 5 and shown == deal.end_scores
