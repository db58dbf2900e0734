"""``fortyfive puzzles``: the course's puzzles in the terminal. A typed line becomes the value
``check`` takes, or is refused with the reason and counts no try; the session is the practice
session the widgets keep (outcomes, streak)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from fortyfive.cli import main
from fortyfive.cli.puzzles import MAX_LINE, _numbers, _recorder, how_to_type, read_answer, solve
from fortyfive.course.drill_and_review import ReviewSession
from fortyfive.course.progress import ProgressLog
from fortyfive.course.review import Recipe
from fortyfive.engine.cards import parse_card
from fortyfive.puzzles import Puzzle, PuzzleInputError, check_shape, get_puzzle, load_collection
from fortyfive.puzzles.generate import generate_puzzles
from fortyfive.puzzles.model import ATTEMPT_FIELDS
from fortyfive.puzzles.sessions import CLEAN, MISSED, Drill, PuzzleList


@functools.cache
def course() -> tuple[Puzzle, ...]:
    return tuple(p for ch in range(7) for p in load_collection(ch))


def spec_of(puzzle_id: str) -> dict[str, Any]:
    spec: dict[str, Any] = get_puzzle(puzzle_id).start().view()["answer"]
    return spec


class Typed:
    """Lines typed at the prompt, then the input closes; what was printed, as one text."""

    def __init__(self, *lines: str) -> None:
        self._lines: Iterator[str] = iter(lines)
        self.printed: list[str] = []

    def read(self, prompt: str) -> str:
        try:
            return next(self._lines)
        except StopIteration:
            raise EOFError from None

    def out(self, text: str) -> None:
        self.printed.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.printed)


# ---------------------------------------------------------------------------- reading answers


def test_every_offered_card_and_option_reads_back_as_check_takes_it() -> None:
    for p in course():
        spec = p.start().view()["answer"]
        t = spec["type"]
        if t in ("card", "cards", "sequence"):
            cards = [str(c) for c in spec["cards"]]
            if t == "card":
                for c in cards:
                    for typed in (c, c.lower(), parse_card(c).symbol()):
                        assert read_answer(spec, typed) == c, (p.id, typed)
            if t == "sequence":
                typed = " ".join(parse_card(c).symbol() for c in cards)
                assert read_answer(spec, typed) == cards, p.id
            if t == "cards":
                assert read_answer(spec, ", ".join(cards[:2])) == cards[:2], p.id
        elif t in ("choice", "choices"):
            values = [str(o["value"]) for o in spec["options"]]
            numbers = _numbers(spec["options"])  # as the options are listed
            for i, (n, v) in enumerate(zip(numbers, values, strict=True)):
                one = read_answer(spec, n)
                assert one == (v if t == "choice" else [v]), (p.id, n)
                assert read_answer(spec, str(spec["options"][i]["label"]).upper()) == one
            if t == "choices":
                two = f"{numbers[0]} {numbers[1]}"
                assert (
                    read_answer(spec, two)
                    == values[:2]
                    == read_answer(spec, two.replace(" ", ", "))
                )
        else:
            fields = spec["fields"]
            typed = ", ".join("15" if f["kind"] == "number" else "1" for f in fields)
            want = {
                f["name"]: 15 if f["kind"] == "number" else str(f["options"][0]["value"])
                for f in fields
            }
            assert read_answer(spec, typed) == want, p.id


def test_a_seat_is_typed_as_its_own_number_never_its_place_in_the_list() -> None:
    turn = spec_of("c0-04")  # whose turn: seats 0 to 5, the answer seat 2 (R3.1)
    assert [read_answer(turn, t) for t in ("0", "2", "5")] == ["0", "2", "5"]
    assert how_to_type("turn", turn)[2] == "  2. Seat 2 (C)"
    with pytest.raises(PuzzleInputError, match="type one of 0, 1, 2, 3, 4, 5"):
        read_answer(turn, "6")


def test_what_is_no_answer_is_refused_with_the_reason() -> None:
    winner = spec_of("c2-01")  # one card of 2H 3C 2S 7C
    assert read_answer(winner, "3♣") == "3C" and read_answer(winner, "2s") == "2S"
    assert read_answer(spec_of("c1-09"), "Q♠") == "QS"  # 2S AS 6S QS
    with pytest.raises(PuzzleInputError, match="type one card"):
        read_answer(winner, "3C 2S")
    with pytest.raises(PuzzleInputError, match=r"R1\.1: '2' is not a card"):
        read_answer(winner, "2")
    with pytest.raises(PuzzleInputError, match="not on offer"):
        read_answer(winner, "AH")
    order = spec_of("c0-05")  # 4 trumps in order
    with pytest.raises(PuzzleInputError, match="put all 4 cards in order"):
        read_answer(order, "JD 9D")
    keep = spec_of("c0-15")
    with pytest.raises(PuzzleInputError, match="type 1 to 2"):
        read_answer(keep, "3")
    score = spec_of("c0-10")
    with pytest.raises(PuzzleInputError, match="type 4 answers, separated by commas"):
        read_answer(score, "5, 0, 5")
    with pytest.raises(PuzzleInputError, match="A now: type a whole number, not 'five'"):
        read_answer(score, "five, 0, 5, no")
    with pytest.raises(PuzzleInputError, match="longer than"):
        read_answer(score, "5, " * MAX_LINE)


@functools.cache
def answer_specs() -> list[dict[str, Any]]:
    """One answer spec of every type and kind the course has."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for p in course():
        spec = p.start().view().get("answer")
        if spec:
            seen.setdefault((p.kind, spec["type"]), spec)
    return list(seen.values())


