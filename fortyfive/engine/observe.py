"""What one seat may see: the security boundary of the widget and the bots.

:func:`observation` returns a plain JSON-able dict holding only what ``seat`` may know: its own
hand and own face-down cards, the turn-up, played cards, calls, scores and public counts. Never
another hand, the stock, or another seat's face-down discards. :func:`public_action` is what the
other seats see of one action.

>>> from fortyfive import Game
>>> g = Game.new("bruff", seed=3)
>>> obs = g.observation(0)
>>> sorted(obs)[:6]
['bids', 'bonus', 'contract', 'deal', 'dealer', 'discard_counts']
>>> len(obs["hand"]), obs["hand_sizes"]
(5, [5, 5, 5, 5, 5, 5])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from fortyfive.engine import validate as check
from fortyfive.engine.cards import CARDS, SUIT_NAMES, Card
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import Rules, sort_cards

if TYPE_CHECKING:
    from fortyfive.engine.game import Game

OBSERVATION_VERSION = 1

PhaseName = Literal["bury", "play", "bid", "trump", "discard", "over"]


class TrickPlay(TypedDict):
    """One card of the trick in progress, and who played it."""

    seat: int
    card: str


class TrickRecord(TypedDict):
    """A finished trick of this deal (R3.2)."""

    leader: int
    cards: list[str]  # in play order, from the leader
    winner: int  # the winning seat


class Call(TypedDict):
    """One call of the barker auction (R9.2, R9.3)."""

    seat: int
    call: str  # "pass", "bid 20", "hold"


class Contract(TypedDict):
    """The highest bid so far and its bidder (barker)."""

    seat: int
    bid: int


class BonusView(TypedDict):
    """The race for the bonus: the highest trump so far, its trick and side (R7.2, R7.3)."""

    card: str | None
    trick: int | None
    seat: int | None
    partnership: int | None
    certain: bool


class LastContract(TypedDict):
    """The previous deal's contract and whether it was made (R10.2)."""

    seat: int
    bid: int
    made: bool | None


class LastDeal(TypedDict):
    """How the previous deal ended: its scores and contract, no card."""

    deal: int
    dealer: int
    start_scores: list[int]
    end_scores: list[int]
    thrown_in: bool
    contract: LastContract | None


class OutcomeView(TypedDict):
    """How the game ended, once it has."""

    winner: int
    reason: str  # a WinReason: "target", "jink" or "contract"
    deal: int
    trick: int
    scores: list[int]


class Observation(TypedDict):
    """What one seat may see (version :data:`OBSERVATION_VERSION`); card names as in R1.1."""

    version: int
    preset: str
    players: int
    seat: int
    partnerships: list[int]
    partnership_names: list[str]
    deal: int
    dealer: int
    phase: PhaseName
    to_act: int | None
    legal_actions: list[str]  # empty unless this seat is to act
    hand: list[str]  # in the order a player holds them
    hand_sizes: list[int]
    own_face_down: list[str]  # this seat's buried, robbed-away or discarded cards only
    discard_counts: list[int]
    trump: str | None
    turnup: str | None
    joker_turned: bool
    robbed_by: int | None
    leader: int | None
    trick: list[TrickPlay]
    tricks: list[TrickRecord]
    bids: list[Call]
    contract: Contract | None
    bonus: BonusView
    scores: list[int]
    target: int
    over: bool
    winner: int | None
    outcome: OutcomeView | None
    last_deal: LastDeal | None


