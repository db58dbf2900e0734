"""Per-seat observations: the security boundary (no other hand, stock or face-down card)."""

from __future__ import annotations

import json
import random
import re

import fortyfive as ff

PACK = [str(c) for c in ff.deck(joker=True)]


def bruff_deal(turnup_first: list[str], hands: dict[int, list[str]] | None = None) -> ff.Game:
    """A bruff deal with the given stock top and some fixed hands, the rest filled in order."""
    hands = hands or {}
    used = set(turnup_first) | {c for h in hands.values() for c in h}
    rest = [c for c in PACK if c not in used]
    full = []
    for seat in range(6):
        h = hands.get(seat)
        if h is None:
            h, rest = rest[:5], rest[5:]
        full.append(h)
    return ff.Game.from_deal("bruff", dealer=5, hands=full, stock=turnup_first + rest)


def tokens(obs: dict) -> str:
    return json.dumps(obs)


def test_observation_is_json_and_holds_only_own_hand() -> None:
    game = ff.Game.new("bruff", seed=1)
    for seat in range(6):
        obs = game.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
        assert obs["hand"] == [str(c) for c in ff.sort_cards("bruff", game.hand(seat), game.trump)]
        for other in range(6):
            if other != seat:
                for card in game.hand(other):
                    if card != game.turnup:
                        assert f'"{card}"' not in tokens(obs)


def test_R6_4_buried_card_is_seen_by_the_dealer_only() -> None:
    game = bruff_deal(["JK", "7D"])
    assert game.phase == "bury" and game.to_act == 5
    buried = str(game.hand(5)[0])
    game.apply(f"bury {buried}")
    assert game.observation(5)["own_face_down"] == [buried]
    for seat in range(5):
        obs = game.observation(seat)
        assert obs["joker_turned"] is True  # public: the joker was face up
        assert buried not in tokens(obs).replace('"JK"', "")


def test_R6_5_robbed_discard_is_hidden_but_the_taken_turn_up_is_public() -> None:
    game = bruff_deal(["7D"], hands={0: ["AD", "2S", "3S", "4S", "6S"]})
    assert "rob 2S" in game.legal_actions()
    game.apply("rob 2S")
    for seat in range(1, 6):
        obs = game.observation(seat)
        assert obs["robbed_by"] == 0 and obs["turnup"] == "7D"
        assert '"2S"' not in tokens(obs)
    assert game.observation(0)["own_face_down"] == ["2S"]


def test_R9_7_barker_discards_are_hidden_counts_are_public() -> None:
    pack = [str(c) for c in ff.deck(joker=False)]
    hands = [pack[i * 5 : i * 5 + 5] for i in range(4)]
    game = ff.Game.from_deal("barker", dealer=3, hands=hands, stock=pack[20:])
    for call in ("bid 10", "pass", "pass", "pass", "trump S"):
        game.apply(call)
    game.apply(f"discard {hands[0][0]} {hands[0][1]}")
    for seat in (1, 2, 3):
        obs = game.observation(seat)
        assert obs["discard_counts"][0] == 2
        assert hands[0][0] not in tokens(obs) and hands[0][1] not in tokens(obs)
        assert pack[20] not in tokens(obs)  # the drawn cards came from the hidden stock


def test_legal_actions_only_for_the_seat_to_act() -> None:
    game = ff.Game.new("barker", seed=4)
    for seat in range(4):
        obs = game.observation(seat)
        assert bool(obs["legal_actions"]) == (seat == game.to_act)


def test_bonus_status_follows_the_highest_trump_R7_3() -> None:
    game = bruff_deal(
        ["9H"],
        hands={0: ["2H", "3C", "4C", "6C", "7C"], 1: ["JH", "8C", "9C", "TC", "KC"]},
    )
    assert game.bonus_status().card is None
    game.apply("play 2H")
    status = game.bonus_status()
    assert (str(status.card), status.trick, status.seat, status.certain) == ("2H", 1, 0, False)
    game.apply("play JH")
    status = game.bonus_status()
    assert (str(status.card), status.partnership, status.certain) == ("JH", 1, False)
    assert "not yet certain" in status.describe(game.rules.partnership_names)
    assert game.observation(3)["bonus"]["card"] == "JH"


def test_last_deal_tells_how_the_previous_deal_ended_without_naming_cards() -> None:
    game = ff.Game.new("barker", seed=4)
    assert game.observation(0)["last_deal"] is None
    rng = random.Random(4)
    while game.deal_number == 1:
        legal = game.legal_actions()
        game.apply("pass" if "pass" in legal and rng.random() < 0.5 else rng.choice(legal))
    first = game.deals[0]
    last = game.observation(1)["last_deal"]
    assert last["deal"] == 1 and last["dealer"] == first.dealer
    assert last["end_scores"] == list(first.end_scores) == list(game.scores)
    assert last["thrown_in"] == first.thrown_in
    if not first.thrown_in:
        assert last["contract"] == {"seat": first.bidder, "bid": first.bid, "made": first.made}
    assert not re.search(r"\b(?:[AKQJT2-9][SCDH]|JK)\b", json.dumps(last))


def test_public_action_hides_face_down_cards_R6_4_R6_5_R9_7() -> None:
    from fortyfive.engine.observe import public_action

    assert public_action("bury 4C") == "takes the joker and buries a card"
    assert public_action("rob 7D") == "robs the turn-up (a card goes face down)"
    assert public_action("discard 3C 2D") == "discards 2 and draws 2"
    assert public_action("discard") == "discards 0 and draws 0"
    for visible in ("play 5S", "bid 20", "hold", "pass", "trump H"):
        assert public_action(visible) == visible


def test_barker_bonus_words_cite_r10_1_and_bruff_words_r7_2_r7_3() -> None:
    """The bonus is scored by R10.1 in barker and R7.2-R7.3 in bruff: the engine's words for the
    race cite the preset's own rule (the card table's words for a finished deal: test_table)."""
    from fortyfive.agents.bots import RuleBot

    for preset, own, other in (("barker", "R10.1", "R7."), ("bruff", "R7.", "R10.")):
        game, bot, seen = ff.Game.new(preset, seed=5), RuleBot(seed=1), 0
        while len(game.deals) < 3 and not game.over:
            if game.phase == "play":
                words = game.bonus_status().describe(game.rules.partnership_names)
                assert other not in words and (own in words or "so far" in words), words
                seen += own in words
            game.apply(bot.choose(game, game.to_act))
        assert seen
