// Loaded between require.js and the widget manager (embed-amd.js) on every page that holds
// widget state. It points require.js at widget-vendor/, the copies of the widget scripts served
// by the site itself (from the npm registry), so the manager never falls back to a CDN:
// anywidget's bundle, and the folder of the manager's modules, where their icon fonts are.
// The folder is taken from this script's own URL: it works at any page depth and any prefix.
(function () {
  var vendor = new URL("widget-vendor/", document.currentScript.src).href;
  window.requirejs.config({
    baseUrl: vendor,
    paths: {
      anywidget: "anywidget/dist/index",
      // The manager's modules (defined in embed-amd.js) find their icon fonts next to their
      // own URL: every one of them is given a URL in html-manager/dist/.
      "@jupyter-widgets": "html-manager/dist",
      "@jupyter-widgets/html-manager/dist": "html-manager/dist",
    },
  });
})();

// The widgets are drawn here from their saved state, with no kernel to answer them: they say so
// (dom.js, staticPage) where they would tell the reader how to answer or to play.
window.fortyfiveStaticPage = true;

// A page keeps one copy of each widget's code: every other widget with the same code names the
// model that holds it ("fortyfive-same-as:<model id>", written by book/fortyfive_site/book.py).
// Copy it back before the widget manager reads the state: the manager renders on "load", and
// this runs at DOMContentLoaded (or at once, if the document is already parsed).
(function () {
  var SAME_AS = "fortyfive-same-as:";
  var KEYS = ["_esm", "_css"];
  function restore() {
    var tags = document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-state+json"]'
    );
    tags.forEach(function (tag) {
      var data = JSON.parse(tag.textContent);
      var models = (data && data.state) || {};
      var changed = false;
      Object.keys(models).forEach(function (id) {
        var state = models[id].state || {};
        KEYS.forEach(function (key) {
          var code = state[key];
          if (typeof code === "string" && code.indexOf(SAME_AS) === 0) {
            var holder = models[code.slice(SAME_AS.length)];
            state[key] = holder && holder.state ? holder.state[key] : "";
            changed = true;
          }
        });
      });
      if (changed) tag.textContent = JSON.stringify(data);
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", restore);
  } else {
    restore();
  }
})();
