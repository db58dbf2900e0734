"""Hints from one seat's own view: deal the hidden cards consistently with everything the seat
has seen, solve each deal with all hands open (:mod:`fortyfive.solve.solver`), and rank the legal
actions by their average value.

The deals respect: the seat's own hand and face-down cards, every card played, the turn-up (on
the stock, or in the robber's hand once robbed, R6.5), the joker turned up (R6.4: in the
dealer's hand or buried), the hand sizes, and the voids the play has shown: a player who did
not follow a plain lead holds none of that suit (R4.2), and one who did not follow a trump lead
holds no trump except protected ones privileged against the card led (R5.3). In barker they
also follow a presumption about discards (R9.7): a player keeps its trumps, so one who threw d
cards still holds 5 - d trumps, less those it has played (dropped in a deal where it cannot hold).

>>> from fortyfive import Game
>>> from fortyfive.agents.bots import make_bot
>>> g = Game.new("barker", seed=11)
>>> bot = make_bot("rule", seed=1)
>>> while g.phase != "play":
...     g.apply(bot.choose(g, g.to_act))
>>> hints = hint(g, g.to_act, samples=8, seed=1)
>>> hints[0].loss <= hints[-1].loss
True
>>> sorted(h.action for h in hints) == sorted(g.legal_actions())
True
"""

from __future__ import annotations

import json
import random
import sys
from collections import OrderedDict
from collections.abc import Generator
from dataclasses import dataclass
from time import perf_counter
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from fortyfive.engine.actions import action_text
from fortyfive.engine.cards import JOKER_ID, SUITS, card_mask, mask_ids, parse_card, with_symbols
from fortyfive.engine.dealing import may_still_rob, robbing_seat, seat_of_play
from fortyfive.engine.observe import Observation, tricks_seen, trump_of
from fortyfive.engine.rules import TRUMP_SUIT, get_rules, tables
from fortyfive.solve.maxn import maxn_solve
from fortyfive.solve.position import Position
from fortyfive.solve.solver import SearchBudgetExceeded, solve

if TYPE_CHECKING:
    from fortyfive.engine.game import Game


Search = Literal["paranoid", "max-n"]
_T = TypeVar("_T")
#: The default node budget of a hint: some 0.6 s here for a bruff first lead (about 3.5 us a
#: node), where one deal alone may take 11,000 nodes or 300,000. Small positions never reach it.
HINT_NODES = 160_000
#: The wall-clock cap a learner's hint adds to the node budget (the card table, ``play``): it
#: binds only where the budget would take longer than a learner should wait, on a busy machine
#: or in the browser (Pyodide, ``sys.platform == "emscripten"``, runs the solver about twice
#: as slowly), and then the hint is over the deals solved in time.
HINT_SECONDS = 1.8 if sys.platform == "emscripten" else 0.9
#: Max-n (:mod:`fortyfive.solve.maxn`) has little to prune: it solves positions of at most this
#: many cards in the hands (from the third trick of a bruff deal on), a few ms each.
MAXN_CARDS = 18


@dataclass(frozen=True)
class Hint:
    """One legal action, judged over deals consistent with the seat's view.

    ``value``: average points of the seat's partnership in the whole deal after this action
    (perfect play on open cards); ``loss``: average points given up against the best action in
    each deal; ``best_share``: in how many of the deals it was a best action (0..1).
    """

    action: str
    value: float
    loss: float
    best_share: float
    reason: str
    deals: int = 0  # the deals it was judged over


class SampleError(ValueError):
    """No deal is consistent with the observation (it contradicts itself)."""


#: Rankings kept by :func:`hint_from_observation`, least recently used dropped first: a
#: position asked about again (a page's repeated Hint, a second table on the same deal) costs a
#: dictionary look-up, not another search.
HINT_CACHE_SIZE = 256
_cache: OrderedDict[str, tuple[Hint, ...]] = OrderedDict()


def clear_hint_cache() -> None:
    """Forget every cached ranking (for a benchmark that must search every time)."""
    _cache.clear()


