// Generated from widgets/src by `npm run build`: edit the sources there, not this file.

// src/live-model.js
var SAME_AS = "fortyfive-same-as:";
var RECIPE = "_live";
var SHARED = ["_esm", "_css"];
function pageModels(data) {
  const models = data && typeof data === "object" && data.state && typeof data.state === "object" ? data.state : {};
  const out = {};
  for (const [id, model] of Object.entries(models)) {
    const state = { ...model && typeof model.state === "object" ? model.state : {} };
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
var LiveModel = class {
  constructor(id, state, toPython, models = {}) {
    this.id = id;
    this.fortyfiveStatic = false;
    this._attrs = { ...state };
    this._dirty = /* @__PURE__ */ new Set();
    this._handlers = /* @__PURE__ */ new Map();
    this._toPython = toPython;
    this.widget_manager = {
      get_model: async (other) => models[other]
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
    if (event === void 0) {
      this._handlers.clear();
      return;
    }
    const list = this._handlers.get(event) || [];
    const kept = fn === void 0 ? [] : list.filter((f) => f !== fn);
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
    if ((data.method === "update" || data.method === "echo_update") && data.state && typeof data.state === "object") {
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
    for (const fn of [...this._handlers.get(event) || []]) {
      try {
        fn(...args);
      } catch (e) {
        console.error(`fortyfive: a ${event} handler failed`, e);
      }
    }
  }
};
var Outbox = class {
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
};

// src/live.js
var STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
var VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
var PYODIDE = "../lite/static/pyodide/";
var STYLE = `
.fortyfive-live-status { font-weight: 600; margin: 0.25em 0 0.5em; }
.fortyfive-live-status::before { content: "\\25CF  "; color: #888; }
.fortyfive-live-status[data-live="loading"]::before { color: #f57c00; }
.fortyfive-live-status[data-live="live"]::before { color: #2e7d32; }
.fortyfive-live-status[data-live="static"]::before { color: #c62828; }
`;
var TEXT = {
  waiting: "Waiting: Python starts in this page when you reach a puzzle or a card table.",
  loading: "Loading\u2026 Python is starting in this page (Pyodide); a click now is answered once it is ready.",
  live: "Live: the puzzles and card tables on this page answer here, checked by the course's Python in this page."
};
function makeStatus(firstWidget) {
  const el = document.createElement("p");
  el.className = "fortyfive-live-status";
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  const note = document.querySelector(".fortyfive-kernel-note");
  const title = note?.querySelector(".admonition-title");
  if (title) title.after(el);
  else if (note) note.prepend(el);
  else firstWidget?.before(el);
  const style = document.createElement("style");
  style.textContent = STYLE;
  document.head.append(style);
  return (kind, detail = "") => {
    el.dataset.live = kind;
    el.textContent = kind === "static" ? `Static: ${detail}` : TEXT[kind];
  };
}
var modules = /* @__PURE__ */ new Map();
function widgetModule(code) {
  if (!modules.has(code)) {
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    modules.set(
      code,
      import(url).then((m) => m.default ?? m)
    );
  }
  return modules.get(code);
}
var styles = /* @__PURE__ */ new Set();
function addStyle(css) {
  if (!css || styles.has(css)) return;
  styles.add(css);
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
}
async function main() {
  const found = {};
  for (const tag of document.querySelectorAll(STATE)) {
    try {
      Object.assign(found, pageModels(JSON.parse(tag.textContent)));
    } catch (e) {
      console.error("fortyfive: a page's widget state is not JSON", e);
    }
  }
  const outbox = new Outbox();
  const models = {};
  let start = () => {
  };
  for (const [id, { state }] of Object.entries(found)) {
    models[id] = new LiveModel(
      id,
      state,
      (data) => {
        start();
        outbox.push(id, data);
      },
      models
    );
    models[id].fortyfiveStatic = !found[id].recipe;
  }
  const live = Object.keys(found).filter((id) => found[id].recipe);
  const views = [];
  for (const tag of document.querySelectorAll(VIEW)) {
    let id;
    try {
      id = JSON.parse(tag.textContent).model_id;
    } catch {
      continue;
    }
    const model = models[id];
    if (!model || typeof model.get("_esm") !== "string") continue;
    const el = document.createElement("div");
    el.className = "fortyfive-widget";
    tag.before(el);
    views.push({ el, model });
  }
  if (views.length === 0) return;
  const show = makeStatus(views[0].el);
  const pyodideUrl = new URL(
    document.querySelector('script[src*="fortyfive-live"]')?.dataset.pyodide ?? PYODIDE,
    import.meta.url
  );
  const initialized = /* @__PURE__ */ new Set();
  for (const { el, model } of views) {
    try {
      addStyle(model.get("_css"));
      const widget = await widgetModule(model.get("_esm"));
      if (typeof widget.initialize === "function" && !initialized.has(model)) {
        initialized.add(model);
        await widget.initialize({ model });
      }
      await widget.render({ model, el });
    } catch (e) {
      console.error("fortyfive: a widget could not be drawn", e);
    }
  }
  if (live.length === 0) {
    show("static", "no widget on this page can run here.");
    return;
  }
  let started = null;
  start = () => {
    started ??= boot(pyodideUrl, live, found, models, outbox, show);
    return started;
  };
  window.fortyfiveLive = { start: () => start(), models, timings: {} };
  show("waiting");
  const near = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        near.disconnect();
        start();
      }
    },
    { rootMargin: "50% 0px" }
  );
  for (const { el } of views) {
    near.observe(el);
    for (const kind of ["pointerdown", "keydown", "focusin"])
      el.addEventListener(kind, () => start(), { once: true });
  }
}
async function boot(pyodideUrl, live, found, models, outbox, show) {
  const timings = window.fortyfiveLive.timings;
  timings.start = performance.now();
  show("loading");
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
    const pyodide = await loadPyodide({
      indexURL: pyodideUrl.href,
      packages: ["fortyfive"],
      stdout: () => {
      }
    });
    timings.pyodide = performance.now();
    const { Page } = pyodide.pyimport("fortyfive.widgets.live");
    const page = Page((id, text) => models[id]?.receive(JSON.parse(text)));
    for (const id of live) {
      try {
        const state = page.open(id, JSON.stringify(found[id].recipe));
        models[id].receive({ method: "update", state: JSON.parse(state) });
      } catch (e) {
        console.error(`fortyfive: widget ${id} cannot run here`, e);
        models[id].setStatic(true);
      }
    }
    outbox.open((id, data) => {
      if (!models[id].fortyfiveStatic) page.receive(id, JSON.stringify(data));
    });
    timings.ready = performance.now();
    show("live");
  } catch (e) {
    console.error("fortyfive: Python could not start in this page", e);
    for (const id of live) models[id].setStatic(true);
    show("static", `Python could not start in this page (${String(e?.message ?? e).slice(0, 120)}).`);
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
