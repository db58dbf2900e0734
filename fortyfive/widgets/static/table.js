// Generated from widgets/src by `npm run build`: edit the sources there, not this file.

// src/card-faces.js
var SUIT_SHAPES = {
  H: [
    {
      tag: "path",
      attrs: {
        d: "M5 9.6C3.6 8.3 0 5.6 0 3 0 1.3 1.2 0 2.7 0 3.8 0 4.6.7 5 1.6 5.4.7 6.2 0 7.3 0 8.8 0 10 1.3 10 3 10 5.6 6.4 8.3 5 9.6Z"
      }
    }
  ],
  D: [{ tag: "path", attrs: { d: "M5 0 9 5 5 10 1 5Z" } }],
  S: [
    {
      tag: "path",
      attrs: {
        d: "M5 0C6.4 1.6 10 3.9 10 6.3 10 7.9 8.8 8.9 7.4 8.9 6.5 8.9 5.8 8.4 5.4 7.8L6.1 10H3.9L4.6 7.8C4.2 8.4 3.5 8.9 2.6 8.9 1.2 8.9 0 7.9 0 6.3 0 3.9 3.6 1.6 5 0Z"
      }
    }
  ],
  C: [
    { tag: "circle", attrs: { cx: 5, cy: 2.6, r: 2.4 } },
    { tag: "circle", attrs: { cx: 2.5, cy: 6.1, r: 2.4 } },
    { tag: "circle", attrs: { cx: 7.5, cy: 6.1, r: 2.4 } },
    { tag: "path", attrs: { d: "M4.5 5 3.8 10H6.2L5.5 5Z" } }
  ]
};
var RANK_INDEX = {
  A: "A",
  K: "K",
  Q: "Q",
  J: "J",
  T: "10",
  9: "9",
  8: "8",
  7: "7",
  6: "6",
  5: "5",
  4: "4",
  3: "3",
  2: "2"
};
var L = 19;
var M = 30;
var R = 41;
var ROWS = [20, 34.67, 49.33, 64];
var PIP_LAYOUTS = {
  2: [
    [M, 20],
    [M, 64]
  ],
  3: [
    [M, 20],
    [M, 42],
    [M, 64]
  ],
  4: [
    [L, 20],
    [R, 20],
    [L, 64],
    [R, 64]
  ],
  5: [
    [L, 20],
    [R, 20],
    [M, 42],
    [L, 64],
    [R, 64]
  ],
  6: [
    [L, 20],
    [R, 20],
    [L, 42],
    [R, 42],
    [L, 64],
    [R, 64]
  ],
  7: [
    [L, 20],
    [R, 20],
    [M, 31],
    [L, 42],
    [R, 42],
    [L, 64],
    [R, 64]
  ],
  8: [
    [L, 20],
    [R, 20],
    [M, 31],
    [L, 42],
    [R, 42],
    [M, 53],
    [L, 64],
    [R, 64]
  ],
  9: [
    ...ROWS.flatMap((y) => [
      [L, y],
      [R, y]
    ]),
    [M, 42]
  ],
  10: [
    ...ROWS.flatMap((y) => [
      [L, y],
      [R, y]
    ]),
    [M, 27.3],
    [M, 56.7]
  ]
};
function pipLayout(rank) {
  return PIP_LAYOUTS[rank] ?? [];
}
function pip(suit, x, y, size, flip, cls = "ff-pip") {
  const s = size / 10;
  const turn = flip ? ` rotate(180 ${x} ${y})` : "";
  return {
    tag: "g",
    attrs: {
      class: cls,
      transform: `${turn.trim()} translate(${x - size / 2} ${y - size / 2}) scale(${s})`.trim()
    },
    children: SUIT_SHAPES[suit]
  };
}
function corners(index, suit) {
  const one = (flip) => ({
    tag: "g",
    attrs: { class: "ff-index", transform: flip ? "rotate(180 30 42)" : "" },
    children: [
      {
        tag: "text",
        attrs: {
          x: 7.5,
          y: 13,
          "text-anchor": "middle",
          class: `ff-card-rank${index.length > 1 ? " ff-card-rank-10" : ""}`
        },
        text: index
      },
      pip(suit, 7.5, 19.5, 7, false, "ff-index-pip")
    ]
  });
  return [one(false), one(true)];
}
var HEADGEAR = {
  K: { tag: "path", attrs: { class: "ff-court-gold", d: "M22 25 23.5 16 27 21 30 14 33 21 36.5 16 38 25Z" } },
  Q: {
    tag: "g",
    attrs: {},
    children: [
      { tag: "path", attrs: { class: "ff-court-gold", d: "M23 25C23 19 26 17 30 17S37 19 37 25Z" } },
      { tag: "circle", attrs: { class: "ff-court-pearl", cx: 25, cy: 19.5, r: 1.4 } },
      { tag: "circle", attrs: { class: "ff-court-pearl", cx: 30, cy: 16.5, r: 1.4 } },
      { tag: "circle", attrs: { class: "ff-court-pearl", cx: 35, cy: 19.5, r: 1.4 } }
    ]
  },
  J: {
    tag: "g",
    attrs: {},
    children: [
      { tag: "path", attrs: { class: "ff-court-cap", d: "M22.5 25C23 19.5 26 18 30 18S37 19.5 37.5 25Z" } },
      {
        tag: "path",
        attrs: { class: "ff-court-gold", d: "M34 19C37 14 40 13.5 42 14.5 39.5 15.5 37.5 17 35.5 20.5Z" }
      }
    ]
  }
};
function courtHalf(rank, suit) {
  return {
    tag: "g",
    attrs: { class: "ff-court-half" },
    children: [
      // shoulders and robe, in the suit's colour
      { tag: "path", attrs: { class: "ff-court-robe", d: "M16 42C16 35 21 32.5 30 32.5S44 35 44 42Z" } },
      { tag: "path", attrs: { class: "ff-court-trim", d: "M27 32.8 30 40 33 32.8Z" } },
      // the face
      { tag: "circle", attrs: { class: "ff-court-face", cx: 30, cy: 27.5, r: 5.2 } },
      { tag: "circle", attrs: { class: "ff-court-eye", cx: 28.2, cy: 27, r: 0.7 } },
      { tag: "circle", attrs: { class: "ff-court-eye", cx: 31.8, cy: 27, r: 0.7 } },
      HEADGEAR[rank],
      pip(suit, 40.5, 37.5, 6, false, "ff-court-pip")
    ]
  };
}
function court(rank, suit) {
  return [
    { tag: "rect", attrs: { class: "ff-court-frame", x: 13, y: 11, width: 34, height: 62, rx: 2 } },
    courtHalf(rank, suit),
    { tag: "g", attrs: { transform: "rotate(180 30 42)" }, children: [courtHalf(rank, suit)] },
    { tag: "line", attrs: { class: "ff-court-line", x1: 13, y1: 42, x2: 47, y2: 42 } }
  ];
}
function joker() {
  const letters = (flip) => ({
    tag: "g",
    attrs: { class: "ff-index", transform: flip ? "rotate(180 30 42)" : "" },
    children: [..."JOKER"].map((ch, i) => ({
      tag: "text",
      attrs: { x: 7, y: 11 + i * 7.2, "text-anchor": "middle", class: "ff-card-rank ff-joker-letter" },
      text: ch
    }))
  });
  return [
    letters(false),
    letters(true),
    // a jester: a three-pointed cap with bells, a face and a ruff
    { tag: "path", attrs: { class: "ff-jester-cap-a", d: "M22 38C20 30 16 26 12 25 18 22 24 27 27 33Z" } },
    { tag: "path", attrs: { class: "ff-jester-cap-b", d: "M25 35C26 26 28 20 30 16 32 20 34 26 35 35Z" } },
    { tag: "path", attrs: { class: "ff-jester-cap-a", d: "M38 38C40 30 44 26 48 25 42 22 36 27 33 33Z" } },
    { tag: "circle", attrs: { class: "ff-court-gold", cx: 12, cy: 25, r: 2 } },
    { tag: "circle", attrs: { class: "ff-court-gold", cx: 30, cy: 15.5, r: 2 } },
    { tag: "circle", attrs: { class: "ff-court-gold", cx: 48, cy: 25, r: 2 } },
    { tag: "circle", attrs: { class: "ff-court-face", cx: 30, cy: 42, r: 7 } },
    { tag: "circle", attrs: { class: "ff-court-eye", cx: 27.5, cy: 41, r: 0.9 } },
    { tag: "circle", attrs: { class: "ff-court-eye", cx: 32.5, cy: 41, r: 0.9 } },
    { tag: "path", attrs: { class: "ff-court-eye", d: "M26.5 44.5Q30 48 33.5 44.5", fill: "none" } },
    {
      tag: "path",
      attrs: { class: "ff-jester-ruff", d: "M20 52 23 49 26 52 30 49 34 52 37 49 40 52 37 56H23Z" }
    },
    { tag: "path", attrs: { class: "ff-jester-cap-b", d: "M22 56H38L42 72H18Z" } }
  ];
}
function back() {
  const d = [];
  for (let y = 13; y <= 71; y += 6.4)
    for (let x = 13; x <= 47; x += 6.8)
      d.push(`M${x.toFixed(1)} ${(y - 2.6).toFixed(1)}l2.6 2.6-2.6 2.6-2.6-2.6Z`);
  return [
    { tag: "rect", attrs: { class: "ff-card-back-inner", x: 5, y: 5, width: 50, height: 74, rx: 4 } },
    { tag: "path", attrs: { class: "ff-card-back-lattice", d: d.join("") } },
    { tag: "rect", attrs: { class: "ff-card-back-border", x: 8, y: 8, width: 44, height: 68, rx: 3 } }
  ];
}
function cardShapes(card) {
  const root = (cls, children) => ({
    tag: "svg",
    attrs: { viewBox: "0 0 60 84", class: `ff-card-face ${cls}`.trim() },
    children: [
      { tag: "rect", attrs: { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "ff-card-bg" } },
      ...children
    ]
  });
  if (!card) return root("ff-card-back", back());
  if (card === "JK") return root("ff-joker", joker());
  const [rank, suit] = card;
  const index = RANK_INDEX[rank];
  let middle;
  if (rank === "A") middle = [pip(suit, 30, 42, 24, false)];
  else if (rank === "K" || rank === "Q" || rank === "J") middle = court(rank, suit);
  else middle = pipLayout(Number(index)).map(([x, y]) => pip(suit, x, y, 9, y > 43));
  return root(`ff-suit-${suit} ff-rank-${rank}`, [...corners(index, suit), ...middle]);
}

