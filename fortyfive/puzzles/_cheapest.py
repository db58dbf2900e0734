"""Win the trick cheaply: of the cards that would take a trick under way, play the lowest, and
keep the better ones for later (R3.2, with the orders of R2.3 and R2.4).

The engine says which cards win and in what order (:func:`~fortyfive.engine.tricks.winning_mask`);
in a black trump suit the cheapest winner is often the card a whist player thinks too low to win.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortyfive.engine.cards import CARDS, SUIT_NAMES, SUITS, card_mask, parse_card
from fortyfive.engine.rules import plain_order
from fortyfive.engine.tricks import explain_mask, winner_index, winning_mask
from fortyfive.puzzles._cards import _CardRun
from fortyfive.puzzles._parts import card_name, ladder, listed, rank_reason, suit_word
from fortyfive.puzzles.model import Feedback


@dataclass
class CheapestRun(_CardRun, kind="cheapest"):
    """Click the card of your hand that takes the trick most cheaply."""

    def _setup(self) -> None:
        super()._setup()
        self.hand = self._ids("hand")
        self.trick = self._ids("trick")
        if not 1 <= len(self.trick) < self.rules_.players or not self.hand:
            raise ValueError(
                f"puzzle {self.puzzle.id}: a trick under way (1..{self.rules_.players - 1} "
                "cards) and a hand"
            )
        if set(self.hand) & set(self.trick) or len(set(self.hand)) != len(self.hand):
            raise ValueError(f"puzzle {self.puzzle.id}: each card once, in the hand or the trick")
        self.mask = card_mask(CARDS[c] for c in self.hand)
        self.wins = winning_mask(self.t, self.mask, self.trick)
        if len(self.wins) < 2:
            raise ValueError(f"puzzle {self.puzzle.id}: two cards of the hand or more must win")
        self.best = self.trick[winner_index(self.t, self.trick)]

    def _view(self) -> dict[str, Any]:
        return self._trick_answer_view("card", self.hand)

    def _follows(self) -> bool:
        """Does the hand hold the suit led (so that a card of it may win, R4.2)?"""
        led = self.t.eff_suit[self.trick[0]]
        return any(self.t.eff_suit[c] == led for c in self.hand)

    def _orders(self) -> str:
        """The trump order, and the suit led's when the hand holds it, highest first."""
        line = f"The trump order with {suit_word(self.trump)} trump: "
        line += f"{ladder(self.rules_, self.trump)} (R2.3)."
        if self._follows():
            suit = SUITS[self.t.eff_suit[self.trick[0]]]
            ranks = " > ".join(str(x.rank) for x in plain_order(self.rules_, suit, self.trump))
            line += f" {SUIT_NAMES[suit].capitalize()}, not trumps: {ranks} (R2.4)."
        return line

    def _order_traps(self) -> str:
        """Where the trump order is not a whist player's, said without the ladder itself."""
        pips = "low pips rank high (2 above 10)" if self.trump in "SC" else "pips run as usual"
        top = ["the 5", "the jack"] + (["the joker"] if self.rules_.joker else [])
        if self.trump != "H":  # with hearts trump the ace of hearts is the ace of trumps
            top.append("the ace of hearts")
        return (
            f"With {suit_word(self.trump)} trump {listed(top)} rank above the ace of trumps, and "
            f"the {pips} (R2.3)."
        )

    def _why_cheapest(self) -> str:
        c = self.wins[0]
        higher = [str(CARDS[x]) for x in self.wins[1:]]
        kept = f"{listed(higher)} {'stays' if len(higher) == 1 else 'stay'} in your hand"
        if self.t.is_trump(c):
            return (
                f"{CARDS[c]} beats {CARDS[self.best]} (R3.2), and it ranks lowest of your cards "
                f"that do (R2.3): {kept} for later."
            )
        return (
            f"{CARDS[c]} follows suit (R4.2) and beats {CARDS[self.best]} without a trump "
            f"(R3.2), the lowest card of the suit led that does (R2.4): {kept} for later."
        )

    def _check(self, answer: Any) -> Feedback:
        c = parse_card(card_name(answer, [str(CARDS[x]) for x in self.hand])).id
        rules = self.puzzle.rules
        if c == self.wins[0]:
            return Feedback(True, True, f"Right: {self._why_cheapest()}", rules)
        more = f" {self._orders()}" if self.tries else ""
        illegal = explain_mask(self.t, self.mask, self.trick[0], c)
        if illegal:
            return Feedback(False, False, f"No: {CARDS[c]} may not be played. {illegal}", rules)
        if c in self.wins:
            if self.t.is_trump(self.wins[0]):
                cheaper = "a lower trump of yours takes it too (R2.3)"
            elif self.t.is_trump(c):
                cheaper = "a card of the suit led takes it too, and spends no trump (R4.2)"
            else:
                cheaper = "a lower card of the suit led takes it too (R2.4)"
            msg = (
                f"{CARDS[c]} takes the trick, but not most cheaply: {cheaper}, and {CARDS[c]} is "
                f"worth keeping for a later trick.{more}"
            )
            return Feedback(False, False, msg, rules)
        t, lead = self.t, self.trick[0]
        if not t.is_trump(c) and t.eff_suit[c] != t.eff_suit[lead]:
            suit = SUIT_NAMES[SUITS[t.eff_suit[lead]]]
            why = (
                f"{CARDS[c]} is neither a trump nor a {suit[:-1]}, the suit led: it cannot win "
                "(R3.2)."
            )
        else:
            why = rank_reason(self.rules_, t, self.trump, self.best, c)
        return Feedback(
            False, False, f"No: {CARDS[c]} does not take this trick. {why}{more}", rules
        )

    def _hint_texts(self) -> list[str]:
        orders = "R2.3 (trumps) or R2.4 (the suit led)" if self._follows() else "R2.3"
        return [
            "R3.2: the highest trump wins the trick; with no trump, the highest card of the suit "
            "led. Find the card winning the trick now: you must beat that one, and no more.",
            f"Of your cards that beat it, play the lowest in the order of {orders}, and keep the "
            f"others. {self._order_traps()}",
        ]

    def _solution(self) -> Feedback:
        cheapest = str(CARDS[self.wins[0]])
        return Feedback(
            False,
            True,
            f"Most cheaply: {self._why_cheapest()} {self._orders()}",
            self.puzzle.rules,
            highlight=(cheapest,),
        )
