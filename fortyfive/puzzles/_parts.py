"""What the puzzle kinds share: checking the shape of an answer, wording cards and positions, and
building a game puzzle's position.

Positions (``Puzzle.position``) come in two shapes:

- card puzzles (``order``, ``winner``, ``legal``, ``keep``): ``trump`` (a suit letter) and the
  cards: ``cards``; or ``leader`` and ``trick``; or ``hand``, ``trick`` (and ``card`` for keep);
- game puzzles (``rob``, ``score``, ``game-winner``, ``calls``, ``target``): a first deal as
  :meth:`Game.from_deal` takes it (``dealer``, ``hands``, ``stock``, ``scores``) and ``actions``
  applied to it; ``target`` adds ``target``, the points the side to act must take in the deal.

Every answer is checked by asking the engine at that moment; nothing here stores an answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fortyfive.engine.cards import AH_ID, CARDS, SUIT_NAMES, SUITS, Card, parse_card
from fortyfive.engine.game import Game
from fortyfive.engine.rulebook import cited_rules
from fortyfive.engine.rules import Rules, TrumpTables, get_rules, sort_cards, trump_order
from fortyfive.engine.score_sheet import trick_rows
from fortyfive.engine.scoring import DealLog
from fortyfive.puzzles.model import PuzzleInputError, PuzzleRun

# ---------------------------------------------------------------------------- answers
#
# The one check of an answer's shape, for every front end: a value that is not the JSON shape the
# view's ``answer`` asks for, or names a card or option not on offer, raises PuzzleInputError
# saying why (the puzzle widget shows the text as it is). Whether it is *right* is the engine's.


def card_name(value: Any, allowed: Sequence[str]) -> str:
    return _one_of(value, allowed, "card name", _card)


def choice(value: Any, options: Sequence[str]) -> str:
    return _one_of(value, options, "option", str)


def _one_of(value: Any, offered: Sequence[str], what: str, read: Callable[[str], str]) -> str:
    if not isinstance(value, str):
        raise PuzzleInputError(f"expected one {what}, not {value!r:.40}")
    name = read(value)
    if name not in offered:
        raise PuzzleInputError(
            f"{value!r:.20} is not on offer: expected one of {', '.join(offered)}"
        )
    return name


def _card(value: str) -> str:
    """The card as the engine writes it ("5s" is 5S)."""
    try:
        return str(parse_card(value))
    except ValueError as e:  # R1.1: not a card at all
        raise PuzzleInputError(str(e)) from None


def card_names(value: Any, allowed: Sequence[str]) -> list[str]:
    return _distinct([card_name(v, allowed) for v in _list(value, "card names")])


def choices(value: Any, options: Sequence[str]) -> list[str]:
    return _distinct([choice(v, options) for v in _list(value, "options")])


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise PuzzleInputError(f"expected a list of {what}, not {value!r:.40}")
    return value


def _distinct(items: list[str]) -> list[str]:
    repeated = sorted({v for v in items if items.count(v) > 1})
    if repeated:
        raise PuzzleInputError(f"{', '.join(repeated)} given more than once")
    return items


def form_values(value: Any, fields: list[dict[str, Any]]) -> dict[str, Any]:
    """The form's values by field name; a number field takes a whole number (a whole float such
    as ``15.0`` counts: JSON does not tell them apart), a choice field one of its options."""
    names = [f["name"] for f in fields]
    if not isinstance(value, dict):
        raise PuzzleInputError(f"expected an object with {', '.join(names)}, not {value!r:.40}")
    missing = [n for n in names if n not in value]
    extra = sorted(str(k) for k in value if k not in names)
    if missing or extra:
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"unknown {', '.join(extra)}"] if extra else []
        )
        raise PuzzleInputError("; ".join(parts))
    out: dict[str, Any] = {}
    for f in fields:
        v = value[f["name"]]
        if f["kind"] == "number":
            if isinstance(v, float) and v.is_integer():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int):
                raise PuzzleInputError(f"{f['label']} must be a whole number")
        else:
            allowed = [str(o["value"]) for o in f["options"]]
            if not isinstance(v, str) or v not in allowed:
                raise PuzzleInputError(
                    f"{f['label']} must be one of {', '.join(allowed)}, not {v!r:.20}"
                )
        out[f["name"]] = v
    return out


def check_shape(spec: Any, value: Any) -> Any:
    """``value`` checked against a view's answer ``spec`` alone, with the checks the runs use:
    its shape, the cards or options on offer and an order's length. Returns it as the run reads
    it (card names written as the engine writes them, form numbers as ints)."""
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind in ("card", "cards", "sequence"):
        cards = [str(c) for c in spec.get("cards") or []]
        if kind == "card":
            return card_name(value, cards)
        names = card_names(value, cards)
        count = spec.get("count", len(cards))
        if kind == "sequence" and len(names) != count:
            raise PuzzleInputError(f"put all {count} cards in order")
        return names
    if kind in ("choice", "choices"):
        values = [str(o["value"]) for o in spec.get("options") or []]
        return choice(value, values) if kind == "choice" else choices(value, values)
    if kind == "form":
        return form_values(value, list(spec.get("fields") or []))
    raise PuzzleInputError("this puzzle takes no answer")


def options(pairs: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"value": v, "label": label} for v, label in pairs]


# ---------------------------------------------------------------------------- words


def listed(items: Sequence[str]) -> str:
    """Items as a sentence lists them.

    >>> listed(["TS"]), listed(["TS", "5S"]), listed(["TS", "5S", "6S"])
    ('TS', 'TS and 5S', 'TS, 5S and 6S')
    """
    return " and ".join([", ".join(items[:-1]), items[-1]] if items[1:] else list(items))


def suit_word(trump: str) -> str:
    return SUIT_NAMES[trump]


def ladder(rules: Rules, trump: str) -> str:
    return " > ".join(str(c) for c in trump_order(rules, trump))


def rank_reason(rules: Rules, t: TrumpTables, trump: str, hi: int, lo: int) -> str:
    """Why card ``hi`` outranks ``lo`` in a trick (both trumps, a trump and a plain card, or two
    cards of one plain suit), citing R2."""
    h, low = CARDS[hi], CARDS[lo]
    tname = suit_word(trump)
    if t.is_trump(hi) and not t.is_trump(lo):
        extra = ""
        if h.id == AH_ID and trump != "H":
            extra = " (AH is always a trump, R2.1)"
        elif h.is_joker:
            extra = " (the joker is always a trump, R2.1)"
        return f"{h} is a trump{extra} and {low} is not: any trump beats a plain card (R3.2)."
    if t.is_trump(hi):
        note = ""
        if h.rank == "5":
            note = " The five of trumps is the highest card of all."
        elif trump in "SC" and _rank_in(h, "2346789") and _rank_in(low, "2346789T"):
            note = " In a black trump suit the low pips rank high (2 > 3 > 4 > 6 ... > 10)."
        return f"R2.3: with {tname} trump, {h} ranks above {low}.{note}"
    suit = SUIT_NAMES[SUITS[t.eff_suit[hi]]]
    note = ""
    black = SUITS[t.eff_suit[hi]] in "SC"
    if black and _rank_in(h, "A23456789") and _rank_in(low, "A3456789T"):
        note = " In black plain suits the ace ranks below the jack and low pips rank high."
    elif black and low.rank == "A":
        note = " In black plain suits the ace ranks below the jack: K > Q > J > A > 2 ... > 10."
    elif low.rank == "A":
        note = " The ace of diamonds is the lowest diamond when diamonds are not trumps."
    return f"R2.4: in {suit} (not trumps), {h} ranks above {low}.{note}"


def _rank_in(card: Card, ranks: str) -> bool:
    return card.rank is not None and card.rank in ranks


def seat_label(rules: Rules, seat: int) -> str:
    return f"Seat {seat} ({rules.partnership_names[rules.partnerships[seat]]})"


def seats_view(
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


def tricks_view(rules: Rules, deal: DealLog) -> list[dict[str, Any]]:
    n = rules.players
    return [
        {
            "number": i + 1,
            "leader": t.leader,
            "cards": [{"seat": s, "card": str(CARDS[c])} for s, c in t.plays(n)],
            "winner": t.winner,
        }
        for i, t in enumerate(deal.tricks)
    ]


def sheet_rows(game: Game, deal: int, totals: bool) -> list[dict[str, Any]]:
    """The score sheet's rows for one deal. Without ``totals`` (feedback on a wrong answer) only
    who took each trick: each trick's points and the bonus's trick would be the answer, added
    up (R7.1, R7.2, and whether the bonus is certain, R7.3); with them, the whole sheet."""
    rows = [r for r in trick_rows(game) if r["deal"] == deal]
    if totals:
        return rows
    keep = ("trick", "leader", "cards", "winner", "partnership")
    return [{k: r[k] for k in keep} for r in rows]


def what_to_look_at(parts: Sequence[str], reasons: Iterable[str]) -> str:
    """A first miss of a "choose every one" kind: how many choices are off (``parts``, each
    a phrase such as "2 of the cards you chose may not be played"), and the rule ids the
    engine's ``reasons`` for them cite, naming no choice."""
    ids = sorted({r for why in reasons for r in cited_rules(why)})
    return f"Not all right: {' and '.join(parts)}. Look again with {', '.join(ids)}."


