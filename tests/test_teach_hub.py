"""A class on a real JupyterHub: the whole nbgrader loop, three students each in their own server.

JupyterHub (``pip install jupyterhub``, in the ``dev`` extra) starts on 127.0.0.1 with its proxy,
``configurable-http-proxy`` from npm (found as ``$FORTYFIVE_HUB_PROXY``, else on ``PATH``), the
dummy authenticator and the local process spawner: each student's server runs as that
student's own system user, so that nbgrader's exchange knows them by their login as it does on
a real hub. The test creates those users (``useradd``, which needs root; they are removed
after), and drives everything as a course's teacher and students would, through the hub's REST
API and each student's server's:

- the teacher: ``fortyfive assign --nbgrader --roster`` (the course's and the students'
  ``nbgrader_config.py``, and the roster in nbgrader's format), ``nbgrader db student import``,
  ``generate_assignment`` and ``release_assignment``;
- each student, in their own server: fetch (nbgrader's Assignments API, as its tab does), the
  notebook's code cells run in a kernel of their server (its setup cell, its puzzle and
  ``hw.points`` cells), their answers, and submit;
- the teacher: ``collect``, ``autograde``, ``generate_feedback``, ``fortyfive grade --nbgrader``
  and ``release_feedback``;
- each student: fetch their feedback, read through their server, with the grader's score.

The hub's config is the one "Running it for a class" (book/reference/class_hub.md) gives, with
this test's students, ports and folders, read from the page. The test's time is printed (``-s``).
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import importlib.util
import json
import os
import pwd
import secrets
import shutil
import site
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from fortyfive.teach import load_manifest
from fortyfive.teach.draw import assigned_puzzles

HERE = Path(__file__).parent
ROOT = HERE.parent
#: The students: system users the test creates (and removes), each with their own server.
STUDENTS = ("ff-aoife", "ff-brendan", "ff-ciara")
#: The puzzles each student solves (brendan with a wrong try first; ciara hands in one).
SOLVES = {"ff-aoife": [1, 2, 3, 4], "ff-brendan": [1, 2, 4], "ff-ciara": [1]}
COURSE = "ff101"
MANIFEST: dict[str, Any] = {
    "format": "fortyfive-assignment",
    "version": 1,
    "id": "hw1",
    "title": "Trumps",
    "seed": 7,
    "policy": {"tries": 2, "hint_penalty": 0.5},
    "puzzles": [
        {"id": "c1-01", "points": 2},
        {"generate": "order", "difficulty": [2], "count": 2},
        {"generate": "winner", "count": 1, "points": 3},
    ],
}
PROXY_ENV = "FORTYFIVE_HUB_PROXY"
#: The Python the students' servers run (default: this one), which the students' system users
#: must be able to run: with jupyterhub, nbgrader and the project's dependencies.
PYTHON_ENV = "FORTYFIVE_HUB_PYTHON"


def _python(top: Path) -> str:
    """The students' Python: ``$FORTYFIVE_HUB_PYTHON``, else the one :func:`_own_python` made
    in ``top``, else this one."""
    made = top / "python" / "bin" / "python"
    return os.environ.get(PYTHON_ENV) or (str(made) if made.exists() else sys.executable)


def _own_python(top: Path) -> None:
    """A Python the students can run when this one lives where only root may enter (a home):
    a venv of the system's Python of this version in ``top``, seeing this one's packages."""
    system = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")
    if os.environ.get(PYTHON_ENV) or not system.exists():
        return
    venv = top / "python"
    subprocess.run([str(system), "-m", "venv", "--without-pip", str(venv)], check=True)
    lib = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    dirs = [d for d in site.getsitepackages() if Path(d).is_dir()]
    (lib / "site-packages" / "fortyfive_hub_test.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({d!r})" for d in dirs) + "\n"
    )
    # the server extensions enabled there (nbgrader's); not its kernel specs, which name this
    # Python: the students' kernels run their own
    if (Path(sys.prefix) / "etc").is_dir():
        (venv / "etc").symlink_to(Path(sys.prefix) / "etc")


def _proxy() -> str | None:
    return os.environ.get(PROXY_ENV) or shutil.which("configurable-http-proxy")


def _why_not() -> str | None:
    if importlib.util.find_spec("jupyterhub") is None:
        return "jupyterhub is not installed (pip install -e '.[dev]')"
    if _proxy() is None:
        return (
            "configurable-http-proxy not found: npm install -g configurable-http-proxy, or set "
            f"{PROXY_ENV} to its path"
        )
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("useradd") is None:
        return "the students' servers run as their own system users: creating them needs root"
    return None


def _pythonpath() -> list[str]:
    return [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PAGE = ROOT / "book" / "reference" / "class_hub.md"


def page_config() -> str:
    """The ``jupyterhub_config.py`` "Running it for a class" gives."""
    text = PAGE.read_text()
    at = text.index("## jupyterhub_config.py")
    begin = text.index("```python\n", at) + len("```python\n")
    return text[begin : text.index("```", begin)]


def _swap(config: str, line: str, by: str) -> str:
    assert line in config, f"{PAGE.name} no longer says {line!r}"
    return config.replace(line, by)


def hub_config(
    port: int,
    hub_port: int,
    api_port: int,
    proxy: str,
    token: str,
    students_config: Path,
    python: str,
) -> str:
    """The hub's ``jupyterhub_config.py``: the page's, with this test's students, folders,
    ports, Python, and the dummy authenticator (no passwords) and a service token to drive
    the students' servers."""
    config = page_config()
    config = _swap(config, '"pam"', '"dummy"')
    config = _swap(config, '{"aoife", "brendan", "ciara"}', repr(set(STUDENTS)))
    config = _swap(config, '"/etc/fortyfive/students"', repr(str(students_config)))
    return (
        config
        + f"""\
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.services = [{{"name": "course", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [
    {{
        "name": "course",
        "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"],
        "services": ["course"],
    }}
]
"""
    )


