// The card faces as data: each card is a tree of SVG shapes ({ tag, attrs, text, children }),
// drawn here from the card's two-letter name, with no DOM, so node's test runner can check every
// face. cards.js turns a tree into SVG elements. A face is 60 x 84 units: index corners (rank
// over suit, top left and, turned, bottom right), the pips of 2-10 and the ace in their usual
// layouts, a framed double-ended figure for the courts (J, Q, K) and a jester for the joker.

/** The suits' shapes, each in a 10 x 10 box (paths, so no font is needed for a pip). */
const SUIT_SHAPES = {
  H: [
    {
      tag: "path",
      attrs: {
        d: "M5 9.6C3.6 8.3 0 5.6 0 3 0 1.3 1.2 0 2.7 0 3.8 0 4.6.7 5 1.6 5.4.7 6.2 0 7.3 0 8.8 0 10 1.3 10 3 10 5.6 6.4 8.3 5 9.6Z",
      },
    },
  ],
  D: [{ tag: "path", attrs: { d: "M5 0 9 5 5 10 1 5Z" } }],
  S: [
    {
      tag: "path",
      attrs: {
        d: "M5 0C6.4 1.6 10 3.9 10 6.3 10 7.9 8.8 8.9 7.4 8.9 6.5 8.9 5.8 8.4 5.4 7.8L6.1 10H3.9L4.6 7.8C4.2 8.4 3.5 8.9 2.6 8.9 1.2 8.9 0 7.9 0 6.3 0 3.9 3.6 1.6 5 0Z",
      },
    },
  ],
  C: [
    { tag: "circle", attrs: { cx: 5, cy: 2.6, r: 2.4 } },
    { tag: "circle", attrs: { cx: 2.5, cy: 6.1, r: 2.4 } },
    { tag: "circle", attrs: { cx: 7.5, cy: 6.1, r: 2.4 } },
    { tag: "path", attrs: { d: "M4.5 5 3.8 10H6.2L5.5 5Z" } },
  ],
};

/** The rank letters and the index each face shows in its corners. */
export const RANK_INDEX = {
  A: "A",
  K: "K",
  Q: "Q",
  J: "J",
  T: "10",
  9: "9",
  8: "8",
  7: "7",
  6: "6",
  5: "5",
  4: "4",
  3: "3",
  2: "2",
};

// The pips' centres of 2-10 in the classic layouts: columns at x 19, 30, 41; four rows from
// y 20 to 64; the lower half's pips are drawn upside down, as on a printed card.
const L = 19;
const M = 30;
const R = 41;
const ROWS = [20, 34.67, 49.33, 64];
const PIP_LAYOUTS = {
  2: [
    [M, 20],
    [M, 64],
  ],
  3: [
    [M, 20],
    [M, 42],
    [M, 64],
  ],
  4: [
    [L, 20],
    [R, 20],
    [L, 64],
    [R, 64],
  ],
  5: [
    [L, 20],
    [R, 20],
    [M, 42],
    [L, 64],
    [R, 64],
  ],
  6: [
    [L, 20],
    [R, 20],
    [L, 42],
    [R, 42],
    [L, 64],
    [R, 64],
  ],
  7: [
    [L, 20],
    [R, 20],
    [M, 31],
    [L, 42],
    [R, 42],
    [L, 64],
    [R, 64],
  ],
  8: [
    [L, 20],
    [R, 20],
    [M, 31],
    [L, 42],
    [R, 42],
    [M, 53],
    [L, 64],
    [R, 64],
  ],
  9: [
    ...ROWS.flatMap((y) => [
      [L, y],
      [R, y],
    ]),
    [M, 42],
  ],
  10: [
    ...ROWS.flatMap((y) => [
      [L, y],
      [R, y],
    ]),
    [M, 27.3],
    [M, 56.7],
  ],
};

/** The pips' centres for a rank of 2-10 (the number of pips is the rank). */
export function pipLayout(rank) {
  return PIP_LAYOUTS[rank] ?? [];
}

