// The book page's model (src/live-model.js): what anywidget's model gives a view, kept against
// the page's Python, and the queue that holds clicks made while Python loads.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LiveModel, Outbox, pageModels, RECIPE, SAME_AS } from "../src/live-model.js";

test("a page's models get back the one copy of the code, and their recipe apart", () => {
  const found = pageModels({
    state: {
      a: { state: { _esm: "code", _css: "css", [RECIPE]: { widget: "puzzle", id: "c1-01" } } },
      b: { state: { _esm: `${SAME_AS}a`, _css: `${SAME_AS}a`, [RECIPE]: {} } },
      c: { state: { _esm: `${SAME_AS}b` } }, // a chain is not followed: no code
      d: { state: { _esm: `${SAME_AS}missing` } },
    },
  });
  assert.equal(found.a.state._esm, "code");
  assert.deepEqual(found.a.recipe, { widget: "puzzle", id: "c1-01" });
  assert.equal(RECIPE in found.a.state, false); // the view never sees the recipe
  assert.equal(found.b.state._esm, "code");
  assert.equal(found.b.state._css, "css");
  assert.equal(found.b.recipe, null); // an empty recipe: the widget stays static
  assert.equal(found.c.state._esm, "");
  assert.equal(found.d.state._esm, "");
  assert.deepEqual(pageModels(null), {});
  assert.deepEqual(pageModels({ state: "x" }), {});
});

test("set and save_changes send only what changed; send is a custom message", () => {
  const sent = [];
  const model = new LiveModel("m", { a: 1, b: 2 }, (data) => sent.push(data));
  const seen = [];
  model.on("change:a", (v) => seen.push(v));
  model.set("a", 5);
  assert.deepEqual(seen, [5]);
  assert.equal(model.get("a"), 5);
  model.save_changes();
  model.save_changes(); // nothing left to send
  model.send({ type: "play", card: "5H" });
  assert.deepEqual(sent, [
    { method: "update", state: { a: 5 }, buffer_paths: [] },
    { method: "custom", content: { type: "play", card: "5H" } },
  ]);
});

test("Python's update sets every trait before telling listeners, never the recipe", () => {
  const model = new LiveModel("m", { a: 1, b: 2 }, () => {});
  const seen = [];
  model.on("change:a", () => seen.push(["a", model.get("a"), model.get("b")]));
  model.on("change", () => seen.push(["change"]));
  model.receive({ method: "update", state: { a: 3, b: 4, [RECIPE]: { widget: "x" } } });
  assert.deepEqual(seen, [["a", 3, 4], ["change"]]);
  assert.equal(model.get(RECIPE), undefined);
  const custom = [];
  model.on("msg:custom", (content) => custom.push(content));
  model.receive({ method: "custom", content: { hint: 1 } });
  model.receive({ method: "nonsense" });
  model.receive("not an object");
  assert.deepEqual(custom, [{ hint: 1 }]);
});

test("off removes one handler or all; a failing handler does not stop the others", () => {
  const model = new LiveModel("m", {}, () => {});
  const calls = [];
  const one = () => calls.push("one");
  model.on("change:x", one);
  model.on("change:x", () => {
    throw new Error("boom");
  });
  model.on("change:x", () => calls.push("three"));
  const error = console.error;
  console.error = () => {};
  try {
    model.receive({ method: "update", state: { x: 1 } });
  } finally {
    console.error = error;
  }
  assert.deepEqual(calls, ["one", "three"]);
  model.off("change:x", one);
  model.off();
  model.receive({ method: "update", state: { x: 2 } });
  assert.deepEqual(calls, ["one", "three"]);
});

test("setStatic redraws once, and the widget manager finds the page's other models", async () => {
  const models = {};
  const model = new LiveModel("m", { state: 7 }, () => {}, models);
  models.other = "the other";
  let redraws = 0;
  model.on("change:state", () => redraws++);
  model.setStatic(true);
  model.setStatic(true);
  assert.equal(model.fortyfiveStatic, true);
  assert.equal(redraws, 1);
  assert.equal(await model.widget_manager.get_model("other"), "the other");
});

test("clicks made while Python loads wait in order, up to the limit, then go first", () => {
  const box = new Outbox(3);
  for (let i = 0; i < 5; i++) box.push("m", { n: i });
  const delivered = [];
  box.open((id, data) => delivered.push(`${id}${data.n}`));
  box.push("m", { n: 9 });
  assert.deepEqual(delivered, ["m0", "m1", "m2", "m9"]);
});
