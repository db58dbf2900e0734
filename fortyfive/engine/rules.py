"""Rule presets as plain data, and the card-order tables derived from them (R1-R2, R5.2).

A regional variant is a new :class:`Rules` value, not new branches in the engine.

>>> BRUFF.players, BRUFF.joker, BRUFF.target, BARKER.target
(6, True, 45, 120)
>>> [str(c) for c in trump_order(BARKER, "H")][:4]
['5H', 'JH', 'AH', 'KH']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, asdict, dataclass, fields
from functools import cache
from itertools import islice
from typing import Any, Literal

from fortyfive.engine import validate as check
from fortyfive.engine.cards import AH_ID, CARDS, JOKER_ID, MAX_CARDS, RANKS, SUITS, Card
from fortyfive.engine.errors import InputError, quote

SuitLetter = Literal["S", "C", "D", "H"]


@dataclass(frozen=True)
class Rules:
    """Everything that differs between variants. Compare by value; presets are BRUFF and BARKER."""

    name: str
    players: int
    partnerships: tuple[int, ...]  # partnership index of each seat (R1.3)
    partnership_names: tuple[str, ...]
    joker: bool  # a joker in the pack, always a trump (R2.1)
    trump_from: Literal["turnup", "auction"]  # R6.3 / R9.6
    robbing: bool  # R6.5
    target: int  # 45 (R8.1) or 120 (R10.5)
    win_by_chronology: bool  # True: R8 trick chronology; False: checked after each hand (R10.5)
    jink: bool  # R8.4
    hand_size: int = 5
    trick_points: int = 5  # R7.1 / R10.1
    bonus_points: int = 5  # R7.2 / R10.1
    bids: tuple[int, ...] = ()  # legal bid amounts, empty when there is no auction (R9.2)
    dealer_hold: bool = False  # R9.3
    high_score: int = 100  # R9.4: a partnership with this many points ...
    high_score_min_bid: int = 20  # ... may not bid or hold below this
    max_discard: int = 0  # R9.7: 0 means no discard-and-draw phase
    made_max_bid_factor: int = 2  # R10.3: a made bid of the top amount scores double

    def __post_init__(self) -> None:
        """Refuse rules the engine cannot play, naming the field (records carry custom rules,
        so these are untrusted too)."""
        _check_rules(self)

    @property
    def auction(self) -> bool:
        """Is trump bid for (barker, R9.2) rather than turned up (bruff, R6.3)?"""
        return bool(self.bids)

    @property
    def n_partnerships(self) -> int:
        """How many partnerships sit at the table (R1.3)."""
        return len(self.partnership_names)

    @property
    def deal_points(self) -> int:
        """All the points one deal holds: every trick, and the bonus (R7.1-R7.2, R10.1)."""
        return self.hand_size * self.trick_points + self.bonus_points

    @property
    def deck_size(self) -> int:
        """The cards in the pack: 52, and the joker where it is played (R2.1)."""
        return 53 if self.joker else 52

    @property
    def deal_word(self) -> str:
        """What one deal is called: a "hand" where trump is bid for (R9), else a "deal" (R6)."""
        return "hand" if self.auction else "deal"

    @property
    def dealer_rule(self) -> str:
        """The rule id of who deals each deal: R9.1 in the auction game, else R6.1."""
        return "R9.1" if self.auction else "R6.1"

    @property
    def dealing_rule(self) -> str:
        """The rule id of how the cards are dealt: R9.1 in the auction game, else R6.2."""
        return "R9.1" if self.auction else "R6.2"

    @property
    def bonus_rule(self) -> str:
        """The rule id of the bonus for the trick of the highest trump: R10.1 in the auction
        game, else R7.2."""
        return "R10.1" if self.auction else "R7.2"

    @property
    def points_rules(self) -> str:
        """The rule ids of a deal's points, 5 a trick and the bonus: "R10.1" in the auction
        game, else "R7.1, R7.2"."""
        return "R10.1" if self.auction else "R7.1, R7.2"

    @property
    def win_rule(self) -> str:
        """The rule id of how the game is won: R8.1 where the tricks' order decides (trick
        chronology), else R10.5 (checked once each hand is scored)."""
        return "R8.1" if self.win_by_chronology else "R10.5"

    def partners(self, partnership: int) -> list[int]:
        """The seats of ``partnership``, in seat order (R1.3).

        >>> BRUFF.partners(1)
        [1, 4]
        """
        return [s for s, p in enumerate(self.partnerships) if p == partnership]

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-able data (records carry them); :meth:`from_dict` reads them."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from their :meth:`to_dict` form; raises
        :class:`~fortyfive.engine.errors.InputError` for a field that is unknown, missing or
        not playable."""
        if not isinstance(data, dict):
            raise InputError("rules", data, "an object of rules fields")
        names = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in set(data) - names)
        if unknown:
            raise InputError("rules", unknown, "", f"unknown rules fields: {quote(unknown)}")
        required = [f.name for f in fields(cls) if f.default is MISSING and f.name not in data]
        if required:
            raise InputError("rules", required, "every field without a default")
        kw: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**kw)

    def __repr__(self) -> str:
        return f"<Rules {self.name}: {self.players} players, target {self.target}>"


