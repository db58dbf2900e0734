"""The card table widget, Python side: message handling, bot pacing and what reaches the browser.

Messages are sent straight to :meth:`CardTable.handle_message`, as the front end sends them.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from typing import Any

import pytest

import fortyfive as ff
from fortyfive.engine.cards import SUIT_SYMBOLS, with_symbols
from fortyfive.engine.errors import InputError
from fortyfive.solve.hints import hint
from fortyfive.widgets import _table_text as tt
from fortyfive.widgets._assets import module_source, stylesheet
from fortyfive.widgets._base import SyncedWidget
from fortyfive.widgets.table import CardTable, TableAction, TableMessageError

CARD_TOKEN = re.compile(r"\b(?:[AKQJT2-9][SCDH]|JK)\b")


@pytest.fixture(autouse=True)
def patient_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests send a whole game's messages at once: each widget's clock moves a second a
    reading, so that the rate limits (tested in test_widget_limits.py) never bind here."""
    monkeypatch.setattr(SyncedWidget, "clock", staticmethod(itertools.count().__next__))


def table(preset: str = "bruff", seed: int = 5, **kw: Any) -> CardTable:
    kw.setdefault("opponents", "random")
    kw.setdefault("pause_ms", 0)
    return CardTable(preset, seed=seed, **kw)


def at_learner_turn(preset: str, seed: int, phase: str, seat: int = 0) -> CardTable:
    """A table where the learner (``seat``) must act in ``phase``."""
    t = table(preset, seed=seed, seat=seat)
    for _ in range(2000):
        t.play_bots()
        if t.game.phase == phase and t.game.to_act == seat:
            return t
        t.act(t.game.legal_actions()[0])
    raise AssertionError(f"no {phase} turn for seat {seat}")


def synced(t: CardTable) -> dict[str, Any]:
    """Exactly what the browser receives (anywidget's assets left out)."""
    state = t.get_state()
    return {k: v for k, v in state.items() if k not in ("_esm", "_css")}


def symbol(card: str) -> str:
    return ff.parse_card(card).symbol()


def hidden_from(game: ff.Game, seat: int) -> set[str]:
    """Cards the seat may not see now: other hands, the stock, others' face-down cards."""
    z = game.zones()
    hidden = {str(c) for s, h in enumerate(z["hands"]) if s != seat for c in h}
    hidden |= {str(c) for c in z["stock"]}
    hidden |= {str(c) for s, f in enumerate(z["face_down"]) if s != seat for c in f}
    if game.turnup is not None:
        hidden.discard(str(game.turnup))  # face up, even once robbed (R6.5)
    return hidden


def check_nothing_hidden_is_synced(t: CardTable) -> None:
    state = synced(t)
    game, seat = t.game, t.seat
    hidden = hidden_from(game, seat)
    # Everything but the log, the finished trick and the summary of the finished deal names
    # only cards of the current deal.
    strict = {k: v for k, v in state.items() if k not in ("events", "summary")}
    strict["info"] = {k: v for k, v in state["info"].items() if k != "last_trick"}
    text = json.dumps(strict, ensure_ascii=False)
    leaked = set(CARD_TOKEN.findall(text)) & hidden
    leaked |= {c for c in hidden if c != "JK" and symbol(c) in text}
    assert not leaked, f"synced state names hidden cards {leaked}"
    # The finished trick is a played trick, face up to everyone.
    last = state["info"]["last_trick"]
    if last:
        played = next(d for d in game.deals if d.number == last["deal"]).tricks[last["number"] - 1]
        assert last["cards"] == [str(ff.CARDS[c]) for c in played.cards]
    # The summary's tricks are the finished deal's, played face up.
    summary = state["summary"]
    if summary:
        number = int(summary["title"].split()[1]) if summary["kind"] == "deal" else None
        deal = game.deals[number - 1] if number else game.deals[-1]
        assert [[c["card"] for c in t["cards"]] for t in summary["tricks"]] == [
            [str(ff.CARDS[c]) for c in t.cards] for t in deal.tricks
        ]
    # The log shows other seats' face-down actions only in their public form (R6.4, R6.5, R9.7).
    for line in state["events"]:
        if not line.startswith("You "):
            assert "giving up" not in line and "bury " not in line, line
            assert not re.search(r"discard [^n]", line), line


# ---------------------------------------------------------------- what is synced


def test_synced_observation_is_the_engines_for_the_learners_seat() -> None:
    t = table("bruff", seed=11, seat=3)
    assert t.obs == t.game.observation(3)
    assert t.obs["seat"] == 3 and len(t.obs["hand"]) == 5
    assert t.info["hands"] is None
    assert set(synced(t)) >= {"obs", "info", "events", "notice", "state", "pause_ms", "four_colour"}


