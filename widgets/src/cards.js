// One card renderer for every widget of the project: an inline SVG drawn from the card's
// two-letter name ("5S", "TD", "JK"), so nothing is fetched from the network.
import { cardShapes } from "./card-faces.js";

const SUITS = {
  S: { symbol: "\u2660", name: "spades" },
  C: { symbol: "\u2663", name: "clubs" },
  D: { symbol: "\u2666", name: "diamonds" },
  H: { symbol: "\u2665", name: "hearts" },
};
const RANKS = {
  A: "ace",
  K: "king",
  Q: "queen",
  J: "jack",
  T: "10",
  2: "2",
  3: "3",
  4: "4",
  5: "5",
  6: "6",
  7: "7",
  8: "8",
  9: "9",
};
const SVG_NS = "http://www.w3.org/2000/svg";

/** The suit letters and their display symbol and name. */
export const SUIT_INFO = SUITS;

/** "10♦", "5♠" or "Joker": the card as the engine's Card.symbol() shows it. */
export function cardText(card) {
  if (card === "JK") return "Joker";
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUITS[card[1]].symbol;
}

/** "5 of spades", "joker": the accessible name of a card. */
export function cardLabel(card) {
  if (card === "JK") return "joker";
  return `${RANKS[card[0]]} of ${SUITS[card[1]].name}`;
}

/**
 * A card's face for the eye and its words for a screen reader, as the children of a button:
 * the drawing is hidden from assistive technology and the words (sr-only) are the button's
 * accessible name ("king of diamonds, legal"), so that name never contradicts what is drawn.
 */
export function cardFace(card, words) {
  const svg = drawCard(card);
  svg.removeAttribute("role");
  svg.removeAttribute("aria-label");
  svg.setAttribute("aria-hidden", "true");
  const span = document.createElement("span");
  span.className = "ff-sr-only";
  span.textContent = words;
  return [svg, span];
}

/** An SVG element with its attributes (and text). */
export function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The SVG elements of a tree of shapes (card-faces.js). */
export function shapesToSvg(node) {
  const el = svgEl(node.tag, node.attrs || {}, node.text);
  for (const child of node.children || []) el.appendChild(shapesToSvg(child));
  return el;
}

/**
 * Draw a card as an SVG element, 60 x 84 units, scaled by CSS (.ff-card-face width): its
 * index corners, pips, court figure or joker (card-faces.js).
 * card: "5S", "TD", "JK", or null for a face-down card.
 * Colours come from CSS classes: ff-suit-S/C/D/H (red and black; the four-colour deck is a class
 * on an ancestor, .ff-four-colour) and ff-joker.
 */
export function drawCard(card) {
  const svg = shapesToSvg(cardShapes(card));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", card ? cardLabel(card) : "face-down card");
  return svg;
}
