"""``fortyfive play`` as the learner reads it: one way of writing a card everywhere (the faces
the hand shows, ``10♥``), a deal's end that says where each side's points came from, and a
hint that says its one useful thing first."""

from __future__ import annotations

import random
import re

import pytest

from fortyfive.agents.random_play import play_random_game
from fortyfive.cli._typed import NOTATION
from fortyfive.cli.play import play
from fortyfive.engine.cards import CARD_CODE
from fortyfive.engine.scoring import deal_breakdown
from fortyfive.solve.hints import HINT_HEADER, Hint, describe_hints


class Typed:
    """Lines typed at the prompt, then the input closes; what was printed, line by line."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.printed: list[str] = []

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    @property
    def text(self) -> str:
        return "\n".join(self.printed)


def _shown_to_learner(printed: list[str]) -> list[str]:
    """The lines that speak of the game: not the welcome and the notation, which say how a
    card may be typed (5S, 10♣)."""
    return [ln for ln in printed[1:] if ln != NOTATION]


def test_play_writes_cards_and_actions_as_the_hand_shows_them() -> None:
    """seed 3: seat 0 follows to 8♠ (R4.2) holding J♠ A♠; the bots' plays, "legal now", the
    refusal of 2♣ and the hint all write cards as the hand does."""
    typed = Typed("?", "play 2C", "hint", "play 10h", "quit")
    game = play("bruff", 0, 3, None, read=typed.read, out=typed.printed.append)
    text = typed.text
    assert "seat 2: play 8♠" in text and "seat 4: play 6♦" in text
    assert "legal now: play A♠, play J♠" in text
    assert "not allowed: play 2♣: R4.2: 8♠ leads spades and you hold J♠ A♠" in text
    assert "a rule-based player would: play A♠" in text
    codes = [ln for ln in _shown_to_learner(typed.printed) if CARD_CODE.search(ln)]
    assert codes == []
    assert "play TH" not in game.history  # 10h typed: refused, not played (R4.2)


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_what_play_shows_can_be_typed_back_and_says_every_deals_points(preset: str) -> None:
    """A whole game typed from "legal now" as printed (``play 10♥``, ``trump hearts``), each
    deal's end followed by one line a side whose points add up to the deal's change."""
    printed: list[str] = []

    def read(prompt: str) -> str:
        legal = next(ln for ln in reversed(printed) if ln.startswith("legal now: "))
        if "discard up to" in legal:  # R9.7: described, not listed
            return "discard"
        return legal.removeprefix("legal now: ").split(", ")[-1]

    game = play(preset, 0, 3, None, read=read, out=printed.append)
    assert game.over
    names = game.rules.partnership_names
    before = [0] * len(names)
    ends = [i for i, ln in enumerate(printed) if ln.startswith("  end of deal ")]
    assert len(ends) == len(game.deals)
    for i in ends:
        after = [int(v) for v in re.findall(r"=(-?\d+)", printed[i])]
        said = {}
        for ln in printed[i + 1 : i + 1 + len(names)]:
            name, change = re.match(r"    (\S+) ([+-]\d+): ", ln).groups()  # type: ignore[union-attr]
            said[name] = int(change)
            assert "(R7.1" in ln or "R10.1)" in ln, ln
        assert [said[n] for n in names] == [a - b for a, b in zip(after, before, strict=True)]
        if preset == "barker":
            assert any(" made: " in ln for ln in printed[i + 1 : i + 3])  # R10.2, R10.3
        before = after


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_deal_breakdown_adds_up_to_every_deals_change(preset: str) -> None:
    """The engine's breakdown (R7.1-R7.2, R10.1-R10.4) agrees with the scores it explains."""
    for seed in range(6):
        game = play_random_game(preset, seed, random.Random(seed))
        for d in game.deals:
            assert d.end_scores is not None
            lines = deal_breakdown(game.rules, d)
            if d.thrown_in:
                assert lines == ["all passed: the hand is thrown in and nobody scores (R9.5)"]
                continue
            changes = [int(ln.split()[1].rstrip(":")) for ln in lines[: game.rules.n_partnerships]]
            assert changes == [e - s for e, s in zip(d.end_scores, d.start_scores, strict=True)]
            bonus = sum("bonus for" in ln for ln in lines)
            assert bonus == (1 if d.bonus_trick >= 0 and d.bonus_certain else 0)


def test_a_tied_hint_says_its_one_useful_line_first_and_the_tie_in_one_more() -> None:
    """seed 3: A♠ and J♠ do equally well in every deal solved: no table of equal rows."""
    typed = Typed("hint", "quit")
    play("bruff", 0, 3, None, read=typed.read, out=typed.printed.append)
    at = next(i for i, ln in enumerate(typed.printed) if ln.startswith("every card you may"))
    assert typed.printed[at] == (
        "every card you may play does as well as any other in all 12 deals solved; "
        "a rule-based player would: play A♠"
    )
    assert typed.printed[at + 1].startswith("tied: play A♠, play J♠ (each ")
    assert HINT_HEADER not in typed.text and "ties for best" not in typed.text


def test_the_hint_table_writes_its_cards_as_the_hand_does() -> None:
    rows = describe_hints([Hint("play TH", 7.5, 0.0, 1.0, "TH wins the trick over JS", 4)])
    assert rows.startswith("play 10♥") and rows.endswith("10♥ wins the trick over J♠")
