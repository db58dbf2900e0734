// The teaching on demand: one "Explain · Log" disclosure, closed unless opened, holding the
// engine's explanation of the moment (the bonus's status with its rule ids, the contract) and
// the log of the game as sentences, the cards in it drawn in their suits' colours.
import { h } from "./dom.js";

/** The synced trait that holds the log (its newest lines): read here only. */
export const LOG_TRAIT = "events";

/** The log's lines from the model. */
export function logLines(model) {
  return model.get(LOG_TRAIT) || [];
}

const CARD_IN_TEXT = /(10|[2-9AKQJ])([\u2660\u2663\u2666\u2665])/g;
const SUIT_OF = { "\u2660": "S", "\u2663": "C", "\u2666": "D", "\u2665": "H" };

/**
 * A line of text split into plain parts and cards ("7♦" → { card: "7♦", suit: "D" }), so the
 * cards can be drawn as small faces in their colours.
 */
export function textParts(line) {
  const parts = [];
  let last = 0;
  for (const m of line.matchAll(CARD_IN_TEXT)) {
    if (m.index > last) parts.push({ text: line.slice(last, m.index) });
    parts.push({ card: m[0], suit: SUIT_OF[m[2]] });
    last = m.index + m[0].length;
  }
  if (last < line.length) parts.push({ text: line.slice(last) });
  return parts;
}

/** A line as elements: text, and each card a small chip in its suit's colour. */
export function richLine(tag, line, attrs = {}) {
  return h(
    tag,
    attrs,
    textParts(line).map((p) =>
      p.card ? h("span", { class: `ff-chip ff-suit-${p.suit}`, text: p.card }) : p.text,
    ),
  );
}

/** The synced trait that opens the disclosure (set in Python by a chapter that teaches it). */
export const OPEN_TRAIT = "explain";

/**
 * The disclosure, made once (its open state and the log's scroll survive every redraw): the
 * element, `update(info)` for the explanation and `drawLog()` appending the log's new lines.
 * Open at first when the model says so, and opened or closed when Python changes that; the
 * learner's own clicks stay in the page.
 */
export function makeExplain(model) {
  const open = Boolean(model.get(OPEN_TRAIT));
  const now = h("div", { class: "ff-explain-now" });
  const log = h("ol", {
    class: "ff-log",
    tabindex: "0",
    "aria-label": "log",
    "aria-live": "polite",
    "aria-relevant": "additions",
  });
  const box = h(
    "details",
    { class: "ff-explain", open },
    h("summary", { class: "ff-explain-summary", text: "Explain \u00b7 Log" }),
    now,
    log,
  );
  let drawn = [];

  function update(info) {
    now.replaceChildren(
      ...[info.bonus, info.contract]
        .filter(Boolean)
        .map((t, i) => richLine("p", t, { class: i === 0 ? "ff-bonus" : "ff-contract-text" })),
    );
  }

  // Append only the new lines: the synced log is its newest lines, so the lines drawn before
  // are found again at its start (shifted once the log is full).
  function drawLog() {
    const lines = logLines(model);
    let shift = 0;
    while (shift < drawn.length && !drawn.slice(shift).every((l, i) => lines[i] === l)) shift++;
    const kept = drawn.length - shift;
    for (let i = 0; i < shift && log.firstChild; i++) log.firstChild.remove();
    log.append(...lines.slice(kept).map((l) => richLine("li", l)));
    drawn = [...lines];
    log.scrollTop = log.scrollHeight; // the newest line in full view
  }

  model.on(`change:${OPEN_TRAIT}`, () => {
    box.open = Boolean(model.get(OPEN_TRAIT));
  });

  return { box, log, update, drawLog };
}
