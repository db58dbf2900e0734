"""The learner's hint (the table's Hint button, ``play``'s ``hint``): the solver's ranking, and a
rule-based player's move where the ranking says nothing (outside card play, R3-R5; no deal
within the budget; every card tied)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fortyfive.agents.advice import learner_advice
from fortyfive.agents.bots import RuleBot
from fortyfive.cli.play import _hint_text
from fortyfive.engine.cards import with_symbols
from fortyfive.engine.game import Game
from fortyfive.solve.solver import SearchBudgetExceeded
from fortyfive.widgets.table import CardTable


def _tied() -> Game:
    """A barker card play where every legal card of seat 0 does as well in 4 deals (found by
    playing rule bots from seed 0: 27 actions in)."""
    g = Game.new("barker", seed=0)
    bot = RuleBot(seed=0)
    while len(g.history) < 27:
        g.apply(bot.choose(g, g.to_act))
    assert g.phase == "play" and g.to_act == 0 and len(g.legal_actions()) > 1
    return g


def test_outside_card_play_a_rule_based_move_stands_in_r3() -> None:
    g = Game.new("barker", seed=5)
    advice = learner_advice(g, g.to_act, samples=4, seed=0)
    assert advice.stands_in == "phase" and advice.ranking == []
    assert advice.rule_action == RuleBot(seed=0).choose(g, g.to_act)
    assert "hints judge card play (R3-R5); a rule-based player would: " in _hint_text(g, g.to_act)


def test_when_every_card_ties_the_rule_based_card_is_given_with_the_reason() -> None:
    g = _tied()
    advice = learner_advice(g, 0, samples=4, seed=0, seconds=None)
    assert advice.stands_in == "tie" and all(h.loss == 0 for h in advice.ranking)
    assert advice.rule_action in g.legal_actions() and advice.deals == 4


def test_when_no_deal_fits_the_budget_the_rule_based_card_stands_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def too_big(*args: object, **kwargs: object) -> Iterator[None]:
        raise SearchBudgetExceeded("not one deal could be solved within the budget")
        yield  # a stepped search (hint_search) that fails at its first step

    monkeypatch.setattr("fortyfive.agents.advice.hint_search", too_big)
    g = _tied()
    advice = learner_advice(g, 0, samples=4, seed=0)
    assert advice.stands_in == "budget" and advice.rule_action in g.legal_actions()
    text = _hint_text(g, 0)  # play's hint: the rule bot's move, not "try after a trick"
    assert text.startswith("this position is too big to solve within the hint's budget; ")
    assert "a rule-based player would: play " in text


def test_the_table_says_a_tie_and_gives_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _tied()
    advice = learner_advice(g, 0, samples=4, seed=0, seconds=None)
    t = CardTable("barker", seat=0, game=g, pause_ms=0)

    def known(*args: object, **kwargs: object) -> Iterator[None]:
        return advice
        yield  # a stepped search that has nothing left to search

    monkeypatch.setattr("fortyfive.widgets.table.learner_advice_steps", known)
    text = t.hint(samples=4)
    assert text.startswith("Hint: every card you may play does as well as any other in all 4 ")
    card = advice.rule_action.split()[1] if advice.rule_action else ""
    assert f"a rule-based player would play {with_symbols(card)} here: " in text
    assert text.endswith(f"{advice.purpose}.") and advice.purpose.endswith(")")  # the principle
    assert t.notice["text"] == text
