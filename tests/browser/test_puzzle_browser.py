"""Puzzle widgets in JupyterLab, in Chromium: one puzzle of each kind solved by clicking, a wrong
answer explained, "show me", keyboard use, narrow screens, the dark theme, and the
click-to-feedback latency per kind (recorded, not asserted).

The right clicks are worked out in the test process by the puzzle engine itself (``show()``'s
highlighted cards, or trying the options on a copy of the run); nothing of the answer is put into
the page. Every test saves a screenshot under test-output/browser/<test>/ (see conftest.py).
"""

from __future__ import annotations

import json
import math
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from puzzle_answers import BY_KIND, script

from fortyfive.puzzles import KINDS, Puzzle, get_puzzle

from .conftest import Lab, axe_violations
from .puzzle_page import by_id, card, click_and_wait, fill_in, open_notebook, state

pytestmark = pytest.mark.browser

WRONG_TRIES = 4  # wrong answers timed per kind before the right one


def one_of_each_kind() -> dict[str, Puzzle]:
    """One shipped puzzle of every kind (the unit tests' choice)."""
    assert set(BY_KIND) == set(KINDS)
    return {kind: get_puzzle(BY_KIND[kind]) for kind in KINDS}


LATENCY_JS = """
async ([puzzle, selector]) => {
  const root = document.querySelector(`.ff-puzzle[data-puzzle="${puzzle}"]`);
  const target = root.querySelector(selector);
  if (!target) throw new Error(`nothing matches ${selector}`);
  const before = root.dataset.state;
  return await new Promise((resolve) => {
    let t0 = 0;
    const obs = new MutationObserver(() => {
      if (root.dataset.state !== before) {
        obs.disconnect();
        resolve(performance.now() - t0);
      }
    });
    obs.observe(root, { attributes: true, attributeFilter: ["data-state"] });
    t0 = performance.now();
    target.click();
  });
}
"""


_WHERE = "( in the trick| below| in your hand)?"
#: What the widget says under the prompt, by answer type.
HOW_TO = {
    "card": rf"^Click one card{_WHERE}\.$",
    "cards": rf"^Click every card that applies{_WHERE}, then Check\.$",
    "sequence": rf"^Click the cards{_WHERE} in order, then Check\.$",
    "choice": r"^Click your answer\.$",
    "choices": r"^Click every answer that applies, then Check\.$",
    "form": r"^Fill in each answer, then Check\.$",
}


def sender_selector(answer: Any, spec: dict[str, Any]) -> str:
    """The control whose click sends the answer (after any selecting clicks)."""
    if spec["type"] == "card":
        return f'button.ff-pz-answer[data-card="{answer}"]'
    if spec["type"] == "choice":
        return f'button.ff-pz-option[data-value="{answer}"]'
    return "button.ff-pz-check"


def clear_selection(widget: Locator, spec: dict[str, Any]) -> None:
    """Undo what the learner selected for the last answer (it stays after a wrong answer)."""
    if spec["type"] == "sequence":
        clear = widget.locator(".ff-pz-clear")
        if clear.is_enabled():
            clear.click()
    elif spec["type"] in ("cards", "choices"):
        for pressed in widget.locator('button[aria-pressed="true"]').all():
            pressed.click()


def timed_answer(
    page: Page, widget: Locator, puzzle_id: str, answer: Any, spec: dict[str, Any]
) -> float:
    """Select ``answer`` by clicking, then time the sending click to the widget's redraw."""
    clear_selection(widget, spec)
    if spec["type"] not in ("card", "choice"):
        fill_in(widget, answer, spec)
    before = state(widget)
    ms = float(page.evaluate(LATENCY_JS, [puzzle_id, sender_selector(answer, spec)]))
    assert state(widget) != before
    return ms


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]  # nearest rank


