"""The learner's hint, as the card table's Hint button and ``play``'s ``hint`` give it: the
solver's ranking of the legal cards over deals consistent with the seat's view
(:func:`fortyfive.solve.hints.hint`), and a rule-based player's move where that ranking says
nothing: outside the trick phase (the solver judges card play, R3-R5), when not one deal fits
the hint's budget, or when every card ties for best in every deal solved.

>>> from fortyfive.engine.game import Game
>>> g = Game.new("barker", seed=5)
>>> advice = learner_advice(g, g.to_act, samples=4, seed=0)
>>> advice.stands_in, advice.ranking, advice.reason
('phase', [], 'hints judge card play (R3-R5)')
>>> advice.rule_action in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace

from fortyfive.agents.bots import RuleBot
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.purpose import play_purpose
from fortyfive.solve.hints import HINT_SECONDS, Hint, finish, hint_search
from fortyfive.solve.solver import SearchBudgetExceeded

#: Why the rule-based move stands in for the ranking (``Advice.stands_in``).
STANDS_IN = ("phase", "budget", "tie")


@dataclass(frozen=True)
class Advice:
    """A hint for the seat to act: the solver's ``ranking`` (best first; empty where it could
    not be made) and, where the ranking says nothing, ``rule_action``, a rule-based player's
    move, with the reason in ``stands_in`` (one of :data:`STANDS_IN`; "" when the ranking
    is the advice)."""

    ranking: list[Hint] = field(default_factory=list)
    rule_action: str | None = None
    stands_in: str = ""
    #: What the advised card does in the trick, in words (:func:`fortyfive.engine.purpose.
    #: play_purpose`): the principle behind the advice; "" outside the trick phase.
    purpose: str = ""

    @property
    def action(self) -> str:
        """The advised action: the ranking's best, or the rule-based move standing in."""
        return self.rule_action if self.rule_action is not None else self.ranking[0].action

    @property
    def deals(self) -> int:
        """The deals the ranking was judged over (0 without a ranking)."""
        return self.ranking[0].deals if self.ranking else 0

    @property
    def reason(self) -> str:
        """Why the rule-based move stands in, in the learner's words ("" when it does not)."""
        if self.stands_in == "phase":
            return "hints judge card play (R3-R5)"
        if self.stands_in == "budget":
            return "this position is too big to solve within the hint's budget"
        if self.stands_in == "tie":
            solved = "the one deal" if self.deals == 1 else f"all {self.deals} deals"
            return f"every card you may play does as well as any other in {solved} solved"
        return ""


def learner_advice(
    game: Game, seat: int, samples: int, seed: int, seconds: float | None = HINT_SECONDS
) -> Advice:
    """The advice for ``seat``, to act in ``game``, from its view only: ``samples`` deals at
    most, drawn from ``seed``, within the hint's node budget and ``seconds``."""
    return finish(learner_advice_steps(game, seat, samples, seed, seconds))


def learner_advice_steps(
    game: Game, seat: int, samples: int, seed: int, seconds: float | None = HINT_SECONDS
) -> Generator[None, None, Advice]:
    """:func:`learner_advice` a deal at a time (:func:`fortyfive.solve.hints.hint_search`): it
    yields after each deal solved, so that a caller on an event loop can stop it when the
    position changes (the learner played meanwhile)."""
    if game.phase != Phase.PLAY:
        return Advice([], RuleBot(seed=seed).choose(game, seat), "phase")
    obs = game.observation(seat)
    try:
        ranking = yield from hint_search(obs, samples=samples, seed=seed, seconds=seconds)
    except SearchBudgetExceeded:
        advice = Advice([], RuleBot(seed=seed).choose(game, seat), "budget")
    else:
        if len(ranking) > 1 and all(h.loss == 0 for h in ranking):
            advice = Advice(ranking, RuleBot(seed=seed).choose(game, seat), "tie")
        else:
            advice = Advice(ranking)
    if not advice.action.startswith("play "):
        return advice  # a rob in the trick phase (R6.5): no trick to speak of yet
    return replace(advice, purpose=play_purpose(obs, advice.action))
