// The front ends' shared helpers (dom.js) that need no document: parts, batching, ids, keys.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  keepKeys,
  present,
  redrawOnChange,
  STATIC_TEXT,
  schedule,
  sender,
  staticPage,
  uniqueId,
} from "../src/dom.js";

test("present drops the parts that are not drawn and flattens lists", () => {
  assert.deepEqual(present("a", null, undefined, false, ["b", null, 0, ""], "c"), ["a", "b", 0, "", "c"]);
  assert.deepEqual(present(), []);
});

test("schedule runs its function once per microtask, however often it is asked", async () => {
  let runs = 0;
  const later = schedule(() => runs++);
  later();
  later();
  later();
  assert.equal(runs, 0);
  await Promise.resolve();
  assert.equal(runs, 1);
  later();
  await Promise.resolve();
  assert.equal(runs, 2);
});

function fakeModel() {
  const handlers = new Map();
  return {
    handlers,
    on(event, fn) {
      handlers.set(event, [...(handlers.get(event) || []), fn]);
    },
    off(event, fn) {
      handlers.set(
        event,
        (handlers.get(event) || []).filter((f) => f !== fn),
      );
    },
    fire(event) {
      for (const fn of handlers.get(event) || []) fn();
    },
  };
}

test("redrawOnChange redraws once for a batch of changes, and its cleanup stops it", async () => {
  const model = fakeModel();
  let redraws = 0;
  const stop = redrawOnChange(model, ["obs", "info"], () => redraws++);
  model.fire("change:obs");
  model.fire("change:info");
  model.fire("change:obs");
  await Promise.resolve();
  assert.equal(redraws, 1);
  model.fire("change:other");
  await Promise.resolve();
  assert.equal(redraws, 1);
  stop();
  assert.deepEqual([...model.handlers.values()].flat(), []);
  model.fire("change:obs");
  await Promise.resolve();
  assert.equal(redraws, 1);
});

test("uniqueId stays unique across copies of the module in one page", async () => {
  const copy = await import("../src/dom.js?second-view");
  assert.notEqual(copy.uniqueId, uniqueId);
  const ids = [uniqueId("ff-pz"), copy.uniqueId("ff-pz"), uniqueId("ff-pz"), copy.uniqueId("ff-table")];
  assert.equal(new Set(ids.map((id) => id.replace(/^ff-(pz|table)-/, ""))).size, 4);
  for (const id of ids) assert.match(id, /^ff-(pz|table)-\d+$/);
});

test("staticPage is true only where the widget's model says no Python answers it", () => {
  assert.equal(staticPage(undefined), false);
  assert.equal(staticPage({}), false);
  assert.equal(staticPage({ fortyfiveStatic: "yes" }), false);
  assert.equal(staticPage({ fortyfiveStatic: true }), true);
  assert.match(STATIC_TEXT, /^This widget is static here/);
});

function fakeRoot() {
  const attrs = {};
  const listeners = [];
  return {
    attrs,
    setAttribute(k, v) {
      attrs[k] = v;
    },
    addEventListener(type, fn) {
      listeners.push([type, fn]);
    },
    press(key) {
      const e = {
        key,
        stopped: false,
        stopPropagation() {
          this.stopped = true;
        },
      };
      for (const [type, fn] of listeners) if (type === "keydown") fn(e);
      return e;
    },
  };
}

test("keepKeys stops keys at the widget, Tab and Escape excepted, and shows them to onKey first", () => {
  const root = fakeRoot();
  const seen = [];
  keepKeys(root, (e) => seen.push(e.key));
  assert.equal(root.attrs["data-lm-suppress-shortcuts"], "true");
  assert.equal(root.press("x").stopped, true);
  assert.equal(root.press("ArrowDown").stopped, true);
  assert.equal(root.press("Tab").stopped, false);
  assert.equal(root.press("Escape").stopped, false);
  assert.deepEqual(seen, ["x", "ArrowDown"]);
  const plain = fakeRoot();
  keepKeys(plain);
  assert.equal(plain.press("c").stopped, true);
});

function stateModel(state = 1) {
  const listeners = {};
  const sent = [];
  const values = { state };
  return {
    sent,
    get: (name) => values[name],
    send: (msg) => sent.push(msg),
    on: (event, fn) => {
      listeners[event] = listeners[event] || [];
      listeners[event].push(fn);
    },
    change(name, value) {
      values[name] = value;
      for (const fn of listeners[`change:${name}`] || []) fn();
    },
  };
}

test("sender stamps the state and sends a copy again only once the widget has answered", () => {
  const model = stateModel(3);
  const send = sender(model, ["state", "notice"], { now: () => 0 });
  assert.equal(send({ type: "hint", seat: 0 }), true);
  assert.equal(send({ type: "hint", seat: 0 }), false); // still waiting: coalesced
  assert.deepEqual(model.sent, [{ type: "hint", seat: 0, state: 3 }]);
  model.change("notice", { text: "ask again in a moment" });
  assert.equal(send({ type: "hint", seat: 0 }), true);
  model.change("state", 4);
  send({ type: "hint", seat: 0 });
  assert.deepEqual(
    model.sent.map((m) => m.state),
    [3, 3, 4],
  );
});

test("sender drops a burst past its bucket but never a move", () => {
  let clock = 0;
  const model = stateModel(1);
  const send = sender(model, ["state"], { burst: 3, rate: 2, always: ["act"], now: () => clock });
  const sent = Array.from({ length: 10 }, (_, i) => send({ type: "level", level: `l${i}` }));
  assert.deepEqual(sent.filter(Boolean).length, 3);
  assert.equal(send({ type: "act", action: "play 5S" }), true);
  clock = 1000; // a second later: two more tokens
  assert.equal(send({ type: "level", level: "x" }), true);
  assert.equal(send({ type: "level", level: "y" }), true);
  assert.equal(send({ type: "level", level: "z" }), false);
});
