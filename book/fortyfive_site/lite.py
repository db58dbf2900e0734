"""The course in the browser: ``python -m fortyfive lite`` builds a JupyterLite site.

The site runs the course notebooks on Pyodide with nothing to install and no server, and fetches
nothing from elsewhere at view time:

- Pyodide's core comes from the npm registry's ``pyodide`` package, at the version
  ``jupyterlite_pyodide_kernel`` was made for, and is served by the site (``static/pyodide/``);
- the pure-Python wheels the kernel and the course need (IPython and its dependencies, micropip,
  comm, ipywidgets, anywidget, psygnal, ...) come from PyPI (``pip download`` for Pyodide's
  Python), the project's own wheel from ``pip wheel --no-deps``; they sit beside Pyodide and are
  the only packages ``pyodide-lock.json`` names, each with its real sha256;
- PyPI fallback is disabled, so a package that is not there fails loudly instead of reaching
  out; the project is loaded with the kernel and pulls in no pandas (the course draws its tables
  from plain data there: :mod:`fortyfive.course.fact_tables`).

Downloads are kept in a cache folder (``FORTYFIVE_LITE_CACHE``, by default
``~/.cache/fortyfive/lite``), so a second build works offline. The notebooks are copied with
their outputs cleared and the kernelspec Lite knows (``python``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from fortyfive.course.files import NOTEBOOKS
from fortyfive_site.outdir import OutError, claim, replace_site

#: The project's source tree (where ``pyproject.toml`` is), for its wheel.
PROJECT = Path(__file__).resolve().parents[2]
#: Where ``python -m fortyfive lite`` puts the site unless told.
DEFAULT_OUT = PROJECT / "book" / "_build" / "lite"
#: The kernel's own dependencies, at the versions Pyodide's lock file names.
KERNEL_PACKAGES = (
    "micropip",
    "packaging",
    "ipython",
    "asttokens",
    "decorator",
    "executing",
    "matplotlib-inline",
    "prompt-toolkit",
    "pure-eval",
    "pygments",
    "six",
    "stack-data",
    "traitlets",
    "wcwidth",
    "jedi",
    "parso",
    "typing-extensions",
)
#: What the widgets need on top, at the versions installed here (anywidget's and ipywidgets'
#: front ends in the site are the ones of this environment, so the Python sides must match).
WIDGET_PACKAGES: dict[str, list[str]] = {
    "comm": [],
    "psygnal": ["typing-extensions"],
    "jupyterlab-widgets": [],
    "ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension", "jupyterlab-widgets"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
}
#: The project's entry: everything the engine, the widgets and the course import in Lite.
PROJECT_DEPENDS = ["anywidget", "ipywidgets", "traitlets"]
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
_WHEEL = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)-.*\.whl$")


class LiteError(Exception):
    """The Lite site cannot be built; the message says why and what to do."""


def cache_dir() -> Path:
    """Where downloaded wheels and Pyodide are kept between builds."""
    env = os.environ.get("FORTYFIVE_LITE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "fortyfive" / "lite"


def pyodide_version() -> str:
    """The Pyodide the installed kernel was made for (``314.0.6`` for 0.8.6)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION  # type: ignore[import-untyped]

    return str(PYODIDE_VERSION)


def _run(cmd: list[str], cwd: Path | None = None, what: str = "") -> str:
    run = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if run.returncode:
        tail = "\n".join((run.stdout + run.stderr).strip().splitlines()[-15:])
        raise LiteError(f"{what or cmd[0]} failed ({' '.join(cmd)}):\n{tail}")
    return run.stdout