// src/cards.js
var SUITS = {
  S: { symbol: "\u2660", name: "spades" },
  C: { symbol: "\u2663", name: "clubs" },
  D: { symbol: "\u2666", name: "diamonds" },
  H: { symbol: "\u2665", name: "hearts" }
};
var RANKS = {
  A: "ace",
  K: "king",
  Q: "queen",
  J: "jack",
  T: "10",
  2: "2",
  3: "3",
  4: "4",
  5: "5",
  6: "6",
  7: "7",
  8: "8",
  9: "9"
};
var SVG_NS = "http://www.w3.org/2000/svg";
var SUIT_INFO = SUITS;
function cardText(card) {
  if (card === "JK") return "Joker";
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUITS[card[1]].symbol;
}
function cardLabel(card) {
  if (card === "JK") return "joker";
  return `${RANKS[card[0]]} of ${SUITS[card[1]].name}`;
}
function cardFace(card, words) {
  const svg = drawCard(card);
  svg.removeAttribute("role");
  svg.removeAttribute("aria-label");
  svg.setAttribute("aria-hidden", "true");
  const span = document.createElement("span");
  span.className = "ff-sr-only";
  span.textContent = words;
  return [svg, span];
}
function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== void 0) el.textContent = text;
  return el;
}
function shapesToSvg(node) {
  const el = svgEl(node.tag, node.attrs || {}, node.text);
  for (const child of node.children || []) el.appendChild(shapesToSvg(child));
  return el;
}
function drawCard(card) {
  const svg = shapesToSvg(cardShapes(card));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", card ? cardLabel(card) : "face-down card");
  return svg;
}