@settings(max_examples=examples(300), deadline=None)
@given(st.data(), st.text(alphabet="0123456789 ,-.5SCDHJKQATsjkh♠♣♦♥?lLabidpasBPj\t", max_size=40))
def test_any_line_typed_is_an_answer_check_takes_or_is_refused_saying_why(
    data: st.DataObject, text: str
) -> None:
    spec = data.draw(st.sampled_from(answer_specs()))
    try:
        value = read_answer(spec, text)
    except PuzzleInputError as e:
        assert str(e)
        return
    assert check_shape(spec, value) == value  # what it reads, check takes as it is


def test_how_to_type_numbers_the_options_and_names_cards_by_symbol() -> None:
    assert how_to_type("winner", spec_of("c2-01")) == [
        "Type one card of 2♥ 3♣ 2♠ 7♣ (2♥ is typed 2H or 2♥)."
    ]
    keep = how_to_type("keep", spec_of("c0-15"))
    assert (
        keep[0].startswith("  1. I may keep A♥") and keep[-1] == "Type the number of your answer."
    )
    words = how_to_type("notation", spec_of("c0-01"))  # R1.1: the typed words stay as typed
    assert "  1. 9C" in words and not any("♣" in w for w in words)


def test_how_to_types_example_is_an_answer_the_puzzle_takes_r1_1() -> None:
    """The example in the last line is typed from the options and cards on offer: it reads
    back as an answer, never "not on offer" (c0-02 numbers its seats 0, 2, 3)."""
    assert how_to_type("turn", spec_of("c0-02"))[-1] == (
        "Type the number of every one that applies (0 3)."
    )
    assert how_to_type("winner", spec_of("c2-01"))[-1] == (
        "Type one card of 2♥ 3♣ 2♠ 7♣ (2♥ is typed 2H or 2♥)."
    )
    seen = set()
    for p in course():
        spec = p.start().view()["answer"]
        last = how_to_type(p.kind, spec)[-1]
        example = re.search(r"\(([^()]*)\)\.$", last)
        if spec["type"] == "card":
            assert example, (p.id, last)
            for typed in example[1].split(" is typed ")[1].split(" or "):
                assert read_answer(spec, typed) == spec["cards"][0], (p.id, typed)
            seen.add("card")
        elif spec["type"] == "choices":
            assert example, (p.id, last)
            assert len(read_answer(spec, example[1])) == min(2, len(spec["options"])), p.id
            seen.add("choices")
        else:
            assert not example, (p.id, last)  # no example that could be refused
    assert seen == {"card", "choices"}


# ---------------------------------------------------------------------------- sessions


def test_a_line_that_is_no_answer_counts_no_try() -> None:
    session = PuzzleList([get_puzzle("c2-01")])
    typed = Typed("AH", "2", "3C 7C", "hint")
    solve(session, typed.read, typed.out)
    assert session.run.tries == 0 and session.run.hints_used == 1 and not session.finished
    assert typed.text.count("Type one card of 2♥ 3♣ 2♠ 7♣") == 4  # the puzzle, then each refusal


def test_a_session_refuses_what_it_cannot_do_then_goes_on_to_the_end_r3_2() -> None:
    session = PuzzleList([get_puzzle("c2-01"), get_puzzle("c0-05")])
    typed = Typed(
        "next",  # refused: not finished
        "show",  # refused: no wrong try yet
        "AH",  # not on offer: no try counted
        "hint",
        "7C",  # wrong (R3.2, R2.3: a higher trump is in the trick)
        "show",  # the answer: finished, missed
        "7C",  # refused: finished
        "",  # the next puzzle
    )
    solve(session, typed.read, typed.out)
    text = typed.text
    assert "Finish this puzzle first" in text and "'show' opens after a wrong try" in text
    assert "Not an answer: 'A♥' is not on offer" in text  # cards as the terminal shows them
    assert "No: 7♣ does not take this trick" in text and "Try again, or type 'hint'." in text
    assert "This puzzle is finished: Enter for the next one" in text
    assert "Puzzle 2, the last one:" in text and "Type all 4 cards of" in text
    assert session.outcomes == [MISSED] and session.number == 2
    assert text.endswith("puzzle 2 of 2, 0 at the first try, streak 0 (best 0)")