def test_solve_one_puzzle_of_each_kind_by_clicking(page: Page, lab: Lab, output_dir: Path) -> None:
    puzzles = one_of_each_kind()
    plans = {kind: script(p) for kind, p in puzzles.items()}
    ids = [p.id for p in puzzles.values()]
    cell = (
        "from fortyfive.widgets.puzzle import PuzzleWidget\n"
        f"ws = [PuzzleWidget(i, tries_before_show={WRONG_TRIES + 1}) for i in {ids!r}]\n"
        "for w in ws:\n    display(w)"
    )
    widgets = open_notebook(page, lab, "kinds.ipynb", [cell], len(ids))
    report: dict[str, Any] = {}
    for kind, p in puzzles.items():
        widget = by_id(widgets, p.id)
        expect(widget).to_have_attribute("data-kind", kind)
        wrong, steps, spec = plans[kind]
        # The prompt asks; the line under it says how to answer with this widget's controls.
        expect(widget.locator(".ff-pz-how")).to_have_text(re.compile(HOW_TO[spec["type"]]))
        expect(widget.locator(".ff-static")).to_have_count(0)  # a kernel answers here
        times: list[float] = []
        if wrong is not None:
            # an endgame's wrong move fails the attempt: it is played out, then Try again
            failing = kind in ("target", "race")
            for n in range(1 if failing else WRONG_TRIES):
                times.append(timed_answer(page, widget, p.id, wrong, spec))
                expect(widget).to_have_attribute("data-verdict", "wrong")
                expect(widget).to_have_attribute("data-tries", str(n + 1))
            feedback = widget.locator(".ff-pz-feedback")
            expect(feedback.locator(".ff-pz-verdict")).to_have_text("Not quite.")
            expect(feedback.locator(".ff-pz-message")).not_to_be_empty()
            # The explanation takes the focus, so a screen reader reads it out.
            assert feedback.evaluate("e => document.activeElement === e")
            (output_dir / f"wrong-{kind}.txt").write_text(feedback.inner_text())
            if failing:
                expect(feedback.locator(".ff-pz-message")).to_contain_text("was the mistake")
                expect(widget).to_have_attribute("data-done", "true")
                click_and_wait(widget, widget.locator(".ff-pz-reset"))
                expect(widget).to_have_attribute("data-done", "false")
        for answer in steps:
            times.append(timed_answer(page, widget, p.id, answer, spec))
        expect(widget).to_have_attribute("data-solved", "true")
        expect(widget).to_have_attribute("data-verdict", "right")
        expect(widget.locator(".ff-pz-verdict")).to_have_text("Right!")
        expect(widget.locator(".ff-pz-how")).to_have_count(0)  # nothing left to answer
        widget.screenshot(path=str(output_dir / f"solved-{kind}.png"))
        report[kind] = {
            "puzzle": p.id,
            "clicks": len(times),
            "p50_ms": round(statistics.median(times), 1),
            "p95_ms": round(percentile(times, 0.95), 1),
            "times_ms": [round(t, 1) for t in times],
        }
    widgets.first.page.screenshot(path=str(output_dir / "solved.png"), full_page=True)
    (output_dir / "latency.json").write_text(json.dumps(report, indent=1))
    print("\nclick-to-feedback latency per kind (ms):")
    for kind, r in report.items():
        p50, p95 = r["p50_ms"], r["p95_ms"]
        print(f"  {kind:12} {r['puzzle']:6} n={r['clicks']:2} p50 {p50:6.1f} p95 {p95:6.1f}")
    assert not page.console_errors, page.console_errors


def test_wrong_answer_show_me_and_try_again(page: Page, lab: Lab, output_dir: Path) -> None:
    p = one_of_each_kind()["winner"]
    wrong, steps, _ = script(p)
    assert wrong is not None
    cell = (
        "from fortyfive.widgets.puzzle import PuzzleWidget\n"
        f"w = PuzzleWidget({p.id!r}, tries_before_show=1)\nw"
    )
    widget = open_notebook(page, lab, "show.ipynb", [cell], 1).first
    show = widget.locator(".ff-pz-show")
    expect(show).to_be_disabled()
    expect(widget.locator(".ff-pz-show-note")).to_contain_text("after 1 wrong try")
    click_and_wait(widget, widget.locator(".ff-pz-hint"))
    expect(widget.locator(".ff-pz-hints li")).to_have_count(1)
    click_and_wait(widget, card(widget, wrong))
    expect(widget.locator(".ff-pz-feedback")).to_contain_text("Not quite.")
    expect(show).to_be_enabled()
    click_and_wait(widget, show)
    expect(widget).to_have_attribute("data-verdict", "shown")
    expect(widget).to_have_attribute("data-done", "true")
    highlighted = widget.locator(".ff-pz-hl")
    expect(highlighted.first).to_be_visible()
    assert steps[0] in highlighted.evaluate_all("els => els.map(e => e.dataset.card)")
    widget.screenshot(path=str(output_dir / "shown.png"))
    # Finished: the cards send nothing more; Try again starts over.
    assert card(widget, steps[0]).get_attribute("aria-disabled") == "true"
    click_and_wait(widget, widget.locator(".ff-pz-reset"))
    expect(widget).to_have_attribute("data-done", "false")
    expect(widget.locator(".ff-pz-feedback")).to_be_empty()
    click_and_wait(widget, card(widget, steps[0]))
    expect(widget).to_have_attribute("data-solved", "true")
    assert not page.console_errors, page.console_errors


