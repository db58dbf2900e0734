"""``fortyfive course`` as a learner meets it: the copy into their folder (never overwriting),
the trusted notebooks, the settings, the printed URL, and stopping the JupyterLab it started.

JupyterLab itself is stood in for by a small script that writes a server's runtime file and
waits; the real one is started by the install test (tests/test_install.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from fortyfive.course import launch
from fortyfive.course.files import FIRST_CHAPTER
from fortyfive.course.progress import FILE_NAME as PROGRESS_FILE

ROOT = Path(__file__).resolve().parents[1]

#: Stands in for ``python -m jupyterlab``: writes its pid (and, in "stubborn" mode, the pid of a
#: child of its own) to PIDFILE, then its runtime file as a Jupyter server does, then waits.
#: "wait" stops on SIGTERM as a Jupyter server does (exit code 0), "stubborn" ignores it (and its
#: child waits on), "exit" leaves after a second.
FAKE_LAB = textwrap.dedent(
    """
    import json, os, signal, subprocess, sys, time
    from pathlib import Path

    runtime, pidfile, mode = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    pids = [os.getpid()]
    if mode == "wait":
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        pids.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"]).pid)
    info = {"url": "http://localhost:8765/", "token": "t0ken", "pid": os.getpid()}
    runtime.mkdir(parents=True, exist_ok=True)
    (runtime / f"jpserver-{os.getpid()}.json").write_text(json.dumps(info))
    pidfile.write_text(" ".join(map(str, pids)))
    time.sleep(1 if mode == "exit" else 120)
    """
)


@pytest.fixture
def jupyter_dirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Jupyter's data and runtime folders under tmp_path (the notary's database, the server's
    runtime files), so that no test touches the machine's own."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def _fake_lab(tmp_path: Path, mode: str) -> list[str]:
    script = tmp_path / "fake_lab.py"
    script.write_text(FAKE_LAB)
    return [sys.executable, str(script), str(tmp_path / "runtime"), str(tmp_path / "pids"), mode]


def _gone(pid: int) -> bool:
    """True once ``pid`` has ended (a zombie counts as ended: it runs no more)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_copy_into_an_empty_folder(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "course"
    report = launch.copy_course(folder)
    shipped = launch.shipped_files()
    assert FIRST_CHAPTER in shipped and "README.md" in shipped and PROGRESS_FILE not in shipped
    assert set(report.copied) == set(shipped) and report.kept == ()
    for name, path in shipped.items():
        assert (folder / name).read_bytes() == path.read_bytes()
    assert list(report.lines()) == [f"copied {len(shipped)} course files into {folder}"]


def test_a_second_run_keeps_the_learners_edits_and_progress(tmp_path: Path) -> None:
    folder = tmp_path / "course"
    launch.copy_course(folder)
    edited = folder / FIRST_CHAPTER
    edited.write_text("my own notes")
    progress = folder / PROGRESS_FILE
    progress.write_text('{"attempts": ["mine"]}')
    (folder / "play.ipynb").unlink()

    report = launch.copy_course(folder)
    assert report.copied == ("play.ipynb",)  # only what is missing
    assert report.kept == ()  # the learner's own edit: nothing to say
    assert edited.read_text() == "my own notes"
    assert progress.read_text() == '{"attempts": ["mine"]}'


def test_a_newer_shipped_notebook_keeps_the_learners_copy_and_says_so(tmp_path: Path) -> None:
    old, new, folder = tmp_path / "old", tmp_path / "new", tmp_path / "course"
    for source, text in ((old, "version 1"), (new, "version 2")):
        source.mkdir()
        (source / "a.ipynb").write_text(text)
        (source / "b.md").write_text("the same")
        (source / PROGRESS_FILE).write_text("{}")  # never shipped, never copied
    launch.copy_course(folder, old)
    assert not (folder / PROGRESS_FILE).exists()

    report = launch.copy_course(folder, new)
    assert report.copied == () and report.kept == ("a.ipynb",)
    assert (folder / "a.ipynb").read_text() == "version 1"
    (line,) = report.lines()
    assert line.startswith("kept your a.ipynb: this fortyfive ships a different version")


@pytest.mark.parametrize("text", ["[1, 2]", '{"a.ipynb": 5}', "not json", "\xff"])
def test_a_damaged_copy_manifest_is_read_as_empty(tmp_path: Path, text: str) -> None:
    source, folder = tmp_path / "source", tmp_path / "course"
    source.mkdir()
    (source / "a.ipynb").write_text("version 1")
    folder.mkdir(parents=True)
    (folder / launch.MANIFEST).write_text(text)
    assert launch.copy_course(folder, source).copied == ("a.ipynb",)
    (folder / "a.ipynb").write_text("my own notes")
    (folder / launch.MANIFEST).write_text(text)
    report = launch.copy_course(folder, source)  # nothing remembered: an edit or a newer one
    assert report.copied == () and report.kept == ("a.ipynb",)
    assert (folder / "a.ipynb").read_text() == "my own notes"


def test_the_copied_notebooks_are_trusted(tmp_path: Path) -> None:
    folder, data = tmp_path / "course", tmp_path / "data"
    launch.copy_course(folder)
    (folder / "play.ipynb").write_text((folder / "play.ipynb").read_text().replace("a", "b", 1))
    signed = launch.trust_notebooks(folder, data)
    notary = NotebookNotary(data_dir=str(data))
    for name in launch.shipped_files():
        if not name.endswith(".ipynb"):
            continue
        nb = nbformat.read(folder / name, as_version=nbformat.NO_CONVERT)
        # a copy as shipped is trusted; one changed outside JupyterLab is not vouched for
        assert notary.check_signature(nb) == (name != "play.ipynb"), name
        assert (name in signed) == (name != "play.ipynb")


def test_page_config_turns_the_news_prompt_off(tmp_path: Path) -> None:
    config = tmp_path / ".jupyter"
    path = config / "labconfig" / "page_config.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"disabledExtensions": {"other:plugin": true}, "x": 1}')
    assert launch.write_page_config(config) == path
    assert json.loads(path.read_text()) == {
        "disabledExtensions": {
            "other:plugin": True,
            "@jupyterlab/apputils-extension:announcements": True,
        },
        "x": 1,
    }


def test_course_prints_the_first_chapters_url(
    jupyter_dirs: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole command, with a JupyterLab that writes its runtime file and leaves: the notebooks
    are copied and trusted, the settings written, and the chapter's own URL printed."""
    tmp_path = jupyter_dirs
    monkeypatch.setattr(launch, "lab_command", lambda *a, **k: _fake_lab(tmp_path, "exit"))
    folder = tmp_path / "course"
    assert launch.open_course(folder=folder, open_browser=False) == 0
    out = capsys.readouterr().out
    url = "http://localhost:8765/lab/tree/00_start_here.ipynb?token=t0ken"
    assert f"The course is open at {url}\n" in out
    config = tmp_path / "config" / "fortyfive" / "jupyter"
    assert (config / "labconfig" / "page_config.json").is_file()
    assert not (folder / ".jupyter").exists()  # nothing of Jupyter's in the course folder
    nb = nbformat.read(folder / FIRST_CHAPTER, as_version=nbformat.NO_CONVERT)
    assert NotebookNotary(data_dir=str(tmp_path / "data")).check_signature(nb)


def test_notebook_url_quotes_the_name_and_keeps_the_base_url() -> None:
    info = {"url": "http://localhost:8888/base/", "token": ""}
    assert launch.notebook_url(info, "my notes.ipynb") == (
        "http://localhost:8888/base/lab/tree/my%20notes.ipynb"
    )


@pytest.mark.parametrize(
    ("signum", "mode"),
    [(signal.SIGTERM, "wait"), (signal.SIGINT, "wait"), (signal.SIGTERM, "stubborn")],
)
def test_stopping_the_command_stops_jupyterlab(signum: int, mode: str, jupyter_dirs: Path) -> None:
    """SIGTERM or Ctrl-C to ``fortyfive course`` stops the JupyterLab it started; one that
    ignores SIGTERM is killed, with its process group, after the grace period."""
    tmp_path = jupyter_dirs
    driver = textwrap.dedent(
        f"""
        import sys
        from fortyfive.cli import main
        from fortyfive.course import launch
        launch.STOP_GRACE = 1.0
        launch.lab_command = lambda *a, **k: {_fake_lab(tmp_path, mode)!r}
        sys.exit(main(["course", "--no-browser", "--dir", {str(tmp_path / "course")!r}]))
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", driver], env=env, stdout=subprocess.PIPE, text=True
    )
    pidfile = tmp_path / "pids"
    deadline, expected = time.monotonic() + 60, 2 if mode == "stubborn" else 1
    while not pidfile.exists() or len(pidfile.read_text().split()) < expected:
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    pids = [int(p) for p in pidfile.read_text().split()]
    assert os.getpgid(pids[0]) == pids[0] != os.getpgid(proc.pid)  # a group of its own
    time.sleep(0.5)  # the runtime file is seen and the URL printed
    proc.send_signal(signum)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == (128 + signal.SIGKILL if mode == "stubborn" else 0)
    assert "Stopping JupyterLab" in out and "/lab/tree/00_start_here.ipynb?token=t0ken" in out
    for pid in pids:
        deadline = time.monotonic() + 5
        while not _gone(pid):
            assert time.monotonic() < deadline, f"process {pid} still running"
            time.sleep(0.05)


# ---------------------------------------------------------------- a folder someone sent you

HOSTILE_CONFIG = "open({marker!r}, 'w').write('ran')\n"


def _hostile_folder(tmp_path: Path) -> tuple[Path, Path]:
    """A course folder holding a Jupyter configuration that writes a marker, a dangling chapter
    link that leads out of it, a FIFO named like a chapter, a chapter linked to /dev/zero, one
    linked to a file elsewhere, and ``.jupyter/labconfig`` a file. Returns (folder, outside)."""
    folder, outside = tmp_path / "sent", tmp_path / "outside"
    (folder / ".jupyter").mkdir(parents=True)
    outside.mkdir()
    (outside / "theirs.ipynb").write_text("theirs")
    marker = tmp_path / "marker"
    for name in ("jupyter_server_config.py", "jupyter_lab_config.py", "jupyter_config.py"):
        (folder / ".jupyter" / name).write_text(HOSTILE_CONFIG.format(marker=str(marker)))
    (folder / ".jupyter" / "labconfig").write_text("a file, not a folder")
    (folder / "01_cards_and_trumps.ipynb").symlink_to(outside / "landed.ipynb")
    os.mkfifo(folder / "02_tricks_and_reneging.ipynb")
    (folder / "03_deal_turnup_robbing.ipynb").symlink_to("/dev/zero")
    (folder / "04_scoring_race_to_45.ipynb").symlink_to(outside / "theirs.ipynb")
    return folder, outside


def _alarm(seconds: int) -> None:
    """Fail the test instead of hanging (the old launcher waited on a FIFO for ever)."""

    def hung(signum: int, frame: object) -> None:
        raise TimeoutError("the launcher hung")

    signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)


def test_a_hostile_course_folder_runs_nothing_writes_nothing_outside_and_never_hangs(
    jupyter_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``fortyfive course --dir`` on a folder someone sent: the launcher's preparation copies
    what is missing, says one line per odd entry, and gives JupyterLab a configuration folder
    of its own; a Jupyter server loading its configuration with that environment runs nothing
    from the course folder."""
    tmp_path = jupyter_dirs
    folder, outside = _hostile_folder(tmp_path)
    before = sorted(p.name for p in outside.iterdir())
    _alarm(60)
    try:
        cmd, env = launch.prepare_course(FIRST_CHAPTER, folder)
    finally:
        signal.alarm(0)
    out = capsys.readouterr().out
    assert sorted(p.name for p in outside.iterdir()) == before  # nothing landed outside
    assert (outside / "theirs.ipynb").read_text() == "theirs"
    skipped = [line for line in out.splitlines() if line.startswith("skipped ")]
    assert len(skipped) == 4, out
    assert "Traceback" not in out
    for name, why in [
        ("01_cards_and_trumps", "symbolic link to nothing"),
        ("02_tricks_and_reneging", "FIFO"),
        ("03_deal_turnup_robbing", "symbolic link to a character device"),
        ("04_scoring_race_to_45", "outside"),
    ]:
        assert any(name in line and why in line for line in skipped), (name, out)
    config = Path(env["JUPYTER_CONFIG_DIR"])
    assert not config.resolve().is_relative_to(folder.resolve())
    assert (config / "labconfig" / "page_config.json").is_file()
    assert (folder / "05_auction_forty_fives.ipynb").is_file()  # the rest was copied
    # what a Jupyter server started with this environment loads: nothing of the course folder's
    load = "from jupyter_server.serverapp import ServerApp; ServerApp().load_config_file()"
    ran = subprocess.run(
        [sys.executable, "-c", load], env=env, cwd=folder, timeout=120, capture_output=True
    )
    assert ran.returncode == 0, ran.stderr
    assert not (tmp_path / "marker").exists()
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]


@pytest.mark.parametrize("odd", ["fifo", "dangling", "dev-zero", "outside"])
def test_an_odd_notebook_to_open_is_said_in_one_line(
    odd: str, jupyter_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path = jupyter_dirs
    folder, outside = tmp_path / "course", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    target = folder / FIRST_CHAPTER
    if odd == "fifo":
        os.mkfifo(target)
    elif odd == "dangling":
        target.symlink_to(outside / "nothing.ipynb")
    elif odd == "dev-zero":
        target.symlink_to("/dev/zero")
    else:
        (outside / "x.ipynb").write_text("x")
        target.symlink_to(outside / "x.ipynb")
    _alarm(60)
    try:
        code = launch.open_course(folder=folder, open_browser=False)
    finally:
        signal.alarm(0)
    captured = capsys.readouterr()
    assert code == 2 and "Traceback" not in captured.err
    (line,) = captured.err.strip().splitlines()
    assert line.startswith(f"cannot open {FIRST_CHAPTER}: ")
    assert sorted(p.name for p in outside.iterdir()) == (["x.ipynb"] if odd == "outside" else [])


def test_a_configuration_folder_that_is_not_the_launchers_is_refused(
    jupyter_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path = jupyter_dirs
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    config = tmp_path / "config" / "fortyfive" / "jupyter"
    config.parent.mkdir(parents=True)
    config.symlink_to(elsewhere)
    code = launch.open_course(folder=tmp_path / "course", open_browser=False)
    assert code == 2
    assert "is not a folder" in capsys.readouterr().err
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("odd", ["file", "fifo", "dangling"])
def test_an_odd_jupyter_entry_in_the_course_folder_is_data_only(
    odd: str,
    jupyter_dirs: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`.jupyter` a file, a FIFO or a dangling link (an older fortyfive kept its settings
    there): through the command line, the course opens, and `.jupyter` is left as it is."""
    from fortyfive.cli import main

    tmp_path = jupyter_dirs
    folder = tmp_path / "course"
    folder.mkdir()
    dot = folder / ".jupyter"
    if odd == "file":
        dot.write_text("not a folder")
    elif odd == "fifo":
        os.mkfifo(dot)
    else:
        dot.symlink_to(tmp_path / "nowhere")
    calls: list[dict[str, object]] = []
    monkeypatch.setattr(launch, "serve", lambda cmd, **kw: calls.append({"cmd": cmd, **kw}) or 0)
    _alarm(60)
    try:
        assert main(["course", "--dir", str(folder), "--no-browser"]) == 0
    finally:
        signal.alarm(0)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    (call,) = calls
    env = call["env"]
    assert isinstance(env, dict)
    assert env["JUPYTER_CONFIG_DIR"] == str(tmp_path / "config" / "fortyfive" / "jupyter")
    assert os.path.lexists(dot) and not (tmp_path / "nowhere").exists()
    assert (folder / FIRST_CHAPTER).is_file()
