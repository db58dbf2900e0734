"""Where the course's files are.

The chapters live in the repository's ``notebooks/``. A wheel carries them inside the package
(``fortyfive/notebooks``, mapped in by hatch's ``force-include``), so an installed course and a
checkout open the same files. The book, its builders and the Lite site (``book/``) exist in a
checkout only: nothing used only to build the site ships in the wheel.
"""

from __future__ import annotations

from pathlib import Path

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
