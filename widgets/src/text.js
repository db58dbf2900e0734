// Words and numbers as both front ends write them: pure functions, no DOM.
import { SUIT_INFO } from "./cards.js";

/** "1 card", "3 cards": a count with its noun. */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "1 wrong try", "2 wrong tries". */
export function tryWord(n) {
  return `${n} wrong ${n === 1 ? "try" : "tries"}`;
}

/** Seconds as the timer shows them: "0:07", "2:31", "1:02:05" (anything not a number is 0:00). */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** "♥ hearts" for a suit letter, "" for none (no trump named yet). */
export function trumpText(trump) {
  return trump && SUIT_INFO[trump] ? `${SUIT_INFO[trump].symbol} ${SUIT_INFO[trump].name}` : "";
}
