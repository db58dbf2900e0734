"""Bots: they see only their own observation, always answer a legal action, and the rule bot plays
like a club player in small hand-built positions (named after the rule each behaviour follows).

Barker seats: partnerships {0, 2} and {1, 3}; bruff: {0, 3} {1, 4} {2, 5} (R1.3).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

import fortyfive as ff
from fortyfive.agents.bots import (
    BOTS,
    ObservingBot,
    RuleBot,
    SearchBot,
    best_suit,
    hand_points,
    make_bot,
)

BARKER_PACK = [str(c) for c in ff.deck(joker=False)]
BRUFF_PACK = [str(c) for c in ff.deck(joker=True)]


class ObservationOnly:
    """A game stand-in that answers only ``to_act`` and ``observation(seat)``: touching anything
    else (a hand, the stock, zones, legal_actions ...) fails the test."""

    def __init__(self, game: ff.Game) -> None:
        object.__setattr__(self, "_game", game)

    def __getattribute__(self, name: str) -> Any:
        game: ff.Game = object.__getattribute__(self, "_game")
        if name == "to_act":
            return game.to_act
        if name == "observation":
            return game.observation
        pytest.fail(f"a bot read game.{name}, which its observation does not hold")


def kinds(actions: list[str]) -> set[str]:
    return {a.split()[0] for a in actions}


def situation(game: ff.Game) -> set[str]:
    """The phase, and the special choices open now (rob, hold)."""
    return {game.phase} | (kinds(game.legal_actions()) & {"rob", "hold"})


def bot_named(name: str, seed: int) -> ObservingBot:
    """A bot; the search bot with a small sample so that whole games stay quick."""
    if name == "search":
        return SearchBot(seed=seed, samples=2, bid_samples=2)
    return make_bot(name, seed=seed)


def play_out(preset: str, seed: int, names: list[str], seen: set[str]) -> ff.Game:
    """A whole game, each seat played by its bot through the observation-only stand-in."""
    game = ff.Game.new(preset, seed=seed)
    # The search bot solves every card it plays: the first deal of each game is enough for it.
    last_deal = 1 if "search" in names else 10**9
    bots = [bot_named(names[s % len(names)], seed + s) for s in range(game.rules.players)]
    while not game.over and game.deal_number <= last_deal:
        seat = game.to_act
        assert seat is not None
        seen |= situation(game)
        action = bots[seat].choose(ObservationOnly(game), seat)  # type: ignore[arg-type]
        assert action in game.legal_actions()
        game.apply(action)
    return game


# The search bot solves every card it plays: about a minute, so it is part of the slow run.
@pytest.mark.parametrize(
    "bot", [pytest.param(b, marks=pytest.mark.slow) if b == "search" else b for b in sorted(BOTS)]
)
def test_bots_read_only_their_observation_and_act_legally_in_every_phase(bot: str) -> None:
    seen: set[str] = set()
    if bot == "search":  # fewer games, among them deals where the joker is turned up (R6.4)
        barker = range(12)
        bruff = [s for s in range(200) if ff.Game.new("bruff", seed=s).phase == "bury"][:3]
        bruff += range(5)
    else:
        barker, bruff = range(40), range(120)
    for seed in barker:
        play_out("barker", seed, [bot, "random"], seen)
        play_out("barker", seed, ["random", bot], seen)
    for seed in bruff:
        play_out("bruff", seed, [bot, "random", "random"], seen)
        play_out("bruff", seed, ["random", bot, bot], seen)
    # R6.4 bury, R6.5 rob, R9.2 bid, R9.3 hold, R9.6 trump, R9.7 discard, R3 play
    assert seen >= {"bury", "rob", "bid", "hold", "trump", "discard", "play"}


@settings(max_examples=examples(25), deadline=None)
@given(
    preset=st.sampled_from(["barker", "bruff"]),
    seed=st.integers(0, 2**32 - 1),
    seats=st.lists(st.sampled_from(["random", "rule"]), min_size=6, max_size=6),
)
def test_every_bot_answers_a_legal_action_in_random_games(
    preset: str, seed: int, seats: list[str]
) -> None:
    play_out(preset, seed, seats, set())


def test_choose_refuses_another_seats_turn() -> None:
    game = ff.Game.new("barker", seed=1)
    other = (game.to_act or 0) + 1
    with pytest.raises(ValueError, match="not seat"):
        RuleBot().choose(game, other % 4)


def test_unknown_bot_name_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_bot("nobody")


# ------------------------------------------------------------------------- hand-built positions


def barker_deal(hands: dict[int, str], dealer: int) -> ff.Game:
    """A barker first deal: the given hands, the rest of the pack filled in card order."""
    used = {c for h in hands.values() for c in h.split()}
    rest = [c for c in BARKER_PACK if c not in used]
    full = []
    for seat in range(4):
        cards = hands[seat].split() if seat in hands else []
        need = 5 - len(cards)
        full.append(cards + rest[:need])
        rest = rest[need:]
    return ff.Game.from_deal("barker", dealer=dealer, hands=full, stock=rest)


def bruff_deal(hands: dict[int, str], top: str) -> ff.Game:
    """A bruff first deal, dealer seat 5, ``top`` the top of the stock (the turn-up)."""
    top_cards = top.split()
    used = {c for h in hands.values() for c in h.split()} | set(top_cards)
    rest = [c for c in BRUFF_PACK if c not in used]
    full = []
    for seat in range(6):
        cards = hands[seat].split() if seat in hands else []
        need = 5 - len(cards)
        full.append(cards + rest[:need])
        rest = rest[need:]
    return ff.Game.from_deal("bruff", dealer=5, hands=full, stock=top_cards + rest)


def rule(game: ff.Game) -> str:
    seat = game.to_act
    assert seat is not None
    return RuleBot(seed=0).choose(game, seat)


def spades_hand(hands: dict[int, str]) -> ff.Game:
    """Barker, dealer 2: seat 3 bids 5 and names spades, nobody discards; seat 0 leads (R9.8)."""
    game = barker_deal(hands, dealer=2)
    for action in ("bid 5", "pass", "pass", "pass", "trump S", *["discard"] * 4):
        game.apply(action)
    assert game.phase == "play" and game.to_act == 0
    return game


def test_R6_5_robs_the_turn_up_giving_up_the_weakest_card() -> None:
    game = bruff_deal({0: "AD 9C TC KS QH"}, top="7D")
    assert game.to_act == 0 and "rob TC" in game.legal_actions()
    # R2.4: the ten is the lowest black card, below the 9; the turn-up 7D is a trump.
    assert rule(game) == "rob TC"


def test_R6_5_declines_to_rob_when_every_card_beats_the_turn_up() -> None:
    game = bruff_deal({0: "AD 5D JD JK AH"}, top="2D")
    assert "rob AD" in game.legal_actions()
    assert not rule(game).startswith("rob")


def test_R6_4_buries_the_weakest_card_never_the_joker_or_AH() -> None:
    game = bruff_deal({5: "AH TS 5H JD KC"}, top="JK 7D")
    assert game.phase == "bury" and game.to_act == 5
    # TS is the lowest trump of spades (R2.3) and the lowest plain card otherwise (R2.4).
    assert rule(game) == "bury TS"


def test_R9_6_names_the_strongest_suit_and_R9_7_discards_only_non_trumps() -> None:
    game = barker_deal({1: "5C JC AC 2C KH", 2: "AH 7D 2S 9S KD"}, dealer=0)
    assert rule(game).startswith("bid")  # seat 1: three top clubs
    game.apply(rule(game))
    while game.phase == "bid":
        game.apply("pass")
    assert game.phase == "trump" and game.to_act == 1
    assert best_suit(ff.BARKER, ["5C", "JC", "AC", "2C", "KH"])[0] == "C"
    assert rule(game) == "trump C"
    game.apply("trump C")
    assert game.to_act == 1
    assert rule(game) == "discard KH"  # R9.7: only the non-trump goes
    game.apply("discard KH")
    assert rule(game) == "discard 2S 9S 7D KD"  # AH is a trump (R2.1): it stays


def test_R9_2_passes_a_hand_without_trumps() -> None:
    game = barker_deal({1: "2S 3C 4D 6H 7S"}, dealer=0)
    assert hand_points(ff.BARKER, ["2S", "3C", "4D", "6H", "7S"], "S") < 10
    assert rule(game) == "pass"


def test_R9_3_dealer_holds_a_bid_the_hand_supports() -> None:
    game = barker_deal({0: "5H JH AH KH QH"}, dealer=0)
    for action in ("bid 10", "pass", "pass"):
        game.apply(action)
    assert game.to_act == 0 and "hold" in game.legal_actions()
    assert rule(game) == "hold"


def test_R3_4_does_not_overtake_a_partner_who_is_winning() -> None:
    game = spades_hand({0: "4D", 1: "KD", 2: "6D", 3: "QD 2D 3S 4S 6S"})
    for action in ("play 4D", "play KD", "play 6D"):
        game.apply(action)
    assert rule(game) == "play 2D"  # partner 1 wins with KD: throw the weakest


def test_R4_1_beats_an_opponent_as_cheaply_as_possible() -> None:
    game = spades_hand({0: "4D", 1: "6D", 2: "KD", 3: "QD 2D 7S 8S 6S"})
    for action in ("play 4D", "play 6D", "play KD"):
        game.apply(action)
    assert rule(game) == "play 8S"  # R2.3: with spades trump 8S ranks below 7S and 6S


def test_R10_1_takes_the_bonus_with_a_trump_nothing_can_beat() -> None:
    game = spades_hand({0: "7S", 1: "2S", 2: "KS", 3: "5S AS 2D 3D 4D"})
    for action in ("play 7S", "play 2S", "play KS"):
        game.apply(action)
    # KS is the highest trump so far; AS would win the trick, but 5S keeps the bonus for sure.
    assert rule(game) == "play 5S"


def test_R10_1_without_the_top_trump_wins_cheaply_instead() -> None:
    game = spades_hand({0: "7S", 1: "2S", 2: "KS", 3: "JS AS 2D 3D 4D"})
    for action in ("play 7S", "play 2S", "play KS"):
        game.apply(action)
    assert rule(game) == "play AS"  # 5S is unseen: JS might not keep the bonus


def test_R5_3_keeps_a_privileged_trump_when_it_may_renege() -> None:
    game = spades_hand({0: "7S", 1: "5S", 2: "8S", 3: "JS 2D 3C 4D 6D"})
    for action in ("play 7S", "play 5S", "play 8S"):
        game.apply(action)
    assert "play 2D" in game.legal_actions()  # JS is privileged against 7S (R5.2)
    assert rule(game) == "play 2D"  # R2.4: the 2 is the lowest diamond but the ace


def test_leads_the_top_trump_when_it_holds_it() -> None:
    game = spades_hand({0: "5S 3S 2D KC 9H"})
    assert rule(game) == "play 5S"


def test_rule_bot_beats_random_over_a_few_barker_games() -> None:
    wins = 0
    for seed in range(10):
        game = ff.Game.new("barker", seed=seed)
        bots = [RuleBot(seed=s) if s % 2 == 0 else make_bot("random", s) for s in range(4)]
        while not game.over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
        wins += game.winner == 0
    assert wins >= 9


def bruff_first_lead(seed: int) -> ff.Game:
    game = ff.Game.new("bruff", seed=seed)
    while game.phase != "play":
        game.apply(rule(game))
    return game


def test_search_bot_with_a_node_budget_decides_the_same_card_every_time() -> None:
    game = bruff_first_lead(7)
    seat = game.to_act
    assert seat is not None
    bots = [SearchBot(seed=4, nodes=20_000, seconds=None, search="paranoid") for _ in range(2)]
    picks = {b.choose(game, seat) for b in bots}
    assert len(picks) == 1 and picks <= set(game.legal_actions())


def test_search_bot_plays_the_rule_card_when_no_deal_fits_its_budget() -> None:
    for seed in range(5):
        game = bruff_first_lead(seed)
        seat = game.to_act
        assert seat is not None
        bot = SearchBot(seed=1, nodes=1, search="paranoid")
        assert bot.choose(game, seat) == RuleBot(seed=1).choose(game, seat)
        assert bot.last_deals == 0


def test_the_erring_bot_is_the_rule_bot_without_errors_and_random_with_only_errors() -> None:
    from fortyfive.agents.bots import ErringBot

    game = bruff_first_lead(11)
    seat = game.to_act
    assert seat is not None
    assert ErringBot(seed=2, error_rate=0).choose(game, seat) == rule(game)
    picks = {ErringBot(seed=s, error_rate=1).choose(game, seat) for s in range(40)}
    cards = {a for a in game.legal_actions() if a.startswith("play ")}
    assert picks == cards  # every legal card, never robbing (R6.5) by mistake


def test_search_bot_budgets_bruff_cards_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Barker hands are small: its cards are chosen over every sample, as before budgets;
    bruff's solved cards have a node budget and a clock."""
    import fortyfive.solve.hints as hints
    from fortyfive.agents.bots import PLAY_NODES, PLAY_SECONDS

    asked: dict[str, tuple[object, object]] = {}
    real = hints.hint_from_observation

    def spy(obs: Any, **kw: Any) -> Any:
        asked[obs["preset"]] = (kw["nodes"], kw["seconds"])
        return real(obs, **kw)

    monkeypatch.setattr(hints, "hint_from_observation", spy)
    for preset in ("barker", "bruff"):
        game = ff.Game.new(preset, seed=3)
        while game.phase != "play" or len(game.legal_actions()) < 2:
            game.apply(rule(game))
        bot = SearchBot(seed=1, samples=2, bid_samples=2, search="paranoid")
        bot.choose(game, game.to_act or 0)
    assert asked["barker"] == (None, None)
    assert asked["bruff"] == (PLAY_NODES["bruff"], PLAY_SECONDS["bruff"]) != (None, None)


def test_search_bot_plays_bruff_by_rollouts_and_barker_by_the_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import fortyfive.agents.rollout as rollout
    import fortyfive.solve.hints as hints

    used: list[tuple[str, str]] = []
    real_hint, real_roll = hints.hint_from_observation, rollout.rollout_values

    def spy_hint(obs: Any, **kw: Any) -> Any:
        used.append((obs["preset"], "solver"))
        return real_hint(obs, **kw)

    def spy_roll(obs: Any, **kw: Any) -> Any:
        used.append((obs["preset"], "rollout"))
        return real_roll(obs, **kw)

    monkeypatch.setattr(hints, "hint_from_observation", spy_hint)
    monkeypatch.setattr(rollout, "rollout_values", spy_roll)
    for preset in ("barker", "bruff"):
        game = ff.Game.new(preset, seed=3)
        while game.phase != "play" or len(game.legal_actions()) < 2:
            game.apply(rule(game))
        SearchBot(seed=1, samples=2, bid_samples=2).choose(game, game.to_act or 0)
    assert used == [("barker", "solver"), ("bruff", "rollout")]