// src/dom.js
function staticPage(model) {
  return model?.fortyfiveStatic === true;
}
var STATIC_TEXT = "This widget is static here: nothing answers a click. Open the chapter live to use it (Try it live, in the note at the top of the page).";
function present(...parts) {
  return parts.flat().filter((c) => c !== null && c !== void 0 && c !== false);
}
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === void 0 || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...present(...children));
  return el;
}
function schedule(fn) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      fn();
    });
  };
}
function redrawOnChange(model, names, redraw) {
  const later = schedule(() => redraw());
  for (const name of names) model.on(`change:${name}`, later);
  return () => {
    for (const name of names) model.off(`change:${name}`, later);
  };
}
function uniqueId(prefix) {
  globalThis.__fortyfiveIds = (globalThis.__fortyfiveIds || 0) + 1;
  return `${prefix}-${globalThis.__fortyfiveIds}`;
}
function keepKeys(root, onKey = () => {
}) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.addEventListener("keydown", (e) => {
    if (e.key === "Tab" || e.key === "Escape") return;
    e.stopPropagation();
    onKey(e);
  });
}
function sender(model, answers, { burst = 20, rate = 10, always = [], now = () => performance.now() } = {}) {
  const pending = /* @__PURE__ */ new Set();
  for (const name of answers) model.on(`change:${name}`, () => pending.clear());
  let tokens = burst;
  let at2 = now();
  return (msg) => {
    const stamped = { ...msg, state: model.get("state") };
    const key = JSON.stringify(stamped);
    if (pending.has(key)) return false;
    const t = now();
    tokens = Math.min(burst, tokens + (t - at2) / 1e3 * rate);
    at2 = t;
    if (!always.includes(msg.type)) {
      if (tokens < 1) return false;
      tokens -= 1;
    }
    pending.add(key);
    model.send(stamped);
    return true;
  };
}

// src/table-logic.js
var SPEEDS = [
  ["Slow", 1500],
  ["Normal", 700],
  ["Fast", 250],
  ["Instant", 0]
];
function seatWord(info, seat) {
  return info.seat_names ? info.seat_names[seat] : `Seat ${seat}`;
}
function lastCall(bids, seat) {
  for (let i = bids.length - 1; i >= 0; i--) if (bids[i].seat === seat) return bids[i].call;
  return null;
}
function gatherTiming(pause) {
  return { hold: Math.round(pause * 0.45), ms: Math.round(Math.min(320, pause * 0.35)) };
}
var ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -99, End: 99 };
function nextCardIndex(key, at2, count) {
  if (at2 < 0 || !Object.hasOwn(ARROWS, key)) return null;
  return Math.max(0, Math.min(count - 1, at2 + ARROWS[key]));
}
function chartGeometry(sum) {
  const rows = [{ deal: 0, scores: sum.chart_start }, ...sum.chart];
  const [W, H, L2, R2, T, B] = [340, 180, 34, 56, 10, 28];
  const values = rows.flatMap((r) => r.scores).concat([0, sum.target]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i) => L2 + i / Math.max(1, rows.length - 1) * (W - L2 - R2);
  const y = (v) => T + (hi - v) / Math.max(1, hi - lo) * (H - T - B);
  const step = Math.max(1, Math.ceil((rows.length - 1) / 8));
  const ticks = rows.map((_, i) => i).filter((i) => i % step === 0 || i === rows.length - 1);
  const last = rows[rows.length - 1].scores;
  const ends = sum.names.map((n, p) => ({ p, label: `${n} ${last[p]}`, y: y(last[p]) }));
  ends.sort((a, b) => a.y - b.y).forEach((e, i, all) => {
    if (i > 0) e.y = Math.max(e.y, all[i - 1].y + 11);
  });
  return { W, H, L: L2, R: R2, T, B, rows, x, y, lo, hi, ticks, ends };
}
function seatSpot(seat, learner, players, rx = 40, ry = 44) {
  const r = ((seat - learner) % players + players) % players;
  const angle = 90 + r * 360 / players;
  const rad = angle * Math.PI / 180;
  const round = (v, k = 100) => Math.round(v * k) / k + 0;
  const [dx, dy] = [round(Math.cos(rad), 1e4), round(Math.sin(rad), 1e4)];
  return { r, angle, dx, dy, x: round(50 + rx * dx), y: round(50 + ry * dy) };
}
function trickSpot(seat, learner, players) {
  return seatSpot(seat, learner, players, TRICK_RX[players] ?? 15, TRICK_RY[players] ?? 25);
}
var TRICK_RX = { 4: 14, 6: 17 };
var TRICK_RY = { 4: 24, 6: 24.5 };
function fanAngle(i, count) {
  if (count < 2) return 0;
  const step = Math.min(6, 32 / (count - 1));
  return Math.round((i - (count - 1) / 2) * step * 100) / 100;
}

