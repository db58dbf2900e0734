"""The course notebooks' text as a learner reads it, for tests that check what it gives away."""

from __future__ import annotations

import itertools
import json
import re

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
