"""What the widgets share: Python owns the state, the browser draws it and sends messages.

Every message from the front end is untrusted. :meth:`SyncedWidget.handle_message` lets one
through only if it is a JSON object of bounded size and depth, of a type the widget answers,
carrying the ``state`` number the widget is at (so a click on a position that has since changed
is not applied to the new one; a setting's message, ``ANY_STATE``, only carries a number). A
refused message changes nothing: its reason is shown in the synced ``notice``. The browser may
write only the traits a widget names as its settings; any other write is refused with a notice.

A page cannot keep the kernel busy: messages that would act are limited per widget by a token
bucket (:data:`BURST` at once, :data:`RATE` a second after that), and the refusals that get a
notice by another (:data:`NOTICE_BURST`, :data:`NOTICE_RATE`); past them a message is dropped
after a few dictionary look-ups, its state never recomputed, with one notice that says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import anywidget
import traitlets

from fortyfive.engine.errors import InputError, quote

log = logging.getLogger(__name__)

#: Characters of JSON a message may take, about; the largest the front ends send is under 300.
MAX_MESSAGE_SIZE = 2_000
#: Nesting a message may have: a form answer, ``{"answer": {"A": 15}}``, is 2 deep.
MAX_MESSAGE_DEPTH = 4
#: Messages that act (checked, at the widget's state) a widget takes at once, and a second after
#: that: a learner's clicks and the front end's paced bot steps (four a second at the fastest
#: pace) stay far inside them.
BURST = 50
RATE = 20.0
#: Refused messages answered with a notice at once, and a second after that; past them a
#: refused message is dropped without one (the notice says so once).
NOTICE_BURST = 20
NOTICE_RATE = 5.0
#: The notice a page's flood is answered with, once.
FLOODED = "too many messages from the page: the rest are ignored for a moment, nothing changed"
#: What the page's widget manager may ask (ipywidgets' protocol).
METHODS = frozenset({"update", "request_state", "custom"})
#: Set (to ``1``) where the book is built: each widget then keeps, in its synced ``_live``
#: trait, the recipe that rebuilds it in a book page's own Python (:mod:`fortyfive.widgets.live`).
RECIPES_ENV = "FORTYFIVE_LIVE_RECIPES"


#: How long the page must be quiet (no message to any widget) before the slow work its messages
#: left (writing the progress file) runs in Pyodide: a click, or a paced bot step at a table, is
#: not kept waiting behind a save.
QUIET_S = 0.4


def _pyodide_loop() -> asyncio.AbstractEventLoop | None:
    """Pyodide's event loop (its WebLoop runs while the page does: in JupyterLite's kernel and
    on a book page), or None elsewhere. Only there is a file operation a round trip served by
    the page, slow enough to defer; in a kernel on a server the work runs at once, so a file
    read just after a click holds it."""
    return asyncio.get_event_loop() if sys.platform == "emscripten" else None


class _QuietPage:
    """The widgets' slow work that waits for the page to be quiet (each widget's
    ``_run_later``), and the timer that runs it: one for the page, so a message to any widget
    postpones all of it."""

    def __init__(self) -> None:
        self.waiting: list[Callable[[], None]] = []
        self.timer: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def restart(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.loop = loop
        self.timer = loop.call_later(QUIET_S, self.run)

    def postpone(self) -> None:
        if self.timer is None:
            return
        if self.loop is None or self.loop.is_closed():  # its loop is gone: run it now
            self.run()
        else:
            self.restart(self.loop)

    def run(self) -> None:
        self.timer = None
        waiting, self.waiting = self.waiting, []
        for run_later in waiting:
            run_later()


_QUIET = _QuietPage()


class TokenBucket:
    """At most ``burst`` events at once and ``rate`` a second after that.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__
    >>> bucket = TokenBucket(2, 1.0, clock)
    >>> [bucket.take() for _ in range(4)]
    [True, True, False, True]
    """

    def __init__(self, burst: int, rate: float, clock: Callable[[], float]) -> None:
        self.burst, self.rate, self._clock = burst, rate, clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        """Take a token if one is left (refilled by the time since the last call)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + max(0.0, now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


class WidgetMessageError(InputError):
    """A message from the front end (or a Python call) a widget refused; the text is shown.

    An :class:`~fortyfive.engine.errors.InputError` (so a ``ValueError``) whose ``field`` is
    ``"message"``: the text says which part of it was wrong."""

    def __init__(self, message: str) -> None:
        super().__init__("message", None, "", message)


def message_problem(content: object) -> str | None:
    """Why ``content`` is too large, too deep or not JSON to read (``None`` when it is fine).

    It walks the value without recursion and stops once the size budget is spent, so a forged
    message costs no more than ``MAX_MESSAGE_SIZE`` steps, and no ``repr`` of it can recurse.
    """
    budget = MAX_MESSAGE_SIZE
    stack: list[tuple[object, int]] = [(content, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_MESSAGE_DEPTH:
            return f"message nested too deeply (more than {MAX_MESSAGE_DEPTH} levels)"
        if isinstance(value, dict | list):
            budget -= 2 + 2 * len(value)  # brackets, and a separator per item
            if budget >= 0:
                items = value.items() if isinstance(value, dict) else enumerate(value)
                for key, item in items:
                    if isinstance(value, dict):
                        if not isinstance(key, str):
                            return f"message is not JSON: a key {type(key).__name__}"
                        budget -= len(key) + 2
                    stack.append((item, depth + 1))
        elif isinstance(value, str):
            budget -= len(value) + 2
        elif isinstance(value, float) and not math.isfinite(value):
            return f"message is not JSON: the number {value}"
        elif isinstance(value, bool | float) or value is None:
            budget -= 5
        elif isinstance(value, int):
            budget -= value.bit_length() // 3 + 1  # about its digits, without writing them
        else:
            return f"message is not JSON: a {type(value).__name__}"
        if budget < 0:
            return f"message too large (more than {MAX_MESSAGE_SIZE} characters)"
    return None


class SyncedWidget(anywidget.AnyWidget):
    """An anywidget whose state Python owns; the browser only draws it and sends messages.

    A subclass names its ``MESSAGE_TYPES``, its error class ``Refusal``, the other errors that
    refuse (``REFUSED``, e.g. the engine's), the traits the browser may write, and implements
    :meth:`_dispatch` (one checked message) and :meth:`_sync_traits` (its own synced traits).
    Every change calls :meth:`_bump`; :meth:`_sync` then pushes the state in one message.
    """

    #: The message types the widget answers.
    MESSAGE_TYPES: ClassVar[tuple[str, ...]] = ()
    #: Types whose stale copies are dropped without a notice (another view asked first).
    QUIET_WHEN_STALE: ClassVar[frozenset[str]] = frozenset()
    #: Types that change a setting, not the position: applied whatever state number they carry
    #: (still a whole number), so a bot's move just before does not refuse them.
    ANY_STATE: ClassVar[frozenset[str]] = frozenset()
    #: Types that need no token of the rate limit: each either moves the widget on (so that a
    #: copy of it is stale, refused in a few look-ups) or is refused without recomputing.
    UNLIMITED: ClassVar[frozenset[str]] = frozenset()
    #: Traits the browser may write (settings); every other write is refused with a notice.
    FRONT_END_WRITABLE: ClassVar[frozenset[str]] = frozenset()
    #: The widget's refusal, and the other errors that refuse a message or call.
    Refusal: ClassVar[type[WidgetMessageError]] = WidgetMessageError
    REFUSED: ClassVar[tuple[type[Exception], ...]] = ()
    #: What the refusals call the widget ("the table has moved on").
    NOUN: ClassVar[str] = "widget"

    notice = traitlets.Dict({"text": "", "kind": "", "state": 0}).tag(sync=True)  # last refusal
    state = traitlets.Int(0).tag(sync=True)  # bumped by every change; messages must carry it
    #: The recipe of :meth:`live_recipe`, only where the book is built (:data:`RECIPES_ENV`);
    #: the page's host hands it to the page's Python, never to the widget's view.
    _live = traitlets.Dict().tag(sync=True)

    #: The clock of the rate limits (a test gives a widget its own).
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, **traits: Any) -> None:
        """Subclasses set up their own state first: the first :meth:`_sync` reads it."""
        self._state_number = 0
        self._pending_notice: dict[str, str] | None = None
        self._after_sync: list[Callable[[], None]] = []
        self._acts = TokenBucket(BURST, RATE, self._now)
        self._noise = TokenBucket(NOTICE_BURST, NOTICE_RATE, self._now)
        self._resend: set[str] = set()  # refused writes not yet sent back (a flood)
        super().__init__(**traits)
        self.on_msg(self._on_msg)
        self._sync()
        if os.environ.get(RECIPES_ENV) == "1":
            self._live = self.live_recipe() or {}

    def live_recipe(self) -> dict[str, Any] | None:
        """What rebuilds this widget as it is now in a book page's Python
        (:func:`fortyfive.widgets.live.restore`), as JSON; ``None``: it cannot be (the page then
        draws it static). A recipe holds nothing the page may not show."""
        return None

    def _now(self) -> float:
        return self.clock()

    # ------------------------------------------------------------------ messages

    def handle_message(self, content: object) -> None:
        """One message from the front end; a refused one changes nothing but the notice.

        The checks come first and cost a few look-ups. A message that passes them takes a token
        from the widget's bucket (:data:`BURST`, :data:`RATE`) before it is acted on, unless its
        type is :attr:`UNLIMITED`; a refused one takes a token of the notices' bucket before its
        notice is shown. Past either bucket it is dropped; a refusal never recomputes the
        widget's state."""
        _QUIET.postpone()
        try:
            message = self._checked(content)
        except WidgetMessageError as e:
            self._refuse_cheaply(str(e))
            return
        if message is None:
            return
        if message["type"] not in self.UNLIMITED and not self._acts.take():
            self._refuse_cheaply(FLOODED)
            return
        before = self._state_number
        refused: tuple[type[Exception], ...] = (WidgetMessageError, *self.REFUSED)
        try:
            self._dispatch(message["type"], message)
        except refused as e:
            if self._state_number == before:  # refused before anything changed
                self._refuse_cheaply(str(self._refusal(e)))
                return
            self._notice(str(self._refusal(e)), "error")
        self._sync()
        self._run_when_quiet()

    def _refuse_cheaply(self, text: str) -> None:
        """Show a refusal without recomputing the state (nothing changed); past the notices'
        bucket, the one :data:`FLOODED` notice stands for all of them."""
        self._set_notice(text if self._noise.take() else FLOODED)

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """Every message of the page's widget manager, before ipywidgets reads it: one of its
        :data:`METHODS` (an unknown one is refused with a notice); a state write only as an
        object without binary buffers (no setting is binary); a request for the whole state
        only within the rate limit. What ipywidgets is handed is rebuilt from the checked
        fields, so it never meets a missing key."""
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if not isinstance(method, str) or method not in METHODS:
            self._refuse_cheaply(f"unknown message method {quote(method)}: nothing was changed")
            return
        assert isinstance(data, dict)
        clean: dict[str, Any] = {"method": method}
        if method == "update":
            state = data.get("state")
            if not isinstance(state, dict) or data.get("buffer_paths") not in (None, []):
                self._refuse_cheaply(
                    f"a state write is an object of settings, not {quote(state)}: "
                    "nothing was changed"
                )
                return
            clean["state"] = state
        elif method == "custom":
            clean["content"] = data.get("content")
        elif not self._acts.take():  # the whole state, assets included, is costly to send
            self._refuse_cheaply(FLOODED)
            return
        super()._handle_msg({"content": {"data": clean}, "buffers": []})

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle_message(content)  # binary buffers are never read

    def _checked(self, content: object) -> dict[str, Any] | None:
        """``content`` as a message to act on, or ``None`` for a stale one of a quiet type.

        Raises :attr:`Refusal` for anything else, before any of it is read.
        """
        problem = message_problem(content)
        if problem is not None:
            raise self.Refusal(f"{problem}: refused, nothing was changed")
        if not isinstance(content, dict):
            raise self.Refusal(f"unknown message: expected an object, got {content!r:.60}")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in self.MESSAGE_TYPES:
            raise self.Refusal(
                f"unknown message type {kind!r:.40}: "
                f"expected one of {', '.join(self.MESSAGE_TYPES)}"
            )
        state = content.get("state")
        # only the whole number itself: True == 1 and 3.0 == 3 in Python, but neither is a state
        if type(state) is not int or (state != self.state and kind not in self.ANY_STATE):
            if kind in self.QUIET_WHEN_STALE or self._is_repeat(content):
                return None
            raise self.Refusal(
                f"{kind}: stale message (state {state!r:.20}, the {self.NOUN} is at "
                f"{self.state}): the {self.NOUN} has moved on, nothing was changed"
            )
        return content

    def _is_repeat(self, message: dict[str, Any]) -> bool:
        """Is a stale ``message`` a copy of one already applied (the second click of a quick
        double-click)? Such a copy is dropped without a notice; a subclass says which are."""
        return False

    def _dispatch(self, kind: str, message: dict[str, Any]) -> None:
        """Act on one checked message of type ``kind`` (the other fields are still unchecked)."""
        raise NotImplementedError

    @contextlib.contextmanager
    def _refusals(self, reraise: bool) -> Iterator[None]:
        """Turn a refused message or call into the widget's notice (nothing else changes)."""
        refused: tuple[type[Exception], ...] = (WidgetMessageError, *self.REFUSED)
        try:
            yield
        except refused as e:
            refusal = self._refusal(e)
            self._notice(str(refusal), "error")
            if reraise:
                if refusal is e:
                    raise
                raise refusal from e

    def _refusal(self, error: Exception) -> Exception:
        """The error a refusal is shown and raised as (a subclass may reword another's)."""
        return error

    @contextlib.contextmanager
    def _call(self) -> Iterator[None]:
        """A Python call: a refusal raises (and shows in the widget); the widget is resynced."""
        try:
            with self._refusals(reraise=True):
                yield
        finally:
            self._sync()
            self._run_later()

    def _later(self, job: Callable[[], None]) -> None:
        """Run ``job`` once the new state has been sent: slow work that the page need not wait
        for (writing the progress file: in JupyterLite every file operation is a round trip to
        the page) stays off the click's path."""
        self._after_sync.append(job)

    def _run_when_quiet(self) -> None:
        """Run the jobs left by a message from the page once the page has been quiet (no
        message to any widget) for :data:`QUIET_S`, in Pyodide; at once elsewhere. In
        JupyterLite each file operation is a round trip served by the page: saving a check took
        150-250 ms there, and a click made meanwhile waited for it (a p95 of 150-220 ms from
        click to feedback). Clicks in a row now save once, after them."""
        if not self._after_sync:
            return
        loop = _pyodide_loop()
        if loop is None:
            self._run_later()
            return
        if self._run_later not in _QUIET.waiting:  # bound methods: equal for the same widget
            _QUIET.waiting.append(self._run_later)
        _QUIET.restart(loop)

    def _run_later(self) -> None:
        jobs, self._after_sync = self._after_sync, []
        for job in jobs:
            job()
        if self._pending_notice is not None:  # a job had something to say
            self._sync()

    # ------------------------------------------------------------------ synced state

    def _bump(self) -> None:
        self._state_number += 1

    def _notice(self, text: str, kind: str) -> None:
        self._pending_notice = {"text": self._shown(text), "kind": kind}

    def _shown(self, text: str) -> str:
        """A notice's text as the page shows it (a subclass may reword, e.g. card notation)."""
        return text

    def _sync(self) -> None:
        """Push the widget's state to the browser in one message."""
        with self.hold_sync():
            self.state = self._state_number
            self._sync_traits()
            if self._pending_notice is not None:
                self.notice = {**self._pending_notice, "state": self.state}
                self._pending_notice = None
        self._send_back()

    def _sync_traits(self) -> None:
        """Set the widget's own synced traits from Python's state (inside one ``hold_sync``)."""
        raise NotImplementedError

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait writes from the browser: only :attr:`FRONT_END_WRITABLE`, each validated by its
        trait. Any other write, a refused value, or a state that is not an object, is refused
        with a notice (and logged), and the browser is sent the value Python kept; the writes
        allowed beside it are applied. A Python caller gets :attr:`Refusal` for a state that is
        not a dict; the page sees the notice."""
        if not isinstance(sync_data, dict):
            refusal = self.Refusal(
                f"a state write is an object of settings, not {quote(sync_data)}: "
                "nothing was changed"
            )
            self._refuse_cheaply(str(refusal))
            raise refusal
        names = [n for n in sync_data if isinstance(n, str)]
        allowed = sorted(set(names) & self.FRONT_END_WRITABLE)
        if len(sync_data) > len(self.keys) or (allowed and not self._acts.take()):
            self._refuse_cheaply(FLOODED)
            self._resend |= set(allowed)
            return
        dropped = sorted(set(names) - self.FRONT_END_WRITABLE)
        problems = []
        if dropped:
            shown = ", ".join(quote(n) for n in dropped[:5])
            problems.append(f"the page may not change {shown}")
            self._resend |= {n for n in dropped if n in self.keys}
        for name in allowed:
            try:
                super().set_state({name: sync_data[name]})
            except traitlets.TraitError:
                problems.append(f"{name}: refused value {quote(sync_data[name])}")
                self._resend.add(name)
        if problems:
            text = "; ".join(problems) + ": nothing else was changed"
            if self._noise.take():  # sent back and logged only while the page is not flooding
                log.warning("refused front-end writes: %s", text)
                self._send_back()
                self._set_notice(text)
            else:
                self._set_notice(FLOODED)

    def _send_back(self) -> None:
        """Send the page the values Python kept of the traits it wrote and was refused."""
        names, self._resend = sorted(self._resend), set()
        if names:
            self.send_state(names)

    def _set_notice(self, text: str) -> None:
        """Show a refusal at once, without a resync (an unchanged notice sends nothing)."""
        notice = {"text": self._shown(text), "kind": "error", "state": self.state}
        if notice != self.notice:
            self.notice = notice
