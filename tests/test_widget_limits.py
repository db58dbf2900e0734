"""A page cannot keep the kernel busy: hints cached per position and limited per table, a burst
of messages refused after a few look-ups, and the protocol's odd messages refused with a notice.

No timing is asserted: the widgets read a clock the tests move by hand, and the work done is
counted (the solver's calls, the state's recomputations).
"""

from __future__ import annotations

from typing import Any

import pytest

from fortyfive.engine.errors import InputError
from fortyfive.solve import hints as hints_module
from fortyfive.widgets import _base
from fortyfive.widgets._base import BURST, FLOODED, NOTICE_BURST, SyncedWidget, TokenBucket
from fortyfive.widgets.puzzle import PuzzleWidget
from fortyfive.widgets.table import HINT_BURST, HINT_RATE, CardTable


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(SyncedWidget, "clock", staticmethod(c))
    return c


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The solver's calls, counted; the cache starts empty."""
    calls = [0]
    real = hints_module.solve

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(hints_module, "solve", counted)
    hints_module.clear_hint_cache()
    return calls


def late_table() -> CardTable:
    """A bruff table at the learner's lead in the fourth trick: few cards, quick solves."""
    t = CardTable("bruff", seat=0, opponents="random", seed=5, pause_ms=0)
    for _ in range(500):
        g = t.game
        if g.phase == "play" and g.to_act == 0 and g.tricks_played >= 3:
            return t
        if g.to_act == 0:
            t.act(g.legal_actions()[0])
        else:
            t.play_bots()
    raise AssertionError("no late turn")


def hint_message(t: CardTable) -> dict[str, Any]:
    return {"type": "hint", "seat": 0, "state": t.state}


def play_message(t: CardTable) -> dict[str, Any]:
    return {"type": "act", "action": t.game.legal_actions()[0], "seat": 0, "state": t.state}


def run_deferred(t: CardTable, at: int) -> None:
    """What the kernel's event loop does with a deferred hint: every step of its search."""
    for _ in t._deferred_hint(at):
        pass


def first_lead_table() -> CardTable:
    """A bruff table at the learner's first lead: every deal of a hint takes a real search."""
    t = CardTable("bruff", seat=0, opponents="random", seed=5, pause_ms=0)
    for _ in range(100):
        g = t.game
        if g.phase == "play" and g.to_act == 0:
            return t
        if g.to_act == 0:
            t.act(g.legal_actions()[0])
        else:
            t.play_bots()
    raise AssertionError("no first lead")


def test_a_hint_asked_again_at_the_same_position_is_not_searched_again(
    clock: Clock, solves: list[int]
) -> None:
    t = late_table()
    t.handle_message(hint_message(t))
    first, searched = dict(t.notice), solves[0]
    assert first["kind"] == "hint" and searched > 0
    for _ in range(200):
        clock.now += 0.1  # ten a second: inside the rate limit
        t.handle_message(hint_message(t))
    assert solves[0] == searched and t.notice == first
    for _ in range(BURST + 1):  # all at once: past the burst, refused
        t.handle_message(hint_message(t))
    assert solves[0] == searched and t.notice["text"] == FLOODED


def test_the_cache_answers_the_same_view_without_a_search(solves: list[int]) -> None:
    t = late_table()
    obs = t.game.observation(0)
    first = hints_module.hint_from_observation(obs, samples=4, seed=1)
    searched = solves[0]
    again = hints_module.hint_from_observation(obs, samples=4, seed=1)
    assert again == first and solves[0] == searched
    hints_module.hint_from_observation(obs, samples=4, seed=2)  # another search: not cached
    assert solves[0] > searched


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch, solves: list[int]) -> None:
    monkeypatch.setattr(hints_module, "HINT_CACHE_SIZE", 3)
    obs = late_table().game.observation(0)
    for seed in range(5):
        hints_module.hint_from_observation(obs, samples=1, seed=seed)
    assert len(hints_module._cache) == 3
    searched = solves[0]
    hints_module.hint_from_observation(obs, samples=1, seed=0)  # the oldest was dropped
    assert solves[0] > searched