@dataclass(frozen=True)
class BonusStatus:
    """The highest trump played so far in the deal (R7.2), for teaching (R7.3, R8.6).

    ``trick`` is 1-based; ``certain`` follows R7.3 on public knowledge.
    """

    card: Card | None
    trick: int | None
    seat: int | None
    partnership: int | None
    certain: bool
    #: the rule the bonus is scored by: R7.2 in bruff, R10.1 in barker
    rule: str = "R7.2"
    #: the turn-up while it is the only unplayed trump above ``card`` (R7.3): out of play on
    #: the stock, or in the robber's hand (``robbed_by``), or still to be robbed
    turnup: Card | None = None
    robbed_by: int | None = None

    def describe(self, names: tuple[str, ...] | None = None) -> str:
        """The status in words, naming the partnership when ``names`` are given.

        >>> BonusStatus(None, None, None, None, True, "R10.1").describe()
        'No trump played yet: no bonus (R10.1)'
        """
        if self.card is None:
            return "No trump played yet: no bonus" + (
                f" ({self.rule})" if self.certain else " so far"
            )
        who = (
            f"partnership {names[self.partnership]}"
            if names and self.partnership is not None
            else (f"seat {self.seat}")
        )
        if self.rule == "R7.2":
            state = "certain (R7.3)" if self.certain else "not yet certain (R7.3)"
            if self.turnup is not None:
                state += ": " + self._turnup_words()
            return f"{self.card.symbol()} leads the bonus, trick {self.trick}, {who}: {state}"
        # barker: every trick is played (R10.5), so certainty is only what is left to beat it
        state = "certain" if self.certain else "not yet certain"
        return (
            f"{self.card.symbol()} leads the bonus ({self.rule}), trick {self.trick}, {who}: "
            f"{state}"
        )

    def _turnup_words(self) -> str:
        """Why the turn-up above the bonus card does, or does not, settle it (R7.3)."""
        assert self.turnup is not None
        up = self.turnup.symbol()
        if self.certain:
            return f"{up}, the only higher trump, is the turn-up left on the stock, out of play"
        if self.robbed_by is not None:
            return f"{up}, the turn-up, was robbed by seat {self.robbed_by} and is still to come"
        return f"{up}, the turn-up, may still be robbed (R6.6)"

    def to_dict(self) -> BonusView:
        """The status as it goes into an observation."""
        return {
            "card": str(self.card) if self.card else None,
            "trick": self.trick,
            "seat": self.seat,
            "partnership": self.partnership,
            "certain": self.certain,
        }


def bonus_status(game: Game) -> BonusStatus:
    """Who leads the race for the bonus in ``game``'s deal, and is it certain (R7.2, R7.3)?"""
    deal, rule = game.deals[-1], bonus_rule(game.rules)
    if game.trump is None or game.phase not in (Phase.PLAY, Phase.OVER):
        return BonusStatus(None, None, None, None, False, rule)
    card = deal.bonus_card
    certain = game.bonus_certain()
    if card < 0:
        return BonusStatus(None, None, None, None, certain, rule)
    k = deal.bonus_trick
    if k < len(deal.tricks):
        log = deal.tricks[k]
        seat = (log.leader + log.cards.index(card)) % game.rules.players
    else:
        seat = next(s for s, c in game.trick_plays if c.id == card)
    partnership = game.rules.partnerships[seat]
    turnup = game.bonus_turnup()
    robbed = game.robbed_by if turnup is not None else None
    return BonusStatus(CARDS[card], k + 1, seat, partnership, certain, rule, turnup, robbed)


def bonus_rule(rules: Rules) -> str:
    """The rule the bonus is scored by: R7.2 (bruff's scoring), R10.1 (barker's)."""
    return "R10.1" if rules.auction else "R7.2"


def observation(game: Game, seat: int) -> Observation:
    """The view of ``seat``: a JSON-able dict (version :data:`OBSERVATION_VERSION`)."""
    r = game.rules
    seat = check.seat(seat, r)
    deal = game.deals[-1]
    to_act = game.to_act
    turnup = game.turnup
    return {
        "version": OBSERVATION_VERSION,
        "preset": r.name,
        "players": r.players,
        "seat": seat,
        "partnerships": list(r.partnerships),
        "partnership_names": list(r.partnership_names),
        "deal": game.deal_number,
        "dealer": game.dealer,
        "phase": game.phase.value,
        "to_act": to_act,
        "legal_actions": game.legal_actions() if to_act == seat else [],
        "hand": [str(c) for c in sort_cards(r, game.hand(seat), game.trump)],
        "hand_sizes": game.hand_sizes,
        "own_face_down": [str(c) for c in game.face_down(seat)],
        "discard_counts": game.discard_counts,
        "trump": game.trump,
        "turnup": str(turnup) if turnup else None,
        "joker_turned": game.joker_turned,
        "robbed_by": game.robbed_by,
        "leader": game.leader,
        "trick": [{"seat": s, "card": str(c)} for s, c in game.trick_plays],
        "tricks": [
            {
                "leader": t.leader,
                "cards": [str(CARDS[c]) for c in t.cards],
                "winner": t.winner,
            }
            for t in deal.tricks
        ],
        "bids": [{"seat": s, "call": call} for s, call in deal.calls],
        "contract": (
            {"seat": game.contract[0], "bid": game.contract[1]} if game.contract else None
        ),
        "bonus": bonus_status(game).to_dict(),
        "scores": list(game.scores),
        "target": r.target,
        "over": game.over,
        "winner": game.winner,
        "outcome": _outcome(game),
        "last_deal": _last_deal(game),
    }


