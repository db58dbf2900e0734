// The puzzle widget's front end. It draws from the synced state only (view: what the learner may
// see, from PuzzleRun.view(); feedback; hints; counters) and sends the learner's answers and
// button presses as messages; Python checks each one and owns the puzzle. A practice widget (a
// drill, a review) also syncs `practice`, its session's status: a header shows the puzzle's
// number, the streak, the best streak and the timer, and a "Next puzzle" button sends "next".
import { cardFace, cardLabel, cardText, drawCard } from "./cards.js";
import { h, keepKeys, present, redrawOnChange, STATIC_TEXT, staticPage, uniqueId } from "./dom.js";
import { formValue, partnershipClasser, seatNamer } from "./puzzle-logic.js";
import { clockText, plural, trumpText, tryWord } from "./text.js";

const SYNCED = [
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
  "practice",
];
const VERDICTS = { right: "Right!", wrong: "Not quite.", shown: "The solution" };

function render({ model, el }) {
  const uid = uniqueId("ff-pz"); // ids for label and description links, unique in the page
  // UI-only state, until an answer is sent: cards clicked in order, cards or options toggled, and
  // what is typed in a form. It is dropped when the question changes (a new step or Try again).
  let picks = [];
  let form = {};
  let pickKey = "";
  let awaiting = null; // {what, state, notice}: a message sent from here, for moving the focus
  // The practice timer runs on from the seconds Python synced (`practice.elapsed`) until the
  // puzzle is finished, when Python's own figure (`practice.seconds`) is shown instead.
  let clock = { state: -1, elapsed: 0, at: 0, running: false, el: null, total: null };

  const root = h("div", { class: "ff-puzzle" });
  el.append(root);
  keepKeys(root); // a select's ArrowDown is the select's, not the notebook's

  function send(what, msg) {
    const notice = model.get("notice");
    awaiting = {
      what,
      state: model.get("state"),
      notice: notice?.state,
      text: notice?.text,
    };
    model.send({ ...msg, type: what, state: model.get("state") });
  }

  function submit(answer) {
    send("answer", { answer });
  }

  // ------------------------------------------------------------------ cards

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
        title: cardText(card),
      },
      drawCard(card),
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
    const inert = done || (type === "sequence" && (picked || full));
    return h(
      "button",
      {
        type: "button",
        class: `ff-pz-card ff-pz-answer${picked ? " ff-pz-picked" : ""}${hl.has(card) ? " ff-pz-hl" : ""}`,
        "data-card": card,
        "aria-pressed": type === "cards" ? String(picked) : undefined,
        "aria-disabled": inert ? "true" : undefined,
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
        },
      },
      ...cardFace(card, `${cardLabel(card)}${state}${hl.has(card) ? ", highlighted" : ""}`),
      type === "sequence" && picked
        ? h("span", { class: "ff-pz-order-mark", "aria-hidden": "true", text: String(pos + 1) })
        : null,
    );
  }

  // Where the answer's cards are clicked: in the trick, in the learner's hand, or in a row.
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

  // How to answer here (the prompt asks the question in words that fit every medium; the
  // terminal and a printed puzzle say how to answer there in their own way).
  function howTo(spec, zone) {
    if (staticPage(model)) return STATIC_TEXT;
    const where =
      zone === "trick" ? " in the trick" : zone === "row" ? " below" : zone ? " in your hand" : "";
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
    return list.map((c) => (zone && offered.has(c) ? answerCard(c, spec, hl, done) : plainCard(c, size, hl)));
  }

  // ------------------------------------------------------------------ parts

  function header(view) {
    const d = Number(view.difficulty) || 0;
    return h(
      "div",
      { class: "ff-pz-head" },
      h("div", { class: "ff-pz-title", role: "heading", "aria-level": "3", text: view.title || "Puzzle" }),
      d
        ? h("span", {
            class: "ff-pz-difficulty",
            role: "img",
            "aria-label": `difficulty ${d} of 3`,
            title: `difficulty ${d} of 3`,
            text: "\u2605".repeat(d) + "\u2606".repeat(Math.max(0, 3 - d)),
          })
        : null,
      h("span", { class: "ff-pz-meta", text: [view.id, view.preset].filter(Boolean).join(" · ") }),
      (view.rules || []).length
        ? h(
            "span",
            { class: "ff-pz-rules", role: "group", "aria-label": "rules" },
            view.rules.map((r) => h("span", { class: "ff-pz-rule", text: r })),
          )
        : null,
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
          ` ${cardText(view.turnup)}`,
        ),
      );
    if (view.stock_top)
      extra.push(
        h(
          "li",
          { class: "ff-pz-stock-top" },
          "Top of the stock: ",
          plainCard(view.stock_top, "mini", hl),
          ` ${cardText(view.stock_top)}`,
        ),
      );
    if (!lines.length && !extra.length && !view.trump) return null;
    const trump =
      view.trump && !lines.some((l) => /trump/i.test(l))
        ? h("li", { class: `ff-pz-trump ff-suit-${view.trump}`, text: `Trump: ${trumpText(view.trump)}` })
        : null;
    return h(
      "ul",
      { class: "ff-pz-facts", "aria-label": "facts" },
      trump,
      lines.map((l) => h("li", { text: l })),
      extra,
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
          s.to_act ? h("span", { class: "ff-pz-badge ff-pz-to-act", text: "to act" }) : null,
        ];
        const cards = s.cards
          ? h(
              "div",
              {
                class: `ff-pz-hand${mine ? " ff-pz-zone" : ""}`,
                role: mine ? "group" : undefined,
                "aria-label": mine ? "your cards: choose" : `hand of ${s.name}`,
              },
              cardsOf(s.cards, mine, spec, hl, "small"),
            )
          : h(
              "div",
              { class: "ff-pz-hand ff-pz-hidden" },
              s.count !== 0
                ? h("span", { class: "ff-pz-card ff-pz-mini", "aria-hidden": "true" }, drawCard(null))
                : null,
              // a count of null: the number of cards would tell the answer, so it is not sent
              h("span", {
                class: "ff-pz-count",
                text:
                  s.count === null || s.count === undefined
                    ? "cards face down"
                    : `${plural(s.count, "card")} face down`,
              }),
            );
        return h(
          "div",
          {
            class: `ff-pz-seat ${pc(s.partnership)}${s.to_act ? " ff-pz-seat-to-act" : ""}${s.yours ? " ff-pz-seat-yours" : ""}${mine ? " ff-pz-seat-answer" : ""}`,
            "data-seat": s.seat,
          },
          h(
            "div",
            { class: "ff-pz-seat-name" },
            h("b", { text: s.name || `Seat ${s.seat}` }),
            s.partnership ? h("span", { class: "ff-pz-partnership", text: ` (${s.partnership})` }) : null,
            ...badges,
          ),
          cards,
        );
      }),
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
          "aria-label": mine ? "your hand: choose" : "your hand",
        },
        cardsOf(view.hand, mine, spec, hl, "small"),
      ),
    );
  }

  function played(list, name, zone, spec, hl, winner) {
    const offered = new Set(spec.cards || []);
    const done = model.get("done");
    return list.map(({ seat, card }) =>
      h(
        "div",
        { class: `ff-pz-played${seat === winner ? " ff-pz-won" : ""}`, "data-seat": seat },
        zone && offered.has(card) ? answerCard(card, spec, hl, done) : plainCard(card, "small", hl),
        h("span", { class: "ff-pz-played-by", text: name(seat) }),
      ),
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
        text: view.trick.length ? "The trick so far" : "No card played yet in this trick",
      }),
      h(
        "div",
        {
          class: `ff-pz-trick${mine ? " ff-pz-zone" : ""}`,
          role: "group",
          "aria-label": mine ? "the trick: choose" : "the trick so far",
        },
        played(view.trick, name, mine, spec, hl, null),
      ),
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
        view.tricks.map((t) =>
          h(
            "li",
            { class: "ff-pz-past-trick", "data-number": t.number },
            h("span", { class: "ff-pz-trick-no", text: `${t.number}.` }),
            h("div", { class: "ff-pz-trick-cards" }, played(t.cards, name, false, {}, hl, t.winner)),
            t.winner === null || t.winner === undefined
              ? null // the question asks who took it: not shown
              : h("span", { class: "ff-pz-trick-winner", text: `won by ${name(t.winner)}` }),
          ),
        ),
      ),
    );
  }

  function practiceHeader(p) {
    if (!p?.mode) return null;
    const stat = (cls, label, value, extra = {}) =>
      h(
        "span",
        { class: `ff-pz-stat ${cls}`, ...extra },
        h("span", { class: "ff-pz-stat-label", text: `${label} ` }),
        h("b", { class: "ff-pz-stat-value", text: String(value) }),
      );
    clock.el = h("b", { class: "ff-pz-stat-value ff-pz-clock", text: clockText(clockNow(p)) });
    clock.total = h("b", {
      class: "ff-pz-stat-value ff-pz-total-clock",
      text: clockText(clockNow(p, p.total)),
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
          clock.el,
        ),
        h(
          "span",
          { class: "ff-pz-stat ff-pz-total", title: "time in this session" },
          h("span", { class: "ff-pz-stat-label", text: "Total " }),
          clock.total,
        ),
        p.left !== null && p.left !== undefined ? stat("ff-pz-left", "Left", p.left) : null,
      ),
      h("div", { class: "ff-pz-practice-note", "aria-live": "polite", text: p.note || "" }),
    );
  }

  // Seconds now: of this puzzle (`p.elapsed` as synced, or Python's final `p.seconds`), or of
  // the session when `base` is its synced total.
  function clockNow(p, base) {
    const running = clock.running ? (performance.now() - clock.at) / 1000 : 0;
    if (base !== undefined) return Number(base) + running;
    if (p.seconds !== null && p.seconds !== undefined) return p.seconds;
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
          cardsOf(spec.cards || [], true, spec, hl, "small"),
        ),
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
            picks.map((c, i) => h("li", { "data-card": c, text: `${i + 1}. ${cardText(c)}` })),
          ),
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
            done || !picks.length,
          ),
          button(
            "ff-pz-clear",
            "Clear",
            () => {
              picks = [];
              redraw({ cls: "ff-pz-clear" });
            },
            done || !picks.length,
          ),
          button("ff-pz-check", "Check", () => submit([...picks]), done || picks.length !== count),
        ),
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
            done,
          ),
        ),
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
              { "data-value": o.value, "aria-pressed": many ? String(picked) : undefined },
            );
          }),
        ),
      );
      if (many)
        box.append(
          h(
            "div",
            { class: "ff-pz-buttons" },
            button("ff-pz-check", "Check", () => submit([...picks]), done),
          ),
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
      done || !formValue(spec.fields, form),
    );
    const update = (name) => (e) => {
      form[name] = e.target.value;
      check.disabled = done || !formValue(spec.fields, form);
    };
    const fields = (spec.fields || []).map((f, i) => {
      const id = `${uid}-field-${i}`;
      const input =
        f.kind === "number"
          ? h("input", {
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
              },
            })
          : h(
              "select",
              { id, class: "ff-pz-field", "data-name": f.name, disabled: done, onchange: update(f.name) },
              h("option", { value: "", text: "choose…", selected: !form[f.name] }),
              (f.options || []).map((o) =>
                h("option", { value: o.value, text: o.label, selected: form[f.name] === o.value }),
              ),
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
        "aria-describedby": note ? noteId : undefined,
      }),
      button(
        "ff-pz-reset",
        "Try again",
        () => {
          picks = [];
          form = {};
          send("reset", {});
        },
        false,
      ),
      p.mode ? button("ff-pz-next", "Next puzzle", () => send("next", {}), !p.can_next) : null,
      note ? h("span", { class: "ff-pz-show-note", id: noteId, text: note }) : null,
    );
  }

  function hintsView() {
    const hints = model.get("hints") || [];
    return h(
      "ol",
      { class: "ff-pz-hints", "aria-label": "hints", "aria-live": "polite" },
      hints.map((t, i) =>
        h("li", { "data-n": i + 1, tabindex: "-1" }, h("b", { text: `Hint ${i + 1}: ` }), t),
      ),
    );
  }

  function sheetTable(rows) {
    if (!rows?.length) return null;
    const cols = [];
    for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
    const show = (v) => (v === null || v === undefined ? "" : Array.isArray(v) ? v.join(" ") : String(v));
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
            cols.map((c) => h("th", { scope: "col", text: c.replace(/_/g, " ") })),
          ),
        ),
        h(
          "tbody",
          {},
          rows.map((r) =>
            h(
              "tr",
              {},
              cols.map((c) => h("td", { text: show(r[c]) })),
            ),
          ),
        ),
      ),
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
      "data-verdict": verdict,
    });
    if (!verdict) return box;
    const hl = fb.highlight || [];
    box.append(
      ...present(
        h("div", { class: "ff-pz-verdict", text: step ? "Good." : VERDICTS[verdict] || "" }),
        fb.message ? h("div", { class: "ff-pz-message", text: fb.message }) : null,
        hl.length
          ? h("div", {
              class: "ff-pz-highlight-line",
              text: `Cards: ${hl.map((c) => (/^(JK|[AKQJT2-9][SCDH])$/.test(c) ? cardText(c) : c)).join(", ")}`,
            })
          : null,
        (fb.rules || []).length
          ? h(
              "div",
              { class: "ff-pz-rules" },
              "Rules: ",
              fb.rules.map((r) => h("span", { class: "ff-pz-rule", text: r })),
            )
          : null,
        sheetTable(fb.sheet),
      ),
    );
    return box;
  }

  // ------------------------------------------------------------------ drawing

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
        running: p.seconds === null || p.seconds === undefined,
        el: null,
        total: null,
      };
    }

    root.replaceChildren(
      ...present(
        practiceHeader(p),
        header(view),
        h("div", { class: "ff-pz-prompt", text: view.prompt || "" }),
        model.get("done")
          ? null
          : h("div", { class: `ff-pz-how${staticPage(model) ? " ff-static" : ""}`, text: howTo(spec, zone) }),
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
          text: notice.text || "",
        }),
        hintsView(),
        feedbackView(),
      ),
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
      best: p.mode ? String(p.best) : "",
    });

    // Keyboard and screen readers: after an answer (or "show me") the feedback gets the focus,
    // so it is read out; otherwise the focus stays on the same card or control.
    let target = null;
    if (awaiting) {
      const moved = state !== awaiting.state;
      const refused =
        !moved && (notice.state !== awaiting.notice || notice.text !== awaiting.text) && notice.text;
      if (moved || refused) {
        const what = awaiting.what;
        awaiting = null;
        if (refused) target = root.querySelector(".ff-pz-notice");
        else if (what === "hint")
          target =
            root.querySelector(".ff-pz-hint:not([disabled])") ||
            root.querySelector(".ff-pz-hints li:last-child") ||
            root.querySelector(".ff-pz-notice");
        else if (what === "reset" || what === "next")
          target = root.querySelector(".ff-pz-answer:not([aria-disabled]), .ff-pz-option, .ff-pz-field");
        else if (p.can_next)
          target = root.querySelector(".ff-pz-next"); // the feedback is read out (aria-live)
        else if (fb.verdict === "right" && fb.done === false)
          target =
            root.querySelector(".ff-pz-answer:not([aria-disabled])") || root.querySelector(".ff-pz-feedback");
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
          `.${had.classList[had.classList.length > 1 && had.classList[0] === "ff-pz-button" ? 1 : 0]}:not([disabled])`,
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
  }, 1000);
  redraw();
  return () => {
    clearInterval(ticker);
    stop();
  };
}

export default { render };
