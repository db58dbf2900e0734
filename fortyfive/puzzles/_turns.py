"""Turn puzzles: whose turn is it, who deals, who partners whom (R1.2, R1.3, R3.3, R6, R8.5, R9).

A ``turn`` puzzle is a game position (as :func:`~fortyfive.puzzles._parts.position_game` builds
it) and a ``question``:

- ``"to_act"`` (the default): which seat acts next (plays, leads, buries, bids, names trump or
  discards)? The engine's :attr:`Game.to_act` answers.
- ``"dealer"``: who deals the deal now under way (the actions have finished at least one deal)?
  The engine's :attr:`Game.dealer` answers; or, when the actions end the game, who deals the
  next game's first deal (R6.1: the deal passes to the left also between games), as
  :meth:`Game.next_game` deals it.
- ``"partners"``: which seats are partners of ``position["seat"]``? The preset's partnerships
  (R1.3) answer.
- ``"dealt"``: which seat receives card number ``position["card"]`` (from 1) of the deal, or
  does it stay in the stock? :func:`~fortyfive.engine.dealing.deal_pack` answers (R6.2, R9.1).

The view never says who is to act or who deals when that is what is asked, nor any seat's
partnership when the partners are; it counts no hand when the dealer is asked or one seat
holds a sixth card (the dealer of a turned-up joker, until it buries one: R6.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.dealing import deal_pack
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import rules_tables
from fortyfive.puzzles._parts import (
    GameRun,
    choice,
    choices,
    options,
    scores_text,
    seat_label,
    suit_word,
    tricks_view,
)
from fortyfive.puzzles.model import Feedback

QUESTIONS = ("to_act", "dealer", "partners", "dealt")
STOCK = "stock"  # the dealt question's answer for a card that is not dealt to anyone


@dataclass
class TurnRun(GameRun, kind="turn"):
    """Whose turn, who deals, or who partners whom (R1.2, R1.3, R3.3, R6.1, R6.4, R6.7, R8.5,
    R8.7, R9.1, R9.2, R9.5-R9.8)."""

    def _setup(self) -> None:
        super()._setup()
        pos, g = self.puzzle.position, self.game
        self.question = str(pos.get("question", "to_act"))
        if self.question not in QUESTIONS:
            raise ValueError(f"puzzle {self.puzzle.id}: the question is one of {QUESTIONS}")
        #: the game is over, and the question is who deals the next game (R6.1)
        self.between_games = g.over
        if g.over and self.question != "dealer":
            raise ValueError(f"puzzle {self.puzzle.id}: turn puzzles stop before the game ends")
        r = self.rules_
        if self.question == "partners":
            seat = pos.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < r.players:
                raise ValueError(f"puzzle {self.puzzle.id}: a partners puzzle names a seat")
            self.seat = seat
            side = r.partnerships[seat]
            self.answer: list[str] = [
                str(s) for s in range(r.players) if s != seat and r.partnerships[s] == side
            ]
        elif self.question == "dealt":
            k = pos.get("card")
            if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= r.deck_size:
                raise ValueError(f"puzzle {self.puzzle.id}: a dealt puzzle names card 1..deck")
            if len(g.deals) != 1 or g.history:
                raise ValueError(f"puzzle {self.puzzle.id}: a dealt puzzle stops at the deal")
            self.card = k
            hands, _ = deal_pack(r, g.dealer, list(range(r.deck_size)))
            self.hands = hands  # which cards of the pack (0: the first dealt) each seat gets
            self.answer = [next((str(s) for s, h in enumerate(hands) if k - 1 in h), STOCK)]
        elif self.question == "dealer":
            if len(g.deals) < 2:
                raise ValueError(f"puzzle {self.puzzle.id}: a dealer puzzle starts a later deal")
            self.answer = [str(g.next_game().dealer if self.between_games else g.dealer)]
        else:
            assert g.to_act is not None
            self.answer = [str(g.to_act)]

    # ------------------------------------------------------------------ view

    def _seat_options(self) -> list[dict[str, str]]:
        r = self.rules_
        if self.question == "partners":  # never the answer: no seat's partnership is named
            pairs = [(str(s), f"Seat {s}") for s in range(r.players) if s != self.seat]
        else:
            pairs = [(str(s), seat_label(r, s)) for s in range(r.players)]
        if self.question == "dealt":
            pairs.append((STOCK, "Nobody: it stays in the stock"))
        return options(pairs)

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        facts: list[str] = []
        tricks: list[dict[str, Any]] = []
        if self.question == "partners":
            facts.append(f"{r.players} players (R1.3)")
        elif self.question == "dealt":
            facts.append(f"Dealer: seat {g.dealer}")
            facts.append(f"{r.players} players, a pack of {r.deck_size} cards")
        elif self.between_games:
            facts.extend(self._finished_deal(deal) for deal in g.deals)
        else:
            for deal in g.deals[:-1]:
                facts.append(self._finished_deal(deal))
            deal = g.deals[-1]
            if self.question != "dealer":
                facts.append(f"Dealer: seat {deal.dealer}")
            facts.extend(self._deal_so_far())
            tricks = tricks_view(r, deal)
            plays = g.trick_plays
            if self.question == "to_act" and tricks and not plays and g.phase is Phase.PLAY:
                # The last trick's winner leads (R3.3): shown, it would be the answer. The
                # learner finds it from the cards and the trump (R3.2).
                tricks[-1]["winner"] = None
            if plays:
                facts.append("This trick so far: " + ", ".join(f"seat {s} {c}" for s, c in plays))
        # Never the answer: the dealer is marked only when it is not what is asked, and the
        # partnerships are named only when the partners are not.
        marked = g.dealer if self.question in ("to_act", "dealt") else None
        # A turned-up joker leaves the dealer a sixth card until it buries one (R6.4): counted,
        # the hands would tell who deals, and who acts first.
        counted = self.question != "dealer" and all(
            len(g.hand(s)) <= r.hand_size for s in range(r.players)
        )
        seats = [
            {
                "seat": s,
                "name": f"Seat {s}",
                "partnership": (
                    None if self.question == "partners" else r.partnership_names[r.partnerships[s]]
                ),
                "cards": None,
                "count": len(g.hand(s)) if counted else None,
                "dealer": s == marked,
                "to_act": False,
                "yours": self.question == "partners" and s == self.seat,
            }
            for s in range(r.players)
        ]
        kind = "choices" if self.question == "partners" else "choice"
        return {
            "trump": g.trump
            if self.question not in ("partners", "dealt") and not self.between_games
            else None,
            "facts": facts,
            "seats": seats,
            "tricks": tricks,
            "answer": {"type": kind, "options": self._seat_options()},
        }

    def _finished_deal(self, deal: Any) -> str:
        r, g = self.rules_, self.game
        what = r.deal_word
        if deal.thrown_in:
            return f"{what.capitalize()} {deal.number}: dealt by seat {deal.dealer}, all passed."
        if self.between_games and deal is g.deals[-1]:
            assert g.winner is not None
            return (
                f"{what.capitalize()} {deal.number}: dealt by seat {deal.dealer}; "
                f"{r.partnership_names[g.winner]} won the game in it: {scores_text(r, g.scores)}."
            )
        end = scores_text(r, deal.end_scores or deal.start_scores)
        return (
            f"{what.capitalize()} {deal.number}: dealt by seat {deal.dealer}, played out; "
            f"scores after it: {end}."
        )

    def _deal_so_far(self) -> list[str]:
        g, r = self.game, self.rules_
        deal = g.deals[-1]
        facts: list[str] = []
        if not r.auction:
            if g.joker_turned:
                facts.append("The joker was turned up (R6.4).")
            if g.turnup is not None and g.trump is not None:
                facts.append(f"Turned up: {g.turnup}: trump is {suit_word(g.trump)}")
            if deal.robbed_by >= 0:
                facts.append(f"Seat {deal.robbed_by} robbed the turn-up (R6.5)")
            return facts
        if deal.calls:
            facts.append("Calls: " + ", ".join(f"seat {s} {c}" for s, c in deal.calls))
        else:
            facts.append("No calls yet")
        if deal.trump >= 0:
            facts.append(f"Trump: {suit_word(SUITS[deal.trump])}")
        counts = g.discard_counts
        if g.phase in (Phase.DISCARD, Phase.PLAY) and deal.trump >= 0:
            done = [f"seat {s} {n}" for s, n in enumerate(counts) if n]
            if done:
                facts.append("Cards discarded and drawn: " + ", ".join(done))
        return facts

    # ------------------------------------------------------------------ checking

    def _values(self) -> list[str]:
        return [o["value"] for o in self._seat_options()]

    def _check(self, answer: Any) -> Feedback:
        if self.question == "partners":
            got = sorted(choices(answer, self._values()), key=int)
            if got == self.answer:
                return Feedback(True, True, "Right. " + self._why(), self.puzzle.rules)
            return Feedback(False, False, self._partners_miss(got), self.puzzle.rules)
        one = choice(answer, self._values())
        if [one] == self.answer:
            return Feedback(True, True, "Right. " + self._why(), self.puzzle.rules)
        if self.question == "dealt":
            return Feedback(False, False, "No. " + self._dealt_miss(one), self.puzzle.rules)
        return Feedback(False, False, "No. " + self._misconception(int(one)), self.puzzle.rules)

    def _dealer_rules(self) -> tuple[str, str]:
        """The preset's rule for who deals (R6.1 or R9.1) and what the deal before changes
        nothing of: a deal without a winner (R8.5) or, in barker, a hand thrown in (R9.5)."""
        rule = self.rules_.dealer_rule
        if self.between_games:
            return rule, "also from one game to the next"
        if not self.rules_.auction:
            return rule, "also after a deal that ended without a winner (R8.5)"
        if self.game.deals[-2].thrown_in:
            return rule, "also after a hand that was thrown in (R9.5)"
        return rule, "whoever won the hand before"

    def _dealt_miss(self, got: str) -> str:
        """What a wrong seat for a dealt card shows (R1.2, R6.2, R9.1); never the right seat."""
        r, rule = self.rules_, self.rules_.dealing_rule
        n, k, dealer = r.players, self.card, self.game.dealer
        dealt = sum(len(h) for h in self.hands)
        if got == STOCK:
            return (
                f"{dealt} cards are dealt, {r.hand_size} to each player, before the rest is the "
                f"stock ({rule})."
            )
        seat = int(got)
        if self.answer == [STOCK]:
            return (
                f"Only {dealt} cards are dealt, {r.hand_size} to each player: card {k} is not one "
                f"of them ({rule})."
            )
        right = int(self.answer[0])
        if seat == dealer and k <= n:
            return f"Dealing starts on the dealer's left, not with the dealer ({rule})."
        if seat == (dealer - (right - dealer)) % n:
            return "Dealing goes to the left, clockwise, like the play (R1.2)."
        if seat == (dealer + 1 + (k - 1) % n) % n:
            return (
                "The cards go out in packets, 3 to each player and then 2 to each, not one at a "
                f"time ({rule})."
            )
        return f"{rule}: from the dealer's left, clockwise, 3 cards to each player, then 2 to each."

    def _partners_miss(self, got: list[str]) -> str:
        r = self.rules_
        wrong = [s for s in got if s not in self.answer]
        if wrong:
            s = int(wrong[0])
            return (
                f"No: seat {s} plays for {r.partnership_names[r.partnerships[s]]}. R1.3: partners "
                "sit opposite each other, so every other seat round the table is an opponent."
            )
        return "Not all of them: R1.3 counts every seat of the partnership, round the table."

    def _last_dealer(self) -> int:
        """The dealer of the deal before the one asked about: the game's last, when the next
        game's dealer is asked."""
        return self.game.deals[-1 if self.between_games else -2].dealer

    def _last_player(self) -> int | None:
        plays = self.game.trick_plays
        return plays[-1][0] if plays else None

    def _misconception(self, got: int) -> str:
        """What the wrong seat shows the learner believes, and the rule that says otherwise;
        never the seat that is right."""
        g, r = self.game, self.rules_
        n = r.players
        if self.question == "dealer":
            rule, also = self._dealer_rules()
            if got == self._last_dealer():
                return f"The deal does not stay with one player: it passes on every deal ({rule})."
            if self.between_games and got == g.deals[0].dealer:
                return (
                    "A new game does not go back to the first dealer of the last one: the deal "
                    f"goes on passing to the left ({rule})."
                )
            return f"{rule}: the deal passes to the left, one seat clockwise, every deal, {also}."
        phase = g.phase
        last = self._last_player()
        if last is not None and got == (last - 1) % n:
            return "Play goes to the left, clockwise (R1.2): the next seat is the one after."
        if phase is Phase.BURY:
            return (
                "The joker was turned up: before anyone leads, the dealer takes it and buries a "
                "card (R6.4, R8.7)."
            )
        if phase is Phase.PLAY and last is None:
            deal = g.deals[-1]
            if deal.tricks:
                t = deal.tricks[-1]
                if got == t.leader:
                    return "The leader of the last trick does not lead again by right (R3.3)."
                return (
                    "R3.3: the winner of a trick leads the next one. Which card took the last "
                    "trick: the highest trump in it, or with none the highest card of the suit "
                    "led (R3.2)?"
                )
            if r.auction:
                if got == (deal.dealer + 1) % n:
                    return (
                        "In the auction game the dealer's left leads only when the dealer won "
                        "the auction: the first lead is on the auction winner's left (R9.8)."
                    )
                if got == deal.bidder:
                    return "The auction winner does not lead: the seat on its left does (R9.8)."
                return "R9.8: the first lead belongs to the seat on the auction winner's left."
            if got == deal.dealer and g.robber == deal.dealer:
                return (
                    "The dealer may rob the ace turned up (R6.5), but a robber is offered the "
                    "turn-up only at its own first turn to play (R8.7), not before the first "
                    "lead: R6.7 says who leads."
                )
            if got == deal.dealer:
                return "The dealer does not lead the first trick: R6.7 says who does."
            return "R6.7: the player on the dealer's left leads the first trick."
        if phase is Phase.PLAY:
            return "R3.1, R1.2: after the lead, each player in turn plays one card, clockwise."
        if phase is Phase.BID:
            deal = g.deals[-1]
            passed = {s for s, c in deal.calls if c == "pass"}
            if got in passed:
                return f"Seat {got} has passed, and a pass is final for the hand (R9.2, R9.5)."
            if not deal.calls:
                return "R9.2: the auction starts on the dealer's left."
            return "R9.5: the auction goes round clockwise, skipping the seats that passed."
        if phase is Phase.TRUMP:
            return "R9.6: the auction's winner names trump, nobody else."
        if phase is Phase.DISCARD:
            return "R9.7: players discard and draw one by one from the dealer's left, clockwise."
        return "Look again at the rule for this moment of the deal."

    def _why(self) -> str:
        g, r = self.game, self.rules_
        if self.question == "partners":
            names = ", ".join(f"seat {s}" for s in self.answer)
            are = "partner is" if len(self.answer) == 1 else "partners are"
            return (
                f"Seat {self.seat}'s {are} {names} "
                f"({r.partnership_names[r.partnerships[self.seat]]}): partners sit opposite each "
                "other (R1.3)."
            )
        if self.question == "dealt":
            if self.answer == [STOCK]:
                dealt = sum(len(h) for h in self.hands)
                return (
                    f"Card {self.card} stays in the stock: {dealt} cards are dealt, "
                    f"{r.hand_size} to each player, and the rest is the stock "
                    f"({self.rules_.dealing_rule})."
                )
            gets = int(self.answer[0])
            nth = self.hands[gets].index(self.card - 1) + 1
            return (
                f"Card {self.card} is seat {gets}'s card number {nth}: from the dealer's left, "
                f"clockwise, 3 cards to each player, then 2 to each ({self.rules_.dealing_rule})."
            )
        if self.question == "dealer":
            rule, also = self._dealer_rules()
            what = "the next game's first deal" if self.between_games else "now"
            return (
                f"Seat {self.answer[0]} deals {what}: the deal passes to the left from seat "
                f"{self._last_dealer()}, who dealt the {r.deal_word} before ({rule}), {also}."
            )
        seat = g.to_act
        phase, deal = g.phase, g.deals[-1]
        if phase is Phase.BURY:
            return (
                f"Seat {seat}, the dealer, acts first: it takes the turned-up joker and buries "
                "one card (R6.4, R8.7)."
            )
        if phase is Phase.BID:
            if not deal.calls:
                return f"Seat {seat} calls first: the auction starts on the dealer's left (R9.2)."
            return f"Seat {seat}: the auction goes round clockwise, skipping passes (R9.5)."
        if phase is Phase.TRUMP:
            return f"Seat {seat} won the auction and names trump (R9.6)."
        if phase is Phase.DISCARD:
            return f"Seat {seat}: discarding goes from the dealer's left, clockwise (R9.7)."
        last = self._last_player()
        if last is not None:
            return f"Seat {seat}: play goes clockwise, and seat {last} played last (R1.2, R3.1)."
        if deal.tricks:
            t = deal.tricks[-1]
            won = CARDS[t.winning_card(r.players)]
            how = (
                "the highest trump in it"
                if g.trump and rules_tables(r, g.trump).is_trump(won.id)
                else "the highest card of the suit led"
            )
            return (
                f"Seat {seat} won trick {len(deal.tricks)} with {won}, {how} (R3.2), so it leads "
                "the next (R3.3)."
            )
        rob = g.robber
        robbing = (
            f" Seat {rob} may rob at its first turn to play, before it chooses its card (R8.7)."
            if rob is not None
            else ""
        )
        if r.auction:
            return f"Seat {seat} sits on the left of the auction winner, seat {deal.bidder} (R9.8)."
        return f"Seat {seat} sits on the dealer's left and leads the first trick (R6.7).{robbing}"

    def _hint_texts(self) -> list[str]:
        g = self.game
        if self.question == "partners":
            return [
                "R1.3: partners sit opposite each other.",
                "Count round the table from the seat: opponents alternate, partners are opposite.",
            ]
        if self.question == "dealt":
            return [
                f"{self.rules_.dealing_rule}: the dealer deals clockwise from the left: 3 cards "
                "to each player, then 2 to each; the rest is the stock.",
                "Count in packets from the seat on the dealer's left: three cards a player in the "
                "first round, two in the second.",
            ]
        if self.question == "dealer":
            if self.between_games:
                return [
                    f"{self._dealer_rules()[0]}: the very first dealer is drawn at random; after "
                    "that, does a new game change how the deal moves?",
                    "Who dealt the deal in which the game was won? The deal moves as play does "
                    "(R1.2).",
                ]
            return [
                f"{self._dealer_rules()[0]}: who deals next depends only on who dealt the deal "
                "before.",
                f"Seat {self._last_dealer()} dealt the deal before; the deal moves as play does "
                "(R1.2).",
            ]
        phase = g.phase
        first = {
            Phase.BURY: "What happens first when the joker is turned up (R6.4)?",
            Phase.BID: "R9.2, R9.5: where the auction starts, and whom it skips.",
            Phase.TRUMP: "R9.6: after the auction, who names trump?",
            Phase.DISCARD: "R9.7: the order of discarding and drawing.",
        }.get(phase, "R1.2, R3.1, R3.3: who plays after whom, and who leads a new trick.")
        second = {
            Phase.BID: "Read the calls: a seat that passed calls no more this hand.",
            Phase.DISCARD: "Look at who has already discarded, from the dealer's left.",
            Phase.TRUMP: "Read the calls: who is left with the highest bid (a hold takes it over)?",
        }.get(phase, "Look at the last card played, or the last trick's winner.")
        if phase is Phase.PLAY and not g.trick and not g.deals[-1].tricks:
            rule = "R9.8" if g.rules.auction else "R6.7"
            second = f"This is the first lead of the deal: {rule} says whose it is."
            if g.robber == g.dealer:
                first = (
                    "The ace of trumps is turned up, so the dealer may rob it (R6.5): when is a "
                    "robber offered the turn-up (R8.7)?"
                )
        elif phase is not Phase.PLAY and second.startswith("Look at the last card"):
            second = "No card has been played in this deal yet: who acts first in this phase?"
        elif phase is Phase.DISCARD and not any(g.discard_counts):
            second = "Nobody has discarded yet: the changing of cards starts at one fixed seat."
        return [first, second]

    def _solution(self) -> Feedback:
        return Feedback(False, True, self._why(), self.puzzle.rules)