def test_the_page_gives_the_config_and_the_commands_this_test_runs() -> None:
    """The class page's config is a valid config file, and its teacher's commands are the
    ones the round trip below runs, in its order (the quick tier: no hub needed)."""
    config = page_config()
    compile(config, str(PAGE), "exec")
    assert "get_config()" in config and "localprocess" in config
    page = PAGE.read_text()
    steps = [
        "fortyfive assign hw1.json --out course --nbgrader",
        "nbgrader db student import nbgrader_students.csv",
        "nbgrader generate_assignment hw1 --create",
        "nbgrader release_assignment hw1",
        "nbgrader collect hw1",
        "nbgrader autograde hw1",
        "nbgrader generate_feedback hw1",
        "fortyfive grade --assignment",
        "--nbgrader .",
        "nbgrader release_feedback hw1",
    ]
    where = [page.find(step) for step in steps]
    assert -1 not in where and where == sorted(where), dict(zip(steps, where, strict=True))
    me = Path(__file__).read_text()
    pairs = [("db", "student"), ("generate_assignment", "hw1"), ("release_assignment", "hw1")]
    pairs += [("collect", "hw1"), ("autograde", "hw1"), ("generate_feedback", "hw1")]
    pairs += [("release_feedback", "hw1")]
    runs = [me.find(f'_run("nbgrader", "{a}", "{b}"') for a, b in pairs]
    assert -1 not in runs and runs == sorted(runs)