def scores_text(rules: Rules, scores: Sequence[int]) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(rules.partnership_names, scores, strict=True))


def position_game(rules: Rules, pos: dict[str, Any], until_over: bool = False) -> Game:
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


# ---------------------------------------------------------------------------- game puzzles


@dataclass
class GameRun(PuzzleRun):
    def _setup(self) -> None:
        self.rules_ = get_rules(self.puzzle.preset)
        try:
            self.game = position_game(self.rules_, self.puzzle.position)
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
        elif deal.turnup >= 0 and not self.rules_.auction and deal.tricks:
            # as plain at the table as a robbing: the first trick is over, so it is final (R6.6)
            facts.append("The turn-up was not robbed (R6.5, R6.6)")
        facts.append(f"Dealer: seat {deal.dealer}")
        return facts


# ---------------------------------------------------------------------------- bruff chronology


@dataclass(frozen=True)
class ChronologyStep:
    """The R8.6 procedure after one trick of a bruff deal, from the engine's scoring functions.

    ``s0`` holds the running totals with trick points only, ``s1`` with the bonus credited at
    the trick of the highest trump so far (``bonus_trick``, 0-based, -1 for none);
    ``first0``/``first1`` are each line's (partnership, trick index) first to the target;
    ``decided`` is the partnership that has won after this trick, or None to play on.
    """

    trick: int  # 1-based
    winner: int  # the partnership that took the trick
    bonus_card: int
    bonus_trick: int
    certain: bool
    s0: tuple[int, ...]
    s1: tuple[int, ...]
    first0: tuple[int, int] | None
    first1: tuple[int, int] | None
    decided: int | None

    @property
    def disagree(self) -> bool:
        """The bonus is uncertain and the two lines name different firsts (or only one has a
        first): the case where play goes on (R8.6)."""
        p0 = self.first0[0] if self.first0 else None
        p1 = self.first1[0] if self.first1 else None
        return not self.certain and p0 != p1


