// Runs Python inside Pyodide under Node, offline:
//   node pyodide_run.mjs PYODIDE_DIR FOLDER WHEEL... -- pytest|module ARGS...
// Each wheel is unpacked into site-packages (pyodide.unpackArchive with a Uint8Array) and FOLDER
// (may be "-" for none) is copied into Pyodide's file system at /work. "pytest ARGS" runs pytest
// in /work; "module NAME ARGS" runs `python -m NAME ARGS`. Exits with Python's exit code.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, folder, ...rest] = process.argv.slice(2);
const cut = rest.indexOf("--");
const wheels = cut < 0 ? rest : rest.slice(0, cut);
const [mode, ...args] = cut < 0 ? ["pytest"] : rest.slice(cut + 1);

function fail(e) {
  console.error(String(e && e.message ? e.message : e).slice(0, 4000));
  process.exit(3);
}
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const site = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
}
function copy(src, dest) {
  pyodide.FS.mkdirTree(dest);
  for (const name of readdirSync(src)) {
    const path = join(src, name);
    if (statSync(path).isDirectory()) copy(path, `${dest}/${name}`);
    else pyodide.FS.writeFile(`${dest}/${name}`, readFileSync(path));
  }
}
pyodide.FS.mkdirTree("/work");
if (folder !== "-") copy(folder, "/work");
pyodide.globals.set("run_mode", mode);
pyodide.globals.set("run_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir("/work")
sys.path.insert(0, "/work")

def _main():
    if run_mode == "pytest":
        import pytest
        return int(pytest.main(["-p", "no:cacheprovider", *run_args]))
    sys.argv = [run_args[0], *run_args[1:]]
    try:
        runpy.run_module(run_args[0], run_name="__main__", alter_sys=True)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return 0

_main()
`);
process.exit(code);
