"""The widgets' front end: ES modules and CSS from ``static/``, read once per process.

The folder is package data, so a wheel ships it as an editable install sees it. anywidget
loads one module, so a module's ``import ... from "./x.js"`` lines of sibling files are
replaced by those files' text (the shared ``cards.js`` and ``dom.js``; so no ``as`` renaming
in those imports: the names are the files' own), and a stylesheet's
``@import "./x.css";`` lines likewise (the shared ``theme.css`` and ``cards.css``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_IMPORT = re.compile(r'^import\s+\{[^}]*\}\s+from\s+"\./([\w-]+\.js)";\s*$', re.MULTILINE)
_CSS_IMPORT = re.compile(r'^@import\s+"\./([\w-]+\.css)";\s*$', re.MULTILINE)


STATIC = _PACKAGE / "static"


def widgets_dir() -> Path:
    """The front end's folder (package data: the same in a wheel and an editable install)."""
    if not (STATIC / "table.js").is_file():
        raise FileNotFoundError(f"the card table's front end is missing from {STATIC}")
    return STATIC


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
