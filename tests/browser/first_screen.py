"""What a fresh course notebook shows before and after its cells run: the error text a widget
without a model leaves, the widgets' selector, and how many widgets a notebook draws."""

from __future__ import annotations

import json
import re

from fortyfive.course.files import NOTEBOOKS

#: What JupyterLab writes in place of a widget whose model the kernel does not have.
WIDGET_ERROR = "Error displaying widget"
#: A drawn puzzle (drills and the review draw puzzles too) or card table.
WIDGETS = ".ff-puzzle, .ff-table"


def widget_cells(name: str) -> int:
    """How many code cells of the notebook display a widget when run: each ends on a call that
    makes one (``puzzle(...)``, ``drill(...)``, a ``CardTable``) or on a table's name
    (``review()`` with nothing due shows text)."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    count = 0
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]).strip()
        last = source.splitlines()[-1]
        makes_one = re.match(r"(puzzle|drill)\(", last) or "CardTable" in last
        names_one = re.fullmatch(r"\w+", last) and re.search(
            rf"^{last} = ff\.CardTable", source, re.M
        )
        count += bool(makes_one or names_one)
    return count
