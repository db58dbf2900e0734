// The card table's front end. It draws from the synced state only (obs: the learner's
// observation from the engine; info: texts worded by Python; events: the public log; notice; settings) and
// sends the learner's clicks as messages; Python validates each one and owns the game. This
// module puts the parts together and keeps the focus across redraws; each part has its own
// module: the felt (table-felt.js), the hand (table-hand.js), the controls and settings
// (table-controls.js), the deal's panel (table-summary.js), the explanations and the log
// (table-explain.js) and the full-screen window (table-window.js).
import { SUIT_INFO } from "./cards.js";
import { h, keepKeys, present, redrawOnChange, STATIC_TEXT, sender, staticPage, uniqueId } from "./dom.js";
import { controls, settings, toolbar } from "./table-controls.js";
import { LOG_TRAIT, makeExplain, richLine } from "./table-explain.js";
import { felt, makeGatherer } from "./table-felt.js";
import { hand } from "./table-hand.js";
import { nextCardIndex } from "./table-logic.js";
import { summaryPanel } from "./table-summary.js";
import { makeWindow } from "./table-window.js";

const SYNCED = [
  "obs",
  "info",
  LOG_TRAIT,
  "notice",
  "state",
  "pause_ms",
  "four_colour",
  "auto",
  "summary",
  "continuous",
  "opponents",
];

/** The bar above the felt: the game, the scores and the full-screen button. */
function header(obs, fullScreenButton) {
  const scores = h(
    "div",
    { class: "ff-scores", role: "group", "aria-label": "scores" },
    obs.partnership_names.map((n, p) =>
      h(
        "span",
        { class: `ff-score ff-p${p}`, "data-partnership": n },
        h("b", { text: n }),
        " ",
        h("span", { class: "ff-score-value", text: String(obs.scores[p]) }),
      ),
    ),
    h("span", { class: "ff-target", text: `to ${obs.target}` }),
  );
  return h(
    "div",
    { class: "ff-header" },
    h("span", { class: "ff-title", text: `Forty-Five \u00b7 ${obs.preset} \u00b7 deal ${obs.deal}` }),
    scores,
    fullScreenButton,
  );
}

/** Trump and the contract, in the felt's corner where a player looks for them. */
function status(obs, info) {
  const trump = obs.trump
    ? h(
        "span",
        { class: `ff-trump ff-suit-${obs.trump}`, "data-trump": obs.trump },
        "Trump ",
        h("b", { text: `${SUIT_INFO[obs.trump].symbol} ${SUIT_INFO[obs.trump].name}` }),
      )
    : h("span", { class: "ff-trump", text: "Trump not yet named" });
  return h(
    "div",
    { class: "ff-status" },
    trump,
    info.contract ? h("span", { class: "ff-contract", text: info.contract }) : null,
  );
}

