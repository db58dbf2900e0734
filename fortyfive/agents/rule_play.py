"""The rule bot's card play (:class:`fortyfive.agents.bots.RuleBot`) on a plain view of the
trick phase, so that the bot (from its observation) and rollouts (from a deal they play out,
:mod:`fortyfive.agents.rollout`) play by the same code."""

from __future__ import annotations

from fortyfive.engine.actions import PLAY_ID
from fortyfive.engine.cards import CARDS, parse_card
from fortyfive.engine.observe import Observation, trump_of
from fortyfive.engine.rules import TRUMP_SUIT, Rules, TrumpTables, rules_tables
from fortyfive.engine.tricks import winner_index


def card_ids(cards: list[str]) -> list[int]:
    """Card ids of card names ("5S", "JK")."""
    return [parse_card(c).id for c in cards]


def rob_discard(t: TrumpTables, cards: list[int], turnup: int) -> int | None:
    """The rule bot's robbing (R6.5): the weakest of ``cards`` if the turn-up beats it."""
    worst = min(cards, key=lambda c: (t.power[c], c))
    return worst if t.power[turnup] > t.power[worst] else None


def play_card(v: PlayView) -> str:
    """The rule bot's card: never overtake a partner who is winning (R3.4), win as cheaply as
    possible, take the bonus with a trump nothing can beat (R7.2, R10.1), else throw the
    weakest card; lead a boss trump, a boss plain card, or the weakest."""
    t = v.t
    if not v.trick:
        return v.play(_lead(v))
    winner_seat, winning = v.winning()
    if v.partner(winner_seat):
        return v.play(v.weakest(v.legal))  # R3.4: never overtake a partner
    beaters = [c for c in v.legal if v.wins_with(c)]
    if not beaters:
        return v.play(v.weakest(v.legal))
    top = max(beaters, key=lambda c: t.power[c])
    if winning == v.bonus_card and v.boss_trump(top):
        return v.play(top)  # beat the deal's highest trump with one nothing can beat: the bonus
    return v.play(min(beaters, key=lambda c: (t.power[c], c)))


def _lead(v: PlayView) -> int:
    t = v.t
    trumps = sorted((c for c in v.legal if t.is_trump(c)), key=lambda c: -t.power[c])
    if trumps and v.boss_trump(trumps[0]):
        return trumps[0]  # a sure trick, and it draws the opponents' trumps
    kings = [c for c in v.legal if not t.is_trump(c) and v.boss_plain(c)]
    if kings:
        return max(kings, key=lambda c: (t.power[c], c))
    plain = [c for c in v.legal if not t.is_trump(c)]
    return v.weakest(plain or trumps)


class PlayView:
    """The trick phase as one seat sees it: hand, trick so far, and the cards still unseen."""

    def __init__(
        self,
        rules: Rules,
        t: TrumpTables,
        seat: int,
        legal: list[int],
        hand: list[int],
        trick_seats: list[int],
        trick: list[int],
        unseen: set[int],
        bonus_card: int,
    ) -> None:
        self.rules = rules
        self.t = t
        self.seat = seat
        self.partnerships = list(rules.partnerships)
        self.legal = legal
        self.hand = hand
        self.trick_seats = trick_seats
        self.trick = trick
        self.unseen = unseen
        self.bonus_card = bonus_card
        self.plain_len = {
            s: sum(1 for c in hand if t.eff_suit[c] == s)
            for s in range(TRUMP_SUIT + 1)  # the four plain suits and the trumps
        }

    @classmethod
    def of(cls, rules: Rules, obs: Observation) -> PlayView:
        """The view of ``obs``."""
        trick = [parse_card(e["card"]).id for e in obs["trick"]]
        hand = card_ids(obs["hand"])
        played = [parse_card(c).id for k in obs["tricks"] for c in k["cards"]] + trick
        seen = set(played) | set(hand)
        turnup = obs["turnup"]
        # R7.3: an unrobbed turn-up is out of play once robbing can no longer happen.
        if turnup and obs["robbed_by"] is None and obs["tricks"]:
            seen.add(parse_card(turnup).id)
        bonus = obs["bonus"]["card"]
        return cls(
            rules,
            rules_tables(rules, trump_of(obs)),
            obs["seat"],
            [PLAY_ID[a] for a in obs["legal_actions"] if a in PLAY_ID],
            hand,
            [e["seat"] for e in obs["trick"]],
            trick,
            {c for c in range(rules.deck_size) if c not in seen},
            parse_card(bonus).id if bonus else -1,
        )

    @staticmethod
    def play(card: int) -> str:
        return f"play {CARDS[card]}"

    def partner(self, seat: int) -> bool:
        return seat != self.seat and self.partnerships[seat] == self.partnerships[self.seat]

    def winning(self) -> tuple[int, int]:
        """(seat, card) winning the trick so far (R3.2, by the engine's trick_winner)."""
        i = winner_index(self.t, self.trick)
        return self.trick_seats[i], self.trick[i]

    def wins_with(self, card: int) -> bool:
        return winner_index(self.t, [*self.trick, card]) == len(self.trick)

    def boss_trump(self, card: int) -> bool:
        """No unseen trump outranks ``card`` (R2.3)."""
        t = self.t
        return t.is_trump(card) and not any(t.higher[card] >> c & 1 for c in self.unseen)

    def boss_plain(self, card: int) -> bool:
        """No unseen card of its suit outranks ``card`` (R2.4); a trump may still take it."""
        t = self.t
        s = t.eff_suit[card]
        return not any(t.eff_suit[c] == s and t.power[c] > t.power[card] for c in self.unseen)

    def weakest(self, cards: list[int]) -> int:
        """The card to throw: lowest power, from the shortest suit (to void it); trumps last, so
        privileged trumps stay in hand whenever a renege is legal (R5.3)."""
        t = self.t
        return min(cards, key=lambda c: (t.power[c], self.plain_len[t.eff_suit[c]], c))
