"""The card table: an anywidget that plays a game of either preset in Jupyter.

Python owns the game; the browser draws only the synced state and sends the learner's clicks as
messages, which :meth:`CardTable.handle_message` validates before anything changes. The synced
state holds the learner's seat's observation (:meth:`Game.observation`), texts worded from the
engine, and UI settings; every hand only when ``reveal=True``. Bots choose from their own seat's
observation (:mod:`fortyfive.agents.bots`) and never reach the browser.

Bot pacing: with ``pause_ms == 0`` the bots answer at once, inside the handler of the learner's
move. Otherwise the front end waits ``pause_ms`` and then asks for one bot move at a time
(``{"type": "step"}``), so the pause is visible and Python still chooses every move. The Python
methods (:meth:`act`, :meth:`play_bots`, :meth:`autoplay`) never wait.

>>> t = CardTable("barker", seat=0, opponents="random", seed=3, pause_ms=0)
>>> t
<CardTable barker, seat 0 (N-S): deal 1, bid, seat 2 to act, scores 0/0>
>>> t.play_bots(); t.game.to_act
0
>>> t.handle_message({"type": "act", "action": "bid 35", "seat": 0, "state": t.state})
>>> t.notice["text"]
'bid 35: R9.2: bids are 5, 10, 15, 20, 25 or 30'
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import traitlets

from fortyfive.agents.advice import learner_advice_steps
from fortyfive.agents.bots import BOTS, LEVELS, Bot, make_bot
from fortyfive.engine.actions import IllegalActionError, parse_action
from fortyfive.engine.cards import with_symbols
from fortyfive.engine.errors import InputError, quote
from fortyfive.engine.game import Game
from fortyfive.engine.record import names_no_card
from fortyfive.engine.rules import Rules, get_rules
from fortyfive.solve.hints import HINT_SECONDS, finish
from fortyfive.widgets._assets import module_source, stylesheet
from fortyfive.widgets._base import SyncedWidget, TokenBucket, WidgetMessageError
from fortyfive.widgets._table_text import (
    action_text,
    callback_failed_text,
    deal_summary,
    describe_outcome,
    game_summary,
    hint_text,
    info,
    level_text,
    new_game_text,
    opponents_info,
    progress,
    rule_hint_text,
    seat_name,
)

log = logging.getLogger(__name__)

MESSAGE_TYPES = ("act", "step", "auto", "next_game", "next_deal", "hint", "level")
# Deals the solver plays out for a hint, within hint()'s node budget (HINT_NODES) and the
# learner's wall-clock cap (HINT_SECONDS): a bruff first lead gets as many of the 8 as fit.
HINT_SAMPLES = 8
#: Hints searched at once, and a second after that, per table (a hint asked again at the same
#: position, or at one searched before, is answered from the cache and costs nothing): a
#: learner asking at every turn stays inside it; a page asking in a loop does not.
HINT_BURST = 4
HINT_RATE = 0.5
#: Seconds a page's hint waits before its search: a play already sent is handled first and
#: cancels it (the kernel answers one message at a time, and a search once begun runs to its
#: budget, HINT_SECONDS).
HINT_DEFER_S = 0.05
LOG_LINES = 40  # lines of the public log kept and synced
MAX_PAUSE_MS = 10_000  # the longest pause between the bots' moves
#: Traits the browser may write; everything else it sends as a state change is dropped.
FRONT_END_WRITABLE = frozenset({"pause_ms", "four_colour", "continuous"})
Until = Literal["trick", "deal", "game"]


@dataclass(frozen=True)
class TableAction:
    """One action taken at the table, handed to :meth:`CardTable.on_action` callbacks.

    ``before`` is a copy of the game just before the action (for checking a move against the
    position it was made in); ``by`` is ``"learner"``, ``"bot"`` or ``"auto"`` (a bot playing
    the learner's seat on request).
    """

    seat: int
    action: str
    by: str
    before: Game
    table: CardTable


ActionCallback = Callable[[TableAction], object]


class TableMessageError(WidgetMessageError):
    """A message from the front end that was refused; the text is shown in the widget."""


def _level_bot(level: object) -> str:
    """The bot's name for ``level``; anything but a level's name is refused (a ValueError)."""
    if not isinstance(level, str) or level not in LEVELS:
        raise TableMessageError(f"unknown level {level!r:.20}: choose from {', '.join(LEVELS)}")
    return LEVELS[level]


class CardTable(SyncedWidget):
    """A card table in a notebook cell: the learner plays ``seat`` against bots.

    ``CardTable(preset="bruff" | "barker", seat=0, opponents="rule", seed=None)``;
    ``opponents`` is a bot name for :func:`fortyfive.agents.bots.make_bot` or a bot object;
    ``level="beginner" | "club" | "strong"`` chooses them by level instead
    (:data:`fortyfive.agents.bots.LEVELS`; :meth:`set_level` changes it during a game).
    ``table.game`` is the live :class:`~fortyfive.Game`. ``explain=True`` opens the table's
    "Explain · Log" (the engine's explanations, the bonus's status with its rule ids, the log),
    which is otherwise closed until the learner opens it; ``table.explain`` opens or closes it.

    Messages (:meth:`handle_message`): ``act`` {action, seat, state}; ``step`` {state} (one bot
    move after the visible pause; a stale one is dropped quietly: another view asked first);
    ``auto`` {until: "trick" | "deal", seat, state}; ``hint`` {seat, state}; ``next_game``
    {state}; ``level`` {level, state} (:meth:`set_level`; a setting: any state number).
    """

    MESSAGE_TYPES: ClassVar[tuple[str, ...]] = MESSAGE_TYPES
    QUIET_WHEN_STALE: ClassVar[frozenset[str]] = frozenset({"step"})
    ANY_STATE: ClassVar[frozenset[str]] = frozenset({"level"})
    # a legal play moves the table on (a copy of it is then stale); an illegal one is refused
    # without a resync: a learner's play is never refused by the rate limit
    UNLIMITED: ClassVar[frozenset[str]] = frozenset({"act"})
    FRONT_END_WRITABLE: ClassVar[frozenset[str]] = FRONT_END_WRITABLE
    Refusal: ClassVar[type[WidgetMessageError]] = TableMessageError
    REFUSED: ClassVar[tuple[type[Exception], ...]] = (IllegalActionError,)
    NOUN: ClassVar[str] = "table"

    _esm = traitlets.Unicode(module_source("table.js")).tag(sync=True)
    _css = traitlets.Unicode(stylesheet("table.css")).tag(sync=True)

    obs = traitlets.Dict().tag(sync=True)  # the learner's observation, as the engine gives it
    info = traitlets.Dict().tag(sync=True)  # prompt, bonus text, bidding box (_table_text.info)
    # public events, newest last (not ``log``: that is the widget's logger in ipywidgets)
    events = traitlets.List(traitlets.Unicode()).tag(sync=True)
    pause_ms = traitlets.Int(700, min=0, max=MAX_PAUSE_MS).tag(sync=True)  # bots' visible pause
    four_colour = traitlets.Bool(False).tag(sync=True)
    continuous = traitlets.Bool(False).tag(sync=True)  # bots go on past a deal's end
    summary = traitlets.Dict().tag(sync=True)  # the end-of-deal or end-of-game panel, or {}
    auto = traitlets.Unicode("").tag(sync=True)  # "", "trick" or "deal": playing on for you
    opponents = traitlets.Dict().tag(sync=True)  # levels offered, the one playing (_table_text)
    # the "Explain · Log" disclosure open (a chapter that teaches the explanations opens it)
    explain = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        preset: Rules | str = "bruff",
        seat: int = 0,
        opponents: str | Bot = "rule",
        seed: int | None = None,
        *,
        reveal: bool = False,
        pause_ms: int = 700,
        four_colour: bool = False,
        game: Game | None = None,
        level: str | None = None,
        explain: bool = False,
    ) -> None:
        if game is None:
            if not isinstance(preset, Rules):
                try:
                    preset = get_rules(preset)
                except ValueError:
                    raise InputError("preset", preset, "'bruff', 'barker' or a Rules") from None
            game = Game.new(preset, seed=seed)
        elif not isinstance(game, Game):
            raise InputError("game", game, "a Game or None")
        players = game.rules.players
        if type(seat) is not int or not 0 <= seat < players:  # not True, not 0.0
            raise InputError("seat", seat, f"a seat 0..{players - 1} for {game.rules.name}")
        if type(pause_ms) is not int or not 0 <= pause_ms <= MAX_PAUSE_MS:
            raise InputError("pause_ms", pause_ms, f"a whole number of ms 0..{MAX_PAUSE_MS}")
        for name, flag in (("reveal", reveal), ("four_colour", four_colour), ("explain", explain)):
            if not isinstance(flag, bool):
                raise InputError(name, flag, "True or False")
        if level is not None:
            if opponents != "rule":
                raise InputError(
                    "level", level, "", "level and opponents both choose the bots: give one"
                )
            opponents = _level_bot(level)
        if isinstance(opponents, str):
            if opponents not in BOTS:
                raise InputError(
                    "opponents",
                    opponents,
                    "",
                    f"unknown bot {quote(opponents)}: choose from {', '.join(BOTS)}",
                )
        elif not callable(getattr(opponents, "choose", None)):
            raise InputError("opponents", opponents, "a bot's name or a bot (with .choose)")
        self._bot_seed = game.seed if seed is None else seed
        # how the table began, for a book page's own Python (live_recipe): a bot by name only
        self._opponents = opponents if isinstance(opponents, str) else None
        self._start_record = game.record()
        self._game = game
        self._seat = seat
        self._reveal = reveal  # not a trait: the browser must not be able to turn it on
        self._level = level
        self._bots: dict[int, Bot] = {
            s: self._bot(opponents, self._bot_seed + 1 + s) for s in range(players)
        }
        self._callbacks: list[ActionCallback] = []
        self._log: list[str] = []
        self._until: tuple[str, tuple[int, int, int]] | None = None
        self._last_act: tuple[int, str, str] | None = None  # (state sent at, type, action)
        self._held = False  # a deal is over: the bots wait for the learner's "Next deal"
        self._hint_at: tuple[int, str] | None = None  # (state, text) of the last hint given
        self._hint_pending: int | None = None  # the state a page's hint waits to be searched at
        self._hint_tasks: set[asyncio.Task[None]] = set()  # hints being searched on the loop
        self._hints = TokenBucket(HINT_BURST, HINT_RATE, self._now)
        super().__init__(pause_ms=pause_ms, four_colour=four_colour, explain=explain)

    def live_recipe(self) -> dict[str, Any] | None:
        """The table as it began (its game's record then, its seat and settings), when every
        card that record names may be on the page: a table showing every hand, or a shuffled
        game not yet begun (its seed deals it, as the page's code does). Bots given as objects,
        or a game begun elsewhere behind a seat's view, have none."""
        start = self._start_record
        if self._opponents is None or not (self._reveal or names_no_card(start)):
            return None
        return {
            "widget": "table",
            "record": start,
            "seat": self._seat,
            "reveal": self._reveal,
            "opponents": self._opponents,
            "level": self._level,
            "seed": self._bot_seed,
            "pause_ms": self.pause_ms,
            "four_colour": self.four_colour,
        }

    @property
    def level(self) -> str | None:
        """The bots' level (:data:`fortyfive.agents.bots.LEVELS`), None if chosen by name."""
        return self._level

    def set_level(self, level: str) -> None:
        """Play on against bots of ``level`` (``beginner``, ``club``, ``strong``): they take
        over every other seat from the next move on. An unknown level raises
        :class:`TableMessageError` (a ValueError) and changes nothing."""
        with self._call():
            self._set_level(level)

    def _set_level(self, level: object) -> None:
        bot = _level_bot(level)
        assert isinstance(level, str)  # _level_bot refuses anything else
        if level == self._level:
            return
        self._level = level
        self._bots = {s: self._bot(bot, self._bot_seed + 1 + s) for s in self._bots}
        self._add_log(level_text(level))
        self._notice("", "")  # the last refusal is answered

    @staticmethod
    def _bot(opponents: str | Bot, seed: int) -> Bot:
        return make_bot(opponents, seed=seed) if isinstance(opponents, str) else opponents

    @classmethod
    def from_game(cls, game: Game, seat: int = 0, **kwargs: Any) -> CardTable:
        """A table on an existing game, from its current position; the table plays on it."""
        return cls(game.rules, seat, game=game, **kwargs)

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Game:
        """The live game (changing it directly? call :meth:`refresh` afterwards)."""
        return self._game

    @property
    def seat(self) -> int:
        """The learner's seat: the only hand the page is sent."""
        return self._seat

    @property
    def reveal(self) -> bool:
        """Does the page get every hand (a teaching table, ``reveal=True``; never set from the
        page)?"""
        return self._reveal

    def on_action(self, fn: ActionCallback) -> ActionCallback:
        """Call ``fn(TableAction)`` after every action at the table (usable as a decorator).
        A string it returns is shown to the learner as a coach's note."""
        self._callbacks.append(fn)
        return fn

    def act(self, action: str) -> None:
        """The learner takes ``action``, then the bots play to the learner's next turn.

        Raises :class:`TableMessageError` or :class:`~fortyfive.IllegalActionError` (with the
        reason shown in the widget too) and changes nothing when the action is refused.
        """
        with self._call():
            self._learner_act(action)
            self._run_bots(hold=False)  # Python calls never wait

    def hint(self, samples: int = HINT_SAMPLES) -> str:
        """Advice for the learner's move, from the learner's seat's view only (no peeking): in
        the trick phase the solver's ranking over up to ``samples`` deals consistent with what
        the seat has seen, as many as its node budget allows (:func:`fortyfive.solve.hints.hint`);
        in the other phases, or if not one deal fits the budget, what a rule-based player would
        do. Also shown on the table."""
        with self._call():
            return self._give_hint(samples)

    def _ask_hint(self) -> None:
        """The page's Hint: answered at once when known (the same position), else searched a
        moment later (:data:`HINT_DEFER_S`), once however often it is asked meanwhile; a play
        that comes first cancels it unsearched, and one that comes during the search stops it
        after the deal being solved."""
        game, seat = self._game, self._seat
        if game.over or game.to_act != seat or self._until is not None:
            raise TableMessageError("a hint is for your own turn")
        at = self._state_number
        if self._hint_at is not None and self._hint_at[0] == at:
            self._give_hint(HINT_SAMPLES, limited=True)
        elif self._hint_pending != at:  # a copy asked while one waits is the same request
            self._hint_pending = at
            self._defer(at)

    def _defer(self, at: int) -> None:
        """Search the hint asked at state ``at`` on the kernel's event loop, after
        :data:`HINT_DEFER_S` and a deal at a time, so that the messages queued meanwhile (a
        play) are handled first and in between; at once outside a kernel (a running loop that
        is not a kernel's, a browser driver's say, may never run it)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or not _in_a_kernel():
            for _ in self._deferred_hint(at):
                pass
        else:
            task = loop.create_task(self._hint_on_loop(at))
            self._hint_tasks.add(task)  # the loop keeps only a weak reference to a task
            task.add_done_callback(self._hint_tasks.discard)

    async def _hint_on_loop(self, at: int) -> None:
        await asyncio.sleep(HINT_DEFER_S)
        for _ in self._deferred_hint(at):
            await asyncio.sleep(0)  # a message queued meanwhile (a play) is handled here

    def _deferred_hint(self, at: int) -> Iterator[None]:
        """The hint asked at state ``at``, a step per deal solved; it stops, unshown, as soon
        as the table has left that state (the learner played)."""
        if self._hint_pending != at:
            return  # a later request took its place
        self._hint_pending = None
        if self._state_number != at:
            return  # the learner played (or the table moved on): cancelled, never searched
        with self._refusals(reraise=False):
            steps = self._hint_steps(HINT_SAMPLES, limited=True)
            while True:
                try:
                    next(steps)
                except StopIteration:
                    break
                yield
                if self._state_number != at:
                    steps.close()  # cancelled mid-search: nothing shown, nothing cached
                    return
        self._sync()
        self._run_later()

    def _give_hint(self, samples: int, limited: bool = False) -> str:
        """The hint's text, shown; ``limited``: asked by the page, so within the table's rate of
        searched hints (a Python call is the notebook's own and is not limited)."""
        return finish(self._hint_steps(samples, limited))

    def _hint_steps(self, samples: int, limited: bool) -> Generator[None, None, str]:
        """:meth:`_give_hint` a deal at a time (it yields after each deal solved)."""
        game, seat = self._game, self._seat
        if game.over or game.to_act != seat or self._until is not None:
            raise TableMessageError("a hint is for your own turn")
        if self._hint_at is not None and self._hint_at[0] == self._state_number:
            text = self._hint_at[1]  # asked again at the same position: the same answer
            self._notice(text, "hint")
            return text
        if limited and not self._hints.take():
            raise TableMessageError(
                f"hint: at most {HINT_BURST} hints at once and one every "
                f"{1 / HINT_RATE:g} seconds after that: ask again in a moment"
            )
        advice = yield from learner_advice_steps(
            game, seat, samples=samples, seed=self._state_number, seconds=HINT_SECONDS
        )
        if advice.rule_action is None:
            best = advice.ranking[0]
            text = hint_text(best.action, best.reason, advice.purpose)
        else:
            why = "" if advice.stands_in == "phase" else advice.reason
            text = rule_hint_text(advice.rule_action, why, advice.purpose)
        self._hint_at = (self._state_number, text)
        self._notice(text, "hint")
        return text

    def _shown(self, text: str) -> str:
        # the engine's texts name cards by code ("5S leads trumps"): shown in the page's notation
        return with_symbols(text)

    def play_bots(self) -> None:
        """Let the bots play, without pauses, until the learner must act or the game is over."""
        self._run_bots(hold=False)  # Python calls never wait
        self._sync()

    def autoplay(self, until: Until = "trick") -> None:
        """A bot plays the learner's seat too, without pauses, to the end of the current trick,
        deal or game (the deal's end also ends a trick)."""
        with self._call():
            self._start_auto(until)
            self._run_bots(hold=False)  # Python calls never wait

    def next_game(self) -> None:
        """Start the next game once this one is over (the deal passes left, R6.1, R8.5)."""
        with self._call():
            self._next_game()

    def refresh(self) -> None:
        """Resync the widget after the game was changed outside the table."""
        self._bump()
        self._sync()

    # ------------------------------------------------------------------ messages

    def _is_repeat(self, message: dict[str, Any]) -> bool:
        # the same action sent again at the state it was applied at: a double-click's echo
        return (
            self._last_act is not None
            and (message.get("state"), message.get("type"), str(message.get("action")))
            == self._last_act
            and type(message.get("state")) is int
        )

    def _dispatch(self, kind: str, message: dict[str, Any]) -> None:
        if kind == "step":
            if self.pause_ms == 0:
                self._run_bots()  # "Instant": no pause to show between moves
            elif self._waiting():
                self._bot_move()
            return
        if kind == "next_game":
            sent_at = self.state
            self._next_game()
            self._last_act = (sent_at, kind, "None")  # its double-click's echo is dropped
            return
        if kind == "level":
            self._set_level(message.get("level"))
            return
        if kind == "next_deal":
            if not self._held:
                raise TableMessageError("next deal: no deal is waiting to start")
            self._last_act = (self.state, kind, "None")  # its double-click's echo is dropped
            self._held = False
            self._bump()
            if self.pause_ms == 0:
                self._run_bots()
            return
        seat = message.get("seat")
        if type(seat) is not int or seat != self._seat:  # not True, not 0.0
            raise TableMessageError(f"wrong seat {seat!r:.20}: this table plays seat {self._seat}")
        if kind == "hint":
            self._ask_hint()
            return
        if kind == "auto":
            until = message.get("until")
            if until not in ("trick", "deal"):
                raise TableMessageError(
                    f"auto: 'until' must be 'trick' or 'deal', not {until!r:.20}"
                )
            self._start_auto(until)
        else:
            sent_at = self.state
            self._learner_act(message.get("action"))
            self._last_act = (sent_at, kind, str(message.get("action")))
        if self.pause_ms == 0:
            self._run_bots()

    # ------------------------------------------------------------------ moves

    def _learner_act(self, action: object) -> None:
        game = self._game
        if not isinstance(action, str):
            raise TableMessageError(f"an action is a string such as 'play 5S', not {action!r:.40}")
        if game.over:
            raise TableMessageError("the game is over: start the next game")
        if self._until is not None:
            raise TableMessageError("wait: the table is playing on for you")
        if game.to_act != self._seat:
            assert game.to_act is not None
            who = seat_name(game, game.to_act, self._seat)
            raise TableMessageError(f"not your turn: {who} is to act")
        act = parse_action(action)  # ActionSyntaxError is an IllegalActionError
        held = {str(c) for c in game.hand(self._seat)}
        missing = [str(c) for c in act.cards if str(c) not in held]
        if missing:
            raise TableMessageError(f"{' '.join(missing)} is not in your hand")
        reason = game.explain(str(act))
        if reason:
            raise IllegalActionError(f"{act}: {reason}")
        self._notice("", "")  # the last refusal is answered; a coach's note may follow
        self._apply(self._seat, str(act), "learner")

    def _waiting(self, hold: bool = True) -> bool:
        """Is the next move a bot's (a bot's seat, or the learner's while auto-playing)?
        Not while the table waits for "Next deal" (``hold``: the front end's pacing only)."""
        game = self._game
        if game.over or (hold and self._held):
            return False
        return game.to_act != self._seat or self._until is not None

    def _bot_move(self) -> None:
        game = self._game
        seat = game.to_act
        assert seat is not None
        by = "bot" if seat != self._seat else "auto"
        self._apply(seat, self._bots[seat].choose(game, seat), by)

    def _run_bots(self, hold: bool = True) -> None:
        """Bot moves, without pauses, until the learner must act or the game is over (or, with
        ``hold``, a deal is over and the learner has not asked for the next)."""
        while self._waiting(hold):
            self._bot_move()

    def _start_auto(self, until: str) -> None:
        if self._game.over:
            raise TableMessageError("the game is over: start the next game")
        if until not in ("trick", "deal", "game"):
            raise TableMessageError(f"until must be 'trick', 'deal' or 'game', not {until!r}")
        self._until = (until, progress_key(self._game))
        self.auto = until

    def _auto_done(self) -> bool:
        assert self._until is not None
        until, (deal, tricks, _) = self._until
        game = self._game
        if game.over:
            return True
        if until == "game":
            return False
        return game.deal_number != deal or (until == "trick" and game.tricks_played != tricks)

    def _apply(self, seat: int, action: str, by: str) -> None:
        game = self._game
        before = game.copy() if self._callbacks else game
        mark = progress(game)
        game.apply(action)
        # a move of the next deal ends the wait; the end of a deal starts one (the summary)
        self._held = progress(game)[2] > mark[2] and not game.over and not self.continuous
        self._bump()
        self._add_log(action_text(game, self._seat, seat, action, self._reveal))
        for line in describe_outcome(game, self._seat, mark):
            self._add_log(line)
        if self._until is not None and self._auto_done():
            self._until = None
            self.auto = ""
        record = TableAction(seat, action, by, before, self)
        for fn in self._callbacks:
            try:
                said = fn(record)
            except Exception as e:  # a course's checker must not break the table
                log.exception("on_action callback failed")
                self._notice(callback_failed_text(e), "error")
            else:
                if isinstance(said, str) and said:
                    self._notice(said, "coach")

    def _next_game(self) -> None:
        if not self._game.over:
            raise TableMessageError("the game is not over yet")
        self._game = self._game.next_game()
        self._until = None
        self.auto = ""
        self._bump()
        self._add_log(new_game_text(self._game, self._seat))

    # ------------------------------------------------------------------ synced state

    def _add_log(self, line: str) -> None:
        self._log.append(line)
        del self._log[:-LOG_LINES]

    def _sync_traits(self) -> None:
        """The learner's view: the seat's observation, texts and the public log."""
        game, seat = self._game, self._seat
        obs = game.observation(seat)
        self.obs = dict(obs)  # a traitlets Dict holds a plain dict
        self.info = info(game, seat, self._reveal, self.auto, self._held, obs)
        self.events = list(self._log)
        other = self._bots[(seat + 1) % len(self._bots)]  # every other seat has the same bot
        self.opponents = opponents_info(list(LEVELS), self._level, getattr(other, "name", ""))
        if game.over:
            self.summary = game_summary(game, seat)
        elif self._held:
            ended = next(d.number for d in reversed(game.deals) if d.end_scores is not None)
            self.summary = deal_summary(game, seat, ended)
        else:
            self.summary = {}

    def __repr__(self) -> str:
        game = self._game
        names = game.rules.partnership_names
        state = (
            f"over, winner {names[game.winner]}"
            if game.winner is not None
            else f"{game.phase}, seat {game.to_act} to act"
        )
        reveal = ", all hands shown" if self._reveal else ""
        return (
            f"<CardTable {game.rules.name}, seat {self._seat} "
            f"({names[game.rules.partnerships[self._seat]]}){reveal}: deal {game.deal_number}, "
            f"{state}, scores {'/'.join(map(str, game.scores))}>"
        )


def progress_key(game: Game) -> tuple[int, int, int]:
    """(deal number, tricks played, actions) at the start of an auto-play."""
    return game.deal_number, game.tricks_played, len(game.history)


def _in_a_kernel() -> bool:
    """Whether this Python is a Jupyter kernel's (JupyterLab's, or Pyodide's in Lite)."""
    try:
        from IPython import get_ipython
    except ImportError:  # the widgets need IPython; kept for a bare interpreter's sake
        return False
    return getattr(get_ipython(), "kernel", None) is not None
