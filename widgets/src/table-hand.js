// The learner's hand, fanned at the bottom of the table: one button per card, the legal ones
// raised on the learner's turn; in the discard phase a click marks a card (UI only, until
// confirmed).
import { cardFace, cardLabel, cardText } from "./cards.js";
import { h } from "./dom.js";
import { fanAngle } from "./table-logic.js";

function cardButton(card, { legal, selected, onclick, hint, angle }) {
  return h(
    "button",
    {
      type: "button",
      class: `ff-card${legal ? " ff-legal" : " ff-not-legal"}${selected ? " ff-selected" : ""}`,
      style: `--ff-fan:${angle}deg`,
      "data-card": card,
      "data-legal": legal ? "true" : "false",
      "aria-pressed": selected === undefined ? undefined : selected ? "true" : "false",
      title: `${cardText(card)} (${cardLabel(card)})`,
      onclick,
    },
    ...cardFace(card, `${cardLabel(card)}${hint ? `, ${hint}` : ""}`),
  );
}

/** The hand; `ctx` holds the model, the marked cards and the click handlers (table.js). */
export function hand(ctx, obs) {
  const legal = new Set(obs.legal_actions || []);
  const mine = ctx.myTurn(obs);
  const ui = ctx.ui;
  const key = `${obs.deal}:${obs.phase}:${obs.to_act}`;
  if (key !== ui.selectionKey) {
    ui.selected = new Set();
    ui.selectionKey = key;
  }
  const buttons = obs.hand.map((card, i) => {
    let isLegal = false;
    let onclick;
    let sel;
    let hint = "";
    if (obs.phase === "discard" && mine) {
      isLegal = true;
      sel = ui.selected.has(card);
      hint = sel ? "marked to discard" : "keep";
      onclick = () => {
        if (ui.selected.has(card)) ui.selected.delete(card);
        else if (ui.selected.size < (ctx.model.get("info").max_discard || 0)) ui.selected.add(card);
        ctx.redraw(card);
      };
    } else if (obs.phase === "bury") {
      isLegal = mine && legal.has(`bury ${card}`);
      hint = isLegal ? "bury it" : "";
      onclick = ctx.cardClick(`bury ${card}`);
    } else {
      isLegal = mine && legal.has(`play ${card}`);
      hint = mine ? (isLegal ? "legal" : "not legal") : "";
      onclick = ctx.cardClick(`play ${card}`);
    }
    const angle = fanAngle(i, obs.hand.length);
    return cardButton(card, { legal: isLegal, selected: sel, onclick, hint, angle });
  });
  // Not the learner's turn: no card is playable, but none is dimmed either (the legal and
  // illegal look is kept for the learner's own turn).
  return h(
    "div",
    { class: `ff-hand${mine ? "" : " ff-waiting"}`, role: "group", "aria-label": "your hand" },
    buttons,
  );
}