MAX_PLAYERS = 10
_MAX_BIDS = 12


def _check_rules(r: Rules) -> None:
    def need(ok: bool, name: str, expected: str) -> None:
        if not ok:
            raise InputError(f"rules.{name}", getattr(r, name), expected)

    def whole(name: str, lo: int, hi: int) -> None:
        check.integer(getattr(r, name), f"rules.{name}", lo, hi)

    for name in ("joker", "robbing", "win_by_chronology", "jink", "dealer_hold"):
        need(isinstance(getattr(r, name), bool), name, "true or false")
    need(isinstance(r.name, str) and 0 < len(r.name) <= 40, "name", "a name of 1..40 characters")
    whole("players", 2, MAX_PLAYERS)
    whole("hand_size", 1, 5)  # five tricks a deal at most (R3.3), dealt 3 then 2 (R6.2, R9.1)
    for name in ("target", "high_score", "high_score_min_bid"):
        whole(name, 1, 10_000)
    for name in ("trick_points", "bonus_points"):
        whole(name, 0, 100)
    whole("max_discard", 0, r.hand_size)
    whole("made_max_bid_factor", 1, 10)
    names = r.partnership_names
    need(
        isinstance(names, tuple)
        and 2 <= len(names) <= r.players
        and all(isinstance(n, str) and 0 < len(n) <= 20 for n in names),
        "partnership_names",
        f"2..{r.players} names of 1..20 characters",
    )
    seats = r.partnerships
    need(
        isinstance(seats, tuple)
        and len(seats) == r.players
        and all(isinstance(p, int) and not isinstance(p, bool) for p in seats)
        and set(seats) == set(range(len(names))),
        "partnerships",
        f"one partnership 0..{len(names) - 1} per seat, every partnership with a seat (R1.3)",
    )
    bids = r.bids
    need(
        isinstance(bids, tuple)
        and len(bids) <= _MAX_BIDS
        and all(isinstance(b, int) and not isinstance(b, bool) and 0 < b <= 1000 for b in bids)
        and list(bids) == sorted(set(bids)),
        "bids",
        f"at most {_MAX_BIDS} rising whole amounts (R9.2)",
    )
    auction = r.trump_from == "auction"
    need(r.trump_from in ("turnup", "auction"), "trump_from", "'turnup' or 'auction'")
    need(auction == bool(bids), "bids", "bid amounts exactly when trump comes from an auction")
    need(not (auction and r.robbing), "robbing", "false: robbing needs a turn-up (R6.5)")
    need(not (r.dealer_hold and not auction), "dealer_hold", "false without an auction (R9.3)")
    need(r.win_by_chronology != auction, "win_by_chronology", "true exactly for turn-up games")
    need(not (r.jink and not r.win_by_chronology), "jink", "false without trick chronology")
    deck = 53 if r.joker else 52
    # every hand dealt, and a turn-up (two, if the joker comes first: R6.4) left in the stock
    left = deck - r.players * r.hand_size - (0 if auction else 1 + r.joker)
    need(left >= 0, "players", f"few enough that {r.players} hands of {r.hand_size} fit the pack")


