"""Rollouts: the rest of a deal played out by the rule bot's policy
(:mod:`fortyfive.agents.rule_play`) in every seat, on deals of the hidden cards sampled
consistently with one seat's view.

A search for bruff's three partnerships that models the other two separately, as the players
they are, instead of combining them against one (the "paranoid" solver): for each legal action
and each sampled deal, the action is taken and every seat plays on by the rule bot's policy,
each seeing only what its own seat would see. The action with the most points on average is
best. Against rule-based opponents the model of them is exact up to the sampling; the seat's
own later cards are the rule bot's, so it is a one-step improvement of that policy (and better
than it wherever one action's rollouts beat the rule bot's own card).

>>> from fortyfive import Game
>>> from fortyfive.agents.bots import RuleBot
>>> g = Game.new("bruff", seed=3)
>>> while g.phase != "play":
...     g.apply(RuleBot(seed=1).choose(g, g.to_act))
>>> values = rollout_values(g.observation(g.to_act), samples=2, seed=1)
>>> sorted(values) == sorted(g.legal_actions())
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from time import perf_counter

from fortyfive.agents.rule_play import PlayView, play_card, rob_discard
from fortyfive.engine.actions import PLAY_ID, parse_action
from fortyfive.engine.cards import mask_ids, parse_card
from fortyfive.engine.observe import Observation, tricks_seen
from fortyfive.engine.rules import Rules, get_rules
from fortyfive.engine.scoring import deal_winner, running_totals
from fortyfive.engine.tricks import legal_mask, winner_index
from fortyfive.solve.hints import sample_hands
from fortyfive.solve.position import Position

INF = float("inf")


@dataclass
class _Deal:
    """A deal played on from a :class:`Position`, every hand open, by the engine's tricks."""

    rules: Rules
    pos: Position

    def __post_init__(self) -> None:
        p = self.pos
        self.t = p.tables
        self.hands = list(p.hands)
        self.leader = p.leader
        self.trick = list(p.trick)
        self.winners = list(p.winners)
        self.bonus_card, self.bonus_trick = p.bonus_card, p.bonus_trick
        self.robber = p.robber
        self.robbed = p.robbed
        self.played = p.played

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.rules.players

    def rob(self, card: int) -> None:
        """R6.5: the robber gives up ``card`` and takes the turn-up."""
        self.hands[self.robber] ^= (1 << card) | (1 << self.pos.turnup)
        self.robber, self.robbed = -1, True

    def play(self, card: int) -> None:
        seat, t, n = self.to_act, self.t, self.rules.players
        self.hands[seat] ^= 1 << card
        self.played |= 1 << card
        if seat == self.robber:
            self.robber = -1  # R6.5: robbing only before the robber's first card
        if t.is_trump(card) and (
            self.bonus_card < 0 or t.power[card] > t.power[self.bonus_card]
        ):  # R7.2
            self.bonus_card, self.bonus_trick = card, len(self.winners)
        self.trick.append(card)
        if len(self.trick) == n:  # R3.2
            winner = (self.leader + winner_index(t, self.trick)) % n
            self.winners.append(self.rules.partnerships[winner])
            self.leader, self.trick = winner, []

    def rule_move(self) -> None:
        """The rule bot's move for the seat to act, from what that seat can see."""
        seat = self.to_act
        if seat == self.robber:
            card = rob_discard(self.t, list(mask_ids(self.hands[seat])), self.pos.turnup)
            if card is not None:
                self.rob(card)
        self.play(self.rule_card())

    def rule_card(self) -> int:
        """The card the rule bot plays now for the seat to act (robbing aside)."""
        seat, t = self.to_act, self.t
        hand = self.hands[seat]
        legal = list(mask_ids(legal_mask(t, hand, self.trick[0] if self.trick else -1)))
        if len(legal) == 1:
            return legal[0]
        seen = self.played | hand
        if self.pos.turnup >= 0 and not self.robbed and self.winners:
            seen |= 1 << self.pos.turnup  # R7.3: left on the stock, out of play
        n = self.rules.players
        view = PlayView(
            self.rules,
            t,
            seat,
            legal,
            list(mask_ids(hand)),
            [(self.leader + i) % n for i in range(len(self.trick))],
            list(self.trick),
            {c for c in range(self.rules.deck_size) if not seen >> c & 1},
            self.bonus_card,
        )
        return PLAY_ID[play_card(view)]

    def finish(self) -> tuple[int, ...]:
        """Play on by the rule bot to the end; the deal's points per partnership (R7)."""
        while any(self.hands):
            self.rule_move()
        return self.points()

    def points(self) -> tuple[int, ...]:
        r = self.rules
        return running_totals(r, (0,) * r.n_partnerships, self.winners, self.bonus_trick)

    def value(self, side: int, race: float) -> float:
        """``side``'s points in the deal, and ``race`` more (less) if it won (another won) the
        game in it (R8)."""
        pts = self.points()[side]
        if not race:
            return pts
        w = deal_winner(self.rules, self.pos.start_scores, self.winners, self.bonus_trick)
        return pts + (0 if w is None else race if w == side else -race)

    def copy(self) -> _Deal:
        other = object.__new__(_Deal)
        other.__dict__.update(self.__dict__)
        other.hands, other.trick, other.winners = (
            list(self.hands),
            list(self.trick),
            list(self.winners),
        )
        return other

    def cards_left(self) -> int:
        return sum(h.bit_count() for h in self.hands)

    def best_reply(self, side: int, exact: int, race: float = 0.0) -> float:
        """The points ``side`` takes when the rule bot plays the other partnerships' seats and
        ``side`` plays its own two hands as well as it can (all hands open), searched exactly
        once at most ``exact`` cards are left in the hands, the rule bot's play for both
        before. Robbing (R6.5) is over by then."""
        while self.cards_left() > exact or (
            any(self.hands) and self.rules.partnerships[self.to_act] != side
        ):
            self.rule_move()
        if not any(self.hands):
            return self.value(side, race)
        t, hand = self.t, self.hands[self.to_act]
        best = -INF
        for c in mask_ids(legal_mask(t, hand, self.trick[0] if self.trick else -1)):
            d = self.copy()
            d.robber = -1
            d.play(c)
            best = max(best, d.best_reply(side, exact, race))
        return best


