"""Card puzzles, about one trump suit and a few cards: order, winner, legal and keep (R2-R5)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fortyfive.engine.cards import CARDS, SUIT_NAMES, SUITS, card_mask, parse_card
from fortyfive.engine.dealing import seat_of_play
from fortyfive.engine.rules import get_rules, plain_order, rules_tables, trump_order
from fortyfive.engine.tricks import explain_legal_mask, explain_mask, legal_mask, winner_index
from fortyfive.puzzles._parts import (
    card_name,
    card_names,
    choice,
    ladder,
    options,
    rank_reason,
    suit_word,
    what_to_look_at,
)
from fortyfive.puzzles.model import Feedback, PuzzleInputError, PuzzleRun

# ---------------------------------------------------------------------------- card puzzles


def _colour(trump: str) -> str:
    return "black" if trump in "SC" else "red"


@dataclass
class _CardRun(PuzzleRun):
    """Puzzles about cards and one trump suit, without a whole deal."""

    def _setup(self) -> None:
        self.rules_ = get_rules(self.puzzle.preset)
        self.trump = str(self.puzzle.position["trump"]).upper()
        if self.trump not in SUITS:
            raise ValueError(f"puzzle {self.puzzle.id}: trump must be one of {SUITS}")
        self.t = rules_tables(self.rules_, self.trump)

    def _base_view(self) -> dict[str, Any]:
        return {"trump": self.trump, "facts": [f"Trump: {suit_word(self.trump)}"]}

    def _ids(self, key: str) -> list[int]:
        return [parse_card(c).id for c in self.puzzle.position[key]]

    def _trick_answer_view(self, answer: str, cards: list[int]) -> dict[str, Any]:
        """The view of a trick under way, answered by ``cards`` (of the trick or the hand)."""
        v = self._base_view()
        v["trick"] = self._trick_view()
        v["answer"] = {"type": answer, "cards": [str(CARDS[c]) for c in cards]}
        return v

    def _trick_view(self) -> list[dict[str, Any]]:
        """The position's trick, each card with the seat that played it (from ``leader``)."""
        n = self.rules_.players
        leader = int(self.puzzle.position.get("leader", 0))
        trick = self._ids("trick")
        return [
            {"seat": seat_of_play(leader, i, n), "card": str(CARDS[c])} for i, c in enumerate(trick)
        ]


@dataclass
class OrderRun(_CardRun, kind="order"):
    """Click the cards from highest to lowest (R2.3, R2.4). The cards are trumps and at most one
    plain suit, ranked as in a trick led in that suit."""

    def _setup(self) -> None:
        super()._setup()
        ids = self._ids("cards")
        plain = {self.t.eff_suit[c] for c in ids} - {4}
        if len(plain) > 1 or len(ids) < 2 or len(set(ids)) != len(ids):
            raise ValueError(
                f"puzzle {self.puzzle.id}: order needs 2+ distinct cards of trumps "
                "and at most one plain suit"
            )
        self.plain = SUITS[plain.pop()] if plain else None
        self.right = [str(CARDS[c]) for c in sorted(ids, key=lambda c: -self.t.power[c])]

    def _view(self) -> dict[str, Any]:
        v = self._base_view()
        if self.plain and any(self.t.is_trump(parse_card(c).id) for c in self.right):
            v["facts"].append(f"A {SUIT_NAMES[self.plain][:-1]} is led")
        cards = list(self.puzzle.position["cards"])
        v["answer"] = {"type": "sequence", "cards": cards, "count": len(cards)}
        return v

    def _check(self, answer: Any) -> Feedback:
        got = card_names(answer, self.right)
        if len(got) != len(self.right):
            raise PuzzleInputError(f"put all {len(self.right)} cards in order")
        rules = self.puzzle.rules
        if got == self.right:
            return Feedback(True, True, "Right: " + " > ".join(got) + ".", rules)
        i = next(k for k, (a, b) in enumerate(zip(got, self.right, strict=True)) if a != b)
        hi, lo = parse_card(self.right[i]).id, parse_card(got[i]).id
        why = rank_reason(self.rules_, self.t, self.trump, hi, lo)
        place = "first" if i == 0 else f"in place {i + 1}"
        msg = f"Not quite: you put {got[i]} {place}, but {self.right[i]} ranks above it. {why}"
        return Feedback(False, False, msg, rules)

    def _hint_texts(self) -> list[str]:
        joker = "the joker, " if self.rules_.joker else ""
        # R2.3: with hearts trump AH is itself the ace of trumps, so the king comes next
        after_ah = (
            "then the king and the queen (AH is the ace of trumps)"
            if self.trump == "H"
            else "then the ace of trumps, the king and the queen"
        )
        if self.plain is None:  # every card a trump: the plain orders do not come into it
            return [
                f"R2.3: the top trumps are the 5 and the jack of trumps, {joker}AH, {after_ah}. "
                "Red trumps then run 10 9 ... 2, black ones 2 3 4 6 ... 10.",
                "Place the top trumps here first, those R2.3 promotes above the ace of trumps; "
                f"then the others by the pips of a {_colour(self.trump)} suit.",
            ] + ([f"The highest card here is {self.right[0]}."] if len(self.right) > 4 else [])
        return [
            f"R2.3: the top trumps are the 5 and the jack of trumps, {joker}AH, {after_ah}. "
            "Red trumps then run 10 9 ... 2, black ones 2 3 4 6 ... 10 (R2.4 for plain suits: "
            "kings high; black aces below the jack).",
            "Which of these cards are trumps? They come first, in that order; then each plain "
            "card in its own suit's order (R2.4).",
        ] + (  # the top of four cards or fewer is often the one card out of ace-high order
            [f"The highest card here is {self.right[0]}."] if len(self.right) > 4 else []
        )

    def _solution(self) -> Feedback:
        msg = "From highest to lowest: " + " > ".join(self.right) + "."
        msg += f" The whole trump order with {suit_word(self.trump)} trump: "
        msg += ladder(self.rules_, self.trump) + " (R2.3)."
        plain = {
            CARDS[c].suit for c in (parse_card(x).id for x in self.right) if not self.t.is_trump(c)
        }
        for suit in sorted(s for s in plain if s):  # the plain cards' own orders decide the rest
            ranks = " > ".join(str(x.rank) for x in plain_order(self.rules_, suit, self.trump))
            msg += f" {SUIT_NAMES[suit].capitalize()}, not trumps: {ranks} (R2.4)."
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.right))