// src/table-controls.js
function controls(ctx, obs, info) {
  const legal = new Set(obs.legal_actions || []);
  const mine = ctx.myTurn(obs);
  const box = h("div", { class: "ff-controls" });
  if (mine && obs.phase === "bid") {
    box.append(
      h(
        "div",
        { class: "ff-bidding", role: "group", "aria-label": "bidding box" },
        info.calls.map(
          (c) => h("button", {
            type: "button",
            class: "ff-call-button",
            "data-action": c.action,
            disabled: !c.legal,
            onclick: () => ctx.act(c.action),
            text: c.text || c.action
          })
        )
      )
    );
  }
  if (mine && obs.phase === "trump") {
    box.append(
      h(
        "div",
        { class: "ff-trump-choice", role: "group", "aria-label": "name trump" },
        [...legal].filter((a) => a.startsWith("trump ")).map((a) => {
          const s = a.split(" ")[1];
          return h("button", {
            type: "button",
            class: `ff-suit-button ff-suit-${s}`,
            "data-action": a,
            onclick: () => ctx.act(a),
            text: `${SUIT_INFO[s].symbol} ${SUIT_INFO[s].name}`
          });
        })
      )
    );
  }
  if (mine && obs.phase === "play") {
    const robs = [...legal].filter((a) => a.startsWith("rob "));
    if (robs.length) {
      box.append(
        h(
          "div",
          { class: "ff-rob", role: "group", "aria-label": "rob the turn-up" },
          h("span", { text: `Rob the turn-up ${cardText(obs.turnup)}, giving up: ` }),
          robs.map(
            (a) => h("button", {
              type: "button",
              class: "ff-rob-button",
              "data-action": a,
              title: cardLabel(a.split(" ")[1]),
              onclick: () => ctx.act(a),
              text: cardText(a.split(" ")[1])
            })
          )
        )
      );
    }
  }
  if (mine && obs.phase === "discard") {
    const chosen = [...ctx.ui.selected].sort();
    const ok = [...legal].some((a) => a.split(" ").slice(1).sort().join(" ") === chosen.join(" "));
    box.append(
      h("button", {
        type: "button",
        class: "ff-confirm-discard",
        disabled: !ok,
        onclick: () => ctx.act(["discard", ...chosen].join(" ")),
        text: chosen.length ? `Discard ${chosen.length} and draw ${chosen.length}` : "Keep all five (discard none)"
      })
    );
  }
  return box;
}
function toolbar(ctx, obs) {
  const busy = obs.over || !!ctx.model.get("auto");
  const ui = ctx.ui;
  return h(
    "div",
    { class: "ff-toolbar" },
    h("button", {
      type: "button",
      class: "ff-last-trick",
      "aria-pressed": ui.showLast ? "true" : "false",
      disabled: !ctx.model.get("info").last_trick,
      onclick: () => {
        ui.showLast = !ui.showLast;
        ctx.redraw();
      },
      text: "Last trick"
    }),
    h("button", {
      type: "button",
      class: "ff-hint",
      disabled: !ctx.myTurn(obs),
      onclick: () => ctx.send({ type: "hint", seat: obs.seat }),
      text: "Hint"
    }),
    h("button", {
      type: "button",
      class: "ff-auto-trick",
      disabled: busy,
      onclick: () => ctx.send({ type: "auto", until: "trick", seat: obs.seat }),
      text: "Play to end of trick"
    }),
    h("button", {
      type: "button",
      class: "ff-auto-deal",
      disabled: busy,
      onclick: () => ctx.send({ type: "auto", until: "deal", seat: obs.seat }),
      text: "Play to end of deal"
    }),
    obs.over ? h("button", {
      type: "button",
      class: "ff-next-game",
      onclick: () => ctx.once("next_game"),
      text: "Next game"
    }) : null
  );
}
function settings(ctx) {
  const model = ctx.model;
  const pause = model.get("pause_ms");
  const speed = h(
    "select",
    {
      class: "ff-speed",
      // named "Speed" by its label, the text the learner sees
      onchange: (e) => {
        model.set("pause_ms", Number(e.target.value));
        model.save_changes();
      }
    },
    SPEEDS.map(([name, ms]) => h("option", { value: ms, selected: ms === pause, text: name }))
  );
  if (!SPEEDS.some(([, ms]) => ms === pause))
    speed.append(h("option", { value: pause, selected: true, text: `${pause} ms` }));
  const four = h("input", {
    type: "checkbox",
    class: "ff-four-colour-toggle",
    checked: model.get("four_colour"),
    onchange: (e) => {
      model.set("four_colour", e.target.checked);
      model.save_changes();
    }
  });
  const continuous = h("input", {
    type: "checkbox",
    class: "ff-continuous-toggle",
    checked: model.get("continuous"),
    onchange: (e) => {
      model.set("continuous", e.target.checked);
      model.save_changes();
    }
  });
  return h(
    "div",
    { class: "ff-settings" },
    levelChoice(ctx),
    h("label", {}, "Speed ", speed),
    h("label", {}, four, " four-colour deck"),
    h("label", {}, continuous, " continuous play")
  );
}
function levelChoice(ctx) {
  const o = ctx.model.get("opponents");
  const levelName = ctx.levelName;
  if (!o || !Array.isArray(o.levels)) return null;
  const label = h("span", { class: "ff-level-label", id: `${levelName}-label`, text: "Opponents" });
  const custom = o.level === null ? h("span", { class: "ff-level-custom", id: `${levelName}-custom`, text: o.custom }) : null;
  return h(
    "div",
    {
      class: "ff-level",
      role: "radiogroup",
      "aria-labelledby": label.id,
      "aria-describedby": custom ? custom.id : void 0,
      "data-level": o.level || ""
    },
    label,
    o.levels.map(
      (level) => h(
        "label",
        { class: "ff-level-choice" },
        h("input", {
          type: "radio",
          class: "ff-level-radio",
          name: levelName,
          value: level,
          "data-level": level,
          checked: level === o.level,
          onchange: () => ctx.send({ type: "level", level })
        }),
        h("span", { class: "ff-level-name", text: level })
      )
    ),
    custom
  );
}

