"""The robbing strategy puzzle ("give-up"): which card to give up when robbing (R6.5).

The position is a bruff deal at the robber's first turn to play (R8.7), every hand open. The
learner clicks the card to give up; the open-hand solver judges every ``rob X`` action when the
puzzle starts (the points the robber's side takes in the deal with best play on all sides), and
a card is right when no other discard does better.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fortyfive.agents.rule_play import rob_discard
from fortyfive.engine.cards import CARDS, parse_card
from fortyfive.engine.rules import rules_tables, sort_cards
from fortyfive.puzzles._parts import GameRun, card_name, position_game, seats_view, suit_word
from fortyfive.puzzles.model import Feedback


@lru_cache(maxsize=256)
def _values(preset: str, position: str) -> tuple[tuple[str, int], ...]:
    """The solver's value of every action at the position (JSON text), worked out once: a whole
    bruff deal takes the solver up to a second or two, and a puzzle is started many times."""
    from fortyfive.engine.rules import get_rules
    from fortyfive.solve.solver import solve

    g = position_game(get_rules(preset), json.loads(position))
    return tuple(solve(g).values.items())


#: Why the club player's card to give up is the weakest: its place in its own suit's order (a
#: black 2 stands above the 3 to the 10 of its suit, R2.4, and may still be the lowest placed).
LOWEST_IN_SUIT = "none of yours stands lower in its own suit's order"


@dataclass
class GiveUpRun(GameRun, kind="give-up"):
    """Rob the turn-up: which card do you give up (R6.5, R7.1, R7.2)? The solver answers."""

    def _setup(self) -> None:
        super()._setup()
        g = self.game
        if self.rules_.auction or g.over or g.robber is None or g.robber != g.to_act:
            raise ValueError(f"puzzle {self.puzzle.id}: give-up starts at the robber's turn")
        assert g.trump is not None and g.turnup is not None
        self.seat = g.to_act
        self.side = self.rules_.partnerships[self.seat]
        text = json.dumps(self.puzzle.position, sort_keys=True)
        values = dict(_values(self.puzzle.preset, text))
        #: points for the robber's side in the deal, by the card given up (R6.5)
        self.values = {a.split()[1]: v for a, v in values.items() if a.startswith("rob ")}
        self.keep_value = max(v for a, v in values.items() if a.startswith("play "))
        self.best = max(self.values.values())
        self.right = [c for c, v in self.values.items() if v == self.best]
        self.t = rules_tables(self.rules_, g.trump)
        club = rob_discard(self.t, [c.id for c in g.hand(self.seat)], g.turnup.id)
        #: the card a club player gives up (the weakest, the rule bot's robbing), if it robs
        self.club = None if club is None else str(CARDS[club])

    def _hand(self) -> list[str]:
        g = self.game
        return [str(c) for c in sort_cards(self.rules_, g.hand(self.seat), g.trump)]

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        facts = self._deal_facts(g.deals[-1])
        ours = " and ".join(str(s) for s in r.partners(self.side))
        facts.append(
            f"Seat {self.seat} plays for {r.partnership_names[self.side]} (seats {ours}) and may "
            "rob; every hand is open and everyone plays perfectly from here."
        )
        return {
            "trump": g.trump,
            "facts": facts,
            "turnup": str(g.turnup),
            "trick": [{"seat": s, "card": str(c)} for s, c in g.trick_plays],
            "seats": seats_view(g, True, yours=[self.seat]),
            "answer": {"type": "card", "cards": self._hand()},
        }

    def _kind_of(self, card: str) -> str:
        return "a trump" if self.t.is_trump(parse_card(card).id) else "a plain card"

    def _worst(self) -> tuple[str, int]:
        card = min(self.values, key=lambda c: self.values[c])
        return card, self.values[card]

    def _why(self) -> str:
        """Why the best discard works: what it keeps and what the others cost, from the solver."""
        g = self.game
        assert g.turnup is not None and g.trump is not None
        card = self.right[0]
        worst, low = self._worst()
        kept = [c for c in self._hand() if c != card and self.t.is_trump(parse_card(c).id)]
        keeps = f"you keep {' '.join(kept)} with {g.turnup}" if kept else f"you take {g.turnup}"
        plain = not self.t.is_trump(parse_card(card).id)
        lowest_wrong = self.club is not None and self.club not in self.right
        give_up = (
            "Give up the card that does the least in these hands, which is not always the lowest"
            if lowest_wrong
            else "Give up the plain card least likely to take a trick"
        )
        theme = (
            f"{give_up}: the trumps you keep can win tricks, and the highest trump of the deal "
            "brings the bonus (R7.2)."
            if plain
            else "Here a trump is the card to give up: with these hands your plain cards take "
            "more than that trump would (R7.1)."
        )
        stay = (
            f" Not robbing at all would give {self.keep_value}."
            if self.keep_value < self.best
            else ""
        )
        if lowest_wrong:
            assert self.club is not None
            left = self.values[self.club]
            stay += (
                f" Rank alone does not decide: {self.club}, the card a rule of thumb gives up "
                f"({LOWEST_IN_SUIT}), is not the one: giving it up leaves {left}; with these "
                f"hands, keeping it is worth {self.best - left} more."
            )
        also = f" (or {' or '.join(self.right[1:])})" if self.right[1:] else ""
        return (
            f"Giving up {card}{also} ({self._kind_of(card)}), {keeps}: your side takes {self.best} "
            f"points with best play; giving up {worst} would leave {low}.{stay} {theme}"
        )

    def _check(self, answer: Any) -> Feedback:
        got = card_name(answer, self._hand())
        rules = self.puzzle.rules
        if got in self.right:
            return Feedback(True, True, "Right. " + self._why(), rules)
        value = self.values[got]
        if self.tries == 0:  # the first miss: what it costs and what to look at
            return Feedback(
                False,
                False,
                f"Not the best: giving up {got}, your side takes {value} points with best play, "
                f"and {self.best} are possible. The card you give up is out of play for the deal "
                "(R6.5): play the hands through. Which of your cards takes a trick or the bonus "
                "(R7.1, R7.2), and which only gets in your side's way?",
                rules,
            )
        better = {self._kind_of(c) for c in self.right}
        which = " or ".join(sorted(better))
        return Feedback(
            False,
            False,
            f"Still not the best ({got} leaves {value}). The card to give up is {which}: "
            "compare what each of your cards does against the hands you see: a trick or the "
            "bonus it wins (R7.1, R7.2), or a trick it takes from your partner.",
            rules,
        )

    def _hint_texts(self) -> list[str]:
        g = self.game
        assert g.trump is not None
        return [
            f"R6.5: robbing, you put one card out of play and take the turn-up, a "
            f"{suit_word(g.trump)[:-1]} and so a trump. Which of your cards can do the least "
            "with these hands: win no trick, and lead nothing your partner can use?",
            f"With the right card given up your side takes {self.best} points; "
            f"{len(self.right)} of your {len(self.values)} cards "
            f"{'does' if len(self.right) == 1 else 'do'} that.",
        ]

    def _solution(self) -> Feedback:
        values = ", ".join(f"{c}: {self.values[c]}" for c in self._hand())
        msg = f"{self._why()} Points by the card given up: {values}."
        return Feedback(False, True, msg, self.puzzle.rules, highlight=tuple(self.right))


def kept_card_role(run: GiveUpRun, given: str, kept: str) -> str | None:
    """What ``kept`` does in the solver's line once ``given`` is given up (every seat playing
    its best for or against the robber's side): it takes a trick, leads one to a partner's
    winner, or fills a trick the side takes or cannot take. None when the game ends before it
    is played (R8.3). Slow (a whole deal, solved at every turn): for building puzzles.

    >>> from fortyfive.puzzles import get_puzzle
    >>> run = get_puzzle("c3-18").start()
    >>> kept_card_role(run, run.right[0], run.club)
    'is played to trick 1, which its side takes with QC'
    """
    from fortyfive.solve.solver import solve

    g = run.game.copy()
    r, card = g.rules, parse_card(kept).id
    g.apply(f"rob {given}")
    while not g.over and len(g.deals) == 1:
        done = len(g.deals[-1].tricks)
        g.apply(solve(g, run.side).best[0])
        tricks = g.deals[0].tricks
        if len(tricks) == done or card not in tricks[-1].cards:
            continue
        t = tricks[-1]
        n, won = len(tricks), t.winning_card(r.players)
        if won == card:
            return f"takes trick {n}"
        if r.partnerships[t.winner] != run.side:
            return f"is played to trick {n}, which the other side takes: no card that counts goes"
        if t.cards[0] == card:
            return (
                f"leads trick {n} to its partner's {CARDS[won]} (seat {t.winner}), which takes it"
            )
        return f"is played to trick {n}, which its side takes with {CARDS[won]}"
    return None