def test_an_endgame_is_played_card_by_card_to_the_target_r10_1() -> None:
    session = PuzzleList([get_puzzle("c1-04")])
    lines = []
    while not session.run.done:  # the engine's own line, typed as the terminal shows cards
        card = session.run.solution().highlight[0]
        lines.append(parse_card(card).symbol())
        typed = Typed(lines[-1])
        solve(session, typed.read, typed.out)
    assert session.run.solved and session.outcomes == [CLEAN] and session.over
    assert "That was the last one." in typed.text


def _losing_card(session: PuzzleList) -> str:
    """A card of the endgame on screen that loses its target (R10.1), as the terminal shows it."""
    right = session.run.solution().highlight
    cards = session.run.view()["answer"]["cards"]
    return parse_card(next(c for c in cards if c not in right)).symbol()


def test_a_failed_endgame_can_be_tried_again() -> None:
    session = PuzzleList([get_puzzle("c1-04"), get_puzzle("c2-01")])
    typed = Typed(_losing_card(session), "again", "?")
    solve(session, typed.read, typed.out)
    assert "was the mistake" in typed.text and "'again' tries it again" in typed.text
    assert not session.run.done and session.run.tries == 1 and session.outcomes == [MISSED]
    assert typed.text.count("c1-04 Make your target") == 3  # at first, again, and on '?'


def test_a_lone_enter_does_not_skip_a_retried_endgame() -> None:
    """After a failed endgame and 'again', the puzzle is being tried again: a lone Enter
    says how to go on and stays on it; 'next' moves on."""
    session = PuzzleList([get_puzzle("c1-04"), get_puzzle("c2-01")])
    typed = Typed(_losing_card(session), "again", "")
    solve(session, typed.read, typed.out)
    assert session.puzzle.id == "c1-04" and not session.run.done
    assert "c2-01" not in typed.text
    assert "tried again: type your answer, or 'next' to move on" in typed.text
    session = PuzzleList([get_puzzle("c1-04"), get_puzzle("c2-01")])
    moved = Typed(_losing_card(session), "again", "", "next")
    solve(session, moved.read, moved.out)
    assert session.puzzle.id == "c2-01"


def test_the_last_puzzle_can_be_tried_again_until_enter_or_quit() -> None:
    session = PuzzleList([get_puzzle("c1-04")])  # the only, so the last, puzzle
    first = parse_card(session.run.solution().highlight[0]).symbol()
    typed = Typed(_losing_card(session), "again", "hint", first)  # the mistake, then the line
    solve(session, typed.read, typed.out)
    text = typed.text
    assert "That was the last one. 'again' tries it again; Enter to finish." in text
    assert text.count("c1-04 Make your target") == 3  # at first, again, after the good card
    assert session.run.hints_used == 1 and session.run.tries == 1 and not session.run.done
    assert text.count("That was the last one.") == 1  # not again after the retry's good card


def _uncertain_score() -> Puzzle:
    """A score puzzle whose bonus is still open (R7.3): A 5, B 0, C 5, not certain (c0-10's
    position until it asked a settled bonus)."""
    (p,) = generate_puzzles("score", 1, 9, 1, ["bruff"])
    return p


def test_a_finished_puzzle_refuses_a_hint_and_the_session_goes_on_r7_1() -> None:
    session = PuzzleList([_uncertain_score()])  # the only, so the last, puzzle
    typed = Typed("5,0,5,2", "hint", "again", "hint")  # right (R7.1), then a hint: refused
    solve(session, typed.read, typed.out)
    text = typed.text
    refused = "No hint: this puzzle is finished: Enter to finish, 'again' to try it again."
    assert refused in text
    assert text.count("R7.1, R7.2: 5 a trick") == 1  # only after 'again'
    assert text.index(refused) < text.index("R7.1, R7.2: 5 a trick")
    assert session.run.hints_used == 1 and not session.run.done and session.outcomes == [CLEAN]


def test_the_puzzles_commands_are_read_in_any_letter_case() -> None:
    """As cards and actions are (R1.1: any letter case), and as `fortyfive play` reads its own
    commands: HINT gives a hint, Again starts over, QUIT stops."""
    session = PuzzleList([_uncertain_score(), get_puzzle("c2-01")])
    typed = Typed("HINT", "5,0,5,2", "Again", "QUIT", "never read")
    solve(session, typed.read, typed.out)
    text = typed.text
    assert text.count("R7.1, R7.2: 5 a trick") == 1  # the hint, before the answer
    assert not session.run.done and session.run.tries == 0  # Again: started over
    assert "c2-01" not in text.split("Right.")[-1]  # QUIT stopped before the next puzzle


