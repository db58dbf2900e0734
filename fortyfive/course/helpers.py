"""What the course notebooks call: puzzles that record every attempt, the learner's results, and
small display helpers whose every fact comes from the engine (nothing here knows a rule).

>>> from fortyfive.course.helpers import results
>>> list(results(1, progress_file="/nonexistent/progress.json").columns)[:3]
['puzzle', 'kind', 'title']
>>> rank_ladder("barker", "D").iloc[:3, 0].tolist()
['5♦', 'J♦', 'A♥']
>>> symbols(["5S", "TD", "JK"])
'5♠ 10♦ Joker'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fortyfive.course.progress import ProgressLog, chapter_results, progress
from fortyfive.course.review import Recipe
from fortyfive.engine.cards import CARDS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, deck, parse_cards
from fortyfive.engine.dealing import seat_of_play
from fortyfive.engine.game import Game
from fortyfive.engine.rules import Rules, get_rules, plain_order, trump_order
from fortyfive.engine.table import frame
from fortyfive.engine.tricks import explain_play, legal_plays, trick_winner
from fortyfive.puzzles.model import ATTEMPT_FIELDS

if TYPE_CHECKING:
    import pandas

    from fortyfive.puzzles.model import Puzzle
    from fortyfive.widgets.puzzle import PuzzleWidget

CardsLike = str | Iterable[str | Card]

# ---------------------------------------------------------------------------- puzzles, results


def puzzle(
    puzzle_id: str | Puzzle, tries_before_show: int = 3, progress_file: str | Path | None = None
) -> PuzzleWidget:
    """A puzzle as a widget: a shipped one by id (``"c1-01"``) or any :class:`Puzzle` (e.g. one
    of :func:`fortyfive.puzzles.generate.generate_puzzles`). Every check is saved to the progress
    file beside the notebook (see :mod:`fortyfive.course.progress`); a shipped puzzle missed
    there enters the review queue (:mod:`fortyfive.course.review`)."""
    from fortyfive.widgets.puzzle import PuzzleWidget

    log = ProgressLog(progress_file)
    widget = PuzzleWidget(puzzle_id, tries_before_show=tries_before_show)
    recipe = Recipe.of(widget.puzzle)

    def record(attempt: dict[str, Any]) -> None:
        log.record(attempt, recipe)

    widget.on_attempt = record
    return widget


def results(chapter: int, progress_file: str | Path | None = None) -> pandas.DataFrame:
    """Your results in a chapter: one row per puzzle (tries, solved, first try, hints, shown)."""
    return chapter_results(chapter, progress_file)


class ProgressDownload:
    """A link that saves the progress file from the page (a ``data:`` address: it works in
    JupyterLab and in the browser-only course alike, where the file lives in the browser's
    storage), for handing in to a teacher."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = path.read_bytes() if path.is_file() else b""

    def _repr_html_(self) -> str:
        import base64

        if not self.data:
            return f"<p>No progress recorded yet in {html.escape(self.path.name)}.</p>"
        href = "data:application/json;base64," + base64.b64encode(self.data).decode("ascii")
        name = html.escape(self.path.name)
        return (
            f'<p><a class="fortyfive-download" download="{name}" href="{href}">'
            f"Download {name}</a> ({len(self.data):,} bytes) to hand it in.</p>"
        )

    def __repr__(self) -> str:
        return f"<ProgressDownload {self.path.name}: {len(self.data)} bytes>"


def download_progress(progress_file: str | Path | None = None) -> ProgressDownload:
    """A download link for your progress file (``fortyfive-progress.json`` beside the notebook).

    >>> download_progress("/nonexistent/p.json")
    <ProgressDownload p.json: 0 bytes>
    """
    return ProgressDownload(Path(progress_file) if progress_file else ProgressLog().path)


def collect_progress(files: Mapping[str, str | Path] | Iterable[str | Path]) -> pandas.DataFrame:
    """Several learners' progress files as one DataFrame, one row per check, with a ``learner``
    column first: the mapping's keys, or each file's folder name when given a list of paths.

    >>> list(collect_progress({"ann": "/nonexistent/p.json"}).columns)[:2]
    ['learner', 'puzzle']
    """
    import pandas as pd

    if isinstance(files, Mapping):
        named = [(str(k), Path(v)) for k, v in files.items()]
    else:
        named = [(Path(p).parent.name, Path(p)) for p in files]
    frames = []
    for learner, path in named:
        df = progress(path)
        df.insert(0, "learner", learner)
        frames.append(df)
    if not frames:
        return pd.DataFrame(columns=["learner", *ATTEMPT_FIELDS])
    return pd.concat(frames, ignore_index=True)


