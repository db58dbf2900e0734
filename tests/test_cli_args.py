"""The command line refuses bad arguments with the subcommand's usage and a clear message, and
every command's --help works."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import fortyfive as ff
from fortyfive import __version__
from fortyfive.cli import build_parser, main
from fortyfive.cli.play import play
from fortyfive.engine.record import MAX_RECORD_BYTES

COMMANDS = ["play", "course", "lab", "book", "replay", "bench", "tournament"]


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_of_the_program_and_every_subcommand(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--help"] if command else ["--help"]
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    assert "usage:" in capsys.readouterr().out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_says_what_it_is_for(command: str) -> None:
    _, commands = build_parser()
    for action in commands[command]._actions:
        assert action.help, f"{command} {action.option_strings or action.dest} has no help"


def test_the_help_names_the_program_as_it_was_started_and_says_where_to_begin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for started, prog in [
        ("/home/me/.venv/bin/fortyfive", "fortyfive"),
        ("/usr/lib/python3/site-packages/fortyfive/__main__.py", "python -m fortyfive"),
        ("-c", "python -m fortyfive"),
    ]:
        monkeypatch.setattr(sys, "argv", [started, "--help"])
        parser, commands = build_parser()
        text = parser.format_help()
        assert text.startswith(f"usage: {prog} ") and "'course' opens the course" in text
        assert commands["play"].format_usage().startswith(f"usage: {prog} play")
        assert "``" not in text  # words for a reader, not markup


def test_version_says_which_fortyfive_this_is(capsys: pytest.CaptureFixture[str]) -> None:
    """The release a teacher grades with must be the one that assigned: --version says it."""
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"fortyfive {__version__}\n"


def test_the_fortyfive_script_and_h_work() -> None:
    for argv in (["-h"], ["--help"]):
        out = subprocess.run(
            [sys.executable, "-m", "fortyfive", *argv], capture_output=True, text=True, check=False
        )
        assert out.returncode == 0 and "tournament" in out.stdout, out.stderr


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["bench", "--seconds", "-1"], "argument --seconds: -1 is not a number of seconds above 0"),
        (["bench", "--seconds", "nan"], "argument --seconds"),
        (
            ["bench", "--solver", "--positions", "0"],
            "argument --positions: 0 is not a number of positions",
        ),
        (["tournament", "--games", "0"], "argument --games"),
        (
            ["tournament", "--games", "1000000000"],
            "argument --games: 1000000000 is not a number of games from 1 to 100,000",
        ),
        (["tournament", "--max-hands", "10001"], "argument --max-hands: 10001 is not a number"),
        (["tournament", "--jobs", "1000000000"], "argument --jobs: 1000000000 is not a number"),
        (
            ["bench", "--hints", "--positions", "1000000000"],
            "argument --positions: 1000000000 is not a number of positions from 1 to 1,000",
        ),
        (["bench", "--solver", "--positions", "1001"], "argument --positions: 1001 is not"),
        (["bench", "--bots", "--deals", "5000"], "argument --deals: 5000 is not a number of deals"),
        (["bench", "--drills", "--rounds", "10**9"], "argument --rounds: '10**9' is not a number"),
        (["tournament", "--bots", "rule"], "python -m fortyfive tournament: error: a tournament"),
        (["tournament", "--bots", "rule,chess"], "python -m fortyfive tournament: error"),
        (["bench", "--solver", "--bots"], "argument --bots: not allowed with argument --solver"),
        (["bench", "--bots", "--positions", "3"], "--positions is for --solver or --hints, not"),
        (["bench", "--solver", "--bot", "rule"], "error: --bot is for --bots, not --solver"),
        (["bench", "--hints", "--seconds", "1"], "--seconds is for the random games, not --hints"),
        (["bench", "--rounds", "2"], "--rounds is for --puzzles, --drills or --progress, not the"),
        (["bench", "--puzzles", "--seed", "3"], "--seed is for --solver, --hints, --bots or"),
        (["bench", "--drills", "--preset", "bruff"], "--preset is for the random games or --bots"),
        (["tournament", "--plot", "x.svg"], "tournament: error: --plot is for --ladder"),
        (["tournament", "--levels", "club,strong"], "error: --levels is for --ladder"),
        (["tournament", "--ladder", "--bots", "rule,search"], "give --levels, not --bots"),
        (["tournament", "--ladder", "--plot", "no/such/x.svg"], "there is no folder no/such"),
        (
            ["play", "--save", "no/such/game.json"],
            "argument --save: no/such/game.json: there is no",
        ),
        (["play", "--save", "."], "argument --save: .: it is a folder, not a file"),
        (["play", "--seat", "9"], "python -m fortyfive play: error: --seat must be 0..5"),
        (["play", "--seed", "-4"], "argument --seed: -4 is not a seed"),
    ],
)
def test_a_bad_argument_is_refused_under_its_subcommand(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    assert needle in capsys.readouterr().err


def test_replay_of_a_binary_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert main(["replay", str(path)]) == 2
    assert "is not a text file: a record is UTF-8 JSON" in capsys.readouterr().err


def test_replay_of_a_record_with_a_number_json_does_not_have_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": NaN}', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "is not JSON: NaN" in capsys.readouterr().err


def test_replay_of_a_huge_or_missing_file_is_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)
    assert main(["replay", str(path)]) == 2
    assert f"larger than {MAX_RECORD_BYTES} bytes" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["replay", str(tmp_path)]) == 2  # a folder, a pipe or a device: not read
    assert "is not a file" in capsys.readouterr().err


@pytest.mark.parametrize("stop", ["quit", "eof"])
def test_play_save_writes_the_record_when_the_learner_quits(tmp_path: Path, stop: str) -> None:
    save = tmp_path / "game.json"
    answers = iter(["?", "quit"])

    def read(prompt: str) -> str:
        if stop == "eof":
            raise EOFError
        return next(answers)

    lines: list[str] = []
    game = play("barker", 0, 3, save, read=read, out=lines.append)
    assert not game.over
    assert json.loads(save.read_text())["actions"] == game.history
    assert any("record saved" in ln and "unfinished" in ln for ln in lines)
    assert "'quit' stops" in lines[0]


def test_typed_display_forms_and_notation_help() -> None:
    from fortyfive.cli.play import _normalise

    assert _normalise("10c") == "play TC" and _normalise("5♠") == "play 5S"
    assert _normalise("rob 10♦") == "rob TD"
    assert _normalise("discard 10♣ j♥") == "discard TC jH"
    assert _normalise("Joker") == "play JK" and _normalise("bury joker") == "bury JK"


def test_the_barker_discard_prompt_describes_the_grammar() -> None:
    lines: list[str] = []
    answers = iter(["pass", "pass", "pass", "bid 5", "trump S", "discard 99", "quit"])
    import fortyfive as ff

    g = ff.Game.new("barker", seed=3)
    seat = (g.dealer + 1) % 4

    def read(prompt: str) -> str:
        return next(answers)

    play("barker", seat, 3, None, read=read, out=lines.append, opponents="random")
    legal = [ln for ln in lines if ln.startswith("legal now: ")]
    assert all(ln.count("discard") <= 3 for ln in legal)


def test_the_terminal_view_speaks_to_the_learner(monkeypatch: pytest.MonkeyPatch) -> None:
    """No <Game ...> repr, '1 card', and hint columns with a header and no -0.0."""
    from functools import partial

    import fortyfive as ff
    from fortyfive.agents import advice
    from fortyfive.cli import play
    from fortyfive.cli.play import _hint_text

    # The node budget alone, not the clock: a busy machine must not turn the ranking into
    # the rule-based stand-in this test does not look at.
    monkeypatch.setattr(play, "learner_advice", partial(advice.learner_advice, seconds=None))
    from fortyfive.engine.observe import render_text

    g = ff.Game.new("bruff", seed=6)
    while g.phase != "play" or len(g.hand(1)) != 1:
        g.apply(g.legal_actions()[0])
    view = render_text(g, 0)
    assert not view.startswith("<Game") and view.startswith("bruff, deal")
    assert "(1 card)" in view and "(1 cards)" not in view
    g = ff.Game.new("bruff", seed=6)
    if g.phase == "bury":
        g.apply(g.legal_actions()[0])
    text = _hint_text(g, g.to_act or 0)
    header, *rows = text.splitlines()
    assert header.split()[:3] == ["action", "points", "gives"]
    assert rows and "-0.0" not in text


def test_tournament_jobs_are_lowered_to_the_machines_cores_and_it_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fortyfive.cli import tournament

    asked: list[int] = []

    class Result:
        def summary(self) -> str:
            return "summary"

    def fake(*args: object, jobs: int, **kwargs: object) -> Result:
        asked.append(jobs)
        return Result()

    monkeypatch.setattr(tournament, "usable_cores", lambda: 2)
    monkeypatch.setattr(tournament, "run_tournament", fake)
    assert main(["tournament", "--jobs", "64", "--quiet"]) == 0
    assert asked == [2]
    assert "--jobs 64 lowered to 2, the cores this machine has" in capsys.readouterr().err
    assert main(["tournament", "--jobs", "2", "--quiet"]) == 0
    assert asked == [2, 2] and capsys.readouterr().err == ""


def test_the_machines_cores_are_those_this_process_may_use() -> None:
    import os

    from fortyfive.cli.tournament import usable_cores

    assert 1 <= usable_cores() <= (os.cpu_count() or 1)


HOSTILE = "N\x1b]0;owned\x07\x1b[2J\x9b31m\u202e"


def test_replay_escapes_the_control_characters_of_a_records_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's own rules may name the game and its partnerships anything: what reaches the
    terminal has no control character left (escaped as \\x1b), ordinary Unicode kept."""
    import random

    from fortyfive.agents.random_play import random_action

    rules = dict(ff.BARKER.to_dict(), name="barker♥" + HOSTILE, partnership_names=[HOSTILE, "E♥W"])
    game = ff.Game.new(ff.Rules.from_dict(rules), seed=2)
    rng = random.Random(2)
    for _ in range(40):
        if game.over:
            break
        game.apply(random_action(game, rng))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(game.record()))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\x9b\u202e"), repr(out)
    assert "N\\x1b]0;owned\\x07" in out and "E♥W" in out


def test_replay_escapes_a_refused_records_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": HOSTILE}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "bad game record" in err


def test_terminal_text_escapes_controls_and_keeps_unicode() -> None:
    from fortyfive.cli._terminal import terminal_text

    assert terminal_text("a\tb\r\x00\x7f\ud800") == "a\\x09b\\x0d\\x00\\x7f\\ud800"
    assert terminal_text("10♣ 5♠ é ñ 中\nnext") == "10♣ 5♠ é ñ 中\nnext"
