"""The course in the browser: ``python -m fortyfive lite`` builds a JupyterLite site.

The site runs the course notebooks on Pyodide with nothing to install and no server, and fetches
nothing from elsewhere at view time:

- Pyodide's core comes from the npm registry's ``pyodide`` package, at the version
  ``jupyterlite_pyodide_kernel`` was made for, and is served by the site (``static/pyodide/``);
- the pure-Python wheels the kernel and the course need (IPython and its dependencies, micropip,
  comm, ipywidgets, anywidget, psygnal, ...) come from PyPI (``pip download`` for Pyodide's
  Python), the project's own wheel from ``pip wheel --no-deps``; they sit beside Pyodide and are
  the only packages ``pyodide-lock.json`` names, each with its real sha256;
- every module is bytecode compiled by Pyodide's own Python (:mod:`fortyfive_site.pyc_wheels`):
  the wheels beside their source, the standard library sourceless, so that a kernel's start
  compiles nothing;
- PyPI fallback is disabled, so a package that is not there fails loudly instead of reaching
  out; the project is loaded with the kernel and pulls in no pandas (the course draws its tables
  from plain data there: :mod:`fortyfive.course.fact_tables`).

The site is a learner's: it takes only the JupyterLab extensions the course needs
(:data:`EXTENSIONS`), never every one installed where it is built (the ``dev`` extra installs
nbgrader, whose menus and panels are a teacher's); its notebooks are trusted (their code cells
carry ``trusted`` as Jupyter Server marks them), and its landing page opens the first chapter in
the Notebook view.

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

from fortyfive.course.files import FIRST_CHAPTER, NOTEBOOKS
from fortyfive_site.outdir import OutError, claim, replace_site
from fortyfive_site.pyc_wheels import STDLIB

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
#: What the course needs on top (pure-Python wheels), at the versions installed here: the
#: review's scheduler (FSRS).
COURSE_PACKAGES: dict[str, list[str]] = {"fsrs": ["typing-extensions"]}
#: The project's entry: everything the engine, the widgets and the course import in Lite.
PROJECT_DEPENDS = ["anywidget", "ipywidgets", "traitlets", *COURSE_PACKAGES]
#: The JupyterLab extensions the site takes (an allow-list): the Pyodide kernel and the widget
#: managers. Anything else installed where the site is built stays out of it.
EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
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
    """A course notebook for Lite: outputs cleared, the kernelspec Lite knows, and trusted.

    Lite has no server to sign notebooks, so a notebook opens "Not Trusted" unless each code
    cell says ``trusted`` in its metadata (what Jupyter Server writes there for a signed one);
    the notebooks are the course's own."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    nb.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    nb["metadata"].pop("widgets", None)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            cell.setdefault("metadata", {})["trusted"] = True
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def labextensions_dir() -> Path:
    """Where the environment's JupyterLab extensions are installed (as ``jupyter lite build``
    finds them)."""
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions"


def build_config(labextensions: Path) -> dict[str, Any]:
    """``jupyter_lite_config.json`` for the build: the extensions of :data:`EXTENSIONS` from
    ``labextensions``, and none of the others installed there (``ignore_sys_prefix`` for the
    federated extensions' addon)."""
    paths = []
    for name in EXTENSIONS:
        folder = labextensions / name
        if not (folder / "package.json").is_file():
            raise LiteError(
                f"the JupyterLab extension {name} is not installed in {labextensions}: "
                "in the checkout, pip install -e '.[lite]'"
            )
        paths.append(str(folder))
    return {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": paths,
        }
    }


def site_config() -> dict[str, Any]:
    """``jupyter-lite.json`` of the site (the build adds the extensions and the URLs)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Learn Forty-Five",
            "litePluginSettings": {
                PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(PRELOAD)},
                }
            },
        },
    }


#: The kernel's own packages, shipped by jupyterlite-pyodide-kernel's extension, with what
#: they import: in the lock file they load with the project at start, where the kernel would
#: otherwise install them one after the other with micropip.
KERNEL_OWN: dict[str, list[str]] = {
    "piplite": ["micropip"],
    "pyodide-kernel": ["comm", "ipython"],
    "ipykernel": ["pyodide-kernel"],
}
#: Loaded with Pyodide when a kernel starts (``loadPyodideOptions.packages``): the project and
#: every package the kernel would install itself (it skips those named here).
PRELOAD = ["fortyfive", "micropip", "piplite", "ipykernel", "pyodide-kernel", "jedi", "comm"]
#: The Node script that compiles wheels with Pyodide's Python (:mod:`fortyfive_site.pyc_wheels`).
PYC_SCRIPT = Path(__file__).resolve().parent / "pyc_wheels.mjs"


def _kernel_pypi() -> Path:
    """The wheels jupyterlite-pyodide-kernel's extension ships (piplite, the kernel, stand-ins)."""
    return labextensions_dir() / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"


def _kernel_wheel(name: str) -> Path:
    stem = name.replace("-", "_")
    found = sorted(_kernel_pypi().glob(f"{stem}-*.whl"))
    if not found:
        raise LiteError(
            f"no {name} wheel in {_kernel_pypi()} (jupyterlite-pyodide-kernel installed without "
            "its lab extension?)"
        )
    return found[-1]


