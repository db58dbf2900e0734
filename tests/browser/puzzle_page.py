"""Driving puzzle widgets in JupyterLab from Playwright: open a notebook, run it, answer.

Each widget exposes its state on its root element (data-state, data-kind, data-answer-type,
data-done, data-solved, data-verdict), so tests wait on what the learner would see rather than
on timers. The answers come from the test process (the puzzle engine), never from the page.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Locator, Page, expect

from .conftest import FIRST_RENDER_MS, Lab
from .lab_page import run_notebook


def open_notebook(page: Page, lab: Lab, name: str, cells: list[str], widgets: int) -> Locator:
    """Open a notebook of code cells, run them all and wait for ``widgets`` puzzle widgets."""
    panel = run_notebook(page, lab, name, cells)
    puzzles = panel.locator(".ff-puzzle")
    expect(puzzles).to_have_count(widgets, timeout=FIRST_RENDER_MS)
    return puzzles


def by_id(puzzles: Locator, puzzle_id: str) -> Locator:
    """The widget showing puzzle ``puzzle_id`` (its header shows the id)."""
    return puzzles.filter(has=puzzles.page.locator(".ff-pz-meta", has_text=puzzle_id))


def state(widget: Locator) -> int:
    return int(widget.get_attribute("data-state") or "0")


def wait_for_state_change(widget: Locator, before: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while state(widget) == before:
        if time.monotonic() > deadline:
            raise AssertionError("the puzzle did not update")
        time.sleep(0.02)


def click_and_wait(widget: Locator, target: Locator, timeout: float = 10) -> None:
    """Click and wait until the widget has moved on (its state number changed)."""
    before = state(widget)
    target.click()
    wait_for_state_change(widget, before, timeout)


def card(widget: Locator, name: str) -> Locator:
    return widget.locator(f'button.ff-pz-answer[data-card="{name}"]')


def option(widget: Locator, value: str) -> Locator:
    return widget.locator(f'button.ff-pz-option[data-value="{value}"]')


def fill_in(widget: Locator, answer: Any, spec: dict[str, Any]) -> Locator:
    """Set up ``answer`` by clicking (and typing, for forms); return the control that sends it.

    For answers sent on the click itself (one card, one option) nothing is clicked here.
    """
    kind = spec["type"]
    if kind == "card":
        return card(widget, answer)
    if kind == "choice":
        return option(widget, answer)
    if kind in ("sequence", "cards"):
        for name in answer:
            card(widget, name).click()
        return widget.locator(".ff-pz-check")
    if kind == "choices":
        for value in answer:
            option(widget, value).click()
        return widget.locator(".ff-pz-check")
    assert kind == "form", spec
    for field in spec["fields"]:
        control = widget.locator(f'.ff-pz-field[data-name="{field["name"]}"]')
        if field["kind"] == "number":
            control.fill(str(answer[field["name"]]))
        else:
            control.select_option(str(answer[field["name"]]))
    return widget.locator(".ff-pz-check")
