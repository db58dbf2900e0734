// Compiles wheels' modules (and the standard library) with Pyodide's own Python, under Node:
//   node pyc_wheels.mjs PYODIDE_DIR SCRIPT SOURCE_DIR DEST_DIR
// SOURCE_DIR and DEST_DIR (host folders) are mounted into Pyodide's file system, and SCRIPT
// (pyc_wheels.py) runs there as `python SCRIPT /src /dest`. Exits with its exit code.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, source, dest] = process.argv.slice(2);
function fail(e) {
  console.error(String(e && e.message ? e.message : e).slice(0, 4000));
  process.exit(3);
}
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mkdirTree("/dest");
pyodide.mountNodeFS("/src", source);
pyodide.mountNodeFS("/dest", dest);
pyodide.FS.writeFile("/tmp/pyc_wheels.py", readFileSync(script));
const code = pyodide.runPython(`
import runpy, sys
sys.argv = ["pyc_wheels.py", "/src", "/dest"]
try:
    runpy.run_path("/tmp/pyc_wheels.py", run_name="__main__")
    _code = 0
except SystemExit as e:
    _code = e.code if isinstance(e.code, int) else 1
_code
`);
process.exit(code);
