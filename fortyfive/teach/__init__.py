"""Teachers: assignments as data, the student's notebook, and grading that trusts no verdict.

A manifest (:mod:`~fortyfive.teach.manifest`) says which puzzles, their points, the policy and a
seed; each student's puzzles are drawn from it and the student's id (:mod:`~fortyfive.teach.draw`);
the student's notebook (:class:`~fortyfive.teach.student.Assignment`) writes every answer to a
submission file (:mod:`~fortyfive.teach.submission`); the grader (:mod:`~fortyfive.teach.grade`)
checks every answer again with the engine and writes the gradebook, mastery by rule id, a report
and feedback (:mod:`~fortyfive.teach.report`); the teacher's key binds each file to its
student (:mod:`~fortyfive.teach.key`), and extensions and overrides sit beside the manifest
(:mod:`~fortyfive.teach.overrides`). ``python -m fortyfive assign`` and ``grade`` run
it; ``assign --nbgrader`` lays it out for nbgrader (:mod:`~fortyfive.teach.notebooks`).
"""

from fortyfive.teach.draw import Assigned, StudentError, assigned_puzzles
from fortyfive.teach.grade import Gradebook, Row, grade
from fortyfive.teach.manifest import Manifest, ManifestError, load_manifest, parse_manifest
from fortyfive.teach.report import answer_key, write_report
from fortyfive.teach.student import Assignment
from fortyfive.teach.submission import Submission, SubmissionError, read_submission

__all__ = [
    "Assigned",
    "Assignment",
    "Gradebook",
    "Manifest",
    "ManifestError",
    "Row",
    "StudentError",
    "Submission",
    "SubmissionError",
    "answer_key",
    "assigned_puzzles",
    "grade",
    "load_manifest",
    "parse_manifest",
    "read_submission",
    "write_report",
]
