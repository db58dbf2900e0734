"""Driving a card table in JupyterLab from Playwright: open a notebook, run it, read the table.

The table exposes its state on its root element (data-state, data-phase, data-deal, data-to-act,
data-over), so tests wait on what the learner would see rather than on timers.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import FIRST_RENDER_MS, Lab
from .lab_page import run_notebook


def open_table(page: Page, lab: Lab, name: str, setup: str) -> Any:
    """Open a notebook whose first cell builds and shows a table, run it, wait for the table."""
    panel = run_notebook(page, lab, name, [f"import fortyfive as ff\n{setup}"])
    table = panel.locator(".ff-table")
    expect(table.first).to_be_visible(timeout=FIRST_RENDER_MS)  # the cell may show several
    return table


def state(table: Any) -> int:
    return int(table.get_attribute("data-state"))


def wait_for_learner(table: Any, seat: int = 0, timeout: float = 30) -> None:
    """Until the learner must act (or the game is over, or a deal's summary waits for "Next
    deal"): the bots have answered."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if table.get_attribute("data-over") == "true" or table.get_attribute("data-held") == "true":
            return
        if table.get_attribute("data-to-act") == str(seat):
            return
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} never got the turn: {table.get_attribute('data-state')}")


def legal_cards(table: Any) -> list[str]:
    return table.locator('.ff-hand button[data-legal="true"]').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )


def hand(table: Any) -> list[str]:
    return table.locator(".ff-hand button").evaluate_all("els => els.map(e => e.dataset.card)")


def click_and_wait(table: Any, locator: Any, timeout: float = 10) -> None:
    """Click and wait until the table has moved on (its state number changed)."""
    before = state(table)
    locator.click()
    deadline = time.monotonic() + timeout
    while state(table) == before:
        if time.monotonic() > deadline:
            raise AssertionError("the table did not update after the click")
        time.sleep(0.02)


KERNEL_RUN_JS = """
async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}
"""


def kernel_output(page: Page, code: str) -> str:
    """What ``code`` prints, run in the kernel of the notebook on screen (not as a cell): the
    Python side of the table, read directly."""
    return str(page.evaluate(KERNEL_RUN_JS, code)).strip()