@pytest.mark.parametrize("preset", ["bruff", "barker"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_synced_state_never_names_a_hidden_card(preset: str, seed: int) -> None:
    t = table(preset, seed=seed, seat=seed % 4)
    rng = random.Random(seed)
    for _ in range(600):
        check_nothing_hidden_is_synced(t)
        if t.game.over:
            break
        legal = t.obs["legal_actions"]
        if t.summary.get("kind") == "deal":  # the end of a deal: the learner starts the next
            t.handle_message({"type": "next_deal", "state": t.state})
        elif legal:
            t.handle_message(
                {"type": "act", "action": rng.choice(legal), "seat": t.seat, "state": t.state}
            )
        else:
            t.handle_message({"type": "step", "state": t.state})


def test_reveal_syncs_every_hand_for_teaching() -> None:
    t = table("barker", seed=4, reveal=True)
    assert t.info["hands"] == [t.game.observation(s)["hand"] for s in range(4)]
    assert "all hands shown" in repr(t)


def test_the_browser_cannot_turn_on_reveal_or_rewrite_the_game_view() -> None:
    t = table("bruff", seed=2)
    obs = dict(t.obs)
    t.set_state({"obs": {"hand": ["AS"]}, "state": 99, "info": {"hands": [["AS"]]}})
    assert t.obs == obs and t.state != 99 and t.info["hands"] is None and not t.reveal
    t.set_state({"pause_ms": 250, "four_colour": True})
    assert t.pause_ms == 250 and t.four_colour


def test_the_engine_does_not_import_jupyter_and_exports_the_table_lazily() -> None:
    code = (
        "import sys, fortyfive as ff; "
        "assert not {'anywidget', 'ipywidgets', 'traitlets'} & set(sys.modules), 'eager'; "
        "print(ff.CardTable.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "CardTable"
    with pytest.raises(AttributeError):
        _ = ff.NoSuchThing  # type: ignore[attr-defined]


def test_repr_is_stable_for_notebook_outputs() -> None:
    t = table("bruff", seed=7)
    assert repr(t) == repr(table("bruff", seed=7))
    assert re.fullmatch(
        r"<CardTable bruff, seat 0 \(A\): deal 1, \w+, seat \d to act, .*>", repr(t)
    )
    assert "0x" not in repr(t)


# ---------------------------------------------------------------- messages refused


def refused(t: CardTable, message: object, expected: str) -> None:
    before = (t.game.history, t.state, json.dumps(t.obs))
    t.handle_message(message)
    assert t.notice["kind"] == "error", t.notice
    assert with_symbols(expected) in t.notice["text"], t.notice["text"]  # the page's notation
    assert (t.game.history, t.state, json.dumps(t.obs)) == before


def test_unknown_and_malformed_messages_are_refused() -> None:
    t = at_learner_turn("bruff", 3, "play")
    refused(t, {"type": "cheat", "state": t.state}, "unknown message type 'cheat'")
    refused(t, ["act"], "unknown message")
    refused(t, {"state": t.state}, "unknown message type None")
    refused(t, {"type": "act", "action": 5, "seat": 0, "state": t.state}, "an action is a string")
    refused(t, {"type": "act", "action": "dance", "seat": 0, "state": t.state}, "unknown action")


def test_wrong_seat_and_stale_state_are_refused() -> None:
    t = at_learner_turn("bruff", 3, "play")
    card = t.obs["legal_actions"][0]
    refused(t, {"type": "act", "action": card, "seat": 1, "state": t.state}, "wrong seat 1")
    refused(t, {"type": "act", "action": card, "seat": 0, "state": t.state - 1}, "stale message")
    refused(t, {"type": "act", "action": card, "seat": 0}, "stale message")


def test_card_not_in_hand_is_refused() -> None:
    t = at_learner_turn("bruff", 3, "play")
    other = str(t.game.hand(1)[0])
    refused(
        t,
        {"type": "act", "action": f"play {other}", "seat": 0, "state": t.state},
        f"{other} is not in your hand",
    )


def test_illegal_card_shows_the_engines_explanation_with_the_rule_id() -> None:
    # Find a learner's turn with an illegal card in hand (must follow suit or trump: R4, R5).
    for seed in range(60):
        t = at_learner_turn("bruff", seed, "play")
        illegal = [c for c in t.obs["hand"] if f"play {c}" not in t.obs["legal_actions"]]
        if illegal:
            break
    else:
        raise AssertionError("no illegal card found")
    action = f"play {illegal[0]}"
    reason = t.game.explain(action)
    assert re.match(r"R\d+\.\d+", reason)
    refused(t, {"type": "act", "action": action, "seat": 0, "state": t.state}, reason)
    with pytest.raises(ff.IllegalActionError, match=re.escape(reason)):
        t.act(action)


def test_not_your_turn_and_game_over_are_refused() -> None:
    t = table("bruff", seed=3, pause_ms=500)
    t.handle_message({"type": "auto", "until": "trick", "seat": 0, "state": t.state})
    assert t.auto == "trick" and t.info["waiting"]
    refused(t, {"type": "act", "action": "play 5S", "seat": 0, "state": t.state}, "playing on")
    t2 = table("bruff", seed=3, pause_ms=500)
    if t2.game.to_act != 0:
        refused(
            t2, {"type": "act", "action": "play 5S", "seat": 0, "state": t2.state}, "not your turn"
        )
    t2.autoplay("game")
    assert t2.game.over
    refused(t2, {"type": "act", "action": "play 5S", "seat": 0, "state": t2.state}, "game is over")
    refused(t2, {"type": "auto", "until": "deal", "seat": 0, "state": t2.state}, "game is over")
    refused(t2, {"type": "auto", "until": "forever", "seat": 0, "state": t2.state}, "'until'")


def test_next_game_only_when_over() -> None:
    t = table("barker", seed=8)
    refused(t, {"type": "next_game", "state": t.state}, "not over yet")
    t.autoplay("game")
    first = t.game
    t.handle_message({"type": "next_game", "state": t.state})
    assert t.game is not first and not t.game.over and t.game.dealer == (first.dealer + 1) % 4
    assert t.game.scores == (0, 0)


# ---------------------------------------------------------------- moves and pacing


def test_instant_pace_bots_answer_inside_the_learners_move() -> None:
    t = at_learner_turn("bruff", 3, "play")
    action = t.obs["legal_actions"][0]
    n = len(t.game.history)
    t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
    assert t.notice["text"] == ""
    assert t.game.history[n] == action and len(t.game.history) > n + 1
    assert t.game.over or t.game.to_act == 0
    assert t.events[-1] and any(line == f"You play {symbol(action[5:])}" for line in t.events)


def test_paced_bots_move_one_step_per_front_end_request() -> None:
    t = at_learner_turn("bruff", 3, "play")
    t.pause_ms = 400
    action = t.obs["legal_actions"][0]
    n = len(t.game.history)
    t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
    assert len(t.game.history) == n + 1 and t.info["waiting"]
    assert t.obs["trick"][-1] == {"seat": 0, "card": action[5:]}
    state = t.state
    t.handle_message({"type": "step", "state": state})
    assert len(t.game.history) == n + 2 and t.state == state + 1
    # A second view asking for the same step is stale: ignored quietly.
    t.handle_message({"type": "step", "state": state})
    assert len(t.game.history) == n + 2 and t.notice["kind"] != "error"
    while t.info["waiting"]:
        t.handle_message({"type": "step", "state": t.state})
    assert t.game.over or t.game.to_act == 0
    # A step when no bot is to move does nothing.
    if not t.game.over:
        h = t.game.history
        t.handle_message({"type": "step", "state": t.state})
        assert t.game.history == h


@pytest.mark.parametrize("until", ["trick", "deal"])
def test_play_to_end_of_trick_or_deal(until: str) -> None:
    t = at_learner_turn("bruff", 3, "play")
    deal, tricks = t.game.deal_number, t.game.tricks_played
    t.handle_message({"type": "auto", "until": until, "seat": 0, "state": t.state})
    assert t.auto == ""
    if t.summary.get("kind") == "deal":  # the bots wait for "Next deal" (new in the summary)
        t.handle_message({"type": "next_deal", "state": t.state})
    if until == "trick":
        assert t.game.tricks_played == tricks + 1 or t.game.deal_number != deal or t.game.over
    else:
        assert t.game.deal_number != deal or t.game.over
    assert t.game.over or t.game.to_act == 0


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_whole_game_through_messages_as_the_front_end_sends_them(preset: str) -> None:
    """The learner picks from the synced legal actions; paced bots step on request."""
    t = table(preset, seed=21, pause_ms=300)
    rng = random.Random(0)
    kinds: set[str] = set()
    for _ in range(5000):
        if t.obs["over"]:
            break
        if t.info["waiting"]:
            t.handle_message({"type": "step", "state": t.state})
            continue
        if t.summary.get("kind") == "deal":
            t.handle_message({"type": "next_deal", "state": t.state})
            continue
        legal = t.obs["legal_actions"]
        action = "pass" if "pass" in legal and rng.random() < 0.6 else rng.choice(legal)
        kinds.add(action.split()[0])
        t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
        assert t.notice["kind"] != "error", t.notice
    assert t.game.over and t.obs["over"]
    assert t.events[-1].startswith("Game over:")
    assert "play" in kinds
    if preset == "barker":
        assert {"pass", "discard"} <= kinds


def test_rob_and_bury_are_the_learners_to_choose() -> None:
    def first_turn_with(prefix: str) -> CardTable:
        for seed in range(400):
            t = table("bruff", seed=seed)
            t.play_bots()
            if any(a.startswith(prefix) for a in t.obs["legal_actions"]):
                return t
        raise AssertionError(prefix)

    t = first_turn_with("rob ")
    give = next(a for a in t.obs["legal_actions"] if a.startswith("rob "))
    turnup = t.obs["turnup"]
    t.act(give)
    assert t.game.robbed_by == 0 and turnup in {str(c) for c in t.game.hand(0)} | {
        p["card"] for p in t.obs["trick"]
    } | {c for tr in t.obs["tricks"] for c in tr["cards"]}
    assert f"You rob the turn-up, giving up {symbol(give[4:])}" in t.events
    t = first_turn_with("bury ")
    assert t.obs["phase"] == "bury" and "R6.4" in t.info["prompt"]
    t.act(t.obs["legal_actions"][0])
    assert t.game.phase != "bury"


def test_bidding_box_offers_every_call_with_the_legal_ones_enabled() -> None:
    t = at_learner_turn("barker", 1, "bid")
    calls = t.info["calls"]
    assert [c["action"] for c in calls][:2] == ["pass", "bid 5"] and calls[-1]["action"] == "hold"
    assert {c["action"] for c in calls if c["legal"]} == set(t.obs["legal_actions"])


# ---------------------------------------------------------------- the Python API


def test_from_game_starts_at_the_given_position_and_plays_on_the_live_game() -> None:
    game = ff.Game.new("barker", seed=9)
    for _ in range(3):
        game.apply("pass")
    t = CardTable.from_game(game, seat=game.to_act, opponents="random", pause_ms=0)
    assert t.game is game and t.seat == game.to_act and t.obs["bids"][-1]["call"] == "pass"
    t.act("bid 10")
    assert game.history[3] == "bid 10"


def test_on_action_callbacks_see_every_action_and_can_coach() -> None:
    t = table("bruff", seed=3)
    seen: list[TableAction] = []

    @t.on_action
    def check(event: TableAction) -> str | None:
        seen.append(event)
        assert event.action in event.before.legal_actions()
        return "Well played" if event.by == "learner" else None

    t.play_bots()
    t.act(t.game.legal_actions()[0])
    assert {e.by for e in seen} == {"bot", "learner"}
    assert [e.action for e in seen] == t.game.history[: len(seen)]
    learner = next(e for e in seen if e.by == "learner")
    assert learner.seat == 0 and learner.table is t
    assert t.notice == {"text": "Well played", "kind": "coach", "state": t.state}


def test_a_failing_callback_is_reported_and_the_table_goes_on() -> None:
    t = table("bruff", seed=3)
    t.on_action(lambda event: 1 / 0)
    t.play_bots()
    assert "ZeroDivisionError" in t.notice["text"] and t.game.to_act == 0


def test_refused_python_actions_raise_and_show_the_reason() -> None:
    t = table("bruff", seed=3, pause_ms=400)
    with pytest.raises(TableMessageError, match="next game"):
        t.autoplay("game")
        t.act("play 5S")
    assert t.notice["kind"] == "error"
    with pytest.raises(InputError, match=r"seat: expected a seat 0\.\.3"):
        CardTable("barker", seat=4, opponents="random")


def test_opponents_are_made_by_make_bot() -> None:
    with pytest.raises(InputError, match="unknown bot 'nobody'"):
        CardTable("bruff", opponents="nobody")
    picked: list[int] = []

    class First:
        name = "first"

        def choose(self, game: ff.Game, seat: int) -> str:
            picked.append(seat)
            return game.legal_actions()[0]

    t = CardTable("bruff", seed=3, opponents=First(), pause_ms=0)
    t.play_bots()
    assert picked and 0 not in picked


# ---------------------------------------------------------------- the front-end files


def test_front_end_module_inlines_the_card_renderer() -> None:
    src = module_source("table.js")
    assert 'from "./cards.js"' not in src
    assert src.count("function drawCard(") == 1 and "as default\n};" in src  # one ES module
    assert "--jp-layout-color1" in stylesheet("table.css")
    assert "http" not in src.replace("http://www.w3.org/2000/svg", "")  # nothing fetched


def test_the_front_end_names_no_level_itself() -> None:
    """The level control draws the levels Python syncs (``opponents``), none written in JS."""
    from fortyfive.agents.bots import LEVELS

    src = module_source("table.js")
    assert 'model.get("opponents")' in src
    for name in (*LEVELS, *LEVELS.values()):
        assert f'"{name}"' not in src and f"'{name}'" not in src, name


def test_suit_symbols_in_the_front_end_match_the_engine() -> None:
    src = module_source("table.js")  # the bundle carries cards.js as written
    for suit, sym in SUIT_SYMBOLS.items():
        code = f"\\u{ord(sym):04x}"
        assert re.search(rf"{suit}: \{{ symbol: \"{re.escape(code)}\"", src, re.IGNORECASE), suit


def test_an_instant_step_plays_every_bot_move_at_once() -> None:
    t = table("barker", seed=3, pause_ms=300)
    assert t.info["waiting"]
    t.set_state({"pause_ms": 0})  # the learner picks "Instant" in the speed menu
    t.handle_message({"type": "step", "state": t.state})
    assert not t.info["waiting"] and t.game.to_act == 0


# ---------------------------------------------------------------- hints on demand


@pytest.mark.parametrize(
    ("preset", "phase"), [("bruff", "play"), ("barker", "play"), ("barker", "bid")]
)
def test_hint_message_shows_advice_from_the_seats_view_and_changes_nothing_else(
    preset: str, phase: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the learner's wall-clock cap would make the hint depend on the machine's speed
    monkeypatch.setattr("fortyfive.widgets.table.HINT_SECONDS", None)
    t = at_learner_turn(preset, 4, phase)
    before = synced(t)
    t.handle_message({"type": "hint", "seat": 0, "state": t.state})
    after = synced(t)
    assert after["notice"]["kind"] == "hint" and after["notice"]["text"].startswith("Hint: ")
    assert {k: v for k, v in after.items() if k != "notice"} == {
        k: v for k, v in before.items() if k != "notice"
    }
    advised = after["notice"]["text"]
    if phase == "play":  # the solver's best card from deals consistent with the seat's view
        best = hint(t.game, 0, samples=8, seed=t.state)[0].action
        assert symbol(best.split()[1]) in advised
    check_nothing_hidden_is_synced(t)


def test_hint_is_only_for_the_learners_own_turn() -> None:
    t = table("bruff", seed=3, pause_ms=500)
    if t.game.to_act == 0:
        t.act(t.game.legal_actions()[0])
    refused(t, {"type": "hint", "seat": 0, "state": t.state}, "a hint is for your own turn")
    with pytest.raises(TableMessageError, match="own turn"):
        t.hint()
    refused(t, {"type": "hint", "seat": 2, "state": t.state}, "wrong seat 2")


def test_a_double_clicks_echo_is_dropped_quietly_and_plays_one_card() -> None:
    t = at_learner_turn("bruff", 3, "play")
    t.pause_ms = 700  # the bots wait, so the echo arrives while the table is at the next state
    card = t.obs["legal_actions"][0]
    message = {"type": "act", "action": card, "seat": 0, "state": t.state}
    t.handle_message(message)
    after = json.dumps(synced(t), sort_keys=True)
    t.handle_message(message)  # the second click, sent before the first one's update arrived
    assert t.notice["kind"] == "" and json.dumps(synced(t), sort_keys=True) == after
    # Any other stale message is still refused.
    other = t.obs["hand"][0]
    refused(t, {**message, "action": f"play {other}"}, "stale message")


def test_texts_the_page_shows_name_cards_by_symbol_and_count_in_words() -> None:
    for seed in range(60):
        t = at_learner_turn("bruff", seed, "play")
        illegal = [c for c in t.obs["hand"] if f"play {c}" not in t.obs["legal_actions"]]
        if illegal and CARD_TOKEN.search(t.game.explain(f"play {illegal[0]}")):
            break
    else:
        raise AssertionError("no explanation naming a card")
    t.handle_message({"type": "act", "action": f"play {illegal[0]}", "seat": 0, "state": t.state})
    assert t.notice["kind"] == "error" and not CARD_TOKEN.search(t.notice["text"]), t.notice
    t.handle_message({"type": "hint", "seat": 0, "state": t.state})
    assert t.notice["kind"] == "hint" and not CARD_TOKEN.search(t.notice["text"]), t.notice
    assert with_symbols("5S leads trumps; TD, JK") == "5♠ leads trumps; 10♦, Joker"
    t = table("bruff", seed=3, pause_ms=500)
    if t.game.to_act != 0:  # the seat's name as everywhere else: "Left", not "left"
        assert t.info["prompt"] == f"Waiting for {t.info['seat_names'][t.game.to_act]}..."


def test_seats_are_named_from_where_they_sit_and_the_log_reads_as_sentences() -> None:
    """Partners face each other (R1.1): the learner's partner is "Partner", the next to play
    "Left" (R1.2), the one before "Right"; at six seats their partners are named after them."""
    assert table("barker", seed=1, seat=0).info["seat_names"] == ["You", "Left", "Partner", "Right"]
    assert table("barker", seed=1, seat=2).info["seat_names"] == ["Partner", "Right", "You", "Left"]
    assert table("bruff", seed=1, seat=1).info["seat_names"] == [
        "Right",
        "You",
        "Left",
        "Right's partner",
        "Partner",
        "Left's partner",
    ]
    t = table("bruff", seed=3, pause_ms=0)
    t.play_bots()
    assert t.events and all(not re.search(r"Seat \d|\(\w\)|: play ", line) for line in t.events), (
        t.events
    )
    plays = [line for line in t.events if " plays " in line or line.startswith("You play ")]
    assert plays and all(
        re.fullmatch(r"(You play|(Left|Right|Partner|Left's partner|Right's partner) plays) \S+", p)
        for p in plays
    ), plays


def test_the_hold_button_says_its_level() -> None:
    for seed in range(40):
        t = table("barker", seed=seed, seat=0)
        t.play_bots()
        if t.game.phase != "bid" or t.game.to_act != 0 or "hold" not in t.obs["legal_actions"]:
            continue
        bids = [c["call"] for c in t.obs["bids"] if c["call"].startswith("bid ")]
        [hold] = [c for c in t.info["calls"] if c["action"] == "hold"]
        assert hold["text"] == "hold " + bids[-1].split()[1]
        return
    raise AssertionError("the learner never could hold")


def test_the_end_of_a_deal_shows_its_summary_and_the_bots_wait_for_next_deal() -> None:
    t = table("barker", seed=12, pause_ms=300)
    for _ in range(2000):
        if t.summary:
            break
        if t.info["waiting"]:
            t.handle_message({"type": "step", "state": t.state})
        else:
            legal = t.obs["legal_actions"]
            t.handle_message({"type": "act", "action": legal[-1], "seat": 0, "state": t.state})
    summary, deal = t.summary, t.game.deals[0]
    assert summary["kind"] == "deal" and summary["title"] == "Deal 1 over"
    assert len(summary["tricks"]) == len(deal.tricks) and not t.info["waiting"]
    assert any(line.startswith("Points this deal: ") for line in summary["lines"])
    assert any(line.startswith("Scores: ") for line in summary["lines"])
    assert any(("Bonus" in line or "no bonus" in line) for line in summary["lines"])
    if deal.bidder >= 0:
        assert any(line.startswith("Contract: ") for line in summary["lines"])
    assert "Next deal" in t.info["prompt"]
    history = list(t.game.history)
    t.handle_message({"type": "step", "state": t.state})  # the bots wait
    assert t.game.history == history and t.notice["kind"] == ""
    message = {"type": "next_deal", "state": t.state}
    t.handle_message(message)
    assert t.summary == {} and (t.info["waiting"] or t.game.to_act == 0)
    t.handle_message(message)  # a double-click's echo: quiet
    assert t.notice["kind"] == ""
    refused(t, {"type": "next_deal", "state": t.state}, "no deal is waiting")
    # Continuous play: the bots go on past a deal's end; Python calls never wait.
    t2 = table("bruff", seed=3, pause_ms=0)
    t2.continuous = True
    t2.autoplay("game")
    assert t2.game.over and t2.summary["kind"] == "game"
    assert t2.summary["outcome"].startswith(t2.game.rules.partnership_names[t2.game.winner])
    assert [row["deal"] for row in t2.summary["chart"]] == [d.number for d in t2.game.deals]


def test_a_double_click_on_next_game_starts_one_game_quietly() -> None:
    t = table("bruff", seed=3)
    t.autoplay("game")
    message = {"type": "next_game", "state": t.state}
    t.handle_message(message)
    after = json.dumps(synced(t), sort_keys=True)
    t.handle_message(message)
    assert t.notice["kind"] == "" and json.dumps(synced(t), sort_keys=True) == after


# ---------------------------------------------------------------- levels


def test_a_level_chooses_the_bots_and_set_level_changes_them_during_a_game() -> None:
    from fortyfive.agents.bots import ErringBot, RuleBot, SearchBot

    t = CardTable("bruff", seat=0, seed=2, level="beginner", pause_ms=0)
    assert t.level == "beginner"
    assert all(type(b) is ErringBot for b in t._bots.values())
    t.set_level("strong")
    assert t.level == "strong" and all(type(b) is SearchBot for b in t._bots.values())
    default = CardTable("bruff", seat=0, seed=2, pause_ms=0)
    assert default.level is None and all(type(b) is RuleBot for b in default._bots.values())


def test_unknown_levels_and_level_with_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        CardTable("bruff", level="expert")
    with pytest.raises(ValueError, match="give one"):
        CardTable("bruff", opponents="random", level="club")
    t = CardTable("bruff", seed=1, pause_ms=0)
    with pytest.raises(TableMessageError, match="unknown level"):  # a ValueError
        t.set_level("expert")
    assert t.level is None and t.notice["kind"] == "error"  # also shown on the table


def test_the_synced_state_offers_the_levels_and_says_which_one_plays() -> None:
    from fortyfive.agents.bots import LEVELS

    t = CardTable("bruff", seat=0, seed=2, level="club", pause_ms=0)
    assert synced(t)["opponents"] == {"levels": list(LEVELS), "level": "club", "custom": ""}
    # Bots chosen by name have no level: the page says so instead of naming one.
    by_name = table("bruff", seed=2, opponents="random")
    assert by_name.opponents == {
        "levels": list(LEVELS),
        "level": None,
        "custom": "players who choose at random",
    }
    by_name.set_level("strong")
    assert by_name.opponents["level"] == "strong" and by_name.opponents["custom"] == ""
    assert by_name.events[-1] == tt.level_text("strong")


def bot_moves_unlike_a_rule_bot(t: CardTable) -> tuple[int, int]:
    """Play deal 1 through messages (the learner plays the first legal action); return the bot
    moves made and how many of them a rule bot would not have made."""
    from fortyfive.agents.bots import make_bot

    rule = make_bot("rule")
    moves = unlike = 0
    for _ in range(200):
        if t.game.deal_number > 1 or t.summary:
            break
        if t.info["waiting"]:
            expected = rule.choose(t.game, t.game.to_act)
            t.handle_message({"type": "step", "state": t.state})
            moves += 1
            unlike += not t.game.history[-1].endswith(expected)
        else:
            legal = t.obs["legal_actions"]
            t.handle_message({"type": "act", "action": legal[0], "seat": 0, "state": t.state})
    return moves, unlike


def test_a_level_message_changes_the_bots_for_their_next_decisions() -> None:
    """From the message on, every bot move is the new level's (a rule bot's, at "club"), where
    the beginner's bots of the same seed play a random card one time in three."""
    from fortyfive.agents.bots import ErringBot, RuleBot

    beginner = CardTable("bruff", seat=0, seed=10, level="beginner", pause_ms=300)
    moves, unlike = bot_moves_unlike_a_rule_bot(beginner)
    assert moves >= 20 and unlike >= 3, (moves, unlike)
    t = CardTable("bruff", seat=0, seed=10, level="beginner", pause_ms=300)
    assert all(type(b) is ErringBot for b in t._bots.values())
    history, state = list(t.game.history), t.state
    t.handle_message({"type": "level", "level": "club", "state": t.state})
    assert t.level == "club" and t.opponents["level"] == "club"
    assert all(type(b) is RuleBot for b in t._bots.values())
    assert t.game.history == history and t.state == state  # the position is as it was
    assert t.events[-1] == "Opponents: club, from the next move" and t.notice["kind"] == ""
    moves, unlike = bot_moves_unlike_a_rule_bot(t)
    assert moves >= 20 and unlike == 0, (moves, unlike)


def test_a_level_message_is_applied_at_any_state_number_and_refused_when_malformed() -> None:
    t = CardTable("bruff", seat=0, seed=2, level="beginner", pause_ms=300)
    t.handle_message({"type": "step", "state": t.state})  # a bot moved: the page's number is old
    t.handle_message({"type": "level", "level": "strong", "state": t.state - 1})
    assert t.level == "strong" and t.notice["kind"] == ""

    def refused_level(message: dict[str, Any], expected: str) -> None:
        before = (t.level, dict(t.opponents), list(t.events), [type(b) for b in t._bots.values()])
        refused(t, message, expected)
        after = (t.level, dict(t.opponents), list(t.events), [type(b) for b in t._bots.values()])
        assert after == before

    choices = "choose from beginner, club, strong"
    refused_level({"type": "level", "level": "expert", "state": t.state}, f"'expert': {choices}")
    refused_level({"type": "level", "level": 3, "state": t.state}, f"unknown level 3: {choices}")
    refused_level({"type": "level", "level": None, "state": t.state}, "unknown level None")
    refused_level({"type": "level", "level": ["club"], "state": t.state}, "unknown level ['club']")
    refused_level({"type": "level", "state": t.state}, "unknown level None")
    refused_level({"type": "level", "level": "Club", "state": t.state}, "unknown level 'Club'")
    refused_level({"type": "level", "level": "c" * 1500, "state": t.state}, "unknown level 'ccc")
    refused_level({"type": "level", "level": "c" * 5000, "state": t.state}, "message too large")
    refused_level({"type": "level", "level": "club", "state": "3"}, "level: stale message")
    refused_level({"type": "level", "level": "club", "state": True}, "level: stale message")
    refused_level({"type": "level", "level": "club"}, "level: stale message")
    # The refusal quotes at most 20 characters of what was sent.
    assert len(t.notice["text"]) < 120
    t.handle_message({"type": "level", "level": "club", "state": t.state})
    assert t.level == "club" and t.notice["kind"] == ""  # the refusal is answered


# ---------------------------------------------------------------- one wording per event


def texts_shown(t: CardTable) -> list[str]:
    """Every text of the synced state that the page draws as text (not the codes it draws
    cards from, nor the actions its buttons send)."""
    info, summary = t.info, t.summary
    out = [*t.events, t.notice["text"], info["prompt"], info["bonus"], info["contract"]]
    out += info["seat_names"] + [c["text"] for c in info["calls"]]
    if info["last_trick"]:
        out.append(info["last_trick"]["text"])
    if info["turnup"]:
        out += [info["turnup"]["label"], info["turnup"]["robbed"]]
    if summary:
        out += [summary["title"], *summary["lines"], *(tr["text"] for tr in summary["tricks"])]
        out += [summary.get("outcome", ""), summary.get("chart_label", "")]
    return out


@pytest.mark.parametrize("preset", ["bruff", "barker"])
def test_each_event_is_worded_once_wherever_the_page_shows_it(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log, the felt's caption, the prompt and the deal's and game's panels word an event by
    the same function of _table_text, and name cards by symbol only."""
    import fortyfive.widgets.table as table_module

    monkeypatch.setattr(table_module, "LOG_LINES", 100_000)  # the whole game's log
    t = table(preset, seed=21)
    rng = random.Random(1)
    panels: dict[int, dict[str, Any]] = {}
    captions: dict[tuple[int, int], str] = {}
    for _ in range(5000):
        for text in texts_shown(t):
            assert not CARD_TOKEN.search(text), text
        last = t.info["last_trick"]
        if last:
            captions[(last["deal"], last["number"])] = last["text"]
        if t.obs["over"]:
            break
        if t.info["waiting"]:
            t.handle_message({"type": "step", "state": t.state})
            continue
        if t.summary.get("kind") == "deal":
            panels[int(t.summary["title"].split()[1])] = t.summary
            t.handle_message({"type": "next_deal", "state": t.state})
            continue
        legal = t.obs["legal_actions"]
        action = "pass" if "pass" in legal and rng.random() < 0.6 else rng.choice(legal)
        t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
    game = t.game
    assert game.over
    panels[len(game.deals)] = t.summary
    log = t.events
    for deal in game.deals:
        panel = panels[deal.number]
        assert panel["title"] == (
            tt.game_over_text(game) if deal is game.deals[-1] else tt.deal_over_text(deal.number)
        )
        for i, trick in enumerate(deal.tricks):
            text = tt.trick_text(game, 0, i + 1, trick.winner)
            assert panel["tricks"][i]["text"] == text and text in log
            caption = captions.get((deal.number, i + 1))
            if caption is not None:  # drawn on the felt: the same words, or "of deal N"
                assert caption in (text, tt.trick_text(game, 0, i + 1, trick.winner, deal.number))
        if deal.thrown_in:
            assert tt.thrown_in_text(deal.number) in log
            assert tt.thrown_in_text(deal.number) in panel["lines"]
        elif deal.made is not None:
            line = tt.contract_text(game, 0, deal.bidder, deal.bid, deal.made)
            assert line in log and line in panel["lines"]
        over = [line for line in log if line.startswith(tt.deal_over_text(deal.number) + ": ")]
        assert len(over) == (0 if deal.thrown_in else 1), over
    assert log[-1].startswith(tt.game_over_text(game) + ", ")
    assert t.info["prompt"].startswith(tt.game_over_text(game) + ".")
    # Every line of the log is one of the event texts: an action, or what it finished.
    seat_names = tuple(f"{n} " for n in t.info["seat_names"])
    for line in log:
        assert line.startswith(
            (*seat_names, "Trick ", "Contract: ", "All passed: ", "Deal ", "Game over: ")
        ), line


def test_the_table_module_words_nothing_itself() -> None:
    """Every text the learner reads comes from _table_text (one function per kind of event):
    table.py formats strings only in refusals (raised, shown as the notice) and its repr."""
    import ast
    import inspect

    import fortyfive.widgets.table as table_module

    tree = ast.parse(inspect.getsource(table_module))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) or (
            isinstance(node, ast.FunctionDef) and node.name == "__repr__"
        ):
            allowed |= {id(n) for n in ast.walk(node)}
    worded = [
        ast.unparse(n)
        for n in ast.walk(tree)
        if isinstance(n, ast.JoinedStr) and id(n) not in allowed
    ]
    assert not worded, worded


def test_the_game_panel_carries_the_score_charts_data() -> None:
    t = table("bruff", seed=3, opponents="rule")
    t.autoplay("game")
    summary, game = t.summary, t.game
    assert summary["chart_start"] == list(game.deals[0].start_scores) == [0, 0, 0]
    assert [row["scores"] for row in summary["chart"]] == [list(d.end_scores) for d in game.deals]
    assert summary["chart"][-1]["scores"] == list(game.scores)
    assert summary["target"] == 45 and summary["names"] == ["A", "B", "C"]
    assert summary["chart_label"] == (
        f"Score chart: {tt.scores_text(summary['names'], game.scores)} after "
        f"{tt.plural(len(game.deals), 'deal')}, target 45"
    )


def test_a_finished_deals_bonus_cites_its_games_rule_r7_2_r10_1() -> None:
    """The card table's line for a finished deal's bonus cites R10.1 in barker (no R7.3
    certainty: every trick is played, R10.5) and R7.2-R7.3 in bruff."""
    from fortyfive.agents.bots import RuleBot

    for preset, own, other in (("barker", "R10.1", "R7."), ("bruff", "R7.2", "R10.")):
        game, bot = ff.Game.new(preset, seed=5), RuleBot(seed=1)
        while len(game.deals) < 3 and not game.over:
            game.apply(bot.choose(game, game.to_act))
        for deal in game.deals[:-1]:
            words = tt.bonus_text(game, 0, deal)
            assert own in words and other not in words, words


def test_the_explanations_open_only_when_asked_and_only_from_python() -> None:
    """``explain=True`` opens the "Explain · Log" disclosure for a chapter that teaches it; the
    page cannot set it, and a value that is no bool is refused."""
    assert CardTable("barker", seed=1).explain is False
    t = CardTable("barker", seed=1, explain=True)
    assert t.explain is True and "explain" not in t.FRONT_END_WRITABLE
    with pytest.raises(InputError, match="explain"):
        CardTable("barker", seed=1, explain="yes")  # type: ignore[arg-type]
