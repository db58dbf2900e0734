"""The command line: ``python -m fortyfive course | lab | book | play | replay FILE | bench |
tournament``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .actions import IllegalActionError
from .bots import make_bot
from .cards import parse_card
from .game import Game
from .hints import describe_hints, hint
from .observe import public_action, render_text
from .record import RecordError
from .rules import PRESETS
from .simulate import bench
from .tournament import MAX_HANDS, run_tournament


def _normalise(text: str) -> str:
    """Accept a bare card ("5s") as "play 5S"."""
    try:
        return f"play {parse_card(text)}"
    except ValueError:
        return text


def _events(game: Game, before_deal: int, before_tricks: int, out: Callable[[str], None]) -> None:
    """Announce tricks won and deals ended by the last action."""
    names = game.rules.partnership_names
    deals = game.deals
    first = next(i for i, d in enumerate(deals) if d.number == before_deal)
    for d in deals[first:]:
        start = before_tricks if d.number == before_deal else 0
        for k, t in enumerate(d.tricks[start:], start + 1):
            p = names[game.rules.partnerships[t.winner]]
            out(f"  trick {k} to seat {t.winner} ({p})")
        if d.thrown_in:
            out(f"  all passed: hand {d.number} thrown in (R9.5)")
        if d is not deals[-1] or game.over:
            scores = " ".join(
                f"{n}={s}" for n, s in zip(names, d.end_scores or game.scores, strict=True)
            )
            out(f"  end of deal {d.number}: {scores}")


def play(
    preset: str,
    seat: int,
    seed: int | None,
    save: Path | None,
    read: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    opponents: str = "rule",
) -> Game:
    """Play a game in the terminal at ``seat`` against bots (``random``, ``rule``, ``search``)."""
    game = Game.new(preset, seed=seed)
    bots = [make_bot(opponents, seed=game.seed * 10 + s) for s in range(game.rules.players)]
    names = game.rules.partnership_names
    out(
        f"Forty-Five ({preset}), seed {game.seed}. You are seat {seat}, partnership "
        f"{names[game.rules.partnerships[seat]]}. Type a card (5S) or an action; '?' lists them;"
        " 'hint' asks the solver."
    )
    while not game.over:
        deal, tricks = game.deal_number, game.tricks_played
        if game.to_act == seat:
            out("")
            out(render_text(game, seat))
            legal = game.legal_actions()
            out("legal now: " + ", ".join(legal))
            while True:
                try:
                    text = read(f"seat {seat} > ").strip()
                except EOFError:
                    out("\nbye")
                    return game
                if text in ("?", "help"):
                    out("legal now: " + ", ".join(legal))
                    continue
                if text in ("quit", "exit"):
                    return game
                if text == "hint":
                    out(_hint_text(game, seat))
                    continue
                try:
                    game.apply(_normalise(text))
                    break
                except IllegalActionError as e:
                    out(f"not allowed: {e}")
                    out("legal now: " + ", ".join(legal))
        else:
            who = game.to_act
            assert who is not None
            action = bots[who].choose(game, who)
            game.apply(action)
            out(f"seat {who}: {public_action(action)}")
        _events(game, deal, tricks, out)
    out(f"Game over: partnership {names[game.winner or 0]} wins, scores {list(game.scores)}")
    if save:
        save.write_text(json.dumps(game.record(), indent=1))
        out(f"record saved to {save}")
    return game


def _hint_text(game: Game, seat: int) -> str:
    """The hint sampler's ranking, or why there is none (it judges card play only)."""
    if game.phase != "play":
        return "hints judge card play (R3-R5); for this choice, '?' lists what is legal"
    return describe_hints(hint(game, seat, samples=12, seed=len(game.history)))


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FIRST_CHAPTER = "00_start_here.ipynb"


def lab_command(notebook: str, folder: Path = NOTEBOOKS) -> list[str]:
    """The command line that starts JupyterLab on ``folder``, opened at ``notebook``."""
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", notebook]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Jupyter refuses root unless told
    return cmd


def open_lab(notebook: str, folder: Path = NOTEBOOKS) -> int:
    """JupyterLab on the project's ``notebooks/`` folder, opened at ``notebook``."""
    import subprocess

    if not (folder / notebook).is_file():
        print(f"no notebook {notebook} in {folder}", file=sys.stderr)
        return 2
    return subprocess.call(lab_command(notebook, folder), cwd=folder)


def build(out: Path | None) -> int:
    """``python -m fortyfive book``: the course as a static site (see ``fortyfive.book``)."""
    from .book import BookError, build_book

    try:
        build_book(out)
    except BookError as e:
        print(e, file=sys.stderr)
        return 2
    return 0


