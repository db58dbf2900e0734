// Runs pytest inside Pyodide under Node: node run.mjs PYODIDE_DIR TESTS_DIR WHEEL... -- PYTEST_ARGS...
// Each wheel is unpacked into site-packages (pyodide.unpackArchive with a Uint8Array); the test
// folder is copied into Pyodide's file system at /tests. Exits with pytest's code.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, testsDir, ...rest] = process.argv.slice(2);
const cut = rest.indexOf("--");
const wheels = cut < 0 ? rest : rest.slice(0, cut);
const args = cut < 0 ? [] : rest.slice(cut + 1);

process.on("uncaughtException", (e) => {
  console.error(String(e && e.message ? e.message : e).slice(0, 4000));
  process.exit(3);
});
process.on("unhandledRejection", (e) => {
  console.error(String(e && e.message ? e.message : e).slice(0, 4000));
  process.exit(3);
});
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
copy(testsDir, "/tests");
pyodide.globals.set("pytest_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, sys, pytest
os.chdir("/tests")
sys.path.insert(0, "/tests")
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(code);
