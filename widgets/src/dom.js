// What the widgets' front ends share (table.js, puzzle.js): building elements, and redrawing
// once per batch of synced changes.

/**
 * On a page of the book where no Python answers a widget (the page's host, live.js, says so on
 * the widget's model), the widget is drawn from its saved state: it says that where it would say
 * how to answer or to play.
 */
export function staticPage(model) {
  return model?.fortyfiveStatic === true;
}

export const STATIC_TEXT =
  "This widget is static here: nothing answers a click. Open the chapter live to use it (Try it live, in the note at the top of the page).";

/** The parts of a list that are drawn: append() would write "null" for a part not shown. */
export function present(...parts) {
  return parts.flat().filter((c) => c !== null && c !== undefined && c !== false);
}

/**
 * An element: h("button", { class, text, onclick, disabled, ...attributes }, ...children).
 * An attribute that is undefined, null or false is left out (true writes it empty); children
 * that are null, undefined or false are skipped, so a part can be written `cond ? x : null`.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...present(...children));
  return el;
}

/** fn, called once in a microtask however often the returned function is called before it. */
export function schedule(fn) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      fn();
    });
  };
}

/**
 * Redraw after changes of the synced traits `names`: Python sends a change of several traits in
 * one message, drawn once. Returns the function that stops listening (the view's cleanup).
 */
export function redrawOnChange(model, names, redraw) {
  const later = schedule(() => redraw());
  for (const name of names) model.on(`change:${name}`, later);
  return () => {
    for (const name of names) model.off(`change:${name}`, later);
  };
}

/**
 * An id unique in the page. Each widget view may load its own copy of these modules, so a
 * counter of the module would start again at 1: the counter lives on the page's global object.
 */
export function uniqueId(prefix) {
  globalThis.__fortyfiveIds = (globalThis.__fortyfiveIds || 0) + 1;
  return `${prefix}-${globalThis.__fortyfiveIds}`;
}

/**
 * Keys pressed inside `root` stop there (JupyterLab's shortcuts would move, cut or add cells),
 * except Tab and Escape, which leave the widget. `onKey(e)` sees each key first.
 */
export function keepKeys(root, onKey = () => {}) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.addEventListener("keydown", (e) => {
    if (e.key === "Tab" || e.key === "Escape") return;
    e.stopPropagation();
    onKey(e);
  });
}

/**
 * The widget's messages to Python, each stamped with the state it was sent at. A copy of a
 * message still waiting for its answer (no change of the traits `answers` yet: a quick second
 * click, a held key, a script clicking) is not sent again, and past `burst` messages at once
 * (then `rate` a second) the rest are dropped, except the types in `always` (a move, which the
 * page already sends once per state). Python checks and limits every message too; this keeps a
 * burst from ever reaching the kernel, where each message costs Jupyter milliseconds.
 */
export function sender(
  model,
  answers,
  { burst = 20, rate = 10, always = [], now = () => performance.now() } = {},
) {
  const pending = new Set();
  for (const name of answers) model.on(`change:${name}`, () => pending.clear());
  let tokens = burst;
  let at = now();
  return (msg) => {
    const stamped = { ...msg, state: model.get("state") };
    const key = JSON.stringify(stamped);
    if (pending.has(key)) return false;
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) / 1000) * rate);
    at = t;
    if (!always.includes(msg.type)) {
      if (tokens < 1) return false;
      tokens -= 1;
    }
    pending.add(key);
    model.send(stamped);
    return true;
  };
}
