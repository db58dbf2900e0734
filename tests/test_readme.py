"""README.md, the project's front page: its two starting commands (the second is exactly what
CI runs), its engine example (run here, its printed output compared), its picture and links,
and the install advice it and the command line give (true for a package on no index)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
import sys
from importlib import metadata
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
COURSE_COMMAND = (
    'python3 -m venv .venv && .venv/bin/pip install -q -e ".[lab]" && .venv/bin/fortyfive course'
)
TEST_COMMAND = (
    'python3 -m venv .venv && .venv/bin/pip install -q -e ".[dev]" && npm ci --prefix widgets'
    " && .venv/bin/ruff check . && .venv/bin/ruff format --check . && .venv/bin/mypy"
    " && .venv/bin/python -m pytest"
)
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)


def blocks(language: str | None = None) -> list[str]:
    """The README's fenced blocks (of ``language`` only, if given), in order."""
    found = _FENCE.findall(README.read_text(encoding="utf-8"))
    return [body for lang, body in found if language is None or lang == language]


def test_the_readme_starts_with_the_course_and_the_test_commands() -> None:
    first, second = blocks()[:2]
    assert first.strip() == COURSE_COMMAND
    assert second.strip() == TEST_COMMAND
    # nothing but the title before them
    text = README.read_text(encoding="utf-8")
    assert text[: text.index("```")].strip() == "# Forty-Five"


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "set -euo pipefail" in run
    commands = [line for line in run[run.index("set -euo pipefail") + 1 :] if line.strip()]
    assert commands[-1] == TEST_COMMAND


def test_the_engine_example_prints_what_the_readme_says() -> None:
    python = blocks("python")
    assert len(python) == 1, "one Python example"
    code = python[0]
    assert len(code.strip().splitlines()) <= 10
    text = README.read_text(encoding="utf-8")
    expected = text[text.index(code) + len(code) :]
    printed = re.search(r"^prints\n\n```text\n(.*?)^```$", expected, re.S | re.M)
    assert printed, "the example is followed by `prints` and its output in a text block"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
    assert out.getvalue() == printed[1]


def test_the_readme_is_a_short_front_page_with_a_picture_of_the_table() -> None:
    size = README.stat().st_size
    assert size <= 10 * 1024, f"README.md is {size} bytes"
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", README.read_text(encoding="utf-8"))
    assert pictures and all((REPO / p).is_file() for p in pictures), pictures
    assert pictures[0].startswith("docs/screenshots/") and pictures[0].endswith(".png")


def test_the_readme_has_the_three_starts_and_both_presets() -> None:
    text = README.read_text(encoding="utf-8")
    for heading in ("## Learn", "## Teach", "## Develop"):
        assert f"\n{heading}\n" in text
    assert "python -m fortyfive assign" in text and "python -m fortyfive grade" in text
    assert "`bruff`" in text and "`barker`" in text


def test_every_link_of_the_readme_exists() -> None:
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"(?<!!)\[[^\]]+\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert links
    missing = [link for link in links if "://" not in link and not (REPO / link).exists()]
    assert not missing, f"README.md links to missing files: {missing}"


def test_no_install_advice_pretends_fortyfive_is_on_an_index() -> None:
    """``pip install 'fortyfive[...]'`` would fetch another package or none: the README and the
    package's messages name a checkout or a wheel file instead."""
    pattern = re.compile(r"pip install [\"']?fortyfive\[")
    texts = {README: README.read_text(encoding="utf-8")}
    for path in [*(REPO / "fortyfive").rglob("*.py"), *(REPO / "book").rglob("*.py")]:
        texts[path] = path.read_text(encoding="utf-8")
    offenders = [
        str(path.relative_to(REPO))
        for path, text in texts.items()
        # the hint's own docstring says why it is never given
        if pattern.search(text) and path.name != "files.py"
    ]
    assert not offenders, offenders
    wheel_line = next(b for b in blocks("sh") if "pip wheel" in b)
    assert '"dist/fortyfive-0.2.0-py3-none-any.whl[lab]"' in wheel_line


class _Installed:
    def __init__(self, direct_url: dict[str, object] | None) -> None:
        self.direct_url = direct_url

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return None if self.direct_url is None else json.dumps(self.direct_url)


def test_the_hint_from_a_checkout_is_the_editable_install() -> None:
    from fortyfive.course.files import install_hint

    assert install_hint("lab") == f"pip install -e '.[lab]' in the checkout {REPO}"


def test_the_hint_from_a_wheel_is_that_wheel_again_with_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fortyfive.course import files

    monkeypatch.setattr(files, "checkout", lambda: None)  # as in a wheel's site-packages
    url = {"url": "file:///home/me/dist/fortyfive-0.2.0-py3-none-any.whl", "archive_info": {}}
    monkeypatch.setattr(metadata, "distribution", lambda name: _Installed(url))
    hint = files.install_hint("lab")
    assert hint.startswith("pip install '/home/me/dist/fortyfive-0.2.0-py3-none-any.whl[lab]' ")
    assert "the wheel this fortyfive was installed from" in hint
    # a wheel from elsewhere (or no record of it): its file name, which pip takes as a path
    monkeypatch.setattr(metadata, "distribution", lambda name: _Installed(None))
    hint = files.install_hint("teacher")
    assert hint.startswith(f"pip install 'fortyfive-{files.__version__}-py3-none-any.whl")
    assert "[teacher]" in hint and "fortyfive[" not in hint


def test_course_without_jupyterlab_gives_the_hint_for_this_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from fortyfive.course import launch

    monkeypatch.setattr(launch, "install_hint", lambda extra: f"<how to add [{extra}]>")
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "jupyterlab" else find_spec(name, *a),
    )
    from fortyfive.__main__ import main

    assert main(["course", "--dir", str(tmp_path / "course")]) == 2
    assert "<how to add [lab]>" in capsys.readouterr().err


def test_the_version_is_the_changelogs_latest_release() -> None:
    from fortyfive import __version__

    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", changelog, re.M)
    assert releases and releases[0] == __version__
    assert sys.modules["fortyfive"].__version__ == __version__
