"""The command line: play in the terminal, replay a record, bench, open JupyterLab, the book."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fortyfive as ff
from fortyfive.cli import main
from fortyfive.cli.play import play
from fortyfive.course import launch
from fortyfive.course.files import FIRST_CHAPTER, NOTEBOOKS
from fortyfive.course.launch import lab_command
from fortyfive.engine.observe import render_text
from fortyfive.puzzles import KINDS


class Script:
    """Answers prompts: first some bad inputs, then always the last legal action."""

    def __init__(self, bad: list[str]) -> None:
        self.bad = list(bad)
        self.game: ff.Game | None = None
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        if self.bad:
            return self.bad.pop(0)
        assert self.game is not None
        return self.game.legal_actions()[-1]


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_play_a_whole_game_with_bad_inputs_reprompting(
    preset: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = Script(["dance", "?", "bid 99" if preset == "barker" else "play ZZ"])
    new = ff.Game.new

    def capture(*args, **kwargs):
        script.game = new(*args, **kwargs)
        return script.game

    monkeypatch.setattr(ff.Game, "new", capture)
    lines: list[str] = []
    save = tmp_path / "game.json"
    game = play(preset, 1, 12, save, read=script, out=lines.append)
    text = "\n".join(lines)
    assert game.over
    assert "not allowed: unknown action 'dance'" in text
    assert "legal now:" in text
    assert "Game over: partnership" in text
    assert json.loads(save.read_text())["actions"] == game.history
    # Other seats' hands never appear in the terminal view of seat 1.
    assert "seat 0 [" in text and "(5 cards)" in text


def test_play_whose_record_cannot_be_written_prints_it_instead(tmp_path: Path) -> None:
    lines: list[str] = []
    save = tmp_path / "gone" / "game.json"  # the folder went away during the game
    game = play("bruff", 0, 5, save, read=lambda prompt: "quit", out=lines.append)
    said = lines.index(next(line for line in lines if "was not saved" in line))
    assert f"the record was not saved to {save}" in lines[said]
    assert json.loads(lines[said + 1]) == game.record()
    assert not save.exists()


def test_play_accepts_a_bare_card(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ff.Game.new("bruff", seed=3)
    seat = game.to_act
    card = game.legal_actions()[0].split()[1].lower()
    answers = iter([card])
    monkeypatch.setattr(ff.Game, "new", lambda *a, **k: game)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    play("bruff", seat, 3, None, read=read, out=lambda s: None)
    assert game.history[0] == f"play {card.upper()}"


class Typed:
    """Lines typed at the prompt, then the input closes; what was printed, line by line."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.printed: list[str] = []

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    @property
    def text(self) -> str:
        return "\n".join(self.printed)


def test_play_commands_are_read_in_any_letter_case() -> None:
    typed = Typed("HINT", "Help", "QUIT", "play AS")  # seed 3: seat 0 plays first in trick 1
    game = play("bruff", 0, 3, None, read=typed.read, out=typed.printed.append)
    assert "unknown action" not in typed.text and "not allowed" not in typed.text
    assert "a rule-based player would: play A♠" in typed.text  # 'HINT' asked the solver (a tie)
    assert typed.text.count("legal now: play A♠, play J♠") == 2  # shown, then on 'Help'
    assert typed.lines == ["play AS"] and "bye" not in typed.text  # 'QUIT' stopped the game
    assert game.history and not any(a.startswith("play AS") for a in game.history)


def test_play_refuses_an_unknown_word_naming_the_terminals_commands_too() -> None:
    typed = Typed("dance", "quit")
    play("bruff", 0, 3, None, read=typed.read, out=typed.printed.append)
    refusal = next(ln for ln in typed.printed if ln.startswith("not allowed: "))
    assert refusal == (
        "not allowed: unknown action 'dance'; the actions are play, rob, bury, bid, hold, "
        "pass, trump, discard; the commands are hint, ?, quit"
    )


def test_play_bury_step_says_the_joker_is_the_dealers_to_bury_a_card_r6_4() -> None:
    typed = Typed("?", "quit")
    game = play("bruff", 0, 57, None, read=typed.read, out=typed.printed.append)
    assert game.phase == "bury" and game.dealer == 0 and game.to_act == 0  # the joker turned up
    view = typed.text.split("legal now: ")[0]
    assert (
        "turn-up: the joker (R6.4): it is yours; bury one card face down before the next card "
        "is turned up for trump"
    ) in view
    other = render_text(game, 1)  # public: every seat saw the joker turned up (R6.4)
    assert (
        "turn-up: the joker (R6.4): it goes to seat 0, the dealer, who buries one card face "
        "down before the next card is turned up for trump"
    ) in other
    dealer = set(render_text(game, 0).split("seat 0 [A]: ")[1].splitlines()[0].split())
    assert not dealer & set(other.split()), "seat 1 sees none of the dealer's cards"
    game.apply(game.legal_actions()[0])
    assert "the joker (R6.4)" not in render_text(game, 0)  # buried: the turn-up is the card


