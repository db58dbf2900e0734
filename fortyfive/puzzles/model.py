"""Puzzles: positions of either preset with a question that the engine answers when checking.

A :class:`Puzzle` is plain data (kind, preset, position, prompt, rule ids, difficulty) and stores
no answer: :meth:`Puzzle.start` gives a :class:`PuzzleRun` whose :meth:`~PuzzleRun.check` asks
the engine (trick order, legal plays, robbing, scoring, the auction, the solver) at the moment
of checking. :meth:`~PuzzleRun.view` is what a learner may see, so it is what a front end gets.

The kinds (see :mod:`fortyfive.puzzles`): ``order``, ``winner``, ``legal``, ``keep``,
``rob``, ``score``, ``game-winner``, ``calls``, ``target`` (an endgame against perfect
defence), ``turn`` (whose turn, who deals, who partners whom, who gets a card of the deal),
``notation`` (which words are cards), ``trumps`` (which cards are trumps), ``give-up``
(which card to give up when robbing) and ``bid`` (how high to bid with a hand, judged over
sampled deals). The course's collections
ship as JSON beside this module (``collections/``), and so do the banks that drills of the two
slowest kinds draw from (``drills/``).

>>> p = get_puzzle("c2-01")
>>> p.kind, "R3.2" in p.rules
('winner', True)
>>> run = p.start()
>>> "answer" in run.view() and "solution" not in run.view()
True
>>> fb = run.check(run.view()["answer"]["cards"][0])
>>> fb.correct in (True, False) and fb.message != ""
True
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from fortyfive.engine.rules import PRESETS
from fortyfive.engine.tabular import Table
from fortyfive.puzzles import display

KINDS = (
    "order",
    "winner",
    "cheapest",
    "legal",
    "keep",
    "rob",
    "score",
    "game-winner",
    "calls",
    "target",
    "race",
    "turn",
    "notation",
    "trumps",
    "give-up",
    "bid",
)
#: The kinds that ask for a judgement, settled by the solver (an endgame, a race to 45, the card
#: to give up when robbing, how high to bid); the others check a rule.
JUDGEMENT_KINDS = ("target", "race", "give-up", "bid")
#: The fields of one attempt record, as the widget reports it and the progress file keeps it
#: (``time`` is added on saving).
ATTEMPT_FIELDS = (
    "puzzle",
    "kind",
    "chapter",
    "answer",
    "correct",
    "solved",
    "seconds",
    "hints_used",
    "shown",
    "time",
)
#: Bounds on an attempt's numbers that readers of attempts check: no real attempt comes near
#: them (a puzzle has a few hints; 10**9 seconds is some 31 years).
MAX_ATTEMPT_SECONDS = 10**9
MAX_ATTEMPT_HINTS = 100
#: The chapters of the course, each a shipped collection ``chapter<N>.json``.
CHAPTERS = tuple(range(7))
#: The longest principle sentence a puzzle may carry (a definition may come from a file).
MAX_PRINCIPLE = 300


class PuzzleInputError(ValueError):
    """An answer of the wrong shape (not a wrong answer): nothing was checked or changed."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle, as data. ``position`` is kind-specific (see :mod:`fortyfive.puzzles._parts`).

    >>> Puzzle.from_dict(get_puzzle("c1-01").to_dict()) == get_puzzle("c1-01")
    True
    """

    id: str
    kind: str
    preset: str
    position: dict[str, Any]
    prompt: str
    rules: tuple[str, ...]
    difficulty: int = 1
    chapter: int | None = None
    title: str = ""
    #: The idea the puzzle teaches, in one sentence, said after a solve (and after "show me"):
    #: every shipped endgame and judgement puzzle has one; empty for a rule drill.
    principle: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"puzzle {self.id}: unknown kind {self.kind!r}; kinds are {KINDS}")
        if self.preset not in PRESETS:
            raise ValueError(f"puzzle {self.id}: unknown preset {self.preset!r}")
        if self.difficulty not in (1, 2, 3):
            raise ValueError(f"puzzle {self.id}: difficulty is 1, 2 or 3")
        if self.chapter is not None and self.chapter not in CHAPTERS:
            raise ValueError(f"puzzle {self.id}: chapter is one of {CHAPTERS} or none")
        if len(self.principle) > MAX_PRINCIPLE:
            raise ValueError(
                f"puzzle {self.id}: a principle is one sentence (at most 300 characters)"
            )

    def start(self) -> PuzzleRun:
        """A fresh attempt at this puzzle (the position is checked by the engine here)."""
        return PuzzleRun.for_kind(self.kind)(self)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-able data, as collections hold it; :meth:`from_dict` reads it
        (an empty principle is left out, so that definitions without one stay as they were)."""
        d = asdict(self)
        d["rules"] = list(self.rules)
        if not self.principle:
            del d["principle"]
        return d

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from its :meth:`to_dict` form. A missing field, or one of the wrong type, is
        a ``ValueError`` naming it: nothing is coerced, since a definition may come from an
        untrusted file (a submission). The position is checked when the puzzle starts.

        >>> Puzzle.from_dict({**get_puzzle("c1-01").to_dict(), "difficulty": 2.5})
        Traceback (most recent call last):
        ...
        ValueError: a puzzle's difficulty is a whole number, not 2.5
        """
        if not isinstance(data, dict):
            raise ValueError("a puzzle is a JSON object")
        for name in ("id", "kind", "preset", "position", "prompt"):
            if name not in data:
                raise ValueError(f"a puzzle needs the field {name!r}")
        for name in ("id", "kind", "preset", "prompt", "title", "principle"):
            if not isinstance(data.get(name, ""), str):
                raise ValueError(f"a puzzle's {name} is a text, not {data[name]!r:.40}")
        if not isinstance(data["position"], dict):
            raise ValueError("a puzzle's position is a JSON object")
        rules = data.get("rules", [])
        if not isinstance(rules, list | tuple) or not all(isinstance(r, str) for r in rules):
            raise ValueError(f"a puzzle's rules are a list of rule ids, not {rules!r:.40}")
        for name in ("difficulty", "chapter"):
            value = data.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f"a puzzle's {name} is a whole number, not {value!r:.40}")
        return cls(
            id=data["id"],
            kind=data["kind"],
            preset=data["preset"],
            position=dict(data["position"]),
            prompt=data["prompt"],
            rules=tuple(rules),
            difficulty=data.get("difficulty", 1),
            chapter=data.get("chapter"),
            title=data.get("title", ""),
            principle=data.get("principle", ""),
        )

    def __repr__(self) -> str:
        return f"<Puzzle {self.id}: {self.kind}, {self.preset}, difficulty {self.difficulty}>"

    def __str__(self) -> str:
        """The puzzle as a fresh attempt shows it (:func:`~fortyfive.puzzles.display.view_text`),
        or why the engine refuses its position."""
        try:
            return display.view_text(self.start().view())
        except ValueError as e:
            return f"{self!r} cannot be shown: {e}"

    def _repr_html_(self) -> str:
        try:
            return display.view_html(self.start().view())
        except ValueError as e:
            return f"<p>{html.escape(f'{self!r} cannot be shown: {e}')}</p>"


#: The verdict a kind's message may open with ("Right.", "No:", "Not quite:" ...). A widget
#: says the verdict in its own heading, so :class:`Feedback` keeps it apart from the message.
_OPENING = re.compile(r"(?:Right|No|Not quite|Not yet)[.:!](?:\s+|$)")


@dataclass(frozen=True)
class Feedback:
    """The engine's word on one answer: right or wrong, why (with rule ids), and whether the
    puzzle is finished. ``sheet`` holds score-sheet rows to show; ``highlight`` card names;
    ``kind`` the puzzle's kind (the run fills it in), which decides how it shows its cards.

    A verdict the message opens with ("Right.", "Not quite: ...") moves to ``opening``, so that
    the message says only why: the widget shows its own verdict above it ("Right!", "Not
    quite."), and the verdict is said once. ``str()`` and the HTML put the opening back.

    >>> fb = Feedback(False, False, "Not quite: you put it first.")
    >>> fb.opening, fb.message, str(fb)
    ('Not quite:', 'You put it first.', 'Not quite: you put it first.')
    """

    correct: bool
    done: bool
    message: str
    rules: tuple[str, ...] = ()
    sheet: list[dict[str, Any]] | None = None
    highlight: tuple[str, ...] = ()
    kind: str = ""
    opening: str = ""

    def __post_init__(self) -> None:
        m = _OPENING.match(self.message)
        if m and not self.opening:
            rest = self.message[m.end() :]
            object.__setattr__(self, "opening", m.group(0).strip())
            object.__setattr__(self, "message", rest[:1].upper() + rest[1:])

    def to_dict(self) -> dict[str, Any]:
        """The feedback as JSON-able data (the widget's ``feedback``)."""
        d = asdict(self)
        d["rules"] = list(self.rules)
        d["highlight"] = list(self.highlight)
        return d

    def __str__(self) -> str:
        """The message, then the score sheet when there is one, cards as the puzzle shows them
        (:func:`~fortyfive.puzzles.display.shown_text`)."""
        sheet = self._shown_sheet()
        return self._shown(self._said()) + (f"\n{sheet}" if sheet else "")

    def _repr_html_(self) -> str:
        mark = "&#10004;" if self.correct else "&#10008;"  # a tick or a cross
        sheet = self._shown_sheet()
        table = sheet._repr_html_() if sheet else ""
        return f"<div><p>{mark} {html.escape(self._shown(self._said()))}</p>{table}</div>"

    def _said(self) -> str:
        """The opening and the message, as one text says them: after a colon the message goes
        on in lower case, unless it opens with a name ("AH", "A", "R5.2")."""
        m = self.message
        if self.opening.endswith(":") and m[:1].isupper() and m[1:2].islower():
            m = m[:1].lower() + m[1:]
        return f"{self.opening} {m}" if self.opening else m

    def _shown(self, text: str) -> str:
        return display.shown_text(self.kind, text)

    def _shown_sheet(self) -> Table[object] | None:
        if not self.sheet:
            return None
        return Table(
            [
                {k: self._shown(v) if isinstance(v, str) else v for k, v in r.items()}
                for r in self.sheet
            ]
        )


@dataclass
class PuzzleRun:
    """One attempt at a puzzle. Subclasses (one per kind) say what to show and how to check.

    ``check`` raises :class:`PuzzleInputError` for an answer of the wrong shape and changes
    nothing; a wrong answer counts a try and may be retried; ``show`` ends the puzzle with the
    engine's answer; ``hint`` gives the next of the kind's progressive hints.
    """

    #: The kind each subclass answers for, registered by ``class X(PuzzleRun, kind="order")``.
    _by_kind: ClassVar[dict[str, type[PuzzleRun]]] = {}

    puzzle: Puzzle
    tries: int = 0
    hints_used: int = 0
    done: bool = False
    solved: bool = False
    _hints: list[str] = field(default_factory=list, repr=False)

    def __init_subclass__(cls, kind: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind is not None:
            if kind not in KINDS or kind in PuzzleRun._by_kind:
                raise TypeError(f"{cls.__name__}: kind {kind!r} is unknown or taken")
            PuzzleRun._by_kind[kind] = cls

    @staticmethod
    def for_kind(kind: str) -> type[PuzzleRun]:
        """The run class of ``kind`` (the kinds register when :mod:`fortyfive.puzzles` loads)."""
        try:
            return PuzzleRun._by_kind[kind]
        except KeyError:
            raise ValueError(f"no puzzle kind {kind!r} is registered") from None

    def __post_init__(self) -> None:
        try:
            self._setup()
        except (KeyError, TypeError, IndexError) as e:  # a field missing or of the wrong type
            raise ValueError(
                f"puzzle {self.puzzle.id}: its position is malformed ({type(e).__name__}: {e})"
            ) from None
        self._hints = self._hint_texts()

    # what each kind provides
    def _setup(self) -> None:
        """Build and check the position (raise ValueError for a puzzle the engine rejects)."""

    def _view(self) -> dict[str, Any]:
        raise NotImplementedError

    def _check(self, answer: Any) -> Feedback:
        raise NotImplementedError

    def _hint_texts(self) -> list[str]:
        raise NotImplementedError

    def _solution(self) -> Feedback:
        raise NotImplementedError

    # the public protocol
    def view(self) -> dict[str, Any]:
        """What the learner may see (JSON-able): never the answer.

        The puzzle's rules are shown once it is finished, as lichess shows a puzzle's themes:
        before, they would say what to look for ("R8.4", the jink, on a "who wins the game"),
        and a wrong answer's feedback cites the rule it broke anyway."""
        p = self.puzzle
        base: dict[str, Any] = {
            "id": p.id,
            "kind": p.kind,
            "title": p.title,
            "prompt": p.prompt,
            "rules": list(p.rules) if self.done else [],
            "difficulty": p.difficulty,
            "preset": p.preset,
            "trump": None,
            "facts": [],
        }
        base.update(self._view())
        return base

    def check(self, answer: Any) -> Feedback:
        """Check ``answer`` (the JSON value a front end sends) against the engine."""
        if self.done:
            raise PuzzleInputError("this puzzle is finished: start it again to retry")
        fb = replace(self._check(answer), kind=self.puzzle.kind)
        if fb.correct and fb.done:
            fb = self._with_principle(fb)
        if not fb.correct:
            self.tries += 1
            self.done = fb.done  # an endgame's wrong move fails the attempt: try again
        elif fb.done:
            self.done = self.solved = True
        return fb

    def hint(self) -> str | None:
        """The next hint, or None when every hint has been given."""
        if self.hints_used >= len(self._hints):
            return None
        self.hints_used += 1
        return self._hints[self.hints_used - 1]

    @property
    def hints_left(self) -> int:
        """Hints not given yet."""
        return len(self._hints) - self.hints_used

    def show(self) -> Feedback:
        """The engine's answer in words ("show me"); the puzzle is then finished."""
        fb = self._with_principle(self.solution())
        self.done = True
        return fb

    def _with_principle(self, fb: Feedback) -> Feedback:
        """``fb`` ending with the puzzle's principle, the one sentence the puzzle teaches."""
        p = self.puzzle.principle
        return replace(fb, message=f"{fb.message} Principle: {p}") if p else fb

    def reset(self) -> None:
        """Start again from the puzzle's position (tries and hints are kept)."""
        self.done = self.solved = False
        self._setup()

    def solution(self) -> Feedback:
        """The engine's answer without ending the attempt (for tests and teachers)."""
        return replace(self._solution(), kind=self.puzzle.kind)

    def __str__(self) -> str:
        """What the learner may see now, and how the attempt stands."""
        return f"{display.view_text(self.view())}\n{self._status()}"

    def _repr_html_(self) -> str:
        return f"{display.view_html(self.view())}<p><em>{html.escape(self._status())}</em></p>"

    def _status(self) -> str:
        return display.status_text(
            self.tries, self.hints_used, self.hints_left, self.done, self.solved
        )

    def attempt(self, answer: object, correct: bool, shown: bool, seconds: float) -> dict[str, Any]:
        """The record of one check (or of "show me", ``shown``) as the progress file keeps it:
        the fields of :data:`ATTEMPT_FIELDS` but ``time``, which is added on saving."""
        p = self.puzzle
        return {
            "puzzle": p.id,
            "kind": p.kind,
            "chapter": p.chapter,
            "answer": answer,
            "correct": correct,
            "solved": bool(self.solved),  # a right endgame card may leave more to play
            "seconds": round(seconds, 3),
            "hints_used": int(self.hints_used),
            "shown": shown,
        }


# ---------------------------------------------------------------------------- collections


def _collection_files(folder: str = "collections") -> Any:
    return resources.files("fortyfive.puzzles") / folder


@cache
def _load(name: str, folder: str = "collections") -> tuple[Puzzle, ...]:
    path = _collection_files(folder) / f"{name}.json"
    if not path.is_file():
        raise KeyError(f"no puzzle collection {name!r}")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != "fortyfive-puzzles" or data.get("version") != 1:
        raise ValueError(f"{name}.json is not a version-1 fortyfive puzzle collection")
    return tuple(Puzzle.from_dict(d) for d in data["puzzles"])


def shipped_generator(name: str, folder: str = "collections") -> str | None:
    """The generator digest stored in a shipped file (``chapter1``, or ``bid`` in ``drills``)."""
    path = _collection_files(folder) / f"{name}.json"
    stamp = json.loads(path.read_text(encoding="utf-8")).get("generator")
    return stamp if isinstance(stamp, str) else None


def load_drill_bank(kind: str, difficulty: int | None = None) -> list[Puzzle]:
    """The puzzles a drill of ``kind`` draws from (those of ``difficulty`` only, if given), for
    the kinds too slow to make on the spot (``give-up``, ``bid``:
    :data:`fortyfive.puzzles.generate.DRILL_BANK`), shipped as ``drills/<kind>.json`` in the
    collections' format.

    >>> bank = load_drill_bank("bid")
    >>> bank[0].id, {p.difficulty for p in bank}, len(load_drill_bank("bid", 2))
    ('bank-bid-d1-01', {1, 2, 3}, 30)
    """
    bank = _load(kind, "drills")
    return [p for p in bank if difficulty is None or p.difficulty == difficulty]


def collection_names() -> list[str]:
    """The shipped collections (``chapter0`` ... ``chapter6``)."""
    return sorted(p.name[:-5] for p in _collection_files().iterdir() if p.name.endswith(".json"))


def load_collection(name: str | int) -> list[Puzzle]:
    """A shipped collection by name, or a chapter number.

    >>> [p.id for p in load_collection(1)][:2]
    ['c1-01', 'c1-03']
    """
    return list(_load(f"chapter{name}" if isinstance(name, int) else name))


def get_puzzle(puzzle_id: str) -> Puzzle:
    """A shipped puzzle by id (``c<chapter>-<nn>``)."""
    for name in collection_names():
        for p in _load(name):
            if p.id == puzzle_id:
                return p
    raise KeyError(f"no shipped puzzle {puzzle_id!r}")


def collection_json(puzzles: Iterable[Puzzle], generator: str | None = None) -> str:
    """The versioned JSON form of a collection (what ``collections/*.json`` hold); the shipped
    files also name the ``generator`` digest of the code that built them
    (:func:`fortyfive.puzzles.generate.generator_digest`)."""
    data: dict[str, Any] = {"format": "fortyfive-puzzles", "version": 1}
    if generator is not None:
        data["generator"] = generator
    data["puzzles"] = [p.to_dict() for p in puzzles]
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
