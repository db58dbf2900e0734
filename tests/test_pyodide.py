"""The engine's, the solver's and the puzzles' tests inside Pyodide, under Node.

Pyodide's core comes from the npm registry (the version ``jupyterlite_pyodide_kernel`` names; the
same cache as ``python -m fortyfive lite``), pytest and its pure-Python dependencies from PyPI,
and the project's wheel is built from this tree; ``fortyfive/bench/pyodide_run.mjs`` unpacks
the wheels (``pyodide.unpackArchive`` given a ``Uint8Array``) and runs pytest on copies of the
test files.

Pyodide has no pandas here, so a test that asks for a score sheet as a DataFrame
(``.to_pandas()``) is reported as skipped ("needs pandas"), any other failure fails this test.
Left out: tests that start processes or threads, or need hypothesis, Jupyter or pandas
throughout.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from importlib.metadata import version
from pathlib import Path

import pytest

# Re-proves in Pyodide what the quick tier proves here: the full tier's.
pytestmark = [pytest.mark.slow, pytest.mark.full]

TESTS = Path(__file__).resolve().parent
FILES = [
    "oracle.py",
    "test_actions.py",
    "test_bad_input.py",
    "test_barker_rules.py",
    "test_bruff_rules.py",
    "test_dealing.py",
    "test_engine_api.py",
    "test_hints.py",
    "test_observation.py",
    "test_puzzle_display.py",
    "test_puzzles.py",
    "test_record.py",
    "test_rules_R1_R5.py",
    "test_solver.py",
    "test_sort_cards.py",
    "test_tricks_oracle.py",
    # the helper modules those files import
    "positions.py",
    "puzzle_answers.py",
    "search_oracles.py",
    "tiers.py",
]
DESELECT = [
    # parses a deeply nested JSON file: deeper than Pyodide's stack
    "test_bad_input.py::test_a_huge_or_binary_progress_file_is_refused_before_parsing",
]
CONFTEST = """
import pytest

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.excinfo is not None and "needs pandas" in str(call.excinfo.value):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), 0, "needs pandas: " + str(call.excinfo.value))
"""


def test_engine_solver_and_puzzle_tests_pass_in_pyodide(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed (apt-get install nodejs)")
    pytest.importorskip("jupyterlite_pyodide_kernel")
    from fortyfive_site.lite import (
        cache_dir,
        course_wheels,
        fetch_pyodide,
        fetch_wheels,
        project_wheel,
    )
    from fortyfive_site.pyodide import node_command

    cache = cache_dir()
    core = fetch_pyodide(cache)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    pins = {name: version(name) for name in ("pytest", "pluggy", "iniconfig")}
    pins |= {name: lock[name]["version"] for name in ("packaging", "pygments")}
    wheels = [project_wheel(tmp_path), *course_wheels(cache), *fetch_wheels(pins, cache).values()]
    tests = tmp_path / "tests"
    tests.mkdir()
    for name in FILES:
        shutil.copy2(TESTS / name, tests / name)
    (tests / "pytest.ini").write_text("[pytest]\n")
    (tests / "conftest.py").write_text(CONFTEST)
    started = time.monotonic()
    args = ["-q", "-p", "no:randomly", "-rs", *(f"--deselect={d}" for d in DESELECT)]
    run = subprocess.run(
        node_command(tests, wheels, "pytest", args),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    seconds = time.monotonic() - started
    tail = "\n".join(run.stdout.strip().splitlines()[-40:])
    assert run.returncode == 0, tail + run.stderr[-3000:]
    summary = run.stdout.strip().splitlines()[-1]
    print(f"in Pyodide {core.name[len('pyodide-') :]}: {summary} ({seconds:.0f} s with start-up)")
    passed = int(re.search(r"(\d+) passed", summary).group(1))  # type: ignore[union-attr]
    assert passed > 900  # the quick tier's selection: 935 when last counted
