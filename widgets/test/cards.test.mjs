// The card renderer's names and symbols (cards.js): the parts that need no DOM.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardLabel, cardText, SUIT_INFO } from "../src/cards.js";

const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

test("the suits carry the engine's symbols and names", () => {
  assert.deepEqual(
    Object.fromEntries(Object.entries(SUIT_INFO).map(([s, i]) => [s, `${i.symbol} ${i.name}`])),
    { S: "\u2660 spades", C: "\u2663 clubs", D: "\u2666 diamonds", H: "\u2665 hearts" },
  );
});

test("cardText writes the rank and the suit's symbol, ten as 10", () => {
  assert.equal(cardText("5S"), "5\u2660");
  assert.equal(cardText("TD"), "10\u2666");
  assert.equal(cardText("AH"), "A\u2665");
  assert.equal(cardText("JC"), "J\u2663");
  assert.equal(cardText("JK"), "Joker");
});

test("cardLabel names every card of the 52 and the joker in words", () => {
  assert.equal(cardLabel("5S"), "5 of spades");
  assert.equal(cardLabel("TD"), "10 of diamonds");
  assert.equal(cardLabel("KH"), "king of hearts");
  assert.equal(cardLabel("AC"), "ace of clubs");
  assert.equal(cardLabel("JK"), "joker");
  const labels = new Set();
  for (const s of Object.keys(SUIT_INFO))
    for (const r of RANKS) {
      const label = cardLabel(r + s);
      assert.match(label, new RegExp(`^(ace|king|queen|jack|10|[2-9]) of ${SUIT_INFO[s].name}$`));
      labels.add(label);
    }
  assert.equal(labels.size, 52);
});

test("cardText is distinct for each of the 53 cards", () => {
  const texts = new Set(
    ["JK"].concat(Object.keys(SUIT_INFO).flatMap((s) => RANKS.map((r) => r + s))).map(cardText),
  );
  assert.equal(texts.size, 53);
});