def test_replay_prints_the_score_sheet(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = ff.Game.new("barker", seed=2)
    import random

    from fortyfive.agents.random_play import random_action

    rng = random.Random(2)
    while not game.over:
        game.apply(random_action(game, rng))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(game.record()))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "taken N-S" in out and f"scores {list(game.scores)}" in out


def test_replay_of_a_bad_file_is_a_clear_error(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "nope"}')
    assert main(["replay", str(path)]) == 2
    assert "bad game record" in capsys.readouterr().err


def test_bench_prints_rates_for_both_presets() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", "bench", "--seconds", "0.2"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "actions/s" in out and "bruff" in out and "barker" in out


def test_bench_solver_prints_median_and_p95_per_kind() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", "bench", "--solver", "--positions", "1", "--seed", "2"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "median ms" in out and "p95 ms" in out
    for kind in ("barker hand", "bruff deal", "3 tricks"):
        assert kind in out


def test_bench_puzzles_prints_median_and_p95_for_every_kind() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", "bench", "--puzzles", "--rounds", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "median ms" in out and "p95 ms" in out
    for kind in KINDS:
        assert f" {kind} " in f" {out} ".replace("\n", " ")


def test_bench_drills_prints_median_and_p95_for_every_drill_kind() -> None:
    from fortyfive.puzzles.sessions import DRILL_KINDS

    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", "bench", "--drills", "--rounds", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "median ms" in out and "p95 ms" in out
    for kind in DRILL_KINDS:
        assert f" {kind} " in f" {out} ".replace("\n", " ")


def test_play_hint_ranks_the_legal_cards_and_opponents_are_bots() -> None:
    """`hint` prints the sampler's ranking in the trick phase; before it, it says why not."""
    lines: list[str] = []

    def read(_: str) -> str:
        legal = next(ln for ln in reversed(lines) if ln.startswith("legal now: "))
        if "play " not in legal:
            asked = any("hints judge card play" in ln for ln in lines)
            if not asked:
                return "hint"
            if "discard up to" in legal:  # R9.7: the subsets are described, not listed
                return "discard"
            return "pass" if "pass" in legal else legal.split(": ")[1].split(", ")[0]
        if any(ln.startswith("play ") for ln in lines):
            return "quit"
        return "hint"

    game = play("barker", 0, 5, None, read=read, out=lines.append)
    assert game.phase == "play"
    text = "\n".join(lines).splitlines()
    ranked = {" ".join(ln.split()[:2]) for ln in text if ln.startswith("play ")}
    legal = next(ln for ln in reversed(lines) if ln.startswith("legal now: "))
    assert ranked == set(legal.removeprefix("legal now: ").split(", "))


