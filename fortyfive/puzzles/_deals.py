"""Deal puzzles, on a whole deal of either preset: rob, score, game-winner and calls (R6-R10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortyfive.engine.auction import call_ladder
from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.outcome import WinReason
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import get_rules
from fortyfive.engine.scoring import barker_hand_delta, running_totals
from fortyfive.puzzles._parts import (
    GameRun,
    choice,
    choices,
    form_values,
    options,
    position_game,
    scores_text,
    seat_label,
    seats_view,
    sheet_rows,
    suit_word,
    tricks_view,
)
from fortyfive.puzzles.model import Feedback


@dataclass
class RobRun(GameRun, kind="rob"):
    """Who may rob the turn-up (R6.4-R6.6)? Also covers a turned-up joker."""

    def _setup(self) -> None:
        super()._setup()
        g = self.game
        if self.rules_.auction or g.phase != Phase.PLAY or g.tricks_played:
            raise ValueError(
                f"puzzle {self.puzzle.id}: rob puzzles stop a bruff deal in its first trick"
            )
        self.answer = "nobody" if g.robber is None else str(g.robber)
        # R6.6: who had the right when play began (before any card, after a joker's burial)
        pos = self.puzzle.position
        buried = [a for a in pos.get("actions", ()) if str(a).startswith("bury")]
        self.first = position_game(self.rules_, dict(pos, actions=buried)).robber

    def _values(self) -> list[str]:
        return [str(s) for s in range(self.rules_.players)] + ["nobody"]

    def _view(self) -> dict[str, Any]:
        g = self.game
        deal = g.deals[-1]
        facts = [f"Dealer: seat {g.dealer}"]
        if g.deals[-1].turnup >= 0 and self.puzzle.position["stock"][0] == "JK":
            facts.append(
                "The joker was turned up: the dealer took it, buried one card and "
                "turned up the next card (R6.4)."
            )
        facts.append(f"Turned up: {CARDS[deal.turnup]}: trump is {g.trump and suit_word(g.trump)}")
        if deal.robbed_by >= 0:
            facts.append(f"Seat {deal.robbed_by} robbed the turn-up (R6.5)")
        pairs = [(str(s), seat_label(self.rules_, s)) for s in range(self.rules_.players)]
        pairs.append(("nobody", "Nobody"))
        view = {
            "trump": g.trump,
            "facts": facts,
            "turnup": str(CARDS[deal.turnup]),
            "seats": seats_view(g, True),
            "answer": {"type": "choice", "options": options(pairs)},
        }
        if g.trick:  # the first trick under way (R6.6)
            view["trick"] = [{"seat": s, "card": str(c)} for s, c in g.trick_plays]
        return view

    def _why(self) -> str:
        g = self.game
        assert g.trump is not None and g.turnup is not None
        ace = f"A{g.trump}"
        if self.answer == "nobody":
            if g.deals[-1].robbed_by >= 0:
                return (
                    f"Seat {g.deals[-1].robbed_by} has robbed already, and robbing happens at "
                    "most once a deal (R6.6)."
                )
            if self.first is not None:
                return (
                    f"Seat {self.first} had the right to rob ({ace} is the ace of trumps) but "
                    "has played its first card: robbing is open only before the robber's own "
                    "first play of the deal (R6.6)."
                )
            return (
                f"Nobody holds {ace}, the ace of trumps, so nobody may rob (R6.5). "
                "AH and the joker give no right to rob unless AH is the ace of trumps."
            )
        seat = int(self.answer)
        later = (
            " It has not played yet: robbing stays open until its own first play, and is "
            "offered at its turn, before it chooses its card (R6.6, R8.7)."
            if g.trick
            else ""
        )
        if str(g.turnup) == ace:
            return (
                f"The turn-up is {ace} itself, so the dealer, seat {seat}, may rob it (R6.5)."
                + later
            )
        extra = (
            " (AS, not AH: AH is always a trump but is not the ace of spades)"
            if g.trump == "S"
            else ""
        )
        return f"Seat {seat} holds {ace}, the ace of trumps{extra}, so it may rob (R6.5)." + later

    def _check(self, answer: Any) -> Feedback:
        got = choice(answer, self._values())
        if got == self.answer:
            return Feedback(True, True, "Right. " + self._why(), self.puzzle.rules)
        return Feedback(False, False, "No. " + self._misconception(got), self.puzzle.rules)

    def _misconception(self, got: str) -> str:
        """What the wrong answer ``got`` shows the learner believes, with the rule that says
        otherwise; never the seat or the card that is right."""
        g = self.game
        assert g.turnup is not None and g.trump is not None
        joker_turned = self.puzzle.position["stock"][0] == "JK"
        if got == "nobody":
            if g.trick:
                return (
                    "Somebody may still rob: the first trick has begun, but robbing closes only "
                    "at the robber's own first play (R6.6)."
                )
            return (
                "Somebody may rob here: the right goes with the ace of the trump suit, or with "
                "the dealer when that ace is the turn-up itself (R6.5)."
            )
        seat = int(got)
        if seat == g.deals[-1].robbed_by:
            return f"Seat {seat} has robbed already, and robbing is at most once a deal (R6.6)."
        if seat == self.first and seat != g.robber:
            return (
                f"Seat {seat} had the right, but it has played to this trick already: robbing is "
                "only before the robber's own first play of the deal (R6.6)."
            )
        held = {str(c) for c in g.hand(seat)}
        ace_turned = str(g.turnup) == f"A{g.trump}"
        if seat == g.dealer and not ace_turned:
            why = (
                "Taking the turned-up joker and burying a card (R6.4) is not robbing, and gives "
                "no right to the next card. "
                if joker_turned
                else ""
            )
            return (
                f"{why}The dealer robs only when the turn-up is the ace of trumps itself (R6.5); "
                f"the turn-up is {g.turnup}."
            )
        if "JK" in held:
            return "The joker is always a trump, but it gives no right to rob (R6.5)."
        if "AH" in held and g.trump != "H":
            return (
                "AH is always a trump (R2.1), but only the ace of the trump suit robs (R6.5); "
                f"with {suit_word(g.trump)} trump that is not AH."
            )
        return (
            f"Seat {seat} holds no card that gives the right to rob: only the ace of the trump "
            "suit does (R6.5)."
        )

    def _hint_texts(self) -> list[str]:
        g = self.game
        second = (
            "Look in every hand and at the turn-up itself. AH and the joker are always trumps, "
            "but neither is the ace of this trump suit."
            if g.trump != "H"
            else "Look in every hand and at the turn-up itself. The joker is always a trump, but "
            "it gives no right to rob."
        )
        if g.trick:
            second = (
                "R6.6: robbing is open only until the robber's own first play of the deal. Who "
                "has played to this trick already?"
            )
        return [
            "R6.5: the player holding the ace of the trump suit may rob; if the turn-up is that "
            "ace itself, the dealer may.",
            second,
        ]

    def _solution(self) -> Feedback:
        hl = (f"A{self.game.trump}",) if self.answer != "nobody" else ()
        return Feedback(False, True, self._why(), self.puzzle.rules, highlight=hl)


@dataclass
class ScoreRun(GameRun, kind="score"):
    """Type the score. bruff: the running scores now and whether the bonus is certain (R7, R8.6);
    barker: the scores after the hand (R10)."""

    def _setup(self) -> None:
        super()._setup()
        g = self.game
        if g.over:
            raise ValueError(f"puzzle {self.puzzle.id}: the game must not be over")
        if self.rules_.auction:
            if len(g.deals) < 2 or g.deals[0].thrown_in or g.deals[0].end_scores is None:
                raise ValueError(f"puzzle {self.puzzle.id}: play one whole barker hand")
            self.deal = g.deals[0]
            end = self.deal.end_scores
            assert end is not None
            self.right: dict[str, Any] = dict(zip(self._names(), end, strict=True))
        else:
            if len(g.deals) != 1 or g.trick or not g.tricks_played:
                raise ValueError(f"puzzle {self.puzzle.id}: stop a bruff deal between tricks")
            self.deal = g.deals[0]
            self.right = dict(zip(self._names(), g.scores, strict=True))
            self.right["certain"] = "yes" if g.bonus_certain() else "no"

    def _fields(self) -> list[dict[str, Any]]:
        when = "after the hand" if self.rules_.auction else "now"
        fields: list[dict[str, Any]] = [
            {"name": n, "label": f"{n} {when}", "kind": "number"} for n in self._names()
        ]
        if not self.rules_.auction:
            fields.append(
                {
                    "name": "certain",
                    "label": "Is the bonus certain?",
                    "kind": "choice",
                    "options": options([("yes", "Yes"), ("no", "No")]),
                }
            )
        return fields

    def _view(self) -> dict[str, Any]:
        deal, r = self.deal, self.rules_
        facts = self._deal_facts(deal)
        facts.append(
            f"Scores before this {'hand' if r.auction else 'deal'}: "
            + scores_text(r, deal.start_scores)
        )
        if r.auction:
            facts.append(
                f"Contract: seat {deal.bidder} "
                f"({r.partnership_names[r.partnerships[deal.bidder]]}) bid {deal.bid}"
            )
        return {
            "trump": SUITS[deal.trump],
            "facts": facts,
            "tricks": tricks_view(r, deal),
            "answer": {"type": "form", "fields": self._fields()},
        }

    def _sheet(self, totals: bool) -> list[dict[str, Any]]:
        return sheet_rows(self.game, self.deal.number, totals)

    def _explain(self) -> str:
        r, deal, g = self.rules_, self.deal, self.game
        if r.auction:
            bidders = r.partnerships[deal.bidder]
            winners = [r.partnerships[t.winner] for t in deal.tricks]
            taken = running_totals(r, (0,) * r.n_partnerships, winners, deal.bonus_trick)
            scored = barker_hand_delta(r, deal.bid, bidders, taken)[bidders]
            name = r.partnership_names[bidders]
            made = bool(deal.made)
            how = (
                f"{name} bid {deal.bid} and took {taken[bidders]}: made, so they score "
                + (
                    f"{scored} for a made {deal.bid} (R10.3)"
                    if scored != taken[bidders]
                    else "what they took (R10.2)"
                )
                if made
                else f"{name} bid {deal.bid} and took only {taken[bidders]}: the bid is "
                "subtracted and nothing they took counts (R10.2)"
            )
            opp = [
                f"{r.partnership_names[p]} took {taken[p]} and scores it (R10.4)"
                for p in range(r.n_partnerships)
                if p != bidders
            ]
            return (
                f"{how}; {'; '.join(opp)}. Tricks are 5 each, 5 more with the highest trump "
                f"(R10.1). Scores: {scores_text(r, deal.end_scores or ())}."
            )
        status = g.bonus_status().describe(r.partnership_names)
        held = "" if g.bonus_certain() else " An uncertain bonus is not counted yet (R8.6)."
        return f"Scores now: {scores_text(r, g.scores)}: 5 a trick (R7.1). {status}.{held}"

    def _check(self, answer: Any) -> Feedback:
        got = form_values(answer, self._fields())
        if got == self.right:
            return Feedback(True, True, "Right. " + self._explain(), self.puzzle.rules)
        wrong = [f"{k}: not {got[k]}" for k in self.right if got[k] != self.right[k]]
        rule = (
            "R10.1-R10.4: the bidders score what they took only when it reaches the bid"
            if self.rules_.auction
            else "R7.1, R7.2: 5 a trick, and 5 more for the trick with the highest trump"
        )
        msg = f"Not quite ({'; '.join(wrong)}). {rule}: see the sheet, trick by trick."
        if "certain" in self.right and got["certain"] != self.right["certain"]:
            msg += " R7.3: the bonus is certain once the 5 of trumps is played, once every higher "
            msg += "trump is known to be out of play, or at the end of the deal."
        return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))

    def _hint_texts(self) -> list[str]:
        if self.rules_.auction:
            return [
                "R10.1: 5 a trick and 5 more for the trick with the highest trump (30 in all).",
                "R10.2-R10.4: the bidders score what they took only if it reaches the bid; "
                "otherwise they lose the bid. The opponents always score what they took.",
            ]
        return [
            "R7.1, R7.2: 5 a trick; 5 more for the trick with the highest trump of the deal.",
            "R7.3, R8.6: the bonus counts in the running score only once it is certain.",
        ]

    def _solution(self) -> Feedback:
        return Feedback(
            False, True, self._explain(), self.puzzle.rules, sheet=self._sheet(totals=True)
        )


@dataclass
class GameWinnerRun(GameRun, kind="game-winner"):
    """Which partnership has won the game, and after which trick does play stop? (R8)"""

    def _setup(self) -> None:
        self.rules_ = get_rules(self.puzzle.preset)
        try:
            self.game = g = position_game(self.rules_, self.puzzle.position, until_over=True)
        except (ValueError, KeyError) as e:
            raise ValueError(f"puzzle {self.puzzle.id}: the position is not valid: {e}") from None
        if self.rules_.auction or not g.over or len(g.deals) != 1:
            raise ValueError(f"puzzle {self.puzzle.id}: the deal's actions must end the game")
        assert g.winner is not None
        self.deal = g.deals[0]
        self.right = {"partnership": self._names()[g.winner], "trick": str(len(self.deal.tricks))}
        # The five tricks as they fell, the later ones included: the same deal from 0 points.
        pos = dict(self.puzzle.position, scores=[0] * self.rules_.n_partnerships)
        self.full = position_game(self.rules_, pos).deals[0]

    def _fields(self) -> list[dict[str, Any]]:
        return [
            {
                "name": "partnership",
                "label": "Which partnership wins?",
                "kind": "choice",
                "options": options([(n, n) for n in self._names()]),
            },
            {
                "name": "trick",
                "label": "After which trick is the game won?",
                "kind": "choice",
                "options": options([(str(k), f"Trick {k}") for k in range(1, 6)]),
            },
        ]

    def _view(self) -> dict[str, Any]:
        r, deal = self.rules_, self.deal
        facts = self._deal_facts(deal)
        facts.append("Scores before this deal: " + scores_text(r, deal.start_scores))
        facts.append("The five tricks of the deal as they fell (played out to the end):")
        return {
            "trump": SUITS[deal.trump],
            "facts": facts,
            "tricks": tricks_view(r, self.full),
            "answer": {"type": "form", "fields": self._fields()},
        }

    def _explain(self) -> str:
        g, r, deal = self.game, self.rules_, self.deal
        assert g.winner is not None
        assert g.outcome is not None
        name, k = r.partnership_names[g.winner], len(deal.tricks)
        status = g.bonus_status()
        if g.outcome.reason is WinReason.JINK:
            why = f"{name} took all five tricks: jink wins the game (R8.4)."
        elif status.certain:
            why = (
                f"after trick {k} the bonus is certain ({status.describe(r.partnership_names)}) "
                f"and with it {name} was first to {r.target} (R8.6, R8.2)."
            )
        else:
            why = (
                f"{name} reached {r.target} first with or without the bonus, so nothing still "
                "uncertain can change it: the game ends at once (R8.3)."
            )
        return f"{name} wins after trick {k}: {why} Scores: {scores_text(r, g.scores)}."

    def _sheet(self, totals: bool) -> list[dict[str, Any]]:
        return sheet_rows(self.game, self.deal.number, totals)

    def _check(self, answer: Any) -> Feedback:
        got = form_values(answer, self._fields())
        if got == self.right:
            return Feedback(True, True, "Right. " + self._explain(), self.puzzle.rules)
        parts = []
        if got["partnership"] != self.right["partnership"]:
            parts.append(f"{got['partnership']} does not win")
        if got["trick"] != self.right["trick"]:
            parts.append(f"the game is not won after trick {got['trick']}")
        msg = (
            "Not quite: " + " and ".join(parts) + ". R8.6: after every trick, count the running "
            "totals without the bonus and with it; a certain bonus decides; while it is "
            "uncertain only a first to 45 that both lines agree on wins."
        )
        return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))

    def _hint_texts(self) -> list[str]:
        return [
            "R8.1: a partnership wins the moment its running total reaches 45: the order of the "
            "tricks counts, not the totals at the end of the deal.",
            "Write the totals after each trick; add the bonus to the trick of the highest trump "
            "only once it is certain (R7.3, R8.6). Remember jink (R8.4).",
        ]

    def _solution(self) -> Feedback:
        return Feedback(
            False, True, self._explain(), self.puzzle.rules, sheet=self._sheet(totals=True)
        )


@dataclass
class CallsRun(GameRun, kind="calls"):
    """Select every legal call in the auction (R9.2-R9.5)."""

    def _setup(self) -> None:
        super()._setup()
        self.calls = call_ladder(self.rules_)
        g = self.game
        if g.phase != Phase.BID:
            raise ValueError(f"puzzle {self.puzzle.id}: calls puzzles stop in the auction")
        self.legal = g.legal_actions()

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        deal = g.deals[-1]
        facts = [f"Dealer: seat {g.dealer}", "Scores: " + scores_text(r, g.scores)]
        calls = ", ".join(f"seat {s}: {c}" for s, c in deal.calls) or "none yet"
        facts.append(f"Calls so far: {calls}")
        facts.append(
            f"Seat {g.to_act} ({r.partnership_names[r.partnerships[g.to_act or 0]]}) to call"
        )
        labels = [(c, c.capitalize()) for c in self.calls]
        return {
            "facts": facts,
            "seats": seats_view(g, False),
            "answer": {"type": "choices", "options": options(labels)},
        }

    def _why_legal(self, call: str) -> str:
        g = self.game
        high = g.contract[1] if g.contract else 0
        if call == "pass":
            return "R9.2: you may always pass."
        if call == "hold":
            return "R9.3: the dealer may take over the highest bid at the same level."
        r, g = self.rules_, self.game
        rich = g.scores[r.partnerships[g.to_act or 0]] >= r.high_score
        floor = f" and not below {r.high_score_min_bid}, as you have {r.high_score}+ (R9.4)"
        floor = floor if rich else ""
        return f"R9.2: it is higher than the current highest bid ({high or 'none'}){floor}."

    def _check(self, answer: Any) -> Feedback:
        got = choices(answer, self.calls)
        if set(got) == set(self.legal):
            return Feedback(True, True, "Right: " + ", ".join(self.legal) + ".", self.puzzle.rules)
        wrong = [f"{c}: {self.game.explain(c)}" for c in got if c not in self.legal]
        missed = [f"{c} is open too: {self._why_legal(c)}" for c in self.legal if c not in got]
        return Feedback(False, False, " ".join(wrong + missed[:1]), self.puzzle.rules)

    def _hint_texts(self) -> list[str]:
        g = self.game
        high = g.contract
        first = (
            "R9.2: a bid must be higher than the highest so far; a pass is final. R9.3: "
            "only the dealer may hold. R9.4: 100 or more points: no bid or hold below 20."
        )
        second = (
            f"The highest bid so far is {high[1]}, by seat {high[0]}."
            if high
            else "Nobody has bid yet."
        )
        dealer = " You are the dealer." if g.to_act == g.dealer else " You are not the dealer."
        return [first, second + dealer]

    def _solution(self) -> Feedback:
        lines = [f"{c}: {self._why_legal(c)}" for c in self.legal]
        return Feedback(False, True, "Legal calls: " + " ".join(lines), self.puzzle.rules)