def test_keyboard_narrow_screen_and_dark_theme(page: Page, lab: Lab, output_dir: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 900})
    kinds = one_of_each_kind()
    order, calls = kinds["order"], kinds["calls"]
    _, [order_right], _ = script(order)
    cell = (
        "from fortyfive.widgets.puzzle import PuzzleWidget\n"
        # the form puzzle twice: its fields' ids must differ between the two
        f"for i in {[order.id, calls.id, kinds['score'].id, kinds['score'].id]!r}:\n"
        "    display(PuzzleWidget(i))"
    )
    widgets = open_notebook(page, lab, "keys.ipynb", [cell], 4)
    page.evaluate("window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight()")
    page.wait_for_timeout(300)  # the panel's resize
    for w in widgets.all():
        box = w.bounding_box()
        assert box is not None and 200 < box["width"] <= 360, box
        assert w.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "spills over sideways"
        for b in w.locator("button, select, input").all():
            r = b.bounding_box()
            assert r is not None and r["x"] >= 0 and r["x"] + r["width"] <= 360, r
    page.screenshot(path=str(output_dir / "narrow.png"), full_page=True)
    for n, w in enumerate(widgets.all()):
        w.screenshot(path=str(output_dir / f"narrow-{n}.png"))
    # Four widgets in one page: every id is unique, so a label points at its own field.
    ids = page.evaluate("[...document.querySelectorAll('.ff-puzzle [id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    # Keys stay in a widget: "b" would insert a cell, "m" make it markdown.
    cells = page.locator(".jp-NotebookPanel:visible .jp-Cell")
    n_cells = cells.count()
    card(by_id(widgets, order.id), order_right[0]).focus()
    for key in ("b", "m", "ArrowDown"):
        page.keyboard.press(key)
    assert cells.count() == n_cells
    expect(page.locator(".jp-NotebookPanel:visible .jp-MarkdownCell")).to_have_count(0)
    # The order puzzle by keyboard: Enter or Space on each card, then Check.
    widget = by_id(widgets, order.id)
    for n, name in enumerate(order_right):
        card(widget, name).focus()
        page.keyboard.press("Enter" if n % 2 == 0 else " ")
        expect(widget.locator(".ff-pz-order li")).to_have_count(n + 1)
    check = widget.locator(".ff-pz-check")
    check.focus()
    before = state(widget)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"document.querySelector('.ff-puzzle[data-puzzle=\"{order.id}\"]').dataset.state"
        f" !== '{before}'",
        timeout=10_000,
    )
    expect(widget).to_have_attribute("data-solved", "true")
    assert widget.locator(".ff-pz-feedback").evaluate("e => document.activeElement === e")
    # Visible focus: the focused card has an outline.
    calls_widget = by_id(widgets, calls.id)
    first = calls_widget.locator(".ff-pz-option").first
    first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    outline = first.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none", outline
    page.keyboard.press("Space")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.evaluate(
        "window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("document.body.dataset.jpThemeLight === 'false'", timeout=20_000)
    expect(page.locator("#jupyterlab-splash")).to_have_count(0, timeout=20_000)
    for w in widgets.all():
        expect(w).to_be_visible()
        bg = w.evaluate("e => getComputedStyle(e).backgroundColor")
        fg = w.evaluate("e => getComputedStyle(e).color")
        assert bg != "rgb(255, 255, 255)" and fg != "rgb(29, 29, 29)", (bg, fg)
    page.screenshot(path=str(output_dir / "dark.png"), full_page=True)
    for n, w in enumerate(widgets.all()):
        w.screenshot(path=str(output_dir / f"dark-{n}.png"))


def test_axe_finds_no_serious_violation_in_the_puzzles_light_and_dark(
    page: Page, lab: Lab, output_dir: Path, axe_script: Path
) -> None:
    kinds = one_of_each_kind()
    ids = [p.id for p in kinds.values()]
    cell = (
        "from fortyfive.widgets.puzzle import PuzzleWidget\n"
        f"for i in {ids!r}:\n"
        "    display(PuzzleWidget(i))"
    )
    widgets = open_notebook(page, lab, "axe-puzzles.ipynb", [cell], len(ids))
    # A hint in one of them: the hint list and the notice are drawn too.
    first = widgets.first
    hint = first.locator(".ff-pz-hint")
    if hint.count() and hint.is_enabled():
        click_and_wait(first, hint)
    found = {"light": axe_violations(page, axe_script, ".ff-puzzle")}
    page.evaluate(
        "window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("document.body.dataset.jpThemeLight === 'false'", timeout=20_000)
    expect(page.locator("#jupyterlab-splash")).to_have_count(0, timeout=20_000)
    expect(page.locator(".jp-NotebookPanel:visible .ff-puzzle")).to_have_count(len(ids))
    found["dark"] = axe_violations(page, axe_script, ".ff-puzzle")
    (output_dir / "axe.json").write_text(json.dumps(found, indent=1))
    assert not found["light"] and not found["dark"], json.dumps(found, indent=1)
