"""Where the course's files are: the notebooks and the book sources ship inside the package, so
an installed wheel has them as an editable install does."""

from __future__ import annotations

from pathlib import Path

#: The folder that holds ``notebooks/`` and ``book/``.
COURSE = Path(__file__).resolve().parent
NOTEBOOKS = COURSE / "notebooks"
BOOK = COURSE / "book"
FIRST_CHAPTER = "00_start_here.ipynb"
