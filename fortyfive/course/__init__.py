"""The course: what its notebooks call, the learner's progress file, the book, and the notebooks
themselves (package data in ``notebooks/`` and ``book/``).

The notebooks import from here: puzzles that record every attempt and the learner's results
(:mod:`~fortyfive.course.learner`), the engine's facts as tables
(:mod:`~fortyfive.course.fact_tables`), games built for the examples
(:mod:`~fortyfive.course.example_games`), the race to the target as a chart
(:mod:`~fortyfive.course.charts`), the worked examples' one-line calls
(:mod:`~fortyfive.course.examples`), and drills and the review of missed puzzles
(:mod:`~fortyfive.course.drill_and_review`)."""

from fortyfive.course.charts import ScoreChart, running_totals_chart
from fortyfive.course.drill_and_review import drill, rating_chart, review, review_boxes
from fortyfive.course.example_games import barker_hand, computer_game, deal_game, play_cards
from fortyfive.course.examples import (
    auction_table,
    bid_chances,
    bid_outcomes,
    chronology_table,
    endgame_values,
    solved_endgame,
)
from fortyfive.course.fact_tables import (
    deal_summary,
    deal_timeline,
    legal_table,
    presets_table,
    rank_ladder,
    seats_table,
    symbols,
    table,
    trick_table,
    trump_ladders,
)
from fortyfive.course.learner import collect_progress, download_progress, puzzle, results
from fortyfive.course.mastery import mastery_by_rule, mastery_chart

__all__ = [
    "ScoreChart",
    "auction_table",
    "barker_hand",
    "bid_chances",
    "bid_outcomes",
    "chronology_table",
    "collect_progress",
    "computer_game",
    "deal_game",
    "deal_summary",
    "deal_timeline",
    "download_progress",
    "drill",
    "endgame_values",
    "legal_table",
    "mastery_by_rule",
    "mastery_chart",
    "play_cards",
    "presets_table",
    "puzzle",
    "rank_ladder",
    "rating_chart",
    "results",
    "review",
    "review_boxes",
    "running_totals_chart",
    "seats_table",
    "solved_endgame",
    "symbols",
    "table",
    "trick_table",
    "trump_ladders",
]
