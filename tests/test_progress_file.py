"""A progress file that stays readable: the writer folds old checks into per-puzzle summaries,
so what it writes its reader always takes, at any age; an older version is upgraded in place
with its history kept; the chapter's results are the same folded or not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fortyfive.bench.progress_file import aged, checks
from fortyfive.course.jsonfiles import encode_json
from fortyfive.course.learner import collect_progress
from fortyfive.course.progress import (
    KEEP_ATTEMPTS,
    MAX_ATTEMPTS,
    MAX_FILE_BYTES,
    MAX_SUMMARY,
    VERSION,
    WRITE_BUDGET,
    Progress,
    ProgressError,
    ProgressLog,
    bounded,
    chapter_results,
    read_progress,
)


def _results(path: Path) -> list[list[object]]:
    return [chapter_results(c, path).rows for c in range(7)]  # type: ignore[misc]


def test_twenty_thousand_checks_leave_a_file_its_reader_takes(tmp_path: Path) -> None:
    """Built as the writer leaves it after 20,000 checks (no 20,000 real writes): under the
    budget and read back, where the same checks unfolded (the old writer's file) are over the
    reader's limit."""
    path = tmp_path / "p.json"
    content = bounded(aged(MAX_ATTEMPTS))
    assert len(content) <= WRITE_BUDGET < MAX_FILE_BYTES
    path.write_bytes(content)
    back = read_progress(path)
    assert len(back.attempts) <= KEEP_ATTEMPTS and back.summary
    every = list(checks(MAX_ATTEMPTS))
    assert len(encode_json(Progress(every).to_json())) > MAX_FILE_BYTES


def test_the_chapters_results_are_the_same_folded_or_not(tmp_path: Path) -> None:
    folded, whole = tmp_path / "folded.json", tmp_path / "whole.json"
    folded.write_bytes(bounded(aged(12_000)))
    whole.write_bytes(encode_json(Progress(list(checks(12_000))).to_json()))
    assert len(read_progress(folded).attempts) < 12_000
    assert _results(folded) == _results(whole)


def test_large_answers_are_folded_sooner_so_the_file_stays_under_its_budget(
    tmp_path: Path,
) -> None:
    data = Progress()
    for i, attempt in enumerate(checks(KEEP_ATTEMPTS)):
        data.attempts.append({**attempt, "answer": ["x" * 9_000, i]})
    content = bounded(data)
    assert len(content) <= WRITE_BUDGET
    (tmp_path / "p.json").write_bytes(content)
    assert read_progress(tmp_path / "p.json").attempts == data.attempts


def test_every_check_through_the_log_keeps_the_file_bounded(tmp_path: Path) -> None:
    """Real writes, past the fold: the file never holds more than KEEP_ATTEMPTS checks."""
    path = tmp_path / "p.json"
    path.write_bytes(bounded(aged(KEEP_ATTEMPTS - 3)))
    log = ProgressLog(path)
    for attempt in checks(6):
        log.record(attempt)
        assert len(read_progress(path).attempts) <= KEEP_ATTEMPTS
    data = read_progress(path)
    assert data.summary and len(data.attempts) == KEEP_ATTEMPTS * 3 // 4 + 2


def test_a_version_2_file_is_upgraded_in_place_and_keeps_its_history(tmp_path: Path) -> None:
    path = tmp_path / "fortyfive-progress.json"
    old = list(checks(3_000))
    path.write_text(
        json.dumps({"format": "fortyfive-progress", "version": 2, "attempts": old, "review": []})
    )
    before = _results(path)
    assert read_progress(path).attempts == old  # read as it is
    ProgressLog(path).record({**old[0], "time": "2027-01-01T00:00:00+00:00"})
    new = json.loads(path.read_text())
    assert new["version"] == VERSION and len(new["attempts"]) <= KEEP_ATTEMPTS and new["summary"]
    after = _results(path)
    first = next(r for rows in after for r in rows if r["puzzle"] == old[0]["puzzle"])
    was = next(r for rows in before for r in rows if r["puzzle"] == old[0]["puzzle"])
    assert first["tries"] == was["tries"] + 1  # every earlier try still counted
    assert [r for rows in after for r in rows if r is not first] == [
        r for rows in before for r in rows if r["puzzle"] != old[0]["puzzle"]
    ]


GOOD_SUMMARY: dict[str, Any] = {
    "puzzle": "c1-01",
    "kind": "order",
    "chapter": 1,
    "tries": 2,
    "solved": True,
    "first_try": False,
    "hints": 1,
    "shown": False,
    "seconds": 21.5,
    "last": "2026-11-02T10:00:00+00:00",
}


@pytest.mark.parametrize(
    ("summary", "message"),
    [
        ([{**GOOD_SUMMARY, "tries": -1}], r"summary\[0\]\.tries is -1"),
        ([{**GOOD_SUMMARY, "solved": "yes"}], r"summary\[0\]\.solved"),
        ([{**GOOD_SUMMARY, "last": "yesterday"}], "not a date and time"),
        ([{k: v for k, v in GOOD_SUMMARY.items() if k != "hints"}], "must be an object"),
        ([GOOD_SUMMARY, GOOD_SUMMARY], "listed twice"),
        ([GOOD_SUMMARY] * (MAX_SUMMARY + 1), "at most"),
        ("x", "'summary' must be a list"),
    ],
)
def test_a_forged_summary_is_refused(tmp_path: Path, summary: Any, message: str) -> None:
    path = tmp_path / "p.json"
    data = {
        "format": "fortyfive-progress",
        "version": 3,
        "attempts": [],
        "review": [],
        "summary": summary,
    }
    path.write_text(json.dumps(data))
    with pytest.raises(ProgressError, match=message):
        read_progress(path)
    v2 = {**data, "version": 2, "summary": [GOOD_SUMMARY]}
    path.write_text(json.dumps(v2))
    with pytest.raises(ProgressError, match="a version-2 file has no 'summary'"):
        read_progress(path)


@pytest.mark.parametrize("time", ["yesterday", "2026-13-01T00:00:00", "2026-11-02", "0"])
def test_an_attempts_time_must_be_a_date_and_time(tmp_path: Path, time: str) -> None:
    path = tmp_path / "p.json"
    (attempt,) = checks(1)
    data = {"format": "fortyfive-progress", "version": 3, "attempts": [{**attempt, "time": time}]}
    path.write_text(json.dumps(data))
    with pytest.raises(ProgressError, match=r"attempts\[0\]\.time is .*not a date and time"):
        collect_progress({"ann": path})


def test_bench_progress_times_a_check_at_every_age(capsys: pytest.CaptureFixture[str]) -> None:
    from fortyfive.cli import main

    assert main(["bench", "--progress", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "median ms" in out and "attempts kept" in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] != []]
    rows = [r for r in rows if r[0].isdigit()]
    assert [r[0] for r in rows] == ["0", "1000", "5000", "20000"]
    assert all(int(r[-1]) <= KEEP_ATTEMPTS for r in rows)


@pytest.mark.parametrize(
    ("field", "value"), [("time", "yesterday"), ("seconds", -1.0), ("puzzle", "x" * 101)]
)
def test_the_log_never_writes_an_attempt_its_reader_refuses(
    tmp_path: Path, field: str, value: object
) -> None:
    path = tmp_path / "p.json"
    log = ProgressLog(path)
    (good, bad) = checks(2)
    log.record(good)
    before = path.read_bytes()
    with pytest.raises(ProgressError, match=rf"attempts\[1\]\.{field}"):
        log.record({**bad, field: value})
    assert path.read_bytes() == before
    assert len(read_progress(path).attempts) == 1
