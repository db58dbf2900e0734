// The card table's pure logic (table-logic.js): seats, calls, timing, keys, the score chart.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  chartGeometry,
  fanAngle,
  gatherTiming,
  lastCall,
  nextCardIndex,
  SPEEDS,
  seatPosition,
  seatSpot,
  seatWord,
  trickSpot,
} from "../src/table-logic.js";

test("the learner's seat is drawn at the bottom and the others follow clockwise", () => {
  assert.equal(seatPosition(2, 2, 4), "ff-pos-4-0");
  assert.equal(seatPosition(3, 2, 4), "ff-pos-4-1");
  assert.equal(seatPosition(0, 2, 4), "ff-pos-4-2");
  assert.equal(seatPosition(1, 2, 4), "ff-pos-4-3");
  for (const players of [2, 3, 4, 5, 6])
    for (let learner = 0; learner < players; learner++) {
      const spots = new Set();
      for (let seat = 0; seat < players; seat++) spots.add(seatPosition(seat, learner, players));
      assert.equal(spots.size, players, `${players} players, learner ${learner}`);
      assert.ok(spots.has(`ff-pos-${players}-0`));
    }
});

test("a seat is named as Python words it, else by its number", () => {
  assert.equal(seatWord({ seat_names: ["You", "West", "North", "East"] }, 1), "West");
  assert.equal(seatWord({}, 3), "Seat 3");
});

test("lastCall finds a seat's latest call of the bidding", () => {
  const bids = [
    { seat: 1, call: "pass" },
    { seat: 2, call: "15" },
    { seat: 3, call: "20" },
    { seat: 2, call: "pass" },
  ];
  assert.equal(lastCall(bids, 2), "pass");
  assert.equal(lastCall(bids, 3), "20");
  assert.equal(lastCall(bids, 0), null);
  assert.equal(lastCall([], 1), null);
});

test("a trick is held and gathered in proportion to the pause, the move at most 320 ms", () => {
  assert.deepEqual(gatherTiming(0), { hold: 0, ms: 0 });
  assert.deepEqual(gatherTiming(700), { hold: 315, ms: 245 });
  assert.deepEqual(gatherTiming(250), { hold: 113, ms: 88 });
  assert.deepEqual(gatherTiming(1500), { hold: 675, ms: 320 });
});

test("the speed menu runs from slow to instant", () => {
  assert.deepEqual(
    SPEEDS.map(([name]) => name),
    ["Slow", "Normal", "Fast", "Instant"],
  );
  const pauses = SPEEDS.map(([, ms]) => ms);
  assert.deepEqual(
    [...pauses].sort((a, b) => b - a),
    pauses,
  );
  assert.equal(pauses.at(-1), 0);
});

test("arrow keys move one card, Home and End to the ends, within the hand", () => {
  assert.equal(nextCardIndex("ArrowRight", 2, 5), 3);
  assert.equal(nextCardIndex("ArrowDown", 2, 5), 3);
  assert.equal(nextCardIndex("ArrowLeft", 2, 5), 1);
  assert.equal(nextCardIndex("ArrowUp", 2, 5), 1);
  assert.equal(nextCardIndex("ArrowRight", 4, 5), 4);
  assert.equal(nextCardIndex("ArrowLeft", 0, 5), 0);
  assert.equal(nextCardIndex("Home", 3, 5), 0);
  assert.equal(nextCardIndex("End", 1, 5), 4);
});

test("other keys, and keys away from the hand, are left alone", () => {
  assert.equal(nextCardIndex("Enter", 2, 5), null);
  assert.equal(nextCardIndex("a", 2, 5), null);
  assert.equal(nextCardIndex("toString", 2, 5), null);
  assert.equal(nextCardIndex("ArrowRight", -1, 5), null);
});

function game(deals, names = ["Us", "Them"]) {
  return { chart_start: names.map(() => 0), chart: deals, target: 45, names };
}

test("the chart's scales put the target at the top and zero at the bottom of the plot", () => {
  const g = chartGeometry(
    game([
      { deal: 1, scores: [10, 5] },
      { deal: 2, scores: [20, 25] },
    ]),
  );
  assert.equal(g.rows.length, 3);
  assert.deepEqual([g.lo, g.hi], [0, 45]);
  assert.equal(g.y(45), g.T);
  assert.equal(g.y(0), g.H - g.B);
  assert.equal(g.x(0), g.L);
  assert.equal(g.x(2), g.W - g.R);
  assert.deepEqual(g.ticks, [0, 1, 2]);
});

