"""The game state machine: deals, phases, whose turn, ``legal_actions`` and ``apply``.

A game is driven only through :meth:`Game.legal_actions` and :meth:`Game.apply`, across deals,
redeals and to the game's end. Deals after the first are shuffled from the game's own seed.

>>> g = Game.new("barker", seed=7)
>>> g.phase, g.to_act == (g.dealer + 1) % 4
(<Phase.BID: 'bid'>, True)
>>> g.legal_actions()[:3]
['pass', 'bid 5', 'bid 10']
>>> g.apply("bid 5")
>>> g.apply("bid 3")
Traceback (most recent call last):
...
fortyfive.engine.actions.IllegalActionError: bid 3: R9.2: bids are 5, 10, 15, 20, 25 or 30
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fortyfive.engine import observe, scoring
from fortyfive.engine import validate as check
from fortyfive.engine.actions import (
    PLAY_BY_BIT,
    PLAY_ID,
    Action,
    IllegalActionError,
    parse_action,
)
from fortyfive.engine.auction import Auction
from fortyfive.engine.cards import (
    CARD_STR,
    CARDS,
    JOKER_ID,
    SUITS,
    Card,
    mask_cards,
    mask_ids,
)
from fortyfive.engine.dealing import (
    ace_of,
    deal_pack,
    discard_order,
    draw_limit,
    first_leader,
    may_still_rob,
    robbing_seat,
    seat_of_play,
    turnup_trump,
)
from fortyfive.engine.errors import InputError
from fortyfive.engine.outcome import Outcome, WinReason
from fortyfive.engine.phase import Phase
from fortyfive.engine.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    bad_record,
    check_result,
    parse_record,
)
from fortyfive.engine.rules import PRESETS, Rules, TrumpTables, get_rules, tables
from fortyfive.engine.score_sheet import ScoreSheet, score_sheet
from fortyfive.engine.tricks import explain_mask, legal_mask, winner_index

if TYPE_CHECKING:
    from fortyfive.engine.observe import BonusStatus, Observation

BURY, PLAY, BID, TRUMP = Phase.BURY, Phase.PLAY, Phase.BID, Phase.TRUMP
DISCARD, OVER = Phase.DISCARD, Phase.OVER


_FACTORIAL = {n: math.factorial(n) for n in (52, 53)}


def shuffled(rng: random.Random, n: int) -> list[int]:
    """A uniformly random order of ``range(n)``: Fisher-Yates driven by the mixed-radix digits of
    one uniform integer below n! (exact, and faster than one random call per card)."""
    r = rng.randrange(_FACTORIAL.get(n) or math.factorial(n))
    pack = list(range(n))
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


class Game:
    """One game of Forty-Five under a :class:`~fortyfive.engine.rules.Rules` preset.

    Build with :meth:`new`, :meth:`from_deal` or :meth:`replay`; then loop on
    ``legal_actions()`` / ``apply(action)`` until ``over``.
    """

    __slots__ = (
        "_actions",
        "_auction",
        "_deal",
        "_deals",
        "_discarded",
        "_face_down",
        "_first_dealer",
        "_hands",
        "_joker_turned",
        "_leader",
        "_legal",
        "_n",
        "_outcome",
        "_phase",
        "_played",
        "_rng",
        "_robbed_by",
        "_robber",
        "_scores",
        "_start",
        "_stock",
        "_t",
        "_to_act",
        "_trick",
        "_trump",
        "_turnup",
        "_winners",
        "deal_number",
        "dealer",
        "rules",
        "seed",
    )

    def __init__(self, rules: Rules, seed: int, dealer: int, scores: Sequence[int]) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self._n = rules.players
        self._start: dict[str, Any] | None = None
        self._first_dealer: int | None = None
        self._actions: list[str] = []
        self.dealer = dealer
        self.deal_number = 0
        self._scores = list(scores)
        self._deals: list[scoring.DealLog] = []
        self._outcome: Outcome | None = None
        self._phase = OVER
        self._to_act: int | None = None
        self._legal: list[str] | None = None

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, rules: Rules | str, seed: int | None = None, dealer: int | None = None) -> Game:
        """A new game: seeded shuffle and a random first dealer (R6.1), or ``dealer`` when the
        deal passes on from an earlier game.

        >>> Game.new("bruff", seed=1).hand(0) == Game.new("bruff", seed=1).hand(0)
        True
        """
        rules = get_rules(rules)
        seed = random.SystemRandom().randrange(2**32) if seed is None else check.seed(seed)
        if dealer is not None:
            dealer = check.seat(dealer, rules, "dealer")
        g = cls(rules, seed, 0, (0,) * rules.n_partnerships)
        drawn = g._rng.randrange(rules.players)  # drawn always, so a seed always deals alike
        g.dealer = drawn if dealer is None else dealer
        g._first_dealer = dealer
        g._start_deal(None)
        return g

    def next_game(self) -> Game:
        """The next game of a match: fresh scores, the deal passes to the left (R6.1, R8.5)."""
        if not self.over:
            raise ValueError("this game is not over yet")
        return Game.new(
            self.rules, seed=(self.seed + 1) % 2**32, dealer=(self.dealer + 1) % self._n
        )

    @classmethod
    def from_deal(
        cls,
        rules: Rules | str,
        dealer: int,
        hands: Sequence[Sequence[Card | str]],
        stock: Sequence[Card | str],
        scores: Sequence[int] | None = None,
        seed: int = 0,
    ) -> Game:
        """A game from a given first deal. ``stock`` is top first: for bruff ``stock[0]`` is the
        turn-up (``stock[1]`` the next, if ``stock[0]`` is the joker); for barker the draw order.
        Later deals are shuffled from ``seed``.
        """
        rules = get_rules(rules)
        dealer = check.seat(dealer, rules, "dealer")
        seed = check.seed(seed)
        if not isinstance(hands, list | tuple) or len(hands) != rules.players:
            raise InputError("hands", hands, f"{rules.players} hands, one per seat")
        size = rules.deck_size
        hand_ids = [
            [c.id for c in check.cards(h, rules, f"hands[{s}]", 0, size)]
            for s, h in enumerate(hands)
        ]
        for seat, h in enumerate(hand_ids):
            if len(h) != rules.hand_size:
                raise ValueError(f"seat {seat} holds {len(h)} cards, not {rules.hand_size} (R6.2)")
        stock_ids = [c.id for c in check.cards(stock, rules, "stock", 0, size)]
        all_ids = [c for h in hand_ids for c in h] + stock_ids
        full = set(range(rules.deck_size))
        if len(all_ids) != len(set(all_ids)) or set(all_ids) != full:
            dup = sorted({str(CARDS[c]) for c in all_ids if all_ids.count(c) > 1})
            missing = sorted(str(CARDS[c]) for c in full - set(all_ids))
            extra = sorted(str(CARDS[c]) for c in set(all_ids) - full)
            raise ValueError(
                f"the deal must hold each of the {rules.deck_size} cards once: "
                f"duplicated {dup}, missing {missing}, not in this pack {extra}"
            )
        if scores is None:
            scores = (0,) * rules.n_partnerships
        if not isinstance(scores, list | tuple) or len(scores) != rules.n_partnerships:
            raise InputError("scores", scores, f"{rules.n_partnerships} partnership scores")
        scores = check.scores(scores, rules)
        if max(scores) >= rules.target:
            raise ValueError(f"scores must be below the target {rules.target}: that game is over")
        g = cls(rules, seed, dealer, scores)
        g._start = {
            "dealer": dealer,
            "hands": [[str(CARDS[c]) for c in h] for h in hand_ids],
            "stock": [str(CARDS[c]) for c in stock_ids],
            "scores": list(scores),
        }
        g._start_deal((hand_ids, stock_ids))
        return g

    @classmethod
    def replay(cls, record: dict[str, Any], upto: int | None = None) -> Game:
        """Rebuild the identical game from :meth:`record`, checking every field (see
        :mod:`fortyfive.engine.record`) and that the replay ends as the record says; raises
        :class:`~fortyfive.engine.record.RecordError`. ``upto``: only the first ``upto``
        actions (the game part way through; its result is then not compared)."""
        spec = parse_record(record)
        if upto is not None:
            upto = check.integer(upto, "upto", 0, len(spec.actions))
        try:
            if spec.start is None:
                game = cls.new(spec.rules, seed=spec.seed, dealer=spec.dealer)
            else:
                s = spec.start
                game = cls.from_deal(
                    spec.rules, s["dealer"], s["hands"], s["stock"], s["scores"], seed=spec.seed
                )
        except InputError as e:
            raise bad_record(f"start: {e}", f"start.{e.field}") from None
        except ValueError as e:
            raise bad_record(f"start: {e}", "start") from None
        for i, action in enumerate(spec.actions[:upto]):
            try:
                game.apply(action)
            except IllegalActionError as e:
                raise bad_record(
                    f"action {i} {action!r} is not legal: {e}", f"actions[{i}]"
                ) from None
        if upto is None:
            check_result(spec, game.scores, game.winner, game.over)
        return game

    def copy(self) -> Game:
        """An independent copy (the random state included)."""
        g = object.__new__(Game)
        for name in Game.__slots__:
            if hasattr(self, name):
                setattr(g, name, getattr(self, name))
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._actions = list(self._actions)
        g._hands = list(self._hands)
        g._stock = list(self._stock)
        g._scores = list(self._scores)
        g._trick = list(self._trick)
        g._winners = list(self._winners)
        g._face_down = list(self._face_down)
        g._discarded = list(self._discarded)
        g._deals = [self._copy_log(d) for d in self._deals]
        g._deal = g._deals[-1] if g._deals else self._deal
        if self._auction is not None:
            g._auction = replace(self._auction, calls=g._deal.calls)
        g._legal = None
        return g

    @staticmethod
    def _copy_log(d: scoring.DealLog) -> scoring.DealLog:
        c = scoring.DealLog(**vars(d))
        c.tricks = list(d.tricks)
        c.calls = list(d.calls)
        return c

    # ------------------------------------------------------------------ dealing

    def _start_deal(self, given: tuple[list[list[int]], list[int]] | None) -> None:
        """Deal (R6.2, R9.1), then set up the first phase of the deal."""
        n, rules = self._n, self.rules
        if given is None:
            hands, stock = deal_pack(rules, self.dealer, shuffled(self._rng, rules.deck_size))
        else:
            hands, stock = given
        self.deal_number += 1
        self._hands = [sum(1 << c for c in h) for h in hands]
        self._stock = list(stock)
        self._trick: list[int] = []
        self._leader = -1
        self._winners: list[int] = []
        self._played = 0
        self._face_down: list[int] = [0] * n  # per seat: cards it put face down this deal
        self._discarded: list[int] = [0] * n  # per seat: how many it discarded (public)
        self._robber = -1
        self._robbed_by = -1
        self._trump = -1
        self._turnup = -1
        self._joker_turned = False
        self._t: TrumpTables | None = None
        self._legal = None
        self._deal = scoring.DealLog(self.deal_number, self.dealer, tuple(self._scores))
        self._deals.append(self._deal)
        self._auction: Auction | None = None
        if rules.auction:
            self._auction = Auction(rules, self.dealer, calls=self._deal.calls)
            self._phase, self._to_act = BID, self._auction.to_call
        else:
            self._turn_up(0)

    def _turn_up(self, index: int) -> None:
        """R6.3-R6.4: turn up the stock's top card; a joker goes to the dealer, who buries one."""
        card = self._stock[index]
        if card == JOKER_ID:
            self._joker_turned = True
            self._deal.turnup = card
            self._stock.pop(index)
            self._hands[self.dealer] |= 1 << JOKER_ID
            self._phase, self._to_act = BURY, self.dealer
            return
        self._turnup = card
        self._deal.turnup = card
        self._set_trump(turnup_trump(card))  # R6.3
        # R6.5: the ace's holder may rob, where the rules have robbing at all
        self._robber = robbing_seat(self.dealer, card, self._hands) if self.rules.robbing else -1
        self._phase = PLAY
        self._leader = first_leader(self.rules, self.dealer)  # R6.7
        self._to_act = self._leader

    def _set_trump(self, suit: int) -> None:
        self._trump = suit
        self._deal.trump = suit
        self._t = tables(self.rules.joker, suit)

    # ------------------------------------------------------------------ public state

    @property
    def phase(self) -> Phase:
        """What the seat to act does next (a :class:`~fortyfive.engine.phase.Phase`, equal to
        its name: ``"bury"``, ``"play"``, ``"bid"``, ``"trump"``, ``"discard"`` or ``"over"``)."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose action is next, or None when the game is over."""
        return self._to_act

    @property
    def over(self) -> bool:
        """Has the game ended (:attr:`outcome` says how)?"""
        return self._phase == OVER

    @property
    def winner(self) -> int | None:
        """The winning partnership index, or None while the game goes on."""
        return self._outcome.winner if self._outcome is not None else None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (who, by which rule, when), or None while it goes on."""
        return self._outcome

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals per partnership (bruff: trick points plus the bonus once certain)."""
        return tuple(self._scores)

    @property
    def trump(self) -> str | None:
        """This deal's trump suit letter (R2.1: the turn-up's, R6.3; the auction winner's, R9.6), or
        None before it is fixed."""
        return SUITS[self._trump] if self._trump >= 0 else None

    @property
    def turnup(self) -> Card | None:
        """The face-up card that fixed trump this deal (bruff), also after it was robbed."""
        return CARDS[self._turnup] if self._turnup >= 0 else None

    @property
    def robbed_by(self) -> int | None:
        """The seat that robbed the turn-up this deal (R6.5), or None."""
        return self._robbed_by if self._robbed_by >= 0 else None

    @property
    def robber(self) -> int | None:
        """The seat that may still rob the turn-up (R6.5, R6.6), or None: robbing is open until
        the robber's own first play of the deal."""
        r = self._robber
        if r < 0 or self._phase != PLAY:
            return None
        if not may_still_rob(r, self._leader, len(self._trick), len(self._winners), self._n):
            return None
        return r

    @property
    def trick(self) -> list[Card]:
        """Cards played to the current trick, lead first."""
        return [CARDS[c] for c in self._trick]

    @property
    def trick_plays(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) pairs, lead first (R3.1: clockwise from the
        leader)."""
        n = self._n
        return [(seat_of_play(self._leader, i, n), CARDS[c]) for i, c in enumerate(self._trick)]

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds (public)."""
        return [m.bit_count() for m in self._hands]

    def face_down(self, seat: int) -> list[Card]:
        """The cards ``seat`` put face down this deal: buried (R6.4), given up to rob (R6.5) or
        discarded (R9.7). Only that seat may see them."""
        return mask_cards(self._face_down[check.seat(seat, self.rules)])

    @property
    def discard_counts(self) -> list[int]:
        """How many cards each seat discarded this deal (R9.7: the count is public)."""
        return list(self._discarded)

    @property
    def joker_turned(self) -> bool:
        """Whether the joker was turned up this deal and went to the dealer (R6.4)."""
        return self._joker_turned

    @property
    def leader(self) -> int | None:
        """The seat that led (or is to lead) the current trick, or None outside card play."""
        return self._leader if self._phase == PLAY else None

    @property
    def tricks_played(self) -> int:
        """Complete tricks in the current deal."""
        return len(self._winners)

    @property
    def contract(self) -> tuple[int, int] | None:
        """(seat, bid) of the auction's current highest bidder (barker), else None."""
        a = self._auction
        return (a.high_seat, a.high_bid) if a is not None and a.high_seat >= 0 else None

    @property
    def history(self) -> list[str]:
        """Every action applied so far, in canonical form."""
        return list(self._actions)

    @property
    def deals(self) -> list[scoring.DealLog]:
        """Every deal of the game so far, the current one last (tricks, bonus, scores)."""
        return self._deals

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, in card order (all hands are open here: a seat's own view is
        :meth:`observation`)."""
        return mask_cards(self._hands[check.seat(seat, self.rules)])

    def zones(self) -> dict[str, Any]:
        """Where every card of the pack is (an open view for tests and teaching; never a seat's).

        ``hands`` per seat, ``stock`` (top first), ``face_down`` per seat (buried, robbed or
        discarded), ``played`` (this deal's tricks and the current trick).
        """
        played = [c for t in self._deal.tricks for c in t.cards] + self._trick
        return {
            "hands": [mask_cards(h) for h in self._hands],
            "stock": [CARDS[c] for c in self._stock],
            "face_down": [mask_cards(m) for m in self._face_down],
            "played": [CARDS[c] for c in played],
        }

    def partnership(self, seat: int) -> int:
        """The partnership index of ``seat`` (R1.3)."""
        return self.rules.partnerships[check.seat(seat, self.rules)]

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[str]:
        """The actions the seat ``to_act`` may take now, as canonical strings."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[str]:
        phase = self._phase
        seat = self._to_act
        if phase == PLAY:
            assert self._t is not None and seat is not None
            m = legal_mask(self._t, self._hands[seat], self._trick[0] if self._trick else -1)
            acts = []
            while m:
                low = m & -m
                acts.append(PLAY_BY_BIT[low])
                m ^= low
            if seat == self._robber and not self._winners:
                acts += [f"rob {CARD_STR[c]}" for c in mask_ids(self._hands[seat])]  # R6.5, R8.7
            return acts
        if phase == BID:
            assert self._auction is not None and seat is not None
            return self._auction.legal_calls(seat, self._scores)
        if phase == TRUMP:
            return [f"trump {s}" for s in SUITS]
        if phase == DISCARD:
            assert seat is not None
            subsets = ["discard"]  # every subset, cards in card order (the canonical form)
            for c in mask_ids(self._hands[seat]):
                name = CARD_STR[c]
                subsets += [f"{s} {name}" for s in subsets]
            k_max = draw_limit(self.rules, len(self._stock))
            if k_max < self._hands[seat].bit_count():
                subsets = [s for s in subsets if s.count(" ") <= k_max]
            return subsets
        if phase == BURY:
            assert seat is not None
            return [f"bury {CARD_STR[c]}" for c in mask_ids(self._hands[seat])]
        return []

    # ------------------------------------------------------------------ apply

    def apply(self, action: str | Action) -> None:
        """Apply one legal action; anything else raises :class:`IllegalActionError` (a
        ``ValueError``) that says why, and leaves the game exactly as it was."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action in legal:  # the canonical string, as legal_actions() gave it
            c = PLAY_ID.get(action)
            if c is not None:  # the hot path: a card play
                self._actions.append(action)
                self._play(c)
                return
            act = parse_action(action)
            text = action
        else:
            act = parse_action(action)
            text = str(act)
            if text not in legal:
                raise IllegalActionError(f"{text}: {self._why_illegal(act)}")
        self._actions.append(text)
        self._legal = None
        kind = act.kind
        if kind == "play":
            self._play(act.card.id)
        elif kind == "rob":
            self._rob(act.card.id)
        elif kind == "bury":
            self._bury(act.card.id)
        elif kind in ("bid", "hold", "pass"):
            self._call(text)
        elif kind == "trump":
            self._name_trump(act)
        elif kind == "discard":
            self._discard(act)

    def _why_illegal(self, act: Action) -> str:
        """Words (with the rule id) for why ``act`` is not legal now."""
        if self._phase == OVER:
            return "the game is over"
        seat = self._to_act
        assert seat is not None
        kind, phase, r = act.kind, self._phase, self.rules
        if kind == "play" and phase == PLAY:
            assert self._t is not None
            lead = self._trick[0] if self._trick else -1
            return explain_mask(self._t, self._hands[seat], lead, act.card.id)
        if kind == "rob" and phase == PLAY:
            if not r.robbing:
                return f"R6.5: there is no robbing in {r.name}"
            if self._robbed_by >= 0:
                return "R6.6: the turn-up has been robbed already this deal"
            if seat != self._robber:
                ace = f"A{self.trump}"
                return f"R6.5: only the holder of {ace} (the dealer, if {ace} is turned up) may rob"
            if self._winners:
                return "R6.6: robbing is only allowed before your own first play of the deal"
            return f"R6.5: you do not hold {act.card}; give up a card from your hand"
        if kind == "bury" and phase == BURY:
            return f"R6.4: you do not hold {act.card}"
        if kind in ("bid", "hold", "pass") and phase == BID:
            assert self._auction is not None
            return self._auction.why_illegal(seat, str(act), self._scores)
        if kind == "discard" and phase == DISCARD:
            missing = [str(c) for c in act.cards if not self._hands[seat] >> c.id & 1]
            if missing:
                return f"R9.7: you do not hold {' '.join(missing)}"
            return f"R9.7: discard at most {r.max_discard} cards (and no more than the stock holds)"
        want = {
            BURY: "the dealer must first bury one card under the stock (R6.4)",
            PLAY: f"seat {seat} must play a card (R3.1)",
            BID: f"seat {seat} must call in the auction: bid, pass or hold (R9.2)",
            TRUMP: f"seat {seat} won the auction and must name trump (R9.6)",
            DISCARD: f"seat {seat} must discard 0 to {r.max_discard} cards (R9.7)",
        }[phase]
        return f"not a {phase} action now: {want}"

    # ------------------------------------------------------------------ the trick phase

    def _play(self, c: int) -> None:
        """Play card ``c`` for the seat to act (legality already checked)."""
        seat = self._to_act
        assert seat is not None and self._t is not None
        self._legal = None
        self._hands[seat] ^= 1 << c
        self._played |= 1 << c
        trick = self._trick
        trick.append(c)
        t = self._t
        deal = self._deal
        if t.power[c] >= 100 and (deal.bonus_card < 0 or t.power[c] > t.power[deal.bonus_card]):
            deal.bonus_card = c  # the highest trump so far (R7.2); it wins its trick
            deal.bonus_trick = len(self._winners)
        if len(trick) < self._n:
            self._to_act = (seat + 1) % self._n
            return
        win_seat = (self._leader + winner_index(t, trick)) % self._n
        self._winners.append(self.rules.partnerships[win_seat])
        deal.tricks.append(scoring.TrickLog(self._leader, tuple(trick), win_seat))
        self._trick = []
        self._leader = self._to_act = win_seat  # R3.3
        if self.rules.win_by_chronology:
            self._after_trick_chronology()
        elif len(self._winners) == self.rules.hand_size:
            self._end_auction_hand()

    def _rob(self, discard: int) -> None:
        """R6.5: one card face down out of play, then take the turn-up."""
        seat = self._to_act
        assert seat is not None
        self._hands[seat] ^= (1 << discard) | (1 << self._turnup)
        self._stock.remove(self._turnup)
        self._face_down[seat] |= 1 << discard
        self._robbed_by = self._deal.robbed_by = seat
        self._robber = -1

    def _bury(self, card: int) -> None:
        """R6.4: the dealer buries one card under the stock; the next card fixes trump."""
        self._hands[self.dealer] ^= 1 << card
        self._face_down[self.dealer] |= 1 << card
        self._turn_up(0)

    # ------------------------------------------------------------------ bruff scoring (R7, R8)

    def _known_out(self) -> int:
        """Mask of trumps known to be out of play: the turn-up, once robbing can no longer
        happen (R7.3). Publicly that is after trick 1, or once the ace of trumps is played."""
        if self._turnup < 0 or self._robbed_by >= 0:
            return 0
        if not self.rules.robbing:  # nobody can take it up (R6.5)
            return 1 << self._turnup
        if self._winners or self._played >> ace_of(self._trump) & 1:
            return 1 << self._turnup
        if self._turnup == ace_of(self._trump) and self._dealer_has_played():
            return 1 << self._turnup
        return 0

    def _dealer_has_played(self) -> bool:
        if self._winners:
            return True
        return (self.dealer - self._leader) % self._n < len(self._trick)

    def bonus_turnup(self) -> Card | None:
        """The turn-up, while it is the only unplayed trump above the deal's highest trump so
        far (the deal under way): what R7.3 then turns on. Left on the stock once nobody may
        rob it, it is out of play and the bonus is certain; robbed (:attr:`robbed_by`), it is
        in the robber's hand, still to come. None otherwise, and while other higher trumps are
        unplayed (the turn-up is then not the reason the bonus is open).

        >>> hands = ["2S 3S 4S 6S 7S", "JS 8S 9S TS QS", "2C 3C 4C 6C 7C", "2D 3D 4D 6D 7D",
        ...          "8C 9C TC QC KC", "8D 9D TD QD KD"]
        >>> dealt = " ".join(hands).split() + ["5S"]
        >>> g = Game.from_deal("bruff", 0, hands, ["5S"] + [str(c) for c in CARDS
        ...                                              if str(c) not in dealt])
        >>> g.apply("play JS")  # the ace of spades is undealt: nobody robs the 5S turned up
        >>> g.bonus_certain(), g.bonus_turnup()  # in trick 1, robbing may still come
        (False, Card('5S'))
        >>> for card in ["2C", "2D", "8C", "8D", "2S"]:
        ...     g.apply("play " + card)
        >>> g.bonus_certain(), g.bonus_turnup()  # unrobbed after trick 1: out of play
        (True, Card('5S'))
        """
        card, up = self._deal.bonus_card, self._turnup
        if self._t is None or card < 0 or up < 0 or len(self._winners) >= self.rules.hand_size:
            return None
        if self._t.higher[card] & ~self._played != 1 << up:
            return None
        return CARDS[up]

    def bonus_certain(self) -> bool:
        """R7.3 for the current deal."""
        assert self._t is not None
        return scoring.bonus_is_certain(
            self._t,
            self._deal.bonus_card,
            self._played,
            self._known_out(),
            len(self._winners),
            self.rules.hand_size,
        )

    def bonus_beyond_reach(self) -> bool:
        """Whether the deal's highest trump so far is beyond reach, seen with every hand open:
        no unplayed trump above it is in any hand, nor is a turn-up a robber may still take up
        (R6.5, R6.6), so nothing can beat it (R7.2, R10.1). :meth:`bonus_certain` is the
        public view, which must also allow for the cards nobody has seen; this one is for
        open-hand puzzles and the solver's view.

        >>> hands = ["2S 3S 4S 6S 7S", "JS 8S TS QS KS", "2C 3C 4C 6C 7C", "2D 3D 4D 6D 7D",
        ...          "8C 9C TC QC KC", "8D 9D TD QD KD"]
        >>> dealt = " ".join(hands).split() + ["9S"]
        >>> g = Game.from_deal("bruff", 0, hands, ["9S"] + [str(c) for c in CARDS
        ...                                              if str(c) not in dealt])
        >>> g.apply("play JS")  # spades trump: only the 5S ranks higher, and it is undealt
        >>> g.bonus_certain(), g.bonus_beyond_reach()  # nobody may know it; the open hands do
        (False, True)
        """
        card = self._deal.bonus_card
        if self._t is None or card < 0:
            return False
        out = 0
        for hand in self._hands:
            out |= hand
        if self.robber is not None:  # the turn-up may still be taken up (R6.5, R6.6)
            out |= 1 << self._turnup
        return not self._t.higher[card] & ~self._played & out

    def _after_trick_chronology(self) -> None:
        """R8.6 after every trick; R8.3 early stop; R8.4 jink; R8.5 next deal."""
        r, deal = self.rules, self._deal
        done = len(self._winners) == r.hand_size
        certain = self.bonus_certain()
        deal.bonus_certain = certain
        bonus_trick = deal.bonus_trick
        start = deal.start_scores
        winner = scoring.chronology_winner(r, start, self._winners, bonus_trick, certain)
        reason = WinReason.TARGET
        if winner is None and done and r.jink and len(set(self._winners)) == 1:
            winner, reason = self._winners[0], WinReason.JINK  # R8.4
        self._scores = list(
            scoring.running_totals(r, start, self._winners, bonus_trick if certain else -1)
        )
        if winner is not None:
            self._finish(winner, reason)
        elif done:
            deal.end_scores = tuple(self._scores)
            self.dealer = (self.dealer + 1) % self._n  # R8.5
            self._start_deal(None)

    def _finish(self, winner: int, reason: WinReason) -> None:
        self._outcome = Outcome(
            winner, reason, self.deal_number, len(self._winners), tuple(self._scores)
        )
        self._deal.end_scores = tuple(self._scores)
        self._phase = OVER
        self._to_act = None
        self._legal = None

    # ------------------------------------------------------------------ barker (R9, R10)

    def _call(self, call: str) -> None:
        auction = self._auction
        assert auction is not None
        auction.call(call)
        if auction.thrown_in:  # R9.5: four passes; the deal passes to the left
            self._deal.thrown_in = True
            self._deal.end_scores = tuple(self._scores)
            self.dealer = (self.dealer + 1) % self._n
            self._start_deal(None)
        elif auction.over:
            self._deal.bid, self._deal.bidder = auction.high_bid, auction.high_seat
            self._phase, self._to_act = TRUMP, auction.high_seat  # R9.6
        else:
            self._to_act = auction.to_call

    def _name_trump(self, act: Action) -> None:
        assert act.suit is not None
        self._set_trump(SUITS.index(act.suit))
        self._phase = DISCARD
        self._to_act = discard_order(self.rules, self.dealer)[0]  # R9.7

    def _discard(self, act: Action) -> None:
        seat = self._to_act
        assert seat is not None
        for c in act.cards:
            self._hands[seat] ^= 1 << c.id
            self._face_down[seat] |= 1 << c.id
        for _ in act.cards:
            self._hands[seat] |= 1 << self._stock.pop(0)
        self._discarded[seat] = len(act.cards)
        order = discard_order(self.rules, self.dealer)
        if seat == order[-1]:
            self._phase = PLAY
            self._leader = self._to_act = first_leader(self.rules, self.dealer, self._deal.bidder)
        else:
            self._to_act = order[order.index(seat) + 1]

    def _end_auction_hand(self) -> None:
        """R10.1-R10.5 after the fifth trick."""
        r, deal = self.rules, self._deal
        deal.bonus_certain = True
        bidders = r.partnerships[deal.bidder]
        taken = scoring.running_totals(r, (0,) * r.n_partnerships, self._winners, deal.bonus_trick)
        delta = scoring.barker_hand_delta(r, deal.bid, bidders, taken)
        deal.made = taken[bidders] >= deal.bid
        self._scores = [s + d for s, d in zip(self._scores, delta, strict=True)]
        winner = scoring.barker_winner(r, self._scores, bidders)
        if winner is not None:
            both = sum(s >= r.target for s in self._scores) > 1
            self._finish(winner, WinReason.CONTRACT if both else WinReason.TARGET)  # R10.5
        else:
            deal.end_scores = tuple(self._scores)
            self.dealer = (self.dealer + 1) % self._n  # R9.1
            self._start_deal(None)

    # ------------------------------------------------------------------ views

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see, as a JSON-able dict (see :mod:`fortyfive.engine.observe`)."""
        return observe.observation(self, seat)

    def bonus_status(self) -> BonusStatus:
        """The current highest trump of the deal, its trick and whether it is certain."""
        return observe.bonus_status(self)

    def record(self) -> dict[str, Any]:
        """A JSON-able record: rules, seed or first deal, actions (see
        :mod:`fortyfive.engine.record`)."""
        rules = self.rules
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": rules.name if PRESETS.get(rules.name) == rules else rules.to_dict(),
            "seed": self.seed,
            "dealer": self._first_dealer,
            "start": self._start,
            "actions": self.history,
            "result": {"scores": list(self.scores), "winner": self.winner, "over": self.over},
        }

    def score_sheet(self, by: str = "trick") -> ScoreSheet:
        """The score sheet, one row per trick (``by="deal"``: one per deal); ``.to_pandas()``
        makes it a DataFrame where pandas is installed."""
        return score_sheet(self, by)

    def explain(self, action: str) -> str:
        """Why ``action`` is not legal now (citing the rule id), or "" when it is."""
        act = parse_action(action)
        return "" if str(act) in self.legal_actions() else self._why_illegal(act)

    def __repr__(self) -> str:
        state = (
            f"over, winner {self.rules.partnership_names[self._outcome.winner]}"
            if self._outcome is not None
            else f"{self._phase}, seat {self._to_act} to act"
        )
        return (
            f"<Game {self.rules.name} deal {self.deal_number}, dealer {self.dealer}, "
            f"trump {self.trump or '-'}, scores {'/'.join(map(str, self._scores))}: {state}>"
        )

    def __str__(self) -> str:
        return observe.render_text(self)

    def _repr_html_(self) -> str:
        """Notebook view: the open table as text (the card table widget is the seat's view)."""
        import html

        return f"<pre>{html.escape(str(self))}</pre>"
