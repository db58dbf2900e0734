// The card table's pure logic, apart from its drawing (table.js): where a seat sits, what a seat
// last called, the trick's gathering times, the arrow keys' moves and the score chart's geometry.

/** The speed menu: its names and the pause (ms) between bot moves. */
export const SPEEDS = [
  ["Slow", 1500],
  ["Normal", 700],
  ["Fast", 250],
  ["Instant", 0],
];

/**
 * The CSS class placing `seat` around the table: the learner's at the bottom (ff-pos-N-0), then
 * the others clockwise in the order of play (R1.2).
 */
export function seatPosition(seat, learner, players) {
  const r = (seat - learner + players) % players;
  return `ff-pos-${players}-${r}`;
}

/** A seat's name as Python words it (info.seat_names), else "Seat 2". */
export function seatWord(info, seat) {
  return info.seat_names ? info.seat_names[seat] : `Seat ${seat}`;
}

/** The last call of `seat` among the deal's bids ({seat, call} in order), or null. */
export function lastCall(bids, seat) {
  for (let i = bids.length - 1; i >= 0; i--) if (bids[i].seat === seat) return bids[i].call;
  return null;
}

/**
 * A complete trick's gathering, from the speed setting's pause (ms): it is held for `hold` ms,
 * then moves toward the winner's seat in `ms` ms (at most 320, so a slow speed is not sluggish).
 */
export function gatherTiming(pause) {
  return { hold: Math.round(pause * 0.45), ms: Math.round(Math.min(320, pause * 0.35)) };
}

const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -99, End: 99 };

/**
 * The hand's card to focus after `key` when card `at` of `count` has the focus: arrows move by
 * one, Home and End to the ends, clamped to the hand. null: not a key of the hand (or no card
 * focused), so the key is left alone.
 */
export function nextCardIndex(key, at, count) {
  if (at < 0 || !Object.hasOwn(ARROWS, key)) return null;
  return Math.max(0, Math.min(count - 1, at + ARROWS[key]));
}

/**
 * The score chart's geometry, from the game panel's data (`chart_start`, `chart`: one
 * {deal, scores} per deal, `target`, `names`): the frame (W, H and margins L, R, T, B), the
 * rows from the start, the scales x(i) and y(score), the lowest and highest values, the rows
 * whose deal number is written (at most about 8, the last always), and each partnership's end
 * label, sorted top to bottom and each at least 11 units below the one above.
 */
export function chartGeometry(sum) {
  const rows = [{ deal: 0, scores: sum.chart_start }, ...sum.chart];
  const [W, H, L, R, T, B] = [340, 180, 34, 56, 10, 28];
  const values = rows.flatMap((r) => r.scores).concat([0, sum.target]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i) => L + (i / Math.max(1, rows.length - 1)) * (W - L - R);
  const y = (v) => T + ((hi - v) / Math.max(1, hi - lo)) * (H - T - B);
  const step = Math.max(1, Math.ceil((rows.length - 1) / 8));
  const ticks = rows.map((_, i) => i).filter((i) => i % step === 0 || i === rows.length - 1);
  const last = rows[rows.length - 1].scores;
  const ends = sum.names.map((n, p) => ({ p, label: `${n} ${last[p]}`, y: y(last[p]) }));
  ends
    .sort((a, b) => a.y - b.y)
    .forEach((e, i, all) => {
      if (i > 0) e.y = Math.max(e.y, all[i - 1].y + 11);
    });
  return { W, H, L, R, T, B, rows, x, y, lo, hi, ticks, ends };
}

/**
 * Where a seat sits around the oval felt: the learner's seat at the bottom (angle 90°, screen y
 * downwards), the others clockwise in the order of play (R1.2) at equal angles, so partners
 * (half the table apart) face each other across the centre. Returns { r, angle, dx, dy, x, y }:
 * r the seat's place counted from the learner's, (dx, dy) the unit direction from the centre
 * (the stylesheet scales it by the felt's radii, which follow the table's width), and (x, y)
 * the place in percent of the felt's box on an ellipse of half-axes `rx`, `ry` percent.
 */
export function seatSpot(seat, learner, players, rx = 40, ry = 44) {
  const r = (((seat - learner) % players) + players) % players;
  const angle = 90 + (r * 360) / players;
  const rad = (angle * Math.PI) / 180;
  const round = (v, k = 100) => Math.round(v * k) / k + 0; // + 0: no -0
  const [dx, dy] = [round(Math.cos(rad), 1e4), round(Math.sin(rad), 1e4)];
  return { r, angle, dx, dy, x: round(50 + rx * dx), y: round(50 + ry * dy) };
}

/**
 * Where a seat's card of the trick lies: on a small ellipse round the centre, in the direction
 * of its player (the default radii are a wide table's; table.css has a narrow one's).
 */
export function trickSpot(seat, learner, players) {
  return seatSpot(seat, learner, players, TRICK_RX[players] ?? 15, TRICK_RY[players] ?? 25);
}

// The trick's ellipse per table size (percent of the felt): six cards need more height than
// four, so the two at each side do not cover each other.
const TRICK_RX = { 4: 14, 6: 17 };
const TRICK_RY = { 4: 24, 6: 24.5 };

/**
 * The turn of card `i` of `count` in the fanned hand, in degrees: spread evenly, at most 6°
 * between neighbours and 16° at the ends, symmetric about the middle card (0°).
 */
export function fanAngle(i, count) {
  if (count < 2) return 0;
  const step = Math.min(6, 32 / (count - 1));
  return Math.round((i - (count - 1) / 2) * step * 100) / 100;
}
