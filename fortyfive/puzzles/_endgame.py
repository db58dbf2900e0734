"""The endgame puzzle ("target"): play your partnership's cards against the solver's defence.

As in a chess puzzle, one wrong move fails the attempt: the card is played and the defence
refutes it on the table, trick by trick, and the learner may try again from the start. A solve
counts only when every move of the attempt kept the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import sort_cards
from fortyfive.engine.scoring import DealLog, running_totals
from fortyfive.puzzles._parts import GameRun, card_name, seats_view, tricks_view
from fortyfive.puzzles.model import Feedback, PuzzleInputError


@dataclass
class TargetRun(GameRun, kind="target"):
    """Play an endgame with every hand open against perfect defence: your side must take at
    least ``target`` points in the deal. You play every card of your partnership; the solver
    answers for the others, and every move of yours must keep the target reachable."""

    def _setup(self) -> None:
        from fortyfive.solve.solver import solve

        super()._setup()
        g = self.game
        if g.phase != Phase.PLAY or g.over:
            raise ValueError(f"puzzle {self.puzzle.id}: target puzzles start in the trick phase")
        if (
            not self.rules_.auction
            and max(g.scores) + self.rules_.deal_points >= self.rules_.target
        ):
            raise ValueError(f"puzzle {self.puzzle.id}: the game could end in this deal")
        assert g.to_act is not None
        self.side = self.rules_.partnerships[g.to_act]
        self.deal_no = g.deal_number
        self.target = int(self.puzzle.position["target"])
        best = solve(g).value
        if best < self.target:
            raise ValueError(
                f"puzzle {self.puzzle.id}: the target {self.target} cannot be "
                f"reached (best play gives {best})"
            )
        self.moves: list[str] = []

    def _deal(self) -> DealLog:
        return self.game.deals[self.deal_no - 1]

    def _finished(self) -> bool:
        return self.game.over or self.game.deal_number != self.deal_no

    def _taken(self) -> int:
        r, deal = self.rules_, self._deal()
        winners = [r.partnerships[t.winner] for t in deal.tricks]
        credited = self._finished() or deal.bonus_certain  # R7.3, R8.6
        bonus = deal.bonus_trick if credited else -1
        return running_totals(r, (0,) * r.n_partnerships, winners, bonus)[self.side]

    def _ours(self) -> list[int]:
        return self.rules_.partners(self.side)

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        deal = self._deal()
        name = r.partnership_names[self.side]
        seats = " and ".join(str(s) for s in self._ours())
        facts = self._deal_facts(deal)
        facts.append(f"You play for {name} (seats {seats}); the others defend perfectly.")
        facts.append(
            f"Target: {self.target} points for {name} in this deal ({r.trick_points} a trick, "
            f"{r.bonus_points} more with the highest trump)."
        )
        view: dict[str, Any] = {
            "trump": SUITS[deal.trump],
            "facts": facts,
            "tricks": tricks_view(r, deal),
        }
        k, n = len(deal.tricks), r.hand_size
        view["step"] = {
            "text": f"Trick {min(k + 1, n)} of {n}: {name} has {self._taken()} "
            f"points, target {self.target}."
        }
        if self._finished():
            view["seats"] = []
            view["answer"] = {"type": "card", "cards": []}
            return view
        view["trick"] = [{"seat": s, "card": str(c)} for s, c in g.trick_plays]
        view["seats"] = seats_view(g, True, yours=self._ours(), dealer=deal.dealer)
        assert g.to_act is not None
        view["answer"] = {
            "type": "card",
            "cards": [str(c) for c in sort_cards(r, g.hand(g.to_act), g.trump)],
        }
        return view

    def _refute(self, card: str, value: int) -> Feedback:
        """A move that loses the target fails the attempt: it is played, and the deal is
        played out on the table with best play on both sides, trick by trick."""
        from fortyfive.solve.solver import solve

        g, r = self.game, self.rules_
        mistake = len(self._deal().tricks) + 1
        first = len(self._deal().tricks)
        g.apply(f"play {card}")
        self.moves.append(f"play {card}")
        while not self._finished():
            g.apply(solve(g, side=self.side).best[0])
        tricks = self._deal().tricks[first:]
        names = r.partnership_names
        lines = [
            f"trick {first + i + 1}: "
            + ", ".join(f"seat {s} {CARDS[c]}" for s, c in t.plays(r.players))
            + f" (seat {t.winner}, {names[r.partnerships[t.winner]]}, takes it)"
            for i, t in enumerate(tricks)
        ]
        points = "R7.1, R7.2" if not r.auction else "R10.1"
        return Feedback(
            False,
            True,
            f"{card} in trick {mistake} was the mistake: against the best defence "
            f"{names[self.side]} takes only {value} points, short of the target {self.target} "
            f"({points}). Played out: {'; '.join(lines)}. Try again from the start.",
            self.puzzle.rules,
        )

    def _why_it_works(self) -> str:
        """A sentence on why the line made the target: the tricks taken and the bonus."""
        r, deal = self.rules_, self._deal()
        ours = [
            str(i + 1) for i, t in enumerate(deal.tricks) if r.partnerships[t.winner] == self.side
        ]
        bonus = ""
        if 0 <= deal.bonus_trick < len(deal.tricks):
            won = r.partnerships[deal.tricks[deal.bonus_trick].winner] == self.side
            card = CARDS[deal.bonus_card]
            bonus = (
                f", and the bonus with {card}, the highest trump played (R7.2, R10.1)"
                if won
                else f"; the defence's {card} took the bonus, and the tricks were enough"
            )
        which = "trick" if len(ours) == 1 else "tricks"
        return f"Your side took {which} {', '.join(ours)}{bonus}."

    def _defend(self) -> list[str]:
        """The defenders' best answers (lowest value for our side) until it is our turn."""
        from fortyfive.solve.solver import solve

        g, played = self.game, []
        while not self._finished() and self.rules_.partnerships[g.to_act or 0] != self.side:
            s = solve(g, side=self.side)
            move = s.best[0]
            played.append(f"seat {g.to_act} {move.split()[-1]}")
            g.apply(move)
        return played

    def _check(self, answer: Any) -> Feedback:
        from fortyfive.solve.solver import solve

        g = self.game
        if self._finished():
            raise PuzzleInputError("the deal is over")
        assert g.to_act is not None
        hand = [str(c) for c in g.hand(g.to_act)]
        card = card_name(answer, hand)
        action = f"play {card}"
        rules = self.puzzle.rules
        why = g.explain(action)
        if why:
            return Feedback(False, False, f"{card} may not be played: {why}", rules)
        value = solve(g).values[action]
        if value < self.target:
            return self._refute(card, value)
        g.apply(action)
        self.moves.append(action)
        answers = self._defend()
        if self._finished():
            return Feedback(
                True,
                True,
                f"Target reached: your side took {self._taken()} points (target {self.target}). "
                + self._why_it_works(),
                rules,
            )
        said = f" The defence played: {', '.join(answers)}." if answers else ""
        return Feedback(True, False, f"Good: {card} keeps {self.target} within reach.{said}", rules)

    def hint(self) -> str | None:
        """The next hint, worked out from the position as it stands now (the endgame moves)."""
        self._hints = self._hint_texts()
        return super().hint()

    def _hint_texts(self) -> list[str]:
        from fortyfive.solve.solver import solve

        g = self.game
        s = solve(g) if not self._finished() else None
        n = len(s.values) if s else 0
        k = len([a for a, v in s.values.items() if v >= self.target]) if s else 0
        return [
            "Count the trumps still out and who holds them: the highest trump of the deal brings "
            "5 more with its trick (R7.2, R10.1). Winners cashed too early can set up the "
            "defence's.",
            f"Right now {k} of your {n} playable cards keep the target within reach.",
        ]

    def _solution(self) -> Feedback:
        live = self.game
        self.game = live.copy()  # play the line out on a copy: the attempt itself stays put
        try:
            return self._play_out()
        finally:
            self.game = live

    def _play_out(self) -> Feedback:
        from fortyfive.solve.solver import solve

        g = self.game
        if self._finished():
            return Feedback(
                False, True, f"The deal is over: your side took {self._taken()}.", self.puzzle.rules
            )
        best = solve(g).best
        hl = tuple(a.split()[-1] for a in best)
        line = []
        while not self._finished():
            assert g.to_act is not None
            if self.rules_.partnerships[g.to_act] == self.side:
                move = solve(g).best[0]
                line.append(f"seat {g.to_act} {move.split()[-1]}")
                g.apply(move)
            else:
                line += self._defend()
        msg = (
            f"Best now: {' or '.join(hl)}. A winning line: {', '.join(line)}: your side takes "
            f"{self._taken()} (target {self.target})."
        )
        return Feedback(False, True, msg, self.puzzle.rules, highlight=hl)