// src/table-explain.js
var LOG_TRAIT = "events";
function logLines(model) {
  return model.get(LOG_TRAIT) || [];
}
var CARD_IN_TEXT = /(10|[2-9AKQJ])([\u2660\u2663\u2666\u2665])/g;
var SUIT_OF = { "\u2660": "S", "\u2663": "C", "\u2666": "D", "\u2665": "H" };
function textParts(line) {
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
function richLine(tag, line, attrs = {}) {
  return h(
    tag,
    attrs,
    textParts(line).map(
      (p) => p.card ? h("span", { class: `ff-chip ff-suit-${p.suit}`, text: p.card }) : p.text
    )
  );
}
var OPEN_TRAIT = "explain";
function makeExplain(model) {
  const open = Boolean(model.get(OPEN_TRAIT));
  const now = h("div", { class: "ff-explain-now" });
  const log = h("ol", {
    class: "ff-log",
    tabindex: "0",
    "aria-label": "log",
    "aria-live": "polite",
    "aria-relevant": "additions"
  });
  const box = h(
    "details",
    { class: "ff-explain", open },
    h("summary", { class: "ff-explain-summary", text: "Explain \xB7 Log" }),
    now,
    log
  );
  let drawn = [];
  function update(info) {
    now.replaceChildren(
      ...[info.bonus, info.contract].filter(Boolean).map((t, i) => richLine("p", t, { class: i === 0 ? "ff-bonus" : "ff-contract-text" }))
    );
  }
  function drawLog() {
    const lines = logLines(model);
    let shift = 0;
    while (shift < drawn.length && !drawn.slice(shift).every((l, i) => lines[i] === l)) shift++;
    const kept = drawn.length - shift;
    for (let i = 0; i < shift && log.firstChild; i++) log.firstChild.remove();
    log.append(...lines.slice(kept).map((l) => richLine("li", l)));
    drawn = [...lines];
    log.scrollTop = log.scrollHeight;
  }
  model.on(`change:${OPEN_TRAIT}`, () => {
    box.open = Boolean(model.get(OPEN_TRAIT));
  });
  return { box, log, update, drawLog };
}

// src/text.js
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// src/table-felt.js
var at = ({ dx, dy }) => `--dx:${dx};--dy:${dy}`;
function dealerButton() {
  return h(
    "span",
    { class: "ff-badge ff-dealer", title: "dealer" },
    h("span", { "aria-hidden": "true", text: "D" }),
    h("span", { class: "ff-sr-only", text: "dealer" })
  );
}
function badges(obs, seat) {
  const out = [];
  if (seat === obs.dealer) out.push(dealerButton());
  if (seat === obs.leader && obs.phase === "play")
    out.push(h("span", { class: "ff-badge ff-leader", title: "leads this trick", text: "lead" }));
  const bidding = obs.phase === "bid" || obs.phase === "trump" || obs.phase === "discard";
  const call = bidding ? lastCall(obs.bids, seat) : null;
  if (call) out.push(h("span", { class: "ff-badge ff-call", text: call }));
  if (obs.discard_counts[seat] && obs.phase !== "bid")
    out.push(h("span", { class: "ff-badge", text: `drew ${obs.discard_counts[seat]}` }));
  return out;
}
function seatPlate(obs, info, seat) {
  const you = seat === obs.seat;
  const p = obs.partnerships[seat];
  const spot = seatSpot(seat, obs.seat, obs.players);
  const count = obs.hand_sizes[seat];
  let cards = null;
  if (!you && info.hands)
    cards = h(
      "div",
      { class: "ff-revealed", role: "group", "aria-label": `hand of ${seatWord(info, seat)}` },
      info.hands[seat].map((c) => h("span", { class: "ff-mini", "data-card": c }, drawCard(c)))
    );
  else if (!you)
    cards = h(
      "div",
      { class: "ff-seat-cards" },
      h(
        "span",
        { class: "ff-backs", "aria-hidden": "true" },
        [...Array(Math.min(count, 8)).keys()].map(() => h("span", { class: "ff-back" }, drawCard(null)))
      ),
      h("span", { class: "ff-count", text: plural(count, "card") })
    );
  const toAct = seat === obs.to_act && !obs.over;
  return h(
    "div",
    {
      class: `ff-seat ff-p${p} ff-pos-${obs.players}-${spot.r}${toAct ? " ff-to-act" : ""}${you ? " ff-you" : ""}`,
      style: at(spot),
      "data-seat": seat
    },
    h(
      "div",
      { class: "ff-seat-name" },
      h("span", { class: "ff-name", text: seatWord(info, seat) }),
      h("span", { class: "ff-team", text: obs.partnership_names[p] }),
      ...badges(obs, seat)
    ),
    cards
  );
}
function trickArea(obs, info, showLast) {
  const area = h("div", { class: "ff-trick", role: "group", "aria-label": "the trick" });
  let cards = obs.trick;
  let done = null;
  const last = info.last_trick;
  if ((showLast || cards.length === 0) && last) {
    if (showLast || last.deal === obs.deal && (obs.phase === "play" || obs.over)) {
      cards = last.cards.map((c, i) => ({ seat: (last.leader + i) % obs.players, card: c }));
      done = last;
    }
  }
  area.classList.toggle("ff-trick-done", !!done);
  if (done) {
    area.dataset.done = `${done.deal}:${done.number}`;
    area.dataset.winner = String(done.winner);
  }
  const leader = done ? done.leader : obs.leader;
  for (const { seat, card } of cards) {
    const won = done && seat === done.winner;
    const led = seat === leader;
    area.append(
      h(
        "div",
        {
          class: `ff-played ff-pos-${obs.players}-${trickSpot(seat, obs.seat, obs.players).r}${led ? " ff-led" : ""}${won ? " ff-won" : ""}`,
          style: at(trickSpot(seat, obs.seat, obs.players)),
          "data-seat": seat,
          "data-card": card,
          "data-deal": done ? done.deal : obs.deal
        },
        ...cardFace(
          card,
          `${seatWord(info, seat)}: ${cardLabel(card)}${led ? ", led" : ""}${won ? ", wins the trick" : ""}`
        ),
        led ? h("span", { class: "ff-led-mark", "aria-hidden": "true", text: "led" }) : null
      )
    );
  }
  if (done) area.append(h("div", { class: "ff-trick-caption", text: done.text }));
  return area;
}
function turnupSpot(info) {
  const t = info.turnup;
  if (!t) return null;
  return h(
    "div",
    {
      class: "ff-turnup",
      role: "group",
      "aria-label": "turn-up card",
      "data-card": t.card,
      "data-robbed": String(!!t.robbed)
    },
    h("div", { class: "ff-turnup-card", title: cardLabel(t.card) }, ...cardFace(t.card, cardLabel(t.card))),
    h("span", { class: "ff-turnup-label", text: t.label }),
    t.robbed ? h("span", { class: "ff-turnup-robbed", text: t.robbed }) : null
  );
}
function felt(obs, info, { showLast, overlay, corner }) {
  const held = !!overlay;
  return h(
    "div",
    { class: `ff-felt ff-players-${obs.players}${held ? " ff-held" : ""}` },
    h("div", { class: "ff-oval", "aria-hidden": "true" }),
    corner,
    [...Array(obs.players).keys()].map((s) => seatPlate(obs, info, s)),
    held ? null : trickArea(obs, info, showLast),
    held ? null : turnupSpot(info),
    overlay
  );
}
function makeGatherer(root, model, isShowingLast) {
  let gather = { key: "", since: 0, timer: null };
  function sweep(area, instant) {
    const won = area.querySelector(".ff-played.ff-won");
    const seat = root.querySelector(`.ff-seat[data-seat="${area.dataset.winner}"]`);
    if (!won || !seat || !area.isConnected) return;
    const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
    const [sx, sy] = centre(seat.getBoundingClientRect());
    area.classList.toggle("ff-instant", instant);
    for (const card of area.querySelectorAll(".ff-played")) {
      const [cx, cy] = centre(card.getBoundingClientRect());
      const [tx, ty] = [cx + (sx - cx) * 0.8, cy + (sy - cy) * 0.8];
      card.style.transform = `translate(${Math.round(tx - cx)}px, ${Math.round(ty - cy)}px) scale(0.55)`;
    }
    area.dataset.gathered = "true";
  }
  function schedule2() {
    if (gather.timer !== null) clearTimeout(gather.timer);
    gather.timer = null;
    const area = root.querySelector(".ff-trick");
    const key = area?.dataset.done;
    if (!key || isShowingLast() || model.get("pause_ms") === 0) return;
    if (gather.key !== key) gather = { key, since: performance.now(), timer: null };
    const { hold, ms } = gatherTiming(model.get("pause_ms"));
    area.style.setProperty("--ff-gather-ms", `${ms}ms`);
    const elapsed = performance.now() - gather.since;
    if (elapsed >= hold + ms)
      sweep(area, true);
    else
      gather.timer = setTimeout(
        () => {
          gather.timer = null;
          sweep(area, false);
        },
        Math.max(0, hold - elapsed)
      );
  }
  function stop() {
    if (gather.timer !== null) clearTimeout(gather.timer);
  }
  return { schedule: schedule2, stop };
}

// src/table-hand.js
function cardButton(card, { legal, selected, onclick, hint, angle }) {
  return h(
    "button",
    {
      type: "button",
      class: `ff-card${legal ? " ff-legal" : " ff-not-legal"}${selected ? " ff-selected" : ""}`,
      style: `--ff-fan:${angle}deg`,
      "data-card": card,
      "data-legal": legal ? "true" : "false",
      "aria-pressed": selected === void 0 ? void 0 : selected ? "true" : "false",
      title: `${cardText(card)} (${cardLabel(card)})`,
      onclick
    },
    ...cardFace(card, `${cardLabel(card)}${hint ? `, ${hint}` : ""}`)
  );
}
function hand(ctx, obs) {
  const legal = new Set(obs.legal_actions || []);
  const mine = ctx.myTurn(obs);
  const ui = ctx.ui;
  const key = `${obs.deal}:${obs.phase}:${obs.to_act}`;
  if (key !== ui.selectionKey) {
    ui.selected = /* @__PURE__ */ new Set();
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
      hint = mine ? isLegal ? "legal" : "not legal" : "";
      onclick = ctx.cardClick(`play ${card}`);
    }
    const angle = fanAngle(i, obs.hand.length);
    return cardButton(card, { legal: isLegal, selected: sel, onclick, hint, angle });
  });
  return h(
    "div",
    { class: `ff-hand${mine ? "" : " ff-waiting"}`, role: "group", "aria-label": "your hand" },
    buttons
  );
}

