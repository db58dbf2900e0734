"""The widgets' front end: the bundled ES modules and stylesheets in ``static/``, read once.

anywidget loads one module and one stylesheet per widget, so each widget's front end is bundled
into one of each (``table.js`` and ``table.css``, ``puzzle.js`` and ``puzzle.css``) by
``npm run build`` in ``widgets/``, from the sources in ``widgets/src``. The bundle is committed
package data: a wheel ships it as an editable install sees it, and neither needs Node.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def widgets_dir() -> Path:
    """The bundle's folder (package data: the same in a wheel and an editable install)."""
    if not (STATIC / "table.js").is_file():
        raise FileNotFoundError(f"the card table's front end is missing from {STATIC}")
    return STATIC


def _bundled(name: str) -> str:
    """The text of the bundled file ``name``; a source's name (``cards.js``) is not one."""
    folder = widgets_dir()
    known = sorted(p.name for p in folder.iterdir() if p.is_file())
    if name not in known:  # also keeps a path such as "../x" out
        raise FileNotFoundError(f"{name} is not in the widgets' bundle ({', '.join(known)})")
    return (folder / name).read_text(encoding="utf-8")


@cache
def module_source(name: str) -> str:
    """The bundled ES module ``name`` (``table.js`` or ``puzzle.js``): one file, no imports."""
    return _bundled(name)


@cache
def stylesheet(name: str) -> str:
    """The bundled stylesheet ``name`` (``table.css`` or ``puzzle.css``): no ``@import``."""
    return _bundled(name)
