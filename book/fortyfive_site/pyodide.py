"""The benches inside Pyodide, under Node: the same command, timed in the runtime JupyterLite
gives the learner (``python -m fortyfive bench --pyodide ...``).

Pyodide's core comes from the npm registry's ``pyodide`` package (the version the Lite kernel
names) and the project's wheel is built from this tree, both as ``python -m fortyfive lite``
gets them (and from its cache). Nothing is fetched at run time once they are cached.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

#: Runs pytest or ``python -m`` inside Pyodide under Node (see the script's header).
RUNNER = "pyodide_run.mjs"


class PyodideError(RuntimeError):
    """Pyodide cannot be run here; the message says what is missing."""


def runner_script() -> Path:
    """The Node script that starts Pyodide (beside this module)."""
    return Path(__file__).resolve().parent / RUNNER


def node_command(folder: Path | None, wheels: list[Path], mode: str, args: list[str]) -> list[str]:
    """The command that runs ``mode`` (``pytest`` or ``module``) with ``args`` in Pyodide."""
    node = shutil.which("node")
    if node is None:
        raise PyodideError("node is not installed (apt-get install nodejs)")
    try:
        from fortyfive_site.lite import cache_dir, fetch_pyodide
    except ImportError as e:  # the lite extra
        raise PyodideError(f"{e}: in the checkout, pip install -e '.[lite]'") from None
    core = fetch_pyodide(cache_dir())
    return [
        node,
        str(runner_script()),
        str(core),
        str(folder) if folder is not None else "-",
        *map(str, wheels),
        "--",
        mode,
        *args,
    ]


def run_module(args: list[str], extra_wheels: list[Path] | None = None) -> int:
    """``python -m fortyfive ARGS`` inside Pyodide, with the project's wheel; its output is
    printed as it comes. Returns the exit code."""
    from fortyfive_site.lite import cache_dir, course_wheels, project_wheel

    with tempfile.TemporaryDirectory(prefix="fortyfive-pyodide-") as tmp:
        wheels = [project_wheel(Path(tmp)), *course_wheels(cache_dir()), *(extra_wheels or [])]
        cmd = node_command(None, wheels, "module", ["fortyfive", *args])
        return subprocess.run(cmd, check=False).returncode