/** One suit shape of `size` units centred on (x, y), turned upside down when `flip`. */
function pip(suit, x, y, size, flip, cls = "ff-pip") {
  const s = size / 10;
  const turn = flip ? ` rotate(180 ${x} ${y})` : "";
  return {
    tag: "g",
    attrs: {
      class: cls,
      transform: `${turn.trim()} translate(${x - size / 2} ${y - size / 2}) scale(${s})`.trim(),
    },
    children: SUIT_SHAPES[suit],
  };
}

/** The index in a corner: the rank over a small suit, top left; the other corner turned. */
function corners(index, suit) {
  const one = (flip) => ({
    tag: "g",
    attrs: { class: "ff-index", transform: flip ? "rotate(180 30 42)" : "" },
    children: [
      {
        tag: "text",
        attrs: {
          x: 7.5,
          y: 13,
          "text-anchor": "middle",
          class: `ff-card-rank${index.length > 1 ? " ff-card-rank-10" : ""}`,
        },
        text: index,
      },
      pip(suit, 7.5, 19.5, 7, false, "ff-index-pip"),
    ],
  });
  return [one(false), one(true)];
}

// The courts' figures, one half drawn and the other turned: a head, shoulders in the suit's
// colour, and the headgear that tells them apart (a crown, a coronet with pearls, a cap).
const HEADGEAR = {
  K: { tag: "path", attrs: { class: "ff-court-gold", d: "M22 25 23.5 16 27 21 30 14 33 21 36.5 16 38 25Z" } },
  Q: {
    tag: "g",
    attrs: {},
    children: [
      { tag: "path", attrs: { class: "ff-court-gold", d: "M23 25C23 19 26 17 30 17S37 19 37 25Z" } },
      { tag: "circle", attrs: { class: "ff-court-pearl", cx: 25, cy: 19.5, r: 1.4 } },
      { tag: "circle", attrs: { class: "ff-court-pearl", cx: 30, cy: 16.5, r: 1.4 } },
      { tag: "circle", attrs: { class: "ff-court-pearl", cx: 35, cy: 19.5, r: 1.4 } },
    ],
  },
  J: {
    tag: "g",
    attrs: {},
    children: [
      { tag: "path", attrs: { class: "ff-court-cap", d: "M22.5 25C23 19.5 26 18 30 18S37 19.5 37.5 25Z" } },
      {
        tag: "path",
        attrs: { class: "ff-court-gold", d: "M34 19C37 14 40 13.5 42 14.5 39.5 15.5 37.5 17 35.5 20.5Z" },
      },
    ],
  },
};

function courtHalf(rank, suit) {
  return {
    tag: "g",
    attrs: { class: "ff-court-half" },
    children: [
      // shoulders and robe, in the suit's colour
      { tag: "path", attrs: { class: "ff-court-robe", d: "M16 42C16 35 21 32.5 30 32.5S44 35 44 42Z" } },
      { tag: "path", attrs: { class: "ff-court-trim", d: "M27 32.8 30 40 33 32.8Z" } },
      // the face
      { tag: "circle", attrs: { class: "ff-court-face", cx: 30, cy: 27.5, r: 5.2 } },
      { tag: "circle", attrs: { class: "ff-court-eye", cx: 28.2, cy: 27, r: 0.7 } },
      { tag: "circle", attrs: { class: "ff-court-eye", cx: 31.8, cy: 27, r: 0.7 } },
      HEADGEAR[rank],
      pip(suit, 40.5, 37.5, 6, false, "ff-court-pip"),
    ],
  };
}

function court(rank, suit) {
  return [
    { tag: "rect", attrs: { class: "ff-court-frame", x: 13, y: 11, width: 34, height: 62, rx: 2 } },
    courtHalf(rank, suit),
    { tag: "g", attrs: { transform: "rotate(180 30 42)" }, children: [courtHalf(rank, suit)] },
    { tag: "line", attrs: { class: "ff-court-line", x1: 13, y1: 42, x2: 47, y2: 42 } },
  ];
}

