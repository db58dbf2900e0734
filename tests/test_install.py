"""The package as a learner installs it: a wheel, in a fresh virtual environment outside the
checkout.

The wheel is built once per test run (``pip wheel``, hatchling as the backend, a few seconds). The
fast test reads its file list; the slow one installs it with no extras (the engine works, the
course says what to install), then with ``[lab]``, and opens the course in a real JupyterLab.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

import fortyfive
from fortyfive.course import launch
from fortyfive.course.files import FIRST_CHAPTER

# One wheel per run: the tests that install it run on one worker.
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fortyfive"

PLAY_A_GAME = """
import random
import fortyfive as ff

game, rng = ff.Game.new("bruff", seed=7), random.Random(7)
while not game.over:
    game.apply(rng.choice(game.legal_actions()))
print("winner", game.winner, "scores", game.scores)
sheet = game.score_sheet(by="deal")  # the engine's own table: no pandas needed
assert len(sheet) == game.deal_number and "<table" in sheet._repr_html_(), sheet
"""


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)]
    subprocess.run(cmd, check=True, capture_output=True, timeout=600)
    (built,) = out.glob("fortyfive-*.whl")
    return built


def _data_files(folder: Path) -> set[str]:
    """The files under ``folder`` as wheel names, less caches and build output."""
    skip = {"__pycache__", "_build", ".ipynb_checkpoints"}
    return {
        path.relative_to(ROOT).as_posix()
        for path in folder.rglob("*")
        if path.is_file()
        and path.suffix != ".pyc"
        and not skip & set(path.relative_to(folder).parts)
        and path.name != "fortyfive-progress.json"
    }


def test_the_wheel_holds_the_course_and_its_data(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        entry_points = next(
            whl.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt")
        )
        metadata = next(whl.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    notebooks = {f"fortyfive/notebooks/{name}" for name in launch.shipped_files()}
    expected = (
        {"fortyfive/py.typed"}
        | notebooks
        | _data_files(PACKAGE / "widgets" / "static")
        | _data_files(PACKAGE / "puzzles" / "collections")
        | _data_files(PACKAGE / "puzzles" / "drills")
    )
    assert f"fortyfive/notebooks/{FIRST_CHAPTER}" in notebooks
    assert "fortyfive/widgets/static/table.js" in expected
    assert "fortyfive/puzzles/collections/chapter0.json" in expected
    assert "fortyfive/puzzles/drills/bid.json" in expected
    assert expected <= names, sorted(expected - names)
    assert not [n for n in names if "_build/" in n or n.endswith("fortyfive-progress.json")]
    # Nothing used only to build the site: the book, its builders and the vendored page scripts.
    assert not [n for n in names if "widget-vendor" in n or "fortyfive_site" in n], names
    assert not [n for n in names if n.endswith((".mjs", "_toc.yml", "_config.yml"))]
    # The bound: a small download for every learner of the Lite site too.
    assert wheel.stat().st_size <= 600_000, wheel.stat().st_size
    assert re.search(r"^fortyfive = fortyfive\.__main__:main$", entry_points, re.M)
    # The version is written once, as fortyfive.__version__; the wheel's metadata reads it.
    assert re.search(rf"^Version: {re.escape(fortyfive.__version__)}$", metadata, re.M)
    assert wheel.name.startswith(f"fortyfive-{fortyfive.__version__}-")


def _run(cmd: list[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in cmd], capture_output=True, text=True, timeout=900, **kwargs
    )


def _get(url: str) -> tuple[int, bytes]:
    """The response to ``url``, asked again for up to 30 s while the connection is refused (on
    a loaded machine the server may announce itself a moment before it accepts)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.URLError as e:
            refused = isinstance(e.reason, ConnectionRefusedError)
            if not refused or time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def _group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.slow
