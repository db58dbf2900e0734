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


def _inlined(name: str, imports: re.Pattern[str]) -> str:
    """``name`` with the sibling files its ``imports`` lines name put in their place, each once."""
    folder = widgets_dir()
    seen: set[str] = set()

    def inline(file: str) -> str:
        if file in seen:
            return ""
        seen.add(file)
        text = (folder / file).read_text(encoding="utf-8")
        return imports.sub(lambda m: inline(m.group(1)), text)

    return inline(name)


@cache
def module_source(name: str) -> str:
    """``name`` (e.g. ``table.js``) with its sibling imports inlined, each file once."""
    return _inlined(name, _IMPORT)


@cache
def stylesheet(name: str) -> str:
    """``name`` (e.g. ``table.css``) with its sibling ``@import "./x.css";`` lines inlined."""
    return _inlined(name, _CSS_IMPORT)
