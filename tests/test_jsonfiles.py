"""The course's JSON files: bounded reads, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fortyfive.course.jsonfiles import read_json, write_json
from fortyfive.course.safe_paths import replace_file


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    write_json(path, {"attempts": [1]})
    with pytest.raises(TypeError):
        write_json(path, {"attempts": [object()]})  # not JSON: fails half-way through dumping
    assert read_json(path, 100, "progress file", ValueError) == {"attempts": [1]}
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]


def test_a_missing_file_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"nothing\.json: cannot read the manifest"):
        read_json(tmp_path / "nothing.json", 100, "manifest", ValueError)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e400", "-2.5e999"])
def test_a_number_json_does_not_have_is_refused(tmp_path: Path, constant: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(f'{{"attempts": [{{"seconds": {constant}}}]}}', encoding="utf-8")
    with pytest.raises(ValueError, match=f"not a JSON progress file .*{constant}"):
        read_json(path, 1000, "progress file", ValueError)


def test_a_number_json_does_not_have_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    write_json(path, {"attempts": [1]})
    with pytest.raises(ValueError):
        write_json(path, {"attempts": [float("nan")]})
    assert read_json(path, 100, "progress file", ValueError) == {"attempts": [1]}
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_written_file_has_the_umasks_permissions_not_owner_only(tmp_path: Path) -> None:
    """A teacher's reports and a student's submission are read by others: replace_file writes
    through a temporary file (owner-only), then gives the file what a plain open() would."""
    old = os.umask(0o027)
    try:
        replace_file(tmp_path / "report.html", b"<p>")
    finally:
        os.umask(old)
    assert (tmp_path / "report.html").stat().st_mode & 0o777 == 0o640
