"""Computer players (random, rule-based, search) and duplicate-paired tournaments between them.
A bot sees only its seat's observation."""

from fortyfive.agents.bots import BOTS, Bot, RandomBot, RuleBot, SearchBot, make_bot
from fortyfive.agents.tournament import TournamentResult, run_tournament

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "TournamentResult",
    "make_bot",
    "run_tournament",
]
