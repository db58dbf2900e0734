"""Files the project writes are only ever regular files it created: every writer (the shared
``fortyfive.course.safe_paths``, the progress log, a saved game, the teacher's reports and
submissions, the command line's output files) refuses a path that is a device, a FIFO, a
socket, a folder, a dangling link or a link out of the folder named, and leaves it as it was."""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fortyfive.cli import main
from fortyfive.cli.play import _save
from fortyfive.course import safe_paths
from fortyfive.course.learner import collect_progress
from fortyfive.course.progress import ProgressError, ProgressLog, read_progress
from fortyfive.course.safe_paths import PathRefused, existing_file, replace_file, write_target
from fortyfive.engine.errors import InputError
from fortyfive.engine.game import Game
from fortyfive.teach.submission import FIELDS, SubmissionError, SubmissionLog

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file kinds")

ATTEMPT = {
    "puzzle": "c1-01",
    "kind": "order",
    "chapter": 1,
    "answer": ["5D"],
    "correct": True,
    "seconds": 3.2,
    "hints_used": 0,
    "shown": False,
}


def _device(path: Path, elsewhere: Path) -> None:
    """A character device at ``path``: made with mknod as root (the same device as /dev/null),
    else a link to /dev/null."""
    if os.geteuid() == 0:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    else:
        path.symlink_to("/dev/null")


def _fifo(path: Path, elsewhere: Path) -> None:
    os.mkfifo(path)


def _dir(path: Path, elsewhere: Path) -> None:
    path.mkdir()


def _dangling(path: Path, elsewhere: Path) -> None:
    path.symlink_to(path.parent / "nothing-here.json")


def _dev_link(path: Path, elsewhere: Path) -> None:
    path.symlink_to("/dev/zero")


def _fifo_link(path: Path, elsewhere: Path) -> None:
    os.mkfifo(path.parent / "pipe")
    path.symlink_to(path.parent / "pipe")


def _outside(path: Path, elsewhere: Path) -> None:
    (elsewhere / "theirs.json").write_text("{}")
    path.symlink_to(elsewhere / "theirs.json")


KINDS: dict[str, Callable[[Path, Path], None]] = {
    "device": _device,
    "fifo": _fifo,
    "folder": _dir,
    "dangling link": _dangling,
    "link to /dev/zero": _dev_link,
    "link to a fifo": _fifo_link,
    "link outside": _outside,
}
EXPECTED = {
    "device": "a character device",
    "fifo": "a FIFO",
    "folder": "a folder",
    "dangling link": "symbolic link to nothing",
    "link to /dev/zero": "symbolic link to a character device",
    "link to a fifo": "symbolic link to a FIFO",
    "link outside": "outside",
}


def _socket(path: Path) -> Iterator[socket.socket]:
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))
    try:
        yield s
    finally:
        s.close()


def _snapshot(folder: Path) -> dict[str, tuple[int, str | None, int]]:
    """Every entry under ``folder``, as lstat sees it (kind, link target, size if a file)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        info = p.lstat()
        link = os.readlink(p) if p.is_symlink() else None
        size = info.st_size if stat.S_ISREG(info.st_mode) else 0
        out[str(p.relative_to(folder))] = (stat.S_IFMT(info.st_mode), link, size)
    return out


@pytest.fixture(params=[*KINDS, "socket"])
def odd_path(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(kind, path) for every kind of path a writer must refuse, in ``tmp_path / "mine"``;
    ``tmp_path / "elsewhere"`` is outside the folder named."""
    mine, elsewhere = tmp_path / "mine", tmp_path / "elsewhere"
    mine.mkdir()
    elsewhere.mkdir()
    path = mine / "fortyfive-progress.json"
    if request.param == "socket":
        yield from (("socket", path) for _ in _socket(path))
        return
    KINDS[request.param](path, elsewhere)
    yield request.param, path


def _expected(kind: str) -> str:
    return EXPECTED.get(kind, "a socket")


def test_the_shared_writer_refuses_every_odd_path_and_leaves_it(
    odd_path: tuple[str, Path], tmp_path: Path
) -> None:
    kind, path = odd_path
    before = _snapshot(tmp_path)
    with pytest.raises(PathRefused, match=_expected(kind)) as e:
        replace_file(path, b"{}")
    assert isinstance(e.value, InputError) and "it was left as it is" in str(e.value)
    assert _snapshot(tmp_path) == before  # no temporary file left either


