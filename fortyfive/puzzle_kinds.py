"""The puzzle kinds: what each shows, how the engine checks an answer, hints and "show me".

Positions (``Puzzle.position``) come in two shapes:

- card puzzles (``order``, ``winner``, ``legal``, ``keep``): ``trump`` (a suit letter) and the
  cards: ``cards``; or ``leader`` and ``trick``; or ``hand``, ``trick`` (and ``card`` for keep);
- game puzzles (``rob``, ``score``, ``game-winner``, ``calls``, ``target``): a first deal as
  :meth:`Game.from_deal` takes it (``dealer``, ``hands``, ``stock``, ``scores``) and ``actions``
  applied to it; ``target`` adds ``target``, the points the side to act must take in the deal.

Every answer is checked by asking the engine at that moment; nothing here stores an answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CARDS, SUIT_NAMES, SUITS, Card, card_mask, parse_card
from .game import Game
from .puzzles import Feedback, PuzzleInputError, PuzzleRun
from .record import trick_rows
from .rules import Rules, TrumpTables, get_rules, rules_tables, sort_cards, trump_order
from .scoring import DealLog
from .tricks import explain_legal_mask, explain_mask, legal_mask, winner_index

# ---------------------------------------------------------------------------- answers


def _card_name(value: Any, allowed: Sequence[str]) -> str:
    if not isinstance(value, str):
        raise PuzzleInputError(f"expected a card name such as '5S', got {value!r}")
    try:
        name = str(parse_card(value))
    except ValueError as e:
        raise PuzzleInputError(str(e)) from None
    if name not in allowed:
        raise PuzzleInputError(f"{name} is not one of the cards of this puzzle")
    return name


def _card_names(value: Any, allowed: Sequence[str]) -> list[str]:
    if not isinstance(value, list):
        raise PuzzleInputError(f"expected a list of card names, got {value!r}")
    names = [_card_name(v, allowed) for v in value]
    if len(set(names)) != len(names):
        raise PuzzleInputError("a card appears twice in the answer")
    return names


def _choice(value: Any, options: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in options:
        raise PuzzleInputError(f"expected one of {list(options)}, got {value!r}")
    return value


def _choices(value: Any, options: Sequence[str]) -> list[str]:
    if not isinstance(value, list):
        raise PuzzleInputError(f"expected a list of options, got {value!r}")
    picked = [_choice(v, options) for v in value]
    if len(set(picked)) != len(picked):
        raise PuzzleInputError("an option appears twice in the answer")
    return picked


def _form(value: Any, fields: list[dict[str, Any]]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PuzzleInputError(f"expected the form's fields, got {value!r}")
    out: dict[str, Any] = {}
    for f in fields:
        name = f["name"]
        if name not in value:
            raise PuzzleInputError(f"the answer is missing {f['label']!r}")
        v = value[name]
        if f["kind"] == "number":
            if isinstance(v, str) and v.strip().lstrip("-").isdigit():
                v = int(v.strip())
            if isinstance(v, bool) or not isinstance(v, int):
                raise PuzzleInputError(f"{f['label']}: expected a whole number, got {v!r}")
        else:
            v = _choice(v, [o["value"] for o in f["options"]])
        out[name] = v
    extra = set(value) - {f["name"] for f in fields}
    if extra:
        raise PuzzleInputError(f"unknown fields {sorted(extra)}")
    return out


def _options(pairs: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"value": v, "label": label} for v, label in pairs]


# ---------------------------------------------------------------------------- words


def _suit_word(trump: str) -> str:
    return SUIT_NAMES[trump]


def _ladder(rules: Rules, trump: str) -> str:
    return " > ".join(str(c) for c in trump_order(rules, trump))


def _rank_reason(rules: Rules, t: TrumpTables, trump: str, hi: int, lo: int) -> str:
    """Why card ``hi`` outranks ``lo`` in a trick (both trumps, a trump and a plain card, or two
    cards of one plain suit), citing R2."""
    h, low = CARDS[hi], CARDS[lo]
    tname = _suit_word(trump)
    if t.eff_suit[hi] == 4 and t.eff_suit[lo] != 4:
        extra = ""
        if h.id == 39 and trump != "H":
            extra = " (AH is always a trump, R2.1)"
        elif h.is_joker:
            extra = " (the joker is always a trump, R2.1)"
        return f"{h} is a trump{extra} and {low} is not: any trump beats a plain card (R3.2)."
    if t.eff_suit[hi] == 4:
        note = ""
        if h.rank == "5":
            note = " The five of trumps is the highest card of all."
        elif trump in "SC" and _rank_in(h, "2346789") and _rank_in(low, "2346789T"):
            note = " In a black trump suit the low pips rank high (2 > 3 > 4 > 6 ... > 10)."
        return f"R2.3: with {tname} trump, {h} ranks above {low}.{note}"
    suit = SUIT_NAMES[SUITS[t.eff_suit[hi]]]
    note = ""
    if SUITS[t.eff_suit[hi]] in "SC" and _rank_in(h, "A23456789") and _rank_in(low, "A3456789T"):
        note = " In black plain suits the ace ranks below the jack and low pips rank high."
    elif low.rank == "A":
        note = " The ace of diamonds is the lowest diamond when diamonds are not trumps."
    return f"R2.4: in {suit} (not trumps), {h} ranks above {low}.{note}"


def _rank_in(card: Card, ranks: str) -> bool:
    return card.rank is not None and card.rank in ranks


def _seat_label(rules: Rules, seat: int) -> str:
    return f"Seat {seat} ({rules.partnership_names[rules.partnerships[seat]]})"


def _seats_view(
    g: Game, show: bool, yours: Sequence[int] = (), dealer: int | None = None
) -> list[dict[str, Any]]:
    r = g.rules
    dealer = g.dealer if dealer is None else dealer
    return [
        {
            "seat": s,
            "name": f"Seat {s}",
            "partnership": r.partnership_names[r.partnerships[s]],
            "cards": [str(c) for c in sort_cards(r, g.hand(s), g.trump)] if show else None,
            "count": len(g.hand(s)),
            "dealer": s == dealer,
            "to_act": s == g.to_act,
            "yours": s in yours,
        }
        for s in range(r.players)
    ]


def _tricks_view(rules: Rules, deal: DealLog) -> list[dict[str, Any]]:
    n = rules.players
    return [
        {
            "number": i + 1,
            "leader": t.leader,
            "cards": [
                {"seat": (t.leader + j) % n, "card": str(CARDS[c])} for j, c in enumerate(t.cards)
            ],
            "winner": t.winner,
        }
        for i, t in enumerate(deal.tricks)
    ]


def _sheet(game: Game, deal: int, totals: bool) -> list[dict[str, Any]]:
    """The score sheet's rows for one deal. Without ``totals`` (feedback on a wrong score) only
    what each trick was worth and to whom, so the learner still adds up; with them, the sheet."""
    rows = [r for r in trick_rows(game) if r["deal"] == deal]
    if totals:
        return rows
    keep = ("trick", "leader", "cards", "winner", "partnership", "points", "bonus")
    return [{k: r[k] for k in keep} for r in rows]


def _scores_text(rules: Rules, scores: Sequence[int]) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(rules.partnership_names, scores, strict=True))


def _game(rules: Rules, pos: dict[str, Any], until_over: bool = False) -> Game:
    """The position's game: the given first deal, then its actions (``until_over``: those
    that come before the game ends; the rest show how the deal would have gone on)."""
    g = Game.from_deal(
        rules, pos["dealer"], pos["hands"], pos["stock"], pos.get("scores"), pos.get("seed", 0)
    )
    for a in pos.get("actions", ()):
        if until_over and g.over:
            break
        g.apply(a)
    return g


# ---------------------------------------------------------------------------- card puzzles


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
        return {"trump": self.trump, "facts": [f"Trump: {_suit_word(self.trump)}"]}

    def _ids(self, key: str) -> list[int]:
        return [parse_card(c).id for c in self.puzzle.position[key]]


@dataclass
class OrderRun(_CardRun):
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
        if self.plain and any(self.t.eff_suit[parse_card(c).id] == 4 for c in self.right):
            v["facts"].append(f"A {SUIT_NAMES[self.plain][:-1]} is led")
        cards = list(self.puzzle.position["cards"])
        v["answer"] = {"type": "sequence", "cards": cards, "count": len(cards)}
        return v

    def _check(self, answer: Any) -> Feedback:
        got = _card_names(answer, self.right)
        if len(got) != len(self.right):
            raise PuzzleInputError(f"put all {len(self.right)} cards in order")
        rules = self.puzzle.rules
        if got == self.right:
            return Feedback(True, True, "Right: " + " > ".join(got) + ".", rules)
        i = next(k for k, (a, b) in enumerate(zip(got, self.right, strict=True)) if a != b)
        hi, lo = parse_card(self.right[i]).id, parse_card(got[i]).id
        why = _rank_reason(self.rules_, self.t, self.trump, hi, lo)
        place = "first" if i == 0 else f"in place {i + 1}"
        msg = f"Not quite: you put {got[i]} {place}, but {self.right[i]} ranks above it. {why}"
        return Feedback(False, False, msg, rules)

    def _hint_texts(self) -> list[str]:
        joker = "the joker, " if self.rules_.joker else ""
        return [
            f"R2.3: the top trumps are the 5 and the jack of trumps, {joker}AH, then the ace of "
            "trumps. Red trumps then run high to low; black ones run 2 3 4 6 ... 10 (R2.4 for "
            "plain suits: kings high; black aces below the jack).",
            f"The highest card here is {self.right[0]}.",
            f"The lowest card here is {self.right[-1]}.",
        ]

    def _solution(self) -> Feedback:
        msg = "From highest to lowest: " + " > ".join(self.right) + "."
        msg += f" The whole trump order with {_suit_word(self.trump)} trump: "
        msg += _ladder(self.rules_, self.trump) + " (R2.3)."
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.right))


@dataclass
class WinnerRun(_CardRun):
    """Click the card that takes the trick (R3.2)."""

    def _setup(self) -> None:
        super()._setup()
        self.trick = self._ids("trick")
        self.leader = int(self.puzzle.position.get("leader", 0))
        if not 2 <= len(self.trick) <= self.rules_.players:
            raise ValueError(f"puzzle {self.puzzle.id}: a trick of 2..{self.rules_.players} cards")
        self.win = self.trick[winner_index(self.t, self.trick)]

    def _view(self) -> dict[str, Any]:
        v = self._base_view()
        n = self.rules_.players
        v["trick"] = [
            {"seat": (self.leader + i) % n, "card": str(CARDS[c])} for i, c in enumerate(self.trick)
        ]
        v["answer"] = {"type": "card", "cards": [str(CARDS[c]) for c in self.trick]}
        return v

    def _why_wins(self) -> str:
        w = CARDS[self.win]
        if self.t.eff_suit[self.win] == 4:
            return f"{w} is the highest trump in the trick (R3.2; trump order R2.3)."
        suit = SUIT_NAMES[SUITS[self.t.eff_suit[self.trick[0]]]]
        return (
            f"No trump was played, and {w} is the highest {suit[:-1]}, the suit led (R3.2, R2.4)."
        )

    def _check(self, answer: Any) -> Feedback:
        c = parse_card(_card_name(answer, [str(CARDS[x]) for x in self.trick])).id
        rules = self.puzzle.rules
        if c == self.win:
            return Feedback(
                True, True, f"Right: {CARDS[c]} takes the trick. {self._why_wins()}", rules
            )
        t, lead = self.t, self.trick[0]
        if t.eff_suit[c] != 4 and t.eff_suit[c] != t.eff_suit[lead]:
            suit = SUIT_NAMES[SUITS[t.eff_suit[lead]]] if t.eff_suit[lead] != 4 else "trumps"
            why = (
                f"{CARDS[c]} is neither a trump nor of the suit led ({suit}): it cannot win (R3.2)."
            )
        else:
            why = _rank_reason(self.rules_, t, self.trump, self.win, c)
        return Feedback(False, False, f"No: {CARDS[c]} does not take this trick. {why}", rules)

    def _hint_texts(self) -> list[str]:
        trumps = any(self.t.eff_suit[c] == 4 for c in self.trick)
        lead = CARDS[self.trick[0]]
        extra = ", the joker" if self.rules_.joker else ""
        if trumps:
            every = _suit_word(self.trump)[:-1]
            second = f"There is a trump in this trick (AH{extra} and every {every} are trumps)."
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
class LegalRun(_CardRun):
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
        v = self._base_view()
        n = self.rules_.players
        leader = int(self.puzzle.position.get("leader", 0))
        v["trick"] = [
            {"seat": (leader + i) % n, "card": str(CARDS[c])} for i, c in enumerate(self.trick)
        ]
        v["answer"] = {"type": "cards", "cards": [str(CARDS[c]) for c in self.hand]}
        return v

    def _why(self, card: int) -> str:
        return explain_mask(self.t, self.mask, self.lead, card) or explain_legal_mask(
            self.t, self.mask, self.lead, card
        )

    def _check(self, answer: Any) -> Feedback:
        got = _card_names(answer, [str(CARDS[c]) for c in self.hand])
        rules = self.puzzle.rules
        if set(got) == set(self.legal):
            lines = [f"{c}: {self._why(parse_card(c).id)}" for c in self.legal]
            return Feedback(True, True, "Right. " + " ".join(lines[:2]), rules)
        wrong = [c for c in got if c not in self.legal]
        missed = [c for c in self.legal if c not in got]
        lines = [f"{c} may not be played: {self._why(parse_card(c).id)}" for c in wrong]
        lines += [f"{c} may be played: {self._why(parse_card(c).id)}" for c in missed[:1]]
        if missed[1:]:
            lines.append(f"And {len(missed) - 1} more of your cards may be played.")
        return Feedback(False, False, " ".join(lines), rules)

    def _hint_texts(self) -> list[str]:
        if self.lead < 0:
            first = "R3.1: you lead this trick."
        elif self.t.eff_suit[self.lead] == 4:
            first = (
                "A trump is led: you must play a trump if you hold one (R5.1), unless every "
                "trump you hold is protected (5, J, joker, AH) and ranks above the card led "
                "(R5.2, R5.3)."
            )
        else:
            first = (
                "A plain suit is led: you may always trump (R4.1); otherwise follow suit if "
                "you can (R4.2); with none of it, anything goes (R4.3)."
            )
        return [first, f"{len(self.legal)} of your {len(self.hand)} cards may be played."]

    def _solution(self) -> Feedback:
        lines = [f"{CARDS[c]}: {self._why(c)}" for c in self.hand]
        msg = "You may play " + " ".join(self.legal) + ". " + " ".join(lines)
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.legal))


@dataclass
class KeepRun(_CardRun):
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
        n = self.rules_.players
        leader = int(self.puzzle.position.get("leader", 0))
        v["trick"] = [
            {"seat": (leader + i) % n, "card": str(CARDS[c])} for i, c in enumerate(self.trick)
        ]
        c = CARDS[self.card]
        v["hand"] = [str(CARDS[x]) for x in self.hand]
        v["answer"] = {
            "type": "choice",
            "cards": v["hand"],
            "options": _options(
                [("keep", f"I may keep {c}: another card is allowed"), ("play", f"I must play {c}")]
            ),
        }
        return v

    def _why(self) -> str:
        c = CARDS[self.card]
        if self.others:
            alt = self.others[0]
            return f"You may keep {c}: for example {CARDS[alt]} is allowed. " + explain_legal_mask(
                self.t, self.mask, self.lead, alt
            )
        other = next(x for x in self.hand if x != self.card)
        return f"You must play {c}. " + explain_mask(self.t, self.mask, self.lead, other)

    def _check(self, answer: Any) -> Feedback:
        got = _choice(answer, ["keep", "play"])
        if got == self.answer:
            return Feedback(True, True, "Right. " + self._why(), self.puzzle.rules)
        return Feedback(False, False, "No. " + self._why(), self.puzzle.rules)

    def _hint_texts(self) -> list[str]:
        c, lead = CARDS[self.card], CARDS[self.lead]
        joker = ", the joker" if self.rules_.joker else ""
        first = (
            f"R5.2: the protected trumps are the 5 and jack of trumps{joker} and AH; one is "
            "privileged only against a lower trump led."
        )
        if self.t.eff_suit[self.lead] != 4:
            return [first, f"{lead} is not a trump: R4.1-R4.3 apply, not R5."]
        rel = "above" if self.t.power[self.card] > self.t.power[self.lead] else "below"
        return [first, f"{c} ranks {rel} the card led, {lead}; look at your other trumps too."]

    def _solution(self) -> Feedback:
        hl = tuple(str(CARDS[c]) for c in self.others) or (str(CARDS[self.card]),)
        return Feedback(False, True, self._why(), self.puzzle.rules, highlight=hl)


# ---------------------------------------------------------------------------- game puzzles


@dataclass
class _GameRun(PuzzleRun):
    def _setup(self) -> None:
        self.rules_ = get_rules(self.puzzle.preset)
        try:
            self.game = _game(self.rules_, self.puzzle.position)
        except (ValueError, KeyError) as e:
            raise ValueError(f"puzzle {self.puzzle.id}: the position is not valid: {e}") from None

    def _names(self) -> tuple[str, ...]:
        return self.rules_.partnership_names

    def _deal_facts(self, deal: DealLog) -> list[str]:
        facts = []
        if deal.trump >= 0:
            facts.append(f"Trump: {SUIT_NAMES[SUITS[deal.trump]]}")
        if deal.turnup >= 0 and not self.rules_.auction:
            facts.append(f"Turned up: {CARDS[deal.turnup]}")
        if deal.robbed_by >= 0:
            facts.append(f"Seat {deal.robbed_by} robbed the turn-up (R6.5)")
        facts.append(f"Dealer: seat {deal.dealer}")
        return facts


@dataclass
class RobRun(_GameRun):
    """Who may rob the turn-up (R6.4-R6.6)? Also covers a turned-up joker."""

    def _setup(self) -> None:
        super()._setup()
        g = self.game
        if self.rules_.auction or g.phase != "play" or g.tricks_played or g.trick:
            raise ValueError(f"puzzle {self.puzzle.id}: rob puzzles start a bruff deal")
        self.answer = "nobody" if g.robber is None else str(g.robber)

    def _options(self) -> list[str]:
        return [str(s) for s in range(self.rules_.players)] + ["nobody"]

    def _view(self) -> dict[str, Any]:
        g = self.game
        deal = g.deals[-1]
        facts = [f"Dealer: seat {g.dealer}"]
        if g.deals[-1].turnup >= 0 and self.puzzle.position["stock"][0] == "JK":
            facts.append(
                "The joker was turned up: the dealer took it, buried one card and "
                "turned up the next card (R6.4)."
            )
        facts.append(f"Turned up: {CARDS[deal.turnup]}: trump is {g.trump and _suit_word(g.trump)}")
        pairs = [(str(s), _seat_label(self.rules_, s)) for s in range(self.rules_.players)]
        pairs.append(("nobody", "Nobody"))
        return {
            "trump": g.trump,
            "facts": facts,
            "turnup": str(CARDS[deal.turnup]),
            "seats": _seats_view(g, True),
            "answer": {"type": "choice", "options": _options(pairs)},
        }

    def _why(self) -> str:
        g = self.game
        assert g.trump is not None and g.turnup is not None
        ace = f"A{g.trump}"
        if self.answer == "nobody":
            return (
                f"Nobody holds {ace}, the ace of trumps, so nobody may rob (R6.5). "
                "AH and the joker give no right to rob unless AH is the ace of trumps."
            )
        seat = int(self.answer)
        if str(g.turnup) == ace:
            return f"The turn-up is {ace} itself, so the dealer, seat {seat}, may rob it (R6.5)."
        extra = (
            " (AS, not AH: AH is always a trump but is not the ace of spades)"
            if g.trump == "S"
            else ""
        )
        return f"Seat {seat} holds {ace}, the ace of trumps{extra}, so it may rob (R6.5)."

    def _check(self, answer: Any) -> Feedback:
        got = _choice(answer, self._options())
        if got == self.answer:
            return Feedback(True, True, "Right. " + self._why(), self.puzzle.rules)
        g = self.game
        hint = ""
        if got != "nobody":
            held = {str(c) for c in g.hand(int(got))}
            if "JK" in held:
                hint = " The joker gives no right to rob (R6.5)."
            elif "AH" in held and g.trump != "H":
                hint = " AH is always a trump, but only the ace of the trump suit robs (R6.5)."
        return Feedback(
            False,
            False,
            f"No.{hint} R6.5: look again at who holds the ace of the trump suit, and at the "
            "turn-up itself.",
            self.puzzle.rules,
        )

    def _hint_texts(self) -> list[str]:
        g = self.game
        return [
            "R6.5: the player holding the ace of the trump suit may rob; if the turn-up is that "
            "ace itself, the dealer may.",
            f"Trump is {g.trump and _suit_word(g.trump)}: the card that gives the right is "
            f"A{g.trump}.",
        ]

    def _solution(self) -> Feedback:
        hl = (f"A{self.game.trump}",) if self.answer != "nobody" else ()
        return Feedback(False, True, self._why(), self.puzzle.rules, highlight=hl)


@dataclass
class ScoreRun(_GameRun):
    """Type the score. bruff: the running scores now and whether the bonus is certain (R7, R8.6);
    barker: the scores after the hand (R10)."""

    def _setup(self) -> None:
        super()._setup()
        g = self.game
        if g.over:
            raise ValueError(f"puzzle {self.puzzle.id}: the game must not be over")
        if self.rules_.auction:
            if len(g.deals) < 2 or g.deals[0].thrown_in or g.deals[0].end_scores is None:
                raise ValueError(f"puzzle {self.puzzle.id}: play one whole barker hand")
            self.deal = g.deals[0]
            end = self.deal.end_scores
            assert end is not None
            self.right: dict[str, Any] = dict(zip(self._names(), end, strict=True))
        else:
            if len(g.deals) != 1 or g.trick or not g.tricks_played:
                raise ValueError(f"puzzle {self.puzzle.id}: stop a bruff deal between tricks")
            self.deal = g.deals[0]
            self.right = dict(zip(self._names(), g.scores, strict=True))
            self.right["certain"] = "yes" if g.bonus_certain() else "no"

    def _fields(self) -> list[dict[str, Any]]:
        when = "after the hand" if self.rules_.auction else "now"
        fields: list[dict[str, Any]] = [
            {"name": n, "label": f"{n} {when}", "kind": "number"} for n in self._names()
        ]
        if not self.rules_.auction:
            fields.append(
                {
                    "name": "certain",
                    "label": "Is the bonus certain?",
                    "kind": "choice",
                    "options": _options([("yes", "Yes"), ("no", "No")]),
                }
            )
        return fields

    def _view(self) -> dict[str, Any]:
        deal, r = self.deal, self.rules_
        facts = self._deal_facts(deal)
        facts.append(
            f"Scores before this {'hand' if r.auction else 'deal'}: "
            + _scores_text(r, deal.start_scores)
        )
        if r.auction:
            facts.append(
                f"Contract: seat {deal.bidder} "
                f"({r.partnership_names[r.partnerships[deal.bidder]]}) bid {deal.bid}"
            )
        return {
            "trump": SUITS[deal.trump],
            "facts": facts,
            "tricks": _tricks_view(r, deal),
            "answer": {"type": "form", "fields": self._fields()},
        }

    def _sheet(self, totals: bool) -> list[dict[str, Any]]:
        return _sheet(self.game, self.deal.number, totals)

    def _explain(self) -> str:
        r, deal, g = self.rules_, self.deal, self.game
        if r.auction:
            bidders = r.partnerships[deal.bidder]
            taken = [0] * r.n_partnerships
            for i, t in enumerate(deal.tricks):
                taken[r.partnerships[t.winner]] += 5 + (5 if i == deal.bonus_trick else 0)
            name = r.partnership_names[bidders]
            made = taken[bidders] >= deal.bid
            how = (
                f"{name} bid {deal.bid} and took {taken[bidders]}: made, so they score "
                + (
                    "60 for a made 30 (R10.3)"
                    if made and deal.bid == 30
                    else "what they took (R10.2)"
                )
                if made
                else f"{name} bid {deal.bid} and took only {taken[bidders]}: the bid is "
                "subtracted and nothing they took counts (R10.2)"
            )
            opp = [
                f"{r.partnership_names[p]} took {taken[p]} and scores it (R10.4)"
                for p in range(r.n_partnerships)
                if p != bidders
            ]
            return (
                f"{how}; {'; '.join(opp)}. Tricks are 5 each, 5 more with the highest trump "
                f"(R10.1). Scores: {_scores_text(r, deal.end_scores or ())}."
            )
        status = g.bonus_status().describe(r.partnership_names)
        held = "" if g.bonus_certain() else " An uncertain bonus is not counted yet (R8.6)."
        return f"Scores now: {_scores_text(r, g.scores)}: 5 a trick (R7.1). {status}.{held}"

    def _check(self, answer: Any) -> Feedback:
        got = _form(answer, self._fields())
        if got == self.right:
            return Feedback(True, True, "Right. " + self._explain(), self.puzzle.rules)
        wrong = [f"{k}: not {got[k]}" for k in self.right if got[k] != self.right[k]]
        rule = (
            "R10.1-R10.4: the bidders score what they took only when it reaches the bid"
            if self.rules_.auction
            else "R7.1, R7.2: 5 a trick, and 5 more for the trick with the highest trump"
        )
        msg = f"Not quite ({'; '.join(wrong)}). {rule}: see the sheet, trick by trick."
        if "certain" in self.right and got["certain"] != self.right["certain"]:
            msg += " R7.3: the bonus is certain once the 5 of trumps is played, once every higher "
            msg += "trump is known to be out of play, or at the end of the deal."
        return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))

    def _hint_texts(self) -> list[str]:
        if self.rules_.auction:
            return [
                "R10.1: 5 a trick and 5 more for the trick with the highest trump (30 in all).",
                "R10.2-R10.4: the bidders score what they took only if it reaches the bid; "
                "otherwise they lose the bid. The opponents always score what they took.",
            ]
        return [
            "R7.1, R7.2: 5 a trick; 5 more for the trick with the highest trump of the deal.",
            "R7.3, R8.6: the bonus counts in the running score only once it is certain.",
        ]

    def _solution(self) -> Feedback:
        return Feedback(
            False, True, self._explain(), self.puzzle.rules, sheet=self._sheet(totals=True)
        )


@dataclass
class GameWinnerRun(_GameRun):
    """Which partnership has won the game, and after which trick does play stop? (R8)"""

    def _setup(self) -> None:
        self.rules_ = get_rules(self.puzzle.preset)
        try:
            self.game = g = _game(self.rules_, self.puzzle.position, until_over=True)
        except (ValueError, KeyError) as e:
            raise ValueError(f"puzzle {self.puzzle.id}: the position is not valid: {e}") from None
        if self.rules_.auction or not g.over or len(g.deals) != 1:
            raise ValueError(f"puzzle {self.puzzle.id}: the deal's actions must end the game")
        assert g.winner is not None
        self.deal = g.deals[0]
        self.right = {"partnership": self._names()[g.winner], "trick": str(len(self.deal.tricks))}
        # The five tricks as they fell, the later ones included: the same deal from 0 points.
        pos = dict(self.puzzle.position, scores=[0] * self.rules_.n_partnerships)
        self.full = _game(self.rules_, pos).deals[0]

    def _fields(self) -> list[dict[str, Any]]:
        return [
            {
                "name": "partnership",
                "label": "Which partnership wins?",
                "kind": "choice",
                "options": _options([(n, n) for n in self._names()]),
            },
            {
                "name": "trick",
                "label": "After which trick is the game won?",
                "kind": "choice",
                "options": _options([(str(k), f"Trick {k}") for k in range(1, 6)]),
            },
        ]

    def _view(self) -> dict[str, Any]:
        r, deal = self.rules_, self.deal
        facts = self._deal_facts(deal)
        facts.append("Scores before this deal: " + _scores_text(r, deal.start_scores))
        facts.append("The five tricks of the deal as they fell (played out to the end):")
        return {
            "trump": SUITS[deal.trump],
            "facts": facts,
            "tricks": _tricks_view(r, self.full),
            "answer": {"type": "form", "fields": self._fields()},
        }

    def _explain(self) -> str:
        g, r, deal = self.game, self.rules_, self.deal
        assert g.winner is not None
        name, k = r.partnership_names[g.winner], len(deal.tricks)
        winners = [r.partnerships[t.winner] for t in deal.tricks]
        status = g.bonus_status()
        if k == 5 and len(set(winners)) == 1 and max(g.scores) < r.target:
            why = f"{name} took all five tricks: jink wins the game (R8.4)."
        elif status.certain:
            why = (
                f"after trick {k} the bonus is certain ({status.describe(r.partnership_names)}) "
                f"and with it {name} was first to {r.target} (R8.6, R8.2)."
            )
        else:
            why = (
                f"{name} reached {r.target} first with or without the bonus, so nothing still "
                "uncertain can change it: the game ends at once (R8.3)."
            )
        return f"{name} wins after trick {k}: {why} Scores: {_scores_text(r, g.scores)}."

    def _sheet(self, totals: bool) -> list[dict[str, Any]]:
        return _sheet(self.game, self.deal.number, totals)

    def _check(self, answer: Any) -> Feedback:
        got = _form(answer, self._fields())
        if got == self.right:
            return Feedback(True, True, "Right. " + self._explain(), self.puzzle.rules)
        parts = []
        if got["partnership"] != self.right["partnership"]:
            parts.append(f"{got['partnership']} does not win")
        if got["trick"] != self.right["trick"]:
            parts.append(f"the game is not won after trick {got['trick']}")
        msg = (
            "Not quite: " + " and ".join(parts) + ". R8.6: after every trick, count the running "
            "totals without the bonus and with it; a certain bonus decides; while it is "
            "uncertain only a first to 45 that both lines agree on wins."
        )
        return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))

    def _hint_texts(self) -> list[str]:
        return [
            "R8.1: a partnership wins the moment its running total reaches 45: the order of the "
            "tricks counts, not the totals at the end of the deal.",
            "Write the totals after each trick; add the bonus to the trick of the highest trump "
            "only once it is certain (R7.3, R8.6). Remember jink (R8.4).",
        ]

    def _solution(self) -> Feedback:
        return Feedback(
            False, True, self._explain(), self.puzzle.rules, sheet=self._sheet(totals=True)
        )


@dataclass
class CallsRun(_GameRun):
    """Select every legal call in the auction (R9.2-R9.5)."""

    CALLS = ("pass", "bid 5", "bid 10", "bid 15", "bid 20", "bid 25", "bid 30", "hold")

    def _setup(self) -> None:
        super()._setup()
        g = self.game
        if g.phase != "bid":
            raise ValueError(f"puzzle {self.puzzle.id}: calls puzzles stop in the auction")
        self.legal = g.legal_actions()

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        deal = g.deals[-1]
        facts = [f"Dealer: seat {g.dealer}", "Scores: " + _scores_text(r, g.scores)]
        calls = ", ".join(f"seat {s}: {c}" for s, c in deal.calls) or "none yet"
        facts.append(f"Calls so far: {calls}")
        facts.append(
            f"Seat {g.to_act} ({r.partnership_names[r.partnerships[g.to_act or 0]]}) to call"
        )
        labels = [(c, c.capitalize()) for c in self.CALLS]
        return {
            "facts": facts,
            "seats": _seats_view(g, False),
            "answer": {"type": "choices", "options": _options(labels)},
        }

    def _why_legal(self, call: str) -> str:
        g = self.game
        high = g.contract[1] if g.contract else 0
        if call == "pass":
            return "R9.2: you may always pass."
        if call == "hold":
            return "R9.3: the dealer may take over the highest bid at the same level."
        r, g = self.rules_, self.game
        rich = g.scores[r.partnerships[g.to_act or 0]] >= r.high_score
        floor = f" and not below {r.high_score_min_bid}, as you have {r.high_score}+ (R9.4)"
        floor = floor if rich else ""
        return f"R9.2: it is higher than the current highest bid ({high or 'none'}){floor}."

    def _check(self, answer: Any) -> Feedback:
        got = _choices(answer, self.CALLS)
        if set(got) == set(self.legal):
            return Feedback(True, True, "Right: " + ", ".join(self.legal) + ".", self.puzzle.rules)
        wrong = [f"{c}: {self.game.explain(c)}" for c in got if c not in self.legal]
        missed = [f"{c} is open too: {self._why_legal(c)}" for c in self.legal if c not in got]
        return Feedback(False, False, " ".join(wrong + missed[:1]), self.puzzle.rules)

    def _hint_texts(self) -> list[str]:
        g = self.game
        high = g.contract
        first = (
            "R9.2: a bid must be higher than the highest so far; a pass is final. R9.3: "
            "only the dealer may hold. R9.4: 100 or more points: no bid or hold below 20."
        )
        second = (
            f"The highest bid so far is {high[1]}, by seat {high[0]}."
            if high
            else "Nobody has bid yet."
        )
        dealer = " You are the dealer." if g.to_act == g.dealer else " You are not the dealer."
        return [first, second + dealer]

    def _solution(self) -> Feedback:
        lines = [f"{c}: {self._why_legal(c)}" for c in self.legal]
        return Feedback(False, True, "Legal calls: " + " ".join(lines), self.puzzle.rules)


@dataclass
class TargetRun(_GameRun):
    """Play an endgame with every hand open against perfect defence: your side must take at
    least ``target`` points in the deal. You play every card of your partnership; the solver
    answers for the others, and every move of yours must keep the target reachable."""

    def _setup(self) -> None:
        from .solver import solve

        super()._setup()
        g = self.game
        if g.phase != "play" or g.over:
            raise ValueError(f"puzzle {self.puzzle.id}: target puzzles start in the trick phase")
        if not self.rules_.auction and max(g.scores) + 30 >= self.rules_.target:
            raise ValueError(f"puzzle {self.puzzle.id}: the game could end in this deal")
        assert g.to_act is not None
        self.side = self.rules_.partnerships[g.to_act]
        self.deal_no = g.deal_number
        self.target = int(self.puzzle.position["target"])
        best = solve(g).value
        if best < self.target:
            raise ValueError(
                f"puzzle {self.puzzle.id}: the target {self.target} cannot be "
                f"reached (best play gives {best})"
            )
        self.moves: list[str] = []

    def _deal(self) -> DealLog:
        return self.game.deals[self.deal_no - 1]

    def _finished(self) -> bool:
        return self.game.over or self.game.deal_number != self.deal_no

    def _taken(self) -> int:
        r, deal = self.rules_, self._deal()
        pts = 0
        for i, t in enumerate(deal.tricks):
            if r.partnerships[t.winner] == self.side:
                pts += r.trick_points
                if i == deal.bonus_trick and (self._finished() or deal.bonus_certain):
                    pts += r.bonus_points
        return pts

    def _ours(self) -> list[int]:
        return self.rules_.partners(self.side)

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        deal = self._deal()
        name = r.partnership_names[self.side]
        seats = " and ".join(str(s) for s in self._ours())
        facts = self._deal_facts(deal)
        facts.append(f"You play for {name} (seats {seats}); the others defend perfectly.")
        facts.append(
            f"Target: {self.target} points for {name} in this deal "
            f"(5 a trick, 5 more with the highest trump)."
        )
        view: dict[str, Any] = {
            "trump": SUITS[deal.trump],
            "facts": facts,
            "tricks": _tricks_view(r, deal),
        }
        k = len(deal.tricks)
        view["step"] = {
            "text": f"Trick {min(k + 1, 5)} of 5: {name} has {self._taken()} "
            f"points, target {self.target}."
        }
        if self._finished():
            view["seats"] = []
            view["answer"] = {"type": "card", "cards": []}
            return view
        n = r.players
        view["trick"] = [
            {"seat": (g.leader + i) % n, "card": str(c)}  # type: ignore[operator]
            for i, c in enumerate(g.trick)
        ]
        view["seats"] = _seats_view(g, True, yours=self._ours(), dealer=deal.dealer)
        assert g.to_act is not None
        view["answer"] = {
            "type": "card",
            "cards": [str(c) for c in sort_cards(r, g.hand(g.to_act), g.trump)],
        }
        return view

    def _best_line(self, action: str) -> str:
        """The rest of the deal after ``action`` with best play on both sides, in words."""
        from .solver import solve

        g = self.game.copy()
        g.apply(action)
        moves = []
        while not (g.over or g.deal_number != self.deal_no):
            assert g.to_act is not None
            s = solve(g, side=self.side)
            moves.append(f"seat {g.to_act} {s.best[0].split()[-1]}")
            g.apply(s.best[0])
        tricks = g.deals[self.deal_no - 1].tricks
        lost = [
            str(i + 1)
            for i, t in enumerate(tricks)
            if self.rules_.partnerships[t.winner] != self.side
        ]
        took = f" (the defence takes trick {', '.join(lost)})" if lost else ""
        return ", ".join(moves) + took

    def _defend(self) -> list[str]:
        """The defenders' best answers (lowest value for our side) until it is our turn."""
        from .solver import solve

        g, played = self.game, []
        while not self._finished() and self.rules_.partnerships[g.to_act or 0] != self.side:
            s = solve(g, side=self.side)
            move = s.best[0]
            played.append(f"seat {g.to_act} {move.split()[-1]}")
            g.apply(move)
        return played

    def _check(self, answer: Any) -> Feedback:
        from .solver import solve

        g = self.game
        if self._finished():
            raise PuzzleInputError("the deal is over")
        assert g.to_act is not None
        hand = [str(c) for c in g.hand(g.to_act)]
        card = _card_name(answer, hand)
        action = f"play {card}"
        rules = self.puzzle.rules
        why = g.explain(action)
        if why:
            return Feedback(False, False, f"{card} may not be played: {why}", rules)
        value = solve(g).values[action]
        if value < self.target:
            line = self._best_line(action)
            side = self.rules_.partnership_names[self.side]
            points = "R7.1, R7.2" if not self.rules_.auction else "R10.1"
            return Feedback(
                False,
                False,
                f"{card} lets the defence hold {side} to {value} points, short of the target "
                f"{self.target} ({points}): for example {line}. Try another card.",
                rules,
            )
        g.apply(action)
        self.moves.append(action)
        answers = self._defend()
        if self._finished():
            return Feedback(
                True,
                True,
                f"Target reached: your side took {self._taken()} points (target {self.target}).",
                rules,
            )
        said = f" The defence played: {', '.join(answers)}." if answers else ""
        return Feedback(True, False, f"Good: {card} keeps {self.target} within reach.{said}", rules)

    def _hint_texts(self) -> list[str]:
        from .solver import solve

        g = self.game
        s = solve(g) if not self._finished() else None
        n = len(s.values) if s else 0
        k = len([a for a, v in s.values.items() if v >= self.target]) if s else 0
        return [
            "Count the trumps still out and who holds them: the highest trump of the deal brings "
            "5 more with its trick (R7.2, R10.1). Winners cashed too early can set up the "
            "defence's.",
            f"Right now {k} of your {n} playable cards keep the target within reach.",
        ]

    def _solution(self) -> Feedback:
        live = self.game
        self.game = live.copy()  # play the line out on a copy: the attempt itself stays put
        try:
            return self._play_out()
        finally:
            self.game = live

    def _play_out(self) -> Feedback:
        from .solver import solve

        g = self.game
        if self._finished():
            return Feedback(
                False, True, f"The deal is over: your side took {self._taken()}.", self.puzzle.rules
            )
        best = solve(g).best
        hl = tuple(a.split()[-1] for a in best)
        line = []
        while not self._finished():
            assert g.to_act is not None
            if self.rules_.partnerships[g.to_act] == self.side:
                move = solve(g).best[0]
                line.append(f"seat {g.to_act} {move.split()[-1]}")
                g.apply(move)
            else:
                line += self._defend()
        msg = (
            f"Best now: {' or '.join(hl)}. A winning line: {', '.join(line)}: your side takes "
            f"{self._taken()} (target {self.target})."
        )
        return Feedback(False, True, msg, self.puzzle.rules, highlight=hl)


RUNS: dict[str, type[PuzzleRun]] = {
    "order": OrderRun,
    "winner": WinnerRun,
    "legal": LegalRun,
    "keep": KeepRun,
    "rob": RobRun,
    "score": ScoreRun,
    "game-winner": GameWinnerRun,
    "calls": CallsRun,
    "target": TargetRun,
}
