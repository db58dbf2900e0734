"""A trick-phase position with every hand open: the solver's input.

A :class:`Position` is plain data (card-id bitmasks), built from a live game
(:meth:`Position.from_game`) or from one seat's observation plus a guess at the hidden hands
(:meth:`Position.from_observation`, used by the hint sampler).

>>> from fortyfive import Game
>>> p = Position.from_game(Game.new("barker", seed=1).copy())
Traceback (most recent call last):
...
ValueError: the solver starts from the trick phase; this game is in phase 'bid'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from fortyfive.engine.cards import CARDS, SUITS, card_mask, mask_cards, mask_ids, parse_card
from fortyfive.engine.observe import Observation, trump_of
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import Rules, TrumpTables, get_rules, tables
from fortyfive.engine.scoring import running_totals

if TYPE_CHECKING:
    from fortyfive.engine.game import Game


@dataclass(frozen=True)
class Position:
    """Everything that decides the rest of a deal's play, all hands open.

    ``hands`` are bitmasks of card ids per seat; ``trick`` the cards of the trick in progress,
    lead first; ``winners`` the partnership of each completed trick of the deal;
    ``bonus_card``/``bonus_seat``/``bonus_trick`` the highest trump played so far, who played
    it and in which trick (0-based; R7.2, R10.1); ``robber`` the seat that may still rob the
    ``turnup`` (R6.5, R8.7), else -1;
    ``played`` every card played this deal; ``start_scores`` the scores when the deal began;
    ``bid``/``bidder`` the barker contract.
    """

    rules: Rules
    trump: int
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    bonus_card: int = -1
    bonus_seat: int = -1
    bonus_trick: int = -1
    robber: int = -1
    turnup: int = -1
    robbed: bool = False
    played: int = 0
    start_scores: tuple[int, ...] = ()
    bid: int = 0
    bidder: int = -1

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.rules.players

    @property
    def tables(self) -> TrumpTables:
        return tables(self.rules.joker, self.trump)

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        return self.rules.hand_size - len(self.winners)

    def taken(self, partnership: int) -> int:
        """Trick points (R7.1, R10.1) ``partnership`` has taken in this deal so far, no bonus."""
        return self.rules.trick_points * sum(1 for p in self.winners if p == partnership)

    def legal_actions(self) -> list[str]:
        """The seat to act's actions, as the engine names them (plays, and robbing)."""
        from fortyfive.engine.actions import PLAY_BY_BIT
        from fortyfive.engine.tricks import legal_mask

        seat = self.to_act
        m = legal_mask(self.tables, self.hands[seat], self.trick[0] if self.trick else -1)
        acts = [PLAY_BY_BIT[1 << c] for c in mask_ids(m)]
        if seat == self.robber:
            acts += [f"rob {CARDS[c]}" for c in mask_ids(self.hands[seat])]
        return acts

    def rob(self, discard: int) -> Position:
        """The position after the robber puts ``discard`` face down and takes the turn-up."""
        seat = self.robber
        if seat < 0 or not self.hands[seat] >> discard & 1:
            raise ValueError("no robbing with that card here (R6.5, R6.6)")
        hands = list(self.hands)
        hands[seat] ^= (1 << discard) | (1 << self.turnup)
        return replace(self, hands=tuple(hands), robber=-1, robbed=True)

    def describe(self) -> str:
        """A short text of the hands and the trick, for messages and tests."""
        n = self.rules.players
        hands = " | ".join(
            f"{s}:" + " ".join(str(c) for c in mask_cards(self.hands[s])) for s in range(n)
        )
        trick = " ".join(str(CARDS[c]) for c in self.trick)
        return f"trump {SUITS[self.trump]}, leader {self.leader}, trick [{trick}], {hands}"

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The current deal of ``game`` (which must be in its trick phase), hands open."""
        if game.phase != Phase.PLAY:
            phase = game.phase.value
            raise ValueError(
                f"the solver starts from the trick phase; this game is in phase {phase!r}"
            )
        deal = game.deals[-1]
        bonus = game.bonus_status()
        leader = game.leader
        assert leader is not None
        trick = tuple(c.id for c in game.trick)
        robber = -1 if game.robber is None else game.robber
        played = 0
        for t in deal.tricks:
            for c in t.cards:
                played |= 1 << c
        for c in trick:
            played |= 1 << c
        return cls(
            rules=game.rules,
            trump=deal.trump,
            hands=tuple(card_mask(game.hand(s)) for s in range(game.rules.players)),
            leader=leader,
            trick=trick,
            winners=tuple(game.rules.partnerships[t.winner] for t in deal.tricks),
            bonus_card=bonus.card.id if bonus.card is not None else -1,
            bonus_seat=bonus.seat if bonus.seat is not None else -1,
            bonus_trick=deal.bonus_trick,
            robber=robber,
            turnup=game.turnup.id if game.turnup is not None else -1,
            robbed=deal.robbed_by >= 0,
            played=played,
            start_scores=tuple(deal.start_scores),
            bid=deal.bid,
            bidder=deal.bidder,
        )

    @classmethod
    def from_observation(cls, obs: Observation, hands: Sequence[int], robber: int = -1) -> Position:
        """A position from one seat's observation and a full guess of the hands (bitmasks).

        The observation fixes the trick, the tricks so far, the bonus, the turn-up and the
        contract; ``hands`` must give the observing seat its own hand. ``robber`` is the seat
        that may still rob in this guess (R6.5), else -1.
        """
        rules = get_rules(obs["preset"])
        if obs["phase"] != "play":
            raise ValueError(
                f"the solver starts from the trick phase; this game is in phase {obs['phase']!r}"
            )
        own = card_mask(obs["hand"])
        if hands[obs["seat"]] != own:
            raise ValueError("the guessed hands must give the observing seat its own hand")
        played = 0
        winners = []
        for tr in obs["tricks"]:
            played |= card_mask(tr["cards"])
            winners.append(rules.partnerships[tr["winner"]])
        trick = tuple(parse_card(e["card"]).id for e in obs["trick"])
        for cid in trick:
            played |= 1 << cid
        bonus = obs["bonus"]
        contract = obs["contract"]
        turnup = parse_card(obs["turnup"]).id if obs["turnup"] else -1
        start = list(obs["scores"])
        if rules.win_by_chronology:  # the running score holds this deal's tricks (R8.6)
            k = bonus["trick"]
            credited = k - 1 if bonus["certain"] and k is not None and k <= len(winners) else -1
            dealt = running_totals(rules, (0,) * rules.n_partnerships, winners, credited)
            start = [s - d for s, d in zip(start, dealt, strict=True)]
        leader = obs["leader"]
        assert leader is not None  # the trick phase always has a leader
        return cls(
            rules=rules,
            trump=SUITS.index(trump_of(obs)),
            hands=tuple(hands),
            leader=leader,
            trick=trick,
            winners=tuple(winners),
            bonus_card=parse_card(bonus["card"]).id if bonus["card"] else -1,
            bonus_seat=bonus["seat"] if bonus["seat"] is not None else -1,
            bonus_trick=bonus["trick"] - 1 if bonus["trick"] else -1,
            robber=robber,
            turnup=turnup,
            robbed=obs["robbed_by"] is not None,
            played=played,
            start_scores=tuple(start),
            bid=contract["bid"] if contract else 0,
            bidder=contract["seat"] if contract else -1,
        )
