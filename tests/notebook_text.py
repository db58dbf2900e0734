"""The course notebooks as a learner opens them: their text, for tests that check what it gives
away, and their widget views, which a shipped notebook must not keep (``python
tests/notebook_text.py`` strips them after the notebooks were run and saved)."""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path
from typing import Any

from fortyfive.course.files import NOTEBOOKS


def puzzle_lead_ins(chapter: int) -> dict[str, str]:
    """Each puzzle's lead-in in chapter ``chapter``'s notebook, by puzzle id: the markdown cell
    just before its ``puzzle("cN-NN")`` cell (a puzzle cell after any other cell has none)."""
    name = next(NOTEBOOKS.glob(f"0{chapter}_*.ipynb"))
    cells = json.loads(name.read_text(encoding="utf-8"))["cells"]
    out = {}
    for before, cell in itertools.pairwise(cells):
        m = re.fullmatch(r'puzzle\("(c\d-\d\d)"\)', "".join(cell["source"]).strip())
        if m and before["cell_type"] == "markdown":
            out[m.group(1)] = "".join(before["source"])
    return out


#: The output a widget's display leaves in a notebook: the id of a model of the kernel that ran it.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The notebook-level copy of the widgets' models (JupyterLab's "Save Widget State").
WIDGET_STATE = "widgets"


def shows_a_widget(output: dict[str, Any]) -> bool:
    """Whether ``output`` displays a widget (a view of a model that only its kernel had)."""
    return WIDGET_VIEW in output.get("data", {})


def widget_views(notebook: dict[str, Any]) -> list[str]:
    """Where ``notebook`` (its JSON) keeps widgets: "cell N" (code cells from 1) for each widget
    view, and "metadata" for saved widget state. A fresh kernel has none of those models, so
    JupyterLab would show "Error displaying widget: model not found" in each place."""
    found = []
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    for number, cell in enumerate(code, 1):
        if any(shows_a_widget(o) for o in cell.get("outputs", [])):
            found.append(f"cell {number}")
    if WIDGET_STATE in notebook.get("metadata", {}):
        found.append("metadata")
    return found


def without_widget_views(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` as it ships: every widget view and the saved widget state dropped, every other
    output (text, HTML tables, charts) kept. Its card tables and puzzles appear once its cells
    run; until then nothing stands in their place (the chapter's first line says to run them)."""
    cells = [
        {**c, "outputs": [o for o in c["outputs"] if not shows_a_widget(o)]}
        if c["cell_type"] == "code"
        else c
        for c in notebook["cells"]
    ]
    metadata = {k: v for k, v in notebook.get("metadata", {}).items() if k != WIDGET_STATE}
    return {**notebook, "cells": cells, "metadata": metadata}


def strip_widget_views(path: Path) -> bool:
    """Rewrite the notebook at ``path`` without widget views (as nbformat writes it); whether it
    changed."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    stripped = without_widget_views(notebook)
    if stripped == notebook:
        return False
    text = json.dumps(stripped, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    """``python tests/notebook_text.py [NOTEBOOK ...]``: strip the widget views of the course's
    notebooks (all of ``notebooks/`` by default) after they were run and saved."""
    paths = [Path(a) for a in argv] if argv else sorted(NOTEBOOKS.glob("*.ipynb"))
    for path in paths:
        if strip_widget_views(path):
            print(f"{path}: widget views removed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
