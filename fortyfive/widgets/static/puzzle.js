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

// src/puzzle-logic.js
function seatNamer(seats) {
  const names = {};
  for (const s of seats || []) names[s.seat] = s.name || `Seat ${s.seat}`;
  return (seat) => names[seat] !== void 0 ? names[seat] : `Seat ${seat}`;
}
function partnershipClasser(seats) {
  const order = [];
  for (const s of seats || []) if (!order.includes(s.partnership)) order.push(s.partnership);
  return (p) => `ff-p${Math.max(0, order.indexOf(p)) % 3}`;
}
function formValue(fields, form) {
  const out = {};
  for (const f of fields || []) {
    const raw = form[f.name];
    if (raw === void 0 || raw === "") return null;
    if (f.kind === "number") {
      if (!/^\s*-?\d+\s*$/.test(raw)) return null;
      out[f.name] = parseInt(raw, 10);
    } else out[f.name] = raw;
  }
  return out;
}

// src/text.js
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function tryWord(n) {
  return `${n} wrong ${n === 1 ? "try" : "tries"}`;
}
function clockText(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const two = (n) => String(n).padStart(2, "0");
  const h2 = Math.floor(s / 3600);
  const m = Math.floor(s % 3600 / 60);
  return h2 ? `${h2}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
function trumpText(trump) {
  return trump && SUIT_INFO[trump] ? `${SUIT_INFO[trump].symbol} ${SUIT_INFO[trump].name}` : "";
}

// src/puzzle.js
var SYNCED = [
  "view",
  "feedback",
  "hints",
  "more_hints",
  "tries",
  "wrong",
  "show_after",
  "can_show",
  "done",
  "solved",
  "notice",
  "state",
  "practice"
];
var VERDICTS = { right: "Right!", wrong: "Not quite.", shown: "The solution" };
function render({ model, el }) {
  const uid = uniqueId("ff-pz");
  let picks = [];
  let form = {};
  let pickKey = "";
  let awaiting = null;
  let clock = { state: -1, elapsed: 0, at: 0, running: false, el: null, total: null };
  const root = h("div", { class: "ff-puzzle" });
  el.append(root);
  keepKeys(root);
  function send(what, msg) {
    const notice = model.get("notice");
    awaiting = {
      what,
      state: model.get("state"),
      notice: notice?.state,
      text: notice?.text
    };
    model.send({ ...msg, type: what, state: model.get("state") });
  }
  function submit(answer) {
    send("answer", { answer });
  }
  function highlighted() {
    const fb = model.get("feedback") || {};
    return new Set(fb.highlight || []);
  }
  function plainCard(card, size, hl) {
    return h(
      "span",
      {
        class: `ff-pz-card ff-pz-${size}${hl.has(card) ? " ff-pz-hl" : ""}`,
        "data-card": card,
        title: cardText(card)
      },
      drawCard(card)
    );
  }
  function answerCard(card, spec, hl, done) {
    const type = spec.type;
    const pos = picks.indexOf(card);
    const picked = pos >= 0;
    let state = "";
    if (type === "cards") state = picked ? ", selected" : ", not selected";
    if (type === "sequence" && picked) state = `, number ${pos + 1}`;
    const full = type === "sequence" && picks.length >= (spec.count || spec.cards.length);
    const inert = done || type === "sequence" && (picked || full);
    return h(
      "button",
      {
        type: "button",
        class: `ff-pz-card ff-pz-answer${picked ? " ff-pz-picked" : ""}${hl.has(card) ? " ff-pz-hl" : ""}`,
        "data-card": card,
        "aria-pressed": type === "cards" ? String(picked) : void 0,
        "aria-disabled": inert ? "true" : void 0,
        title: cardText(card),
        onclick: () => {
          if (inert) return;
          if (type === "card") submit(card);
          else if (type === "cards") {
            picks = picked ? picks.filter((c) => c !== card) : [...picks, card];
            redraw({ card });
          } else if (type === "sequence") {
            picks = [...picks, card];
            redraw({ card });
          }
        }
      },
      ...cardFace(card, `${cardLabel(card)}${state}${hl.has(card) ? ", highlighted" : ""}`),
      type === "sequence" && picked ? h("span", { class: "ff-pz-order-mark", "aria-hidden": "true", text: String(pos + 1) }) : null
    );
  }
  function answerZone(view, spec) {
    if (!["card", "cards", "sequence"].includes(spec.type)) return null;
    const cards = spec.cards || [];
    if (!cards.length) return null;
    const within = (list) => cards.every((c) => list.includes(c));
    if (view.trick && within(view.trick.map((t) => t.card))) return "trick";
    for (const s of view.seats || []) if (s.yours && s.cards && within(s.cards)) return `seat-${s.seat}`;
    if (view.hand && within(view.hand)) return "hand";
    return "row";
  }
  function howTo(spec, zone) {
    if (staticPage(model)) return STATIC_TEXT;
    const where = zone === "trick" ? " in the trick" : zone === "row" ? " below" : zone ? " in your hand" : "";
    switch (spec.type) {
      case "card":
        return `Click one card${where}.`;
      case "cards":
        return `Click every card that applies${where}, then Check.`;
      case "sequence":
        return `Click the cards${where} in order, then Check.`;
      case "choice":
        return "Click your answer.";
      case "choices":
        return "Click every answer that applies, then Check.";
      case "form":
        return "Fill in each answer, then Check.";
      default:
        return "";
    }
  }
  function cardsOf(list, zone, spec, hl, size) {
    const done = model.get("done");
    const offered = new Set(spec.cards || []);
    return list.map((c) => zone && offered.has(c) ? answerCard(c, spec, hl, done) : plainCard(c, size, hl));
  }
  function header(view) {
    const d = Number(view.difficulty) || 0;
    return h(
      "div",
      { class: "ff-pz-head" },
      h("div", { class: "ff-pz-title", role: "heading", "aria-level": "3", text: view.title || "Puzzle" }),
      d ? h("span", {
        class: "ff-pz-difficulty",
        role: "img",
        "aria-label": `difficulty ${d} of 3`,
        title: `difficulty ${d} of 3`,
        text: "\u2605".repeat(d) + "\u2606".repeat(Math.max(0, 3 - d))
      }) : null,
      h("span", { class: "ff-pz-meta", text: [view.id, view.preset].filter(Boolean).join(" \xB7 ") }),
      (view.rules || []).length ? h(
        "span",
        { class: "ff-pz-rules", role: "group", "aria-label": "rules" },
        view.rules.map((r) => h("span", { class: "ff-pz-rule", text: r }))
      ) : null
    );
  }
  function facts(view, hl) {
    const lines = view.facts || [];
    const extra = [];
    if (view.turnup)
      extra.push(
        h(
          "li",
          { class: "ff-pz-turnup" },
          "Turn-up: ",
          plainCard(view.turnup, "mini", hl),
          ` ${cardText(view.turnup)}`
        )
      );
    if (view.stock_top)
      extra.push(
        h(
          "li",
          { class: "ff-pz-stock-top" },
          "Top of the stock: ",
          plainCard(view.stock_top, "mini", hl),
          ` ${cardText(view.stock_top)}`
        )
      );
    if (!lines.length && !extra.length && !view.trump) return null;
    const trump = view.trump && !lines.some((l) => /trump/i.test(l)) ? h("li", { class: `ff-pz-trump ff-suit-${view.trump}`, text: `Trump: ${trumpText(view.trump)}` }) : null;
    return h(
      "ul",
      { class: "ff-pz-facts", "aria-label": "facts" },
      trump,
      lines.map((l) => h("li", { text: l })),
      extra
    );
  }
  function seatsView(view, spec, zone, hl) {
    if (!view.seats?.length) return null;
    const pc = partnershipClasser(view.seats);
    return h(
      "div",
      { class: "ff-pz-seats", role: "group", "aria-label": "hands" },
      view.seats.map((s) => {
        const mine = zone === `seat-${s.seat}`;
        const badges = [
          s.yours ? h("span", { class: "ff-pz-badge ff-pz-you", text: "you" }) : null,
          s.dealer ? h("span", { class: "ff-pz-badge ff-pz-dealer", title: "dealer", text: "D" }) : null,
          s.to_act ? h("span", { class: "ff-pz-badge ff-pz-to-act", text: "to act" }) : null
        ];
        const cards = s.cards ? h(
          "div",
          {
            class: `ff-pz-hand${mine ? " ff-pz-zone" : ""}`,
            role: mine ? "group" : void 0,
            "aria-label": mine ? "your cards: choose" : `hand of ${s.name}`
          },
          cardsOf(s.cards, mine, spec, hl, "small")
        ) : h(
          "div",
          { class: "ff-pz-hand ff-pz-hidden" },
          s.count !== 0 ? h("span", { class: "ff-pz-card ff-pz-mini", "aria-hidden": "true" }, drawCard(null)) : null,
          // a count of null: the number of cards would tell the answer, so it is not sent
          h("span", {
            class: "ff-pz-count",
            text: s.count === null || s.count === void 0 ? "cards face down" : `${plural(s.count, "card")} face down`
          })
        );
        return h(
          "div",
          {
            class: `ff-pz-seat ${pc(s.partnership)}${s.to_act ? " ff-pz-seat-to-act" : ""}${s.yours ? " ff-pz-seat-yours" : ""}${mine ? " ff-pz-seat-answer" : ""}`,
            "data-seat": s.seat
          },
          h(
            "div",
            { class: "ff-pz-seat-name" },
            h("b", { text: s.name || `Seat ${s.seat}` }),
            s.partnership ? h("span", { class: "ff-pz-partnership", text: ` (${s.partnership})` }) : null,
            ...badges
          ),
          cards
        );
      })
    );
  }
  function handView(view, spec, zone, hl) {
    if (!view.hand?.length) return null;
    const mine = zone === "hand";
    return h(
      "div",
      { class: "ff-pz-hand-box" },
      h("div", { class: "ff-pz-label", text: "Your hand" }),
      h(
        "div",
        {
          class: `ff-pz-hand${mine ? " ff-pz-zone" : ""}`,
          role: "group",
          "aria-label": mine ? "your hand: choose" : "your hand"
        },
        cardsOf(view.hand, mine, spec, hl, "small")
      )
    );
  }
  function played(list, name, zone, spec, hl, winner) {
    const offered = new Set(spec.cards || []);
    const done = model.get("done");
    return list.map(
      ({ seat, card }) => h(
        "div",
        { class: `ff-pz-played${seat === winner ? " ff-pz-won" : ""}`, "data-seat": seat },
        zone && offered.has(card) ? answerCard(card, spec, hl, done) : plainCard(card, "small", hl),
        h("span", { class: "ff-pz-played-by", text: name(seat) })
      )
    );
  }
  function trickView(view, spec, zone, hl) {
    if (!view.trick) return null;
    const name = seatNamer(view.seats);
    const mine = zone === "trick";
    return h(
      "div",
      { class: "ff-pz-trick-box" },
      h("div", {
        class: "ff-pz-label",
        text: view.trick.length ? "The trick so far" : "No card played yet in this trick"
      }),
      h(
        "div",
        {
          class: `ff-pz-trick${mine ? " ff-pz-zone" : ""}`,
          role: "group",
          "aria-label": mine ? "the trick: choose" : "the trick so far"
        },
        played(view.trick, name, mine, spec, hl, null)
      )
    );
  }
  function tricksView(view, hl) {
    if (!view.tricks?.length) return null;
    const name = seatNamer(view.seats);
    return h(
      "div",
      { class: "ff-pz-tricks-box" },
      h("div", { class: "ff-pz-label", text: "Tricks played" }),
      h(
        "ol",
        { class: "ff-pz-tricks", "aria-label": "tricks played" },
        view.tricks.map(
          (t) => h(
            "li",
            { class: "ff-pz-past-trick", "data-number": t.number },
            h("span", { class: "ff-pz-trick-no", text: `${t.number}.` }),
            h("div", { class: "ff-pz-trick-cards" }, played(t.cards, name, false, {}, hl, t.winner)),
            t.winner === null || t.winner === void 0 ? null : h("span", { class: "ff-pz-trick-winner", text: `won by ${name(t.winner)}` })
          )
        )
      )
    );
  }
  function practiceHeader(p) {
    if (!p?.mode) return null;
    const stat = (cls, label, value, extra = {}) => h(
      "span",
      { class: `ff-pz-stat ${cls}`, ...extra },
      h("span", { class: "ff-pz-stat-label", text: `${label} ` }),
      h("b", { class: "ff-pz-stat-value", text: String(value) })
    );
    clock.el = h("b", { class: "ff-pz-stat-value ff-pz-clock", text: clockText(clockNow(p)) });
    clock.total = h("b", {
      class: "ff-pz-stat-value ff-pz-total-clock",
      text: clockText(clockNow(p, p.total))
    });
    return h(
      "div",
      { class: "ff-pz-practice", role: "group", "aria-label": p.mode === "review" ? "review" : "drill" },
      h("div", { class: "ff-pz-practice-title", role: "heading", "aria-level": "3", text: p.title || "" }),
      h(
        "div",
        { class: "ff-pz-stats" },
        stat("ff-pz-number", "Puzzle", p.number),
        stat("ff-pz-streak", "Streak", p.streak),
        stat("ff-pz-best", "Best", p.best),
        h(
          "span",
          { class: "ff-pz-stat ff-pz-timer", title: "time on this puzzle" },
          h("span", { class: "ff-pz-stat-label", text: "Time " }),
          clock.el
        ),
        h(
          "span",
          { class: "ff-pz-stat ff-pz-total", title: "time in this session" },
          h("span", { class: "ff-pz-stat-label", text: "Total " }),
          clock.total
        ),
        p.left !== null && p.left !== void 0 ? stat("ff-pz-left", "Left", p.left) : null
      ),
      h("div", { class: "ff-pz-practice-note", "aria-live": "polite", text: p.note || "" })
    );
  }
  function clockNow(p, base) {
    const running = clock.running ? (performance.now() - clock.at) / 1e3 : 0;
    if (base !== void 0) return Number(base) + running;
    if (p.seconds !== null && p.seconds !== void 0) return p.seconds;
    return clock.elapsed + running;
  }
  function button(cls, text, onclick, disabled, extra = {}) {
    return h("button", { type: "button", class: `ff-pz-button ${cls}`, disabled, onclick, text, ...extra });
  }
  function answerControls(spec, zone, hl) {
    const done = model.get("done");
    const box = h("div", { class: "ff-pz-answer-box", "data-type": spec.type || "" });
    if (zone === "row") {
      box.append(
        h(
          "div",
          { class: "ff-pz-row ff-pz-zone", role: "group", "aria-label": "cards to choose from" },
          cardsOf(spec.cards || [], true, spec, hl, "small")
        )
      );
    }
    if (spec.type === "sequence") {
      const count = spec.count || (spec.cards || []).length;
      box.append(
        h(
          "div",
          { class: "ff-pz-order-line" },
          h("span", { class: "ff-pz-label", text: `Your order (${picks.length} of ${count}):` }),
          h(
            "ol",
            { class: "ff-pz-order", "aria-live": "polite" },
            picks.map((c, i) => h("li", { "data-card": c, text: `${i + 1}. ${cardText(c)}` }))
          )
        ),
        h(
          "div",
          { class: "ff-pz-buttons" },
          button(
            "ff-pz-undo",
            "Undo",
            () => {
              picks = picks.slice(0, -1);
              redraw({ cls: "ff-pz-undo" });
            },
            done || !picks.length
          ),
          button(
            "ff-pz-clear",
            "Clear",
            () => {
              picks = [];
              redraw({ cls: "ff-pz-clear" });
            },
            done || !picks.length
          ),
          button("ff-pz-check", "Check", () => submit([...picks]), done || picks.length !== count)
        )
      );
    } else if (spec.type === "cards") {
      box.append(
        h(
          "div",
          { class: "ff-pz-buttons" },
          button(
            "ff-pz-check",
            `Check (${plural(picks.length, "card")} selected)`,
            () => submit([...picks]),
            done
          )
        )
      );
    } else if (spec.type === "choice" || spec.type === "choices") {
      const many = spec.type === "choices";
      box.append(
        h(
          "div",
          { class: "ff-pz-options", role: "group", "aria-label": "answers" },
          (spec.options || []).map((o) => {
            const picked = picks.includes(o.value);
            const hlit = hl.has(o.value);
            return button(
              `ff-pz-option${picked ? " ff-pz-picked" : ""}${hlit ? " ff-pz-hl" : ""}`,
              o.label,
              () => {
                if (!many) submit(o.value);
                else {
                  picks = picked ? picks.filter((v) => v !== o.value) : [...picks, o.value];
                  redraw({ option: o.value });
                }
              },
              done,
              { "data-value": o.value, "aria-pressed": many ? String(picked) : void 0 }
            );
          })
        )
      );
      if (many)
        box.append(
          h(
            "div",
            { class: "ff-pz-buttons" },
            button("ff-pz-check", "Check", () => submit([...picks]), done)
          )
        );
    } else if (spec.type === "form") {
      box.append(formControls(spec, done));
    }
    return box;
  }
  function formControls(spec, done) {
    const check = button(
      "ff-pz-check",
      "Check",
      () => {
        const value = formValue(spec.fields, form);
        if (value) submit(value);
      },
      done || !formValue(spec.fields, form)
    );
    const update = (name) => (e) => {
      form[name] = e.target.value;
      check.disabled = done || !formValue(spec.fields, form);
    };
    const fields = (spec.fields || []).map((f, i) => {
      const id = `${uid}-field-${i}`;
      const input = f.kind === "number" ? h("input", {
        id,
        type: "text",
        inputmode: "numeric",
        pattern: "-?[0-9]*",
        class: "ff-pz-field",
        "data-name": f.name,
        value: form[f.name] || "",
        disabled: done,
        oninput: update(f.name),
        onkeydown: (e) => {
          if (e.key === "Enter" && !check.disabled) check.click();
        }
      }) : h(
        "select",
        { id, class: "ff-pz-field", "data-name": f.name, disabled: done, onchange: update(f.name) },
        h("option", { value: "", text: "choose\u2026", selected: !form[f.name] }),
        (f.options || []).map(
          (o) => h("option", { value: o.value, text: o.label, selected: form[f.name] === o.value })
        )
      );
      return h("div", { class: "ff-pz-form-field" }, h("label", { for: id, text: f.label }), input);
    });
    return h("div", { class: "ff-pz-form" }, fields, h("div", { class: "ff-pz-buttons" }, check));
  }
  function mainButtons() {
    const done = model.get("done");
    const canShow = model.get("can_show");
    const after = model.get("show_after");
    const wrong = model.get("wrong");
    const note = done ? "" : canShow ? "" : `"Show me" opens after ${tryWord(after)} (${wrong} so far)`;
    const noteId = `${uid}-show-note`;
    const p = model.get("practice") || {};
    return h(
      "div",
      { class: "ff-pz-buttons ff-pz-main-buttons" },
      button("ff-pz-hint", "Hint", () => send("hint", {}), done || !model.get("more_hints")),
      button("ff-pz-show", "Show me", () => send("show", {}), done || !canShow, {
        "aria-describedby": note ? noteId : void 0
      }),
      button(
        "ff-pz-reset",
        "Try again",
        () => {
          picks = [];
          form = {};
          send("reset", {});
        },
        false
      ),
      p.mode ? button("ff-pz-next", "Next puzzle", () => send("next", {}), !p.can_next) : null,
      note ? h("span", { class: "ff-pz-show-note", id: noteId, text: note }) : null
    );
  }
  function hintsView() {
    const hints = model.get("hints") || [];
    return h(
      "ol",
      { class: "ff-pz-hints", "aria-label": "hints", "aria-live": "polite" },
      hints.map(
        (t, i) => h("li", { "data-n": i + 1, tabindex: "-1" }, h("b", { text: `Hint ${i + 1}: ` }), t)
      )
    );
  }
  function sheetTable(rows) {
    if (!rows?.length) return null;
    const cols = [];
    for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
    const show = (v) => v === null || v === void 0 ? "" : Array.isArray(v) ? v.join(" ") : String(v);
    return h(
      "div",
      { class: "ff-pz-sheet-wrap" },
      h("div", { class: "ff-pz-label", id: `${uid}-sheet`, text: "Score sheet" }),
      h(
        "table",
        { class: "ff-pz-sheet", "aria-labelledby": `${uid}-sheet` },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            cols.map((c) => h("th", { scope: "col", text: c.replace(/_/g, " ") }))
          )
        ),
        h(
          "tbody",
          {},
          rows.map(
            (r) => h(
              "tr",
              {},
              cols.map((c) => h("td", { text: show(r[c]) }))
            )
          )
        )
      )
    );
  }
  function feedbackView() {
    const fb = model.get("feedback") || {};
    const verdict = fb.verdict || "";
    const step = verdict === "right" && fb.done === false;
    const box = h("div", {
      class: `ff-pz-feedback${verdict ? ` ff-pz-${verdict}` : ""}`,
      "aria-live": "polite",
      tabindex: "-1",
      "data-verdict": verdict
    });
    if (!verdict) return box;
    const hl = fb.highlight || [];
    box.append(
      ...present(
        h("div", { class: "ff-pz-verdict", text: step ? "Good." : VERDICTS[verdict] || "" }),
        fb.message ? h("div", { class: "ff-pz-message", text: fb.message }) : null,
        hl.length ? h("div", {
          class: "ff-pz-highlight-line",
          text: `Cards: ${hl.map((c) => /^(JK|[AKQJT2-9][SCDH])$/.test(c) ? cardText(c) : c).join(", ")}`
        }) : null,
        (fb.rules || []).length ? h(
          "div",
          { class: "ff-pz-rules" },
          "Rules: ",
          fb.rules.map((r) => h("span", { class: "ff-pz-rule", text: r }))
        ) : null,
        sheetTable(fb.sheet)
      )
    );
    return box;
  }
  function redraw(keep) {
    const view = model.get("view");
    if (!view?.id) return;
    const spec = view.answer || {};
    const key = `${view.id}|${JSON.stringify(spec)}|${view.step ? view.step.text : ""}`;
    if (key !== pickKey) {
      picks = [];
      form = {};
      pickKey = key;
    }
    const hl = highlighted();
    const zone = answerZone(view, spec);
    const active = document.activeElement;
    const had = active && root.contains(active) ? active : null;
    const notice = model.get("notice") || {};
    const state = model.get("state");
    const p = model.get("practice") || {};
    if (state !== clock.state) {
      clock = {
        state,
        elapsed: Number(p.elapsed) || 0,
        at: performance.now(),
        running: p.seconds === null || p.seconds === void 0,
        el: null,
        total: null
      };
    }
    root.replaceChildren(
      ...present(
        practiceHeader(p),
        header(view),
        h("div", { class: "ff-pz-prompt", text: view.prompt || "" }),
        model.get("done") ? null : h("div", { class: `ff-pz-how${staticPage(model) ? " ff-static" : ""}`, text: howTo(spec, zone) }),
        facts(view, hl),
        view.step?.text ? h("div", { class: "ff-pz-step", text: view.step.text }) : null,
        seatsView(view, spec, zone, hl),
        trickView(view, spec, zone, hl),
        handView(view, spec, zone, hl),
        tricksView(view, hl),
        answerControls(spec, zone, hl),
        mainButtons(),
        h("div", {
          class: `ff-pz-notice${notice.kind ? ` ff-pz-notice-${notice.kind}` : ""}`,
          role: notice.kind === "error" ? "alert" : "status",
          text: notice.text || ""
        }),
        hintsView(),
        feedbackView()
      )
    );
    const fb = model.get("feedback") || {};
    root.className = `ff-puzzle ff-pz-${view.preset || "bruff"}`;
    Object.assign(root.dataset, {
      puzzle: view.id,
      state: String(state),
      kind: view.kind || "",
      answerType: spec.type || "",
      done: String(model.get("done")),
      solved: String(model.get("solved")),
      verdict: fb.verdict || "",
      tries: String(model.get("tries")),
      practice: p.mode || "",
      number: p.mode ? String(p.number) : "",
      streak: p.mode ? String(p.streak) : "",
      best: p.mode ? String(p.best) : ""
    });
    let target = null;
    if (awaiting) {
      const moved = state !== awaiting.state;
      const refused = !moved && (notice.state !== awaiting.notice || notice.text !== awaiting.text) && notice.text;
      if (moved || refused) {
        const what = awaiting.what;
        awaiting = null;
        if (refused) target = root.querySelector(".ff-pz-notice");
        else if (what === "hint")
          target = root.querySelector(".ff-pz-hint:not([disabled])") || root.querySelector(".ff-pz-hints li:last-child") || root.querySelector(".ff-pz-notice");
        else if (what === "reset" || what === "next")
          target = root.querySelector(".ff-pz-answer:not([aria-disabled]), .ff-pz-option, .ff-pz-field");
        else if (p.can_next)
          target = root.querySelector(".ff-pz-next");
        else if (fb.verdict === "right" && fb.done === false)
          target = root.querySelector(".ff-pz-answer:not([aria-disabled])") || root.querySelector(".ff-pz-feedback");
        else target = root.querySelector(".ff-pz-feedback");
        if (target?.classList.contains("ff-pz-notice")) target.setAttribute("tabindex", "-1");
      }
    }
    if (!target && keep) {
      if (keep.card) target = root.querySelector(`.ff-pz-answer[data-card="${keep.card}"]`);
      else if (keep.option)
        target = root.querySelector(`.ff-pz-option[data-value="${CSS.escape(keep.option)}"]`);
      else if (keep.cls) target = root.querySelector(`.${keep.cls}:not([disabled])`);
      if (!target)
        target = root.querySelector(".ff-pz-answer:not([aria-disabled]), .ff-pz-check:not([disabled])");
    }
    if (!target && had) {
      if (had.dataset.card) target = root.querySelector(`.ff-pz-answer[data-card="${had.dataset.card}"]`);
      else if (had.dataset.value)
        target = root.querySelector(`.ff-pz-option[data-value="${CSS.escape(had.dataset.value)}"]`);
      else if (had.dataset.name)
        target = root.querySelector(`.ff-pz-field[data-name="${CSS.escape(had.dataset.name)}"]`);
      else if (had.classList.length)
        target = root.querySelector(
          `.${had.classList[had.classList.length > 1 && had.classList[0] === "ff-pz-button" ? 1 : 0]}:not([disabled])`
        );
    }
    if (target) target.focus();
  }
  const stop = redrawOnChange(model, SYNCED, redraw);
  const ticker = setInterval(() => {
    const p = model.get("practice") || {};
    if (!clock.el || !clock.running || !p.mode) return;
    clock.el.textContent = clockText(clockNow(p));
    clock.total.textContent = clockText(clockNow(p, p.total));
  }, 1e3);
  redraw();
  return () => {
    clearInterval(ticker);
    stop();
  };
}
var puzzle_default = { render };
export {
  puzzle_default as default
};