test("negative scores widen the scale below zero", () => {
  const g = chartGeometry(game([{ deal: 1, scores: [-15, 5] }]));
  assert.deepEqual([g.lo, g.hi], [-15, 45]);
  assert.equal(g.y(-15), g.H - g.B);
  assert.ok(g.y(0) < g.H - g.B);
});

test("a long game writes about eight deal numbers, the last always", () => {
  const deals = Array.from({ length: 21 }, (_, i) => ({ deal: i + 1, scores: [i, i] }));
  const g = chartGeometry(game(deals));
  assert.deepEqual(g.ticks, [0, 3, 6, 9, 12, 15, 18, 21]);
  const odd = chartGeometry(game(deals.slice(0, 18)));
  assert.equal(odd.ticks.at(-1), 18);
  assert.ok(odd.ticks.length <= 10);
});

test("end labels are sorted top to bottom and kept 11 units apart", () => {
  const g = chartGeometry(game([{ deal: 1, scores: [30, 31, 30] }], ["A", "B", "C"]));
  assert.deepEqual(
    g.ends.map((e) => e.label),
    ["B 31", "A 30", "C 30"],
  );
  for (let i = 1; i < g.ends.length; i++) assert.ok(g.ends[i].y - g.ends[i - 1].y >= 11);
  assert.equal(g.ends[0].y, g.y(31)); // the top one stays at its score
});

test("end labels far apart stay at their scores", () => {
  const g = chartGeometry(game([{ deal: 1, scores: [40, 0] }]));
  assert.deepEqual(
    g.ends.map((e) => [e.p, e.y]),
    [
      [0, g.y(40)],
      [1, g.y(0)],
    ],
  );
});

test("seats sit round the oval: the learner at the bottom, the next to play on the left", () => {
  for (const players of [4, 6]) {
    const me = seatSpot(1, 1, players);
    assert.deepEqual([me.r, me.angle, me.x, me.dx, me.dy], [0, 90, 50, 0, 1]);
    assert.ok(me.y > 90, me);
    const left = seatSpot(2, 1, players);
    assert.ok(left.x < 50 && left.r === 1, left);
    const right = seatSpot(0, 1, players);
    assert.ok(right.x > 50 && right.r === players - 1, right);
  }
  // four seats: one at each side of the table
  assert.deepEqual(
    [0, 1, 2, 3].map((s) => [seatSpot(s, 0, 4).x, seatSpot(s, 0, 4).y]),
    [
      [50, 94],
      [10, 50],
      [50, 6],
      [90, 50],
    ],
  );
});

test("partners face each other across the centre, for 4 and 6 seats and every learner", () => {
  for (const [players, spot] of [
    [4, seatSpot],
    [6, seatSpot],
    [4, trickSpot],
    [6, trickSpot],
  ])
    for (let learner = 0; learner < players; learner++)
      for (let seat = 0; seat < players; seat++) {
        const a = spot(seat, learner, players);
        const b = spot((seat + players / 2) % players, learner, players);
        assert.ok(Math.abs(a.x + b.x - 100) < 0.02 && Math.abs(a.y + b.y - 100) < 0.02, [
          players,
          seat,
          a,
          b,
        ]);
      }
});

test("six seats: two on each side and one at top and bottom, all at distinct places", () => {
  const spots = [0, 1, 2, 3, 4, 5].map((s) => seatSpot(s, 0, 6));
  assert.deepEqual(
    spots.map((p) => p.angle),
    [90, 150, 210, 270, 330, 390],
  );
  assert.equal(spots.filter((p) => p.x < 50).length, 2);
  assert.equal(spots.filter((p) => p.x > 50).length, 2);
  assert.equal(new Set(spots.map((p) => `${p.x},${p.y}`)).size, 6);
});

test("a card of the trick lies between the centre and its player", () => {
  for (const players of [4, 6])
    for (let seat = 0; seat < players; seat++) {
      const s = seatSpot(seat, 2 % players, players);
      const t = trickSpot(seat, 2 % players, players);
      assert.ok(Math.hypot(t.x - 50, t.y - 50) < Math.hypot(s.x - 50, s.y - 50), [players, seat]);
      assert.ok((t.x - 50) * (s.x - 50) >= 0 && (t.y - 50) * (s.y - 50) >= 0, [players, seat]);
    }
});

test("the hand fans symmetrically, at most 6 degrees between neighbours", () => {
  assert.equal(fanAngle(0, 1), 0);
  assert.deepEqual(
    [0, 1, 2, 3, 4].map((i) => fanAngle(i, 5)),
    [-12, -6, 0, 6, 12],
  );
  const nine = [...Array(9).keys()].map((i) => fanAngle(i, 9));
  assert.equal(nine[0], -nine[8]);
  assert.ok(nine[8] <= 16);
});
