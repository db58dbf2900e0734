// The oval felt: the seats round it (the learner's at the bottom, partners facing), the trick
// gathered in the middle, each card toward its player, and the turn-up at the centre. Drawn from
// the synced observation and Python's texts only.
import { cardFace, cardLabel, drawCard } from "./cards.js";
import { h } from "./dom.js";
import { gatherTiming, lastCall, seatSpot, seatWord, trickSpot } from "./table-logic.js";
import { plural } from "./text.js";

// The direction from the centre; the stylesheet scales it by the felt's radii.
const at = ({ dx, dy }) => `--dx:${dx};--dy:${dy}`;

/** The dealer's button, for the eye and for a screen reader. */
function dealerButton() {
  return h(
    "span",
    { class: "ff-badge ff-dealer", title: "dealer" },
    h("span", { "aria-hidden": "true", text: "D" }),
    h("span", { class: "ff-sr-only", text: "dealer" }),
  );
}

/** A seat's badges: the dealer's button, the trick's leader, the last call, the cards drawn. */
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

/** A player's place at the rim: the name, the badges, the hidden cards' backs and their count. */
export function seatPlate(obs, info, seat) {
  const you = seat === obs.seat;
  const p = obs.partnerships[seat];
  const spot = seatSpot(seat, obs.seat, obs.players);
  const count = obs.hand_sizes[seat];
  let cards = null;
  if (!you && info.hands)
    cards = h(
      "div",
      { class: "ff-revealed", role: "group", "aria-label": `hand of ${seatWord(info, seat)}` },
      info.hands[seat].map((c) => h("span", { class: "ff-mini", "data-card": c }, drawCard(c))),
    );
  else if (!you)
    cards = h(
      "div",
      { class: "ff-seat-cards" },
      h(
        "span",
        { class: "ff-backs", "aria-hidden": "true" },
        [...Array(Math.min(count, 8)).keys()].map(() => h("span", { class: "ff-back" }, drawCard(null))),
      ),
      h("span", { class: "ff-count", text: plural(count, "card") }),
    );
  const toAct = seat === obs.to_act && !obs.over;
  return h(
    "div",
    {
      class: `ff-seat ff-p${p} ff-pos-${obs.players}-${spot.r}${toAct ? " ff-to-act" : ""}${you ? " ff-you" : ""}`,
      style: at(spot),
      "data-seat": seat,
    },
    h(
      "div",
      { class: "ff-seat-name" },
      h("span", { class: "ff-name", text: seatWord(info, seat) }),
      h("span", { class: "ff-team", text: obs.partnership_names[p] }),
      ...badges(obs, seat),
    ),
    cards,
  );
}

/**
 * The trick's cards, gathered round the centre, each toward its player; the last complete trick
 * stays (its winner ringed) until the next lead, or on demand (`showLast`).
 */
export function trickArea(obs, info, showLast) {
  const area = h("div", { class: "ff-trick", role: "group", "aria-label": "the trick" });
  let cards = obs.trick;
  let done = null;
  const last = info.last_trick;
  if ((showLast || cards.length === 0) && last) {
    // A new deal starts on an empty felt: the last deal's trick only on demand.
    if (showLast || (last.deal === obs.deal && (obs.phase === "play" || obs.over))) {
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
          "data-deal": done ? done.deal : obs.deal,
        },
        ...cardFace(
          card,
          `${seatWord(info, seat)}: ${cardLabel(card)}${led ? ", led" : ""}${won ? ", wins the trick" : ""}`,
        ),
        led ? h("span", { class: "ff-led-mark", "aria-hidden": "true", text: "led" }) : null,
      ),
    );
  }
  if (done) area.append(h("div", { class: "ff-trick-caption", text: done.text }));
  return area;
}

/** The turn-up at the centre of the felt (R6.3): trump's suit for the deal, faded once robbed. */
export function turnupSpot(info) {
  const t = info.turnup;
  if (!t) return null;
  return h(
    "div",
    {
      class: "ff-turnup",
      role: "group",
      "aria-label": "turn-up card",
      "data-card": t.card,
      "data-robbed": String(!!t.robbed),
    },
    h("div", { class: "ff-turnup-card", title: cardLabel(t.card) }, ...cardFace(t.card, cardLabel(t.card))),
    h("span", { class: "ff-turnup-label", text: t.label }),
    t.robbed ? h("span", { class: "ff-turnup-robbed", text: t.robbed }) : null,
  );
}

/** The whole felt; `corner`: what its top left corner says; `overlay`: the deal's or the game's
 * panel, drawn over it. */
export function felt(obs, info, { showLast, overlay, corner }) {
  const held = !!overlay;
  return h(
    "div",
    { class: `ff-felt ff-players-${obs.players}${held ? " ff-held" : ""}` },
    h("div", { class: "ff-oval", "aria-hidden": "true" }),
    corner,
    [...Array(obs.players).keys()].map((s) => seatPlate(obs, info, s)),
    held ? null : trickArea(obs, info, showLast),
    held ? null : turnupSpot(info),
    overlay,
  );
}

/**
 * Gathering a complete trick toward its winner: after a pause of the speed setting's, a short
 * transition (none at "Instant"; the stylesheet drops it for prefers-reduced-motion). A redraw
 * in between picks up where the gathering is, by the trick's key and the time.
 */
export function makeGatherer(root, model, isShowingLast) {
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
      // most of the way to the winner's seat, smaller: the trick is swept to its taker
      const [tx, ty] = [cx + (sx - cx) * 0.8, cy + (sy - cy) * 0.8];
      card.style.transform = `translate(${Math.round(tx - cx)}px, ${Math.round(ty - cy)}px) scale(0.55)`;
    }
    area.dataset.gathered = "true";
  }

  function schedule() {
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
      sweep(area, true); // redrawn after the gathering: no replay
    else
      gather.timer = setTimeout(
        () => {
          gather.timer = null;
          sweep(area, false);
        },
        Math.max(0, hold - elapsed),
      );
  }

  function stop() {
    if (gather.timer !== null) clearTimeout(gather.timer);
  }
  return { schedule, stop };
}
