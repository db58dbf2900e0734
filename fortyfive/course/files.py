"""Where the course's files are.

The chapters live in the repository's ``notebooks/``. A wheel carries them inside the package
(``fortyfive/notebooks``, mapped in by hatch's ``force-include``), so an installed course and a
checkout open the same files. The book, its builders and the Lite site (``book/``) exist in a
checkout only: nothing used only to build the site ships in the wheel.
"""

from __future__ import annotations

import json
import shlex
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

from fortyfive._version import __version__

#: The package's folder (``fortyfive/``).
PACKAGE = Path(__file__).resolve().parent.parent
#: The chapters: inside the package in a wheel, beside it in a checkout.
NOTEBOOKS = (
    PACKAGE / "notebooks" if (PACKAGE / "notebooks").is_dir() else PACKAGE.parent / "notebooks"
)
FIRST_CHAPTER = "00_start_here.ipynb"


class NotACheckout(Exception):
    """A command needs the repository's ``book/`` folder and the package is an installed wheel."""


def checkout() -> Path | None:
    """The repository this package runs from (it holds ``pyproject.toml`` and ``book/``), or
    ``None`` when the package is installed from a wheel.

    >>> root = checkout()
    >>> root is None or (root / "book" / "_toc.yml").is_file()
    True
    """
    root = PACKAGE.parent
    if (root / "pyproject.toml").is_file() and (root / "book" / "_toc.yml").is_file():
        return root
    return None


def book_folder(command: str) -> Path:
    """The checkout's ``book/`` (it holds the site's builders, :mod:`fortyfive_site`); a clear
    :class:`NotACheckout` naming ``command`` when the package is an installed wheel."""
    root = checkout()
    if root is None:
        raise NotACheckout(
            f"`python -m fortyfive {command}` builds the site from a checkout of the repository "
            "(its book/ folder), and this fortyfive is an installed wheel: in the repository, run "
            f"`pip install -e '.[book,lite]'` then `python -m fortyfive {command}`"
        )
    return root / "book"


def install_hint(extra: str) -> str:
    """The command that adds the optional dependencies ``extra`` (``"lab"``, ``"teacher"``) to
    this fortyfive, true for the way it was installed.

    fortyfive is on no package index, so ``pip install 'fortyfive[lab]'`` would not work. From a
    checkout (an editable install, or the sources on the path) the answer is the checkout's
    ``pip install -e '.[lab]'``; from a wheel it is that wheel again, with the extra (pip's
    ``direct_url.json`` names the file it was installed from, when it was a local file).

    >>> "[lab]" in install_hint("lab")
    True
    """
    root = checkout()
    if root is not None:
        return f"pip install -e '.[{extra}]' in the checkout {root}"
    wheel = f"fortyfive-{__version__}-py3-none-any.whl"
    try:
        direct = json.loads(metadata.distribution("fortyfive").read_text("direct_url.json") or "")
    except (metadata.PackageNotFoundError, ValueError):
        direct = {}
    url = direct.get("url", "") if isinstance(direct, dict) else ""
    if isinstance(url, str) and url.startswith("file:") and url.endswith(".whl"):
        wheel = unquote(urlparse(url).path)
    where = "the wheel this fortyfive was installed from"
    return f"pip install {shlex.quote(f'{wheel}[{extra}]')} ({where}, again with [{extra}])"