def test_hints_searched_per_table_are_limited_and_the_refusal_is_a_notice(
    clock: Clock, solves: list[int]
) -> None:
    t = late_table()
    for _ in range(HINT_BURST):
        t.refresh()  # a new state: the same position, searched again from another seed
        t.handle_message(hint_message(t))
        assert t.notice["kind"] == "hint"
    searched = solves[0]
    t.refresh()
    t.handle_message(hint_message(t))
    assert t.notice["kind"] == "error" and "ask again in a moment" in t.notice["text"]
    assert solves[0] == searched  # refused before any search
    clock.now += 1 / HINT_RATE  # one more hint has come due
    t.handle_message(hint_message(t))
    assert t.notice["kind"] == "hint" and solves[0] > searched
    for _ in range(HINT_BURST + 1):  # the notebook's own calls are not limited
        t.refresh()
        assert t.hint()
    assert t.notice["kind"] == "hint"


def test_a_flood_of_refused_messages_never_recomputes_the_state(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = late_table()
    recomputed = [0]
    real = t._sync_traits

    def counted() -> None:
        recomputed[0] += 1
        real()

    monkeypatch.setattr(t, "_sync_traits", counted)
    notices = []
    for i in range(1000):
        t.handle_message({"type": f"x{i}", "state": t.state})
        t.handle_message({"type": "act", "action": "play 5S", "seat": 0, "state": t.state - 1})
        notices.append(t.notice["text"])
    assert recomputed[0] == 0
    assert len(set(notices)) <= NOTICE_BURST + 1 and notices[-1] == FLOODED
    # the page's learner plays on: a legal play is never refused by a rate limit
    action = t.game.legal_actions()[0]
    t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
    assert action in t.game.history and recomputed[0] > 0


def test_messages_that_act_are_limited_per_widget_but_a_play_is_not(clock: Clock) -> None:
    t = late_table()
    t.set_level("club")
    for _ in range(BURST):
        t.handle_message({"type": "level", "level": "club", "state": t.state})
    assert t.notice["text"] != FLOODED
    t.handle_message({"type": "level", "level": "strong", "state": t.state})
    assert t.level == "club" and t.notice["text"] == FLOODED
    action = t.game.legal_actions()[0]
    t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
    assert action in t.game.history
    clock.now += 1.0  # refilled: the level is changed again
    t.handle_message({"type": "level", "level": "strong", "state": t.state})
    assert t.level == "strong"


def test_the_token_bucket_refills_with_time_and_never_from_a_clock_going_back() -> None:
    now = [0.0]
    bucket = TokenBucket(2, 1.0, lambda: now[0])
    assert [bucket.take() for _ in range(3)] == [True, True, False]
    now[0] = -50.0  # a clock that went back gives nothing, takes nothing
    assert not bucket.take()
    now[0] = -49.0
    assert bucket.take() and not bucket.take()


@pytest.mark.parametrize("which", ["table", "puzzle"])
def test_an_unknown_method_is_refused_with_a_notice(which: str) -> None:
    w: SyncedWidget = (
        CardTable("bruff", seed=5, pause_ms=0) if which == "table" else PuzzleWidget("c1-01")
    )
    for data in ({"method": "bogus"}, {}, "x", {"method": ["update"]}):
        w._handle_msg({"content": {"data": data}, "buffers": []})
        assert w.notice["kind"] == "error" and "unknown message method" in w.notice["text"]
    w._handle_msg({"content": None})
    assert "unknown message method None" in w.notice["text"]


@pytest.mark.parametrize("state", [None, 7, "pause_ms", ["pause_ms"], ("a", 1)])
def test_a_state_write_that_is_not_an_object_raises_the_input_error(state: object) -> None:
    t = CardTable("bruff", seed=5, pause_ms=0)
    with pytest.raises(InputError, match="a state write is an object of settings"):
        t.set_state(state)  # type: ignore[arg-type]
    assert t.notice["kind"] == "error" and t.pause_ms == 0


def test_a_state_write_through_the_protocol_is_refused_with_a_notice() -> None:
    t = CardTable("bruff", seed=5, pause_ms=0)
    sent: list[Any] = []
    t.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    t._handle_msg({"content": {"data": {"method": "update", "state": {"obs": {}}}}, "buffers": []})
    assert "the page may not change 'obs'" in t.notice["text"] and ["obs"] in sent


def test_the_table_s_public_log_no_longer_hides_the_widget_s_logger() -> None:
    t = CardTable("bruff", seed=5, pause_ms=0)
    t.log.debug("the logger is ipywidgets' own")  # a list had no .debug
    assert isinstance(t.events, list) and "events" in t.keys and "log" not in t.keys


def test_the_limits_are_documented_where_the_protocol_is() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[1] / "book" / "reference" / "card_table.md").read_text()
    assert f"{BURST} at once" in page and f"{_base.RATE:g} a second" in page
    assert FLOODED in page and f"at most {HINT_BURST} hints" in page


