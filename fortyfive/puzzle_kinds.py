"""The puzzle kinds: what each shows, how the engine checks an answer, hints and "show me".

Positions (``Puzzle.position``) come in two shapes:

- card puzzles (``order``, ``winner``, ``legal``, ``keep``): ``trump`` (a suit letter) and the
  cards: ``cards``; or ``leader`` and ``trick``; or ``hand``, ``trick`` (and ``card`` for keep);
- game puzzles (``rob``, ``score``, ``game-winner``, ``calls``, ``target``): a first deal as
  :meth:`Game.from_deal` takes it (``dealer``, ``hands``, ``stock``, ``scores``) and ``actions``
  applied to it; ``target`` adds ``target``, the points the side to act must take in the deal.

Every answer is checked by asking the engine at that moment; nothing here stores an answer.
"""

from __future__ import annotations

from .puzzle_cards import KeepRun, LegalRun, OrderRun, WinnerRun
from .puzzle_deals import CallsRun, GameWinnerRun, RobRun, ScoreRun
from .puzzle_endgame import TargetRun
from .puzzle_parts import position_game
from .puzzles import PuzzleRun

__all__ = ["RUNS", "position_game"]

RUNS: dict[str, type[PuzzleRun]] = {
    "order": OrderRun,
    "winner": WinnerRun,
    "legal": LegalRun,
    "keep": KeepRun,
    "rob": RobRun,
    "score": ScoreRun,
    "game-winner": GameWinnerRun,
    "calls": CallsRun,
    "target": TargetRun,
}
