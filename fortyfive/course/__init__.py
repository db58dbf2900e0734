"""The course: what its notebooks call (puzzles that record every attempt, results, display
helpers and charts, drills and the review of missed puzzles), the learner's progress file, the
book, and the notebooks themselves (package data in ``notebooks/`` and ``book/``)."""

from fortyfive.course.helpers import (
    ScoreChart,
    barker_hand,
    collect_progress,
    deal_game,
    deal_summary,
    deal_timeline,
    download_progress,
    legal_table,
    play_cards,
    presets_table,
    puzzle,
    rank_ladder,
    results,
    running_totals_chart,
    seats_table,
    symbols,
    table,
    trick_table,
    trump_ladders,
)
from fortyfive.course.practice import drill, review, review_boxes

__all__ = [
    "ScoreChart",
    "barker_hand",
    "collect_progress",
    "deal_game",
    "deal_summary",
    "deal_timeline",
    "download_progress",
    "drill",
    "legal_table",
    "play_cards",
    "presets_table",
    "puzzle",
    "rank_ladder",
    "results",
    "review",
    "review_boxes",
    "running_totals_chart",
    "seats_table",
    "symbols",
    "table",
    "trick_table",
    "trump_ladders",
]