def test_a_learner_installs_the_wheel_and_opens_the_course(wheel: Path, tmp_path: Path) -> None:
    """No extras: the engine plays a game, Jupyter is absent and ``fortyfive course`` says what
    to install. With ``[lab]``: ``fortyfive course --no-browser`` from an empty folder copies the
    course, serves chapter 0 (trusted) at the URL it prints, and SIGTERM stops the server."""
    started = time.monotonic()
    venv, home = tmp_path / "venv", tmp_path / "learner"
    home.mkdir()
    # as a learner's shell has it: the checkout not on the path, output buffered as usual
    leave_out = ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONUNBUFFERED")
    env = {k: v for k, v in os.environ.items() if k not in leave_out}
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter-data")
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "jupyter-runtime")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # the launcher's own Jupyter settings
    python, fortyfive = venv / "bin" / "python", venv / "bin" / "fortyfive"

    assert _run([sys.executable, "-m", "venv", venv], env=env).returncode == 0
    installed = _run([python, "-m", "pip", "install", "-q", wheel], env=env, cwd=home)
    assert installed.returncode == 0, installed.stderr

    played = _run([python, "-c", PLAY_A_GAME], env=env, cwd=home)
    assert played.returncode == 0 and played.stdout.startswith("winner "), played.stderr
    where = _run([python, "-c", "import fortyfive; print(fortyfive.__file__)"], env=env, cwd=home)
    assert where.stdout.startswith(str(venv)), where.stdout  # the wheel, not the checkout
    # The core install is the standard library's and the review's scheduler (pure Python).
    assert _run([python, "-c", "import fsrs"], env=env, cwd=home).returncode == 0
    for module in ("jupyterlab", "pandas", "numpy"):
        assert _run([python, "-c", f"import {module}"], env=env, cwd=home).returncode != 0

    refused = _run([fortyfive, "course"], env=env, cwd=home)
    assert refused.returncode == 2
    assert f"pip install '{wheel}[lab]'" in refused.stderr  # the wheel it came from, again
    assert not (home / "fortyfive-course").exists()
    # The site's builders live in a checkout's book/ only: the wheel says so, and builds nothing.
    for command in (["book"], ["lite"], ["bench", "--pyodide", "--solver"]):
        site = _run([fortyfive, *command], env=env, cwd=home)
        assert site.returncode == 2 and "from a checkout of the repository" in site.stderr
    assert not (home / "book").exists()
    no_extras = time.monotonic() - started

    installed = _run([python, "-m", "pip", "install", "-q", f"{wheel}[lab]"], env=env, cwd=home)
    assert installed.returncode == 0, installed.stderr
    with_lab = time.monotonic() - started

    folder = home / "empty"
    folder.mkdir()
    proc = subprocess.Popen(
        [str(fortyfive), "course", "--no-browser", "--dir", str(folder)],
        env=env,
        cwd=home,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()

    def read_lines() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)

    threading.Thread(target=read_lines, daemon=True).start()
    pgid = 0
    try:
        url, deadline = "", time.monotonic() + 180
        while not url:
            assert proc.poll() is None and time.monotonic() < deadline, "JupyterLab did not start"
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line.startswith("The course is open at "):
                url = line.removeprefix("The course is open at ").strip()
        (info_file,) = (tmp_path / "jupyter-runtime").glob("jpserver-*.json")
        pgid = json.loads(info_file.read_text())["pid"]
        assert os.getpgid(pgid) == pgid  # the server leads a process group of its own

        base, token = url.split(f"/lab/tree/{FIRST_CHAPTER}?token=")
        assert _get(f"{base}/api/status?token={token}")[0] == 200
        status, body = _get(f"{base}/api/contents/{FIRST_CHAPTER}?token={token}")
        model = json.loads(body)
        assert status == 200 and model["name"] == FIRST_CHAPTER
        code = [c for c in model["content"]["cells"] if c["cell_type"] == "code"]
        assert code and all(c["metadata"].get("trusted") for c in code)  # signed: trusted
        status, page = _get(url)
        assert status == 200 and b"@jupyterlab/apputils-extension:announcements" in page
        assert {p.name for p in folder.glob("*.ipynb")} >= {FIRST_CHAPTER, "play.ipynb"}
        labconfig = tmp_path / "config" / "fortyfive" / "jupyter" / "labconfig"
        assert (labconfig / "page_config.json").is_file() and not (folder / ".jupyter").exists()
    finally:
        proc.send_signal(signal.SIGTERM)
        returncode = proc.wait(timeout=60)
    assert returncode == 0
    deadline = time.monotonic() + 15
    while not _group_gone(pgid):
        assert time.monotonic() < deadline, "the JupyterLab process group is still running"
        time.sleep(0.1)
    print(
        f"install test: no extras {no_extras:.0f} s, [lab] installed at {with_lab:.0f} s,"
        f" all {time.monotonic() - started:.0f} s"
    )
