"""``fortyfive book``: the course as a static site (see :mod:`fortyfive.course.book`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bk = sub.add_parser("book", help="build the course as a static site (Jupyter Book)")
    bk.add_argument(
        "--out", type=Path, default=None, help="the site's folder (default: book/_build/html)"
    )
    bk.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return build(args.out)


def build(out: Path | None) -> int:
    """``python -m fortyfive book``: the course as a static site (see ``fortyfive.course.book``)."""
    from fortyfive.course.book import BookError, build_book

    try:
        build_book(out)
    except BookError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
