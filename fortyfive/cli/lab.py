"""``fortyfive course`` and ``fortyfive lab``: JupyterLab on the learner's copy of the course
(the work is done by :mod:`fortyfive.course.launch`)."""

from __future__ import annotations

import argparse

from fortyfive.course import launch
from fortyfive.course.files import FIRST_CHAPTER


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``course`` and ``lab`` and their options to the program's subcommands."""
    course = sub.add_parser(
        "course",
        help=f"copy the course into a folder of yours and open it in JupyterLab at {FIRST_CHAPTER}",
    )
    launch.add_arguments(course, FIRST_CHAPTER)
    course.set_defaults(run=run)
    lab = sub.add_parser("lab", help="the same, opened at a notebook (default: play.ipynb)")
    launch.add_arguments(lab, "play.ipynb")
    lab.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive course`` or ``fortyfive lab`` with the parsed ``args``; the exit
    status."""
    return launch.run(args)
