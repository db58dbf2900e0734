// Generated from widgets/src by `npm run build`: edit the sources there, not this file.

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
function drawCard(card) {
  const svg = svgEl("svg", {
    viewBox: "0 0 60 84",
    class: "ff-card-face",
    role: "img",
    "aria-label": card ? cardLabel(card) : "face-down card"
  });
  svg.appendChild(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "ff-card-bg" }));
  if (!card) {
    svg.classList.add("ff-card-back");
    svg.appendChild(svgEl("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "ff-card-back-inner" }));
    return svg;
  }
  if (card === "JK") {
    svg.classList.add("ff-joker");
    svg.appendChild(svgEl("text", { x: 30, y: 50, "text-anchor": "middle", class: "ff-card-pip" }, "\u2605"));
    svg.appendChild(svgEl("text", { x: 5, y: 16, class: "ff-card-rank ff-card-rank-small" }, "JOKER"));
    return svg;
  }
  const suit = card[1];
  const rank = card[0] === "T" ? "10" : card[0];
  svg.classList.add(`ff-suit-${suit}`);
  svg.appendChild(svgEl("text", { x: 5, y: 19, class: "ff-card-rank" }, rank));
  svg.appendChild(svgEl("text", { x: 5, y: 33, class: "ff-card-corner" }, SUITS[suit].symbol));
  svg.appendChild(
    svgEl("text", { x: 36, y: 66, "text-anchor": "middle", class: "ff-card-pip" }, SUITS[suit].symbol)
  );
  return svg;
}

// src/dom.js
function staticPage() {
  return globalThis.fortyfiveStaticPage === true;
}
var STATIC_TEXT = "This page is static: nothing here answers a click. Open it live to play (the note at the top of the page says how).";
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
  let at = now();
  return (msg) => {
    const stamped = { ...msg, state: model.get("state") };
    const key = JSON.stringify(stamped);
    if (pending.has(key)) return false;
    const t = now();
    tokens = Math.min(burst, tokens + (t - at) / 1e3 * rate);
    at = t;
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
function seatPosition(seat, learner, players) {
  const r = (seat - learner + players) % players;
  return `ff-pos-${players}-${r}`;
}
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
function nextCardIndex(key, at, count) {
  if (at < 0 || !Object.hasOwn(ARROWS, key)) return null;
  return Math.max(0, Math.min(count - 1, at + ARROWS[key]));
}
function chartGeometry(sum) {
  const rows = [{ deal: 0, scores: sum.chart_start }, ...sum.chart];
  const [W, H, L, R, T, B] = [340, 180, 34, 56, 10, 28];
  const values = rows.flatMap((r) => r.scores).concat([0, sum.target]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i) => L + i / Math.max(1, rows.length - 1) * (W - L - R);
  const y = (v) => T + (hi - v) / Math.max(1, hi - lo) * (H - T - B);
  const step = Math.max(1, Math.ceil((rows.length - 1) / 8));
  const ticks = rows.map((_, i) => i).filter((i) => i % step === 0 || i === rows.length - 1);
  const last = rows[rows.length - 1].scores;
  const ends = sum.names.map((n, p) => ({ p, label: `${n} ${last[p]}`, y: y(last[p]) }));
  ends.sort((a, b) => a.y - b.y).forEach((e, i, all) => {
    if (i > 0) e.y = Math.max(e.y, all[i - 1].y + 11);
  });
  return { W, H, L, R, T, B, rows, x, y, lo, hi, ticks, ends };
}

// src/text.js
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// src/table.js
var SYNCED = [
  "obs",
  "info",
  "events",
  "notice",
  "state",
  "pause_ms",
  "four_colour",
  "auto",
  "summary",
  "continuous",
  "opponents"
];
function partnershipOf(obs, seat) {
  return obs.partnerships[seat];
}
function cardButton(card, { legal, selected, onclick, hint }) {
  return h(
    "button",
    {
      type: "button",
      class: `ff-card${legal ? " ff-legal" : " ff-not-legal"}${selected ? " ff-selected" : ""}`,
      "data-card": card,
      "data-legal": legal ? "true" : "false",
      "aria-pressed": selected === void 0 ? void 0 : selected ? "true" : "false",
      title: `${cardText(card)} (${cardLabel(card)})`,
      onclick
    },
    ...cardFace(card, `${cardLabel(card)}${hint ? `, ${hint}` : ""}`)
  );
}
function render({ model, el }) {
  let selected = /* @__PURE__ */ new Set();
  let selectionKey = "";
  let showLast = false;
  let timer = null;
  const root = h("div", { class: "ff-table", tabindex: "-1" });
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
  const levelName = uniqueId("ff-level");
  const send = sender(model, ["state", "notice", "opponents", "events"], { always: ["act"] });
  let sent = "";
  function act(action) {
    const key = `${model.get("state")} ${action}`;
    if (sent === key) return;
    sent = key;
    send({ type: "act", action, seat: model.get("obs").seat });
  }
  function cardClick(action) {
    return (e) => {
      if (e.detail > 1 || !myTurn(model.get("obs"))) return;
      act(action);
    };
  }
  function legalSet(obs) {
    return new Set(obs.legal_actions || []);
  }
  function myTurn(obs) {
    return !obs.over && obs.to_act === obs.seat && !model.get("auto");
  }
  function header(obs, info) {
    const names = obs.partnership_names;
    const scores = h(
      "div",
      { class: "ff-scores", role: "group", "aria-label": "scores" },
      names.map(
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
    const trump = obs.trump ? h(
      "span",
      { class: `ff-trump ff-suit-${obs.trump}`, "data-trump": obs.trump },
      "Trump ",
      h("b", { text: `${SUIT_INFO[obs.trump].symbol} ${SUIT_INFO[obs.trump].name}` })
    ) : h("span", { class: "ff-trump", text: "Trump not yet known" });
    const contract = info.contract ? h("span", { class: "ff-contract", text: info.contract }) : null;
    return h(
      "div",
      { class: "ff-header" },
      h("span", { class: "ff-title", text: `Forty-Five \xB7 ${obs.preset} \xB7 deal ${obs.deal}` }),
      scores,
      h("div", { class: "ff-status" }, trump, contract),
      win.open ? null : h("button", {
        type: "button",
        class: "ff-fullscreen",
        "aria-haspopup": "dialog",
        onclick: () => openWindow("toggle"),
        text: "Full screen"
      }),
      info.bonus ? h("div", { class: "ff-bonus", "data-certain": String(obs.bonus.certain), text: info.bonus }) : null
    );
  }
  function seatBox(obs, info, seat) {
    const p = partnershipOf(obs, seat);
    const you = seat === obs.seat;
    const badges = [];
    if (seat === obs.dealer)
      badges.push(
        h(
          "span",
          { class: "ff-badge ff-dealer", title: "dealer" },
          h("span", { "aria-hidden": "true", text: "D" }),
          h("span", { class: "ff-sr-only", text: "dealer" })
        )
      );
    if (seat === obs.leader)
      badges.push(h("span", { class: "ff-badge ff-leader", title: "leads this trick", text: "lead" }));
    const call = obs.phase === "bid" || obs.phase === "trump" || obs.phase === "discard" ? lastCall(obs.bids, seat) : null;
    if (call) badges.push(h("span", { class: "ff-badge ff-call", text: call }));
    if (obs.discard_counts[seat] && obs.phase !== "bid")
      badges.push(h("span", { class: "ff-badge", text: `drew ${obs.discard_counts[seat]}` }));
    const revealed = info.hands && !you ? h(
      "div",
      { class: "ff-revealed", role: "group", "aria-label": `hand of ${seatWord(info, seat)}` },
      info.hands[seat].map((c) => h("span", { class: "ff-mini", "data-card": c }, drawCard(c)))
    ) : null;
    return h(
      "div",
      {
        class: `ff-seat ff-p${p} ${seatPosition(seat, obs.seat, obs.players)}${seat === obs.to_act && !obs.over ? " ff-to-act" : ""}${you ? " ff-you" : ""}`,
        "data-seat": seat
      },
      h(
        "div",
        { class: "ff-seat-name" },
        h("span", {
          text: you ? `${seatWord(info, seat)} (${obs.partnership_names[p]})` : seatWord(info, seat)
        }),
        ...badges
      ),
      h(
        "div",
        { class: "ff-seat-cards" },
        you || revealed ? null : h(
          "span",
          { class: "ff-backs", "aria-hidden": "true" },
          [...Array(Math.min(obs.hand_sizes[seat], 13)).keys()].map(
            () => h("span", { class: "ff-back" })
          )
        ),
        h("span", { text: plural(obs.hand_sizes[seat], "card") })
      ),
      revealed
    );
  }
  function trickArea(obs, info) {
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
      area.append(
        h(
          "div",
          {
            class: `ff-played ${seatPosition(seat, obs.seat, obs.players)}${seat === leader ? " ff-led" : ""}${won ? " ff-won" : ""}`,
            "data-seat": seat,
            "data-card": card,
            "data-deal": done ? done.deal : obs.deal
          },
          ...cardFace(
            card,
            `${seatWord(info, seat)}: ${cardLabel(card)}${seat === leader ? ", led" : ""}${won ? ", wins the trick" : ""}`
          ),
          seat === leader ? h("span", { class: "ff-led-mark", "aria-hidden": "true", text: "led" }) : null
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
  let gather = { key: "", since: 0, timer: null };
  function gatherTrick(area, instant) {
    const win2 = area.querySelector(".ff-played.ff-won");
    const seat = root.querySelector(`.ff-seat[data-seat="${area.dataset.winner}"]`);
    if (!win2 || !seat || !area.isConnected) return;
    const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
    const [wx, wy] = centre(win2.getBoundingClientRect());
    const [sx, sy] = centre(seat.getBoundingClientRect());
    const [tx, ty] = [wx + (sx - wx) * 0.5, wy + (sy - wy) * 0.5];
    area.classList.toggle("ff-instant", instant);
    for (const card of area.querySelectorAll(".ff-played")) {
      const [cx, cy] = centre(card.getBoundingClientRect());
      card.style.transform = `translate(${Math.round(tx - cx)}px, ${Math.round(ty - cy)}px) scale(0.8)`;
    }
    area.dataset.gathered = "true";
  }
  function scheduleGather() {
    if (gather.timer !== null) clearTimeout(gather.timer);
    gather.timer = null;
    const area = root.querySelector(".ff-trick");
    const key = area?.dataset.done;
    if (!key || showLast || model.get("pause_ms") === 0) return;
    if (gather.key !== key) gather = { key, since: performance.now(), timer: null };
    const { hold, ms } = gatherTiming(model.get("pause_ms"));
    area.style.setProperty("--ff-gather-ms", `${ms}ms`);
    const elapsed = performance.now() - gather.since;
    if (elapsed >= hold + ms)
      gatherTrick(area, true);
    else
      gather.timer = setTimeout(
        () => {
          gather.timer = null;
          gatherTrick(area, false);
        },
        Math.max(0, hold - elapsed)
      );
  }
  function scoreChart(sum) {
    const { W, H, L, R, T, B, rows, x, y, lo, hi, ticks, ends } = chartGeometry(sum);
    const svg = svgEl("svg", {
      viewBox: `0 0 ${W} ${H}`,
      class: "ff-score-chart",
      role: "img",
      "aria-label": sum.chart_label
    });
    const axis = (x1, y1, x2, y2, cls) => svg.append(svgEl("line", { x1, y1, x2, y2, class: cls }));
    axis(L, y(0), W - R, y(0), "ff-chart-axis");
    axis(L, T, L, H - B, "ff-chart-axis");
    axis(L, y(sum.target), W - R, y(sum.target), "ff-chart-target");
    svg.append(
      svgEl(
        "text",
        { x: L - 4, y: y(sum.target) + 4, "text-anchor": "end", class: "ff-chart-tick" },
        String(sum.target)
      )
    );
    if (lo < 0 || hi !== sum.target)
      svg.append(svgEl("text", { x: L - 4, y: y(0) + 4, "text-anchor": "end", class: "ff-chart-tick" }, "0"));
    if (lo < 0)
      svg.append(
        svgEl("text", { x: L - 4, y: y(lo) + 4, "text-anchor": "end", class: "ff-chart-tick" }, String(lo))
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
      svgEl(
        "text",
        { x: (L + W - R) / 2, y: H - 2, "text-anchor": "middle", class: "ff-chart-tick" },
        "deal"
      )
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
        svgEl("text", { x: W - R + 6, y: e.y + 4, class: `ff-chart-label ff-chart-p${e.p}` }, e.label)
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
  function summaryPanel(info) {
    const sum = model.get("summary");
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
      { class: `ff-summary ff-summary-${sum.kind}`, "aria-label": sum.title },
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
        onclick: () => once("next_deal"),
        text: "Next deal"
      }) : null
    );
  }
  function once(type) {
    const key = `${model.get("state")} ${type}`;
    if (sent === key) return;
    sent = key;
    send({ type });
  }
  function controls(obs, info) {
    const legal = legalSet(obs);
    const mine = myTurn(obs);
    const box = h("div", { class: "ff-controls" }, summaryPanel(info));
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
              onclick: () => act(c.action),
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
              onclick: () => act(a),
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
                onclick: () => act(a),
                text: cardText(a.split(" ")[1])
              })
            )
          )
        );
      }
    }
    if (mine && obs.phase === "discard") {
      const chosen = [...selected].sort();
      const ok = [...legal].some((a) => a.split(" ").slice(1).sort().join(" ") === chosen.join(" "));
      box.append(
        h("button", {
          type: "button",
          class: "ff-confirm-discard",
          disabled: !ok,
          onclick: () => act(["discard", ...chosen].join(" ")),
          text: chosen.length ? `Discard ${chosen.length} and draw ${chosen.length}` : "Keep all five (discard none)"
        })
      );
    }
    return box;
  }
  function hand(obs) {
    const legal = legalSet(obs);
    const mine = myTurn(obs);
    const key = `${obs.deal}:${obs.phase}:${obs.to_act}`;
    if (key !== selectionKey) {
      selected = /* @__PURE__ */ new Set();
      selectionKey = key;
    }
    const buttons = obs.hand.map((card) => {
      let isLegal = false;
      let onclick;
      let sel;
      let hint = "";
      if (obs.phase === "discard" && mine) {
        isLegal = true;
        sel = selected.has(card);
        hint = sel ? "marked to discard" : "keep";
        onclick = () => {
          if (selected.has(card)) selected.delete(card);
          else if (selected.size < (model.get("info").max_discard || 0)) selected.add(card);
          redraw(card);
        };
      } else if (obs.phase === "bury") {
        isLegal = mine && legal.has(`bury ${card}`);
        hint = isLegal ? "bury it" : "";
        onclick = cardClick(`bury ${card}`);
      } else {
        isLegal = mine && legal.has(`play ${card}`);
        hint = mine ? isLegal ? "legal" : "not legal" : "";
        onclick = cardClick(`play ${card}`);
      }
      return cardButton(card, { legal: isLegal, selected: sel, onclick, hint });
    });
    return h(
      "div",
      { class: `ff-hand${mine ? "" : " ff-waiting"}`, role: "group", "aria-label": "your hand" },
      buttons
    );
  }
  function settings(obs) {
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
    const busy = obs.over || !!model.get("auto");
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
      levelChoice(),
      h("label", {}, "Speed ", speed),
      h("label", {}, four, " four-colour deck"),
      h("label", {}, continuous, " continuous play"),
      h("button", {
        type: "button",
        class: "ff-last-trick",
        "aria-pressed": showLast ? "true" : "false",
        disabled: !model.get("info").last_trick,
        onclick: () => {
          showLast = !showLast;
          redraw();
        },
        text: "Last trick"
      }),
      h("button", {
        type: "button",
        class: "ff-hint",
        disabled: !myTurn(obs),
        onclick: () => send({ type: "hint", seat: obs.seat }),
        text: "Hint"
      }),
      h("button", {
        type: "button",
        class: "ff-auto-trick",
        disabled: busy,
        onclick: () => send({ type: "auto", until: "trick", seat: obs.seat }),
        text: "Play to end of trick"
      }),
      h("button", {
        type: "button",
        class: "ff-auto-deal",
        disabled: busy,
        onclick: () => send({ type: "auto", until: "deal", seat: obs.seat }),
        text: "Play to end of deal"
      }),
      obs.over ? h("button", {
        type: "button",
        class: "ff-next-game",
        onclick: () => once("next_game"),
        text: "Next game"
      }) : null
    );
  }
  function levelChoice() {
    const o = model.get("opponents");
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
            onchange: () => send({ type: "level", level })
          }),
          h("span", { class: "ff-level-name", text: level })
        )
      ),
      custom
    );
  }
  const back = h("button", {
    type: "button",
    class: "ff-window-back",
    onclick: () => win.close(),
    text: "Back to the notebook"
  });
  const bar = h("div", { class: "ff-window-bar", hidden: true }, back);
  let openedBy = null;
  function openWindow(by) {
    if (win.open) return;
    openedBy = by;
    showOpener(false);
    win.append(root);
    bar.hidden = false;
    win.showModal();
    redraw();
    back.focus({ preventScroll: true });
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
  const top = h("div", { class: "ff-slot" });
  const noticeEl = h("div", { class: "ff-notice", role: "status" });
  const middle = h("div", { class: "ff-slot" });
  const logEl = h("ol", {
    class: "ff-log",
    tabindex: "0",
    "aria-label": "log",
    "aria-live": "polite",
    "aria-relevant": "additions"
  });
  const announcer = h("div", { class: "ff-sr-only", role: "status", "aria-live": "polite" });
  root.append(bar, top, noticeEl, middle, logEl, announcer);
  let drawnLog = [];
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
    if (noticeEl.textContent !== notice.text) noticeEl.textContent = notice.text;
  }
  function drawLog() {
    const lines = model.get("events");
    let shift = 0;
    while (shift < drawnLog.length && !drawnLog.slice(shift).every((l, i) => lines[i] === l)) shift++;
    const kept = drawnLog.length - shift;
    for (let i = 0; i < shift && logEl.firstChild; i++) logEl.firstChild.remove();
    logEl.append(...lines.slice(kept).map((l) => h("li", { text: l })));
    drawnLog = [...lines];
    logEl.scrollTop = logEl.scrollHeight;
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
    const usable = (el2) => el2 && !el2.disabled;
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
    top.replaceChildren(
      ...present(
        header(obs, info),
        h(
          "div",
          { class: `ff-felt ff-players-${obs.players}` },
          [...Array(obs.players).keys()].map((s) => seatBox(obs, info, s)),
          trickArea(obs, info),
          turnupSpot(info)
        ),
        h("div", { class: "ff-prompt", text: info.prompt }),
        staticPage() ? h("div", { class: "ff-static", text: STATIC_TEXT }) : null,
        controls(obs, info)
      )
    );
    middle.replaceChildren(hand(obs), settings(obs));
    drawNotice();
    drawLog();
    announce(obs, info);
    root.className = `ff-table ff-${obs.preset}${model.get("four_colour") ? " ff-four-colour" : ""}`;
    opener.textContent = `Open the card table (${obs.preset})`;
    root.dataset.state = String(model.get("state"));
    root.dataset.phase = obs.phase;
    root.dataset.deal = String(obs.deal);
    root.dataset.toAct = obs.to_act === null ? "" : String(obs.to_act);
    root.dataset.over = String(obs.over);
    root.dataset.held = String(model.get("summary").kind === "deal");
    const held = model.get("summary").kind === "deal";
    if (key && held && !wasHeld) root.querySelector(".ff-next-deal").focus({ preventScroll: true });
    else if (key) refocus(key);
    wasHeld = held;
    scheduleGather();
    pace(info);
  }
  keepKeys(win);
  keepKeys(opener);
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
    if (gather.timer !== null) clearTimeout(gather.timer);
    resized.disconnect();
    seen.disconnect();
    if (win.open) win.close();
    showOpener(false);
    stop();
  };
}
var table_default = { render };
export {
  table_default as default
};
