"""Bot benchmark: how long a bot takes to decide, per preset and phase.

Seeded games are played with the bot in every seat (a whole game, or ``deals`` deals of it),
and every decision with more than one legal action is timed. Card play is split by trick, the
phase where the search bot's work is: the first trick solves deals of 30 cards (bruff) or 20
(barker), the last ones a few.

>>> rows = bot_bench("rule", deals=1, seed=3, presets=("barker",))
>>> rows[-1]["phase"], rows[-1]["decisions"] > 0
('all', True)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from fortyfive.agents.bots import SearchBot, make_bot
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase


def phase_label(game: Game) -> str:
    """The phase a decision belongs to: the engine's phase, card play by trick."""
    if game.phase == Phase.PLAY:
        return f"trick {game.tricks_played + 1}"
    return str(game.phase.value)


def _row(
    preset: str, phase: str, ms: list[float], deals: list[int]
) -> dict[str, float | int | str]:
    ms = sorted(ms)
    n = len(ms)
    row: dict[str, float | int | str] = {
        "preset": preset,
        "phase": phase,
        "decisions": n,
        "median ms": round(statistics.median(ms), 1),
        "p95 ms": round(ms[min(n - 1, int(0.95 * n))], 1),
        "max ms": round(ms[-1], 1),
    }
    if deals:
        row["median deals"] = statistics.median(deals)
    return row


def bot_bench(
    bot: str = "search",
    deals: int = 4,
    seed: int = 1,
    presets: Sequence[str] = ("bruff", "barker"),
    out: Callable[[str], None] | None = None,
) -> list[dict[str, float | int | str]]:
    """Time ``bot``'s decisions over ``deals`` deals of each preset (games from ``seed`` on,
    the bot in every seat); one row per preset and phase, and one for all the cards.
    ``median deals`` is, for the search bot's cards, how many sampled deals it judged."""
    rows: list[dict[str, float | int | str]] = []
    for preset in presets:
        times: dict[str, list[float]] = {}
        judged: dict[str, list[int]] = {}
        played = 0
        game_seed = seed
        while played < deals:
            g = Game.new(preset, seed=game_seed)
            players = [make_bot(bot, seed=game_seed * 10 + s) for s in range(g.rules.players)]
            while not g.over and played < deals:
                number = g.deal_number
                seat = g.to_act
                assert seat is not None
                label = phase_label(g)
                forced = len(g.legal_actions()) == 1
                start = time.perf_counter()
                action = players[seat].choose(g, seat)
                took = (time.perf_counter() - start) * 1000
                if not forced:
                    times.setdefault(label, []).append(took)
                    p = players[seat]
                    if isinstance(p, SearchBot) and label.startswith("trick"):
                        judged.setdefault(label, []).append(p.last_deals)
                g.apply(action)
                played += g.deal_number != number or g.over
            game_seed += 1
        order = sorted(times, key=lambda k: (k.startswith("trick"), k))
        for label in order:
            rows.append(_row(preset, label, times[label], judged.get(label, [])))
            if out:
                out(" ".join(f"{k}={v}" for k, v in rows[-1].items()))
        cards = [t for k in times if k.startswith("trick") for t in times[k]]
        cards_judged = [d for k in judged for d in judged[k]]
        if cards:
            rows.append(_row(preset, "all cards", cards, cards_judged))
        everything = [t for k in times for t in times[k]]
        rows.append(_row(preset, "all", everything, []))
    return rows