def hint(
    game: Game,
    seat: int,
    samples: int = 20,
    seed: int = 0,
    *,
    nodes: int | None = HINT_NODES,
    seconds: float | None = None,
) -> list[Hint]:
    """The legal actions of ``seat`` (which must be to act, in the trick phase), best first.

    At most ``samples`` deals are solved, in a fixed order from ``seed``. ``nodes`` bounds the
    solver nodes of all of them together (default :data:`HINT_NODES`, ``None`` for no limit)
    and ``seconds`` their wall-clock time: the deal being solved when the budget runs out is
    dropped, and the ranking is over the deals solved by then (:attr:`Hint.deals`). Where the
    budget allows all ``samples`` deals, the ranking is the one without a budget. A node budget
    gives the same answer on any machine; a time budget does not. Raises
    :class:`SearchBudgetExceeded` if not one deal was solved.
    """
    return hint_from_observation(
        game.observation(seat), samples=samples, seed=seed, nodes=nodes, seconds=seconds
    )


def hint_from_observation(
    obs: Observation,
    samples: int = 20,
    seed: int = 0,
    *,
    nodes: int | None = HINT_NODES,
    seconds: float | None = None,
    search: Search = "paranoid",
) -> list[Hint]:
    """:func:`hint` from an observation alone (what a bot has). ``search``: how each deal is
    solved, ``"paranoid"`` (:func:`~fortyfive.solve.solver.solve`) or ``"max-n"``
    (:func:`~fortyfive.solve.maxn.maxn_solve` once at most :data:`MAXN_CARDS` cards are left
    in the hands, paranoid before; the same as paranoid with two partnerships).

    The last :data:`HINT_CACHE_SIZE` rankings are kept, keyed by the observation and these
    arguments: a position asked about again is answered without a search."""
    return finish(hint_search(obs, samples, seed, nodes=nodes, seconds=seconds, search=search))


def hint_search(
    obs: Observation,
    samples: int = 20,
    seed: int = 0,
    *,
    nodes: int | None = HINT_NODES,
    seconds: float | None = None,
    search: Search = "paranoid",
) -> Generator[None, None, list[Hint]]:
    """:func:`hint_from_observation` one deal at a time: the generator yields after each deal
    solved and returns the ranking. A caller on an event loop (the card table in a kernel)
    lets other work in between and may stop early; a search stopped early is not cached.

    >>> from fortyfive import Game
    >>> g = Game.new("bruff", seed=3)
    >>> while g.phase != "play":
    ...     g.apply(g.legal_actions()[0])
    >>> steps = hint_search(g.observation(g.to_act), samples=3, seed=1)
    >>> sum(1 for _ in steps)  # three deals solved, one step each
    3
    """
    if obs["phase"] != "play":
        raise ValueError(f"hints judge card play; the game is in phase {obs['phase']!r}")
    if obs["to_act"] != obs["seat"]:
        raise ValueError(f"it is seat {obs['to_act']}'s turn, not seat {obs['seat']}'s")
    # The position's identity is the seat's whole view: the same view with the same search
    # gives the same ranking (with ``seconds``, the one found in time the first time).
    key = json.dumps([obs, samples, seed, nodes, seconds, search], sort_keys=True)
    cached = _cache.get(key)
    if cached is not None:
        _cache.move_to_end(key)
        return list(cached)
    ranking = yield from _search(obs, samples, seed, nodes, seconds, search)
    _cache[key] = tuple(ranking)
    while len(_cache) > HINT_CACHE_SIZE:
        _cache.popitem(last=False)
    return ranking


def _search(
    obs: Observation,
    samples: int,
    seed: int,
    nodes: int | None,
    seconds: float | None,
    search: Search,
) -> Generator[None, None, list[Hint]]:
    """The ranking of :func:`hint_search`, searched (not cached), a step per deal solved."""
    rng = random.Random(seed)
    legal: list[str] = obs["legal_actions"]
    rules = get_rules(obs["preset"])
    side = rules.partnerships[obs["seat"]]
    totals = dict.fromkeys(legal, 0.0)
    losses = dict.fromkeys(legal, 0.0)
    bests = dict.fromkeys(legal, 0)
    deadline = None if seconds is None else perf_counter() + seconds
    three_way = search == "max-n" and rules.n_partnerships > 2
    spent = done = 0
    for _ in range(samples):
        hands, robber = sample_hands(obs, rng)
        pos = Position.from_observation(obs, hands, robber)
        left = None if nodes is None else nodes - spent
        try:
            if three_way and sum(h.bit_count() for h in hands) <= MAXN_CARDS:
                sol = maxn_solve(pos, side, max_nodes=left)
            else:
                sol = solve(pos, side=side, max_nodes=left, deadline=deadline)
        except SearchBudgetExceeded:
            break
        spent += sol.nodes
        done += 1
        top = sol.value
        for a in legal:
            v = sol.values[a]
            totals[a] += v
            losses[a] += top - v
            bests[a] += v == top
        yield
    if not done:
        raise SearchBudgetExceeded("not one deal could be solved within the budget")
    name = rules.partnership_names[side]
    out = []
    tied = sum(losses[a] == 0 for a in legal) > 1
    for a in legal:
        value, loss, share = totals[a] / done, losses[a] / done, bests[a] / done
        why = _reason(a, value, loss, bests[a], done, name, tied)
        out.append(Hint(a, value, loss, share, why, done))
    out.sort(key=lambda h: (h.loss, -h.best_share, legal.index(h.action)))
    return out


