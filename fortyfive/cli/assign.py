"""``fortyfive assign MANIFEST --out DIR [--roster CSV] [--nbgrader]``: hand out an assignment."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fortyfive._version import __version__
from fortyfive.cli._args import output_folder


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``assign`` and its options to the program's subcommands."""
    a = sub.add_parser(
        "assign",
        help="write an assignment's notebooks from its manifest: the student's (one per student "
        "with --roster) and the teacher's copy, or an nbgrader source folder",
    )
    a.add_argument("manifest", type=Path, help="the assignment's manifest (JSON)")
    a.add_argument("--out", type=output_folder, required=True, help="the folder to write into")
    a.add_argument("--roster", type=Path, help="a CSV file with a 'student' column")
    a.add_argument(
        "--nbgrader",
        action="store_true",
        help="write OUT/source/<id>/<id>.ipynb for nbgrader (OUT is the nbgrader course folder), "
        "its nbgrader_config.py and the students' student_nbgrader_config.py",
    )
    a.add_argument(
        "--course",
        default="fortyfive",
        help="with --nbgrader: the nbgrader course id (default: fortyfive)",
    )
    a.add_argument(
        "--exchange",
        default="/srv/nbgrader/exchange",
        help="with --nbgrader: the exchange folder (default: nbgrader's, /srv/nbgrader/exchange)",
    )
    a.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive assign`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    from fortyfive.course.safe_paths import PathRefused
    from fortyfive.teach._text import shown
    from fortyfive.teach.assign import (
        COPY_WARN_SHARE,
        CourseConfigError,
        copy_worth,
        write_assignment,
    )
    from fortyfive.teach.draw import StudentError
    from fortyfive.teach.key import TeacherKeyError
    from fortyfive.teach.manifest import ManifestError
    from fortyfive.teach.roster import RosterError

    try:
        written = write_assignment(
            args.manifest, args.out, args.roster, args.nbgrader, args.course, args.exchange
        )
    except (
        ManifestError,
        RosterError,
        StudentError,
        CourseConfigError,
        TeacherKeyError,
        PathRefused,
    ) as e:
        print(shown(f"assign: {e}"), file=sys.stderr)
        return 2
    except OSError as e:  # a folder that cannot be written, a full disk
        print(f"assign: {e.filename or args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    print(f"wrote {len(written)} files into {args.out} with fortyfive {__version__}")
    if args.roster:
        from fortyfive.teach.manifest import load_manifest
        from fortyfive.teach.roster import read_roster

        m = load_manifest(args.manifest)
        worth, most = copy_worth(m, read_roster(args.roster)), m.total_points()
        print(
            f"a copied classmate's file is worth {worth:.2f} of {most:g} points on average "
            "(the puzzles two students share)"
        )
        if most and worth > most * COPY_WARN_SHARE:
            print(
                f"assign: warning: that is over {COPY_WARN_SHARE:.0%} of the points: draw more "
                "puzzles per student (chosen from more, or generated) and fewer by id",
                file=sys.stderr,
            )
    if args.nbgrader:
        ident = written[0].parent.name  # source/<id>/<id>.ipynb
        print(
            f"next, in {args.out}: nbgrader generate_assignment {ident}, then "
            f"release_assignment {ident}; each student's ~/.jupyter/nbgrader_config.py is "
            "student_nbgrader_config.py"
        )
    else:
        print(
            "next: hand out the student notebooks; grade what comes back, with this version, "
            f"with: fortyfive grade --assignment {args.out / 'assignment.json'} RETURNED... "
            "--out GRADES"
        )
    return 0
