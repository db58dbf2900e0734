// The table's controls: the bidding box, naming trump, robbing the turn-up, confirming the
// discards (each offered only on the learner's turn, from the engine's legal actions and
// Python's call list), the buttons under the hand and the settings.
import { cardLabel, cardText, SUIT_INFO } from "./cards.js";
import { h } from "./dom.js";
import { SPEEDS } from "./table-logic.js";

/** What the learner may do now besides playing a card. */
export function controls(ctx, obs, info) {
  const legal = new Set(obs.legal_actions || []);
  const mine = ctx.myTurn(obs);
  const box = h("div", { class: "ff-controls" });
  if (mine && obs.phase === "bid") {
    box.append(
      h(
        "div",
        { class: "ff-bidding", role: "group", "aria-label": "bidding box" },
        info.calls.map((c) =>
          h("button", {
            type: "button",
            class: "ff-call-button",
            "data-action": c.action,
            disabled: !c.legal,
            onclick: () => ctx.act(c.action),
            text: c.text || c.action,
          }),
        ),
      ),
    );
  }
  if (mine && obs.phase === "trump") {
    box.append(
      h(
        "div",
        { class: "ff-trump-choice", role: "group", "aria-label": "name trump" },
        [...legal]
          .filter((a) => a.startsWith("trump "))
          .map((a) => {
            const s = a.split(" ")[1];
            return h("button", {
              type: "button",
              class: `ff-suit-button ff-suit-${s}`,
              "data-action": a,
              onclick: () => ctx.act(a),
              text: `${SUIT_INFO[s].symbol} ${SUIT_INFO[s].name}`,
            });
          }),
      ),
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
          robs.map((a) =>
            h("button", {
              type: "button",
              class: "ff-rob-button",
              "data-action": a,
              title: cardLabel(a.split(" ")[1]),
              onclick: () => ctx.act(a),
              text: cardText(a.split(" ")[1]),
            }),
          ),
        ),
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
        text: chosen.length
          ? `Discard ${chosen.length} and draw ${chosen.length}`
          : "Keep all five (discard none)",
      }),
    );
  }
  return box;
}

/** The table's buttons under the hand: the last trick, a hint, playing on, the next game. */
export function toolbar(ctx, obs) {
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
      text: "Last trick",
    }),
    h("button", {
      type: "button",
      class: "ff-hint",
      disabled: !ctx.myTurn(obs),
      onclick: () => ctx.send({ type: "hint", seat: obs.seat }),
      text: "Hint",
    }),
    h("button", {
      type: "button",
      class: "ff-auto-trick",
      disabled: busy,
      onclick: () => ctx.send({ type: "auto", until: "trick", seat: obs.seat }),
      text: "Play to end of trick",
    }),
    h("button", {
      type: "button",
      class: "ff-auto-deal",
      disabled: busy,
      onclick: () => ctx.send({ type: "auto", until: "deal", seat: obs.seat }),
      text: "Play to end of deal",
    }),
    obs.over
      ? h("button", {
          type: "button",
          class: "ff-next-game",
          onclick: () => ctx.once("next_game"),
          text: "Next game",
        })
      : null,
  );
}

/** The settings: the opponents' level, the speed, the four-colour deck, continuous play. */
export function settings(ctx) {
  const model = ctx.model;
  const pause = model.get("pause_ms");
  const speed = h(
    "select",
    {
      class: "ff-speed", // named "Speed" by its label, the text the learner sees
      onchange: (e) => {
        model.set("pause_ms", Number(e.target.value));
        model.save_changes();
      },
    },
    SPEEDS.map(([name, ms]) => h("option", { value: ms, selected: ms === pause, text: name })),
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
    },
  });
  const continuous = h("input", {
    type: "checkbox",
    class: "ff-continuous-toggle",
    checked: model.get("continuous"),
    onchange: (e) => {
      model.set("continuous", e.target.checked);
      model.save_changes();
    },
  });
  return h(
    "div",
    { class: "ff-settings" },
    levelChoice(ctx),
    h("label", {}, "Speed ", speed),
    h("label", {}, four, " four-colour deck"),
    h("label", {}, continuous, " continuous play"),
  );
}

function levelChoice(ctx) {
  const o = ctx.model.get("opponents");
  const levelName = ctx.levelName;
  if (!o || !Array.isArray(o.levels)) return null;
  const label = h("span", { class: "ff-level-label", id: `${levelName}-label`, text: "Opponents" });
  const custom =
    o.level === null
      ? h("span", { class: "ff-level-custom", id: `${levelName}-custom`, text: o.custom })
      : null;
  return h(
    "div",
    {
      class: "ff-level",
      role: "radiogroup",
      "aria-labelledby": label.id,
      "aria-describedby": custom ? custom.id : undefined,
      "data-level": o.level || "",
    },
    label,
    o.levels.map((level) =>
      h(
        "label",
        { class: "ff-level-choice" },
        h("input", {
          type: "radio",
          class: "ff-level-radio",
          name: levelName,
          value: level,
          "data-level": level,
          checked: level === o.level,
          onchange: () => ctx.send({ type: "level", level }),
        }),
        h("span", { class: "ff-level-name", text: level }),
      ),
    ),
    custom,
  );
}
