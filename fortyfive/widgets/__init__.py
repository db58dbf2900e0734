"""The anywidget card table, puzzle widget and practice widget. Python owns the state; the front
end in ``static/`` draws what one seat may see and sends clicks back, each checked here."""

from fortyfive.widgets.practice_widget import PracticeWidget
from fortyfive.widgets.puzzle import PuzzleWidget
from fortyfive.widgets.table import CardTable

__all__ = ["CardTable", "PracticeWidget", "PuzzleWidget"]
