"""One-line calls for the chapters' worked examples: an auction call by call, the two lines of
the race to 45, what a bid scores, a hand's value and an endgame's solution. Every fact comes
from the engine, the solver or the puzzles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fortyfive.course.example_games import barker_hand, play_cards
from fortyfive.course.fact_tables import CardsLike, symbols
from fortyfive.engine.cards import CARDS, SUIT_NAMES
from fortyfive.engine.game import Game
from fortyfive.engine.tabular import Table


def auction_table(
    game: Game, calls: Sequence[str], seat_names: Sequence[str] | None = None
) -> Table[object]:
    """Make ``calls`` in turn (each by the seat to call): one row per call, with the calls the
    engine allowed that seat at that moment (R9.2-R9.5)."""
    rows = []
    for call in calls:
        seat = game.to_act
        assert seat is not None
        rows.append(
            {
                "seat": seat_names[seat] if seat_names else f"seat {seat}",
                "legal calls": ", ".join(game.legal_actions()),
                "call": call,
            }
        )
        game.apply(call)
    return Table(rows)


def chronology_table(game: Game, deal: int | None = None) -> Table[object]:
    """A bruff deal trick by trick with the engine's two lines of running totals (R8.6): without
    the bonus, and with it on the trick of the highest trump so far; each line's first to 45,
    whether the bonus was certain, and what the engine decided."""
    from fortyfive.puzzles._parts import chronology_steps

    rules = game.rules
    names = rules.partnership_names
    number = deal if deal is not None else len(game.deals)

    def totals(line: tuple[int, ...]) -> str:
        return " · ".join(f"{n} {v}" for n, v in zip(names, line, strict=True))

    def first(f: tuple[int, int] | None) -> str:
        return f"{names[f[0]]} (trick {f[1] + 1})" if f else "nobody"

    rows = []
    for st in chronology_steps(game, number):
        decided = "play on" if st.decided is None else f"{names[st.decided]} wins"
        rows.append(
            {
                "trick": st.trick,
                "won by": names[st.winner],
                "highest trump": CARDS[st.bonus_card].symbol() if st.bonus_card >= 0 else "",
                "certain": st.certain,
                "without the bonus": totals(st.s0),
                "first to 45 without": first(st.first0),
                "with the bonus": totals(st.s1),
                "first to 45 with": first(st.first1),
                "engine": decided,
            }
        )
    return Table(rows)


def bid_outcomes(
    deals: Mapping[str, tuple[Sequence[CardsLike], Sequence[CardsLike]]],
    bids: Sequence[int],
    dealer: int = 3,
    trump: str = "S",
) -> Table[object]:
    """barker: each named deal (hands, tricks) played with each bid: the first caller (the
    dealer's left) bids, everyone else passes, ``trump`` is named, nobody changes cards; one row
    per deal and bid with each side's score change (R10.2-R10.4)."""
    rows = []
    for name, (hands, tricks) in deals.items():
        for bid in bids:
            g = barker_hand(dealer, hands, trump, bid)
            for trick in tricks:
                play_cards(g, trick)
            row: dict[str, Any] = {"hand": name, "bid": bid}
            row.update(dict(zip(g.rules.partnership_names, g.scores, strict=True)))
            rows.append(row)
    return Table(rows)


def bid_chances(game: Game, seat: int | None = None) -> Table[object]:
    """barker, before the first call: what the hand of ``seat`` (the seat to call) is worth as
    the bidders, as the bid puzzles judge it (:func:`fortyfive.puzzles._bidding.judge`): for each
    bid, the share of the sampled deals in which the side took it, in its best suit."""
    from fortyfive.puzzles._bidding import judge

    seat = game.to_act if seat is None else seat
    assert seat is not None
    j = judge(game, seat)
    rows = [
        {
            "bid": b,
            f"taken with {SUIT_NAMES[j.suit]} trumps": f"{round(100 * j.share(b))}%",
            f"no higher than the average, {j.value:.1f}": "yes" if b <= j.value else "no",
        }
        for b in game.rules.bids
    ]
    return Table(rows)


def endgame_values(game: Game) -> Table[object]:
    """The solver's value of each card the seat to act may play: the points its side takes in
    the whole deal with best play on both sides after it (every hand open)."""
    from fortyfive.solve.solver import solve

    s = solve(game)
    rows = [
        {
            "card": symbols(a.split()[-1]),
            "your side takes": v,
            "best": "✓" if v == s.value else "",
        }
        for a, v in s.values.items()
    ]
    return Table(rows)


def solved_endgame(game: Game, target: int) -> str:
    """The endgame from ``game`` (the side to act must take ``target`` in the deal) solved as a
    learner solves a target puzzle, with the solver's best card at every turn: what the puzzle
    says at the end, why the line works included."""
    from fortyfive.puzzles.model import Puzzle
    from fortyfive.solve.solver import solve

    rec = game.record()
    if rec["start"] is None:
        raise ValueError("solved_endgame takes a game built from a given deal (deal_game)")
    position = dict(rec["start"], actions=rec["actions"], target=target)
    run = Puzzle("worked", "target", game.rules.name, position, "", ("R3.2",)).start()
    for _ in range(game.rules.players * game.rules.hand_size):
        g = run.game  # type: ignore[attr-defined]
        fb = run.check(solve(g).best[0].split()[-1])
        if fb.done:
            return fb.message
    raise AssertionError("the endgame did not end")  # pragma: no cover
