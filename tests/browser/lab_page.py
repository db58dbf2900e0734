"""Opening a notebook in JupyterLab from Playwright and running all its cells."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Locator, Page, expect

from .conftest import FIRST_RENDER_MS, Lab


def run_notebook(page: Page, lab: Lab, name: str, cells: list[str]) -> Locator:
    """Write a notebook of code cells, open it, run all its cells; returns its panel."""
    page.goto(lab.notebook(name, cells))
    # The kernel can read idle before it has started: wait for the status bar, then run all
    # and check the first cell really ran (its prompt shows a number), else run all again.
    panel = page.locator(".jp-NotebookPanel:visible")
    expect(panel).to_have_count(1, timeout=FIRST_RENDER_MS)
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=FIRST_RENDER_MS)
    deadline = time.monotonic() + FIRST_RENDER_MS / 1000
    while True:
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        try:
            expect(panel.locator(".jp-InputPrompt").first).to_have_text(
                re.compile(r"\[[\d*]+\]"), timeout=10_000
            )
            return panel
        except AssertionError:
            if time.monotonic() > deadline:
                raise