#: Cards played in rollouts for one decision: some 150 ms here. A first lead of bruff (30 cards,
#: 5 actions) gets 10 deals; later tricks get more, up to ``max_samples``.
ROLLOUT_CARDS = 1_500


def rollout_samples(obs: Observation, cards: int = ROLLOUT_CARDS, max_samples: int = 32) -> int:
    """How many deals fit a budget of ``cards`` cards played in rollouts (at least one)."""
    left = sum(obs["hand_sizes"])
    return max(1, min(max_samples, cards // max(1, left * len(obs["legal_actions"]))))


def surprises(obs: Observation, hands: list[int]) -> int:
    """How many cards the other partnerships played this deal that the rule bot would not have
    played, had the hidden hands been ``hands`` (the current ones, bitmasks): 0 when the
    deal explains every card of theirs. Forced cards and the seat's own side are not counted."""
    rules = get_rules(obs["preset"])
    seen = tricks_seen(obs)
    if not seen:
        return 0
    n, me = rules.players, rules.partnerships[obs["seat"]]
    start = list(hands)
    for leader, cards in seen:
        for i, name in enumerate(cards):
            start[(leader + i) % n] |= 1 << parse_card(name).id
    turnup = parse_card(obs["turnup"]).id if obs["turnup"] else -1
    first = Position.from_observation(obs, hands, -1)
    deal = _Deal(
        rules,
        replace(
            first,
            hands=tuple(start),
            leader=seen[0][0],
            trick=(),
            winners=(),
            bonus_card=-1,
            bonus_seat=-1,
            bonus_trick=-1,
            robber=-1,
            turnup=turnup,
            played=0,
        ),
    )
    odd = 0
    for _, cards in seen:
        for name in cards:
            card = parse_card(name).id
            seat = deal.to_act
            if rules.partnerships[seat] != me and deal.rule_card() != card:
                odd += 1
            deal.play(card)
    return odd


def rollout_values(
    obs: Observation,
    samples: int = 8,
    seed: int = 0,
    candidates: int = 0,
    deadline: float | None = None,
    exact: int = 0,
    root_exact: int = 18,
    race: float = 0.0,
) -> dict[str, float]:
    """Per legal action of the observing seat (to act in the trick phase), the average points
    its partnership takes in the deal when the action is taken and the rule bot plays every
    seat on, over ``samples`` deals of the hidden cards consistent with ``obs``.

    With ``candidates`` above ``samples``, that many deals are drawn and the ``samples`` that
    best explain the other partnerships' cards as the rule bot's (fewest :func:`surprises`)
    are kept: the model of the opponents reads their play too. Past ``deadline`` (a
    :func:`time.perf_counter` time) no further deal is played out, once one has been.

    With ``exact``, the seat's partnership plays its own cards by search instead of the rule
    bot's policy (:meth:`_Deal.best_reply`) once at most ``exact`` cards are left, or at once
    if the position has at most ``root_exact``. With ``race``, a deal in which the partnership
    wins the game counts ``race`` points more, one another wins ``race`` less (R8)."""
    rules = get_rules(obs["preset"])
    rng = random.Random(seed)
    side = rules.partnerships[obs["seat"]]
    legal: list[str] = obs["legal_actions"]
    totals = dict.fromkeys(legal, 0.0)
    drawn = [sample_hands(obs, rng) for _ in range(max(samples, candidates))]
    if candidates > samples:
        odd = [surprises(obs, hands) for hands, _ in drawn]
        order = sorted(range(len(drawn)), key=lambda i: (odd[i], i))
        drawn = [drawn[i] for i in sorted(order[:samples])]
    done = 0
    left = sum(obs["hand_sizes"])
    for hands, robber in drawn:
        if done and deadline is not None and perf_counter() > deadline:
            break  # a slow or busy machine: the deals played out so far
        pos = Position.from_observation(obs, hands, robber)
        for a in legal:
            deal = _Deal(rules, pos)
            act = parse_action(a)
            if act.kind == "rob":
                deal.rob(act.card.id)  # R8.7: then the robber plays on by the rule bot
            else:
                deal.play(act.card.id)
            if exact:
                totals[a] += deal.best_reply(side, exact if left > root_exact else left, race)
            else:
                deal.finish()
                totals[a] += deal.value(side, race)
        done += 1
    return {a: v / done for a, v in totals.items()}
