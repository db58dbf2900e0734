"""Deal puzzles, on a whole deal of either preset: rob, score, game-winner and calls (R6-R10)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from fortyfive.engine.auction import call_ladder
from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.outcome import WinReason
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import get_rules
from fortyfive.engine.scoring import barker_hand_delta, running_totals
from fortyfive.puzzles._parts import (
    ChronologyStep,
    GameRun,
    choice,
    choices,
    chronology_steps,
    form_values,
    options,
    position_game,
    scores_text,
    seat_label,
    seats_view,
    sheet_rows,
    suit_word,
    tricks_view,
    what_to_look_at,
)
from fortyfive.puzzles.model import Feedback

#: The answer that nobody (may rob; wins the game in this deal) is.
NOBODY = "nobody"


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
        self.answer = NOBODY if g.robber is None else str(g.robber)
        # R6.6: who had the right when play began (before any card, after a joker's burial)
        pos = self.puzzle.position
        buried = [a for a in pos.get("actions", ()) if str(a).startswith("bury")]
        self.first = position_game(self.rules_, dict(pos, actions=buried)).robber

    def _values(self) -> list[str]:
        return [str(s) for s in range(self.rules_.players)] + [NOBODY]

    def _view(self) -> dict[str, Any]:
        g = self.game
        deal = g.deals[-1]
        facts = [f"Dealer: seat {g.dealer}"]
        if g.deals[-1].turnup >= 0 and g.joker_turned:
            facts.append(
                "The joker was turned up: the dealer took it, buried one card and "
                "turned up the next card (R6.4)."
            )
        facts.append(f"Turned up: {CARDS[deal.turnup]}: trump is {g.trump and suit_word(g.trump)}")
        if deal.robbed_by >= 0:
            facts.append(f"Seat {deal.robbed_by} robbed the turn-up (R6.5)")
        pairs = [(str(s), seat_label(self.rules_, s)) for s in range(self.rules_.players)]
        pairs.append((NOBODY, "Nobody"))
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
        if self.answer == NOBODY:
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
                "The joker never gives the right to rob, nor does AH unless hearts are trumps."
            )
        seat = int(self.answer)
        later = (
            " It has not played yet: robbing stays open until its own first play, and is "
            "offered at its turn, before it chooses its card (R6.6, R8.7)."
            if g.trick
            else ""
        )
        if str(g.turnup) == ace:
            again = (
                " The joker before it changes nothing: the card turned up after it fixes trumps, "
                "and when that card is the ace of trumps the dealer may rob it as well (R6.4)."
                if g.joker_turned
                else ""
            )
            return (
                f"The turn-up is {ace} itself, so the dealer, seat {seat}, may rob it (R6.5)."
                + again
                + later
            )
        extra = (
            " (AS, not AH: AH is always a trump but is not the ace of spades)"
            if g.trump == "S"
            else ""
        )
        kept = (
            " Taking the turned-up joker (R6.4) was not a rob: the dealer keeps the right its "
            "ace gives (R6.6)."
            if seat == g.dealer and g.joker_turned
            else ""
        )
        return (
            f"Seat {seat} holds {ace}, the ace of trumps{extra}, so it may rob (R6.5)."
            + kept
            + later
        )

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
        if got == NOBODY:
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
                if g.joker_turned
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
        # a question, not the trap's answer: which card holds the right is the learner's to say
        which = f"With {suit_word(g.trump)} trump, which" if g.trump else "Which"
        second = (
            f"{which} card is the ace of the trump suit? Look for it in every hand and at the "
            "turn-up itself."
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
        hl = (f"A{self.game.trump}",) if self.answer != NOBODY else ()
        return Feedback(False, True, self._why(), self.puzzle.rules, highlight=hl)


@dataclass
class ScoreRun(GameRun, kind="score"):
    """Type the score. bruff: the running scores now and whether the bonus is certain (R7, R8.6),
    in the first deal or, the first deal shown whole, in the second (its scores carried over,
    R8.5); barker: the scores after the hand (R10)."""

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
            if len(g.deals) > 2 or g.trick or not g.tricks_played:
                raise ValueError(f"puzzle {self.puzzle.id}: stop a bruff deal between tricks")
            self.deal = g.deals[-1]
            self.right = dict(zip(self._names(), g.scores, strict=True))
            self.right["certain"] = "yes" if g.bonus_certain() else "no"

    @property
    def _carried(self) -> bool:
        """A second bruff deal: the first is shown whole and its scores carry over (R8.5)."""
        return not self.rules_.auction and len(self.game.deals) == 2

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
        facts: list[str] = []
        if self._carried:
            first = self.game.deals[0]
            facts.append("Scores before the first deal: " + scores_text(r, first.start_scores))
            facts.append(
                f"The first deal (dealer: seat {first.dealer}, trump: "
                f"{suit_word(SUITS[first.trump])}), played to the end without a winner:"
            )
            facts += [
                f"Deal 1, trick {i + 1}: "
                + ", ".join(f"seat {s} {CARDS[c]}" for s, c in t.plays(r.players))
                + f" (seat {t.winner} takes it)"
                for i, t in enumerate(first.tricks)
            ]
            facts.append("The second deal so far:")
        facts += self._deal_facts(deal)
        if not self._carried:
            facts.append(f"Scores before this {r.deal_word}: " + scores_text(r, deal.start_scores))
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
        first = 1 if self._carried else self.deal.number
        rows: list[dict[str, Any]] = []
        for number in range(first, self.deal.number + 1):
            rows += sheet_rows(self.game, number, totals)
        return rows

    def _taken(self) -> tuple[int, ...]:
        """barker: what each side took in the hand (R10.1), from the engine's scoring."""
        r, deal = self.rules_, self.deal
        winners = [r.partnerships[t.winner] for t in deal.tricks]
        return running_totals(r, (0,) * r.n_partnerships, winners, deal.bonus_trick)

    def _explain(self) -> str:
        r, deal, g = self.rules_, self.deal, self.game
        if r.auction:
            bidders = r.partnerships[deal.bidder]
            taken = self._taken()
            scored = barker_hand_delta(r, deal.bid, bidders, taken)[bidders]
            name = r.partnership_names[bidders]
            top = r.bids[-1]
            if deal.made and scored != taken[bidders]:
                how = f"{name} bid {deal.bid} and took {taken[bidders]}: made, so they score "
                how += f"{scored} for a made {deal.bid} (R10.3)"
            elif deal.made and taken[bidders] == r.deal_points:
                how = (
                    f"{name} bid {deal.bid} and took all {taken[bidders]}: made, and they score "
                    f"what they took, {scored}: only a bid of {top} doubles (R10.2, R10.3)"
                )
            elif deal.made:
                how = f"{name} bid {deal.bid} and took {taken[bidders]}: made, so they score "
                how += "what they took (R10.2)"
            else:
                how = (
                    f"{name} bid {deal.bid} and took only {taken[bidders]}: the bid is "
                    "subtracted and nothing they took counts (R10.2"
                    + (
                        f"; a failed {top} costs {top}, not double, R10.3)"
                        if deal.bid == top
                        else ")"
                    )
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
        carried = ""
        if self._carried:
            carried = (
                "The first deal ended without a winner, so its scores, "
                f"{scores_text(r, g.deals[0].end_scores or ())}, carried over into this one "
                "(R8.5). "
            )
        return f"{carried}Scores now: {scores_text(r, g.scores)}: 5 a trick (R7.1). {status}.{held}"

    def _misconception(self, got: dict[str, Any]) -> str:
        """What a wrong form shows the learner believes, when the engine can tell: the form
        matches the score a known slip gives (the engine's scoring with the slip put in). The
        message names the slip and its rule, never the right score."""
        r, deal, g = self.rules_, self.deal, self.game
        typed = tuple(got[n] for n in self._names())
        if r.auction:
            for delta, why in self._slips():
                if typed == tuple(s + x for s, x in zip(deal.start_scores, delta, strict=True)):
                    return why
            return ""
        winners = [r.partnerships[t.winner] for t in deal.tricks]
        start = deal.start_scores
        with_bonus = running_totals(r, start, winners, deal.bonus_trick)
        without = running_totals(r, start, winners, -1)
        certain = self.right["certain"] == "yes"
        if with_bonus != without and typed == (without if certain else with_bonus):
            return (
                "The bonus is certain: it counts with its trick (R7.2, R7.3)."
                if certain
                else "The bonus is counted only once it is certain, and it is not yet: a trump "
                "higher than the highest played may still be in a hand (R7.3, R8.6)."
            )
        if got.get("certain") == "yes" and not certain:
            return (
                "The bonus is not certain yet: a trump higher than the highest played may still "
                "be in a hand (R7.3)."
            )
        if self._carried:
            first = g.deals[0]
            fresh = [s - e for s, e in zip(g.scores, first.end_scores or (), strict=True)]
            if typed == tuple(a + b for a, b in zip(fresh, first.start_scores, strict=True)):
                return (
                    "The first deal's points count too: with no winner, the scores carry over "
                    "into the next deal (R8.5)."
                )
        return ""

    def _slips(self) -> list[tuple[tuple[int, ...], str]]:
        """barker: (score change, what it shows) for the slips the R10.2-R10.3 cases invite."""
        r, deal = self.rules_, self.deal
        bidders = r.partnerships[deal.bidder]
        taken = self._taken()
        top = r.bids[-1]
        slips: list[tuple[tuple[int, ...], str]] = []
        if deal.made and deal.bid == top:
            single = barker_hand_delta(replace(r, made_max_bid_factor=1), deal.bid, bidders, taken)
            slips.append((single, f"A made bid of {top} scores double (R10.3)."))
        if deal.made and deal.bid < top and taken[bidders] == r.deal_points:
            double = list(taken)
            double[bidders] = r.made_max_bid_factor * taken[bidders]
            slips.append(
                (
                    tuple(double),
                    f"Only a bid of {top} scores double: taking everything after a lower bid "
                    "scores what was taken (R10.3).",
                )
            )
        if not deal.made:
            kept = barker_hand_delta(r, deal.bid, bidders, taken)
            both = tuple(t if p == bidders else kept[p] for p, t in enumerate(taken))
            slips.append(
                (
                    both,
                    "Bidders who fall short of their bid score nothing of what they took: the "
                    "bid is subtracted (R10.2).",
                )
            )
            if deal.bid == top:
                twice = list(kept)
                twice[bidders] = -r.made_max_bid_factor * top
                slips.append((tuple(twice), f"A failed {top} costs {top}, not double (R10.3)."))
        return slips

    def _check(self, answer: Any) -> Feedback:
        got = form_values(answer, self._fields())
        if got == self.right:
            return Feedback(True, True, "Right. " + self._explain(), self.puzzle.rules)
        wrong = [
            f"{k}: not {got[k]}"
            if k != "certain"
            else f"the bonus is {'already' if self.right[k] == 'yes' else 'not yet'} certain"
            for k in self.right
            if got[k] != self.right[k]
        ]
        rule = (
            "R10.1-R10.4: the bidders score what they took only when it reaches the bid"
            if self.rules_.auction
            else "R7.1, R7.2: 5 a trick, and 5 more for the trick with the highest trump"
        )
        msg = f"Not quite: {'; '.join(wrong)}. {rule}: see the sheet, trick by trick."
        slip = self._misconception(got)
        if slip:
            msg += " " + slip
        if "certain" in self.right and got["certain"] != self.right["certain"] and not slip:
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
        hints = [
            "R7.1, R7.2: 5 a trick; 5 more for the trick with the highest trump of the deal.",
            "R7.3, R8.6: the bonus counts in the running score only once it is certain.",
        ]
        if self._carried:
            hints.insert(1, "R8.5: the first deal had no winner; its points stay on the score.")
        return hints

    def _solution(self) -> Feedback:
        return Feedback(
            False, True, self._explain(), self.puzzle.rules, sheet=self._sheet(totals=True)
        )


@dataclass
class GameWinnerRun(GameRun, kind="game-winner"):
    """Which partnership has won the game (bruff: and after which trick does play stop, R8;
    barker: the hand is played out and scored, R10.5)?"""

    def _setup(self) -> None:
        self.rules_ = get_rules(self.puzzle.preset)
        try:
            self.game = g = position_game(self.rules_, self.puzzle.position, until_over=True)
        except (ValueError, KeyError) as e:
            raise ValueError(f"puzzle {self.puzzle.id}: the position is not valid: {e}") from None
        if not g.over or len(g.deals) != 1:
            raise ValueError(f"puzzle {self.puzzle.id}: the deal's actions must end the game")
        assert g.winner is not None
        self.deal = g.deals[0]
        self.right = {"partnership": self._names()[g.winner]}
        if self.rules_.auction:
            self.full = self.deal  # R10.5: every trick of the hand is played
            self.steps: list[ChronologyStep] = []
            return
        self.right["trick"] = str(len(self.deal.tricks))
        # The five tricks as they fell, the later ones included: the same deal from 0 points.
        pos = dict(self.puzzle.position, scores=[0] * self.rules_.n_partnerships)
        self.full = position_game(self.rules_, pos).deals[0]
        self.steps = chronology_steps(g, 1)

    def _fields(self) -> list[dict[str, Any]]:
        fields = [
            {
                "name": "partnership",
                "label": "Which partnership wins?",
                "kind": "choice",
                # "nobody" too: without it the choices would say that someone wins (a jink,
                # R8.4, wins on scores far from the target)
                "options": options(
                    [(n, n) for n in self._names()] + [(NOBODY, "Nobody: the game goes on")]
                ),
            },
        ]
        if not self.rules_.auction:
            fields.append(
                {
                    "name": "trick",
                    "label": "After which trick is the game won?",
                    "kind": "choice",
                    "options": options(
                        [(str(k), f"Trick {k}") for k in range(1, 6)]
                        + [(NOBODY, "None: not won in this deal")]
                    ),
                }
            )
        return fields

    def _view(self) -> dict[str, Any]:
        r, deal = self.rules_, self.deal
        facts = self._deal_facts(deal)
        facts.append(f"Scores before this {r.deal_word}: " + scores_text(r, deal.start_scores))
        if r.auction:
            facts.append(
                f"Contract: seat {deal.bidder} "
                f"({r.partnership_names[r.partnerships[deal.bidder]]}) bid {deal.bid}"
            )
            facts.append("The five tricks of the hand:")
        else:
            facts.append(
                "The deal's cards, trick by trick, every trick shown: the game may end "
                "before the last, and the tricks after it are then never played (R8.3)."
            )
        return {
            "trump": SUITS[deal.trump],
            "facts": facts,
            # who took each trick is part of the question (R3.2); a wrong answer's sheet shows it
            "tricks": [dict(t, winner=None) for t in tricks_view(r, self.full)],
            "answer": {"type": "form", "fields": self._fields()},
        }

    def _split(self) -> str:
        """The tricks after which the lines with and without the bonus disagreed while it was
        uncertain, so that play went on (R8.6): each different disagreement once."""
        names = self.rules_.partnership_names

        def first(f: tuple[int, int] | None) -> str:
            return f"{names[f[0]]} first to 45 (trick {f[1] + 1})" if f else "nobody at 45"

        said: list[str] = []
        seen: set[tuple[str, str]] = set()
        for st in self.steps:
            pair = (first(st.first0), first(st.first1))
            if st.disagree and pair not in seen:
                seen.add(pair)
                said.append(
                    f" After trick {st.trick} the bonus was still uncertain and the lines "
                    f"disagreed: without it {pair[0]}, with it {pair[1]}; so play went on (R8.6)."
                )
        return "".join(said)

    def _explain(self) -> str:
        g, r, deal = self.game, self.rules_, self.deal
        assert g.winner is not None
        assert g.outcome is not None
        name = r.partnership_names[g.winner]
        if r.auction:
            bidders = r.partnership_names[r.partnerships[deal.bidder]]
            both = sum(s >= r.target for s in g.scores) > 1
            why = (
                f"both sides reached {r.target} in this hand, and then the bidders, {bidders}, "
                "win, whatever the points (R10.5)"
                if both
                else f"{name} reached {r.target} when the hand was scored (R10.5)"
            )
            return f"{name} wins: {why}. Scores: {scores_text(r, g.scores)}."
        k = len(deal.tricks)
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
        last = r.hand_size
        later = f"Trick {last} is" if k + 1 == last else f"Tricks {k + 1} to {last} are"
        unplayed = f" {later} not played (R8.3): shown only to be read." if k < last else ""
        return (
            f"{name} wins after trick {k}: {why}{self._split()}{unplayed} "
            f"Scores: {scores_text(r, g.scores)}."
        )

    def _sheet(self, totals: bool) -> list[dict[str, Any]]:
        return sheet_rows(self.game, self.deal.number, totals)

    def _check(self, answer: Any) -> Feedback:
        got = form_values(answer, self._fields())
        if got == self.right:
            return Feedback(True, True, "Right. " + self._explain(), self.puzzle.rules)
        r = self.rules_
        if NOBODY in got.values():  # the game is won in this deal: say by which rule, once
            jink = self.game.outcome is not None and self.game.outcome.reason is WinReason.JINK
            why = (
                "A partnership that takes all five tricks of a deal wins the game, whatever the "
                "scores (R8.4)."
                if jink
                else self._barker_miss()
                if r.auction
                else "R8.1: a partnership wins the moment its running total reaches 45; count "
                "the totals trick by trick (R8.6)."
            )
            what = "after this hand" if r.auction else "in this deal"
            msg = f"Not quite: the game is won {what}. {why}"
            return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))
        if r.auction:
            msg = f"Not quite: {got['partnership']} does not win. " + self._barker_miss()
            return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))
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
        slip = self._bruff_miss(got)
        if slip:
            msg += " " + slip
        return Feedback(False, False, msg, self.puzzle.rules, sheet=self._sheet(totals=False))

    def _bruff_miss(self, got: dict[str, Any]) -> str:
        """The misconception a wrong bruff answer shows, from the tricks as the engine saw them:
        stopping where the lines disagreed, going past the decisive trick, reading the totals
        at the end of the deal."""
        names = self.rules_.partnership_names
        trick = int(got["trick"])
        split = [st for st in self.steps if st.disagree and st.trick == trick]
        if split:
            return (
                f"After trick {trick} the two lines did not agree and the bonus was not yet "
                "certain: that is when play goes on (R8.6)."
            )
        if trick > len(self.deal.tricks):
            return "Play stops at the first trick after which the win is decided (R8.3, R8.6)."
        totals = running_totals(
            self.rules_,
            self.full.start_scores,
            [self.rules_.partnerships[t.winner] for t in self.full.tricks],
            self.full.bonus_trick,
        )
        top = max(range(len(names)), key=lambda p: totals[p])
        if got["partnership"] == names[top] != self.right["partnership"]:
            return (
                "The higher total at the end of the deal does not decide: the first to reach "
                "45, trick by trick, wins even if another gets there too (R8.1, R8.2)."
            )
        return ""

    def _barker_miss(self) -> str:
        r, g = self.rules_, self.game
        if sum(s >= r.target for s in g.scores) > 1:
            return (
                f"Both sides have {r.target} or more after this hand: R10.5 does not give the "
                "game to the higher score."
            )
        return f"R10.5: a side wins with {r.target} or more once the hand is scored (R10.2-R10.4)."

    def _hint_texts(self) -> list[str]:
        if self.rules_.auction:
            return [
                "R10.2-R10.4: score the hand first (who took each trick, R3.2): did the bidders "
                "make their bid?",
                "R10.5: a side with 120 or more wins; if both have 120 or more, one rule "
                "decides between them.",
            ]
        return [
            "R8.1: a partnership wins the moment its running total reaches 45: the order of the "
            "tricks counts, not the totals at the end of the deal.",
            "Work out who takes each trick (R3.2) and write the totals after it; add the bonus "
            "to the trick of the highest trump only once it is certain (R7.3, R8.6).",
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
        bad = [c for c in got if c not in self.legal]
        left = [c for c in self.legal if c not in got]
        if self.tries == 0:  # the first miss says what to look at, not which call
            return Feedback(False, False, self._what_to_look_at(bad, left), self.puzzle.rules)
        wrong = [f"{c}: {self.game.explain(c)}" for c in bad]
        missed = [f"{c} is open too: {self._why_legal(c)}" for c in left]
        msg = "; ".join(wrong + missed[:1])
        return Feedback(False, False, msg if msg.endswith(".") else msg + ".", self.puzzle.rules)

    def _what_to_look_at(self, wrong: list[str], missed: list[str]) -> str:
        """How many calls are misjudged, and the rules that decide them, naming no call."""
        parts = []
        if wrong:
            n = len(wrong)
            parts.append(f"{n} of the calls you chose {'is' if n == 1 else 'are'} not legal")
        if missed:
            n = len(missed)
            parts.append(
                f"{n} legal call{'' if n == 1 else 's'} {'is' if n == 1 else 'are'} missing"
            )
        why = [self.game.explain(c) for c in wrong] + [self._why_legal(c) for c in missed]
        return what_to_look_at(parts, why)

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
        refused = [f"{c}: {self.game.explain(c)}." for c in self.calls if c not in self.legal]
        msg = "Legal calls: " + " ".join(lines)
        if refused:  # the trap is often a call refused: say why each one is
            msg += " Refused: " + " ".join(refused)
        return Feedback(False, True, msg, self.puzzle.rules)
