// The log's sentences (table-explain.js): the cards in a line found for drawing as faces.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LOG_TRAIT, logLines, textParts } from "../src/table-explain.js";

test("a line's cards are found with their suits, the words kept around them", () => {
  assert.deepEqual(textParts("Partner plays 7\u2666"), [
    { text: "Partner plays " },
    { card: "7\u2666", suit: "D" },
  ]);
  assert.deepEqual(textParts("You discard 10\u2663 A\u2665 and draw 2"), [
    { text: "You discard " },
    { card: "10\u2663", suit: "C" },
    { text: " " },
    { card: "A\u2665", suit: "H" },
    { text: " and draw 2" },
  ]);
  assert.deepEqual(textParts("Right passes"), [{ text: "Right passes" }]);
  assert.deepEqual(textParts(""), []);
});

test("a suit's name alone or a rule id is no card", () => {
  assert.deepEqual(textParts("Trump \u2665 hearts (R7.3)"), [{ text: "Trump \u2665 hearts (R7.3)" }]);
});

test("the log is read from the synced `events` trait, not ipywidgets' `log`", () => {
  const traits = { events: ["You play 7\u2666"], log: ["not the game's log"] };
  const model = { get: (name) => traits[name] };
  assert.equal(LOG_TRAIT, "events");
  assert.deepEqual(logLines(model), ["You play 7\u2666"]);
  assert.deepEqual(logLines({ get: () => undefined }), []);
});