def fetch_pyodide(cache: Path) -> Path:
    """Pyodide's core (the npm package ``pyodide``) unpacked in the cache; its folder."""
    ver = pyodide_version()
    folder = cache / f"pyodide-{ver}"
    if (folder / "pyodide.mjs").is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise LiteError("npm is needed once to fetch Pyodide (apt-get install npm)")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        out = _run([npm, "pack", f"pyodide@{ver}", "--silent"], cwd=Path(tmp), what="npm pack")
        tgz = Path(tmp) / out.strip().splitlines()[-1]
        with tarfile.open(tgz) as tar:
            tar.extractall(Path(tmp) / "x", filter="data")
        shutil.move(Path(tmp) / "x" / "package", folder)
    return folder


def _python_tag() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    return str(PYODIDE_PYTHON_VERSION)


def fetch_wheels(pins: dict[str, str], cache: Path) -> dict[str, Path]:
    """Pure-Python wheels (``name == version``) for Pyodide's Python, from the cache or PyPI."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    missing = []
    for name, ver in pins.items():
        path = _find_wheel(folder, name, ver)
        if path is None:
            missing.append(f"{name}=={ver}")
        else:
            found[name] = path
    if missing:
        _run(
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                *("--only-binary=:all:", "--python-version", _python_tag()),
                *("--implementation", "py", "--abi", "none", "--platform", "any"),
                *("--dest", str(folder), *missing),
            ],
            what="pip download",
        )
        for name, ver in pins.items():
            path = _find_wheel(folder, name, ver)
            if path is None:
                raise LiteError(f"no pure-Python wheel of {name} {ver} on PyPI")
            found[name] = path
    return found


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _find_wheel(folder: Path, name: str, ver: str) -> Path | None:
    for p in folder.glob("*.whl"):
        m = _WHEEL.match(p.name)
        if m and _norm(m["name"]) == _norm(name) and m["version"] == ver:
            return p
    return None


def project_wheel(dest: Path) -> Path:
    """The project's own wheel, built from this source tree (``pip wheel --no-deps``)."""
    if not (PROJECT / "pyproject.toml").is_file():
        raise LiteError(
            f"{PROJECT} is not a source tree (no pyproject.toml): the Lite site is "
            "built from the project's sources"
        )
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(dest),
            str(PROJECT),
        ],
        what="pip wheel",
    )
    (wheel,) = dest.glob("fortyfive-*.whl")
    return wheel


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _imports(wheel: Path) -> list[str]:
    """The top-level modules a wheel installs (``top_level.txt`` or its folders)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        tops = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if tops:
            return [m for m in z.read(tops[0]).decode().split() if m]
    found = {
        n.split("/")[0].removesuffix(".py")
        for n in names
        if not n.split("/")[0].endswith((".dist-info", ".data"))
    }
    return sorted(found)


def lock_entry(name: str, wheel: Path, depends: list[str]) -> dict[str, Any]:
    m = _WHEEL.match(wheel.name)
    assert m is not None
    return {
        "name": name,
        "version": m["version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": _sha256(wheel),
        "package_type": "package",
        "imports": _imports(wheel),
        "depends": [_norm(d) for d in depends],
        "unvendored_tests": False,
    }


def _standin_widgetsnbextension() -> Path:
    """jupyterlite-pyodide-kernel's empty ``widgetsnbextension`` (ipywidgets asks for it; its
    front end is already part of the site)."""
    import jupyterlite_pyodide_kernel  # type: ignore[import-untyped]

    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    pypi = share / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    found = sorted(pypi.glob("widgetsnbextension-4*.whl"))
    if not found:
        raise LiteError(
            f"no widgetsnbextension stand-in in {pypi} (jupyterlite-pyodide-kernel "
            f"{jupyterlite_pyodide_kernel.__version__} installed without its lab extension?)"
        )
    return found[-1]


def lite_notebook(source: Path, dest: Path) -> None:
    """A course notebook for Lite: outputs cleared, the kernelspec Lite knows."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    nb.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    nb["metadata"].pop("widgets", None)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def prepare(lite_dir: Path, cache: Path, log: Callable[[str], None] = print) -> None:
    """Assemble JupyterLite's input folder: Pyodide with its wheels and lock file, the
    notebooks (``files/``) and ``jupyter-lite.json``."""
    core = fetch_pyodide(cache)
    base = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    known = base["packages"]
    pins = {name: known[name]["version"] for name in KERNEL_PACKAGES}
    for name in WIDGET_PACKAGES:
        pins[name] = version(name)
    log(f"wheels for Pyodide {pyodide_version()} (Python {_python_tag()}): {len(pins) + 2}")
    wheels = fetch_wheels(pins, cache)
    pyodide = lite_dir / "static" / "pyodide"
    shutil.copytree(core, pyodide)
    packages: dict[str, Any] = {}
    for name, wheel in wheels.items():
        shutil.copy2(wheel, pyodide / wheel.name)
        depends = WIDGET_PACKAGES[name] if name in WIDGET_PACKAGES else known[name]["depends"]
        packages[name] = lock_entry(name, pyodide / wheel.name, depends)
    standin = _standin_widgetsnbextension()
    shutil.copy2(standin, pyodide / standin.name)
    packages["widgetsnbextension"] = lock_entry("widgetsnbextension", standin, [])
    own = project_wheel(pyodide)
    packages["fortyfive"] = lock_entry("fortyfive", own, PROJECT_DEPENDS)
    for name, entry in packages.items():
        unknown = [d for d in entry["depends"] if d not in packages]
        if unknown:
            raise LiteError(f"{name} depends on {unknown}, which the site does not ship")
    base["packages"] = packages  # only what is served: anything else fails loudly
    (pyodide / "pyodide-lock.json").write_text(json.dumps(base, indent=1), encoding="utf-8")

    files = lite_dir / "files"
    files.mkdir(parents=True)
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        lite_notebook(nb, files / nb.name)
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Learn Forty-Five",
            "litePluginSettings": {
                PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": ["fortyfive"]},
                }
            },
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