def test_lab_refuses_a_missing_notebook(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "course"
    assert main(["lab", "no-such.ipynb", "--dir", str(folder)]) == 2
    said = capsys.readouterr().err
    assert f"no notebook no-such.ipynb in {folder}; the course's notebooks are " in said
    assert "00_start_here.ipynb, 01_cards_and_trumps.ipynb" in said
    assert not folder.exists()  # refused before anything is written


def test_course_refuses_a_dir_that_is_a_file_or_cannot_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine")
    assert main(["course", "--dir", str(afile), "--no-browser"]) == 2
    assert f"{afile} is a file, not a folder: give another --dir" in capsys.readouterr().err
    assert afile.read_text() == "mine"

    def full(folder: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(launch, "copy_course", full)
    assert main(["course", "--dir", str(tmp_path / "c"), "--no-browser"]) == 2
    said = capsys.readouterr().err
    assert f"could not be copied into {tmp_path / 'c'}: No space left on device" in said


class Served:
    """Stands in for :func:`fortyfive.course.launch.serve`: records what would be run."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, cmd: list[str], **kwargs: Any) -> int:
        self.calls.append({"cmd": cmd, **kwargs})
        return 0


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Served:
    """No server is started: the command line is captured; the notary writes under tmp_path."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    fake = Served()
    monkeypatch.setattr(launch, "serve", fake)
    return fake


def test_lab_runs_jupyterlab_on_the_learners_copy(served: Served, tmp_path: Path) -> None:
    """`lab` (and `course`) copy the notebooks into the learner's folder and start JupyterLab
    there, opened at the notebook, with the course's private Jupyter configuration."""
    folder = tmp_path / "course"
    assert main(["lab", "--dir", str(folder)]) == 0
    (call,) = served.calls
    cmd = call["cmd"]
    assert cmd == lab_command("play.ipynb", folder)
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={folder}" in cmd and cmd[4] == "play.ipynb"
    assert "--no-browser" not in cmd
    assert call["cwd"] == folder and call["notebook"] == "play.ipynb"
    # the launcher's own settings folder, outside the course folder: nothing there runs
    assert call["env"]["JUPYTER_CONFIG_DIR"] == str(tmp_path / "config" / "fortyfive" / "jupyter")
    assert ("--allow-root" in cmd) == (os.geteuid() == 0)
    assert (folder / "play.ipynb").read_bytes() == (NOTEBOOKS / "play.ipynb").read_bytes()


@pytest.mark.parametrize(
    ("argv", "notebook"),
    [(["course"], "00_start_here.ipynb"), (["course", "03_deal_turnup_robbing.ipynb"], None)],
)
def test_course_opens_jupyterlab_at_the_first_chapter(
    argv: list[str],
    notebook: str | None,
    served: Served,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The default folder is ./fortyfive-course; --no-browser goes through to JupyterLab."""
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--no-browser"]) == 0
    (call,) = served.calls
    folder = tmp_path / "fortyfive-course"
    name = notebook or argv[1]
    assert call["cmd"] == lab_command(name, folder, open_browser=False)
    assert "--no-browser" in call["cmd"] and call["notebook"] == name
    assert (folder / name).is_file()
    assert FIRST_CHAPTER == "00_start_here.ipynb"


def test_course_refuses_a_missing_chapter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["course", "99_no_such_chapter.ipynb", "--dir", str(tmp_path)]) == 2
    assert "no notebook 99_no_such_chapter.ipynb" in capsys.readouterr().err


def _not_installed(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Make ``module`` look absent to the commands' install checks."""
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == module else find_spec(name, *a),
    )


def test_course_without_jupyterlab_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _not_installed(monkeypatch, "jupyterlab")
    assert main(["course", "--dir", str(tmp_path / "course")]) == 2
    err = capsys.readouterr().err
    # from a checkout, the true advice: fortyfive is on no package index
    assert "pip install -e '.[lab]' in the checkout" in err and "fortyfive[" not in err
    assert not (tmp_path / "course").exists()


def test_book_without_jupyter_book_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _not_installed(monkeypatch, "jupyter_book")
    assert main(["book", "--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "jupyter-book is not installed" in err and "pip install -e '.[book]'" in err
    assert not (tmp_path / "site").exists()


def test_bench_bots_prints_decision_times_per_preset_and_phase() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", "bench", "--bots", "--bot", "rule", "--deals", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "median ms" in out and "p95 ms" in out and "max ms" in out
    for word in ("bruff", "barker", "trick 1", "bid", "all cards"):
        assert word in out


def test_bench_hints_prints_times_and_the_agreement_with_the_unbudgeted_ranking() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", "bench", "--hints", "--positions", "1", "--seed", "2"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "p95 ms" in out and "same first" in out and "points given up" in out


def test_play_level_chooses_the_opponents(monkeypatch: pytest.MonkeyPatch) -> None:
    import fortyfive.cli.play as cli_play

    seen: list[str] = []
    monkeypatch.setattr(cli_play, "play", lambda *a, opponents: seen.append(opponents))
    assert main(["play", "--level", "beginner"]) == 0
    assert main(["play"]) == 0
    assert main(["play", "--opponents", "search"]) == 0
    assert seen == ["erring", "rule", "search"]
    with pytest.raises(SystemExit):
        main(["play", "--level", "club", "--opponents", "rule"])


@pytest.mark.slow
def test_bench_runs_the_same_command_inside_pyodide() -> None:
    import shutil

    if shutil.which("node") is None:
        pytest.skip("node is not installed (apt-get install nodejs)")
    pytest.importorskip("jupyterlite_pyodide_kernel")
    command = ["bench", "--preset", "bruff", "--seconds", "1", "--pyodide"]
    out = subprocess.run(
        [sys.executable, "-m", "fortyfive", *command],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "games/s" in out.stdout and "bruff" in out.stdout
