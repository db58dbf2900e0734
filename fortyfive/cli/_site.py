"""The site's builders live in the checkout's ``book/fortyfive_site``, not in the wheel: the
commands that build the book, the Lite site or run Pyodide put that folder on the import path."""

from __future__ import annotations

import sys

from fortyfive.course.files import NotACheckout, book_folder

__all__ = ["NotACheckout", "site_builders"]


def site_builders(command: str) -> None:
    """Make ``fortyfive_site`` importable for ``command``; :class:`NotACheckout` from a wheel."""
    folder = str(book_folder(command))
    if folder not in sys.path:
        sys.path.insert(0, folder)
