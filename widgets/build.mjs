// Bundles the widgets' front end: one ES module and one stylesheet per widget, written to
// fortyfive/widgets/static (package data, committed, so installing the package needs no Node).
// The book's page host (src/live.js, which draws the same modules on the book's pages and runs
// them against the page's own Python) is bundled into book/static/fortyfive-live.js.
// Usage: node build.mjs [outdir] [bookdir]  (npm run build -- <outdir> <bookdir>; the defaults are
// the package's folder and book/static)
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(process.argv[2] ?? join(here, "..", "fortyfive", "widgets", "static"));
const bookdir = resolve(process.argv[3] ?? join(here, "..", "book", "static"));
const WIDGETS = ["table", "puzzle"];
const NOTE = "Generated from widgets/src by `npm run build`: edit the sources there, not this file.";

mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: here,
  entryPoints: WIDGETS.flatMap((w) => [`src/${w}.js`, `src/${w}.css`]),
  outdir,
  bundle: true,
  format: "esm",
  // Readable output, so the bundle can be debugged in a browser as it is shipped.
  minify: false,
  sourcemap: false,
  // anywidget loads each module and stylesheet as a string: nothing may be fetched beside it.
  external: [],
  charset: "ascii",
  banner: { js: `// ${NOTE}`, css: `/* ${NOTE} */` },
  logLevel: "warning",
});

mkdirSync(bookdir, { recursive: true });
await build({
  absWorkingDir: here,
  entryPoints: ["src/live.js"],
  outfile: join(bookdir, "fortyfive-live.js"),
  bundle: true,
  format: "esm",
  minify: false,
  sourcemap: false,
  charset: "ascii",
  banner: { js: `// ${NOTE}` },
  logLevel: "warning",
});
