"""``fortyfive grade ... --nbgrader COURSE``: the grader's points into nbgrader's gradebook, and
its feedback into what ``nbgrader release_feedback`` sends.

nbgrader records each autograded cell's output (``hw.points(n)``, computed in the student's own
kernel, where a student may redefine it). :func:`sync_gradebook` sets each cell's manual score
to the points :mod:`fortyfive.teach.grade` gives (nbgrader counts a manual score over the
automatic one) and returns every place the two differed. :func:`add_feedback` puts each
student's fortyfive feedback at the top of the notebook's feedback page that
``nbgrader generate_feedback`` wrote (``feedback/<student>/<id>/<id>.html``), so that
``release_feedback`` and ``fetch_feedback`` carry it (a second run replaces it).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from fortyfive.course.files import install_hint
from fortyfive.course.safe_paths import replace_file
from fortyfive.teach.grade import Gradebook
from fortyfive.teach.report import feedback_text

_START, _END = "<!-- fortyfive feedback -->", "<!-- /fortyfive feedback -->"
_BODY = re.compile(r"<body[^>]*>", re.IGNORECASE)


class NbgraderSyncError(ValueError):
    """An nbgrader course that cannot take the grades: no gradebook, or nbgrader missing."""


def sync_gradebook(book: Gradebook, course: Path) -> list[str]:
    """Set the manual score of each student's ``points-<n>`` cell in ``course``'s gradebook
    to the grader's points for puzzle n; returns, for each cell whose recorded score differed,
    what nbgrader had and what it has now. Students nbgrader has no submission of are left
    out (nbgrader cannot hold a grade without one)."""
    try:
        from nbgrader.api import Gradebook as NbGradebook  # type: ignore[import-untyped]
        from nbgrader.api import MissingEntry
    except ImportError:
        raise NbgraderSyncError(f"--nbgrader needs nbgrader: {install_hint('teacher')}") from None
    db = course / "gradebook.db"
    if not db.is_file():
        raise NbgraderSyncError(f"{db}: no nbgrader gradebook there")
    ident = book.manifest.id
    differ: list[str] = []
    with NbGradebook(f"sqlite:///{db}") as gb:
        for r in sorted(book.rows, key=lambda r: (r.student, r.slot)):
            try:
                g = gb.find_grade(f"points-{r.slot}", ident, ident, r.student)
            except MissingEntry:
                continue
            had = 0.0 if g.score is None else float(g.score)
            if had != r.points:
                differ.append(
                    f"{r.student}, puzzle {r.slot}: nbgrader had {had:g}, "
                    f"the grader gives {r.points:g}"
                )
            g.manual_score = r.points
        gb.db.commit()
    return differ


def add_feedback(book: Gradebook, course: Path) -> tuple[list[Path], list[str]]:
    """Put each student's feedback at the top of their feedback page in ``course`` (replacing
    an earlier one); returns the pages changed and the students who have none yet (run
    ``nbgrader generate_feedback`` first)."""
    ident = book.manifest.id
    mastery = book.mastery()
    changed: list[Path] = []
    without: list[str] = []
    for student in book.students:
        page = course / "feedback" / student / ident / f"{ident}.html"
        if not page.is_file():
            without.append(student)
            continue
        text = page.read_text(encoding="utf-8")
        if _START in text and _END in text:
            text = text[: text.index(_START)] + text[text.index(_END) + len(_END) :]
        ours = html.escape(feedback_text(book, student, mastery))
        block = (
            f"{_START}<section style='border:2px solid #2a7;padding:1em;margin:1em'>"
            f"<pre style='white-space:pre-wrap'>{ours}</pre></section>{_END}"
        )
        body = _BODY.search(text)
        at = body.end() if body else 0
        replace_file(page, (text[:at] + block + text[at:]).encode("utf-8"), root=course)
        changed.append(page)
    return changed, without