BRUFF = Rules(
    name="bruff",
    players=6,
    partnerships=(0, 1, 2, 0, 1, 2),
    partnership_names=("A", "B", "C"),
    joker=True,
    trump_from="turnup",
    robbing=True,
    target=45,
    win_by_chronology=True,
    jink=True,
)

BARKER = Rules(
    name="barker",
    players=4,
    partnerships=(0, 1, 0, 1),
    partnership_names=("N-S", "E-W"),
    joker=False,
    trump_from="auction",
    robbing=False,
    target=120,
    win_by_chronology=False,
    jink=False,
    bids=(5, 10, 15, 20, 25, 30),
    dealer_hold=True,
    max_discard=5,
)

PRESETS: dict[str, Rules] = {"bruff": BRUFF, "barker": BARKER}


def get_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the preset of that name (any case); another name is a ValueError.

    >>> get_rules("Barker").players
    4
    """
    if isinstance(rules, Rules):
        return rules
    try:
        return PRESETS[rules.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown preset {rules!r}; choose one of {sorted(PRESETS)}") from None


def suit_index(trump: str | int) -> int:
    """The index 0..3 of a suit letter (any case) in ``SUITS``, or the index itself."""
    if isinstance(trump, int) and 0 <= trump < 4:
        return trump
    if isinstance(trump, str) and len(trump) == 1 and trump.upper() in SUITS:
        return SUITS.index(trump.upper())
    raise ValueError(f"{trump!r} is not a suit; use S, C, D or H")


def _cid(rank: str, suit: int) -> int:
    return suit * 13 + RANKS.index(rank)


# R2.3: ranks of the trump suit below 5, J (joker) AH, high to low.
_TRUMP_TAIL = {"black": "AKQ2346789T", "D": "AKQT9876432", "H": "KQT9876432"}
# R2.4: non-trump ranks, high to low (hearts have no ace: AH is always a trump).
_PLAIN = {"black": "KQJA23456789T", "D": "KQJT98765432A", "H": "KQJT98765432"}
# R5.2: the protected trumps (the joker only where there is one).
_PROTECTED_RANKS = ("5", "J")


#: ``TrumpTables.eff_suit`` of every trump (R2.1): a fifth suit beside S C D H (0..3).
TRUMP_SUIT = 4


def _colour(suit: int) -> str:
    return "black" if suit < 2 else SUITS[suit]


class TrumpTables:
    """Order tables for one trump suit, computed once (see :func:`tables`).

    ``power[c]``: 100 + position for trumps (higher wins), plain rank 1..13 otherwise.
    ``eff_suit[c]``: :data:`TRUMP_SUIT` for a trump, else the printed suit (R2.2).
    ``suit_mask[s]``: the non-trump cards of printed suit s.
    ``unforced[c]``: for a led trump c, the protected trumps privileged against it (R5.2).
    ``higher[c]``: for a trump c, the trumps that outrank it.
    ``protected``: the protected trumps 5, J, joker, AH (R5.2).
    """

    __slots__ = (
        "eff_suit",
        "higher",
        "order",
        "plain",
        "power",
        "protected",
        "suit_mask",
        "trump",
        "trump_mask",
        "unforced",
    )

    def __init__(self, joker: bool, trump: int) -> None:
        self.trump = trump
        tail = _TRUMP_TAIL[_colour(trump)]
        order = [_cid("5", trump), _cid("J", trump)] + ([JOKER_ID] if joker else []) + [AH_ID]
        order += [_cid(r, trump) for r in tail]
        self.order: tuple[int, ...] = tuple(order)
        self.trump_mask = sum(1 << c for c in order)
        n = len(order)
        self.power = [0] * 53
        self.eff_suit = [TRUMP_SUIT] * 53
        for pos, c in enumerate(order):
            self.power[c] = 100 + n - pos
        self.plain: dict[int, tuple[int, ...]] = {}
        self.suit_mask = [0, 0, 0, 0]
        for s in range(4):
            if s == trump:
                continue
            ranks = _PLAIN[_colour(s)]
            ids = tuple(_cid(r, s) for r in ranks)
            self.plain[s] = ids
            for pos, c in enumerate(ids):
                self.power[c] = len(ids) - pos
                self.eff_suit[c] = s
                self.suit_mask[s] |= 1 << c
        protected = [_cid(r, trump) for r in _PROTECTED_RANKS] + [AH_ID]
        if joker:
            protected.append(JOKER_ID)
        self.protected = sum(1 << p for p in protected)
        self.unforced = [0] * 53
        self.higher = [0] * 53
        for pos, c in enumerate(order):
            self.higher[c] = sum(1 << h for h in order[:pos])
            self.unforced[c] = sum(1 << p for p in protected if self.power[p] > self.power[c])

    def is_trump(self, card: int) -> bool:
        """R2.1: whether card id ``card`` is a trump under this trump suit."""
        return self.eff_suit[card] == TRUMP_SUIT


@cache
def tables(joker: bool, trump: int) -> TrumpTables:
    """The order tables of one trump suit, computed once (R2.3, R2.4)."""
    return TrumpTables(joker, trump)


def rules_tables(rules: Rules, trump: str | int) -> TrumpTables:
    """The order tables of ``rules``'s pack under ``trump``."""
    return tables(rules.joker, suit_index(trump))


