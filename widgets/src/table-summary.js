// The end of a deal or of the game: a panel over the felt, worded in Python from the engine
// (who took each trick, the bonus, the contract, the points and the running scores), which the
// learner dismisses ("Next deal") before the next deal is shown; the game's score chart.
import { cardLabel, cardText, svgEl } from "./cards.js";
import { h } from "./dom.js";
import { chartGeometry, seatWord } from "./table-logic.js";

// The game's score chart, drawn here from the panel's plain data (no library, nothing
// fetched): one line per partnership from the start through each deal, the target dashed.
// Each line has its own marker shape and an end label, so colour is not the only key.
export function scoreChart(sum) {
  const { W, H, L, R, T, B, rows, x, y, lo, hi, ticks, ends } = chartGeometry(sum);
  const svg = svgEl("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "ff-score-chart",
    role: "img",
    "aria-label": sum.chart_label,
  });
  const axis = (x1, y1, x2, y2, cls) => svg.append(svgEl("line", { x1, y1, x2, y2, class: cls }));
  axis(L, y(0), W - R, y(0), "ff-chart-axis");
  axis(L, T, L, H - B, "ff-chart-axis");
  axis(L, y(sum.target), W - R, y(sum.target), "ff-chart-target");
  svg.append(
    svgEl(
      "text",
      { x: L - 4, y: y(sum.target) + 4, "text-anchor": "end", class: "ff-chart-tick" },
      String(sum.target),
    ),
  );
  if (lo < 0 || hi !== sum.target)
    svg.append(svgEl("text", { x: L - 4, y: y(0) + 4, "text-anchor": "end", class: "ff-chart-tick" }, "0"));
  if (lo < 0)
    svg.append(
      svgEl("text", { x: L - 4, y: y(lo) + 4, "text-anchor": "end", class: "ff-chart-tick" }, String(lo)),
    );
  for (const i of ticks)
    svg.append(
      svgEl(
        "text",
        { x: x(i), y: H - B + 14, "text-anchor": "middle", class: "ff-chart-tick" },
        String(rows[i].deal),
      ),
    );
  svg.append(
    svgEl("text", { x: (L + W - R) / 2, y: H - 2, "text-anchor": "middle", class: "ff-chart-tick" }, "deal"),
  );
  sum.names.forEach((name, p) => {
    const points = rows.map((r, i) => [x(i), y(r.scores[p])]);
    svg.append(
      svgEl("polyline", {
        points: points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "),
        class: `ff-chart-line ff-chart-p${p}`,
        "data-partnership": name,
      }),
    );
    for (const [a, b] of points) svg.append(marker(p, a, b));
  });
  for (const e of ends)
    svg.append(
      svgEl("text", { x: W - R + 6, y: e.y + 4, class: `ff-chart-label ff-chart-p${e.p}` }, e.label),
    );
  return svg;
}

function marker(p, cx, cy) {
  const cls = `ff-chart-marker ff-chart-p${p}`;
  if (p % 3 === 0) return svgEl("circle", { cx, cy, r: 3.5, class: cls });
  if (p % 3 === 1) return svgEl("rect", { x: cx - 3.5, y: cy - 3.5, width: 7, height: 7, class: cls });
  return svgEl("polygon", {
    points: `${cx},${cy - 4.5} ${cx + 4.5},${cy + 3.5} ${cx - 4.5},${cy + 3.5}`,
    class: cls,
  });
}

// The end of a deal (or of the game): what happened, worded in Python from the engine.
export function summaryPanel(ctx, info) {
  const sum = ctx.model.get("summary");
  if (!sum?.kind) return null;
  const tricks = h(
    "ol",
    { class: "ff-summary-tricks" },
    sum.tricks.map((t) =>
      h(
        "li",
        { "data-number": t.number },
        h(
          "span",
          { class: "ff-summary-trick-cards" },
          t.cards.map((c) =>
            h(
              "span",
              { class: `ff-summary-card${c.seat === t.winner ? " ff-won" : ""}`, title: cardLabel(c.card) },
              `${seatWord(info, c.seat)} `,
              h("b", { class: `ff-suit-${c.card[1]}`, text: cardText(c.card) }),
            ),
          ),
        ),
        h("span", { class: "ff-summary-trick-winner", text: ` ${t.text}` }),
      ),
    ),
  );
  const chart = sum.chart
    ? h(
        "div",
        { class: "ff-summary-chart" },
        scoreChart(sum),
        h(
          "table",
          { class: "ff-summary-scores" },
          h("caption", { text: "Scores after each deal" }),
          h(
            "tr",
            {},
            h("th", { scope: "col", text: "Deal" }),
            sum.names.map((n) => h("th", { scope: "col", text: n })),
          ),
          sum.chart.map((row) =>
            h(
              "tr",
              {},
              h("th", { scope: "row", text: String(row.deal) }),
              row.scores.map((v) => h("td", { text: String(v) })),
            ),
          ),
        ),
      )
    : null;
  return h(
    "section",
    // focusable: the panel scrolls within the felt, by keyboard too
    { class: `ff-summary ff-summary-${sum.kind}`, "aria-label": sum.title, tabindex: "0" },
    h("h3", { class: "ff-summary-title", text: sum.title }),
    sum.outcome ? h("p", { class: "ff-summary-outcome", text: sum.outcome }) : null,
    tricks,
    h(
      "ul",
      { class: "ff-summary-lines" },
      sum.lines.map((l) => h("li", { text: l })),
    ),
    chart,
    sum.kind === "deal"
      ? h("button", {
          type: "button",
          class: "ff-next-deal",
          onclick: () => ctx.once("next_deal"),
          text: "Next deal",
        })
      : null,
  );
}
