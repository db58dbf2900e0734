"""What grading writes: the gradebook and mastery tables (CSV), an HTML report (the scores with
the missing told apart from the wrong, the class's distribution, each puzzle's success rate,
each rule's mastery, a heatmap of students by rule id, and the suspicion report), a short
feedback file per student naming the rules to revisit, in the rulebook's order; and the
teacher's answer key.

The **suspicion report** (``suspicion.csv``, and in ``report.html``) is evidence for the
teacher, never a grade: a puzzle solved within :data:`FAST_SECONDS` of being shown; a ★★★
puzzle solved at the first try, with no hint, within :data:`HARD_FAST_SECONDS`; and students
whose answers are the same, in the same order, as another's (at least :data:`SAME_ANSWERS`).
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any

from fortyfive.course.files import install_hint
from fortyfive.course.safe_paths import replace_file
from fortyfive.engine.rulebook import RULE_IDS, RULE_TITLES
from fortyfive.engine.tabular import Table
from fortyfive.teach.draw import assigned_puzzles
from fortyfive.teach.grade import Gradebook
from fortyfive.teach.key import TeacherKey, read_key
from fortyfive.teach.manifest import Manifest, parse_manifest

#: Below this share of a rule's points, the feedback names the rule to revisit.
REVISIT_BELOW = 0.5
#: The most students the heatmap shows (rows): the figure stays small for any class.
MAX_HEATMAP_STUDENTS = 100
#: A solve this soon (seconds) after the puzzle was shown is listed as suspicious.
FAST_SECONDS = 3.0
#: A ★★★ puzzle solved at the first try, without a hint, this soon is listed as suspicious.
HARD_FAST_SECONDS = 20.0
#: Two students with at least this many answers, all the same and in the same order, are listed.
SAME_ANSWERS = 3
SUSPICION_FIELDS = ("student", "slot", "puzzle", "why")
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
    "late_days",
    "override",
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
            r.late_days,
            r.override,
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
    # a student who handed nothing in is a grey row, not a red one: missing is not wrong
    grid = [
        [float("nan") if s in book.missing else mastery[s].get(r, float("nan")) for r in rules]
        for s in students
    ]
    fig, ax = plt.subplots(
        figsize=(max(4.0, 0.55 * len(rules) + 2), max(2.0, 0.4 * len(students) + 1.2))
    )
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(rules)), rules, rotation=60, ha="right", fontsize=8)
    labels = [f"{s} (no submission)" if s in book.missing else s for s in students]
    ax.set_yticks(range(len(students)), labels, fontsize=8)
    ax.set_facecolor("#dddddd")  # the cells of no submission, and of rules not asked
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
        over = f" (set by your teacher to {r.override})" if r.override else ""
        lines.append(
            f"- Puzzle {r.slot} ({r.puzzle}): {r.points:g}/{r.max_points:g}, {r.status}{over}"
        )
    shares = mastery.get(student, {})
    weak = [rule for rule in RULE_IDS if rule in shares and shares[rule] < REVISIT_BELOW]
    lines.append("")
    if student in book.missing:
        lines.append("No submission of yours counted: every puzzle is unanswered.")
    elif weak:
        lines.append("Rules to revisit (in the course's rules reference):")
        lines += [f"- {rule}: {RULE_TITLES[rule]}" for rule in weak]
    elif rows:
        lines.append("No rule to revisit: well done.")
    notes = book.notes_for_student(student)
    if notes:
        lines += ["", "Notes from grading:"] + [f"- {n}" for n in notes]
    return "\n".join(lines) + "\n"


def suspicions(book: Gradebook) -> list[tuple[str, int | str, str, str]]:
    """The suspicion report's rows: (student, slot or "", puzzle or "", why); see the
    module's docstring. Evidence to look at, not a verdict: a quick student is not a cheat."""
    out: list[tuple[str, int | str, str, str]] = []
    for r in sorted(book.rows, key=lambda r: (r.student, r.slot)):
        if not r.solved:
            continue
        if r.seconds < FAST_SECONDS:
            out.append((r.student, r.slot, r.puzzle, f"solved {r.seconds:g} s after it was shown"))
        elif r.difficulty == 3 and r.wrong == 0 and r.hints == 0 and r.seconds < HARD_FAST_SECONDS:
            why = f"★★★ solved at the first try, no hint, in {r.seconds:g} s"
            out.append((r.student, r.slot, r.puzzle, why))
    alike: dict[tuple[tuple[str, str], ...], list[str]] = {}
    for student, answers in book.answers.items():
        if len(answers) >= SAME_ANSWERS:
            alike.setdefault(answers, []).append(student)
    for answers, students in alike.items():
        for s in students if len(students) > 1 else ():
            others = ", ".join(o for o in sorted(students) if o != s)
            why = f"the same {len(answers)} answers, in the same order, as {others}"
            out.append((s, "", "", why))
    return sorted(out, key=lambda row: (row[0], str(row[1])))