def chronology_steps(game: Game, deal: int) -> list[ChronologyStep]:
    """Each trick of bruff deal ``deal`` (1-based) of ``game`` as the engine saw it when the
    trick was done: the game is replayed from its record one action at a time."""
    from fortyfive.engine.scoring import chronology_winner, first_to_target, running_totals

    rules = game.rules
    if rules.auction:
        raise ValueError("trick chronology (R8.6) is bruff's")
    rec = game.record()
    g = Game.replay(rec, upto=0)
    steps: list[ChronologyStep] = []
    for action in rec["actions"]:
        if len(g.deals) > deal or g.over:
            break
        before = len(g.deals[deal - 1].tricks) if len(g.deals) >= deal else 0
        g.apply(action)
        if len(g.deals) < deal:
            continue
        log = g.deals[deal - 1]
        if len(log.tricks) == before:
            continue
        winners = [rules.partnerships[t.winner] for t in log.tricks]
        start, bt, certain = log.start_scores, log.bonus_trick, log.bonus_certain
        steps.append(
            ChronologyStep(
                trick=len(log.tricks),
                winner=winners[-1],
                bonus_card=log.bonus_card,
                bonus_trick=bt,
                certain=certain,
                s0=running_totals(rules, start, winners, -1),
                s1=running_totals(rules, start, winners, bt),
                first0=first_to_target(rules, start, winners, -1),
                first1=first_to_target(rules, start, winners, bt),
                decided=chronology_winner(rules, start, winners, bt, certain),
            )
        )
    return steps