class Hub:
    """A running hub, driven through its REST API and its users' servers' with the course
    service's token."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token

    def call(
        self, method: str, path: str, body: Any = None, form: dict[str, str] | None = None
    ) -> Any:
        data, headers = None, {"Authorization": f"token {self.token}"}
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                text = r.read().decode()
        except urllib.error.HTTPError as e:
            raise AssertionError(f"{method} {path}: {e.code} {e.read().decode()[:2000]}") from None
        return json.loads(text) if text.strip() else None

    def start_server(self, user: str) -> None:
        self.call("POST", f"/hub/api/users/{user}/server")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            model = self.call("GET", f"/hub/api/users/{user}")
            if model["servers"].get("", {}).get("ready"):
                return
            time.sleep(0.5)
        raise AssertionError(f"{user}'s server did not start")

    def nbgrader(self, user: str, action: str) -> list[dict[str, Any]]:
        """nbgrader's Assignments API in ``user``'s server, what its tab's buttons do: the
        assignments it then lists."""
        form = {"course_id": COURSE, "assignment_id": "hw1"}
        said = self.call("POST", f"/user/{user}/assignments/{action}", form=form)
        assert said["success"], f"{user}: {action}: {said['value']}"
        return list(said["value"])

    def run_cells(self, user: str, notebook: str, cells: list[str]) -> list[str]:
        """Run ``cells`` in a kernel of ``user``'s server, in ``notebook``'s folder; returns
        each cell's text output (an error fails the test)."""
        session = self.call(
            "POST",
            f"/user/{user}/api/sessions",
            {"path": notebook, "type": "notebook", "name": "", "kernel": {"name": "python3"}},
        )
        kernel = session["kernel"]["id"]
        try:
            # A loop of its own, in a thread of its own: the test process may already run one
            # (an earlier test on the same worker left it running).
            with ThreadPoolExecutor(1) as pool:
                return pool.submit(asyncio.run, self._execute(user, kernel, cells)).result()
        finally:
            self.call("DELETE", f"/user/{user}/api/sessions/{session['id']}")

    async def _execute(self, user: str, kernel: str, cells: list[str]) -> list[str]:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = self.url.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{kernel}/channels"
        ws = await websocket_connect(
            HTTPRequest(url, headers={"Authorization": f"token {self.token}"}),
            max_message_size=64 * 1024 * 1024,
        )
        outputs = []
        try:
            for code in cells:
                msg_id = uuid.uuid4().hex
                header = {"msg_id": msg_id, "msg_type": "execute_request", "session": msg_id}
                header |= {"username": user, "version": "5.3", "date": ""}
                content = {"code": code, "silent": False, "store_history": True}
                content |= {"user_expressions": {}, "allow_stdin": False, "stop_on_error": True}
                message = {"header": header, "parent_header": {}, "metadata": {}}
                await ws.write_message(
                    json.dumps(message | {"content": content, "channel": "shell"})
                )
                text: list[str] = []
                replied = idle = False
                while not (replied and idle):
                    raw = await asyncio.wait_for(ws.read_message(), 300)
                    assert raw is not None, f"{user}'s kernel closed its channels"
                    msg = json.loads(raw)
                    if msg.get("parent_header", {}).get("msg_id") != msg_id:
                        continue
                    kind, got = msg["msg_type"], msg["content"]
                    if kind == "error":
                        raise AssertionError(f"{user}: {code}\n" + "\n".join(got["traceback"]))
                    if kind == "stream":
                        text.append(got["text"])
                    elif kind in ("execute_result", "display_data"):
                        text.append(got["data"].get("text/plain", ""))
                    elif kind == "execute_reply":
                        replied = True
                        assert got["status"] == "ok", got
                    elif kind == "status" and got["execution_state"] == "idle":
                        idle = True
                outputs.append("".join(text))
        finally:
            ws.close()
        return outputs


