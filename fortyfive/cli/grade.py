"""``fortyfive grade --assignment MANIFEST SUBMISSIONS... --out DIR``: grade the submissions.

The exit status is 0 when every file was graded, 1 when some were refused (the others are
graded and the report written; the count is printed), 2 when nothing could be graded."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fortyfive.cli._args import output_folder


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``grade`` and its options to the program's subcommands."""
    g = sub.add_parser(
        "grade",
        help="check every answer of the submissions again with the engine and write the "
        "gradebook, mastery by rule id, a report and feedback per student",
    )
    g.add_argument("--assignment", type=Path, required=True, help="the assignment's manifest")
    g.add_argument(
        "submissions",
        type=Path,
        nargs="+",
        help="submission files, or folders searched for fortyfive-submission-*.json",
    )
    g.add_argument("--out", type=output_folder, required=True, help="the folder for the results")
    g.add_argument("--roster", type=Path, help="a CSV file with a 'student' column")
    g.add_argument(
        "--nbgrader",
        type=Path,
        metavar="COURSE",
        help="the nbgrader course folder: write the points into its gradebook (saying where "
        "nbgrader's differed) and the feedback into its generated feedback pages",
    )
    g.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive grade`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    from fortyfive.course.safe_paths import PathRefused
    from fortyfive.teach._text import shown
    from fortyfive.teach.assign import SubmissionsError, grade_files
    from fortyfive.teach.key import TeacherKeyError, find_key
    from fortyfive.teach.manifest import ManifestError
    from fortyfive.teach.overrides import OverridesError
    from fortyfive.teach.roster import RosterError

    try:
        book, written = grade_files(args.assignment, args.submissions, args.out, args.roster)
    except (
        ManifestError,
        RosterError,
        SubmissionsError,
        TeacherKeyError,
        OverridesError,
        PathRefused,
        RuntimeError,
    ) as e:
        print(shown(f"grade: {e}"), file=sys.stderr)
        return 2
    except OSError as e:  # a folder that cannot be written, a full disk
        print(f"grade: {e.filename or args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    # Notes quote what they take from the files; shown() is the last guard of the terminal.
    for student, notes in sorted(book.notes.items()):
        for note in notes:
            print(shown(f"{student}: {note}"), file=sys.stderr)
    for problem in book.unreadable:
        print(shown(f"refused: {problem}"), file=sys.stderr)
    if find_key(args.assignment, book.manifest) is None:
        print(
            f"grade: no teacher's key beside {args.assignment}: a file was not checked against "
            "its student's token (grade the assignment.json that assign wrote)",
            file=sys.stderr,
        )
    most = book.manifest.total_points()
    for student, total in sorted(book.totals().items()):
        print(f"{student}: {total:g} / {most:g}")
    print(f"wrote {len(written)} files into {args.out}")
    if args.nbgrader is not None:
        from fortyfive.teach.nbgrader import NbgraderSyncError, add_feedback, sync_gradebook

        try:
            differ = sync_gradebook(book, args.nbgrader)
        except NbgraderSyncError as e:
            print(shown(f"grade: {e} (the report is written)"), file=sys.stderr)
            return 2
        for line in differ:
            print(shown(f"nbgrader: {line}"))
        print(f"nbgrader's gradebook holds the grader's points ({len(differ)} differed)")
        pages, without = add_feedback(book, args.nbgrader)
        print(f"the feedback is in {len(pages)} of nbgrader's feedback pages")
        if without:
            print(
                f"grade: no feedback page for {', '.join(without)}: run nbgrader "
                "generate_feedback first, then grade again",
                file=sys.stderr,
            )
    refused = len(book.refused_files)
    if refused:
        print(
            f"grade: {refused} file{'s were' if refused != 1 else ' was'} refused "
            "(named above); every other file was graded",
            file=sys.stderr,
        )
        return 1
    return 0
