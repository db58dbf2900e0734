"""``fortyfive lite``: the course in the browser, on Pyodide (built by ``book/fortyfive_site``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fortyfive.cli._site import NotACheckout, site_builders


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``lite`` and its options to the program's subcommands."""
    lt = sub.add_parser(
        "lite", help="build the course as a JupyterLite site: live puzzles, nothing to install"
    )
    lt.add_argument(
        "--out", type=Path, default=None, help="the site's folder (default: book/_build/lite)"
    )
    lt.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive lite`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    return build(args.out)


def build(out: Path | None) -> int:
    """``python -m fortyfive lite``: the JupyterLite site (``fortyfive_site.lite``)."""
    try:
        site_builders("lite")
    except NotACheckout as e:
        print(e, file=sys.stderr)
        return 2
    from fortyfive_site.lite import LiteError, build_lite

    try:
        build_lite(out)
    except LiteError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