@pytest.fixture
def students() -> Iterator[Path]:
    """The students as system users, each with a home in a folder of its own (returned)."""
    if why := _why_not():
        pytest.skip(why)
    top = Path(tempfile.mkdtemp(prefix="ffhub-"))
    top.chmod(0o755)  # the students walk through it to their homes and the exchange
    created: list[str] = []
    homes: dict[str, str] = {}
    try:
        for name in STUDENTS:
            home = top / "home" / name
            home.mkdir(parents=True)
            try:
                homes[name] = pwd.getpwnam(name).pw_dir
                subprocess.run(["usermod", "--home", str(home), name], check=True)
            except KeyError:
                subprocess.run(
                    [
                        "useradd",
                        "--home-dir",
                        str(home),
                        "--no-create-home",
                        "--user-group",
                        "--shell",
                        "/usr/sbin/nologin",
                        name,
                    ],
                    check=True,
                )
                created.append(name)
            shutil.chown(home, name, name)
            home.chmod(0o700)
        (top / "home").chmod(0o755)
        can = _students_can_run(top)
        if can.returncode != 0:
            _own_python(top)
            can = _students_can_run(top)
        assert can.returncode == 0, (
            f"a student's system user cannot run {_python(top)} with jupyterhub, nbgrader and "
            f"fortyfive ({can.stderr.strip()[-300:]}): set {PYTHON_ENV} to a Python they can"
        )
        yield top
    finally:
        for name in created:
            subprocess.run(["userdel", name], check=False)
        for name, home_was in homes.items():
            subprocess.run(["usermod", "--home", home_was, name], check=False)
        shutil.rmtree(top, ignore_errors=True)


def _students_can_run(top: Path) -> subprocess.CompletedProcess[str]:
    command = [_python(top), "-c", "import jupyterhub, nbgrader, fortyfive"]
    try:
        return subprocess.run(
            command,
            user=STUDENTS[0],
            cwd=top,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *_pythonpath()])},
            capture_output=True,
            text=True,
        )
    except OSError as e:  # not theirs to run
        return subprocess.CompletedProcess(command, 126, "", str(e))


def _run(*args: str, cwd: Path, ok: tuple[int, ...] = (0,)) -> str:
    exe = Path(sys.executable)
    env = {**os.environ, "PATH": os.pathsep.join([str(exe.parent), os.environ.get("PATH", "")])}
    command = [str(exe.with_name(args[0])), *args[1:]] if args[0] == "nbgrader" else list(args)
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode in ok, f"{' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def _answers(solve: list[int], wrong_first: bool) -> str:
    """The student's own cell: the puzzles answered as their buttons would send them, worked
    out from the engine (tests/puzzle_answers.py), a wrong try first when ``wrong_first``."""
    return f"""\
import sys
sys.path.insert(0, {str(HERE)!r})
from puzzle_answers import script
for n in {solve!r}:
    w = hw.puzzle(n)
    wrong, steps, _ = script(hw.puzzles[n - 1].puzzle)
    if {wrong_first!r} and wrong is not None:
        w.answer(wrong)
    for step in steps:
        w.answer(step)
print([hw.points(n) for n in range(1, len(hw.puzzles) + 1)])
"""


