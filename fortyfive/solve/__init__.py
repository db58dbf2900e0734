"""Open-hand solving and sampling: a deal's exact value with every hand open, and hints for one
seat from deals sampled consistently with what it has seen."""

from fortyfive.solve.hints import Hint, describe_hints, hint, hint_from_observation
from fortyfive.solve.position import Position
from fortyfive.solve.solver import Solution, can_force_win, deal_value, solve

__all__ = [
    "Hint",
    "Position",
    "Solution",
    "can_force_win",
    "deal_value",
    "describe_hints",
    "hint",
    "hint_from_observation",
    "solve",
]
