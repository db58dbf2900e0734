"""``fortyfive book``: the course as a static site (built by ``book/fortyfive_site``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fortyfive.cli._site import NotACheckout, site_builders


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``book`` and its options to the program's subcommands."""
    bk = sub.add_parser(
        "book",
        help="build the course as a static site (Jupyter Book) with its live copy (JupyterLite)",
    )
    bk.add_argument(
        "--out",
        type=Path,
        default=None,
        help="the site's folder (default: book/_build/html)",
    )
    bk.add_argument(
        "--no-lite",
        action="store_true",
        help="the static pages only: no live copy of the course (JupyterLite) in lite/",
    )
    bk.add_argument(
        "--executed",
        type=Path,
        default=None,
        metavar="DIR",
        help="also keep the notebooks as the build ran them (outputs, widget state) in DIR",
    )
    bk.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive book`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    return build(args.out, lite=not args.no_lite, executed=args.executed)


def build(out: Path | None, lite: bool = True, executed: Path | None = None) -> int:
    """``python -m fortyfive book``: the course as a static site (``fortyfive_site.book``)."""
    try:
        site_builders("book")
    except NotACheckout as e:
        print(e, file=sys.stderr)
        return 2
    from fortyfive_site.book import BookError, build_book

    try:
        build_book(out, lite=lite, executed=executed)
    except BookError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