def class_statistics(book: Gradebook) -> dict[str, list[list[str]]]:
    """The class's figures, each a table (a header row, then rows) for the report: the
    distribution of the scores of those who handed in, each puzzle's success rate (by its
    place), and each rule's mastery over the class, in the rulebook's order."""
    m = book.manifest
    most = m.total_points()
    totals = book.totals()
    handed = sorted(t for s, t in totals.items() if s not in book.missing)
    dist = [["", "students"]]
    if handed:
        mid = len(handed) // 2
        median = handed[mid] if len(handed) % 2 else (handed[mid - 1] + handed[mid]) / 2
        dist += [
            ["handed in", str(len(handed))],
            ["no submission", str(len(book.missing))],
            ["mean", f"{sum(handed) / len(handed):.2f}"],
            ["median", f"{median:g}"],
            ["lowest, highest", f"{handed[0]:g}, {handed[-1]:g}"],
        ]
        for q in range(4):  # quarters of the points: 0-25%, ..., 75-100%
            low, high = most * q / 4, most * (q + 1) / 4
            n = sum(1 for t in handed if low <= t < high or (q == 3 and t == high))
            dist.append([f"{low:g} to {high:g}{'' if q == 3 else ' (not incl.)'}", str(n)])
    else:
        dist.append(["no submission", str(len(book.missing))])
    counted = [r for r in book.rows if r.student not in book.missing]
    by_slot: dict[int, list[Any]] = {}
    for r in counted:
        by_slot.setdefault(r.slot, []).append(r)
    puzzles = [["puzzle", "kinds", "solved", "mean points", "of"]]
    for slot, rs in sorted(by_slot.items()):
        kinds = ", ".join(sorted({r.kind for r in rs}))
        solved = sum(r.solved for r in rs)
        mean = sum(r.points for r in rs) / len(rs)
        puzzles.append(
            [str(slot), kinds, f"{solved}/{len(rs)}", f"{mean:.2f}", f"{rs[0].max_points:g}"]
        )
    mastery = book.mastery()
    rules = [["rule", "title", "class mastery"]]
    for rule in book.rules_asked():
        shares = [mastery[s][rule] for s in book.submitted if rule in mastery.get(s, {})]
        if shares:
            rules.append([rule, RULE_TITLES[rule], f"{sum(shares) / len(shares):.0%}"])
    return {"distribution": dist, "puzzles": puzzles, "rules": rules}


def _status(book: Gradebook, student: str, rows: list[Any]) -> str:
    """A student's line in the scores (``rows``: theirs): graded or no submission, late and
    overridden marked."""
    words = ["no submission" if student in book.missing else "graded"]
    late = sum(1 for r in rows if r.late_days)
    if late:
        words.append(f"{late} late")
    words += [f"puzzle {r.slot} overridden: {html.escape(r.override)}" for r in rows if r.override]
    return "; ".join(words)


