"""Browser fixtures: a JupyterLab server on 127.0.0.1 and Debian's Chromium driven by Playwright.

Without Chromium (or Playwright) the browser tests are skipped with the reason, unless
``FORTYFIVE_REQUIRE_BROWSER=1`` (CI) turns that into a failure. The network is mapped away in
the browser (only 127.0.0.1 resolves), so a widget that fetched anything would fail the tests.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("FORTYFIVE_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("FORTYFIVE_REQUIRE_BROWSER") == "1"
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "browser"
FIRST_RENDER_MS = 60_000


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    reason = _missing()
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if reason and not REQUIRED:
                item.add_marker(
                    pytest.mark.skip(
                        reason=f"{reason}; FORTYFIVE_REQUIRE_BROWSER=1 makes this fail"
                    )
                )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Lab:
    """A running JupyterLab: its URL, token and notebook folder."""

    def __init__(self, root: Path, port: int, token: str, proc: subprocess.Popen[bytes]) -> None:
        self.root, self.port, self.token, self.proc = root, port, token, proc
        self.url = f"http://127.0.0.1:{port}"

    def api(self, path: str, method: str = "GET") -> Any:
        req = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def notebook(self, name: str, cells: list[str]) -> str:
        """Write a notebook of code cells; return the URL that opens it in JupyterLab."""
        nb = {
            "cells": [
                {
                    "cell_type": "code",
                    "metadata": {},
                    "source": src,
                    "outputs": [],
                    "execution_count": None,
                }
                for src in cells
            ],
            "metadata": {
                "kernelspec": {
                    "name": "python3",
                    "display_name": "Python 3 (ipykernel)",
                    "language": "python",
                },
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        (self.root / name).write_text(json.dumps(nb))
        # A workspace of its own, reset: no tab of an earlier test is reopened.
        workspace = name.removesuffix(".ipynb")
        return f"{self.url}/lab/workspaces/{workspace}/tree/{name}?reset&token={self.token}"

    def stop_kernels(self) -> None:
        """Shut down every kernel (the machine has two cores: idle tables still cost)."""
        for kernel in self.api("/api/kernels"):
            self.api(f"/api/kernels/{kernel['id']}", method="DELETE")


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    reason = _missing()
    if reason:
        pytest.fail(reason) if REQUIRED else pytest.skip(reason)
    root = tmp_path_factory.mktemp("lab")
    config, runtime = root / ".config", root / ".runtime"
    (config / "labconfig").mkdir(parents=True)
    runtime.mkdir()
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(config), "JUPYTER_RUNTIME_DIR": str(runtime)}
    port, token = _free_port(), secrets.token_hex(16)
    log = (root / "lab.log").open("wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--port-retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            f"--LabApp.workspaces_dir={root / 'ws'}",
            "--LabApp.expose_app_in_browser=True",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server = Lab(root, port, token, proc)
    deadline = time.monotonic() + 90
    while True:
        try:
            server.api("/api/status")
            break
        except (urllib.error.URLError, ConnectionError, OSError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(
                    "JupyterLab did not start: " + (root / "lab.log").read_text()[-2000:]
                ) from None
            time.sleep(0.3)
    yield server
    try:
        server.api("/api/shutdown", method="POST")
        proc.wait(timeout=20)
    except (urllib.error.URLError, OSError, subprocess.TimeoutExpired):
        pass
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)  # the server's own process group (and its kernels)
        proc.wait(timeout=10)
    log.close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium with every host but 127.0.0.1 unresolvable: one Playwright for the
    whole run (a second one in the same process fails), shared by every browser test file."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
        )
        yield b
        b.close()


@pytest.fixture(scope="session")
def browser(lab: Lab, chromium: Any) -> Any:
    """The browser for the tests that run in JupyterLab (its server started first)."""
    return chromium


@pytest.fixture
def output_dir(request: pytest.FixtureRequest) -> Path:
    """test-output/browser/<test name>/ (git-ignored): screenshots and timings."""
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    folder = OUTPUT / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def page(browser: Any, lab: Lab, output_dir: Path) -> Iterator[Any]:
    """A fresh page; its screenshot is saved when the test ends, passed or failed."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.console_errors = errors
    yield pg
    try:
        pg.screenshot(path=str(output_dir / "screenshot.png"), full_page=True)
    finally:
        context.close()
        lab.stop_kernels()


AXE_DIR = OUTPUT.parent / "axe"  # test-output/axe: git-ignored
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core's script, installed from npm into test-output/axe on first use (no CDN: the
    browser has no network). Skipped only when npm itself is missing."""
    if not AXE_JS.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed: cannot install axe-core for the accessibility check")
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        args = ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(AXE_DIR)]
        subprocess.run(
            [npm, *args, "axe-core@4"],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return AXE_JS


AXE_RUN = """
async (selector) => {
  const result = await axe.run(document.querySelectorAll(selector), {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                     "best-practice"] },
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary),
  }));
}
"""


def axe_violations(page: Any, script: Path, selector: str) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations inside the elements matching ``selector``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    found = page.evaluate(AXE_RUN, selector)
    return [v for v in found if v["impact"] in ("serious", "critical")]