def test_a_drill_says_its_seed_so_it_can_be_dealt_again() -> None:
    typed = Typed("quit")
    solve(Drill("order", seed=11), typed.read, typed.out)
    assert typed.printed[0] == "Drill: Put the cards in order (seed 11: --seed 11 deals them again)"
    assert "drill-order-s11-d1-n1" in typed.text


def test_the_command_picks_a_chapter_ids_or_a_drill(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", closed)
    assert main(["puzzles", "--chapter", "2"]) == 0
    assert "Puzzle 1, 11 more after it:\nc2-01 " in capsys.readouterr().out
    assert main(["puzzles"]) == 0
    assert "Chapter 0" in capsys.readouterr().out
    assert main(["puzzles", "--drill", "trumps", "--seed", "5", "--difficulty", "2"]) == 0
    assert "drill-trumps-s5-d2-n1" in capsys.readouterr().out
    for bad, why in [
        (["c2-01", "--chapter", "2"], "one of them"),
        (["--seed", "4"], "give --drill KIND"),
        (["--drill", "order", "--seed", "-1"], "is not a seed"),
        (["c9-99"], "c9-99"),
    ]:
        with pytest.raises(SystemExit):
            main(["puzzles", *bad])
        assert why in capsys.readouterr().err, bad


# ---------------------------------------------------------------------------- the progress file


def closed_input(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    typed = Typed(*lines)
    monkeypatch.setattr("builtins.input", typed.read)


def test_progress_records_each_check_and_a_miss_enters_the_review(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "fortyfive-progress.json"
    closed_input(monkeypatch, "AH", "7C", "3C")  # refused, wrong, right
    assert main(["puzzles", "c2-01", "--progress", str(path)]) == 0
    log = ProgressLog(path)
    attempts = log.attempts()
    assert [(a["puzzle"], a["answer"], a["correct"], a["solved"]) for a in attempts] == [
        ("c2-01", "7C", False, False),
        ("c2-01", "3C", True, True),
    ]
    assert set(attempts[0]) == set(ATTEMPT_FIELDS) and attempts[0]["chapter"] == 2
    assert [i.recipe.puzzle for i in log.review_items()] == ["c2-01"]  # due tomorrow
    capsys.readouterr()

    assert main(["puzzles", "--review", "--progress", str(path)]) == 0
    assert "Nothing is due for review today. 1 puzzle waits" in capsys.readouterr().out


def test_a_review_in_the_terminal_puts_the_puzzle_off(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    ProgressLog(path).record(
        get_puzzle("c2-01").start().attempt("7C", False, False, 3.0), Recipe.of(get_puzzle("c2-01"))
    )
    tomorrow = ProgressLog(path, lambda: date.today() + timedelta(days=1))
    session = ReviewSession(tomorrow)
    (right,) = session.run.solution().highlight  # a fresh puzzle of the kind, not c2-01 itself
    typed = Typed(right)
    solve(session, typed.read, typed.out, _recorder(session, tomorrow))
    assert "Remembered: it comes back in 2 days." in typed.text  # FSRS, after a miss and a Good
    (item,) = ProgressLog(path).review_items()
    assert item.interval() == 2 and len(ProgressLog(path).attempts()) == 2


def test_a_drill_in_the_terminal_records_its_key_for_the_review(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    session = Drill("winner", seed=4)
    wrong = next(
        c
        for c in session.run.view()["answer"]["cards"]
        if c not in session.run.solution().highlight
    )
    typed = Typed(wrong, "show")
    solve(session, typed.read, typed.out, _recorder(session, ProgressLog(path)))
    (item,) = ProgressLog(path).review_items()
    assert item.recipe.drill == session.key() and item.recipe.recreate() == session.puzzle
    assert [a["shown"] for a in ProgressLog(path).attempts()] == [False, True]


def test_a_bad_progress_file_is_refused_and_left_as_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    for args in (["c2-01", "--progress", str(path)], ["--review", "--progress", str(path)]):
        with pytest.raises(SystemExit):
            main(["puzzles", *args])
        assert "nothing was changed" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == '{"format": "something else"}'
    with pytest.raises(SystemExit):
        main(["puzzles", "--review"])
    assert "give --progress FILE" in capsys.readouterr().err
    for wrong, why in ((tmp_path, "is a folder"), (tmp_path / "no" / "p.json", "no folder")):
        with pytest.raises(SystemExit):
            main(["puzzles", "--progress", str(wrong)])
        assert f"argument --progress: {wrong}" in (err := capsys.readouterr().err) and why in err
    assert not (tmp_path / "no").exists()
