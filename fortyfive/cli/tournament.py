"""``fortyfive tournament``: duplicate-paired games between two bots, with 95% intervals, or a
round-robin of the levels (``--ladder``) with a rating per level."""

from __future__ import annotations

import argparse
import os
import sys

from fortyfive.agents.bots import BOTS, LEVELS
from fortyfive.agents.tournament import MAX_HANDS, run_tournament
from fortyfive.cli._args import count, output_file, seed
from fortyfive.engine.rules import PRESETS

#: The most games a tournament (or each pair of a ladder) plays: hours on one core already.
MAX_GAMES = 100_000
#: The most deals a game may run to (--max-hands).
MAX_DEALS = 10_000
#: The most worker processes asked for; more than the machine's cores are lowered to them.
MAX_JOBS = 1_024


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the system says, else all)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every system
        return max(1, os.cpu_count() or 1)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tournament`` and its options to the program's subcommands."""
    t = sub.add_parser(
        "tournament",
        help="duplicate-paired games between two bots: win rates with 95%% intervals",
    )
    t.add_argument(
        "--preset", choices=sorted(PRESETS), default="barker", help="the game (default: barker)"
    )
    t.add_argument(
        "--bots",
        default=None,
        help=f"two bot names of {', '.join(sorted(BOTS))}, e.g. rule,random (the default)",
    )
    t.add_argument(
        "--games",
        type=count(MAX_GAMES, "games"),
        default=200,
        help=f"games in all, in whole duplicate groups, at most {MAX_GAMES:,} (default: 200)",
    )
    t.add_argument("--seed", type=seed, default=1, help="the seed of the deals (default: 1)")
    t.add_argument(
        "--jobs",
        type=count(MAX_JOBS, "jobs"),
        default=1,
        help="worker processes, at most the machine's cores (more are lowered to them, said on "
        "stderr); the results do not depend on it (default: 1)",
    )
    t.add_argument(
        "--max-hands",
        type=count(MAX_DEALS, "deals"),
        default=MAX_HANDS,
        help=f"stop a game after this many hands; 1 compares the bots hand by hand "
        f"(default: {MAX_HANDS})",
    )
    t.add_argument(
        "--ladder",
        action="store_true",
        help="a round-robin of the levels instead (every pair plays --games games): a rating "
        "per level with its 95%% interval",
    )
    t.add_argument(
        "--levels",
        default=None,
        help=f"with --ladder: the levels, of {', '.join(LEVELS)} (default: all)",
    )
    t.add_argument(
        "--plot",
        type=output_file,
        default=None,
        help="with --ladder: write the ratings as an SVG chart",
    )
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive tournament`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage).

    An option of the other mode is refused rather than ignored: ``--levels`` and ``--plot`` need
    ``--ladder``, which plays the levels' bots and takes no ``--bots``."""
    if args.ladder and args.bots is not None:
        parser.error("--ladder plays the levels' bots: give --levels, not --bots")
    for option, given in (("--levels", args.levels), ("--plot", args.plot)):
        if not args.ladder and given is not None:
            parser.error(f"{option} is for --ladder")
    cores = usable_cores()
    if args.jobs > cores:
        print(
            f"tournament: --jobs {args.jobs} lowered to {cores}, the cores this machine has",
            file=sys.stderr,
        )
        args.jobs = cores
    common = {"seed": args.seed, "jobs": args.jobs, "max_hands": args.max_hands}
    try:
        if args.ladder:
            from fortyfive.agents.ladder import run_ladder

            levels = (args.levels or ",".join(LEVELS)).split(",")
            ladder = run_ladder(args.preset, levels, args.games, progress=not args.quiet, **common)
            print(ladder.summary())
            if args.plot:
                args.plot.write_text(ladder.svg(), encoding="utf-8")
                print(f"plot written to {args.plot}")
        else:
            bots = (args.bots or "rule,random").split(",")
            result = run_tournament(
                args.preset, bots, args.games, progress=not args.quiet, **common
            )
            print(result.summary())
    except ValueError as e:
        parser.error(str(e))
    return 0
