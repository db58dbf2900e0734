"""The course in the browser (JupyterLite): it runs without pandas, and the site builds offline
with everything it loads served by itself (``python -m fortyfive lite``).

The browser test of the built site is ``tests/browser/test_lite_browser.py``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

try:
    from tests.book_site import built_lite
except ImportError:  # pytest's rootdir import mode puts tests/ itself on sys.path
    from book_site import built_lite  # type: ignore[no-redef]

from fortyfive_site.lite import (
    EXTENSIONS,
    LITE_KERNELSPEC,
    PRELOAD,
    LiteError,
    build_config,
    chapter_url,
    landing_page,
    lite_notebook,
)
from fortyfive_site.pyc_wheels import STDLIB, compile_stdlib, compile_wheel
from tiers import full_only

from fortyfive.course.files import NOTEBOOKS
from fortyfive.engine.tabular import Table

# Makes pandas (and numpy) impossible to import, as on Pyodide without their wheels.
NO_PANDAS = textwrap.dedent(
    """
    import sys

    class _NoPandas:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("pandas", "numpy"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, _NoPandas())
    """
)

#: The notebooks a learner runs in Lite (the teacher's guide gathers files with pandas).
LITE_CHAPTERS = sorted(
    p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name != "teachers_guide.ipynb"
)


def _run_without_pandas(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", NO_PANDAS + code],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )


def test_the_tables_without_pandas_are_html_from_the_same_rows(tmp_path: Path) -> None:
    code = textwrap.dedent(
        """
        import fortyfive as ff
        from fortyfive.course import (deal_game, legal_table, play_cards, results, rank_ladder,
                                      running_totals_chart, table, trick_table, deal_timeline)
        from fortyfive.course.progress import ProgressLog
        from fortyfive.engine.tabular import Table

        ProgressLog().record({"puzzle": "c2-01", "kind": "winner", "chapter": 2, "answer": "5S",
                              "correct": False, "seconds": 2.0, "hints_used": 1, "shown": False})
        r = results(2)
        assert isinstance(r, Table), type(r)
        first = r.records()[0]
        assert first["puzzle"] == "c2-01" and first["tries"] == 1 and first["hints"] == 1, first
        assert "<table" in r._repr_html_() and "c2-01" in r._repr_html_()
        ladder = rank_ladder("barker", "D")
        assert ladder.index[:3] == (1, 2, 3) and list(ladder.rows[0].values())[0] == "5♦"
        lt = legal_table("barker", "S", hand="KH 3S 2D 9C AH", trick="8H")
        assert "R4" in lt._repr_html_()
        g = ff.Game.new("bruff", seed=3)
        from fortyfive.agents.bots import make_bot
        bot = make_bot("rule", seed=1)
        while not g.over:
            g.apply(bot.choose(g, g.to_act))
        assert isinstance(g.score_sheet(), Table) and len(g.score_sheet(by="deal")) >= 1
        try:
            g.score_sheet().to_pandas()
        except ImportError as e:
            assert "pip install pandas" in str(e), e
        else:
            raise AssertionError("to_pandas without pandas")
        assert "<svg" in running_totals_chart(g).svg()
        assert len(deal_timeline(g, 2)) >= 1 and len(trick_table(g)) >= 1
        print(table([{"a": 1}]))
        import sys
        assert "pandas" not in sys.modules
        print("ok")
        """
    )
    run = _run_without_pandas(code, tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "ok"


#: The quick tier's sample: the chapter of score sheets and running totals, the practice page.
QUICK_LITE_CHAPTERS = ["04_scoring_race_to_45.ipynb", "practice.ipynb"]


@pytest.mark.parametrize(
    "name",
    [n if n in QUICK_LITE_CHAPTERS else pytest.param(n, marks=full_only) for n in LITE_CHAPTERS],
)
def test_every_chapter_runs_without_pandas(tmp_path: Path, name: str) -> None:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    code = f"\nimport sys\nfor _cell in {cells!r}:\n    exec(compile(_cell, 'cell', 'exec'))\n"
    code += "assert 'pandas' not in sys.modules\nprint('ok')\n"
    run = _run_without_pandas(code, tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]


def test_a_plain_table_prints_and_slices() -> None:
    t = Table([{"x": 1, "y": "a"}, {"x": 22, "y": None}], index=[5, 6], index_name="n")
    assert str(t).splitlines() == ["n  x y", "5  1 a", "6 22"]
    assert t.tail(1).records() == [{"x": 22, "y": None}]
    assert t.index == (5, 6)
    assert '<th scope="col">n</th>' in t._repr_html_()


def test_lite_notebooks_have_the_lite_kernelspec_and_no_outputs(tmp_path: Path) -> None:
    dest = tmp_path / "02.ipynb"
    lite_notebook(NOTEBOOKS / "02_tricks_and_reneging.ipynb", dest)
    nb = json.loads(dest.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"] == LITE_KERNELSPEC
    assert nb["metadata"]["kernelspec"]["name"] == "python"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert chapter_url("02.ipynb") == "notebooks/index.html?path=02.ipynb"


def test_lite_notebooks_are_trusted(tmp_path: Path) -> None:
    # Lite has no server to sign a notebook: each code cell says it is trusted, as Jupyter
    # Server marks a signed notebook's cells, so Lite does not show "Not Trusted".
    dest = tmp_path / "02.ipynb"
    lite_notebook(NOTEBOOKS / "02_tricks_and_reneging.ipynb", dest)
    cells = json.loads(dest.read_text(encoding="utf-8"))["cells"]
    assert all(c["metadata"]["trusted"] is True for c in cells if c["cell_type"] == "code")
    assert all("trusted" not in c["metadata"] for c in cells if c["cell_type"] != "code")


def _extension(root: Path, name: str) -> None:
    (root / name).mkdir(parents=True)
    (root / name / "package.json").write_text(json.dumps({"name": name}), encoding="utf-8")


def test_the_lite_build_takes_only_the_extensions_the_course_needs(tmp_path: Path) -> None:
    # Everything the dev extra installs is there, nbgrader's teacher tools included.
    for name in (*EXTENSIONS, "@jupyter/nbgrader", "@jupyter-notebook/lab-extension"):
        _extension(tmp_path, name)
    config = build_config(tmp_path)["LiteBuildConfig"]
    assert config["ignore_sys_prefix"] == ["federated_extensions"]
    assert config["federated_extensions"] == [str(tmp_path / n) for n in EXTENSIONS]
    assert "nbgrader" not in json.dumps(config)


def test_the_lite_build_says_which_needed_extension_is_missing(tmp_path: Path) -> None:
    _extension(tmp_path, "@jupyter/nbgrader")
    with pytest.raises(LiteError, match="pyodide-kernel-extension is not installed"):
        build_config(tmp_path)


def test_the_lite_landing_page_opens_the_first_chapter_in_the_notebook_view() -> None:
    page = (
        '<html><head><script id="jupyter-config-data" type="application/json" '
        'data-jupyter-lite-root=".">{}</script>\n    <script type="module">\n'
        "      await import('./config-utils.js');\n    </script>\n  </head>\n</html>"
    )
    landing = landing_page(page, "00_start_here.ipynb")
    assert "config-utils.js" not in landing  # no redirect to the JupyterLab launcher
    assert 'id="jupyter-config-data"' in landing  # the apps' pages read it
    assert 'url=notebooks/index.html?path=00_start_here.ipynb"' in landing
    assert 'href="notebooks/index.html?path=00_start_here.ipynb"' in landing
    with pytest.raises(LiteError, match=r"root index\.html has changed"):
        landing_page("<html></html>")


def _wheel(path: Path, files: dict[str, str]) -> None:
    record = "".join(f"{name},,\n" for name in files)
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
        z.writestr("pkg-1.0.dist-info/RECORD", record + "pkg-1.0.dist-info/RECORD,,\n")


def test_a_compiled_wheel_imports_its_bytecode_without_checking_the_source(
    tmp_path: Path,
) -> None:
    # Compiled by the Python that imports it (here the host's; for the site, Pyodide's).
    source = tmp_path / "src" / "pkg-1.0-py3-none-any.whl"
    source.parent.mkdir()
    _wheel(
        source,
        {
            "pkg/__init__.py": "VALUE = 'compiled'\n",
            "pkg/broken.py": "def (:\n",  # not Python: kept as it is, not compiled
            "pkg-1.0.data/scripts/tool.py": "print('x')\n",
        },
    )
    dest = tmp_path / "pkg-1.0-py3-none-any.whl"
    assert compile_wheel(source, dest) == 1
    site = tmp_path / "site"
    with zipfile.ZipFile(dest) as z:
        names = z.namelist()
        record = z.read("pkg-1.0.dist-info/RECORD").decode()
        z.extractall(site)
    pyc = f"pkg/__pycache__/__init__.{sys.implementation.cache_tag}.pyc"
    assert pyc in names and "pkg/broken.py" in names
    digest = hashlib.sha256((site / pyc).read_bytes()).digest()
    assert f"{pyc},sha256={base64.urlsafe_b64encode(digest).rstrip(b'=').decode()}," in record
    # The source changed after install would be recompiled by a checked .pyc; this one is used.
    (site / "pkg" / "__init__.py").write_text("VALUE = 'source'\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", "import pkg; print(pkg.VALUE)"],
        capture_output=True,
        text=True,
        cwd=site,
        timeout=60,
    )
    assert run.stdout.strip() == "compiled", run.stderr


def test_the_standard_library_is_compiled_sourceless_and_imports_from_its_zip(
    tmp_path: Path,
) -> None:
    # As Pyodide imports its standard library: from a zip on sys.path, here the host's Python.
    source = tmp_path / "src" / STDLIB
    source.parent.mkdir()
    with zipfile.ZipFile(source, "w") as z:
        z.writestr("stdmod.py", "def fail():\n    raise ValueError('from stdmod')\n")
        z.writestr("stdpkg/__init__.py", "VALUE = 'package'\n")
        z.writestr("stdpkg/template.py", "def (:\n")  # not Python: kept as source
        z.writestr("stdpkg/data.txt", "kept\n")
    mount = tmp_path / "lib" / "python.zip"
    mount.parent.mkdir()
    assert compile_stdlib(source, mount, str(mount)) == 2
    with zipfile.ZipFile(mount) as z:
        names = sorted(z.namelist())
    assert names == [
        "stdmod.pyc",
        "stdpkg/__init__.pyc",
        "stdpkg/data.txt",
        "stdpkg/template.py",
    ]
    code = (
        "import sys, traceback; sys.path.insert(0, sys.argv[1])\n"
        "import stdmod, stdpkg; print(stdpkg.VALUE, stdmod.__spec__.origin)\n"
        "try:\n    stdmod.fail()\nexcept ValueError as e:\n"
        "    print(traceback.extract_tb(e.__traceback__)[-1].filename)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(mount)], capture_output=True, text=True, timeout=60
    )
    assert run.stdout.split() == [
        "package",
        f"{mount}/stdmod.pyc",
        f"{mount}/stdmod.py",  # the frame names where its source would be
    ], run.stderr


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, float]:
    return built_lite(tmp_path_factory)  # the session's build, shared with the browser test


@pytest.mark.slow
@pytest.mark.xdist_group("site")
def test_the_lite_site_serves_pyodide_and_every_wheel_it_names(
    lite_site: tuple[Path, str, float],
) -> None:
    site, output, seconds = lite_site
    print(f"lite build: {seconds:.0f} s; {output.strip()}")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["loadPyodideOptions"]["packages"] == PRELOAD
    # A learner's site: only the extensions the course needs, no teacher's tools (nbgrader).
    for config_file in site.rglob("jupyter-lite.json"):
        text = config_file.read_text(encoding="utf-8")
        assert "nbgrader" not in text, config_file
        data = json.loads(text)["jupyter-config-data"]
        if "federated_extensions" in data:
            assert sorted(e["name"] for e in data["federated_extensions"]) == sorted(EXTENSIONS)
    extensions = site / "extensions"
    assert sorted(
        p.parent.relative_to(extensions).as_posix() for p in extensions.rglob("package.json")
    ) == sorted(EXTENSIONS)
    # Opened at the first chapter, in the Notebook view, not the JupyterLab launcher.
    assert 'url=notebooks/index.html?path=00_start_here.ipynb"' in (site / "index.html").read_text(
        encoding="utf-8"
    )
    pyodide = site / "static" / "pyodide"
    for core in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (pyodide / core).is_file(), core
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    for name, entry in lock.items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']} is not served"
        assert entry["sha256"] == _sha256(wheel), name
        assert all(d in lock for d in entry["depends"]), (name, entry["depends"])
    assert {"fortyfive", "anywidget", "ipywidgets", "psygnal", "comm", "ipython", "fsrs"} <= set(
        lock
    )
    assert "fsrs" in lock["fortyfive"]["depends"]  # the review queue's scheduler
    assert "pandas" not in lock and "numpy" not in lock
    assert "pandas" not in lock["fortyfive"]["depends"]
    # Every package the kernel would install one by one at start is in the lock, preloaded.
    assert set(PRELOAD) <= set(lock)
    with zipfile.ZipFile(pyodide / lock["fortyfive"]["file_name"]) as z:
        assert "fortyfive/widgets/static/table.js" in z.namelist()
        assert any(n.startswith("fortyfive/engine/__pycache__/") for n in z.namelist())
    for name in LITE_CHAPTERS:
        nb = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        assert nb["metadata"]["kernelspec"]["name"] == "python"
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(c["metadata"]["trusted"] is True for c in code), name
    assert (site / "notebooks" / "index.html").is_file()
    # No address outside the site in its configuration.
    assert "cdn.jsdelivr" not in (site / "jupyter-lite.json").read_text(encoding="utf-8")


def test_the_progress_file_downloads_from_the_page(tmp_path: Path) -> None:
    import base64

    from fortyfive.course import download_progress
    from fortyfive.course.progress import ProgressLog

    log = ProgressLog(tmp_path / "fortyfive-progress.json")
    log.record(
        {
            "puzzle": "c1-01",
            "kind": "order",
            "chapter": 1,
            "answer": ["5D"],
            "correct": True,
            "seconds": 3.2,
            "hints_used": 0,
            "shown": False,
        }
    )
    page = download_progress(log.path)._repr_html_()
    assert 'download="fortyfive-progress.json"' in page
    data = page.split("base64,")[1].split('"')[0]
    assert json.loads(base64.b64decode(data))["attempts"][0]["puzzle"] == "c1-01"
