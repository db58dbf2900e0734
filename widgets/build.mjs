// Bundles the widgets' front end: one ES module and one stylesheet per widget, written to
// fortyfive/widgets/static (package data, committed, so installing the package needs no Node).
// Usage: node build.mjs [outdir]  (npm run build -- <outdir>; the default is the package's folder)
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(process.argv[2] ?? join(here, "..", "fortyfive", "widgets", "static"));
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