def build_lite(
    out: Path | None = None, cache: Path | None = None, log: Callable[[str], None] = print
) -> Path:
    """Build the Lite site into ``out``; return it. The builder owns ``out``
    (:mod:`fortyfive_site.outdir`): a folder that is not empty and was not built by
    ``fortyfive lite`` is refused, and a rebuild removes only the files the last build wrote."""
    started = time.monotonic()
    out = (out or DEFAULT_OUT).resolve()
    try:
        claim(out, "lite")
    except OutError as e:
        raise LiteError(str(e)) from None
    try:
        import jupyterlite_core  # type: ignore[import-untyped]  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError as e:
        raise LiteError(
            f"{e.name} is not installed: in the checkout, pip install -e '.[lite]'"
        ) from None
    cache = cache or cache_dir()
    with tempfile.TemporaryDirectory(prefix="fortyfive-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        lite_dir.mkdir()
        prepare(lite_dir, cache, log)
        site = Path(tmp) / "site"
        _run(
            [
                *(sys.executable, "-m", "jupyterlite_core", "build"),
                *("--lite-dir", str(lite_dir), "--output-dir", str(site)),
                *("--contents", str(lite_dir / "files")),
                "--no-sourcemaps",
                "--no-unused-shared-packages",
            ],
            cwd=lite_dir,
            what="jupyter lite build",
        )
        try:
            replace_site(out, site, "lite")
        except OutError as e:
            raise LiteError(str(e)) from None
    log(f"built in {time.monotonic() - started:.0f} s: {out} ({site_size(out) / 1e6:.0f} MB)")
    log(f"serve it: {Path(sys.executable).name} -m http.server -d {out}")
    return out


def site_size(folder: Path) -> int:
    """The bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def chapter_url(notebook: str) -> str:
    """A chapter's address inside the Lite site (relative to the site's root).

    >>> chapter_url("02_tricks_and_reneging.ipynb")
    'notebooks/index.html?path=02_tricks_and_reneging.ipynb'
    """
    return f"notebooks/index.html?path={notebook}"