function render({ model, el }) {
  const root = h("div", { class: "ff-table", tabindex: "-1" });
  const ui = { selected: new Set(), selectionKey: "", showLast: false };
  let timer = null;
  let sent = "";

  // Once per state at most, and a burst of clicks coalesced (dom.js sender); a move is never
  // dropped by the burst limit: it is sent once per state already.
  const send = sender(model, ["state", "notice", "opponents", LOG_TRAIT], { always: ["act"] });
  function myTurn(obs) {
    return !obs.over && obs.to_act === obs.seat && !model.get("auto");
  }
  // An action once per state: the same click again before the table has answered (a quick
  // double-click) would only be a stale copy of the first. "Next deal" and "Next game" too.
  function once(type, msg = {}) {
    const key = `${model.get("state")} ${type} ${msg.action ?? ""}`;
    if (sent === key) return;
    sent = key;
    send({ type, ...msg });
  }
  const act = (action) => once("act", { action, seat: model.get("obs").seat });
  // A card click: the second click of a double-click is dropped, and while others are to act a
  // card does nothing (the prompt says whom the table waits for).
  const cardClick = (action) => (e) => {
    if (e.detail > 1 || !myTurn(model.get("obs"))) return;
    act(action);
  };
  const ctx = {
    model,
    ui,
    send,
    once,
    act,
    cardClick,
    myTurn,
    redraw: (card) => redraw(card),
    levelName: uniqueId("ff-level"), // one radio group per view
  };

  const window_ = makeWindow(el, root, () => redraw());
  const gatherer = makeGatherer(root, model, () => ui.showLast);

  // Live regions are made once and only updated: a screen reader announces a region's changes,
  // not a region that is replaced. The other parts are redrawn into fixed slots.
  const top = h("div", { class: "ff-slot" });
  const noticeEl = h("div", { class: "ff-notice", role: "status" });
  const middle = h("div", { class: "ff-slot" });
  const explain = makeExplain(model);
  const settingsBox = h(
    "details",
    { class: "ff-settings-box" },
    h("summary", { class: "ff-settings-summary", text: "Settings" }),
  );
  const settingsSlot = h("div", { class: "ff-slot" });
  settingsBox.append(settingsSlot);
  const tools = h("div", { class: "ff-slot" });
  const more = h("div", { class: "ff-more" }, tools, explain.box, settingsBox);
  const announcer = h("div", { class: "ff-sr-only", role: "status", "aria-live": "polite" });
  root.append(window_.bar, top, noticeEl, middle, more, announcer);
  let wasHeld = false;
  let announced = null; // the state whose turn was last announced

  // "Your turn: ..." is read once per turn (a turn starts at a new state number).
  function announce(obs, info) {
    const state = model.get("state");
    if (!myTurn(obs)) {
      announcer.textContent = "";
    } else if (announced !== state) {
      announced = state;
      announcer.textContent = "";
      requestAnimationFrame(() => (announcer.textContent = info.prompt)); // a change, even if the same words
    }
  }

  function drawNotice() {
    const notice = model.get("notice");
    const cls = `ff-notice${notice.kind ? ` ff-notice-${notice.kind}` : ""}`;
    if (noticeEl.className !== cls) noticeEl.className = cls;
    if (noticeEl.textContent !== notice.text)
      noticeEl.replaceChildren(...richLine("span", notice.text).childNodes);
  }

  // What had the focus, by a key that survives a redraw: the card, the action, or the control.
  function focusKey(active) {
    if (!active || !root.contains(active) || active === root) return null;
    const inHand = !!active.closest(".ff-hand");
    const index = inHand ? [...root.querySelectorAll(".ff-hand button")].indexOf(active) : -1;
    return {
      card: active.dataset.card,
      action: active.dataset.action,
      level: active.dataset.level,
      cls: active.classList[0],
      inHand,
      index,
    };
  }

  function refocus(key) {
    const usable = (e) => e && !e.disabled;
    const buttons = [...root.querySelectorAll(".ff-hand button")];
    let target = null;
    if (key.card) target = root.querySelector(`.ff-hand [data-card="${key.card}"]`);
    if (!usable(target) && key.action) target = root.querySelector(`[data-action="${key.action}"]`);
    if (!usable(target) && key.level)
      target = root.querySelector(`.ff-level-radio[data-level="${key.level}"]`);
    if (!usable(target) && key.cls && !key.inHand) target = root.querySelector(`.${key.cls}`);
    // The card was played or the control went away: the next card of the hand, else the table.
    if (!usable(target) && key.inHand) target = buttons[Math.min(key.index, buttons.length - 1)];
    if (!usable(target)) target = root.querySelector(".ff-controls button:not([disabled])");
    if (!usable(target)) target = root.querySelector(".ff-hand .ff-legal") || buttons[0];
    (usable(target) ? target : root).focus({ preventScroll: true });
  }

  function redraw(focusCard) {
    const obs = model.get("obs");
    const info = model.get("info");
    if (!obs || obs.seat === undefined) return;
    const key = focusCard ? { card: focusCard, inHand: true, index: 0 } : focusKey(document.activeElement);
    const sum = model.get("summary");
    const held = sum.kind === "deal";
    // The deal's panel lies over the felt; the next deal's hand is shown once it is dismissed.
    const overlay = sum.kind ? summaryPanel(ctx, info) : null;
    top.replaceChildren(
      ...present(
        header(obs, window_.toggleButton()),
        felt(obs, info, { showLast: ui.showLast, overlay, corner: overlay ? null : status(obs, info) }),
        h("div", { class: "ff-prompt", text: info.prompt }),
        staticPage(model) ? h("div", { class: "ff-static", text: STATIC_TEXT }) : null,
      ),
    );
    middle.replaceChildren(...present(controls(ctx, obs, info), held ? null : hand(ctx, obs)));
    tools.replaceChildren(toolbar(ctx, obs));
    settingsSlot.replaceChildren(settings(ctx));
    explain.update(info);
    drawNotice();
    explain.drawLog();
    announce(obs, info);
    root.className = `ff-table ff-${obs.preset}${model.get("four_colour") ? " ff-four-colour" : ""}`;
    window_.label(obs.preset);
    root.dataset.state = String(model.get("state"));
    root.dataset.phase = obs.phase;
    root.dataset.deal = String(obs.deal);
    root.dataset.toAct = obs.to_act === null ? "" : String(obs.to_act);
    root.dataset.over = String(obs.over);
    root.dataset.held = String(held);
    // the focus was inside the table: keep it there; a new deal summary takes it (Next deal)
    if (key && held && !wasHeld) root.querySelector(".ff-next-deal").focus({ preventScroll: true });
    else if (key) refocus(key);
    wasHeld = held;
    gatherer.schedule();
    pace(info);
  }

  // Keys stay in the table (keepKeys); the arrow keys, Home and End move between the cards.
  keepKeys(root, (e) => {
    const cards = [...root.querySelectorAll(".ff-hand button")];
    const next = nextCardIndex(e.key, cards.indexOf(document.activeElement), cards.length);
    if (next === null) return;
    e.preventDefault();
    cards[next].focus();
  });

  // Bots move one at a time after the visible pause; Python chooses every move.
  function pace(info) {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (!info.waiting) return;
    const state = model.get("state");
    timer = setTimeout(() => {
      timer = null;
      if (model.get("state") === state) send({ type: "step" });
    }, model.get("pause_ms"));
  }

  const stop = redrawOnChange(model, SYNCED, redraw);
  redraw();
  return () => {
    if (timer !== null) clearTimeout(timer);
    gatherer.stop();
    window_.stop();
    stop();
  };
}

export default { render };
