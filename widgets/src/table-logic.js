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
