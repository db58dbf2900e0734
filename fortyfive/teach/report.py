"""What grading writes: the gradebook and mastery tables (CSV), an HTML report with a heatmap of
students by rule id, and a short feedback file per student naming the rules to revisit; and the
teacher's answer key.
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any

from fortyfive.course.files import install_hint
from fortyfive.course.safe_paths import replace_file
from fortyfive.engine.rulebook import RULE_TITLES
from fortyfive.engine.tabular import Table
from fortyfive.teach.draw import assigned_puzzles
from fortyfive.teach.grade import Gradebook
from fortyfive.teach.manifest import Manifest, parse_manifest

#: Below this share of a rule's points, the feedback names the rule to revisit.
REVISIT_BELOW = 0.5
#: The most students the heatmap shows (rows): the figure stays small for any class.
MAX_HEATMAP_STUDENTS = 100
GRADEBOOK_FIELDS = (
    "student",
    "slot",
    "puzzle",
    "kind",
    "rules",
    "points",
    "max_points",
    "solved",
    "wrong_tries",
    "hints",
    "shown",
    "status",
)


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    text = io.StringIO(newline="")
    w = csv.writer(text)
    w.writerow(header)
    w.writerows(rows)
    return text.getvalue()


def gradebook_rows(book: Gradebook) -> list[list[Any]]:
    """The rows of ``gradebook.csv``: one per student and puzzle."""
    return [
        [
            r.student,
            r.slot,
            r.puzzle,
            r.kind,
            " ".join(r.rules),
            f"{r.points:g}",
            f"{r.max_points:g}",
            r.solved,
            r.wrong,
            r.hints,
            r.shown,
            r.status,
        ]
        for r in sorted(book.rows, key=lambda r: (r.student, r.slot))
    ]


def heatmap_students(book: Gradebook) -> list[str]:
    """The students the heatmap shows: all of them, or, in a class of more than
    :data:`MAX_HEATMAP_STUDENTS`, that many with the fewest points (those to look at first),
    in order of their ids."""
    if len(book.students) <= MAX_HEATMAP_STUDENTS:
        return book.students
    totals = book.totals()
    fewest = sorted(totals, key=lambda s: (totals[s], s))[:MAX_HEATMAP_STUDENTS]
    return sorted(fewest)


def heatmap_svg(book: Gradebook) -> str:
    """Students by rule id, each cell the share of that rule's points earned (matplotlib); at
    most :data:`MAX_HEATMAP_STUDENTS` rows (:func:`heatmap_students`), so that the figure's
    size, memory and time stay small for any class (``mastery.csv`` has every student)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError(
            f"the report's heatmap needs matplotlib: {install_hint('teacher')}"
        ) from None
    students, rules = heatmap_students(book), book.rules_asked()
    mastery = book.mastery()
    grid = [[mastery[s].get(r, float("nan")) for r in rules] for s in students]
    fig, ax = plt.subplots(
        figsize=(max(4.0, 0.55 * len(rules) + 2), max(2.0, 0.4 * len(students) + 1.2))
    )
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(rules)), rules, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(students)), students, fontsize=8)
    ax.set_xlabel("rule id")
    title = "Share of each rule's points earned"
    left_out = len(book.students) - len(students)
    if left_out:
        title += (
            f"\nthe {len(students)} with the fewest points of {len(book.students)} students "
            f"({left_out} left out: see mastery.csv)"
        )
    ax.set_title(title, fontsize=9 if left_out else None)
    fig.colorbar(image, ax=ax, fraction=0.04)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg")
    plt.close(fig)
    svg = out.getvalue()
    return svg[svg.index("<svg") :]


def feedback_text(
    book: Gradebook, student: str, mastery: dict[str, dict[str, float]] | None = None
) -> str:
    """A short note for ``student``: the score, each puzzle, the rules to revisit
    (``mastery``: the book's, when the caller has it already) and the grading's notes, each
    file named without its folder."""
    m = book.manifest
    rows = sorted((r for r in book.rows if r.student == student), key=lambda r: r.slot)
    mastery = book.mastery() if mastery is None else mastery
    total = sum(r.points for r in rows)
    most = sum(r.max_points for r in rows) or m.total_points()
    lines = [f"# {m.title}: {student}", "", f"Score: {total:g} of {most:g}.", ""]
    for r in rows:
        lines.append(f"- Puzzle {r.slot} ({r.puzzle}): {r.points:g}/{r.max_points:g}, {r.status}")
    weak = [
        rule for rule, share in sorted(mastery.get(student, {}).items()) if share < REVISIT_BELOW
    ]
    lines.append("")
    if weak:
        lines.append("Rules to revisit (in the course's rules reference):")
        lines += [f"- {rule}: {RULE_TITLES[rule]}" for rule in weak]
    elif rows:
        lines.append("No rule to revisit: well done.")
    notes = book.notes_for_student(student)
    if notes:
        lines += ["", "Notes from grading:"] + [f"- {n}" for n in notes]
    return "\n".join(lines) + "\n"


