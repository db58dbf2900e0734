"""The engine's facts as tables for the chapters: the cards ranked, what may be played and why,
the tricks of a deal, the presets and the seats (nothing here knows a rule: every fact comes
from the engine).

A table is the engine's :class:`~fortyfive.engine.tabular.Table`: Jupyter shows it as HTML, with
or without pandas (the course in the browser has none); ``.to_pandas()`` makes it a DataFrame.

>>> rank_ladder("barker", "D").column("♦ diamonds (trumps)")[:3]
('5♦', 'J♦', 'A♥')
>>> symbols(["5S", "TD", "JK"])
'5♠ 10♦ Joker'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fortyfive.engine.cards import CARDS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, parse_cards
from fortyfive.engine.dealing import seat_of_play
from fortyfive.engine.game import Game
from fortyfive.engine.rules import Rules, get_rules, plain_order, trump_order
from fortyfive.engine.tabular import Table
from fortyfive.engine.tricks import explain_play, legal_plays, trick_winner

CardsLike = str | Iterable[str | Card]


def table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> Table[object]:
    """Rows (dicts) as the engine's :class:`~fortyfive.engine.tabular.Table`, shown as HTML.

    >>> len(table([{"card": "5♠"}, {"card": "J♥"}]))
    2
    """
    return Table(rows, columns)


def symbols(cards: CardsLike) -> str:
    """Cards as the table shows them: ``"5♠ 10♦ Joker"``."""
    return " ".join(c.symbol() for c in parse_cards(cards))


def _suit_label(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def rank_ladder(preset: Rules | str, trump: str) -> Table[object]:
    """Every card of the pack ranked, with ``trump`` as trump suit: one column for the trumps
    (``ff.trump_order``, R2.3), then one per other suit (``ff.plain_order``, R2.4), high to low.
    Row 1 is the highest card of each column."""
    rules = get_rules(preset)
    columns: dict[str, list[str]] = {
        f"{_suit_label(trump)} (trumps)": [c.symbol() for c in trump_order(rules, trump)]
    }
    for s in SUITS:
        if s != trump:
            columns[_suit_label(s)] = [c.symbol() for c in plain_order(rules, s, trump=trump)]
    return _ladder_table(columns)


def _ladder_table(columns: dict[str, list[str]]) -> Table[object]:
    """Columns of cards, high to low, padded to one height; rows numbered from 1 ("rank")."""
    height = max(len(v) for v in columns.values())
    padded = {k: v + [""] * (height - len(v)) for k, v in columns.items()}
    rows = [{k: v[i] for k, v in padded.items()} for i in range(height)]
    return Table(rows, list(padded), index=range(1, height + 1), index_name="rank")


def trump_ladders(preset: Rules | str) -> Table[object]:
    """The trump order for each of the four trump suits side by side (R2.3), from the engine."""
    rules = get_rules(preset)
    columns = {_suit_label(s): [c.symbol() for c in trump_order(rules, s)] for s in SUITS}
    return _ladder_table(columns)


#: How a reason is laid out in :class:`LegalTable`'s HTML: a block of at most this width, so
#: that the sentence wraps instead of running past the edge of the page.
_REASON_BLOCK = (
    '<div style="min-width: 14em; max-width: 30em; white-space: normal; text-align: left">'
)


class LegalTable(Table[object]):
    """The table :func:`legal_table` returns: the engine's table, whose HTML wraps each reason.

    A reason is a sentence of a hundred characters; on one line it is wider than the book's page
    or a notebook beside its file browser, and the scrolled output cuts it mid-sentence.

    >>> t = legal_table("barker", "S", "JS 2D", "5S")
    >>> t._repr_html_().count(_REASON_BLOCK), t.column("why not")[1][:4]
    (2, 'R5.3')
    """

    __slots__ = ()

    def _cell_html(self, column: str, value: object) -> str:
        text = html.escape(self._text(value))
        return f"<td>{_REASON_BLOCK}{text}</div></td>" if column == WHY_NOT else f"<td>{text}</td>"


#: The column of :func:`legal_table` that holds the engine's reason.
WHY_NOT = "why not"


def legal_table(preset: Rules | str, trump: str, hand: CardsLike, trick: CardsLike) -> LegalTable:
    """For each card of ``hand``: may it be played to ``trick`` (led first)? and if not, the
    engine's reason with its rule id (``ff.legal_plays``, ``ff.explain_play``); in HTML each
    reason wraps (:class:`LegalTable`)."""
    rules = get_rules(preset)
    cards, played = parse_cards(hand), parse_cards(trick)
    legal = set(legal_plays(rules, trump, cards, played))
    rows = [
        {
            "card": c.symbol(),
            "may play": c in legal,
            WHY_NOT: explain_play(rules, trump, cards, played, c) if c not in legal else "",
        }
        for c in cards
    ]
    return LegalTable(rows)


def trick_table(game: Game, deal: int | None = None) -> Table[object]:
    """Every card played in a deal (the current one by default), in order: trick, seat,
    partnership, card, whether it is a trump, and who won the trick (``ff.trick_winner``)."""
    rules = game.rules
    log = game.deals[-1 if deal is None else deal - 1]
    trump = SUITS[log.trump] if log.trump >= 0 else None
    trumps = set(trump_order(rules, trump)) if trump else set()
    tricks: list[tuple[int, list[Card]]] = [
        (t.leader, [CARDS[c] for c in t.cards]) for t in log.tricks
    ]
    current = deal is None or deal == len(game.deals)
    if current and game.trick and game.leader is not None:
        tricks.append((game.leader, list(game.trick)))
    rows = []
    names = rules.partnership_names
    for number, (leader, cards) in enumerate(tricks, 1):
        done = len(cards) == rules.players
        win = trick_winner(rules, trump, cards) if done and trump else None
        for i, c in enumerate(cards):
            seat = seat_of_play(leader, i, rules.players)
            rows.append(
                {
                    "trick": number,
                    "seat": seat,
                    "partnership": names[rules.partnerships[seat]],
                    "card": c.symbol(),
                    "trump": c in trumps,
                    "takes the trick": "" if win is None else ("✓" if i == win else ""),
                }
            )
    return Table(rows)


def deal_timeline(game: Game, deal: int | None = None) -> Table[object]:
    """A bruff deal trick by trick, as it was played (the current or last deal by default): who
    took each trick, the highest trump so far and its trick, whether the bonus was certain yet
    (R7.3), and the running scores the engine showed after the trick (trick points, plus the
    bonus once certain: R8.6). The game is replayed from its record, one action at a time."""
    rec = game.record()
    number = deal if deal is not None else len(game.deals)
    g = Game.replay(rec, upto=0)
    names = game.rules.partnership_names
    rows = []
    for action in rec["actions"]:
        before = len(g.deals[number - 1].tricks) if len(g.deals) >= number else 0
        g.apply(action)
        if len(g.deals) < number:
            continue
        log = g.deals[number - 1]
        if len(log.tricks) > before:
            t = log.tricks[-1]
            finished = log.end_scores is not None
            scores = log.end_scores if finished else g.scores
            assert scores is not None
            row: dict[str, Any] = {
                "trick": len(log.tricks),
                "cards": symbols(CARDS[c] for c in t.cards),
                "won by": f"{names[game.rules.partnerships[t.winner]]} (seat {t.winner})",
                "highest trump": CARDS[log.bonus_card].symbol() if log.bonus_card >= 0 else "",
                "in trick": log.bonus_trick + 1 if log.bonus_card >= 0 else None,
                "bonus certain": log.bonus_certain if finished else g.bonus_certain(),
            }
            row.update({n: scores[k] for k, n in enumerate(names)})
            row["game over"] = names[g.winner] + " wins" if g.winner is not None else ""
            rows.append(row)
        if len(g.deals) > number or g.over:
            break
    return Table(rows)


def presets_table() -> Table[object]:
    """The presets side by side, read from the engine's rule tables: players, the seats of each
    partnership (R1.3), cards in the pack, where trumps come from and the target.

    >>> presets_table().rows[0]["players"]
    6
    """
    from fortyfive.engine.rules import PRESETS

    rows = [
        {
            "preset": r.name,
            "players": r.players,
            "partnerships": ", ".join(
                f"{name}: seats {' and '.join(map(str, r.partners(p)))}"
                for p, name in enumerate(r.partnership_names)
            ),
            "cards": r.deck_size,
            "trump from": r.trump_from,
            "target": r.target,
        }
        for r in PRESETS.values()
    ]
    return Table(rows)


def seats_table(preset: Rules | str) -> Table[object]:
    """Each seat round the table, clockwise (R1.2), with its partnership and partner (R1.3).

    >>> seats_table("barker").records()[1]
    {'seat': 1, 'partnership': 'E-W', 'partner': '3'}
    """
    rules = get_rules(preset)
    rows = []
    for seat in range(rules.players):
        side = rules.partnerships[seat]
        partners = [str(s) for s in rules.partners(side) if s != seat]
        rows.append(
            {
                "seat": seat,
                "partnership": rules.partnership_names[side],
                "partner": " and ".join(partners),
            }
        )
    return Table(rows)


def deal_summary(game: Game) -> Table[object]:
    """A bruff deal just dealt, as the engine has it: the dealer, the first to play, the cards
    in the hands and in the stock, the turn-up and trumps (R6.1-R6.3, R6.7)."""
    zones = game.zones()
    turnup = game.turnup
    facts = {
        "dealer": f"seat {game.dealer}",
        "first to play": f"seat {game.to_act}",
        "cards in the hands": sum(map(len, zones["hands"])),
        "cards in the stock": len(zones["stock"]),
        "turn-up": turnup.symbol() if turnup is not None else "",
        "trumps": SUIT_NAMES[game.trump] if game.trump else "not yet known",
    }
    return Table([facts])
