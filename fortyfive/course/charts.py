"""The race to the target as a chart: running totals drawn as SVG, read from the engine's score
sheet (no plotting library, so it draws in the browser-only course too)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from fortyfive.engine.game import Game
from fortyfive.engine.tabular import Cell

#: Partnership colours, as on the card table.
COLOURS = ("#1e88e5", "#ef6c00", "#8e24aa")


class ScoreChart:
    """A line chart of running totals, drawn as SVG (shown by Jupyter via ``_repr_svg_``).

    ``labels`` names each x position; ``lines`` maps a name to one value per position;
    ``breaks`` are (position, text) pairs drawn as dotted lines (bruff: each deal starts).
    The value axis starts at 0 unless ``from_zero`` is false (a rating near 1500: the axis
    then spans the values alone, so their moves show).
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
        from_zero: bool = True,
    ) -> None:
        self.title = title
        self.from_zero = from_zero
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
        floor = 0 if self.from_zero or not values else min(values)
        lo = min(floor, *values) if values else 0
        hi = max(floor + 5, *values) if values else 5
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


class BarChart:
    """A horizontal bar chart of shares (0 to 1), one bar a row, drawn as SVG (shown by Jupyter
    via ``_repr_svg_``), as :class:`ScoreChart` is: no plotting library, so it draws in the
    browser-only course too. ``rows`` are (label, share, note) in the order drawn, the note
    written after the bar ("3 of 4")."""

    def __init__(
        self,
        title: str,
        rows: Sequence[tuple[str, float, str]],
        x_title: str = "",
        width: int = 640,
    ) -> None:
        self.title = title
        self.rows = [(label, min(max(float(v), 0.0), 1.0), note) for label, v, note in rows]
        self.x_title = x_title
        self.width = width

    def svg(self) -> str:
        """The chart as an SVG document (the same text for the same data)."""
        esc = html.escape
        left, right, top, bar, gap = 60, 90, 36, 14, 6
        w = self.width
        h = top + len(self.rows) * (bar + gap) + 34
        span = w - left - right
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">',
            f"<title>{esc(self.title)}</title>",
            f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>',
            f'<text x="{left}" y="16" font-size="13" font-weight="bold" fill="#222">'
            f"{esc(self.title)}</text>",
        ]
        bottom = top + len(self.rows) * (bar + gap)
        for tick in range(0, 101, 25):
            tx = left + span * tick / 100
            out.append(
                f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{bottom}" stroke="#e3e3e3"/>'
            )
            out.append(
                f'<text x="{tx:.1f}" y="{bottom + 12}" text-anchor="middle" fill="#555">'
                f"{tick}%</text>"
            )
        for i, (label, share, note) in enumerate(self.rows):
            y = top + i * (bar + gap)
            colour = COLOURS[0] if share >= 0.5 else COLOURS[1]
            out.append(
                f'<text x="{left - 6}" y="{y + bar - 3}" text-anchor="end" fill="#333">'
                f"{esc(label)}</text>"
            )
            out.append(
                f'<rect x="{left}" y="{y}" width="{span * share:.1f}" height="{bar}" '
                f'fill="{colour}"/>'
            )
            out.append(
                f'<text x="{left + span * share + 4:.1f}" y="{y + bar - 3}" fill="#555">'
                f"{esc(note)}</text>"
            )
        if self.x_title:
            out.append(
                f'<text x="{left + span / 2:.1f}" y="{h - 6}" text-anchor="middle" '
                f'fill="#555">{esc(self.x_title)}</text>'
            )
        out.append("</svg>")
        return "\n".join(out)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return f"<BarChart {self.title!r}: {len(self.rows)} bars>"


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
        for row, log in zip(sheet.rows, game.deals, strict=True):
            if log.end_scores is None:  # the hand being played
                continue
            labels.append(str(row["deal"]))
            for n in names:
                lines[n].append(_score(row[n]))
        x_title = "after each hand"
    else:
        sheet = game.score_sheet()
        last_deal = None
        for row in sheet.rows:
            if row["deal"] != last_deal:
                last_deal = row["deal"]
                breaks.append((len(labels) - 1, f"deal {last_deal}"))
            labels.append(f"{row['trick']}")
            for n in names:
                lines[n].append(_score(row[n]))
        x_title = "after each trick (the trick's number in its deal)"
    title = f"Running totals, {rules.name}"
    return ScoreChart(title, labels, lines, rules.target, breaks, x_title, width, height)


def _score(cell: Cell) -> int:
    """A score sheet's total: an int in every row (R8.1, R10.3)."""
    if not isinstance(cell, int):
        raise TypeError(f"a score sheet's total is a whole number, not {cell!r}")
    return cell
