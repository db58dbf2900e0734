"""The card table's front end: ES modules and CSS from ``widgets/``, read once per process.

In a wheel the folder is shipped as ``fortyfive/widgets`` (hatch ``force-include``); in an
editable install it is the repository's top-level ``widgets/``. anywidget loads one module, so a
module's ``import ... from "./x.js"`` lines of sibling files are replaced by those files' text,
and a stylesheet's ``@import "./x.css";`` lines likewise (the shared card faces: ``cards.css``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_IMPORT = re.compile(r'^import\s+\{[^}]*\}\s+from\s+"\./([\w-]+\.js)";\s*$', re.MULTILINE)
_CSS_IMPORT = re.compile(r'^@import\s+"\./([\w-]+\.css)";\s*$', re.MULTILINE)


def widgets_dir() -> Path:
    """The installed front end, else the repository's (editable install)."""
    for folder in (_PACKAGE / "widgets", _PACKAGE.parent / "widgets"):
        if (folder / "table.js").is_file():
            return folder
    raise FileNotFoundError(
        f"the card table's front end (widgets/table.js) is missing near {_PACKAGE}"
    )


@cache
def module_source(name: str) -> str:
    """``name`` (e.g. ``table.js``) with its sibling imports inlined, each file once."""
    folder = widgets_dir()
    seen: set[str] = set()

    def inline(file: str) -> str:
        if file in seen:
            return ""
        seen.add(file)
        text = (folder / file).read_text(encoding="utf-8")
        return _IMPORT.sub(lambda m: inline(m.group(1)), text)

    return inline(name)


@cache
def stylesheet(name: str) -> str:
    """``name`` (e.g. ``table.css``) with its sibling ``@import "./x.css";`` lines inlined."""
    folder = widgets_dir()
    seen: set[str] = set()

    def inline(file: str) -> str:
        if file in seen:
            return ""
        seen.add(file)
        text = (folder / file).read_text(encoding="utf-8")
        return _CSS_IMPORT.sub(lambda m: inline(m.group(1)), text)

    return inline(name)