@dataclass
class WinnerRun(_CardRun, kind="winner"):
    """Click the card that takes the trick (R3.2)."""

    def _setup(self) -> None:
        super()._setup()
        self.trick = self._ids("trick")
        self.leader = int(self.puzzle.position.get("leader", 0))
        if not 2 <= len(self.trick) <= self.rules_.players:
            raise ValueError(f"puzzle {self.puzzle.id}: a trick of 2..{self.rules_.players} cards")
        self.win = self.trick[winner_index(self.t, self.trick)]

    def _view(self) -> dict[str, Any]:
        return self._trick_answer_view("card", self.trick)

    def _why_wins(self) -> str:
        w = CARDS[self.win]
        if self.t.is_trump(self.win):
            return f"{w} is the highest trump in the trick (R3.2; trump order R2.3)."
        suit = SUIT_NAMES[SUITS[self.t.eff_suit[self.trick[0]]]]
        return (
            f"No trump was played, and {w} is the highest {suit[:-1]}, the suit led (R3.2, R2.4)."
        )

    def _check(self, answer: Any) -> Feedback:
        c = parse_card(card_name(answer, [str(CARDS[x]) for x in self.trick])).id
        rules = self.puzzle.rules
        if c == self.win:
            return Feedback(
                True, True, f"Right: {CARDS[c]} takes the trick. {self._why_wins()}", rules
            )
        t, lead = self.t, self.trick[0]
        if not t.is_trump(c) and t.eff_suit[c] != t.eff_suit[lead]:
            if t.is_trump(lead):
                why = f"{CARDS[c]} is no trump, and a trump was led: it cannot win (R3.2)."
            else:
                suit = SUIT_NAMES[SUITS[t.eff_suit[lead]]]
                why = (
                    f"{CARDS[c]} is neither a trump nor of the suit led ({suit}): it cannot win "
                    "(R3.2)."
                )
        else:
            why = self._beaten_why(c)
        return Feedback(False, False, f"No: {CARDS[c]} does not take this trick. {why}", rules)

    def _beats(self, x: int, c: int) -> bool:
        """Does ``x`` beat ``c`` in this trick (the suit led as it was)?"""
        sub = [y for i, y in enumerate(self.trick) if i == 0 or y in (x, c)]
        return sub[winner_index(self.t, sub)] == x

    def _beaten_why(self, c: int) -> str:
        """Why ``c`` loses, naming a card that beats it but never the winner, which is the
        answer; from the second miss on, with the order of the suit (R2.3, R2.4) spelled out."""
        t = self.t
        others = [x for x in self.trick if x not in (c, self.win) and self._beats(x, c)]
        if others:
            return rank_reason(self.rules_, t, self.trump, others[0], c)
        if t.is_trump(self.win) and not t.is_trump(c):
            return (
                f"{CARDS[c]} is not a trump, and a trump in the trick beats any plain card (R3.2)."
            )
        if t.is_trump(c):
            what, rule = "trump", "R2.3"
            ranks = " > ".join(str(x) for x in trump_order(self.rules_, self.trump))
            order = f"{suit_word(self.trump)} trump: {ranks}"
        else:
            suit = SUITS[t.eff_suit[c]]
            what, rule = SUIT_NAMES[suit][:-1], "R2.4"
            ranks = " > ".join(str(x.rank) for x in plain_order(self.rules_, suit, self.trump))
            order = f"{SUIT_NAMES[suit]} (not trumps): {ranks}"
        if not self.tries:
            black = (
                f": in {suit_word(self.trump)} trumps the low pips rank above the high ones"
                if what == "trump" and self._pip_reversed(c)
                else ""
            )
            return f"A higher {what} is in the trick ({rule}){black}."
        return f"A higher {what} is in the trick. {rule}, {order}."

    def _pip_reversed(self, c: int) -> bool:
        """Is ``c`` a pip trump beaten by a lower pip of a black trump suit (R2.3: 3C over 7C)?"""
        win, mine = CARDS[self.win], CARDS[c]
        if self.trump not in "SC" or not (win.suit == mine.suit == self.trump):
            return False  # the joker has no suit, AH is a heart: neither gets here
        pips = tuple("2346789T")  # the trump suit's pips in face order (its five is the top)
        return (
            win.rank in pips and mine.rank in pips and pips.index(win.rank) < pips.index(mine.rank)
        )

    def _hint_texts(self) -> list[str]:
        trumps = any(self.t.is_trump(c) for c in self.trick)
        lead = CARDS[self.trick[0]]
        if trumps:  # which card is the trump is the learner's to find (R2.1): not named here
            second = (
                "Find the trumps first: which cards of this trick are trumps, counting those "
                "that are trumps whatever their printed suit (R2.1)?"
            )
        else:
            led = SUIT_NAMES[lead.suit or "S"]
            second = f"No trump was played: only the cards of the suit led ({led}) can win."
        return [
            "R3.2: the highest trump wins the trick; with no trump, the highest card of the "
            "suit led wins.",
            second,
        ]

    def _solution(self) -> Feedback:
        return Feedback(
            False,
            True,
            f"{CARDS[self.win]} takes the trick. {self._why_wins()}",
            self.puzzle.rules,
            highlight=(str(CARDS[self.win]),),
        )


