"""What a card does in the trick, as a hint says it (fortyfive.engine.purpose): every claim the
sentence makes is checked against the whole deal, which the seat itself never sees."""

from __future__ import annotations

import random

import pytest
from tiers import seeds

from fortyfive.engine.cards import parse_card
from fortyfive.engine.errors import InputError
from fortyfive.engine.game import Game
from fortyfive.engine.purpose import play_purpose


def _claims_hold(g: Game, action: str, words: str) -> None:
    """The sentence for ``action`` is true of the deal: played out at random (the others'
    cards are whatever they hold), a card said to take the trick takes it, and one said not to
    beat the winning card does not win."""
    seat = g.to_act
    assert seat is not None
    assert words.startswith(("it ", "no ", "a ", "your partner's ")), words
    assert words.endswith(")") and "(R" in words, words  # it cites its rules
    after = g.copy()
    after.apply(action)
    done = g.tricks_played
    rng = random.Random(len(g.history))
    while after.tricks_played == done and not after.over:
        after.apply(rng.choice(after.legal_actions()))
    tricks = after.observation(seat)["tricks"]
    if len(tricks) <= done:
        return  # the game ended inside the trick (R8.3): nothing more to compare
    won_by = tricks[done]["winner"]
    if "takes" in words or "trumps the trick and takes it" in words:
        assert won_by == seat, (words, tricks[done])
    if words.startswith("it cannot beat"):
        assert won_by != seat, (words, tricks[done])


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_every_sentence_for_every_legal_card_is_true_of_the_deal(preset: str) -> None:
    for seed in seeds(60, 8):
        g = Game.new(preset, seed=seed)
        rng = random.Random(seed)
        while not g.over and g.deal_number == 1:
            if g.phase == "play":
                obs = g.observation(g.to_act)  # type: ignore[arg-type]
                for action in (a for a in g.legal_actions() if a.startswith("play ")):
                    _claims_hold(g, action, play_purpose(obs, action))
            g.apply(rng.choice(g.legal_actions()))


def test_the_five_of_trumps_led_is_said_to_take_the_trick() -> None:
    for seed in range(200):
        g = Game.new("bruff", seed=seed)
        while g.phase != "play":
            g.apply(g.legal_actions()[0])
        trump = g.observation(0)["trump"]
        five = f"play 5{trump}"
        if five in g.legal_actions():
            words = play_purpose(g.observation(g.to_act), five)  # type: ignore[arg-type]
            assert words.startswith("no trump you have not seen outranks it: it takes the trick")
            assert "(R5.1)" in words
            return
    raise AssertionError("no deal where the leader holds the five of trumps")


def test_a_card_that_is_not_a_legal_play_is_refused() -> None:
    g = Game.new("bruff", seed=1)
    while g.phase != "play":
        g.apply(g.legal_actions()[0])
    obs = g.observation(g.to_act)  # type: ignore[arg-type]
    held = set(obs["hand"])
    other = next(f"play {c}" for c in ("AS", "KS", "QS", "2C", "3C") if c not in held)
    for bad in (other, "pass", "bid 20", "play", ""):
        with pytest.raises(InputError):
            play_purpose(obs, bad)
    assert parse_card(obs["hand"][0])  # the hand itself is readable
