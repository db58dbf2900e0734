"""The race endgame ("race"): win a bruff game in this deal, where the order of the tricks
decides (R8.1), not the points the deal brings.

Every hand is open and the scores stand near 45. You play your partnership's cards against
the other two partnerships playing together; a move counts when your side can still force a
win after it (:func:`~fortyfive.solve.solver.can_force_win`, the R8.6 procedure with the
bonus counted once certain). As in the points endgame (:mod:`._endgame_kind`), one wrong move
fails the attempt and is refuted on the table, and a turn that is no decision (one legal
card, or several that all keep the win) is played for you.

A shipped race is one where the points do not tell: some card that loses the race takes as
many points in the deal as the one that wins it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.scoring import first_to_target
from fortyfive.puzzles._endgame_kind import (
    _defence_move,
    open_hand_view,
    play_until_asked,
    played_out_lines,
)
from fortyfive.puzzles._parts import GameRun, card_name
from fortyfive.puzzles.model import Feedback, PuzzleInputError


def _over(g: Game, deal_no: int) -> bool:
    return g.over or g.deal_number != deal_no


def winning_moves(g: Game, side: int) -> list[str]:
    """The legal moves of the seat to act after which partnership ``side`` still forces a win
    of the game in this deal (or has won it). ``g`` is not changed."""
    from fortyfive.solve.solver import can_force_win

    out = []
    for action in g.legal_actions():
        after = g.copy()
        after.apply(action)
        if after.over:
            won = after.winner == side
        else:
            won = after.deal_number == g.deal_number and can_force_win(after, side)
        if won:
            out.append(action)
    return out


def is_race_decision(g: Game, side: int) -> bool:
    """A turn worth asking: two or more legal cards and exactly one of them keeping the win."""
    return len(g.legal_actions()) > 1 and len(winning_moves(g, side)) == 1


def defence_move(g: Game, side: int) -> str:
    """The other partnerships' reply: a move that stops ``side``'s forced win when one does
    (the points solver's defence first), else the points solver's defence."""
    best = _defence_move(g, side)
    winning = set(winning_moves(g, side))
    if best not in winning:
        return best
    return next((a for a in g.legal_actions() if a not in winning), best)


def own_move(g: Game, side: int) -> str:
    """``side``'s move at a turn that is no decision: a winning move if there is one (the
    points solver's best among them first), else the points solver's best."""
    from fortyfive.solve.solver import solve

    best = solve(g).best
    winning = winning_moves(g, side)
    return next((a for a in best if a in winning), winning[0] if winning else best[0])


def play_line(g: Game, side: int, first: str | None = None) -> Game:
    """A copy of ``g`` after ``first`` (if given), played on to the end of the game or the
    deal with :func:`own_move` and :func:`defence_move`."""
    g = g.copy()
    deal_no = g.deal_number
    if first is not None:
        g.apply(first)
    while not _over(g, deal_no):
        assert g.to_act is not None
        ours = g.rules.partnerships[g.to_act] == side
        g.apply(own_move(g, side) if ours else defence_move(g, side))
    return g


def reached(g: Game, deal_no: int) -> tuple[int, int, bool] | None:
    """Who won the race of deal ``deal_no`` in ``g`` (played to its end or the game's) by
    getting to 45 first: (partnership, the trick, 1-based, at which it got there, whether the
    bonus counted back to its trick took it there, R8.2); None for no winner by the target in
    that deal (nobody, or a jink)."""
    out, r = g.outcome, g.rules
    if out is None or out.deal != deal_no or out.reason != "target":
        return None
    deal = g.deals[deal_no - 1]
    winners = [r.partnerships[t.winner] for t in deal.tricks]
    first = first_to_target(r, deal.start_scores, winners, deal.bonus_trick)
    plain = first_to_target(r, deal.start_scores, winners, -1)
    assert first is not None and first[0] == out.winner
    return first[0], first[1] + 1, plain != first


def race_result(g: Game, deal_no: int, counted: bool = False) -> str:
    """How the race ended in ``g``, played to the end of the game or of deal ``deal_no``;
    ``counted``: the bonus was in the scores already when the race began (it is then not
    named again)."""
    names = g.rules.partnership_names
    out = g.outcome
    if out is None or out.deal != deal_no:
        return "nobody reaches 45 in this deal, and the game goes on (R8.5)"
    first = reached(g, deal_no)
    if first is None:
        return f"{names[out.winner]} takes all five tricks, a jink (R8.4)"
    p, trick, bonus = first
    back = ""
    if bonus and not counted:
        back = f" with the bonus of trick {g.deals[deal_no - 1].bonus_trick + 1}"
    return f"{names[p]} reaches 45 first{back}, at trick {trick}"


def race_principle(g: Game) -> str:
    """The sentence a race teaches, worked out from its first position ``g`` (a decision of
    the seat to act): the winning card, the trick that wins the race (and the bonus it counted
    back, R8.2), and what the card taking as many points that loses the race would have let
    happen."""
    from fortyfive.solve.solver import solve

    r = g.rules
    assert g.to_act is not None
    side = r.partnerships[g.to_act]
    (right,) = winning_moves(g, side)
    won = play_line(g, side, right)
    out = won.outcome
    assert out is not None and out.winner == side
    card = right.split()[-1]
    trick = g.tricks_played + 1
    deal = won.deals[out.deal - 1]
    taker = r.partnerships[deal.tricks[trick - 1].winner]
    does = (
        f"takes trick {trick}"
        if taker == side
        else f"gives trick {trick} to {r.partnership_names[taker]}"
    )
    name = r.partnership_names[side]
    first = reached(won, out.deal)
    if first is None:
        how = f"{name} takes all five tricks, a jink (R8.4)"
    else:
        how = f"{name} reaches 45 at trick {first[1]}"
        if first[2]:
            how += (
                f" with the bonus of trick {deal.bonus_trick + 1}, counted there once it is "
                f"certain after trick {out.trick} (R8.2)"
            )
    values = solve(g).values
    wrong = max((a for a in values if a != right), key=lambda a: (values[a], a))
    lost = race_result(play_line(g, side, wrong), g.deal_number, g.bonus_certain())
    wrong_card = wrong.split()[-1]
    tail = f"with {wrong_card} instead, {lost}"
    if values[wrong] >= values[right]:
        tail = f"{wrong_card} would score as many points over the whole deal, but then {lost}"
    return f"Count the race, not the points (R8.1): {card} {does}, and {how}; {tail}."


def race_progress(g: Game, side: int, deal_no: int, counted: bool = False) -> str:
    """Where the race stands: the running scores (the bonus once certain, R8.6) and the tricks
    left (``counted`` as for :func:`race_result`)."""
    r = g.rules
    names = r.partnership_names
    if _over(g, deal_no):
        return f"The race is over: {race_result(g, deal_no, counted)}."
    k = g.tricks_played
    scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(g.scores))
    status = g.bonus_status()
    if status.card is not None and status.certain:
        bonus = "the bonus is settled and counted"
    elif status.card is not None and g.bonus_beyond_reach():
        bonus = (
            f"the bonus is still open: no hand holds a trump above {status.card}, but those "
            "left lie in the unseen stock, so it counts at its trick only once certain (R7.3, "
            "R8.2)"
        )
    else:
        bonus = "the bonus is still open: it counts at its trick once certain (R8.2)"
    return (
        f"Trick {k + 1} of {r.hand_size}: {scores}; {bonus}. {names[side]} must reach "
        f"{r.target} before the others."
    )


def race_prompt(g: Game) -> str:
    """The race's question: the tricks left, the scores, who plays."""
    r = g.rules
    left = r.hand_size - g.tricks_played
    names = r.partnership_names
    scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(g.scores))
    return (
        f"{left} tricks are left, every hand is open, and the scores stand at {scores}. The "
        f"first partnership to reach {r.target} wins, at the trick it gets there (R8.1). Play "
        "your side's cards so that it wins the game in this deal, against the other two "
        "playing together."
    )


@dataclass
class RaceRun(GameRun, kind="race"):
    """Win a bruff game in this deal with every hand open, against the other two
    partnerships playing together: every move of yours must keep the win forced."""

    def _setup(self) -> None:
        from fortyfive.solve.solver import can_force_win

        super()._setup()
        g = self.game
        if not self.rules_.win_by_chronology:
            raise ValueError(f"puzzle {self.puzzle.id}: a race is a bruff game (R8.1)")
        if g.phase != Phase.PLAY or g.over:
            raise ValueError(f"puzzle {self.puzzle.id}: race puzzles start in the trick phase")
        assert g.to_act is not None
        self.side = self.rules_.partnerships[g.to_act]
        self.deal_no = g.deal_number
        if not can_force_win(g):
            raise ValueError(f"puzzle {self.puzzle.id}: the side to play cannot force a win")
        self.counted = g.bonus_certain()  # the bonus is in the scores shown
        self.moves: list[str] = []

    def _finished(self) -> bool:
        return _over(self.game, self.deal_no)

    def _ours(self) -> list[int]:
        return self.rules_.partners(self.side)

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        deal = g.deals[self.deal_no - 1]
        name = r.partnership_names[self.side]
        seats = " and ".join(str(s) for s in self._ours())
        facts = self._deal_facts(deal)
        facts.append(f"You play for {name} (seats {seats}); the others play perfectly.")
        facts.append(
            f"Goal: {name} wins the game in this deal, reaching {r.target} first ("
            f"{r.trick_points} a trick, {r.bonus_points} more with the highest trump)."
        )
        step = race_progress(g, self.side, self.deal_no, self.counted)
        return open_hand_view(g, deal, facts, step, self._ours(), self._finished())

    def _defend(self) -> list[str]:
        """Play on until a decision of yours: the defence's replies and your side's turns that
        are no decision (played for you)."""
        side = self.side
        return play_until_asked(
            self.game,
            side,
            self._finished,
            lambda g: defence_move(g, side),
            lambda g: None if is_race_decision(g, side) else own_move(g, side),
        )

    def _check(self, answer: Any) -> Feedback:
        g = self.game
        if self._finished():
            raise PuzzleInputError("the deal is over")
        assert g.to_act is not None
        card = card_name(answer, [str(c) for c in g.hand(g.to_act)])
        action = f"play {card}"
        why = g.explain(action)
        if why:  # refused as the card table refuses it: nothing was played, no try counts
            raise PuzzleInputError(f"{card} may not be played: {why}")
        rules = self.puzzle.rules
        first = g.tricks_played
        if action not in winning_moves(g, self.side):
            self.game = play_line(g, self.side, action)
            self.moves.append(action)
            result = race_result(self.game, self.deal_no, self.counted)
            if "(R" not in result:
                result += ", and the first to 45 wins (R8.1)"
            return Feedback(
                False,
                True,
                f"{card} in trick {first + 1} was the mistake: against the best defence "
                f"{result}. Played out: "
                f"{'; '.join(played_out_lines(self.game, self.deal_no, first))}. "
                "Try again from the start.",
                rules,
            )
        g.apply(action)
        self.moves.append(action)
        answers = self._defend()
        if self._finished():
            out = g.outcome
            assert out is not None
            return Feedback(
                True,
                True,
                f"Won: {race_result(g, self.deal_no, self.counted)}. "
                f"{out.describe(self.rules_.partnership_names)}.",
                rules,
            )
        said = f" Then: {', '.join(answers)}." if answers else ""
        return Feedback(True, False, f"Good: {card} keeps the win in hand.{said}", rules)

    def _hint_texts(self) -> list[str]:
        g, r = self.game, self.rules_
        if self._finished():
            return []
        n = len(g.legal_actions())
        k = len(winning_moves(g, self.side))
        names = r.partnership_names
        status = g.bonus_status()
        holder = None if status.certain else status.partnership
        needs = [r.target - score for score in g.scores]
        if holder is not None:  # its bonus, if it stands, counts back (R8.2)
            needs[holder] -= r.bonus_points
        need = ", ".join(
            f"{names[p]} {max(r.target - score, 0)}"
            + (
                f" ({max(needs[p], 0)} if the bonus stands: {names[p]}'s trick "
                f"{status.trick} has it now)"
                if p == holder
                else ""
            )
            for p, score in enumerate(g.scores)
        )
        bonus = (
            "the bonus is counted already"
            if status.certain or status.card is None
            else "the bonus counts at its trick once certain (R7.3, R8.2)"
        )
        slow = any(n > r.trick_points for p, n in enumerate(needs) if p != self.side)
        spare = (
            " A trick given to a partnership that needs two more still leaves it one short."
            if slow
            else ""
        )
        return [
            "Count what each partnership still needs to reach 45, and which trick can bring it "
            "there first: only the order counts (R8.1), and the bonus counts at the trick its "
            "trump took once it is certain (R8.2). Taking the most points is not the question.",
            f"Still to take before {r.target}: {need}; {bonus}.{spare}",
            f"Right now {k} of your {n} playable cards {'keeps' if k == 1 else 'keep'} the win "
            "in hand.",
        ]

    def hint(self) -> str | None:
        """The next hint, worked out from the position as it stands now."""
        self._hints = self._hint_texts()
        return super().hint()

    def _solution(self) -> Feedback:
        g = self.game
        if self._finished():
            return Feedback(False, True, "The deal is over.", self.puzzle.rules)
        best = winning_moves(g, self.side)
        line = play_line(g, self.side)
        first = g.tricks_played
        hl = tuple(a.split()[-1] for a in best)
        msg = (
            f"Best now: {' or '.join(hl)}. A winning line: "
            f"{'; '.join(played_out_lines(line, self.deal_no, first))}: "
            f"{race_result(line, self.deal_no, self.counted)}."
        )
        return Feedback(False, True, msg, self.puzzle.rules, highlight=hl)
