// The words and numbers both front ends write (text.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clockText, plural, trumpText, tryWord } from "../src/text.js";

test("plural adds an s to every count but one", () => {
  assert.equal(plural(0, "card"), "0 cards");
  assert.equal(plural(1, "card"), "1 card");
  assert.equal(plural(5, "trick"), "5 tricks");
});

test("tryWord counts wrong tries", () => {
  assert.equal(tryWord(1), "1 wrong try");
  assert.equal(tryWord(0), "0 wrong tries");
  assert.equal(tryWord(3), "3 wrong tries");
});

test("clockText shows minutes and seconds, and hours once there are any", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(7), "0:07");
  assert.equal(clockText(151), "2:31");
  assert.equal(clockText(3599), "59:59");
  assert.equal(clockText(3600), "1:00:00");
  assert.equal(clockText(3725), "1:02:05");
});

test("clockText rounds down and treats what is not a time as none", () => {
  assert.equal(clockText(59.99), "0:59");
  assert.equal(clockText("61"), "1:01");
  assert.equal(clockText(-5), "0:00");
  assert.equal(clockText(null), "0:00");
  assert.equal(clockText(undefined), "0:00");
  assert.equal(clockText("soon"), "0:00");
});

test("trumpText names a suit with its symbol, and nothing for no trump", () => {
  assert.equal(trumpText("H"), "\u2665 hearts");
  assert.equal(trumpText("C"), "\u2663 clubs");
  assert.equal(trumpText(null), "");
  assert.equal(trumpText(""), "");
  assert.equal(trumpText("X"), "");
});
