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