def test_the_progress_log_refuses_every_odd_path_reading_and_writing(
    odd_path: tuple[str, Path], tmp_path: Path
) -> None:
    """Never read as "no file yet", never replaced by a JSON file."""
    kind, path = odd_path
    before = _snapshot(tmp_path)
    log = ProgressLog(path)
    with pytest.raises(ProgressError, match=_expected(kind)):
        log.record(dict(ATTEMPT))
    with pytest.raises(ProgressError):
        log.review_items()
    if kind != "link outside":  # a teacher may read a learner's file through a link
        with pytest.raises(ProgressError):
            read_progress(path)
        with pytest.raises(ProgressError):
            collect_progress({"ann": path})
    assert _snapshot(tmp_path) == before


def test_the_command_line_refuses_every_odd_output_path(
    odd_path: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind, path = odd_path
    before = _snapshot(tmp_path)
    for argv in (["puzzles", "c2-01", "--progress", str(path)], ["play", "--save", str(path)]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
        assert _expected(kind) in capsys.readouterr().err
    assert _snapshot(tmp_path) == before


def test_a_saved_game_is_printed_not_written_over_an_odd_path(
    odd_path: tuple[str, Path], tmp_path: Path
) -> None:
    """The path was fine when the game began and odd when it ended: the record is printed."""
    kind, path = odd_path
    before = _snapshot(tmp_path)
    lines: list[str] = []
    _save(Game.new("bruff", seed=1), path, lines.append)
    assert lines[0].startswith("the record was not saved") and _expected(kind) in lines[0]
    assert '"preset"' in lines[1] or "{" in lines[1]
    assert _snapshot(tmp_path) == before


def test_a_submission_is_not_written_over_an_odd_path(
    odd_path: tuple[str, Path], tmp_path: Path
) -> None:
    _kind, path = odd_path
    before = _snapshot(tmp_path)
    sub = SubmissionLog(path, "a1", "0" * 64, "ann")
    with pytest.raises((PathRefused, SubmissionError)):
        sub.record(dict.fromkeys(FIELDS, 0))
    assert _snapshot(tmp_path) == before


def test_a_link_to_a_file_inside_the_folder_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "saved" / "progress-real.json"
    real.parent.mkdir()
    link = tmp_path / "fortyfive-progress.json"
    link.symlink_to(real.relative_to(tmp_path))
    real.write_text("")
    real.unlink()
    with pytest.raises(ProgressError, match="symbolic link to nothing"):
        ProgressLog(link).record(dict(ATTEMPT))
    ProgressLog(real).record(dict(ATTEMPT))
    ProgressLog(link).record(dict(ATTEMPT))
    assert link.is_symlink() and len(read_progress(real).attempts) == 2
    assert write_target(link) == real.resolve()
    assert existing_file(tmp_path / "none.json") is None


def test_a_report_folder_linked_out_of_the_folder_named_is_refused(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "grades", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "feedback").symlink_to(elsewhere)
    with pytest.raises(PathRefused, match="outside"):
        replace_file(out / "feedback" / "ann.md", b"x", root=out)
    assert list(elsewhere.iterdir()) == []


def test_no_progress_records_nothing_and_is_not_taken_with_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        main(["puzzles", "--no-progress", "--progress", str(tmp_path / "p.json")])
    assert e.value.code == 2 and "--no-progress records nothing" in capsys.readouterr().err


def test_a_private_file_is_never_readable_by_others_even_before_its_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A teacher's key is owner-only from its first byte, not chmod-ed after it lands; a
    report keeps the umask's permissions, for others to read."""
    seen: list[int] = []
    real_replace = os.replace

    def watching_replace(src: str, dst: Path) -> None:
        seen.append(os.stat(src).st_mode & 0o777)
        real_replace(src, dst)

    monkeypatch.setattr(safe_paths.os, "replace", watching_replace)
    old = os.umask(0o022)
    try:
        replace_file(tmp_path / "assignment.key", b"secret", private=True)
        replace_file(tmp_path / "report.html", b"<p>")
    finally:
        os.umask(old)
    assert seen == [0o600, 0o644]
    assert (tmp_path / "assignment.key").stat().st_mode & 0o777 == 0o600
