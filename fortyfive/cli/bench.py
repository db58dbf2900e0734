"""``fortyfive bench``: random play, the solver, the bots' decisions, the hints, the puzzles'
clicks or the drills' next puzzle, on one core."""

from __future__ import annotations

import argparse
import os
from typing import Any

from fortyfive.agents.bots import BOTS
from fortyfive.cli._args import count, seconds, seed
from fortyfive.engine.rules import PRESETS

#: The most positions, deals or rounds a bench takes: a thousand hints' first leads are some
#: ten minutes of one core already.
MAX_COUNT = 1_000


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bench`` and its options to the program's subcommands."""
    b = sub.add_parser(
        "bench",
        help="time the engine on one core: random games (games/s, actions/s), the solver, the "
        "bots' decisions, the hints, the puzzles' clicks, or the drills' next puzzle",
    )
    mode = b.add_mutually_exclusive_group()  # one bench a run: two modes are refused
    b.add_argument(
        "--preset",
        choices=[*sorted(PRESETS), "all"],
        default=None,
        help="the preset of the random games or of --bots (default: all)",
    )
    b.add_argument(
        "--seconds",
        type=seconds,
        default=None,
        help="how long to play random games per preset (default: 5)",
    )
    mode.add_argument(
        "--solver", action="store_true", help="time the open-hand solver instead (median, p95)"
    )
    b.add_argument(
        "--positions",
        type=count(MAX_COUNT, "positions"),
        default=None,
        help="with --solver: positions of each kind; with --hints: first leads (default: 40)",
    )
    mode.add_argument(
        "--hints",
        action="store_true",
        help="time hint() at bruff first leads, and compare its ranking with the ranking "
        "of the same deals without a node budget",
    )
    mode.add_argument(
        "--bots",
        action="store_true",
        help="time a bot's decisions per preset and phase instead (median, p95, max)",
    )
    b.add_argument(
        "--bot",
        choices=sorted(BOTS),
        default=None,
        help="with --bots: the bot, in every seat (default: search)",
    )
    b.add_argument(
        "--deals",
        type=count(MAX_COUNT, "deals"),
        default=None,
        help="with --bots: deals played per preset (default: 6)",
    )
    mode.add_argument(
        "--puzzles",
        action="store_true",
        help="time checking the shipped puzzles' answers, per kind (median, p95)",
    )
    mode.add_argument(
        "--drills",
        action="store_true",
        help="time making a drill's next puzzle, per kind and difficulty (median, p95)",
    )
    mode.add_argument(
        "--progress",
        action="store_true",
        help="time saving one check to a progress file 0 to 20,000 checks old (median, p95)",
    )
    b.add_argument(
        "--rounds",
        type=count(MAX_COUNT, "rounds"),
        default=None,
        help="with --puzzles: starts of each shipped puzzle; with --drills: puzzles of each kind "
        "and difficulty (default: 20)",
    )
    b.add_argument(
        "--seed",
        type=seed,
        default=None,
        help="the seed of --solver's or --hints' positions, --bots' games or --drills' puzzles "
        "(default: 1)",
    )
    b.add_argument(
        "--pyodide",
        action="store_true",
        help="run the same bench inside Pyodide under Node (the runtime of the course in the "
        "browser): needs node and the lite extra",
    )
    b.set_defaults(run=run)


#: The modes each option is for, and its value when not given: an option given to another mode
#: is refused, as it would change nothing ("random" is the bench without a mode).
OPTIONS: dict[str, tuple[tuple[str, ...], object]] = {
    "preset": (("random", "bots"), "all"),
    "seconds": (("random",), 5.0),
    "positions": (("solver", "hints"), 40),
    "bot": (("bots",), "search"),
    "deals": (("bots",), 6),
    "rounds": (("puzzles", "drills", "progress"), 20),
    "seed": (("solver", "hints", "bots", "drills"), 1),
}
MODES = ("solver", "hints", "bots", "puzzles", "drills", "progress")


def _options_of_the_mode(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Refuse an option the chosen mode does not use; give the others their defaults."""
    mode = next((m for m in MODES if getattr(args, m)), "random")
    for name, (modes, default) in OPTIONS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
        elif mode not in modes:
            names = ["the random games" if m == "random" else f"--{m}" for m in modes]
            uses = " or ".join([", ".join(names[:-1]), names[-1]] if names[1:] else names)
            said = "the random games" if mode == "random" else f"--{mode}"
            parser.error(f"--{name} is for {uses}, not {said}")


def _table(rows: list[dict[str, Any]]) -> str:
    """The rows as the engine's plain text table, without row labels."""
    from fortyfive.engine.tabular import Table

    return Table(rows).to_text(index=False)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive bench`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    _options_of_the_mode(args, parser)
    if args.pyodide:
        from fortyfive.cli._site import NotACheckout, site_builders

        try:
            site_builders("bench --pyodide")
        except NotACheckout as e:
            parser.error(str(e))
        from fortyfive_site.pyodide import PyodideError, run_module

        argv = [a for a in args.argv if a != "--pyodide"]
        try:
            return run_module(argv)
        except PyodideError as e:
            parser.error(str(e))
    presets = sorted(PRESETS) if args.preset == "all" else [args.preset]
    # One core, as book/reference/performance.md states its figures.
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        print(f"pinned to CPU {cpu}")
    if args.solver:
        from fortyfive.bench.solver import solver_bench

        print(f"solve(): values of every legal action, {args.positions} positions of each kind")
        rows = solver_bench(args.positions, args.seed)
        print(_table(rows))
        return 0
    if args.hints:
        from fortyfive.bench.hints import hint_bench
        from fortyfive.solve.hints import HINT_NODES, HINT_SECONDS

        print(
            f"hint() at {args.positions} bruff first leads: 8 deals within {HINT_NODES:,} nodes "
            f"and {HINT_SECONDS} s, against the same 8 deals without a budget"
        )
        print(_table(hint_bench(args.positions, args.seed)))
        return 0
    if args.bots:
        from fortyfive.bench.bots import bot_bench

        print(f"{args.bot} in every seat, decisions with a choice, {args.deals} deals a preset")
        rows = bot_bench(args.bot, args.deals, args.seed, presets)
        print(_table(rows))
        return 0
    if args.puzzles:
        from fortyfive.bench.puzzles import puzzle_bench

        print(f"puzzle check + view per click, every shipped puzzle started {args.rounds} times")
        print(_table(puzzle_bench(args.rounds)))
        return 0
    if args.drills:
        from fortyfive.bench.next_puzzle import drill_bench

        print(f"drill next puzzle (make, start, view), {args.rounds} of each kind and difficulty")
        print(_table(drill_bench(args.rounds, args.seed)))
        return 0
    if args.progress:
        from fortyfive.bench.progress_file import progress_bench

        print(f"saving one check to a progress file of each age, {args.rounds} checks timed")
        print(_table(progress_bench(rounds=args.rounds)))
        return 0
    from fortyfive.bench.random_play import bench

    print("random games through legal_actions() and apply()")
    print(f"{'preset':8} {'games/s':>9} {'deals/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for name in presets:
        row = bench(name, args.seconds).row()
        print(
            f"{name:8} {row['games/s']:>9} {row['deals/s']:>9} {row['actions/s']:>10} "
            f"{row['actions/game']:>13}"
        )
    return 0
