"""Which puzzles ask which rule: the course's coverage by rule id, from the shipped collections.

Every rule id of the rulebook (:data:`fortyfive.engine.rulebook.RULE_IDS`) is asked by at least
one shipped puzzle whose answer depends on it; :func:`coverage_markdown` is the book's page
"Puzzles by rule", written from the collections (a test keeps the page up to date).

>>> cov = rule_coverage()
>>> sorted(cov) == sorted(RULE_IDS)
True
>>> "c1-01" in cov["R2.3"]
True
"""

from __future__ import annotations

from collections.abc import Iterable

from fortyfive.engine.rulebook import RULE_IDS, RULE_TITLES
from fortyfive.puzzles.model import CHAPTERS, Puzzle, load_collection


def shipped_puzzles() -> list[Puzzle]:
    """Every puzzle of the course's chapters, in chapter order."""
    return [p for ch in CHAPTERS for p in load_collection(ch)]


def rule_coverage(puzzles: Iterable[Puzzle] | None = None) -> dict[str, list[str]]:
    """The ids of the puzzles tagged with each rule id (every rule id is a key)."""
    cov: dict[str, list[str]] = {r: [] for r in RULE_IDS}
    for p in shipped_puzzles() if puzzles is None else puzzles:
        for r in p.rules:
            if r not in cov:
                raise ValueError(f"puzzle {p.id} cites {r}, which is not a rule id")
            cov[r].append(p.id)
    return cov


def coverage_markdown() -> str:
    """The book's page listing, for each rule id, the puzzles that ask it."""
    puzzles = shipped_puzzles()
    cov = rule_coverage(puzzles)
    lines = [
        "# Puzzles by rule",
        "",
        "Each rule of the [rules reference](rules), with the puzzles of the course that ask it:",
        "a puzzle is listed under a rule when its answer depends on that rule. Puzzle `c2-04` is",
        "the fourth puzzle of chapter 2. This page is written from the puzzle collections.",
        "",
        "| rule | what it says | puzzles |",
        "|---|---|---|",
    ]
    for r in RULE_IDS:
        ids = ", ".join(f"`{i}`" for i in cov[r])
        target = r.lower().replace(".", "-")  # the reference's link target, (r5-2)=
        lines.append(f"| [{r}]({target}) | {RULE_TITLES[r]} | {ids} |")
    per = ", ".join(f"chapter {ch}: {sum(p.chapter == ch for p in puzzles)}" for ch in CHAPTERS)
    lines += ["", f"{len(puzzles)} puzzles in all ({per}).", ""]
    return "\n".join(lines)
