"""Pick-out puzzles: which words are cards (``notation``, R1.1) and which cards are trumps
(``trumps``, R2.1, R2.2, R6.3).

- ``notation``: ``position["tokens"]``, distinct short words; select every one the engine reads
  as a card (:func:`~fortyfive.engine.cards.parse_card` answers, at checking time).
- ``trumps``: ``position["cards"]`` and either ``trump`` (a suit letter) or ``turnup`` (the
  card turned up in a bruff deal: its suit is trump, R6.3, as
  :func:`~fortyfive.engine.dealing.turnup_trump` says); select every trump (the engine's trump
  tables answer). With a turn-up the view shows the card, not the trump suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortyfive.engine.cards import AH_ID, CARDS, SUIT_NAMES, SUITS, card_slip, parse_card
from fortyfive.engine.dealing import turnup_trump
from fortyfive.engine.errors import CardError
from fortyfive.engine.rules import get_rules, rules_tables, sort_cards
from fortyfive.puzzles._parts import card_names, choices, options, suit_word
from fortyfive.puzzles.model import Feedback, PuzzleRun

#: At most this many words, each at most this long (a position is untrusted data too).
MAX_TOKENS, MAX_TOKEN = 16, 8


def misread(token: str) -> str | None:
    """The engine's reason ``token`` is not a card (R1.1), or None when it is one."""
    try:
        parse_card(token)
    except CardError as e:
        return str(e)
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class NotationRun(PuzzleRun, kind="notation"):
    """Select every word the engine reads as a card (R1.1)."""

    def _setup(self) -> None:
        tokens = self.puzzle.position.get("tokens")
        if (
            not isinstance(tokens, list)
            or not 2 <= len(tokens) <= MAX_TOKENS
            or not all(isinstance(t, str) and 0 < len(t) <= MAX_TOKEN for t in tokens)
            or len(set(tokens)) != len(tokens)
        ):
            raise ValueError(
                f"puzzle {self.puzzle.id}: notation needs 2 to {MAX_TOKENS} distinct words of "
                f"1 to {MAX_TOKEN} characters"
            )
        self.tokens: list[str] = list(tokens)
        self.cards = [t for t in self.tokens if misread(t) is None]

    def _view(self) -> dict[str, Any]:
        return {
            "facts": [f"{len(self.tokens)} words, as someone typed them"],
            "answer": {"type": "choices", "options": options([(t, t) for t in self.tokens])},
        }

    def _why(self, token: str) -> str:
        reason = misread(token)
        if reason is not None:
            return reason + "."
        card = parse_card(token)
        case = " (R1.1)" if token == str(card) else f" (R1.1: any letter case, so it is {card})"
        what = "the joker" if card.is_joker else card.symbol()
        return f"{token!r} is {what}{case}."

    def _check(self, answer: Any) -> Feedback:
        got = choices(answer, self.tokens)
        rules = self.puzzle.rules
        if set(got) == set(self.cards):
            odd = [t for t in self.tokens if t not in self.cards]
            slips = {t: card_slip(t) for t in odd}
            said = [f"{t!r} ({slip})" if slip else repr(t) for t, slip in slips.items()]
            line = f" Not cards: {', '.join(said)}." if odd else ""
            return Feedback(
                True,
                True,
                f"Right: {', '.join(self.cards)} are cards: rank then suit, two letters in any "
                f"letter case, or JK (R1.1).{line}",
                rules,
            )
        wrong = [t for t in got if t not in self.cards]
        missed = [t for t in self.cards if t not in got]
        if self.tries == 0:  # the first miss: how many, and the rule; no word named
            parts = []
            if wrong:
                parts.append(f"{_plural(len(wrong), 'word')} you chose the game refuses")
            if missed:
                parts.append(f"you left out {_plural(len(missed), 'word')} it reads as cards")
            return Feedback(
                False,
                False,
                f"Not all right: {' and '.join(parts)}. R1.1: a card is its rank then its suit, "
                "two letters, upper or lower case (T is the ten); JK is the joker; nothing else.",
                rules,
            )
        lines = [self._why(t) for t in wrong[:2] + missed[:2]]
        return Feedback(False, False, "Not yet. " + " ".join(lines), rules)

    def _hint_texts(self) -> list[str]:
        return [
            "R1.1: ranks A 2 3 4 5 6 7 8 9 T J Q K, suits S C D H, rank first; JK is the joker. "
            "Suit symbols and 10 are for display only.",
            f"{_plural(len(self.cards), 'word')} of the {len(self.tokens)} are cards.",
        ]

    def _solution(self) -> Feedback:
        lines = [self._why(t) for t in self.tokens]
        msg = f"The cards: {', '.join(self.cards) or 'none'}. " + " ".join(lines)
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.cards))


