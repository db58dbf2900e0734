"""``fortyfive tournament``: duplicate-paired games between two bots, with 95% intervals, or a
round-robin of the levels (``--ladder``) with a rating per level."""

from __future__ import annotations

import argparse
from pathlib import Path

from fortyfive.agents.bots import BOTS, LEVELS
from fortyfive.agents.tournament import MAX_HANDS, run_tournament
from fortyfive.cli._args import positive_int, seed
from fortyfive.engine.rules import PRESETS


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
        default="rule,random",
        help=f"two bot names of {', '.join(sorted(BOTS))}, e.g. rule,random (the default)",
    )
    t.add_argument(
        "--games",
        type=positive_int,
        default=200,
        help="games in all, in whole duplicate groups (default: 200)",
    )
    t.add_argument("--seed", type=seed, default=1, help="the seed of the deals (default: 1)")
    t.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="worker processes; the results do not depend on it (default: 1)",
    )
    t.add_argument(
        "--max-hands",
        type=positive_int,
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
        default=",".join(LEVELS),
        help=f"with --ladder: the levels, of {', '.join(LEVELS)} (default: all)",
    )
    t.add_argument(
        "--plot", type=Path, default=None, help="with --ladder: write the ratings as an SVG chart"
    )
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive tournament`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    if args.ladder:
        return _ladder(args, parser)
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


def _ladder(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from fortyfive.agents.ladder import run_ladder

    try:
        result = run_ladder(
            args.preset,
            args.levels.split(","),
            args.games,
            seed=args.seed,
            jobs=args.jobs,
            progress=not args.quiet,
            max_hands=args.max_hands,
        )
    except ValueError as e:
        parser.error(str(e))
    print(result.summary())
    if args.plot:
        args.plot.write_text(result.svg(), encoding="utf-8")
        print(f"plot written to {args.plot}")
    return 0