// src/table-summary.js
function scoreChart(sum) {
  const { W, H, L: L2, R: R2, T, B, rows, x, y, lo, hi, ticks, ends } = chartGeometry(sum);
  const svg = svgEl("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "ff-score-chart",
    role: "img",
    "aria-label": sum.chart_label
  });
  const axis = (x1, y1, x2, y2, cls) => svg.append(svgEl("line", { x1, y1, x2, y2, class: cls }));
  axis(L2, y(0), W - R2, y(0), "ff-chart-axis");
  axis(L2, T, L2, H - B, "ff-chart-axis");
  axis(L2, y(sum.target), W - R2, y(sum.target), "ff-chart-target");
  svg.append(
    svgEl(
      "text",
      { x: L2 - 4, y: y(sum.target) + 4, "text-anchor": "end", class: "ff-chart-tick" },
      String(sum.target)
    )
  );
  if (lo < 0 || hi !== sum.target)
    svg.append(svgEl("text", { x: L2 - 4, y: y(0) + 4, "text-anchor": "end", class: "ff-chart-tick" }, "0"));
  if (lo < 0)
    svg.append(
      svgEl("text", { x: L2 - 4, y: y(lo) + 4, "text-anchor": "end", class: "ff-chart-tick" }, String(lo))
    );
  for (const i of ticks)
    svg.append(
      svgEl(
        "text",
        { x: x(i), y: H - B + 14, "text-anchor": "middle", class: "ff-chart-tick" },
        String(rows[i].deal)
      )
    );
  svg.append(
    svgEl("text", { x: (L2 + W - R2) / 2, y: H - 2, "text-anchor": "middle", class: "ff-chart-tick" }, "deal")
  );
  sum.names.forEach((name, p) => {
    const points = rows.map((r, i) => [x(i), y(r.scores[p])]);
    svg.append(
      svgEl("polyline", {
        points: points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "),
        class: `ff-chart-line ff-chart-p${p}`,
        "data-partnership": name
      })
    );
    for (const [a, b] of points) svg.append(marker(p, a, b));
  });
  for (const e of ends)
    svg.append(
      svgEl("text", { x: W - R2 + 6, y: e.y + 4, class: `ff-chart-label ff-chart-p${e.p}` }, e.label)
    );
  return svg;
}
function marker(p, cx, cy) {
  const cls = `ff-chart-marker ff-chart-p${p}`;
  if (p % 3 === 0) return svgEl("circle", { cx, cy, r: 3.5, class: cls });
  if (p % 3 === 1) return svgEl("rect", { x: cx - 3.5, y: cy - 3.5, width: 7, height: 7, class: cls });
  return svgEl("polygon", {
    points: `${cx},${cy - 4.5} ${cx + 4.5},${cy + 3.5} ${cx - 4.5},${cy + 3.5}`,
    class: cls
  });
}
function summaryPanel(ctx, info) {
  const sum = ctx.model.get("summary");
  if (!sum?.kind) return null;
  const tricks = h(
    "ol",
    { class: "ff-summary-tricks" },
    sum.tricks.map(
      (t) => h(
        "li",
        { "data-number": t.number },
        h(
          "span",
          { class: "ff-summary-trick-cards" },
          t.cards.map(
            (c) => h(
              "span",
              { class: `ff-summary-card${c.seat === t.winner ? " ff-won" : ""}`, title: cardLabel(c.card) },
              `${seatWord(info, c.seat)} `,
              h("b", { class: `ff-suit-${c.card[1]}`, text: cardText(c.card) })
            )
          )
        ),
        h("span", { class: "ff-summary-trick-winner", text: ` ${t.text}` })
      )
    )
  );
  const chart = sum.chart ? h(
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
        sum.names.map((n) => h("th", { scope: "col", text: n }))
      ),
      sum.chart.map(
        (row) => h(
          "tr",
          {},
          h("th", { scope: "row", text: String(row.deal) }),
          row.scores.map((v) => h("td", { text: String(v) }))
        )
      )
    )
  ) : null;
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
      sum.lines.map((l) => h("li", { text: l }))
    ),
    chart,
    sum.kind === "deal" ? h("button", {
      type: "button",
      class: "ff-next-deal",
      onclick: () => ctx.once("next_deal"),
      text: "Next deal"
    }) : null
  );
}