@dataclass
class TrumpsRun(PuzzleRun, kind="trumps"):
    """Select every trump among the cards, with a trump suit given or fixed by a turn-up
    (R2.1, R2.2, R6.3)."""

    def _setup(self) -> None:
        pos = self.puzzle.position
        self.rules_ = get_rules(self.puzzle.preset)
        self.turnup: str | None = None
        try:
            if "turnup" in pos:
                up = parse_card(pos["turnup"])
                self.turnup = str(up)
                self.trump = SUITS[turnup_trump(up.id)]  # R6.3
            else:
                self.trump = str(pos["trump"]).upper()
                if self.trump not in SUITS:
                    raise ValueError(f"trump must be one of {SUITS}")
            ids = [parse_card(c).id for c in pos["cards"]]
        except (KeyError, ValueError) as e:
            raise ValueError(f"puzzle {self.puzzle.id}: {e}") from None
        if len(ids) < 2 or len(set(ids)) != len(ids) or max(ids) >= self.rules_.deck_size:
            raise ValueError(f"puzzle {self.puzzle.id}: 2+ distinct cards of the preset's pack")
        if self.turnup is not None and parse_card(self.turnup).id in ids:
            raise ValueError(f"puzzle {self.puzzle.id}: the turn-up is not among the cards")
        self.t = rules_tables(self.rules_, self.trump)
        self.ids = ids
        self.right = [str(CARDS[c]) for c in ids if self.t.is_trump(c)]

    def _view(self) -> dict[str, Any]:
        cards = [str(CARDS[c]) for c in self.ids]
        if self.turnup is not None:  # the learner finds the trump suit from the turn-up
            facts = [f"Turned up: {self.turnup}"]
            return {
                "facts": facts,
                "turnup": self.turnup,
                "answer": {"type": "cards", "cards": cards},
            }
        return {
            "trump": self.trump,
            "facts": [f"Trump: {suit_word(self.trump)}"],
            "answer": {"type": "cards", "cards": cards},
        }

    def _why(self, c: int) -> str:
        """Why card ``c`` is a trump or not, with the rule."""
        card, tname = CARDS[c], suit_word(self.trump)
        if self.t.is_trump(c):
            if c == AH_ID and self.trump != "H":
                return f"{card} is always a trump, whatever suit is trumps (R2.1)."
            if card.is_joker:
                return f"{card} (the joker) is always a trump in bruff (R2.1)."
            if self.turnup:
                return (
                    f"{card} is a {tname[:-1]}, and {tname}, the turn-up's suit, are trumps "
                    "(R6.3, R2.1)."
                )
            return f"{card} is a {tname[:-1]}, and {tname} are trumps (R2.1)."
        suit = card.suit or "S"
        if suit == "H":
            return f"{card} is a heart, and hearts are not trumps: of the hearts only AH is (R2.2)."
        if card.rank == "5":
            return (
                f"{card} is a plain {SUIT_NAMES[suit][:-1]}: only the five of the trump suit is "
                "promoted (R2.4, R2.2)."
            )
        return f"{card} belongs to its printed suit, {SUIT_NAMES[suit]}, not to trumps (R2.2)."

    def _check(self, answer: Any) -> Feedback:
        got = card_names(answer, [str(CARDS[c]) for c in self.ids])
        rules = self.puzzle.rules
        if set(got) == set(self.right):
            lines = [self._why(parse_card(c).id) for c in self.right[:3]]
            return Feedback(True, True, "Right. " + " ".join(lines), rules)
        wrong = [c for c in got if c not in self.right]
        missed = [c for c in self.right if c not in got]
        if self.tries == 0:
            parts = []
            if wrong:
                verb = "is" if len(wrong) == 1 else "are"
                parts.append(f"{_plural(len(wrong), 'card')} you chose {verb} not trumps")
            if missed:
                parts.append(f"{_plural(len(missed), 'trump')} you left out")
            first = "R6.3 (which suit the turn-up makes trumps), " if self.turnup else ""
            return Feedback(
                False,
                False,
                f"Not all right: {' and '.join(parts)}. Look again with {first}R2.1 and R2.2.",
                rules,
            )
        lines = [self._why(parse_card(c).id) for c in wrong[:2] + missed[:2]]
        return Feedback(False, False, "Not yet. " + " ".join(lines), rules)

    def _hint_texts(self) -> list[str]:
        joker = " and the joker" if self.rules_.joker else ""
        first = (
            "R6.3: the turned-up card fixes the trump suit for the deal. " if self.turnup else ""
        )
        return [
            first + f"R2.1: the trumps are the cards of the trump suit, AH always{joker}; every "
            "other card belongs to its printed suit (R2.2).",
            f"{_plural(len(self.right), 'card')} of the {len(self.ids)} "
            f"{'is a trump' if len(self.right) == 1 else 'are trumps'}.",
        ]

    def _solution(self) -> Feedback:
        order = sort_cards(self.rules_, [CARDS[c] for c in self.ids], self.trump)
        lines = [self._why(c.id) for c in order]
        msg = f"The trumps: {' '.join(self.right) or 'none'}. " + " ".join(lines)
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.right))
