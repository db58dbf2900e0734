"""Test configuration: the two tiers (see ``tests/tiers.py``) and hypothesis's profiles.

``--full`` (or ``FORTYFIVE_FULL=1``) runs the full tier; without it the tests marked ``full``
are skipped with the command that runs them. Hypothesis is derandomized in CI (repeatable)
and explores new examples elsewhere; its example counts follow the tier.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from notebook_text import shows_a_widget
from tiers import FULL_ENV, is_full

_COMMON = {"print_blob": True, "derandomize": bool(os.environ.get("CI")), "deadline": None}
settings.register_profile("quick", max_examples=30, **_COMMON)  # type: ignore[arg-type]
settings.register_profile(
    "full",
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
    **_COMMON,  # type: ignore[arg-type]
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        help="the full tier: rebuild shipped data, rerun in Pyodide, screenshots, full sizes",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--full", default=False):
        os.environ[FULL_ENV] = "1"  # xdist's workers and the tests' subprocesses inherit it
    settings.load_profile("full" if is_full() else "quick")
    if is_full():
        # nbval runs each notebook against its stored outputs in the full tier; the quick tier
        # compares them with the book build's one execution (tests/test_notebooks.py).
        config.option.nbval = True
        config.option.nbval_current_env = True


def _compare_without_widgets(item: pytest.Item) -> None:
    """nbval compares a cell's run without the widgets it displays: the shipped notebooks keep
    no widget view (``tests/notebook_text.py``)."""
    compare = getattr(item, "compare_outputs", None)
    if compare is None:
        return

    def without_widgets(test: list[Any], ref: list[Any], *args: Any, **kwargs: Any) -> Any:
        return compare([o for o in test if not shows_a_widget(o)], ref, *args, **kwargs)

    item.compare_outputs = without_widgets  # type: ignore[attr-defined]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip = pytest.mark.skip(reason="full tier: python -m pytest --full")
    for item in items:
        if item.path.suffix == ".ipynb":
            # A notebook's cells share one kernel: they run in order on one worker.
            item.add_marker(pytest.mark.xdist_group(f"notebook-{item.path.name}"))
            _compare_without_widgets(item)
        if not is_full() and item.get_closest_marker("full"):
            item.add_marker(skip)