def table(
    rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None
) -> pandas.DataFrame:
    """Rows (dicts) as a table: a DataFrame where pandas is installed, else an HTML table of
    the same rows (the course in the browser has no pandas: :mod:`fortyfive.engine.table`).

    >>> len(table([{"card": "5♠"}, {"card": "J♥"}]))
    2
    """
    return frame(rows, columns)


# ---------------------------------------------------------------------------- cards


def symbols(cards: CardsLike) -> str:
    """Cards as the table shows them: ``"5♠ 10♦ Joker"``."""
    return " ".join(c.symbol() for c in parse_cards(cards))


def _suit_label(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def rank_ladder(preset: Rules | str, trump: str) -> pandas.DataFrame:
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
    return _ladder_frame(columns)


def _ladder_frame(columns: dict[str, list[str]]) -> pandas.DataFrame:
    """Columns of cards, high to low, padded to one height; rows numbered from 1 ("rank")."""
    height = max(len(v) for v in columns.values())
    padded = {k: v + [""] * (height - len(v)) for k, v in columns.items()}
    rows = [{k: v[i] for k, v in padded.items()} for i in range(height)]
    return frame(rows, list(padded), index=range(1, height + 1), index_name="rank")


def trump_ladders(preset: Rules | str) -> pandas.DataFrame:
    """The trump order for each of the four trump suits side by side (R2.3), from the engine."""
    rules = get_rules(preset)
    columns = {_suit_label(s): [c.symbol() for c in trump_order(rules, s)] for s in SUITS}
    return _ladder_frame(columns)


def legal_table(
    preset: Rules | str, trump: str, hand: CardsLike, trick: CardsLike
) -> pandas.DataFrame:
    """For each card of ``hand``: may it be played to ``trick`` (led first)? and if not, the
    engine's reason with its rule id (``ff.legal_plays``, ``ff.explain_play``)."""
    rules = get_rules(preset)
    cards, played = parse_cards(hand), parse_cards(trick)
    legal = set(legal_plays(rules, trump, cards, played))
    rows = [
        {
            "card": c.symbol(),
            "may play": c in legal,
            "why not": explain_play(rules, trump, cards, played, c) if c not in legal else "",
        }
        for c in cards
    ]
    return frame(rows)


def trick_table(game: Game, deal: int | None = None) -> pandas.DataFrame:
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
    return frame(rows)


# ---------------------------------------------------------------------------- building deals


def _full_pack(rules: Rules) -> list[str]:
    return [str(c) for c in deck(rules.joker)]


def deal_game(
    preset: Rules | str,
    dealer: int,
    hands: Sequence[CardsLike],
    stock_top: CardsLike = "",
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> Game:
    """A game from hands written out in full (``"7S 3C 3H QH 8C"`` per seat): the stock is
    ``stock_top`` (bruff: the turn-up first) followed by the rest of the pack in pack order.
    Everything else is :meth:`Game.from_deal`.

    >>> g = deal_game("barker", 3, ["AH 4D 5D 6C 7C", "7S KC KH 8D 9D",
    ...                             "5S KD QD 2C 2H", "AS TD JD 3C 3H"])
    >>> g.phase, g.to_act
    (<Phase.BID: 'bid'>, 0)
    """
    rules = get_rules(preset)
    held = [[str(c) for c in parse_cards(h)] for h in hands]
    top = [str(c) for c in parse_cards(stock_top)]
    used = {c for h in held for c in h} | set(top)
    stock = top + [c for c in _full_pack(rules) if c not in used]
    return Game.from_deal(rules, dealer, held, stock, scores=scores, seed=seed)


def play_cards(game: Game, cards: CardsLike) -> None:
    """Play ``cards`` in turn (``"7S 5S KD"``), each by the seat to act, through ``apply``."""
    for c in parse_cards(cards):
        game.apply(f"play {c}")


# ---------------------------------------------------------------------------- charts

#: Partnership colours, as on the card table.
COLOURS = ("#1e88e5", "#ef6c00", "#8e24aa")


class ScoreChart:
    """A line chart of running totals, drawn as SVG (shown by Jupyter via ``_repr_svg_``).

    ``labels`` names each x position; ``lines`` maps a name to one value per position;
    ``breaks`` are (position, text) pairs drawn as dotted lines (bruff: each deal starts).
    """

    def __init__(
        self,
        title: str,
        labels: Sequence[str],
        lines: Mapping[str, Sequence[int]],
        target: int | None = None,
        breaks: Sequence[tuple[int, str]] = (),
        x_title: str = "",
        width: int = 640,
        height: int = 300,
    ) -> None:
        self.title = title
        self.labels = list(labels)
        self.lines = {k: list(v) for k, v in lines.items()}
        self.target = target
        self.breaks = list(breaks)
        self.x_title = x_title
        self.width = width
        self.height = height
        for name, values in self.lines.items():
            if len(values) != len(self.labels):
                raise ValueError(f"line {name!r} has {len(values)} values for {len(self.labels)}")

    def svg(self) -> str:
        """The chart as an SVG document (the same text for the same data)."""
        w, h = self.width, self.height
        left, right, top, bottom = 44, 70, 36, 40
        values = [v for vs in self.lines.values() for v in vs]
        if self.target is not None:
            values.append(self.target)
        lo = min(0, *values) if values else 0
        hi = max(5, *values) if values else 5
        step = next(st for st in (5, 10, 20, 25, 50, 100, 200, 500) if (hi - lo) / st <= 10)
        lo, hi = step * (lo // step), step * -(-hi // step)
        n = max(1, len(self.labels) - 1)

        def x(i: float) -> str:
            return f"{left + (w - left - right) * i / n:.1f}"

        def y(v: float) -> str:
            return f"{top + (h - top - bottom) * (hi - v) / (hi - lo):.1f}"

        esc = html.escape
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">',
            f"<title>{esc(self.title)}</title>",
            f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>',
            f'<text x="{left}" y="16" font-size="13" font-weight="bold" fill="#222">'
            f"{esc(self.title)}</text>",
        ]
        for v in range(lo, hi + 1, step):
            out.append(
                f'<line x1="{left}" y1="{y(v)}" x2="{w - right}" y2="{y(v)}" stroke="#e3e3e3"/>'
            )
            out.append(
                f'<text x="{left - 6}" y="{y(v)}" dy="4" text-anchor="end" fill="#555">{v}</text>'
            )
        for i, text in self.breaks:
            out.append(
                f'<line x1="{x(i)}" y1="{top}" x2="{x(i)}" y2="{h - bottom}" stroke="#bbb" '
                'stroke-dasharray="2 3"/>'
            )
            out.append(f'<text x="{x(i)}" y="{top - 6}" dx="3" fill="#777">{esc(text)}</text>')
        if self.target is not None:
            out.append(
                f'<line x1="{left}" y1="{y(self.target)}" x2="{w - right}" '
                f'y2="{y(self.target)}" stroke="#c62828" stroke-dasharray="6 4"/>'
            )
            out.append(
                f'<text x="{left + 4}" y="{y(self.target)}" dy="13" fill="#c62828">'
                f"target {self.target}</text>"
            )
        every = max(1, len(self.labels) // 16)
        for i, label in enumerate(self.labels):
            if i % every == 0 or i == len(self.labels) - 1:
                out.append(
                    f'<text x="{x(i)}" y="{h - bottom + 14}" text-anchor="middle" fill="#555">'
                    f"{esc(label)}</text>"
                )
        if self.x_title:
            out.append(
                f'<text x="{(left + w - right) / 2:.1f}" y="{h - 6}" text-anchor="middle" '
                f'fill="#555">{esc(self.x_title)}</text>'
            )
        out.append(
            f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" '
            'stroke="#888"/>'
        )
        ends: list[tuple[float, int, str]] = []
        for k, (name, vs) in enumerate(self.lines.items()):
            colour = COLOURS[k % len(COLOURS)]
            path = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(vs))
            out.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5" '
                'stroke-linejoin="round"/>'
            )
            for i, v in enumerate(vs):
                out.append(f'<circle cx="{x(i)}" cy="{y(v)}" r="2.5" fill="{colour}"/>')
            if vs:
                ends.append((float(y(vs[-1])), k, f"{name} {vs[-1]}"))
        placed = -1e9
        for ey, k, text in sorted(ends):
            placed = max(ey, placed + 13)
            out.append(
                f'<text x="{w - right + 6}" y="{placed:.1f}" dy="4" '
                f'fill="{COLOURS[k % len(COLOURS)]}" font-weight="bold">{esc(text)}</text>'
            )
        out.append("</svg>")
        return "\n".join(out)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        finals = ", ".join(f"{k} {v[-1]}" for k, v in self.lines.items() if v)
        return f"<ScoreChart {self.title!r}: {len(self.labels)} points; {finals}>"


def running_totals_chart(game: Game, width: int = 640, height: int = 300) -> ScoreChart:
    """The game's running totals as a :class:`ScoreChart`, read from its score sheet
    (``game.score_sheet()``): bruff trick by trick (dotted lines start each deal), barker hand
    by hand (``score_sheet(by="deal")``). The target is drawn dashed."""
    rules = game.rules
    names = list(rules.partnership_names)
    start = list(game.deals[0].start_scores) if game.deals else [0] * len(names)
    labels = ["start"]
    lines: dict[str, list[int]] = {n: [start[k]] for k, n in enumerate(names)}
    breaks: list[tuple[int, str]] = []
    if rules.auction:
        sheet = game.score_sheet(by="deal")
        for (_, row), log in zip(sheet.iterrows(), game.deals, strict=True):
            if log.end_scores is None:  # the hand being played
                continue
            labels.append(str(row["deal"]))
            for n in names:
                lines[n].append(int(row[n]))
        x_title = "after each hand"
    else:
        sheet = game.score_sheet()
        last_deal = None
        for _, row in sheet.iterrows():
            if row["deal"] != last_deal:
                last_deal = row["deal"]
                breaks.append((len(labels) - 1, f"deal {last_deal}"))
            labels.append(f"{row['trick']}")
            for n in names:
                lines[n].append(int(row[n]))
        x_title = "after each trick (the trick's number in its deal)"
    title = f"Running totals, {rules.name}"
    return ScoreChart(title, labels, lines, rules.target, breaks, x_title, width, height)


def deal_timeline(game: Game, deal: int | None = None) -> pandas.DataFrame:
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
    return frame(rows)


# ---------------------------------------------------------------------------- the first chapters


def presets_table() -> pandas.DataFrame:
    """The presets side by side, read from the engine's rule tables: players, the seats of each
    partnership (R1.3), cards in the pack, where trumps come from and the target.

    >>> presets_table().to_dict("records")[0]["players"]
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
    return frame(rows)


def seats_table(preset: Rules | str) -> pandas.DataFrame:
    """Each seat round the table, clockwise (R1.2), with its partnership and partner (R1.3).

    >>> seats_table("barker").to_dict("records")[1]
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
    return frame(rows)


def deal_summary(game: Game) -> pandas.DataFrame:
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
    return frame([facts])


def barker_hand(
    dealer: int, hands: Sequence[CardsLike], trump: str, bid: int = 20, bidder: int | None = None
) -> Game:
    """An Auction Forty-Fives hand ready for its first lead: ``bidder`` (by default the seat on
    the dealer's left) bids ``bid``, everyone else passes, it names ``trump`` and nobody changes
    cards. The stock is the rest of the pack (:func:`deal_game`); every step goes through
    ``apply``, so the engine checks it (R9.2-R9.7).

    >>> g = barker_hand(3, ["AH 4D 5D 6C 7C", "7S KC KH 8D 9D", "5S KD QD 2C 2H",
    ...                     "AS TD JD 3C 3H"], "S")
    >>> g.phase, g.trump, g.to_act
    (<Phase.PLAY: 'play'>, 'S', 1)
    """
    game = deal_game("barker", dealer, hands)
    n = game.rules.players
    bidder = (dealer + 1) % n if bidder is None else bidder
    while game.phase == "bid":
        game.apply(f"bid {bid}" if game.to_act == bidder else "pass")
    game.apply(f"trump {trump}")
    while game.phase == "discard":
        game.apply("discard")
    return game


# ---------------------------------------------------------------------------- worked examples
#
# One-line calls for the chapters' worked examples: a game between computer players, an auction
# call by call, the two lines of the race to 45, what a bid scores, a hand's value and an
# endgame's solution. Every fact comes from the engine, the solver or the puzzles.


def computer_game(
    preset: Rules | str, seed: int, bot_seed: int = 1, until_card_of: int | None = None
) -> Game:
    """A game (``Game.new(preset, seed)``) played by rule-based players to its end, or, with
    ``until_card_of``, until that seat is to play a card."""
    from fortyfive.agents.bots import make_bot

    game = Game.new(preset, seed=seed)
    bot = make_bot("rule", seed=bot_seed)
    while not game.over:
        assert game.to_act is not None
        if game.to_act == until_card_of and game.phase == "play":
            break
        game.apply(bot.choose(game, game.to_act))
    return game


def auction_table(
    game: Game, calls: Sequence[str], seat_names: Sequence[str] | None = None
) -> pandas.DataFrame:
    """Make ``calls`` in turn (each by the seat to call): one row per call, with the calls the
    engine allowed that seat at that moment (R9.2-R9.5)."""
    rows = []
    for call in calls:
        seat = game.to_act
        assert seat is not None
        rows.append(
            {
                "seat": seat_names[seat] if seat_names else f"seat {seat}",
                "legal calls": ", ".join(game.legal_actions()),
                "call": call,
            }
        )
        game.apply(call)
    return frame(rows)


def chronology_table(game: Game, deal: int | None = None) -> pandas.DataFrame:
    """A bruff deal trick by trick with the engine's two lines of running totals (R8.6): without
    the bonus, and with it on the trick of the highest trump so far; each line's first to 45,
    whether the bonus was certain, and what the engine decided."""
    from fortyfive.puzzles._parts import chronology_steps

    rules = game.rules
    names = rules.partnership_names
    number = deal if deal is not None else len(game.deals)

    def totals(line: tuple[int, ...]) -> str:
        return " · ".join(f"{n} {v}" for n, v in zip(names, line, strict=True))

    def first(f: tuple[int, int] | None) -> str:
        return f"{names[f[0]]} (trick {f[1] + 1})" if f else "nobody"

    rows = []
    for st in chronology_steps(game, number):
        decided = "play on" if st.decided is None else f"{names[st.decided]} wins"
        rows.append(
            {
                "trick": st.trick,
                "won by": names[st.winner],
                "highest trump": CARDS[st.bonus_card].symbol() if st.bonus_card >= 0 else "",
                "certain": st.certain,
                "without the bonus": totals(st.s0),
                "first to 45 without": first(st.first0),
                "with the bonus": totals(st.s1),
                "first to 45 with": first(st.first1),
                "engine": decided,
            }
        )
    return frame(rows)


def bid_outcomes(
    deals: Mapping[str, tuple[Sequence[CardsLike], Sequence[CardsLike]]],
    bids: Sequence[int],
    dealer: int = 3,
    trump: str = "S",
) -> pandas.DataFrame:
    """barker: each named deal (hands, tricks) played with each bid: the first caller (the
    dealer's left) bids, everyone else passes, ``trump`` is named, nobody changes cards; one row
    per deal and bid with each side's score change (R10.2-R10.4)."""
    rows = []
    for name, (hands, tricks) in deals.items():
        for bid in bids:
            g = barker_hand(dealer, hands, trump, bid)
            for trick in tricks:
                play_cards(g, trick)
            row: dict[str, Any] = {"hand": name, "bid": bid}
            row.update(dict(zip(g.rules.partnership_names, g.scores, strict=True)))
            rows.append(row)
    return frame(rows)


def bid_chances(game: Game, seat: int | None = None) -> pandas.DataFrame:
    """barker, before the first call: what the hand of ``seat`` (the seat to call) is worth as
    the bidders, as the bid puzzles judge it (:func:`fortyfive.puzzles._bidding.judge`): for each
    bid, the share of the sampled deals in which the side took it, in its best suit."""
    from fortyfive.puzzles._bidding import judge

    seat = game.to_act if seat is None else seat
    assert seat is not None
    j = judge(game, seat)
    rows = [
        {
            "bid": b,
            f"taken with {SUIT_NAMES[j.suit]} trumps": f"{round(100 * j.share(b))}%",
            f"no higher than the average, {j.value:.1f}": "yes" if b <= j.value else "no",
        }
        for b in game.rules.bids
    ]
    return frame(rows)


def endgame_values(game: Game) -> pandas.DataFrame:
    """The solver's value of each card the seat to act may play: the points its side takes in
    the whole deal with best play on both sides after it (every hand open)."""
    from fortyfive.solve.solver import solve

    s = solve(game)
    rows = [
        {
            "card": symbols(a.split()[-1]),
            "your side takes": v,
            "best": "✓" if v == s.value else "",
        }
        for a, v in s.values.items()
    ]
    return frame(rows)


def solved_endgame(game: Game, target: int) -> str:
    """The endgame from ``game`` (the side to act must take ``target`` in the deal) solved as a
    learner solves a target puzzle, with the solver's best card at every turn: what the puzzle
    says at the end, why the line works included."""
    from fortyfive.puzzles.model import Puzzle
    from fortyfive.solve.solver import solve

    rec = game.record()
    if rec["start"] is None:
        raise ValueError("solved_endgame takes a game built from a given deal (deal_game)")
    position = dict(rec["start"], actions=rec["actions"], target=target)
    run = Puzzle("worked", "target", game.rules.name, position, "", ("R3.2",)).start()
    for _ in range(game.rules.players * game.rules.hand_size):
        g = run.game  # type: ignore[attr-defined]
        fb = run.check(solve(g).best[0].split()[-1])
        if fb.done:
            return fb.message
    raise AssertionError("the endgame did not end")  # pragma: no cover
