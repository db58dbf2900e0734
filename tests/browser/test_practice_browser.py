"""A drill in JupyterLab, in Chromium: solve one puzzle by clicking, the streak shows 1, Next
gives a new puzzle, the clock runs, a miss resets the streak; and axe-core finds nothing serious
in the practice header.

The right and wrong clicks are worked out in the test process by the engine (the drill's puzzles
are re-made here from the same seed); nothing of the answer is put into the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from puzzle_answers import script

from fortyfive.puzzles.sessions import DrillKey

from .conftest import Lab, axe_violations
from .puzzle_page import card, click_and_wait, open_notebook

pytestmark = pytest.mark.browser

SEED = 5


def test_a_drill_solve_one_the_streak_shows_1_and_next_gives_a_new_puzzle(
    page: Page, lab: Lab, output_dir: Path, axe_script: Path
) -> None:
    first, second = (DrillKey("order", SEED, 1, n).puzzle() for n in (1, 2))
    _, [right], _ = script(first)
    wrong, _, _ = script(second)
    assert wrong is not None
    cell = (
        "from fortyfive.course import drill\n"
        f"drill('order', difficulty=1, seed={SEED}, progress_file='drill-progress.json')"
    )
    widget = open_notebook(page, lab, "drill.ipynb", [cell], 1).first
    expect(widget).to_have_attribute("data-practice", "drill")
    expect(widget).to_have_attribute("data-puzzle", first.id)
    header = widget.locator(".ff-pz-practice")
    expect(header.locator(".ff-pz-practice-title")).to_have_text("Drill: Put the cards in order")
    expect(header.locator(".ff-pz-streak .ff-pz-stat-value")).to_have_text("0")
    next_button = widget.locator(".ff-pz-next")
    expect(next_button).to_be_disabled()

    for name in right:
        card(widget, name).click()
    click_and_wait(widget, widget.locator(".ff-pz-check"))
    expect(widget).to_have_attribute("data-solved", "true")
    expect(widget).to_have_attribute("data-streak", "1")
    expect(header.locator(".ff-pz-streak .ff-pz-stat-value")).to_have_text("1")
    expect(header.locator(".ff-pz-best .ff-pz-stat-value")).to_have_text("1")
    expect(header.locator(".ff-pz-practice-note")).to_have_text("First try: streak 1.")
    expect(header.locator(".ff-pz-clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(next_button).to_be_enabled()
    assert next_button.evaluate("e => document.activeElement === e")  # Enter goes on
    widget.screenshot(path=str(output_dir / "solved.png"))
    found = axe_violations(page, axe_script, ".ff-puzzle")
    (output_dir / "axe.json").write_text(json.dumps(found, indent=1))
    assert not found, json.dumps(found, indent=1)

    click_and_wait(widget, next_button)
    expect(widget).to_have_attribute("data-puzzle", second.id)
    expect(widget).to_have_attribute("data-number", "2")
    expect(widget).to_have_attribute("data-streak", "1")
    expect(widget).to_have_attribute("data-solved", "false")
    expect(widget.locator(".ff-pz-feedback")).to_be_empty()
    expect(next_button).to_be_disabled()
    # the clock of the new puzzle runs on in the page from the seconds Python sent
    clock = header.locator(".ff-pz-clock")
    expect(clock).not_to_have_text("0:00", timeout=5_000)

    for name in wrong:
        card(widget, name).click()
    click_and_wait(widget, widget.locator(".ff-pz-check"))
    expect(widget).to_have_attribute("data-verdict", "wrong")
    expect(widget).to_have_attribute("data-streak", "0")
    expect(widget).to_have_attribute("data-best", "1")
    expect(next_button).to_be_disabled()
    widget.screenshot(path=str(output_dir / "missed.png"))

    data = json.loads((lab.root / "drill-progress.json").read_text())
    assert [a["puzzle"] for a in data["attempts"]] == [first.id, second.id]
    assert [e["puzzle"] for e in data["review"]] == [second.id]
    assert not page.console_errors, page.console_errors
