// A widget's model on a page of the book, where no kernel runs: what anywidget gives a widget's
// render() (get, set, on, off, send, save_changes, widget_manager), kept by the page's host
// (live.js). Python owns the state there too: the host carries the model's messages and state
// writes to the page's own Python (fortyfive/widgets/live.py), which checks each one, and
// applies here every state Python sends back. Nothing in this file needs a document.

/** In a page's widget state, "the same code as model X's" (book/fortyfive_site/book.py). */
export const SAME_AS = "fortyfive-same-as:";
/** The synced trait that holds a widget's recipe: for the page's Python only, never the view. */
export const RECIPE = "_live";
/** The code traits a model shares with others on the page. */
const SHARED = ["_esm", "_css"];

/**
 * The models of a page's widget state (the parsed `application/vnd.jupyter.widget-state+json`),
 * as `{ id: { state, recipe } }`: each model's code copied back where the page kept one copy
 * for several, and its recipe (or null) taken out of the state the view will see.
 */
export function pageModels(data) {
  const models =
    data && typeof data === "object" && data.state && typeof data.state === "object" ? data.state : {};
  const out = {};
  for (const [id, model] of Object.entries(models)) {
    const state = { ...(model && typeof model.state === "object" ? model.state : {}) };
    for (const key of SHARED) {
      const code = state[key];
      if (typeof code === "string" && code.startsWith(SAME_AS)) {
        const holder = models[code.slice(SAME_AS.length)];
        const shared = holder?.state?.[key];
        state[key] = typeof shared === "string" && !shared.startsWith(SAME_AS) ? shared : "";
      }
    }
    const recipe = state[RECIPE];
    delete state[RECIPE];
    const usable = recipe && typeof recipe === "object" && Object.keys(recipe).length > 0;
    out[id] = { state, recipe: usable ? recipe : null };
  }
  return out;
}

/**
 * The model one widget's views draw from. `toPython(data)` carries ipywidgets' messages to the
 * page's Python: `{method: "update", state}` for the settings the view writes (save_changes),
 * `{method: "custom", content}` for what it sends. `receive(data)` applies what Python sends.
 * `fortyfiveStatic` is true while no Python will answer (dom.js, staticPage).
 */
export class LiveModel {
  constructor(id, state, toPython, models = {}) {
    this.id = id;
    this.fortyfiveStatic = false;
    this._attrs = { ...state };
    this._dirty = new Set();
    this._handlers = new Map();
    this._toPython = toPython;
    this.widget_manager = {
      get_model: async (other) => models[other],
    };
  }

  get(name) {
    return this._attrs[name];
  }

  /** A local change, sent to Python by save_changes (as anywidget's model does). */
  set(name, value) {
    this._attrs[name] = value;
    this._dirty.add(name);
    this._emit(`change:${name}`, value);
    this._emit("change");
  }

  save_changes() {
    if (this._dirty.size === 0) return;
    const state = {};
    for (const name of this._dirty) state[name] = this._attrs[name];
    this._dirty.clear();
    this._toPython({ method: "update", state, buffer_paths: [] });
  }

  send(content) {
    this._toPython({ method: "custom", content });
  }

  on(event, fn) {
    if (typeof fn !== "function") return;
    if (!this._handlers.has(event)) this._handlers.set(event, []);
    this._handlers.get(event).push(fn);
  }

  /** Stop calling `fn` on `event` (every handler of `event` without `fn`; all without both). */
  off(event, fn) {
    if (event === undefined) {
      this._handlers.clear();
      return;
    }
    const list = this._handlers.get(event) || [];
    const kept = fn === undefined ? [] : list.filter((f) => f !== fn);
    if (kept.length) this._handlers.set(event, kept);
    else this._handlers.delete(event);
  }

  /**
   * A message of Python's: an update (or its echo of a write) sets the traits it names and tells
   * their listeners, once each, after all are set; a custom message goes to "msg:custom".
   * Anything else is ignored. The recipe is never set on the model.
   */
  receive(data) {
    if (!data || typeof data !== "object") return;
    if (
      (data.method === "update" || data.method === "echo_update") &&
      data.state &&
      typeof data.state === "object"
    ) {
      const names = Object.keys(data.state).filter((n) => n !== RECIPE);
      for (const name of names) this._attrs[name] = data.state[name];
      for (const name of names) this._emit(`change:${name}`, this._attrs[name]);
      if (names.length) this._emit("change");
    } else if (data.method === "custom") {
      this._emit("msg:custom", data.content, []);
    }
  }

  /** The views drawn while no Python answers say so; a redraw shows it (a change of "state"). */
  setStatic(value) {
    if (this.fortyfiveStatic === value) return;
    this.fortyfiveStatic = value;
    this._emit("change:state", this._attrs.state);
    this._emit("change");
  }

  _emit(event, ...args) {
    for (const fn of [...(this._handlers.get(event) || [])]) {
      try {
        fn(...args);
      } catch (e) {
        console.error(`fortyfive: a ${event} handler failed`, e);
      }
    }
  }
}

/**
 * The bridge's queue: messages the views send before the page's Python is ready wait here, in
 * order, at most `limit` of them (a page cannot pile up work for Python while it loads).
 */
export class Outbox {
  constructor(limit = 50) {
    this.limit = limit;
    this.waiting = [];
    this.deliver = null;
  }

  push(id, data) {
    if (this.deliver) this.deliver(id, data);
    else if (this.waiting.length < this.limit) this.waiting.push([id, data]);
  }

  /** From now on every message goes to `deliver(id, data)`, the waiting ones first. */
  open(deliver) {
    this.deliver = deliver;
    const waiting = this.waiting;
    this.waiting = [];
    for (const [id, data] of waiting) deliver(id, data);
  }
}