@pytest.fixture
def hub(students: Path, tmp_path: Path) -> Iterator[tuple[Hub, Path]]:
    """JupyterHub on 127.0.0.1 for the students (their servers' homes in ``students``)."""
    exchange = students / "exchange"
    exchange.mkdir()
    exchange.chmod(0o777)
    hub_dir = tmp_path / "hub"
    hub_dir.mkdir()
    token = secrets.token_hex(32)
    port = _free_port()
    config = hub_config(
        port,
        _free_port(),
        _free_port(),
        str(_proxy()),
        token,
        students / "students_config",
        _python(students),
    )
    (hub_dir / "jupyterhub_config.py").write_text(config)
    env = dict(os.environ)
    # the students' servers and kernels import the project as this test does
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *_pythonpath()])
    log = (hub_dir / "hub.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", "jupyterhub_config.py"],
        cwd=hub_dir,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    h = Hub(f"http://127.0.0.1:{port}", token)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                h.call("GET", "/hub/api/")
                break
            except (OSError, AssertionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        "the hub did not start:\n" + (hub_dir / "hub.log").read_text()[-4000:]
                    ) from None
                time.sleep(0.3)
        yield h, exchange
    finally:
        for name in STUDENTS:
            with contextlib.suppress(OSError, AssertionError):
                h.call("DELETE", f"/hub/api/users/{name}/server")
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.mark.slow
@pytest.mark.full
def test_a_class_on_jupyterhub(hub: tuple[Hub, Path], students: Path, tmp_path: Path) -> None:
    h, exchange = hub
    began = time.monotonic()
    course = tmp_path / "course"
    course.mkdir()
    manifest = tmp_path / "hw1.json"
    manifest.write_text(json.dumps(MANIFEST))
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "student,first_name,last_name,email\n"
        "ff-aoife,Aoife,Murphy,aoife@example.org\nff-brendan,Brendan,Kelly,\nff-ciara,,,\n"
    )

    # The teacher: the course folder, its configs and roster, the release.
    _run(
        sys.executable, "-m", "fortyfive", "assign", str(manifest), "--out", str(course),
        "--nbgrader", "--course", COURSE, "--exchange", str(exchange), "--roster", str(roster),
        cwd=tmp_path,
    )  # fmt: skip
    (students / "students_config").mkdir()
    shutil.copy(
        course / "student_nbgrader_config.py", students / "students_config" / "nbgrader_config.py"
    )
    (students / "students_config").chmod(0o755)
    (students / "students_config" / "nbgrader_config.py").chmod(0o644)
    _run("nbgrader", "db", "student", "import", "nbgrader_students.csv", cwd=course)
    _run("nbgrader", "generate_assignment", "hw1", "--create", cwd=course)
    _run("nbgrader", "release_assignment", "hw1", cwd=course)

    # Each student, in their own server: fetch, run the notebook, answer, submit.
    for name in STUDENTS:  # the hub has them as its allowed users
        h.start_server(name)
    points: dict[str, list[float]] = {}
    for name in STUDENTS:
        listed = h.nbgrader(name, "fetch")
        assert any(a["assignment_id"] == "hw1" and a["status"] == "fetched" for a in listed), listed
        nb = json.loads((students / "home" / name / "hw1" / "hw1.ipynb").read_text())
        cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        said = h.run_cells(name, "hw1/hw1.ipynb", cells)
        assert "Assignment" in said[-1]  # every cell ran, to the last
        said = h.run_cells(
            name, "hw1/hw1.ipynb", [cells[0], _answers(SOLVES[name], name == "ff-brendan")]
        )
        points[name] = json.loads(said[-1])
        listed = h.nbgrader(name, "submit")
        assert any(a["status"] == "submitted" for a in listed), listed
    m = load_manifest(manifest)
    most = [a.points for a in assigned_puzzles(m, "ff-aoife")]
    assert points["ff-aoife"] == most  # every puzzle right at the first try
    assert points["ff-ciara"] == [most[0], 0, 0, 0]

    # The teacher: collect, autograde, the grader's points into nbgrader's, the feedback out.
    _run("nbgrader", "collect", "hw1", cwd=course)
    _run("nbgrader", "autograde", "hw1", cwd=course)
    _run("nbgrader", "generate_feedback", "hw1", cwd=course)
    said = _run(
        sys.executable, "-m", "fortyfive", "grade", "--assignment", str(manifest),
        str(course / "autograded"), str(course / "submitted"), "--out", str(tmp_path / "grades"),
        "--roster", str(roster), "--nbgrader", str(course),
        cwd=tmp_path,
    )  # fmt: skip
    assert "(0 differed)" in said and "in 3 of nbgrader's feedback pages" in said
    with (tmp_path / "grades" / "totals.csv").open() as f:
        totals = {r["student"]: float(r["points"]) for r in csv.DictReader(f)}
    assert totals == {s: sum(points[s]) for s in STUDENTS}
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        assert {s: gb.find_submission("hw1", s).score for s in STUDENTS} == totals
    _run("nbgrader", "release_feedback", "hw1", cwd=course)

    # Each student fetches their feedback and reads it in their own server.
    for name in STUDENTS:
        h.nbgrader(name, "fetch_feedback")
        (stamp,) = h.call("GET", f"/user/{name}/api/contents/hw1/feedback")["content"]
        where = urllib.parse.quote(f"{stamp['path']}/hw1.html")
        page = h.call("GET", f"/user/{name}/api/contents/{where}")
        assert f"Score: {totals[name]:g} of {m.total_points():g}." in page["content"], name
    print(f"\nthe class's round trip through JupyterHub: {time.monotonic() - began:.1f} s")
