"""``python -m fortyfive.puzzles.generate [NAME ...]``: rebuild the shipped puzzle files.

In a checkout, rewrites ``fortyfive/puzzles/collections/*.json`` and ``drills/*.json`` (all of
them, or those named: ``chapter3``, ``bid``) from the generator, stamped with its digest. With
``--check`` nothing is written: the exit status says whether every file is rebuilt exactly.
The drill banks take minutes (each bid puzzle solves many whole deals).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from fortyfive.puzzles.generate._shipped import shipped_files

_PACKAGE = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    """Rebuild (or ``--check``) the shipped puzzle files; the exit status."""
    files = {f.name: f for f in shipped_files()}
    parser = argparse.ArgumentParser(prog="python -m fortyfive.puzzles.generate")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"of {', '.join(files)}")
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in files]
    if unknown:
        parser.error(f"no shipped puzzle file {', '.join(unknown)}; they are {', '.join(files)}")
    if not args.check and not (_PACKAGE.parents[1] / "pyproject.toml").is_file():
        parser.error("the shipped files are rebuilt in a checkout of the repository only")
    stale = []
    for name in args.names or list(files):
        shipped = files[name]
        path = _PACKAGE / shipped.folder / f"{name}.json"
        started = time.monotonic()
        text = shipped.text()
        same = path.is_file() and path.read_text(encoding="utf-8") == text
        if not same:
            stale.append(name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
        state = "unchanged" if same else ("differs" if args.check else "written")
        print(f"{shipped.folder}/{name}.json: {state} ({time.monotonic() - started:.0f} s)")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