function joker() {
  const letters = (flip) => ({
    tag: "g",
    attrs: { class: "ff-index", transform: flip ? "rotate(180 30 42)" : "" },
    children: [..."JOKER"].map((ch, i) => ({
      tag: "text",
      attrs: { x: 7, y: 11 + i * 7.2, "text-anchor": "middle", class: "ff-card-rank ff-joker-letter" },
      text: ch,
    })),
  });
  return [
    letters(false),
    letters(true),
    // a jester: a three-pointed cap with bells, a face and a ruff
    { tag: "path", attrs: { class: "ff-jester-cap-a", d: "M22 38C20 30 16 26 12 25 18 22 24 27 27 33Z" } },
    { tag: "path", attrs: { class: "ff-jester-cap-b", d: "M25 35C26 26 28 20 30 16 32 20 34 26 35 35Z" } },
    { tag: "path", attrs: { class: "ff-jester-cap-a", d: "M38 38C40 30 44 26 48 25 42 22 36 27 33 33Z" } },
    { tag: "circle", attrs: { class: "ff-court-gold", cx: 12, cy: 25, r: 2 } },
    { tag: "circle", attrs: { class: "ff-court-gold", cx: 30, cy: 15.5, r: 2 } },
    { tag: "circle", attrs: { class: "ff-court-gold", cx: 48, cy: 25, r: 2 } },
    { tag: "circle", attrs: { class: "ff-court-face", cx: 30, cy: 42, r: 7 } },
    { tag: "circle", attrs: { class: "ff-court-eye", cx: 27.5, cy: 41, r: 0.9 } },
    { tag: "circle", attrs: { class: "ff-court-eye", cx: 32.5, cy: 41, r: 0.9 } },
    { tag: "path", attrs: { class: "ff-court-eye", d: "M26.5 44.5Q30 48 33.5 44.5", fill: "none" } },
    {
      tag: "path",
      attrs: { class: "ff-jester-ruff", d: "M20 52 23 49 26 52 30 49 34 52 37 49 40 52 37 56H23Z" },
    },
    { tag: "path", attrs: { class: "ff-jester-cap-b", d: "M22 56H38L42 72H18Z" } },
  ];
}

function back() {
  // a lattice of small diamonds inside a border: the same for every hidden card
  const d = [];
  for (let y = 13; y <= 71; y += 6.4)
    for (let x = 13; x <= 47; x += 6.8)
      d.push(`M${x.toFixed(1)} ${(y - 2.6).toFixed(1)}l2.6 2.6-2.6 2.6-2.6-2.6Z`);
  return [
    { tag: "rect", attrs: { class: "ff-card-back-inner", x: 5, y: 5, width: 50, height: 74, rx: 4 } },
    { tag: "path", attrs: { class: "ff-card-back-lattice", d: d.join("") } },
    { tag: "rect", attrs: { class: "ff-card-back-border", x: 8, y: 8, width: 44, height: 68, rx: 3 } },
  ];
}

/**
 * The face of `card` ("5S", "TD", "JK"; null: a hidden card's back) as a tree of shapes: the
 * svg root, 60 x 84 units, whose class names its suit (ff-suit-S ...), the joker (ff-joker) or a
 * back (ff-card-back), so the stylesheet colours it.
 */
export function cardShapes(card) {
  const root = (cls, children) => ({
    tag: "svg",
    attrs: { viewBox: "0 0 60 84", class: `ff-card-face ${cls}`.trim() },
    children: [
      { tag: "rect", attrs: { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "ff-card-bg" } },
      ...children,
    ],
  });
  if (!card) return root("ff-card-back", back());
  if (card === "JK") return root("ff-joker", joker());
  const [rank, suit] = card;
  const index = RANK_INDEX[rank];
  let middle;
  if (rank === "A") middle = [pip(suit, 30, 42, 24, false)];
  else if (rank === "K" || rank === "Q" || rank === "J") middle = court(rank, suit);
  else middle = pipLayout(Number(index)).map(([x, y]) => pip(suit, x, y, 9, y > 43));
  return root(`ff-suit-${suit} ff-rank-${rank}`, [...corners(index, suit), ...middle]);
}