def trump_of(obs: Observation) -> str:
    """The trump suit of an observation in the trick phase (or after the auction named it)."""
    trump = obs["trump"]
    if trump is None:
        raise ValueError(f"no trump is known yet in phase {obs['phase']!r}")
    return trump


def tricks_seen(obs: Observation) -> list[tuple[int, list[str]]]:
    """Every trick of the deal as (leader, cards in play order), the one in progress last."""
    tricks = [(tr["leader"], tr["cards"]) for tr in obs["tricks"]]
    if obs["trick"]:
        tricks.append((obs["trick"][0]["seat"], [e["card"] for e in obs["trick"]]))
    return tricks


def _outcome(game: Game) -> OutcomeView | None:
    o = game.outcome
    if o is None:
        return None
    return {
        "winner": o.winner,
        "reason": o.reason.value,
        "deal": o.deal,
        "trick": o.trick,
        "scores": list(o.scores),
    }


def _last_deal(game: Game) -> LastDeal | None:
    """How the most recent finished deal ended: public scores and contract (R8.5, R9.5, R10).
    No card is named: the cards of a finished deal are back in the pack."""
    d = next((d for d in reversed(game.deals) if d.end_scores is not None), None)
    if d is None:
        return None
    return {
        "deal": d.number,
        "dealer": d.dealer,
        "start_scores": list(d.start_scores),
        "end_scores": list(d.end_scores or ()),
        "thrown_in": d.thrown_in,
        "contract": {"seat": d.bidder, "bid": d.bid, "made": d.made} if d.bidder >= 0 else None,
    }


def public_action(action: str) -> str:
    """What the other seats see of ``action``: face-down cards stay hidden (R6.4, R6.5, R9.7).

    >>> public_action("discard 2D 3C"), public_action("rob 7D"), public_action("play 5S")
    ('discards 2 and draws 2', 'robs the turn-up (a card goes face down)', 'play 5S')
    """
    kind, *cards = action.split()
    if kind == "rob":
        return "robs the turn-up (a card goes face down)"
    if kind == "bury":
        return "takes the joker and buries a card"
    if kind == "discard":
        return f"discards {len(cards)} and draws {len(cards)}"
    return action


def _header(game: Game) -> str:
    """The first line of a seat's view: the deal and the scores, in words."""
    r = game.rules
    scores = " · ".join(f"{n} {s}" for n, s in zip(r.partnership_names, game.scores, strict=True))
    return (
        f"{r.name}, deal {game.deal_number}, dealer seat {game.dealer}; scores {scores} "
        f"(target {r.target})"
    )


def render_text(game: Game, seat: int | None = None) -> str:
    """A plain-text view of the table: every hand when ``seat`` is None, else that seat's."""
    r = game.rules
    names = r.partnership_names
    lines = [repr(game) if seat is None else _header(game)]
    if game.turnup is not None:
        robbed = f", robbed by seat {game.robbed_by}" if game.robbed_by is not None else ""
        lines.append(f"turn-up {game.turnup.symbol()}{robbed}")
    if game.phase == Phase.BURY and game.joker_turned:  # public: the joker was turned face up
        lines.append(
            "turn-up: the joker (R6.4): "
            + (
                "it is yours; bury one card face down"
                if seat == game.dealer
                else f"it goes to seat {game.dealer}, the dealer, who buries one card face down"
            )
            + " before the next card is turned up for trump"
        )
    if game.trump:
        lines.append(f"trump: {SUIT_NAMES[game.trump]}")
    if game.contract:
        lines.append(f"contract: seat {game.contract[0]} bid {game.contract[1]}")
    for s in range(r.players):
        if seat is None or s == seat:
            cards = " ".join(c.symbol() for c in sort_cards(r, game.hand(s), game.trump))
        else:
            n = len(game.hand(s))
            cards = f"({n} card{'' if n == 1 else 's'})"
        marks = ("D " if s == game.dealer else "  ") + (">" if s == game.to_act else " ")
        lines.append(f"{marks} seat {s} [{names[r.partnerships[s]]}]: {cards}")
    if game.trick:
        played = ", ".join(f"{s}:{c.symbol()}" for s, c in game.trick_plays)
        lines.append(f"trick: {played}")
    if game.phase == Phase.PLAY:
        lines.append(game.bonus_status().describe(names))
    return "\n".join(lines)