@dataclass
class LegalRun(_CardRun, kind="legal"):
    """Select every card you may play to the trick (R3-R5)."""

    def _setup(self) -> None:
        super()._setup()
        self.hand = self._ids("hand")
        self.trick = self._ids("trick")
        self.mask = card_mask(CARDS[c] for c in self.hand)
        self.lead = self.trick[0] if self.trick else -1
        legal = legal_mask(self.t, self.mask, self.lead)
        self.legal = [str(CARDS[c]) for c in self.hand if legal >> c & 1]

    def _view(self) -> dict[str, Any]:
        return self._trick_answer_view("cards", self.hand)

    def _why(self, card: int) -> str:
        return explain_mask(self.t, self.mask, self.lead, card) or explain_legal_mask(
            self.t, self.mask, self.lead, card
        )

    def _check(self, answer: Any) -> Feedback:
        got = card_names(answer, [str(CARDS[c]) for c in self.hand])
        rules = self.puzzle.rules
        if set(got) == set(self.legal):
            return Feedback(True, True, "Right. " + self._reasons() + self._no_need(), rules)
        wrong = [c for c in got if c not in self.legal]
        missed = [c for c in self.legal if c not in got]
        if self.tries == 0:  # the first miss says what to look at, not which card
            return Feedback(False, False, self._what_to_look_at(wrong, missed), rules)
        lines = [f"{c} may not be played: {self._why(parse_card(c).id)}" for c in wrong]
        lines += [f"{c} may be played: {self._why(parse_card(c).id)}" for c in missed[:1]]
        if missed[1:]:
            lines.append(f"And {len(missed) - 1} more of your cards may be played.")
        return Feedback(False, False, " ".join(lines), rules)

    def _no_need(self) -> str:
        """R3.4, when it matters here: a legal card of the suit led that cannot beat the trick
        so far."""
        if len(self.trick) < 2:
            return ""
        t, led = self.t, self.t.eff_suit[self.lead]
        low = [
            c
            for c in self.legal
            if t.eff_suit[parse_card(c).id] == led
            and winner_index(t, [*self.trick, parse_card(c).id]) != len(self.trick)
        ]
        if not low:
            return ""
        return (
            f" Nobody is obliged to beat the card winning the trick: {low[0]} may be played "
            "although it cannot win (R3.4)."
        )

    def _what_to_look_at(self, wrong: list[str], missed: list[str]) -> str:
        """How many cards are misjudged, and the rules that decide them, naming no card."""
        parts = []
        if wrong:
            some = "one card" if len(wrong) == 1 else f"{len(wrong)} of the cards"
            parts.append(f"{some} you chose may not be played")
        if missed:
            some = "one card" if len(missed) == 1 else f"{len(missed)} of the cards"
            parts.append(f"{some} you left out may be played")
        return what_to_look_at(parts, (self._why(parse_card(c).id) for c in wrong + missed))

    def _hint_texts(self) -> list[str]:
        if self.lead < 0:
            first = "R3.1: you lead this trick."
        elif self.t.is_trump(self.lead):
            protected = sorted(
                (c for c in range(53) if self.t.protected >> c & 1), key=lambda c: -self.t.power[c]
            )  # the engine's, in this pack: barker has no joker
            first = (
                "A trump is led: you must play a trump if you hold one (R5.1), unless every "
                f"trump you hold is protected ({', '.join(str(CARDS[c]) for c in protected)}) "
                "and ranks above the card led (R5.2, R5.3)."
            )
        else:
            first = (
                "A plain suit is led: you may always trump (R4.1); otherwise follow suit if "
                "you can (R4.2); with none of it, anything goes (R4.3)."
            )
        return [first, self._second_hint()]

    def _second_hint(self) -> str:
        """The questions that decide each card, never how many may be played (a count can be
        the answer: every card, or just the trumps)."""
        if self.lead < 0:
            return "R3.1: the leader may play any card."
        if self.t.is_trump(self.lead):
            return (
                "Which of your cards are trumps (R2.1, R2.2)? For each, is it protected and above "
                "the card led (R5.2)? One trump that is not makes you play a trump, any trump "
                "(R5.3)."
            )
        return (
            "Which of your cards follow the suit led, as the game reads suits (AH is always a "
            "trump, never a heart: R2.2), and which are trumps (R4.1)?"
        )

    def _reasons(self) -> str:
        """Why each card of the hand may or may not be played. One reason, several cards (the
        same privileged trump kept, the same suit to follow): said once for them all, as a
        reader would, not once a card."""
        groups: dict[str, list[str]] = {}
        for c in self.hand:
            name = str(CARDS[c])
            key = re.sub(rf"\b{name}\b", "{card}", self._why(c))
            groups.setdefault(key, []).append(name)
        return " ".join(
            f"{names[0]}: {key.replace('{card}', names[0])}"
            if len(names) == 1
            else f"{' '.join(names)}: {key.replace('{card}', 'any of these')}"
            for key, names in groups.items()
        )

    def _solution(self) -> Feedback:
        msg = "You may play " + " ".join(self.legal) + ". " + self._reasons() + self._no_need()
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.legal))


