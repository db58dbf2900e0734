// The puzzle widget's pure logic, apart from its drawing (puzzle.js): the names and colours of a
// puzzle's seats, and a form's typed answer.

/** A function naming a seat by the puzzle's view (`seats`: {seat, name}), else "Seat 2". */
export function seatNamer(seats) {
  const names = {};
  for (const s of seats || []) names[s.seat] = s.name || `Seat ${s.seat}`;
  return (seat) => (names[seat] !== undefined ? names[seat] : `Seat ${seat}`);
}

/**
 * A function giving a partnership its colour class, ff-p0 to ff-p2, in the order the view's
 * seats first name them (an unknown partnership gets ff-p0).
 */
export function partnershipClasser(seats) {
  const order = [];
  for (const s of seats || []) if (!order.includes(s.partnership)) order.push(s.partnership);
  return (p) => `ff-p${Math.max(0, order.indexOf(p)) % 3}`;
}

/**
 * A form's answer from what is typed (`form`: field name to text), or null while a field is
 * empty or a number field holds no whole number. Python checks the answer itself.
 */
export function formValue(fields, form) {
  const out = {};
  for (const f of fields || []) {
    const raw = form[f.name];
    if (raw === undefined || raw === "") return null;
    if (f.kind === "number") {
      if (!/^\s*-?\d+\s*$/.test(raw)) return null;
      out[f.name] = parseInt(raw, 10);
    } else out[f.name] = raw;
  }
  return out;
}