def replay_file(path: Path, out: Callable[[str], None] = print) -> Game:
    try:
        record = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise RecordError(f"cannot read {path}: {e}") from None
    game = Game.replay(record)
    import pandas as pd

    with pd.option_context("display.width", 120, "display.max_rows", 500):
        out(game.score_sheet().to_string(index=False))
        out("")
        out(game.score_sheet(by="deal").to_string(index=False))
    names = game.rules.partnership_names
    result = f"partnership {names[game.winner]} won" if game.winner is not None else "not finished"
    out(f"{len(game.history)} actions; {result}; scores {list(game.scores)}")
    return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fortyfive", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("--opponents", choices=["random", "rule", "search"], default="rule")
    p.add_argument("--preset", choices=sorted(PRESETS), default="bruff")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--save", type=Path, default=None, help="write the game record here")
    course = sub.add_parser(
        "course", help=f"open the course in JupyterLab (default: {FIRST_CHAPTER})"
    )
    course.add_argument("notebook", nargs="?", default=FIRST_CHAPTER)
    lab = sub.add_parser("lab", help="open JupyterLab at a notebook (default: play.ipynb)")
    lab.add_argument("notebook", nargs="?", default="play.ipynb")
    bk = sub.add_parser("book", help="build the course as a static site (Jupyter Book)")
    bk.add_argument(
        "--out", type=Path, default=None, help="the site's folder (default: book/_build/html)"
    )
    r = sub.add_parser("replay", help="replay a saved game record and print its score sheet")
    r.add_argument("file", type=Path)
    b = sub.add_parser("bench", help="random games through the public API: games/s, actions/s")
    b.add_argument("--preset", choices=[*sorted(PRESETS), "all"], default="all")
    b.add_argument("--seconds", type=float, default=5.0)
    b.add_argument(
        "--solver", action="store_true", help="time the open-hand solver instead (median, p95)"
    )
    b.add_argument("--positions", type=int, default=40, help="solver positions of each kind")
    b.add_argument(
        "--puzzles",
        action="store_true",
        help="time checking the shipped puzzles' answers, per kind (median, p95)",
    )
    b.add_argument("--rounds", type=int, default=20, help="starts of each shipped puzzle")
    b.add_argument("--seed", type=int, default=1)
    t = sub.add_parser(
        "tournament", help="duplicate-paired games between two bots: win rates with 95% CIs"
    )
    t.add_argument("--preset", choices=sorted(PRESETS), default="barker")
    t.add_argument("--bots", default="rule,random", help="two bot names, e.g. rule,random")
    t.add_argument("--games", type=int, default=200, help="games in all (whole duplicate groups)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--jobs", type=int, default=1, help="worker processes (same results)")
    t.add_argument(
        "--max-hands",
        type=int,
        default=MAX_HANDS,
        help="stop a game after this many hands (1: compare the bots hand by hand)",
    )
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    if args.command == "play":
        players = PRESETS[args.preset].players
        if not 0 <= args.seat < players:
            parser.error(f"--seat must be 0..{players - 1} for {args.preset}")
        play(args.preset, args.seat, args.seed, args.save, opponents=args.opponents)
        return 0
    if args.command in ("lab", "course"):
        return open_lab(args.notebook)
    if args.command == "book":
        return build(args.out)
    if args.command == "replay":
        try:
            replay_file(args.file)
        except RecordError as e:
            print(e, file=sys.stderr)
            return 2
        return 0
    if args.command == "tournament":
        try:
            result = run_tournament(
                args.preset,
                args.bots.split(","),
                args.games,
                seed=args.seed,
                jobs=args.jobs,
                progress=not args.quiet,
                max_hands=args.max_hands,
            )
        except ValueError as e:
            parser.error(str(e))
        print(result.summary())
        return 0
    presets = sorted(PRESETS) if args.preset == "all" else [args.preset]
    if hasattr(os, "sched_setaffinity"):  # one core, as the figures in the README are stated
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        print(f"pinned to CPU {cpu}")
    if args.solver:
        import pandas as pd

        from .solver_bench import solver_bench

        print(f"solve(): values of every legal action, {args.positions} positions of each kind")
        rows = solver_bench(args.positions, args.seed)
        print(pd.DataFrame(rows).to_string(index=False))
        return 0
    if args.puzzles:
        import pandas as pd

        from .puzzle_bench import puzzle_bench

        print(f"puzzle check + view per click, every shipped puzzle started {args.rounds} times")
        print(pd.DataFrame(puzzle_bench(args.rounds)).to_string(index=False))
        return 0
    print("random games through legal_actions() and apply()")
    print(f"{'preset':8} {'games/s':>9} {'deals/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for name in presets:
        row = bench(name, args.seconds).row()
        print(
            f"{name:8} {row['games/s']:>9} {row['deals/s']:>9} {row['actions/s']:>10} "
            f"{row['actions/game']:>13}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
