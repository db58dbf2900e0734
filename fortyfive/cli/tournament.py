"""``fortyfive tournament``: duplicate-paired games between two bots, with 95% intervals."""

from __future__ import annotations

import argparse

from fortyfive.agents.tournament import MAX_HANDS, run_tournament
from fortyfive.engine.rules import PRESETS


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    t.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
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