def compile_for_pyodide(
    wheels: list[Path], own: list[Path], core: Path, dest: Path, cache: Path
) -> list[Path]:
    """Copies of ``wheels`` and ``own`` in ``dest`` with their modules' bytecode, and of the
    core's standard library as bytecode, compiled by Pyodide's Python under Node
    (:mod:`fortyfive_site.pyc_wheels`). The compiled copies of ``wheels`` (released files, named
    by their version) and of the standard library are kept in the cache; ``own`` (built here) is
    compiled at every build."""
    node = shutil.which("node")
    if node is None:
        raise LiteError("node is needed to compile the wheels for Pyodide (apt-get install nodejs)")
    kept = cache / f"pyc-{pyodide_version()}"
    kept.mkdir(parents=True, exist_ok=True)
    stdlib = core / STDLIB
    todo = [w for w in [*wheels, stdlib] if not (kept / w.name).is_file()] + own
    if todo:
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            src, out = Path(tmp) / "src", Path(tmp) / "out"
            src.mkdir()
            out.mkdir()
            for path in todo:
                shutil.copy2(path, src / path.name)
            script = PYC_SCRIPT.with_suffix(".py")
            _run([node, str(PYC_SCRIPT), str(core), str(script), str(src), str(out)], what="node")
            for path in todo:
                compiled = out / path.name
                if not compiled.is_file():
                    raise LiteError(f"{path.name} was not compiled")
                shutil.copy2(compiled, (dest if path in own else kept) / path.name)
    for path in [*wheels, stdlib]:
        shutil.copy2(kept / path.name, dest / path.name)
    return [dest / w.name for w in [*wheels, *own]]


def course_wheels(cache: Path) -> list[Path]:
    """The wheels the course imports on top of the project's own (:data:`COURSE_PACKAGES` and
    what they need), at the versions installed here: for running the package in Pyodide
    outside the site (the benches, the tests)."""
    names = {*COURSE_PACKAGES, *(d for needs in COURSE_PACKAGES.values() for d in needs)}
    return list(fetch_wheels({name: version(name) for name in sorted(names)}, cache).values())


def prepare(lite_dir: Path, cache: Path, log: Callable[[str], None] = print) -> None:
    """Assemble JupyterLite's input folder: Pyodide with its wheels (compiled) and lock file,
    the notebooks (``files/``), ``jupyter-lite.json`` and the build's configuration."""
    core = fetch_pyodide(cache)
    base = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    known = base["packages"]
    pins = {name: known[name]["version"] for name in KERNEL_PACKAGES}
    ours = {**WIDGET_PACKAGES, **COURSE_PACKAGES}
    for name in ours:
        pins[name] = version(name)
    wheels = fetch_wheels(pins, cache)
    depends = {name: ours[name] if name in ours else known[name]["depends"] for name in wheels}
    for name, needs in KERNEL_OWN.items():
        wheels[name], depends[name] = _kernel_wheel(name), needs
    wheels["widgetsnbextension"], depends["widgetsnbextension"] = _standin_widgetsnbextension(), []
    log(f"wheels for Pyodide {pyodide_version()} (Python {_python_tag()}): {len(wheels) + 1}")
    pyodide = lite_dir / "static" / "pyodide"
    shutil.copytree(core, pyodide)
    with tempfile.TemporaryDirectory(prefix="fortyfive-wheel-") as tmp:
        own = project_wheel(Path(tmp))
        compile_for_pyodide(list(wheels.values()), [own], core, pyodide, cache)
    packages: dict[str, Any] = {}
    for name, wheel in wheels.items():
        packages[name] = lock_entry(name, pyodide / wheel.name, depends[name])
    packages["fortyfive"] = lock_entry("fortyfive", pyodide / own.name, PROJECT_DEPENDS)
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
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(site_config(), indent=1), "utf-8")
    (lite_dir / "jupyter_lite_config.json").write_text(
        json.dumps(build_config(labextensions_dir()), indent=1), encoding="utf-8"
    )


#: What the site's root page runs: JupyterLite's redirect to its JupyterLab.
_ROOT_REDIRECT = """<script type="module">
      await import('./config-utils.js');
    </script>"""


def landing_page(index_html: str, first: str = FIRST_CHAPTER) -> str:
    """The site's root page opening the chapter ``first`` in the Notebook view, where
    JupyterLite's opens the JupyterLab launcher. Its configuration script stays: the apps'
    pages read it."""
    if _ROOT_REDIRECT not in index_html:
        raise LiteError("JupyterLite's root index.html has changed: its redirect was not found")
    target = chapter_url(first)
    page = (
        f'<meta http-equiv="refresh" content="0; url={target}">\n'
        f'    <script>window.location.replace("{target}");</script>'
    )
    body = f'<body><p><a href="{target}">Open the course</a></p></body>'
    return index_html.replace(_ROOT_REDIRECT, page).replace("</html>", f"{body}\n</html>")


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
        index = site / "index.html"
        index.write_text(landing_page(index.read_text(encoding="utf-8")), encoding="utf-8")
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