def test_a_play_sent_after_a_hint_cancels_it_before_its_search(
    clock: Clock, solves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the kernel a page's hint waits a moment on the event loop: the play queued behind it
    is handled first, and the hint is then dropped unsearched. Copies asked meanwhile are one."""
    t = late_table()
    waiting: list[Any] = []
    monkeypatch.setattr(t, "_defer", waiting.append)
    for _ in range(10):
        t.handle_message(hint_message(t))
    assert len(waiting) == 1 and solves[0] == 0
    action = t.game.legal_actions()[0]
    t.handle_message({"type": "act", "action": action, "seat": 0, "state": t.state})
    assert action in t.game.history
    run_deferred(t, waiting.pop())  # the event loop comes to the hint: the table moved on
    assert solves[0] == 0 and t.notice["kind"] != "hint"


def test_a_hint_that_waited_is_searched_and_shown(
    clock: Clock, solves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = late_table()
    waiting: list[Any] = []
    monkeypatch.setattr(t, "_defer", waiting.append)
    t.handle_message(hint_message(t))
    assert t.notice["kind"] != "hint"
    run_deferred(t, waiting.pop())
    assert t.notice["kind"] == "hint" and solves[0] > 0 and t.notice["state"] == t.state
    t.handle_message(hint_message(t))  # known now: answered at once
    assert not waiting


def test_outside_a_kernel_a_hint_is_given_at_once_even_in_a_running_event_loop(
    clock: Clock, solves: list[int]
) -> None:
    """A running loop that is not a kernel's (a browser driver's, a script's) may never come
    back to a deferred hint: there the hint is searched at once."""
    import asyncio
    import threading

    t = late_table()

    async def ask() -> None:
        t.handle_message(hint_message(t))

    # A thread of its own: this worker's thread may already run a loop (a browser driver's).
    worker = threading.Thread(target=asyncio.run, args=(ask(),))
    worker.start()
    worker.join()
    assert t.notice["kind"] == "hint" and solves[0] > 0


def test_a_play_during_a_hint_search_stops_it_after_the_deal_being_solved(
    clock: Clock, solves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the kernel the search runs a deal at a time on the event loop: a play handled between
    two deals ends it there, unshown and uncached, and the play is the table's next state."""
    import asyncio
    import threading

    from fortyfive.widgets import table as table_module

    monkeypatch.setattr(table_module, "_in_a_kernel", lambda: True)
    # The node budget only: on a busy machine the wall-clock cap could end the first deal's
    # search before the play arrives, and the hint would then be shown.
    monkeypatch.setattr(table_module, "HINT_SECONDS", None)
    t = first_lead_table()
    before = len(t.game.history)
    played_after: list[int] = []

    async def scenario() -> None:
        t.handle_message(hint_message(t))
        while solves[0] == 0:  # the search has begun
            await asyncio.sleep(0.001)
        played_after.append(solves[0])
        t.handle_message(play_message(t))
        while t._hint_tasks:
            await asyncio.sleep(0.001)

    worker = threading.Thread(target=asyncio.run, args=(scenario(),))
    worker.start()
    worker.join()
    assert len(t.game.history) > before  # the play was taken
    assert solves[0] <= played_after[0] + 1 < table_module.HINT_SAMPLES
    assert t.notice["kind"] != "hint" and t._hint_at is None
    assert not hints_module._cache  # a search stopped early is not kept


def test_a_hint_searched_on_the_event_loop_is_shown_when_nothing_interrupts_it(
    clock: Clock, solves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio
    import threading

    from fortyfive.widgets import table as table_module

    monkeypatch.setattr(table_module, "_in_a_kernel", lambda: True)
    t = late_table()

    async def scenario() -> None:
        t.handle_message(hint_message(t))
        await asyncio.sleep(0)
        while t._hint_tasks:
            await asyncio.sleep(0.001)

    worker = threading.Thread(target=asyncio.run, args=(scenario(),))
    worker.start()
    worker.join()
    assert t.notice["kind"] == "hint" and t.notice["state"] == t.state and solves[0] > 0