def _reason(
    action: str, value: float, loss: float, best: int, n: int, side: str, tied: bool
) -> str:
    """Why ``action`` ranks where it does; ``tied``: more than one action is best in every
    deal (each of them then "ties for best")."""
    what = action.removeprefix("play ")
    if loss == 0:
        deals = (
            "the one deal consistent with what you have seen that could be solved in time "
            "(a rough guide)"
            if n == 1
            else f"all {n} deals consistent with what you have seen"
        )
        average = "" if n == 1 else " on average"
        return (
            f"{what} {'ties for' if tied else 'is'} best in {deals}: "
            f"your side, {side}, takes {value:.1f} points{average}."
        )
    if best:
        return (
            f"{what} is best in {best} of {n} possible deals; on average it gives up "
            f"{loss:.1f} points (your side, {side}, takes {value:.1f})."
        )
    return (
        f"{what} is never best in the {n} possible deals: it gives up {loss:.1f} points "
        f"on average (your side, {side}, takes {value:.1f})."
    )


def finish(steps: Generator[None, None, _T]) -> _T:
    """Run a stepped search (:func:`hint_search`) to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: _T = done.value
            return result


def sample_hands(obs: Observation, rng: random.Random) -> tuple[list[int], int]:
    """One deal of the hidden cards consistent with ``obs``: bitmask hands per seat and the
    seat that may still rob in it (-1 for none)."""
    rules = get_rules(obs["preset"])
    n, me = rules.players, obs["seat"]
    t = tables(rules.joker, SUITS.index(trump_of(obs)))
    own = card_mask(obs["hand"])
    known = own | card_mask(obs["own_face_down"])
    for tr in obs["tricks"]:
        known |= card_mask(tr["cards"])
    known |= card_mask([e["card"] for e in obs["trick"]])
    turnup = parse_card(obs["turnup"]).id if obs["turnup"] else -1
    robbed_by = obs["robbed_by"]
    forced = [0] * n  # cards a seat must hold
    if turnup >= 0 and not known >> turnup & 1:
        known |= 1 << turnup
        if robbed_by is not None:
            forced[robbed_by] |= 1 << turnup  # R6.5: taken into the robber's hand
    forbidden = _shown_voids(obs, t, n)
    if obs["joker_turned"]:  # R6.4: the joker went to the dealer, who may have buried it
        for s in range(n):
            if s != obs["dealer"]:
                forbidden[s] |= 1 << JOKER_ID
    deck = (1 << rules.deck_size) - 1
    unknown = [c for c in range(rules.deck_size) if not (known >> c & 1)]
    sizes = list(obs["hand_sizes"])
    kept = _kept_trumps(obs, t, n, rules.hand_size) if rules.auction else [0] * n
    for attempt in range(400):
        if attempt == 200:
            kept = [0] * n  # the presumption cannot hold in this deal: drop it
        hands = _deal(unknown, sizes, forced, forbidden, me, own, rng, kept, t.trump_mask)
        if hands is not None:
            break
    else:
        raise SampleError("no deal of the hidden cards fits what this seat has seen")
    assert not sum(hands) & ~deck
    return hands, _robber(obs, hands, turnup)


def _deal(
    unknown: list[int],
    sizes: list[int],
    forced: list[int],
    forbidden: list[int],
    me: int,
    own: int,
    rng: random.Random,
    kept: list[int],
    trumps: int,
) -> list[int] | None:
    """Random hands for the other seats, most constrained first, each with at least
    ``kept[seat]`` trumps; None if stuck."""
    n = len(sizes)
    pool = unknown[:]
    rng.shuffle(pool)
    hands = [0] * n
    hands[me] = own
    left = set(pool)
    for s in range(n):
        if s != me:
            hands[s] = forced[s]
            left -= set(mask_ids(forced[s]))
    others = sorted((s for s in range(n) if s != me), key=lambda s: -forbidden[s].bit_count())
    for s in others:
        need = sizes[s] - hands[s].bit_count()
        allowed = [c for c in pool if c in left and not forbidden[s] >> c & 1]
        if len(allowed) < need:
            return None
        want = max(0, min(need, kept[s] - (hands[s] & trumps).bit_count()))
        first = [c for c in allowed if trumps >> c & 1][:want]
        if len(first) < want:
            return None
        rest = [c for c in allowed if c not in first]
        for c in first + rest[: need - want]:
            hands[s] |= 1 << c
            left.discard(c)
    return hands


def _shown_voids(obs: Observation, t: Any, n: int) -> list[int]:
    """Per seat, cards it cannot hold because of how it followed (R4.2, R5.3)."""
    forbidden = [0] * n
    for leader, cards in tricks_seen(obs):
        lead = parse_card(cards[0]).id
        led_suit = t.eff_suit[lead]
        for i, name in enumerate(cards[1:], 1):
            c = parse_card(name).id
            seat = seat_of_play(leader, i, n)
            if led_suit == TRUMP_SUIT and not t.is_trump(
                c
            ):  # R5.3: only privileged trumps, or none
                forbidden[seat] |= t.trump_mask & ~t.unforced[lead]
            elif led_suit != TRUMP_SUIT and t.eff_suit[c] not in (TRUMP_SUIT, led_suit):  # R4.2
                forbidden[seat] |= t.suit_mask[led_suit]
    return forbidden


def _kept_trumps(obs: Observation, t: Any, n: int, hand_size: int) -> list[int]:
    """Per seat, the trumps it is presumed to hold still (barker): a player keeps its trumps
    when it discards (R9.7), so one who threw d cards kept 5 - d trumps, less those played."""
    out = [hand_size - d for d in obs["discard_counts"]]
    for leader, cards in tricks_seen(obs):
        for i, name in enumerate(cards):
            if t.is_trump(parse_card(name).id):
                out[seat_of_play(leader, i, n)] -= 1
    return [max(0, k) for k in out]


def _robber(obs: Observation, hands: list[int], turnup: int) -> int:
    """The seat that may still rob in this deal of the cards (R6.5, R6.6), else -1."""
    if turnup < 0 or obs["robbed_by"] is not None:
        return -1
    seat = robbing_seat(obs["dealer"], turnup, hands)
    leader = obs["trick"][0]["seat"] if obs["trick"] else obs["leader"]
    if seat < 0 or leader is None:
        return -1
    open_ = may_still_rob(seat, leader, len(obs["trick"]), len(obs["tricks"]), len(hands))
    return seat if open_ else -1


#: The columns of :func:`describe_hints`.
HINT_HEADER = f"{'action':10} {'points':>6} {'gives up':>8}  why"


def describe_hints(hints: list[Hint]) -> str:
    """The hints as lines of text, best first: the action, the points its side takes on average,
    what it gives up against the best (0 for the best) and why; cards as people read them
    (``play 10♥``), as every text for the learner shows them."""
    return "\n".join(
        f"{action_text(h.action):10} {h.value:6.1f} {abs(h.loss):8.1f}  {with_symbols(h.reason)}"
        for h in hints
    )


def describe_tie(hints: list[Hint]) -> str:
    """Every card tied for best, in one short line: the cards and the points each brings.

    >>> tied = [Hint("play TH", 3.5, 0.0, 1.0, "", 12), Hint("play AS", 3.5, 0.0, 1.0, "", 12)]
    >>> describe_tie(tied)
    'tied: play 10♥, play A♠ (each 3.5 points on average for your side)'
    """
    cards = ", ".join(action_text(h.action) for h in hints)
    return (
        f"tied: {cards} (each {hints[0].value:.1f} points on average for your side)"
        if hints
        else ""
    )
