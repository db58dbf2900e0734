"""``fortyfive play``: a game in the terminal against bots, with the solver's hints."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from fortyfive.agents.advice import learner_advice
from fortyfive.agents.bots import BOTS, LEVELS, make_bot
from fortyfive.cli._args import output_file
from fortyfive.cli._args import seed as seed_arg
from fortyfive.cli._typed import NOTATION, card_token
from fortyfive.course.safe_paths import PathRefused, write_text
from fortyfive.engine.actions import KINDS, ActionSyntaxError, IllegalActionError, action_text
from fortyfive.engine.cards import parse_card, with_symbols
from fortyfive.engine.game import Game
from fortyfive.engine.observe import public_action, render_text
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import PRESETS
from fortyfive.engine.scoring import deal_breakdown
from fortyfive.solve.hints import HINT_HEADER, describe_hints, describe_tie

#: The terminal's own commands, as the refusal of an unknown word names them.
COMMANDS = "hint, ?, quit"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` and its options to the program's subcommands."""
    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument(
        "--level",
        choices=list(LEVELS),
        default=None,
        help="the other seats' level: "
        + ", ".join(f"{lv} ({bot})" for lv, bot in LEVELS.items())
        + " (default: club)",
    )
    p.add_argument(
        "--opponents",
        choices=sorted(BOTS),
        default=None,
        help="the other seats' bot by name instead of a level (default: rule)",
    )
    p.add_argument(
        "--preset", choices=sorted(PRESETS), default="bruff", help="the game (default: bruff)"
    )
    p.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    p.add_argument(
        "--seed", type=seed_arg, default=None, help="the shuffle's seed (default: random)"
    )
    p.add_argument(
        "--save",
        type=output_file,
        default=None,
        help="write the game's record here when the game ends or you quit",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive play`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    players = PRESETS[args.preset].players
    if not 0 <= args.seat < players:
        parser.error(f"--seat must be 0..{players - 1} for {args.preset}")
    if args.level and args.opponents:
        parser.error("--level and --opponents both choose the opponents: give one")
    opponents = args.opponents or LEVELS[args.level or "club"]
    play(args.preset, args.seat, args.seed, args.save, opponents=opponents)
    return 0


def _normalise(text: str) -> str:
    """Accept a bare card (``5s``, ``10♣``) as ``play``, and display forms inside actions."""
    words = text.split()
    if len(words) == 1:
        try:
            return f"play {parse_card(card_token(words[0]))}"
        except ValueError:
            return text
    if words and words[0].lower() in ("play", "rob", "bury", "discard"):
        return " ".join([words[0], *(card_token(w) for w in words[1:])])
    return text


def _legal_text(game: Game) -> str:
    """What may be done now, in a line: the discard phase's subsets are described, not listed.
    Actions as the hand shows cards (``play 10♥``), which may be typed back."""
    legal = game.legal_actions()
    if game.phase == Phase.DISCARD:
        most = max(len(a.split()) - 1 for a in legal)
        return (
            f"legal now: discard up to {most} of your cards and draw as many (R9.7), "
            "e.g. 'discard 8♠ A♣'; 'discard' alone keeps your hand"
        )
    return "legal now: " + ", ".join(action_text(a) for a in legal)


def _events(game: Game, before_deal: int, before_tricks: int, out: Callable[[str], None]) -> None:
    """Announce tricks won and deals ended by the last action; a deal's end says where each
    side's points came from (:func:`fortyfive.engine.scoring.deal_breakdown`)."""
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
            for line in deal_breakdown(game.rules, d):
                out(f"    {line}")


def play(
    preset: str,
    seat: int,
    seed: int | None,
    save: Path | None,
    read: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    opponents: str = "rule",
) -> Game:
    """Play a game in the terminal at ``seat`` against bots (``random``, ``rule``, ``search``).
    With ``save``, the game's record is written however the game ends: finished, ``quit``, or
    the input closed."""
    game = Game.new(preset, seed=seed)
    try:
        _play(game, seat, read, out, opponents)
    finally:
        if save:
            _save(game, save, out)
    return game


def _save(game: Game, save: Path, out: Callable[[str], None]) -> None:
    """Write the game's record to ``save``; a file that cannot take it is said, with the
    record printed instead, so that the game is not lost."""
    text = json.dumps(game.record(), indent=1)
    try:
        write_text(save, text, make_folders=False)  # only a regular file, in a folder there
    except PathRefused as e:
        out(f"the record was not saved ({e}); here it is:")
        out(text)
        return
    except OSError as e:
        out(f"the record was not saved to {save} ({e.strerror or e}); here it is:")
        out(text)
        return
    out(f"record saved to {save}" + ("" if game.over else " (the game is unfinished)"))


def _play(
    game: Game,
    seat: int,
    read: Callable[[str], str],
    out: Callable[[str], None],
    opponents: str,
) -> None:
    bots = [make_bot(opponents, seed=game.seed * 10 + s) for s in range(game.rules.players)]
    names = game.rules.partnership_names
    out(
        f"Forty-Five ({game.rules.name}), seed {game.seed}. You are seat {seat}, partnership "
        f"{names[game.rules.partnerships[seat]]}. Type a card (5S, 10♣) or an action; '?' lists "
        "what is legal, 'hint' asks the solver, 'quit' stops."
    )
    while not game.over:
        deal, tricks = game.deal_number, game.tricks_played
        if game.to_act == seat:
            out("")
            out(render_text(game, seat))
            out(_legal_text(game))
            while True:
                try:
                    text = read(f"seat {seat} > ").strip()
                except EOFError:
                    out("\nbye")
                    return
                command = text.casefold()  # as cards and actions are read: any letter case
                if command in ("?", "help"):
                    out(_legal_text(game))
                    continue
                if command in ("quit", "exit"):
                    return
                if command == "hint":
                    for line in _hint_text(game, seat).splitlines():
                        out(line)
                    continue
                try:
                    game.apply(_normalise(text))
                    break
                except ActionSyntaxError as e:
                    words = text.split()
                    unknown = bool(words) and words[0].lower() not in KINDS  # nor a command
                    out(f"not allowed: {e}" + (f"; the commands are {COMMANDS}" if unknown else ""))
                    if len(words) == 1:
                        out(NOTATION)
                    out(_legal_text(game))
                except IllegalActionError as e:  # the engine names cards by code: shown as faces
                    out(f"not allowed: {with_symbols(str(e))}")
                    out(_legal_text(game))
        else:
            who = game.to_act
            assert who is not None
            action = bots[who].choose(game, who)
            game.apply(action)
            shown = public_action(action)  # face-down cards stay hidden (R6.4, R6.5, R9.7)
            out(f"seat {who}: {action_text(shown) if shown == action else shown}")
        _events(game, deal, tricks, out)
    scores = " · ".join(f"{n} {s}" for n, s in zip(names, game.scores, strict=True))
    out(f"Game over: partnership {names[game.winner or 0]} wins; scores {scores}")


def _hint_text(game: Game, seat: int) -> str:
    """The hint sampler's ranking, and a rule-based player's move where it says nothing
    (:func:`fortyfive.agents.advice.learner_advice`). When every card ties, the rule-based
    move and why come first, and the tie in one short line: a table of equal rows says
    nothing more. Last, what the advised card does in the trick ("Why play 5♥: ...")."""
    advice = learner_advice(game, seat, samples=12, seed=len(game.history))
    why = [f"Why {action_text(advice.action)}: {advice.purpose}"] if advice.purpose else []
    if advice.rule_action is None:
        return "\n".join([HINT_HEADER, describe_hints(advice.ranking), *why])
    lines = [f"{advice.reason}; a rule-based player would: {action_text(advice.rule_action)}"]
    if advice.stands_in == "tie":
        lines.append(describe_tie(advice.ranking))
    return "\n".join([*lines, *why])