// src/table-window.js
function makeWindow(el, root, redraw) {
  const win = h("dialog", {
    class: "ff-table-window ff-themed",
    "aria-label": "Forty-Five card table, full screen"
  });
  const opener = h("button", {
    type: "button",
    class: "ff-open-window ff-themed",
    popover: "manual",
    "aria-haspopup": "dialog",
    text: "Open the card table"
  });
  el.append(root, win, opener);
  const back2 = h("button", {
    type: "button",
    class: "ff-window-back",
    onclick: () => win.close(),
    text: "Back to the notebook"
  });
  const bar = h("div", { class: "ff-window-bar", hidden: true }, back2);
  let openedBy = null;
  function openWindow(by) {
    if (win.open) return;
    openedBy = by;
    showOpener(false);
    win.append(root);
    bar.hidden = false;
    win.showModal();
    redraw();
    back2.focus({ preventScroll: true });
  }
  win.addEventListener("close", () => {
    el.insertBefore(root, win);
    bar.hidden = true;
    redraw();
    checkRoom();
    const toggle = root.querySelector(".ff-fullscreen");
    const to = openedBy === "opener" && openerShown ? opener : toggle;
    (to || root).focus({ preventScroll: true });
  });
  opener.addEventListener("click", () => openWindow("opener"));
  let inView = false;
  let openerShown = false;
  function showOpener(show) {
    if (show === openerShown || typeof opener.showPopover !== "function") return;
    openerShown = show;
    if (show) opener.showPopover();
    else opener.hidePopover();
    stackOpeners();
  }
  function checkRoom() {
    const room = el.getBoundingClientRect().width;
    const least = parseFloat(getComputedStyle(root).minWidth) || 0;
    showOpener(!win.open && inView && el.isConnected && room < least - 1);
  }
  const laterCheck = schedule(checkRoom);
  const resized = new ResizeObserver(laterCheck);
  resized.observe(el);
  const seen = new IntersectionObserver((entries) => {
    inView = entries[entries.length - 1].isIntersecting;
    laterCheck();
  });
  seen.observe(root);
  function stackOpeners() {
    const shown = [...document.querySelectorAll(".ff-open-window")].filter((b) => b.matches(":popover-open"));
    shown.forEach((b, i) => {
      b.style.bottom = `${32 + i * 56}px`;
    });
  }
  keepKeys(win);
  keepKeys(opener);
  function toggleButton() {
    return win.open ? null : h("button", {
      type: "button",
      class: "ff-fullscreen",
      "aria-haspopup": "dialog",
      onclick: () => openWindow("toggle"),
      text: "Full screen"
    });
  }
  function label(preset) {
    opener.textContent = `Open the card table (${preset})`;
  }
  function stop() {
    resized.disconnect();
    seen.disconnect();
    if (win.open) win.close();
    showOpener(false);
  }
  return { bar, toggleButton, label, stop };
}

