"""Arbitrary JSON-like values thrown at every public entry of the engine, the record reader and
the widgets (their constructors, messages and ipywidgets' protocol): only the documented errors
(``ValueError`` subclasses; ``InputError`` for ``sort_cards`` and the widgets' constructors),
no change to the game, and a bounded time per call (a hostile value is refused before any real
work)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

import fortyfive as ff
from fortyfive.engine.errors import InputError
from fortyfive.engine.observe import observation

# Bounded-time, not a benchmark: anything that refuses a value in under this is fine; a
# quadratic check or a replay of millions of seats is not.
SECONDS = 2.0

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["5S", "JK", "play 5S", "bid 20", "pass", "hold", "trump H", "discard", "S"]),
    st.text(alphabet="٢٠ſ♠♥10SCDHJKQAT ", max_size=12),
)
values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.text(max_size=8), inner, max_size=5),
    ),
    max_leaves=20,
)

FUZZ = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _refused_or_fine(call: Callable[[], object]) -> None:
    start = time.perf_counter()
    with contextlib.suppress(ValueError):  # every documented error is a ValueError subclass
        call()
    assert time.perf_counter() - start < SECONDS


def _state(g: ff.Game) -> Any:
    return (g.record(), g.observation(0), g.legal_actions())


@FUZZ
@given(values)
def test_card_parsing_takes_anything(value: Any) -> None:
    _refused_or_fine(lambda: ff.parse_card(value))
    _refused_or_fine(lambda: ff.parse_cards(value))
    _refused_or_fine(lambda: ff.parse_action(value))


@FUZZ
@given(values, st.sampled_from(["bruff", "barker"]), st.integers(0, 30))
def test_a_game_takes_anything_and_changes_nothing_when_it_refuses(
    value: Any, preset: str, seed: int
) -> None:
    g = ff.Game.new(preset, seed=seed)
    before = _state(g)
    for call in (g.hand, g.observation, g.face_down, g.partnership, g.explain):
        _refused_or_fine(lambda call=call: call(value))  # type: ignore[misc]
        assert _state(g) == before
    try:
        g.apply(value)
    except ValueError:
        assert _state(g) == before
    _refused_or_fine(lambda: observation(g, value))


@FUZZ
@given(values, values, values, values)
def test_tricks_and_deals_take_anything(trump: Any, hand: Any, trick: Any, card: Any) -> None:
    for rules in (ff.BRUFF, ff.BARKER):
        _refused_or_fine(lambda rules=rules: ff.trick_winner(rules, trump, trick))
        _refused_or_fine(lambda rules=rules: ff.legal_plays(rules, trump, hand, trick))
        _refused_or_fine(lambda rules=rules: ff.winning_plays(rules, trump, hand, trick))
        _refused_or_fine(lambda rules=rules: ff.explain_play(rules, trump, hand, trick, card))
        _refused_or_fine(lambda rules=rules: ff.Game.from_deal(rules, trump, hand, trick, card))
        _refused_or_fine(lambda rules=rules: ff.Game.new(rules, seed=hand, dealer=trick))


def _record() -> dict[str, Any]:
    g = ff.Game.new("bruff", seed=3)
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    return g.record()


RECORD = _record()


@FUZZ
@given(st.sampled_from(sorted(RECORD)), values)
def test_a_record_with_any_field_replaced_replays_or_is_a_record_error(
    field: str, value: Any
) -> None:
    record = dict(RECORD, **{field: value})

    def replay() -> None:
        with contextlib.suppress(ff.RecordError):
            ff.Game.replay(record)

    _refused_or_fine(replay)


@FUZZ
@given(st.sampled_from(sorted(ff.BRUFF.to_dict())), values)
def test_custom_rules_with_any_field_replaced_are_played_or_refused(field: str, value: Any) -> None:
    rules = dict(ff.BRUFF.to_dict(), **{field: value})
    record = dict(RECORD, rules=rules)

    def replay() -> None:
        with contextlib.suppress(ff.RecordError):
            ff.Game.replay(record)

    _refused_or_fine(replay)
    _refused_or_fine(lambda: ff.Rules.from_dict(rules))


# ---------------------------------------------------------------------------- the widgets

_message = st.one_of(
    values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "answer", "hint", "show", "reset", "next", "x"])},
        optional={"state": values, "seat": values, "action": values, "answer": values},
    ),
)


def _table_state(t: Any) -> Any:
    return (t.game.record(), t.state, t.obs)


@FUZZ
@given(_message)
def test_the_card_table_refuses_any_forged_message_and_changes_nothing(content: Any) -> None:
    from fortyfive.widgets.table import CardTable

    t = CardTable("barker", seat=0, opponents="rule", seed=3, pause_ms=0)
    before = _table_state(t)
    start = time.perf_counter()
    t.handle_message(content)  # refusals go to the notice, never out of the handler
    assert time.perf_counter() - start < SECONDS
    if t.notice["kind"] == "error":  # refused: the game is as it was
        assert t.game.record() == before[0]


@FUZZ
@given(_message, st.sampled_from(["c1-01", "c2-04", "c4-03", "c5-01", "c6-01"]))
def test_the_puzzle_widget_refuses_any_forged_message(content: Any, pid: str) -> None:
    from fortyfive.puzzles.display import shown_view
    from fortyfive.widgets.puzzle import PuzzleWidget

    w = PuzzleWidget(pid)
    start = time.perf_counter()
    w.handle_message(content)
    assert time.perf_counter() - start < SECONDS
    # the browser only ever gets the run's view (its texts in the page's card notation)
    assert w.view == shown_view(w.run.view(), w._shown)


@FUZZ
@given(
    st.lists(st.tuples(_message, st.booleans()), min_size=1, max_size=6),
    st.sampled_from(["winner", "order", "legal", "score"]),
)
def test_the_practice_widget_takes_any_messages_and_shows_only_its_sessions_state(
    messages: list[tuple[Any, bool]], kind: str
) -> None:
    from fortyfive.puzzles.display import shown_view
    from fortyfive.puzzles.sessions import Drill
    from fortyfive.widgets.practice_widget import PracticeWidget

    w = PracticeWidget(Drill(kind, seed=1, clock=lambda: 0.0))  # the timer stands still
    for content, current in messages:
        if current and isinstance(content, dict):  # at the page's state: it may be acted on
            content = {**content, "state": w.state}
        start = time.perf_counter()
        w.handle_message(content)
        assert time.perf_counter() - start < SECONDS
        # the page gets the session's run and status, as the widget itself would make them
        assert w.run is w.session.run
        assert w.view == shown_view(w.run.view(), w._shown)
        assert w.practice == w.session.status()


# ------------------------------------------------- the widgets' constructors, their protocol


def _input_error_or_fine(call: Callable[[], object]) -> None:
    """Stricter than :func:`_refused_or_fine`: the project's ``InputError`` (or a subclass) is
    the only error these entries raise for a bad value."""
    start = time.perf_counter()
    with contextlib.suppress(InputError):
        call()
    assert time.perf_counter() - start < SECONDS


@FUZZ
@given(values, values)
def test_sort_cards_takes_anything(cards: Any, trump: Any) -> None:
    for rules in (ff.BRUFF, ff.BARKER):
        _input_error_or_fine(lambda rules=rules: ff.sort_cards(rules, cards, trump))
        _input_error_or_fine(lambda rules=rules: ff.sort_cards(rules, [ff.parse_card("5S")], trump))
        _input_error_or_fine(lambda rules=rules: ff.sort_cards(rules, cards))


TABLE_OPTIONS = ["preset", "seat", "opponents", "seed", "pause_ms", "reveal", "four_colour"]


@FUZZ
@given(st.sampled_from([*TABLE_OPTIONS, "level", "game"]), values)
def test_the_card_table_s_constructor_takes_anything(option: str, value: Any) -> None:
    from fortyfive.widgets.table import CardTable

    _input_error_or_fine(lambda: CardTable(**{"pause_ms": 0, option: value}))


@FUZZ
@given(values, values)
def test_the_puzzle_widget_s_constructor_takes_anything(puzzle: Any, tries: Any) -> None:
    from fortyfive.widgets.puzzle import PuzzleWidget

    _input_error_or_fine(lambda: PuzzleWidget(puzzle))
    _input_error_or_fine(lambda: PuzzleWidget("c1-01", tries_before_show=tries))
    _input_error_or_fine(lambda: PuzzleWidget("c1-01", on_attempt=puzzle, on_hint=tries))


@FUZZ
@given(values, values)
def test_the_practice_widget_s_constructor_takes_anything(session: Any, tries: Any) -> None:
    from fortyfive.puzzles.sessions import Drill
    from fortyfive.widgets.practice_widget import PracticeWidget

    _input_error_or_fine(lambda: PracticeWidget(session))
    drill = Drill("winner", seed=1, clock=lambda: 0.0)
    _input_error_or_fine(lambda: PracticeWidget(drill, tries_before_show=tries))


@FUZZ
@given(values, values)
def test_the_widgets_protocol_takes_anything_from_the_page(state: Any, data: Any) -> None:
    """A state write of any value, and any message of ipywidgets' protocol: refused with the
    project's error (a Python caller's non-object state) or a notice, the game unchanged."""
    from fortyfive.widgets.table import CardTable

    t = CardTable("barker", seat=0, opponents="rule", seed=3, pause_ms=0)
    before = t.game.record()
    _input_error_or_fine(lambda: t.set_state(state))
    for msg in (
        {"content": {"data": data}, "buffers": []},
        {"content": {"data": {"method": "update", "state": state}}},
        {"content": {"data": {"method": "update", "state": data, "buffer_paths": state}}},
        {"content": {"data": {"method": "custom", "content": state}}},
        data,
    ):
        start = time.perf_counter()
        t._handle_msg(msg)  # never raises: a refusal is a notice
        assert time.perf_counter() - start < SECONDS
    assert t.game.record() == before and t.obs == dict(t.game.observation(0))


def test_a_huge_card_text_is_refused_before_it_is_split() -> None:
    """``from_deal`` measured the text of a hand only after splitting it: 50 MB of cards took
    hundreds of MB. Now the length is checked first (memory, not time, is measured)."""
    import tracemalloc

    text = "5S " * 16_000_000
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match="at most"):
            ff.Game.from_deal("bruff", 0, [text] * 6, [])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak
