// The puzzle widget's pure logic (puzzle-logic.js): seat names, partnership colours, a form.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formValue, partnershipClasser, seatNamer } from "../src/puzzle-logic.js";

test("a seat is named by the view, else by its number", () => {
  const name = seatNamer([
    { seat: 0, name: "You" },
    { seat: 2, name: "" },
  ]);
  assert.equal(name(0), "You");
  assert.equal(name(2), "Seat 2");
  assert.equal(name(3), "Seat 3");
  assert.equal(seatNamer(undefined)(1), "Seat 1");
});

test("partnerships take their colours in the order the seats name them", () => {
  const pc = partnershipClasser([
    { seat: 0, partnership: "NS" },
    { seat: 1, partnership: "EW" },
    { seat: 2, partnership: "NS" },
    { seat: 3, partnership: "EW" },
  ]);
  assert.equal(pc("NS"), "ff-p0");
  assert.equal(pc("EW"), "ff-p1");
  assert.equal(pc("other"), "ff-p0");
});

test("a fourth partnership wraps round to the first colour", () => {
  const pc = partnershipClasser(["a", "b", "c", "d"].map((p, seat) => ({ seat, partnership: p })));
  assert.deepEqual(["a", "b", "c", "d"].map(pc), ["ff-p0", "ff-p1", "ff-p2", "ff-p0"]);
});

const FIELDS = [
  { name: "points", kind: "number" },
  { name: "winner", kind: "text" },
];

test("a complete form gives its answer, numbers as whole numbers", () => {
  assert.deepEqual(formValue(FIELDS, { points: " 25 ", winner: "North" }), { points: 25, winner: "North" });
  assert.deepEqual(formValue(FIELDS, { points: "-5", winner: "x" }), { points: -5, winner: "x" });
  assert.deepEqual(formValue([], {}), {});
  assert.deepEqual(formValue(undefined, {}), {});
});

test("an empty field or a number field without a whole number gives no answer yet", () => {
  assert.equal(formValue(FIELDS, { points: "25" }), null);
  assert.equal(formValue(FIELDS, { points: "", winner: "North" }), null);
  assert.equal(formValue(FIELDS, { points: "2.5", winner: "North" }), null);
  assert.equal(formValue(FIELDS, { points: "twenty", winner: "North" }), null);
  assert.equal(formValue(FIELDS, { points: "1e3", winner: "North" }), null);
});
