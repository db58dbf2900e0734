"""``fortyfive play``: a game in the terminal against bots, with the solver's hints."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from fortyfive.agents.bots import make_bot
from fortyfive.engine.actions import IllegalActionError
from fortyfive.engine.cards import parse_card
from fortyfive.engine.game import Game
from fortyfive.engine.observe import public_action, render_text
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import PRESETS
from fortyfive.solve.hints import describe_hints, hint


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("--opponents", choices=["random", "rule", "search"], default="rule")
    p.add_argument("--preset", choices=sorted(PRESETS), default="bruff")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--save", type=Path, default=None, help="write the game record here")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    players = PRESETS[args.preset].players
    if not 0 <= args.seat < players:
        parser.error(f"--seat must be 0..{players - 1} for {args.preset}")
    play(args.preset, args.seat, args.seed, args.save, opponents=args.opponents)
    return 0


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
    if game.phase != Phase.PLAY:
        return "hints judge card play (R3-R5); for this choice, '?' lists what is legal"
    return describe_hints(hint(game, seat, samples=12, seed=len(game.history)))
