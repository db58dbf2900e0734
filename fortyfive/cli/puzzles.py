"""``fortyfive puzzles``: the course's puzzles, or a drill, in the terminal, each answer checked
by the engine as in the notebooks.

A session is a :class:`~fortyfive.puzzles.sessions.Practice` (a chapter's puzzles in order,
puzzles picked by id, or an endless :class:`~fortyfive.puzzles.sessions.Drill`), so the
streak and the outcomes are those the practice widget keeps. The puzzle is printed from its
view (:func:`~fortyfive.puzzles.display.view_text`); a typed line is read into the value
:meth:`~fortyfive.puzzles.PuzzleRun.check` takes (:func:`read_answer`), and a line that is not
an answer is refused with the reason, counting no try.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import Any

from fortyfive.cli._args import output_file
from fortyfive.cli._typed import card_token
from fortyfive.course.drill_and_review import ReviewSession, nothing_due
from fortyfive.course.progress import ProgressError, ProgressLog
from fortyfive.course.review import Recipe, due_items
from fortyfive.engine.cards import parse_card
from fortyfive.puzzles import CHAPTERS, Feedback, PuzzleInputError, check_shape, get_puzzle
from fortyfive.puzzles.display import shown_text, view_text
from fortyfive.puzzles.model import load_collection
from fortyfive.puzzles.sessions import DRILL_KINDS, MAX_SEED, Drill, Practice, PuzzleList

COMMANDS = (
    "Type your answer; 'hint' gives a hint, 'show' the answer (after a wrong try), 'again' "
    "starts the puzzle again, Enter or 'next' goes on once it is finished ('next' only, while "
    "it is tried again), '?' shows it again, "
    "'quit' stops."
)
#: The words :data:`COMMANDS` names, read in any letter case ("quit" and "exit" stop the loop).
COMMAND_WORDS = frozenset({"?", "help", "hint", "show", "again", "next"})
#: The longest line read as an answer: more is refused before any work.
MAX_LINE = 400

Recorder = Callable[[dict[str, Any]], None]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``puzzles`` and its options to the program's subcommands."""
    p = sub.add_parser("puzzles", help="solve the course's puzzles, or a drill, in the terminal")
    p.add_argument(
        "ids", nargs="*", metavar="ID", help="puzzles by id (c2-01 ...), in the order given"
    )
    p.add_argument(
        "--chapter",
        type=int,
        choices=CHAPTERS,
        default=None,
        help="a chapter's puzzles, in order (default: 0, the first)",
    )
    p.add_argument(
        "--drill",
        choices=DRILL_KINDS,
        default=None,
        metavar="KIND",
        help="an endless drill of one kind instead: " + ", ".join(DRILL_KINDS),
    )
    p.add_argument(
        "--difficulty",
        type=int,
        choices=(1, 2, 3),
        default=None,
        help="the drill's difficulty, 1 to 3 (default: 1)",
    )
    p.add_argument(
        "--seed", type=_drill_seed, default=None, help="the drill's seed (default: a random one)"
    )
    p.add_argument(
        "--review",
        action="store_true",
        help="the puzzles due for review today in the --progress file, instead",
    )
    p.add_argument(
        "--progress",
        type=output_file,
        default=None,
        metavar="FILE",
        help="record every check in this progress file (the course folder's "
        "fortyfive-progress.json: the notebooks' results and review read it); it must be a "
        "file or nothing yet (a device such as /dev/null, a FIFO or a link out of its folder "
        "is refused); by default nothing is recorded",
    )
    p.add_argument(
        "--no-progress",
        action="store_true",
        help="record nothing (the default, said out loud; not with --progress or --review)",
    )
    p.set_defaults(run=run)