def trump_order(rules: Rules | str, trump: str) -> list[Card]:
    """All trumps, high to low (R2.3).

    >>> [str(c) for c in trump_order(BRUFF, "S")][:6]
    ['5S', 'JS', 'JK', 'AH', 'AS', 'KS']
    """
    return [CARDS[c] for c in rules_tables(get_rules(rules), trump).order]


def plain_order(rules: Rules | str, suit: str, trump: str) -> list[Card]:
    """A non-trump suit, high to low (R2.4).

    >>> [str(c) for c in plain_order(BRUFF, "D", trump="S")][-3:]
    ['3D', '2D', 'AD']
    """
    t = rules_tables(get_rules(rules), trump)
    s = suit_index(suit)
    if s == t.trump:
        raise ValueError(f"{SUITS[s]} is the trump suit; use trump_order")
    return [CARDS[c] for c in t.plain[s]]


_DISPLAY_SUITS = (0, 3, 1, 2)  # spades, hearts, clubs, diamonds: the colours alternate


@cache
def _display_rank(joker: bool, trump: int) -> tuple[int, ...]:
    """Sort key per card id: trumps high to low first (R2.3), then each other suit high to low
    (R2.4). With no trump yet (-1), the joker and AH, always trumps (R2.1), come first."""
    always = ([JOKER_ID] if joker else []) + [AH_ID]
    first = list(tables(joker, trump).order) if trump >= 0 else always
    order = list(first)
    for s in _DISPLAY_SUITS:
        if s == trump:
            continue
        ranks = _PLAIN[_colour(s)]
        order += [c for c in (_cid(r, s) for r in ranks) if c not in first]
    key = [len(order)] * 53
    for pos, c in enumerate(order):
        key[c] = pos
    return tuple(key)


def sort_cards(rules: Rules | str, cards: Iterable[Card], trump: str | None = None) -> list[Card]:
    """Cards in the order a player holds them: trumps high to low, then the other suits.

    >>> from fortyfive.engine.cards import parse_cards
    >>> [str(c) for c in sort_cards(BRUFF, parse_cards("2S 5D KH AH JK 9D AS"), trump="D")]
    ['5D', 'JK', 'AH', '9D', 'AS', '2S', 'KH']
    >>> [str(c) for c in sort_cards(BARKER, parse_cards("2S 5D KH AH 9D AS"))]
    ['AH', 'AS', '2S', 'KH', '9D', '5D']
    """
    r = get_rules(rules)
    no_trump = trump is None or trump == ""
    key = _display_rank(r.joker, -1 if no_trump else suit_index(check.suit(trump)))
    if isinstance(cards, str | bytes | Mapping) or not isinstance(cards, Iterable):
        raise InputError("cards", cards, "Card objects (parse_cards makes them from text)")
    held = list(islice(cards, MAX_CARDS + 1))
    if len(held) > MAX_CARDS:
        raise InputError("cards", cards, f"at most the {MAX_CARDS} cards of a pack")
    for i, c in enumerate(held):
        if not isinstance(c, Card):
            raise InputError(f"cards[{i}]", c, "a Card (parse_cards makes them from text)")
    return sorted(held, key=lambda c: key[c.id])