def report_html(book: Gradebook) -> str:
    """``report.html``: the scores, and the heatmap of students by rule id."""
    m = book.manifest
    totals = book.totals()
    rows = "".join(
        f"<tr><td>{html.escape(s)}</td><td>{t:g}</td><td>{m.total_points():g}</td></tr>"
        for s, t in sorted(totals.items())
    )
    notes = "".join(
        f"<li>{html.escape(s)}: {html.escape(n)}</li>"
        for s, ns in sorted(book.notes.items())
        for n in ns
    ) + "".join(f"<li>{html.escape(u)}</li>" for u in book.unreadable)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(m.title)}: grades</title>"
        "<style>body{font-family:sans-serif;margin:2em}td,th{padding:2px 8px;"
        "border-bottom:1px solid #ccc}</style></head><body>"
        f"<h1>{html.escape(m.title)}</h1><p>{len(totals)} students, "
        f"{m.total_points():g} points each.</p>"
        f"<h2>Scores</h2><table><tr><th>student</th><th>points</th><th>of</th></tr>{rows}"
        "</table><h2>Mastery by rule</h2>"
        f"{heatmap_svg(book) if book.rows else '<p>No puzzles graded.</p>'}"
        f"<h2>Notes</h2><ul>{notes or '<li>none</li>'}</ul></body></html>"
    )


def report_files(book: Gradebook) -> dict[str, bytes]:
    """Every file :func:`write_report` writes, by its path in the output folder, with its
    content: all of it is made (the heatmap drawn) before any file is written."""
    m = book.manifest
    rules = book.rules_asked()
    mastery = book.mastery()
    texts = {
        "gradebook.csv": _csv(list(GRADEBOOK_FIELDS), gradebook_rows(book)),
        "totals.csv": _csv(
            ["student", "points", "max_points"],
            [[s, f"{t:g}", f"{m.total_points():g}"] for s, t in sorted(book.totals().items())],
        ),
        "mastery.csv": _csv(
            ["student", *rules],
            [[s, *(_share(mastery[s].get(r)) for r in rules)] for s in book.students],
        ),
        "report.html": report_html(book),
    }
    by_student: dict[str, Gradebook] = {
        s: Gradebook(m, notes=book.notes, paths=book.paths) for s in book.students
    }
    for r in book.rows:
        by_student[r.student].rows.append(r)
    for s in book.students:
        texts[f"feedback/{s}.md"] = feedback_text(by_student[s], s, mastery)
    # Every untrusted text is escaped where it enters a message; should one slip through, it
    # is written escaped rather than stop every student's files (a lone surrogate).
    return {name: text.encode("utf-8", "backslashreplace") for name, text in texts.items()}


def write_report(book: Gradebook, out: str | Path) -> list[Path]:
    """Write the gradebook, totals and mastery CSVs, ``report.html`` and ``feedback/*.md``
    into ``out``; returns the files written. Nothing is written unless everything could be
    made (:func:`report_files`), and each file is replaced whole."""
    files = report_files(book)
    out = Path(out)
    folder = out / "feedback"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.md"):  # an earlier grading's: a student graded then, not now
        if f"feedback/{old.name}" not in files:
            old.unlink()
    written = []
    for name, content in files.items():
        replace_file(out / name, content, root=out)  # a link out of `out` is refused
        written.append(out / name)
    return written


def _share(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"  # empty: the rule was not asked of them


def answer_key(manifest: Manifest | dict[str, Any], student: str) -> Table[object]:
    """The puzzles drawn for ``student`` with the engine's answers (the teacher's copy)."""
    m = manifest if isinstance(manifest, Manifest) else parse_manifest(manifest)
    rows = []
    for a in assigned_puzzles(m, student):
        fb = a.puzzle.start().show()
        rows.append(
            {
                "puzzle": a.slot,
                "id": a.puzzle.id,
                "points": a.points,
                "question": a.puzzle.prompt,
                "answer": fb.message,
            }
        )
    return Table(rows, columns=["puzzle", "id", "points", "question", "answer"])