def _drill_seed(text: str) -> int:
    if not re.fullmatch(r"\d{1,9}", text.strip()):
        raise argparse.ArgumentTypeError(
            f"{text!r:.20} is not a seed: a whole number 0..{MAX_SEED - 1}"
        )
    return int(text)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run ``fortyfive puzzles`` with the parsed ``args``; the exit status (``parser`` reports
    errors found after parsing with the subcommand's own usage)."""
    chosen = [bool(args.ids), args.chapter is not None, args.drill is not None, args.review]
    if sum(chosen) > 1:
        parser.error("give puzzle ids, --chapter, --drill or --review: one of them")
    if args.drill is None and (args.difficulty is not None or args.seed is not None):
        parser.error("--difficulty and --seed are a drill's: give --drill KIND")
    if args.no_progress and (args.progress is not None or args.review):
        parser.error("--no-progress records nothing: not with --progress or --review")
    if args.review and args.progress is None:
        parser.error("--review reads the review queue of a progress file: give --progress FILE")
    log = ProgressLog(args.progress) if args.progress is not None else None
    try:
        items = log.review_items() if log is not None else []
    except ProgressError as e:
        parser.error(f"--progress: {e}; nothing was changed")
    session: Practice
    if args.review:
        assert log is not None
        if not due_items(items, log.today()):
            print(nothing_due(items, log.today()))
            return 0
        session = ReviewSession(log)
    elif args.drill:
        session = Drill(args.drill, seed=args.seed, difficulty=args.difficulty or 1)
    elif args.ids:
        try:
            puzzles = [get_puzzle(i) for i in args.ids]
        except (KeyError, ValueError) as e:
            parser.error(str(e.args[0] if e.args else e))
        session = PuzzleList(puzzles, title="Puzzles " + " ".join(args.ids))
    else:
        chapter = args.chapter or 0
        session = PuzzleList(load_collection(chapter), title=f"Chapter {chapter}")
    solve(session, input, print, _recorder(session, log))
    return 0


def _recorder(session: Practice, log: ProgressLog | None) -> Recorder | None:
    """What saves each attempt to ``log``, with the recipe that brings a missed puzzle back
    for review (as the notebooks' widgets save them)."""
    if log is None:
        return None

    def record(attempt: dict[str, Any]) -> None:
        if isinstance(session, ReviewSession):
            recipe: Recipe | None = session.recipe()
        elif isinstance(session, Drill):
            recipe = Recipe.of(session.puzzle, session.key())
        else:
            recipe = Recipe.of(session.puzzle)
        log.record(attempt, recipe)

    return record


# ---------------------------------------------------------------------------- reading answers


def _numbers(options: Sequence[dict[str, Any]]) -> list[str]:
    """The number each option is typed as: its value when every value is a whole number (seat
    2 is typed 2, never the third in the list), else its place in the list (1, 2, ...)."""
    values = [str(o["value"]) for o in options]
    if all(v.isdigit() for v in values):
        return values
    return [str(i) for i in range(1, len(options) + 1)]


def _option(options: Sequence[dict[str, Any]], text: str) -> str:
    """An option typed as its number (:func:`_numbers`), its value or its label, in any letter
    case."""
    t = text.strip()
    numbers = _numbers(options)
    if t in numbers:
        return str(options[numbers.index(t)]["value"])
    for key in ("value", "label"):
        for o in options:
            if str(o[key]).casefold() == t.casefold():
                return str(o["value"])
    places = [str(i) for i in range(1, len(options) + 1)]
    which = f"1 to {len(numbers)}" if numbers == places else f"one of {', '.join(numbers)}"
    raise PuzzleInputError(f"{t!r:.30} is not on offer: type {which}"[:200])


def _options(options: Sequence[dict[str, Any]], text: str) -> list[str]:
    """Several options: separated by commas, or by spaces when every word is one."""
    by_comma = [p for p in text.split(",") if p.strip()]
    try:
        return [_option(options, p) for p in by_comma]
    except PuzzleInputError:
        if len(by_comma) != 1:
            raise
    return [_option(options, w) for w in text.split()]


def read_answer(spec: dict[str, Any], text: str) -> Any:
    """The value ``check`` takes for the line ``text`` typed to answer ``spec`` (a view's
    ``answer``); raises :class:`PuzzleInputError` saying why a line is not an answer.

    >>> read_answer({"type": "card", "cards": ["TC", "5S"]}, "10♣")
    'TC'
    >>> read_answer({"type": "choices", "options": [{"value": "bid 5", "label": "Bid 5"},
    ...     {"value": "pass", "label": "Pass"}]}, "2, bid 5")
    ['pass', 'bid 5']
    """
    if len(text) > MAX_LINE:
        raise PuzzleInputError(f"that line is longer than {MAX_LINE} characters")
    kind = spec.get("type")
    if kind == "card":
        words = text.split()
        if len(words) != 1:
            raise PuzzleInputError("type one card")
        value: Any = card_token(words[0])
    elif kind in ("cards", "sequence"):
        value = [card_token(w) for w in text.replace(",", " ").split()]
    elif kind == "choice":
        value = _option(spec["options"], text)
    elif kind == "choices":
        value = _options(spec["options"], text)
    elif kind == "form":
        fields = spec["fields"]
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != len(fields):
            raise PuzzleInputError(f"type {len(fields)} answers, separated by commas")
        value = {}
        for f, part in zip(fields, parts, strict=True):
            if f["kind"] == "number":
                if not re.fullmatch(r"-?\d{1,4}", part):
                    raise PuzzleInputError(f"{f['label']}: type a whole number, not {part!r:.20}")
                value[f["name"]] = int(part)
            else:
                value[f["name"]] = _option(f["options"], part)
    else:
        raise PuzzleInputError("this puzzle takes no answer")
    return check_shape(spec, value)


def how_to_type(kind: str, spec: dict[str, Any]) -> list[str]:
    """Lines saying how to type an answer to ``spec`` for a puzzle of ``kind``."""

    def cards() -> str:
        return shown_text(kind, " ".join(str(c) for c in spec["cards"]))

    def numbered(options: Sequence[dict[str, Any]]) -> list[str]:
        pairs = zip(_numbers(options), options, strict=True)
        return [f"  {n}. {shown_text(kind, str(o['label']))}" for n, o in pairs]

    def example(options: Sequence[dict[str, Any]]) -> str:
        """Two of the numbers shown (the first and the last), as an answer takes them."""
        numbers = _numbers(options)
        return " ".join(dict.fromkeys([numbers[0], numbers[-1]]))

    t = spec.get("type")
    if t == "card":
        first = str(spec["cards"][0])  # an example typed from a card on offer
        shown = parse_card(first).symbol()
        return [f"Type one card of {cards()} ({shown} is typed {first} or {shown})."]
    if t == "cards":
        return [f"Type every card that applies of {cards()}, separated by spaces."]
    if t == "sequence":
        return [f"Type all {spec.get('count')} cards of {cards()} in order, separated by spaces."]
    if t == "choice":
        return [*numbered(spec["options"]), "Type the number of your answer."]
    if t == "choices":
        options = spec["options"]
        return [
            *numbered(options),
            f"Type the number of every one that applies ({example(options)}).",
        ]
    lines = []
    for f in spec.get("fields") or []:
        label = shown_text(kind, str(f["label"]))
        if f["kind"] == "number":
            lines.append(f"  {label}: a whole number")
        else:
            pairs = zip(_numbers(f["options"]), f["options"], strict=True)
            words = " / ".join(f"{n} {shown_text(kind, str(o['label']))}" for n, o in pairs)
            lines.append(f"  {label}: {words}")
    return [*lines, "Type each, in this order, separated by commas."]


# ---------------------------------------------------------------------------- the session


def solve(
    session: Practice,
    read: Callable[[str], str] = input,
    out: Callable[[str], None] = print,
    record: Recorder | None = None,
) -> Practice:
    """Solve ``session``'s puzzles, typed answer by typed answer, until it is over, ``quit``
    or the input closes; ends with the session's summary. ``record`` is given each attempt
    (:meth:`PuzzleRun.attempt <fortyfive.puzzles.PuzzleRun.attempt>`) as it is made."""
    if isinstance(session, Drill):
        out(f"{session.title} (seed {session.seed}: --seed {session.seed} deals them again)")
    else:
        out(session.title)
    out(COMMANDS)
    _puzzle(session, out)
    while True:
        try:
            text = read("> ").strip()
        except EOFError:
            out("")
            break
        if text.casefold() in ("quit", "exit"):
            break
        if not _step(session, text, out, record):  # after the last puzzle: Enter, or quit
            break
    out(session.summary())
    return session


def _step(
    session: Practice, text: str, out: Callable[[str], None], record: Recorder | None
) -> bool:
    """Act on one typed line; False once the session is over."""
    run = session.run
    kind = session.puzzle.kind
    word = text.casefold()  # the commands in any letter case, as answers are read
    if word in COMMAND_WORDS:
        text = word
    if text in ("?", "help"):
        _puzzle(session, out)
        out(COMMANDS)
    elif session.finished and (text == "next" or (text == "" and run.done)):
        if session.over or session.next() is None:
            return False
        _puzzle(session, out)
    elif text == "" and session.finished:  # tried 'again': a stray Enter must not skip it
        then = "to finish" if session.over else "to move on"
        out(f"This puzzle is being tried again: type your answer, or 'next' {then}.")
    elif text == "next":
        out("Finish this puzzle first: solve it, or type 'show' after a wrong try.")
    elif text == "hint" and not run.done:  # refused below once finished, as the widget does
        hint = run.hint()
        _settle(session, out)
        out(shown_text(kind, hint) if hint else "No more hints for this puzzle.")
    elif text == "show" and not run.done:
        if run.tries == 0:
            out("'show' opens after a wrong try: have a go first ('hint' helps).")
        else:
            fb = run.show()
            _settle(session, out)
            _save(session, record, None, fb, out)
            _feedback(session, fb, out)
    elif text == "again":
        run.reset()
        _settle(session, out)
        _puzzle(session, out)
    elif run.done:
        then = "Enter to finish" if session.over else "Enter for the next one"
        finished = f"puzzle is finished: {then}, 'again' to try it again."
        out(f"No hint: this {finished}" if text == "hint" else f"This {finished}")
    elif text:
        _answer(session, text, out, record)
    return True


def _answer(
    session: Practice, text: str, out: Callable[[str], None], record: Recorder | None
) -> None:
    kind = session.puzzle.kind
    spec = session.run.view()["answer"]
    try:
        value = read_answer(spec, text)
        fb = session.run.check(value)
    except PuzzleInputError as e:  # refused before anything changed
        out(f"Not an answer: {shown_text(kind, str(e)).rstrip('.')}.")  # cards as shown
        out("\n".join(how_to_type(kind, spec)))
        return
    _settle(session, out)
    _save(session, record, value, fb, out)
    _feedback(session, fb, out)
    if not session.run.done and fb.correct:  # an endgame goes on from the next position
        _puzzle(session, out)


def _settle(session: Practice, out: Callable[[str], None]) -> None:
    """Bring the session up to date with its run, then do its file work (a review moves the
    puzzle in the queue), saying so when the file cannot take it."""
    session.observe()
    try:
        session.flush()
    except (OSError, ValueError) as e:
        out(f"(the review queue was not written: {e})")


def _save(
    session: Practice,
    record: Recorder | None,
    answer: object,
    fb: Feedback,
    out: Callable[[str], None],
) -> None:
    """Save an attempt (``answer`` None: "show"); a file that cannot take it is said, and the
    puzzle goes on."""
    if record is None:
        return
    shown = answer is None
    try:
        record(session.run.attempt(answer, fb.correct and not shown, shown, session.elapsed))
    except (OSError, ValueError) as e:
        out(f"(not recorded: {e})")


def _feedback(session: Practice, fb: Feedback, out: Callable[[str], None]) -> None:
    out(str(fb))  # the message and the score sheet, cards as the puzzle shows them
    if session.finished and session.run.done:  # not after each card of a retried endgame
        again = "" if session.run.solved else " 'again' tries it again;"
        then = "Enter to finish." if session.over else "Enter for the next puzzle."
        out(f"{session.note}{again} {then}")
    elif not fb.correct:
        out("Try again, or type 'hint'.")


def _puzzle(session: Practice, out: Callable[[str], None]) -> None:
    view = session.run.view()
    left = {None: "", 0: ", the last one"}.get(session.left, f", {session.left} more after it")
    out("")
    out(f"Puzzle {session.number}{left}:")
    out(view_text(view, answer=False))
    if view.get("answer") and not session.run.done:
        out("\n".join(how_to_type(view["kind"], view["answer"])))