// src/table.js
var SYNCED = [
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
  "opponents"
];
function header(obs, fullScreenButton) {
  const scores = h(
    "div",
    { class: "ff-scores", role: "group", "aria-label": "scores" },
    obs.partnership_names.map(
      (n, p) => h(
        "span",
        { class: `ff-score ff-p${p}`, "data-partnership": n },
        h("b", { text: n }),
        " ",
        h("span", { class: "ff-score-value", text: String(obs.scores[p]) })
      )
    ),
    h("span", { class: "ff-target", text: `to ${obs.target}` })
  );
  return h(
    "div",
    { class: "ff-header" },
    h("span", { class: "ff-title", text: `Forty-Five \xB7 ${obs.preset} \xB7 deal ${obs.deal}` }),
    scores,
    fullScreenButton
  );
}
function status(obs, info) {
  const trump = obs.trump ? h(
    "span",
    { class: `ff-trump ff-suit-${obs.trump}`, "data-trump": obs.trump },
    "Trump ",
    h("b", { text: `${SUIT_INFO[obs.trump].symbol} ${SUIT_INFO[obs.trump].name}` })
  ) : h("span", { class: "ff-trump", text: "Trump not yet named" });
  return h(
    "div",
    { class: "ff-status" },
    trump,
    info.contract ? h("span", { class: "ff-contract", text: info.contract }) : null
  );
}
function render({ model, el }) {
  const root = h("div", { class: "ff-table", tabindex: "-1" });
  const ui = { selected: /* @__PURE__ */ new Set(), selectionKey: "", showLast: false };
  let timer = null;
  let sent = "";
  const send = sender(model, ["state", "notice", "opponents", LOG_TRAIT], { always: ["act"] });
  function myTurn(obs) {
    return !obs.over && obs.to_act === obs.seat && !model.get("auto");
  }
  function once(type, msg = {}) {
    const key = `${model.get("state")} ${type} ${msg.action ?? ""}`;
    if (sent === key) return;
    sent = key;
    send({ type, ...msg });
  }
  const act = (action) => once("act", { action, seat: model.get("obs").seat });
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
    levelName: uniqueId("ff-level")
    // one radio group per view
  };
  const window_ = makeWindow(el, root, () => redraw());
  const gatherer = makeGatherer(root, model, () => ui.showLast);
  const top = h("div", { class: "ff-slot" });
  const noticeEl = h("div", { class: "ff-notice", role: "status" });
  const middle = h("div", { class: "ff-slot" });
  const explain = makeExplain(model);
  const settingsBox = h(
    "details",
    { class: "ff-settings-box" },
    h("summary", { class: "ff-settings-summary", text: "Settings" })
  );
  const settingsSlot = h("div", { class: "ff-slot" });
  settingsBox.append(settingsSlot);
  const tools = h("div", { class: "ff-slot" });
  const more = h("div", { class: "ff-more" }, tools, explain.box, settingsBox);
  const announcer = h("div", { class: "ff-sr-only", role: "status", "aria-live": "polite" });
  root.append(window_.bar, top, noticeEl, middle, more, announcer);
  let wasHeld = false;
  let announced = null;
  function announce(obs, info) {
    const state = model.get("state");
    if (!myTurn(obs)) {
      announcer.textContent = "";
    } else if (announced !== state) {
      announced = state;
      announcer.textContent = "";
      requestAnimationFrame(() => announcer.textContent = info.prompt);
    }
  }
  function drawNotice() {
    const notice = model.get("notice");
    const cls = `ff-notice${notice.kind ? ` ff-notice-${notice.kind}` : ""}`;
    if (noticeEl.className !== cls) noticeEl.className = cls;
    if (noticeEl.textContent !== notice.text)
      noticeEl.replaceChildren(...richLine("span", notice.text).childNodes);
  }
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
      index
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
    if (!usable(target) && key.inHand) target = buttons[Math.min(key.index, buttons.length - 1)];
    if (!usable(target)) target = root.querySelector(".ff-controls button:not([disabled])");
    if (!usable(target)) target = root.querySelector(".ff-hand .ff-legal") || buttons[0];
    (usable(target) ? target : root).focus({ preventScroll: true });
  }
  function redraw(focusCard) {
    const obs = model.get("obs");
    const info = model.get("info");
    if (!obs || obs.seat === void 0) return;
    const key = focusCard ? { card: focusCard, inHand: true, index: 0 } : focusKey(document.activeElement);
    const sum = model.get("summary");
    const held = sum.kind === "deal";
    const overlay = sum.kind ? summaryPanel(ctx, info) : null;
    top.replaceChildren(
      ...present(
        header(obs, window_.toggleButton()),
        felt(obs, info, { showLast: ui.showLast, overlay, corner: overlay ? null : status(obs, info) }),
        h("div", { class: "ff-prompt", text: info.prompt }),
        staticPage(model) ? h("div", { class: "ff-static", text: STATIC_TEXT }) : null
      )
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
    if (key && held && !wasHeld) root.querySelector(".ff-next-deal").focus({ preventScroll: true });
    else if (key) refocus(key);
    wasHeld = held;
    gatherer.schedule();
    pace(info);
  }
  keepKeys(root, (e) => {
    const cards = [...root.querySelectorAll(".ff-hand button")];
    const next = nextCardIndex(e.key, cards.indexOf(document.activeElement), cards.length);
    if (next === null) return;
    e.preventDefault();
    cards[next].focus();
  });
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
var table_default = { render };
export {
  table_default as default
};