@dataclass
class KeepRun(_CardRun, kind="keep"):
    """May you keep this trump (play another card) to the trick? (R5.2, R5.3)"""

    def _setup(self) -> None:
        super()._setup()
        self.hand = self._ids("hand")
        self.trick = self._ids("trick")
        self.card = parse_card(self.puzzle.position["card"]).id
        if self.card not in self.hand or not self.trick or len(self.hand) < 2:
            raise ValueError(
                f"puzzle {self.puzzle.id}: keep needs a trick and the card in a hand of 2+ cards"
            )
        self.mask = card_mask(CARDS[c] for c in self.hand)
        self.lead = self.trick[0]
        legal = legal_mask(self.t, self.mask, self.lead)
        self.others = [c for c in self.hand if c != self.card and legal >> c & 1]
        self.answer = "keep" if self.others else "play"

    def _view(self) -> dict[str, Any]:
        v = self._base_view()
        v["trick"] = self._trick_view()
        c = CARDS[self.card]
        v["hand"] = [str(CARDS[x]) for x in self.hand]
        v["answer"] = {
            "type": "choice",
            "cards": v["hand"],
            "options": options(
                [("keep", f"I may keep {c}: another card is allowed"), ("play", f"I must play {c}")]
            ),
        }
        return v

    def _privileged(self, card: int) -> bool:
        """Protected and above the card led: it need not be played to it (R5.2)."""
        t = self.t
        return bool(t.protected >> card & 1) and t.power[card] > t.power[self.lead]

    def _later(self) -> list[int]:
        """Trumps played after the lead that outrank the card (R5.4: they change nothing)."""
        t = self.t
        return [x for x in self.trick[1:] if t.is_trump(x) and t.power[x] > t.power[self.card]]

    def _why(self) -> str:
        c = CARDS[self.card]
        if self.others:
            alt = self.others[0]
            t, lead = self.t, CARDS[self.lead]
            if t.is_trump(self.lead) and t.is_trump(alt) and not self._privileged(self.card):
                # kept by playing another trump: the obligation is a trump, not this one
                reason = (
                    "is not a protected trump"
                    if not t.protected >> self.card & 1
                    else f"ranks below {lead}, the card led"
                )
                also = ", privileged though it is" if self._privileged(alt) else ""
                return (
                    f"You may keep {c}: {lead} leads trumps, and as {c} {reason} (R5.2) you must "
                    f"play a trump (R5.1), but any trump you hold will do (R5.3): {CARDS[alt]} "
                    f"is one{also}."
                )
            later = self._later()
            r54 = (
                f" {CARDS[later[0]]}, played after the lead, changes nothing: the card led fixes "
                "the obligation (R5.4)."
                if later
                else ""
            )
            return (
                f"You may keep {c}: for example {CARDS[alt]} is allowed. "
                + explain_legal_mask(self.t, self.mask, self.lead, alt)
                + r54
            )
        other = next(x for x in self.hand if x != self.card)
        return f"You must play {c}. " + explain_mask(self.t, self.mask, self.lead, other)

    def _check(self, answer: Any) -> Feedback:
        got = choice(answer, ["keep", "play"])
        if got == self.answer:
            return Feedback(True, True, "Right. " + self._why(), self.puzzle.rules)
        return Feedback(False, False, "No. " + self._misconception(), self.puzzle.rules)

    def _misconception(self) -> str:
        """What the wrong answer shows the learner believes, and the rule that says otherwise
        (R5.2-R5.4); it names no card the learner may play instead."""
        t, c, lead = self.t, CARDS[self.card], CARDS[self.lead]
        if self.answer == "keep":
            later = self._later()
            if later:
                return (
                    f"{CARDS[later[0]]} was played after the lead, but a higher trump played later "
                    f"does not lift the privilege: the obligation is fixed by the card led, {lead} "
                    "(R5.4)."
                )
            if any(t.is_trump(x) for x in self.others):
                return (
                    "A trump lead obliges you to play a trump, but not this one: any trump you "
                    "hold will do (R5.1, R5.3)."
                )
            return (
                f"{c} is protected and ranks above the card led, so it is privileged: you need "
                "not play it (R5.2, R5.3)."
            )
        if not t.protected >> self.card & 1:
            joker = ", the joker" if self.rules_.joker else ""  # barker's pack has none
            return (
                f"{c} is not a protected trump: only the 5 and the jack of trumps{joker} and AH "
                "are; the ace of the trump suit is not (R5.2)."
            )
        return (
            f"{c} is protected, but a protected trump is privileged only against a lower trump "
            f"led, and {lead} ranks above it (R5.2, R5.3)."
        )

    def _hint_texts(self) -> list[str]:
        c, lead = CARDS[self.card], CARDS[self.lead]
        joker = ", the joker" if self.rules_.joker else ""
        first = (
            f"R5.2: the protected trumps are the 5 and jack of trumps{joker} and AH; one is "
            "privileged only against a lower trump led."
        )
        if not self.t.is_trump(self.lead):
            return [first, f"{lead} is not a trump: R4.1-R4.3 apply, not R5."]
        # the same words whether or not another trump is held: which, is the learner's to see
        return [
            first,
            f"Is {c} one of the protected trumps, and how does it rank against the one card that "
            "fixes what you must play (R5.4)? Answer both, then look at the rest of your hand "
            "(R5.3).",
        ]

    def _solution(self) -> Feedback:
        hl = tuple(str(CARDS[c]) for c in self.others) or (str(CARDS[self.card]),)
        return Feedback(False, True, self._why(), self.puzzle.rules, highlight=hl)
