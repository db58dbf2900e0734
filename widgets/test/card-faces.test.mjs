// The card faces (card-faces.js): every one of the 53 cards is drawn with its index, its pips,
// a court figure or the joker, without a DOM.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardShapes, pipLayout, RANK_INDEX } from "../src/card-faces.js";

const SUITS = ["S", "C", "D", "H"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));

/** Every node of a tree of shapes, depth first. */
function nodes(tree) {
  return [tree, ...(tree.children || []).flatMap(nodes)];
}
const withClass = (tree, cls) => nodes(tree).filter((n) => (n.attrs?.class || "").split(" ").includes(cls));

test("every card of the 52 is an svg of 60 x 84 units coloured by its suit", () => {
  for (const card of DECK) {
    const face = cardShapes(card);
    assert.equal(face.tag, "svg");
    assert.equal(face.attrs.viewBox, "0 0 60 84");
    assert.ok(face.attrs.class.split(" ").includes(`ff-suit-${card[1]}`), card);
  }
});

test("each card has its rank and suit in two index corners, one turned", () => {
  for (const card of DECK) {
    const corners = withClass(cardShapes(card), "ff-index");
    assert.equal(corners.length, 2, card);
    for (const corner of corners) {
      const rank = nodes(corner).find((n) => n.tag === "text");
      assert.equal(rank.text, RANK_INDEX[card[0]], card);
      assert.equal(withClass(corner, "ff-index-pip").length, 1, card);
    }
    assert.match(corners[1].attrs.transform, /rotate\(180 30 42\)/);
  }
  assert.equal(RANK_INDEX.T, "10");
});

test("the 2 to 10 carry as many pips as their rank, the lower half turned", () => {
  for (const card of DECK.filter((c) => /[2-9T]/.test(c[0]))) {
    const n = card[0] === "T" ? 10 : Number(card[0]);
    const pips = withClass(cardShapes(card), "ff-pip");
    assert.equal(pips.length, n, card);
    const turned = pips.filter((p) => p.attrs.transform.includes("rotate(180"));
    assert.ok(turned.length >= Math.floor(n / 2) - 1 && turned.length <= Math.ceil(n / 2), card);
  }
});

test("the pip layouts are symmetric and no two pips share a place", () => {
  for (let n = 2; n <= 10; n++) {
    const spots = pipLayout(n);
    assert.equal(spots.length, n);
    assert.equal(new Set(spots.map(([x, y]) => `${x},${y}`)).size, n, `rank ${n}`);
    for (const [x] of spots)
      assert.ok(
        spots.some(([x2]) => Math.abs(x + x2 - 60) < 1e-9),
        `rank ${n}`,
      );
    for (const [x, y] of spots) assert.ok(x > 12 && x < 48 && y > 12 && y < 72, `rank ${n}`);
  }
  assert.deepEqual(pipLayout(11), []);
});

test("an ace has one large pip; the courts a framed figure and no pips", () => {
  for (const s of SUITS) {
    assert.equal(withClass(cardShapes(`A${s}`), "ff-pip").length, 1);
    for (const r of ["K", "Q", "J"]) {
      const face = cardShapes(r + s);
      assert.equal(withClass(face, "ff-pip").length, 0);
      assert.equal(withClass(face, "ff-court-frame").length, 1);
      assert.equal(withClass(face, "ff-court-half").length, 2, r + s); // one half drawn twice
      assert.equal(withClass(face, "ff-court-face").length, 2);
    }
  }
});

test("the courts differ by their headgear: a crown, pearls, a cap", () => {
  const kinds = (card) => nodes(cardShapes(card)).map((n) => n.attrs?.class || "");
  assert.ok(kinds("QH").includes("ff-court-pearl"));
  assert.ok(!kinds("KH").includes("ff-court-pearl"));
  assert.ok(kinds("JH").includes("ff-court-cap"));
  assert.ok(!kinds("KH").includes("ff-court-cap"));
});

test("the joker is spelled in its corners and drawn as a jester; a back hides the card", () => {
  const joker = cardShapes("JK");
  assert.ok(joker.attrs.class.includes("ff-joker"));
  const corners = withClass(joker, "ff-index");
  assert.equal(corners.length, 2);
  for (const c of corners)
    assert.equal(
      nodes(c)
        .filter((n) => n.tag === "text")
        .map((n) => n.text)
        .join(""),
      "JOKER",
    );
  assert.ok(withClass(joker, "ff-jester-ruff").length === 1);
  const back = cardShapes(null);
  assert.ok(back.attrs.class.includes("ff-card-back"));
  assert.equal(nodes(back).filter((n) => n.tag === "text").length, 0); // nothing to read
});

test("the 53 faces are all different", () => {
  const all = new Set(["JK", ...DECK].map((c) => JSON.stringify(cardShapes(c))));
  assert.equal(all.size, 53);
});
