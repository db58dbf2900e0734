"""``fortyfive course`` and ``fortyfive lab``: JupyterLab on the course notebooks."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from fortyfive.course.files import FIRST_CHAPTER, NOTEBOOKS


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    course = sub.add_parser(
        "course", help=f"open the course in JupyterLab (default: {FIRST_CHAPTER})"
    )
    course.add_argument("notebook", nargs="?", default=FIRST_CHAPTER)
    course.set_defaults(run=run)
    lab = sub.add_parser("lab", help="open JupyterLab at a notebook (default: play.ipynb)")
    lab.add_argument("notebook", nargs="?", default="play.ipynb")
    lab.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return open_lab(args.notebook)


def lab_command(notebook: str, folder: Path = NOTEBOOKS) -> list[str]:
    """The command line that starts JupyterLab on ``folder``, opened at ``notebook``."""
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", notebook]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Jupyter refuses root unless told
    return cmd


def open_lab(notebook: str, folder: Path = NOTEBOOKS) -> int:
    """JupyterLab on the project's ``notebooks/`` folder, opened at ``notebook``."""
    if not (folder / notebook).is_file():
        print(f"no notebook {notebook} in {folder}", file=sys.stderr)
        return 2
    return subprocess.call(lab_command(notebook, folder), cwd=folder)