def _table(rows: list[list[str]]) -> str:
    head, *body = rows
    th = "".join(f"<th>{html.escape(c)}</th>" for c in head)
    trs = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body
    )
    return f"<table><tr>{th}</tr>{trs}</table>"


def report_html(book: Gradebook) -> str:
    """``report.html``: the scores (the missing marked apart from the wrong), the class's
    figures (:func:`class_statistics`), the heatmap of students by rule id, the notes and the
    suspicion report (:func:`suspicions`)."""
    m = book.manifest
    totals = book.totals()
    theirs: dict[str, list[Any]] = {}
    for r in book.rows:
        theirs.setdefault(r.student, []).append(r)
    rows = "".join(
        f"<tr><td>{html.escape(s)}</td><td>{t:g}</td><td>{m.total_points():g}</td>"
        f"<td{' class=missing' if s in book.missing else ''}>"
        f"{_status(book, s, theirs.get(s, []))}</td></tr>"
        for s, t in sorted(totals.items())
    )
    stats = class_statistics(book)
    suspicious = [[s, str(slot), p, why] for s, slot, p, why in suspicions(book)]
    notes = "".join(
        f"<li>{html.escape(s)}: {html.escape(n)}</li>"
        for s, ns in sorted(book.notes.items())
        for n in ns
    ) + "".join(f"<li>{html.escape(u)}</li>" for u in book.unreadable)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(m.title)}: grades</title>"
        "<style>body{font-family:sans-serif;margin:2em}td,th{padding:2px 8px;"
        "border-bottom:1px solid #ccc}.missing{background:#ddd}</style></head><body>"
        f"<h1>{html.escape(m.title)}</h1><p>{len(totals)} students, "
        f"{m.total_points():g} points each.</p>"
        "<h2>Scores</h2><table><tr><th>student</th><th>points</th><th>of</th><th>status</th>"
        f"</tr>{rows}</table>"
        f"<h2>The class</h2>{_table(stats['distribution'])}"
        f"<h2>Each puzzle</h2>{_table(stats['puzzles'])}"
        f"<h2>Each rule</h2>{_table(stats['rules'])}"
        "<h2>Mastery by rule</h2>"
        f"{heatmap_svg(book) if book.rows else '<p>No puzzles graded.</p>'}"
        f"<h2>Notes</h2><ul>{notes or '<li>none</li>'}</ul>"
        "<h2>Suspicion report</h2><p>Evidence to look at, not a verdict (see the teachers' "
        "guide).</p>"
        f"{_table([list(SUSPICION_FIELDS), *suspicious]) if suspicious else '<p>none</p>'}"
        "</body></html>"
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
            ["student", "points", "max_points", "submitted"],
            [
                [s, f"{t:g}", f"{m.total_points():g}", s not in book.missing]
                for s, t in sorted(book.totals().items())
            ],
        ),
        "suspicion.csv": _csv(list(SUSPICION_FIELDS), [list(row) for row in suspicions(book)]),
        "mastery.csv": _csv(
            ["student", *rules],
            [[s, *(_share(mastery[s].get(r)) for r in rules)] for s in book.students],
        ),
        "report.html": report_html(book),
    }
    by_student: dict[str, Gradebook] = {
        s: Gradebook(m, notes=book.notes, paths=book.paths, missing=book.missing)
        for s in book.students
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


def answer_key(
    manifest: Manifest | dict[str, Any], student: str, key: TeacherKey | str | Path
) -> Table[object]:
    """The puzzles drawn for ``student`` with the engine's answers (the teacher's copy).
    ``key``: the teacher's key of this assignment (:mod:`fortyfive.teach.key`, or its file),
    which students are never given: the key table is not one line away in a student's
    notebook. (A student can still work any answer out with the open engine: the suspicion
    report is the teacher's evidence.)"""
    m = manifest if isinstance(manifest, Manifest) else parse_manifest(manifest)
    if not isinstance(key, TeacherKey):
        key = read_key(key, m)
    if key.assignment != m.id:
        raise ValueError(f"that is the key of {key.assignment!r}, not of {m.id!r}")
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
