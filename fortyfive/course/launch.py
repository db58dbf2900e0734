"""Open the course the way a learner meets it: ``fortyfive course`` copies the shipped notebooks
into a folder the learner owns and starts JupyterLab there, at chapter 0.

Why a copy: an installed wheel puts the notebooks in ``site-packages``, which a learner should not
edit (an upgrade would wipe their work) and may not be able to write; their answers are recorded
in ``fortyfive-progress.json`` beside the notebook, so the notebooks must live somewhere writable.
The copy never overwrites: only missing files are copied, a learner's edited notebook is kept even
when a different one ships (they are told, in one line), and the progress file is never touched.

Why the rest:

* the copied notebooks are signed with the learner's Jupyter notary, since they are stored
  executed and JupyterLab would otherwise refuse to show their widgets ("not trusted");
* JupyterLab runs with a configuration folder private to the launcher, outside the course folder
  (:func:`private_config_dir`: the user's configuration folder for ``fortyfive``, made by this
  command, passed as ``JUPYTER_CONFIG_DIR``), which switches off the "official Jupyter news"
  prompt, so the learner's own Jupyter settings are neither read nor changed. A course folder is
  data, never code: a ``.jupyter/jupyter_server_config.py`` someone put in it is never loaded;
* the copy never writes through a link, never opens a FIFO or a device and reads no file past
  :data:`MAX_COPY_BYTES`: an odd entry where a course file goes (a dangling link, a FIFO, a link
  to ``/dev/zero`` or out of the folder) is left as it is, in one line;
* the command prints the URL of the chapter itself, token included, read from the server's
  runtime file ``jpserver-<pid>.json`` (JupyterLab's own log shows only the Launcher's);
* JupyterLab runs in its own process group, and Ctrl-C, SIGTERM or SIGHUP to this command stop it
  (a clean stop first, its whole group killed if it has not stopped in :data:`STOP_GRACE`
  seconds), so stopping the course never leaves a server running.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import quote

from fortyfive.course.files import FIRST_CHAPTER, NOTEBOOKS, install_hint
from fortyfive.course.progress import FILE_NAME as PROGRESS_FILE
from fortyfive.course.safe_paths import PathRefused, replace_file, write_target
from fortyfive.engine.validate import FileRefused, json_text, read_bounded

#: Where the course is copied when no ``--dir`` is given, relative to the current folder.
DEFAULT_DIR = Path("fortyfive-course")
#: Where an older ``fortyfive`` kept its Jupyter configuration, inside the course folder: now
#: never read as configuration (only its record of what was copied, as data).
OLD_CONFIG_DIR = ".jupyter"
#: What was copied, file by file (a SHA-256 of each), in the course folder: tells a learner's
#: edit (kept quietly) from a different notebook shipped by a newer ``fortyfive`` (kept too,
#: but the learner is told).
MANIFEST = ".fortyfive-shipped.json"
#: The most bytes read of a file in the course folder (a notebook is well under a megabyte).
MAX_COPY_BYTES = 64 * 2**20
#: The settings override that keeps the "get notified about official Jupyter news?" prompt away.
PAGE_CONFIG: dict[str, Any] = {
    "disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}
}
#: Seconds JupyterLab gets to stop cleanly (shutting its kernels down) before it is killed.
STOP_GRACE = 10.0
#: Seconds between two looks at the server (is it up yet, has it stopped, was a stop asked).
POLL = 0.2

Print = Callable[[str], None]


def _stdout(line: str) -> None:
    print(line, flush=True)  # at once, also into a pipe: the URL is wanted while the server runs


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# --- the copy ----------------------------------------------------------------------------------


def shipped_files(source: Path = NOTEBOOKS) -> dict[str, Path]:
    """The course's files as shipped, by their name relative to ``source``: every file but a
    progress file, notebook checkpoints and caches (which a development checkout may hold)."""
    files = {}
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if not path.is_file() or path.name == PROGRESS_FILE:
            continue
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        files[rel.as_posix()] = path
    return files


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class LaunchError(ValueError):
    """The course cannot be opened as asked (a folder that is not one, an odd notebook, a
    configuration folder that is not the launcher's): the message says why, in one line."""


def read_course_file(path: Path, folder: Path) -> bytes:
    """The bytes of ``path``, a file in the course ``folder``: only a regular file (or a link to
    one inside ``folder``), at most :data:`MAX_COPY_BYTES`; never opens a FIFO or a device.
    Anything else raises :class:`~fortyfive.course.safe_paths.PathRefused`."""
    target = write_target(path, folder)
    try:
        return read_bounded(target, MAX_COPY_BYTES)
    except FileRefused as e:
        raise PathRefused(path, f"it is {e}") from None
    except OSError as e:
        raise PathRefused(path, f"it cannot be read ({e.strerror})") from None


def _create(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path``, a file that must not exist: a link (even a dangling one)
    or any other entry there makes it fail (``O_EXCL``), so nothing is written through it."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o666)
    with os.fdopen(fd, "wb") as f:
        f.write(content)


def _read_manifest(folder: Path) -> dict[str, str]:
    """The record of what was copied (:data:`MANIFEST`, or where an older ``fortyfive`` kept
    it), read as data; a missing, odd or damaged one reads as empty: it only costs the "newer
    version" notes, never a file."""
    for path in (folder / MANIFEST, folder / OLD_CONFIG_DIR / "fortyfive-shipped.json"):
        try:
            data = json_text(read_course_file(path, folder).decode("utf-8"))
        except (PathRefused, ValueError):
            continue
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
    return {}


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did: the files it copied, the learner's files it kept although
    this ``fortyfive`` ships a different version of them, and the odd entries it left alone
    (each with why)."""

    folder: Path
    copied: tuple[str, ...]
    kept: tuple[str, ...]
    odd: tuple[str, ...] = ()

    def lines(self) -> Iterator[str]:
        """A few lines for the learner: what was copied, what was kept and how to get the
        shipped version instead, and one line per odd entry left as it is."""
        if self.copied:
            n = len(self.copied)
            yield f"copied {n} course file{'s' * (n != 1)} into {self.folder}"
        if self.kept:
            yield (
                f"kept your {', '.join(self.kept)}: this fortyfive ships a different version"
                " (move yours away and run this again to get it)"
            )
        for why in self.odd:
            yield f"skipped {why}"


def copy_course(folder: Path, source: Path = NOTEBOOKS) -> CopyReport:
    """Copy the shipped course files missing from ``folder`` (made if need be); never overwrite.

    A file the learner has is kept as it is. It is reported as kept when it differs from the one
    shipped and the shipped one is not what was copied there earlier (the manifest remembers):
    that is a newer course, not the learner's own edit. An entry that is not a regular file of
    the folder (a dangling link, a FIFO, a device, a link out of the folder) is left as it is
    and reported (:attr:`CopyReport.odd`): nothing is written through a link, and no FIFO or
    device is opened.
    """
    folder.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(folder)
    copied, kept, odd = [], [], []
    for name, path in shipped_files(source).items():
        target = folder / name
        content = path.read_bytes()
        shipped = _digest(content)
        try:
            write_target(target, folder)  # what is there, if anything, is a file of the folder
            if not os.path.lexists(target):
                target.parent.mkdir(parents=True, exist_ok=True)
                _create(target, content)
                manifest[name] = shipped
                copied.append(name)
            elif (
                manifest.get(name) != shipped
                and _digest(read_course_file(target, folder)) != shipped
            ):
                kept.append(name)
        except PathRefused as e:
            odd.append(str(e))
        except FileExistsError:  # appeared since the look: the learner's, kept
            odd.append(f"{target}: it appeared while copying; it was left as it is")
    if copied:
        try:
            replace_file(
                folder / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode(), folder
            )
        except PathRefused as e:
            odd.append(str(e))
    return CopyReport(folder, tuple(copied), tuple(kept), tuple(odd))


# --- trust and settings ------------------------------------------------------------------------


def jupyter_data_dir() -> Path:
    """The Jupyter data folder a server started now would use (its notary keeps the signatures
    of trusted notebooks there)."""
    from jupyter_core.paths import jupyter_data_dir as data_dir

    return Path(data_dir())


def trust_notebooks(folder: Path, data_dir: Path, source: Path = NOTEBOOKS) -> list[str]:
    """Sign, in the notary of ``data_dir``, the notebooks of ``folder`` that are exactly as shipped.

    Only unchanged copies are signed: a notebook the learner edited was either saved by their
    JupyterLab (which signs what it ran) or changed outside it, and then it is not this command's
    to vouch for. Signing again is harmless, so each run re-signs, which also covers a course folder
    moved to another machine or user.
    """
    import nbformat
    from nbformat.sign import NotebookNotary

    data_dir.mkdir(parents=True, exist_ok=True)  # the notary keeps its secret there: make it
    # nbformat's API has no type hints
    notary = NotebookNotary(data_dir=str(data_dir))  # type: ignore[no-untyped-call]
    signed = []
    for name, path in shipped_files(source).items():
        target = folder / name
        if target.suffix != ".ipynb":
            continue
        try:
            content = read_course_file(target, folder)  # no FIFO, device or link out: not signed
        except PathRefused:
            continue
        if content != path.read_bytes():
            continue
        text = content.decode("utf-8")
        nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)  # type: ignore[no-untyped-call]
        notary.sign(nb)  # type: ignore[no-untyped-call]
        signed.append(name)
    return signed


def private_config_dir() -> Path:
    """The launcher's own Jupyter configuration folder: ``jupyter`` in the user's configuration
    folder for ``fortyfive`` (``~/.config/fortyfive/jupyter`` on Linux, ``XDG_CONFIG_HOME``
    honoured), outside every course folder."""
    try:
        from platformdirs import user_config_dir
    except ImportError:  # platformdirs comes with Jupyter; without it, the XDG place
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "fortyfive"
    else:
        base = Path(user_config_dir("fortyfive", appauthor=False))
    return base / "jupyter"


def make_config_dir(config_dir: Path) -> Path:
    """Make ``config_dir`` (owner-only) if it is missing, and check it is a real folder of this
    user's, not a link nor someone else's: Jupyter would run Python found there. Raises
    :class:`LaunchError` otherwise."""
    config_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = config_dir.lstat()
    if not stat.S_ISDIR(info.st_mode):
        raise LaunchError(f"{config_dir} is not a folder: it holds the course's Jupyter settings")
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise LaunchError(f"{config_dir} belongs to another user: it is not used")
    return config_dir


def write_page_config(config_dir: Path) -> Path:
    """Write the course's JupyterLab page settings (:data:`PAGE_CONFIG`, merged into what the file
    holds) to ``config_dir/labconfig/page_config.json``, and return that path. An odd entry
    there (a folder, a FIFO, a link out) raises
    :class:`~fortyfive.course.safe_paths.PathRefused` and is left as it is."""
    path = config_dir / "labconfig" / "page_config.json"
    try:
        config = json_text(read_course_file(path, config_dir).decode("utf-8"))
    except PathRefused:
        if os.path.lexists(path):
            raise
        config = {}
    except ValueError:
        config = {}
    if not isinstance(config, dict):
        config = {}
    for key, value in PAGE_CONFIG.items():
        merged = config.get(key)
        config[key] = {**merged, **value} if isinstance(merged, dict) else dict(value)
    replace_file(path, json.dumps(config, indent=1, sort_keys=True).encode(), config_dir)
    return path


# --- JupyterLab --------------------------------------------------------------------------------


def lab_command(notebook: str, folder: Path, *, open_browser: bool = True) -> list[str]:
    """The command line that starts JupyterLab on ``folder``, opened at ``notebook`` (a name
    relative to ``folder``, which is also the command's working folder)."""
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", notebook]
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Jupyter refuses root unless told
    return cmd


def lab_environment(config_dir: Path, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for JupyterLab: ``base`` (default this process's) with the launcher's
    private configuration folder ``config_dir`` (never one in the course folder), and the
    runtime folder pinned so this process finds the server's runtime file where the server
    writes it."""
    from jupyter_core.paths import jupyter_runtime_dir

    env = dict(os.environ if base is None else base)
    env["JUPYTER_CONFIG_DIR"] = str(config_dir)
    env.setdefault("JUPYTER_RUNTIME_DIR", jupyter_runtime_dir())
    return env


def server_info(runtime_dir: Path, pid: int) -> dict[str, Any] | None:
    """The runtime file of the Jupyter server ``pid`` (its URL, port and token), or ``None`` while
    the server has not written it (it does so once it listens)."""
    try:
        info = json.loads((runtime_dir / f"jpserver-{pid}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):  # not there yet, or half written
        return None
    return info if isinstance(info, dict) and info.get("pid") == pid else None


def notebook_url(info: Mapping[str, Any], notebook: str) -> str:
    """The URL that opens ``notebook`` in the JupyterLab that ``info`` (a server's runtime file)
    describes, with the server's token, if it has one."""
    url = f"{str(info['url']).rstrip('/')}/lab/tree/{quote(notebook)}"
    token = info.get("token")
    return f"{url}?token={token}" if token else url


def _stop_group(proc: subprocess.Popen[bytes], *, kill: bool = False) -> None:
    """Ask the child's process group to stop (SIGTERM), or ``kill`` it (SIGKILL); where there are
    no process groups (Windows), the child alone.

    Only while the child has not been reaped: until then its id, which is its group's, cannot
    belong to anything else.
    """
    if proc.returncode is not None:
        return
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
        elif kill:
            proc.kill()
        else:
            proc.terminate()
    except (ProcessLookupError, PermissionError):
        pass


def serve(
    cmd: list[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    notebook: str,
    out: Print = _stdout,
    grace: float | None = None,
) -> int:
    """Run JupyterLab (``cmd``) until it stops, printing the URL of ``notebook`` once it is up.

    The child gets its own session (so its own process group, out of reach of the terminal's
    Ctrl-C, which only this process handles) and no standard input (so it never asks "Shutdown
    this Jupyter server?"). SIGINT, SIGTERM and SIGHUP to this process send SIGTERM to the child's
    group; a second one, or ``grace`` seconds (default :data:`STOP_GRACE`) without the child
    stopping, sends SIGKILL. Returns the child's exit code (128 + signal if a signal ended it).
    """
    grace = STOP_GRACE if grace is None else grace
    requests: list[int] = []

    def ask_stop(signum: int, frame: FrameType | None) -> None:
        requests.append(signum)

    stops = [signal.SIGINT, signal.SIGTERM]
    if hasattr(signal, "SIGHUP"):
        stops.append(signal.SIGHUP)
    previous = {}
    if threading.current_thread() is threading.main_thread():  # handlers only go there
        previous = {s: signal.signal(s, ask_stop) for s in stops}
    try:
        return _supervise(cmd, cwd, env, notebook, out, grace, requests)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _supervise(
    cmd: list[str],
    cwd: Path,
    env: Mapping[str, str],
    notebook: str,
    out: Print,
    grace: float,
    requests: list[int],
) -> int:
    """:func:`serve`'s loop, with the stop requests (signal numbers) collected in ``requests``."""
    runtime_dir = Path(env.get("JUPYTER_RUNTIME_DIR", cwd))
    proc = subprocess.Popen(
        cmd, cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL, start_new_session=os.name == "posix"
    )
    try:
        announced, asked, deadline = False, 0, 0.0
        while True:
            try:
                code = proc.wait(timeout=POLL)
                break
            except subprocess.TimeoutExpired:
                pass
            if not announced and (info := server_info(runtime_dir, proc.pid)) is not None:
                out(f"The course is open at {notebook_url(info, notebook)}")
                out("Stop it with Ctrl-C.")
                announced = True
            if requests and not asked:
                asked, deadline = len(requests), time.monotonic() + grace
                out("Stopping JupyterLab...")
                _stop_group(proc)
            elif asked and (len(requests) > asked or time.monotonic() > deadline):
                _stop_group(proc, kill=True)
        return code if code >= 0 else 128 - code
    finally:
        if proc.returncode is None:  # this process is going down some other way: take it along
            _stop_group(proc, kill=True)
            proc.wait()


# --- the command -------------------------------------------------------------------------------


def prepare_course(
    notebook: str, folder: Path, config_dir: Path | None = None, *, out: Print = _stdout
) -> tuple[list[str], dict[str, str]]:
    """Everything :func:`open_course` does before JupyterLab starts: copy the course into
    ``folder``, trust its notebooks, write the settings into the launcher's configuration folder
    (default :func:`private_config_dir`); returns the command and environment that start
    JupyterLab. Raises :class:`LaunchError` (one line: no traceback) when it cannot be done;
    nothing in ``folder`` is run or written through."""
    if folder.exists() and not folder.is_dir():
        raise LaunchError(f"{folder} is a file, not a folder: give another --dir")
    shipped = NOTEBOOKS / notebook
    if not (os.path.lexists(folder / notebook) or shipped.is_file()):
        chapters = ", ".join(sorted(n for n in shipped_files() if n.endswith(".ipynb")))
        raise LaunchError(
            f"no notebook {notebook} in {folder}; the course's notebooks are {chapters}"
        )
    try:
        report = copy_course(folder)
    except OSError as e:  # a folder that cannot be written, a full disk
        raise LaunchError(
            f"the course could not be copied into {folder}: {e.strerror or e}"
        ) from None
    for line in report.lines():
        out(line)
    try:
        read_course_file(folder / notebook, folder)
    except PathRefused as e:
        raise LaunchError(f"cannot open {notebook}: {e}") from None
    trust_notebooks(folder, jupyter_data_dir())
    config = config_dir if config_dir is not None else private_config_dir()
    try:
        write_page_config(make_config_dir(config))
    except (PathRefused, OSError) as e:
        raise LaunchError(f"the course's Jupyter settings could not be written: {e}") from None
    return lab_command(notebook, folder, open_browser=False), lab_environment(config)


def open_course(
    notebook: str = FIRST_CHAPTER,
    folder: Path | None = None,
    *,
    open_browser: bool = True,
    out: Print = _stdout,
    err: Print = _stderr,
    config_dir: Path | None = None,
) -> int:
    """Copy the course into ``folder`` (default ``./fortyfive-course``), trust its notebooks and
    run JupyterLab there, opened at ``notebook``, with the launcher's own configuration folder
    (:func:`prepare_course`). Returns the exit code: 2 if JupyterLab is not installed, there is
    no such notebook, ``folder`` is a file or the course cannot be copied there (each said in
    one line)."""
    folder = (folder or DEFAULT_DIR).expanduser().resolve()
    if importlib.util.find_spec("jupyterlab") is None:
        err(f"JupyterLab is not installed; the course needs it: {install_hint('lab')}")
        return 2
    try:
        _, env = prepare_course(notebook, folder, config_dir, out=out)
    except LaunchError as e:
        err(str(e))
        return 2
    cmd = lab_command(notebook, folder, open_browser=open_browser)
    return serve(cmd, cwd=folder, env=env, notebook=notebook, out=out)


def add_arguments(parser: argparse.ArgumentParser, default_notebook: str) -> None:
    """The arguments of ``course`` and ``lab``: the notebook, the folder, ``--no-browser``."""
    parser.add_argument(
        "notebook", nargs="?", default=default_notebook, help=f"default: {default_notebook}"
    )
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help=f"the folder the course is copied to and opened from (default: ./{DEFAULT_DIR});"
        " files already there are never overwritten",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open a browser (JupyterLab's option)"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``course`` or ``lab`` as parsed by :func:`add_arguments`."""
    return open_course(args.notebook, args.dir, open_browser=not args.no_browser)
