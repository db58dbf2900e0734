// The book's pages live, with no kernel and no JupyterLab (loaded only on the pages that hold
// widgets; book/_config.yml, nb_ipywidgets_js). Each widget is drawn by its own module (the same
// table.js and puzzle.js as in JupyterLab) from the state the page embeds, through a model of the
// host's own (live-model.js). Once a widget comes near the screen, or at the first click or key
// in one, Pyodide starts from the site's own files (the Lite site's copy, lite/static/pyodide/,
// with the project's wheel), each widget is rebuilt in Python from its recipe
// (fortyfive/widgets/live.py) and from then on every click is checked and answered there, as a
// kernel would. A click made while Python loads waits for it. The page says which it is: the
// status in the note at the top reads "Loading…", then "Live" (or "Static" if Python could not
// start, with the reason).
import { LiveModel, Outbox, pageModels } from "./live-model.js";

const STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
const VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
/** Where Pyodide is, from this script (the script tag's data-pyodide may say otherwise). */
const PYODIDE = "../lite/static/pyodide/";

const STYLE = `
.fortyfive-live-status { font-weight: 600; margin: 0.25em 0 0.5em; }
.fortyfive-live-status::before { content: "\\25CF  "; color: #888; }
.fortyfive-live-status[data-live="loading"]::before { color: #f57c00; }
.fortyfive-live-status[data-live="live"]::before { color: #2e7d32; }
.fortyfive-live-status[data-live="static"]::before { color: #c62828; }
`;

const TEXT = {
  waiting: "Waiting: Python starts in this page when you reach a puzzle or a card table.",
  loading: "Loading… Python is starting in this page (Pyodide); a click now is answered once it is ready.",
  live: "Live: the puzzles and card tables on this page answer here, checked by the course's Python in this page.",
};

/** The status line in the note at the top of the page (or above the first widget). */
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

/** The widget modules and stylesheets, one of each per distinct code in the page. */
const modules = new Map();
function widgetModule(code) {
  if (!modules.has(code)) {
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    modules.set(
      code,
      import(url).then((m) => m.default ?? m),
    );
  }
  return modules.get(code);
}
const styles = new Set();
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
  let start = () => {};
  for (const [id, { state }] of Object.entries(found)) {
    models[id] = new LiveModel(
      id,
      state,
      (data) => {
        start();
        outbox.push(id, data);
      },
      models,
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
    import.meta.url,
  );

  const initialized = new Set();
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
  // Python starts as soon as a widget is near the screen, or at the first click or key in one.
  const near = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        near.disconnect();
        start();
      }
    },
    { rootMargin: "50% 0px" },
  );
  for (const { el } of views) {
    near.observe(el);
    for (const kind of ["pointerdown", "keydown", "focusin"])
      el.addEventListener(kind, () => start(), { once: true });
  }
}

/** Start Pyodide with the project, rebuild each widget there, then answer every message. */
async function boot(pyodideUrl, live, found, models, outbox, show) {
  const timings = window.fortyfiveLive.timings;
  timings.start = performance.now();
  show("loading");
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
    const pyodide = await loadPyodide({
      indexURL: pyodideUrl.href,
      packages: ["fortyfive"],
      stdout: () => {},
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
