"""How a puzzle is shown: its texts with cards by symbol, and a plain rendering of what the
learner may see, for a notebook cell (``_repr_html_``) or a terminal (``str``).

Every rendering here reads :meth:`PuzzleRun.view() <fortyfive.puzzles.PuzzleRun.view>` and the
:class:`~fortyfive.puzzles.Feedback` of a check, and nothing else, so it can name no card and no
answer that the view does not hold. Texts name cards by symbol ("5♠", "10♦", "Joker"), except
where the notation itself is the question (R1.1: the typed words are the puzzle); the answer
line names cards as :meth:`~fortyfive.puzzles.PuzzleRun.check` takes them ("5S").

>>> from fortyfive.puzzles import get_puzzle
>>> print(view_text(get_puzzle("c0-13").start().view()))
c0-13 Who takes the trick? (barker, difficulty 1)
Which card takes this trick?
  Trump: spades
  Trick: seat 0 10♥, seat 1 A♠, seat 2 K♣, seat 3 A♥
To answer: .check(card), one card of TH AS KC AH
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fortyfive.engine.cards import parse_card, with_symbols

#: Kinds whose texts are shown as the engine wrote them (the card codes are the question).
VERBATIM_KINDS = frozenset({"notation"})


def shown_text(kind: str, text: str) -> str:
    """``text`` as a puzzle of ``kind`` shows it: cards by symbol, unless the notation is the
    question (:data:`VERBATIM_KINDS`)."""
    return text if kind in VERBATIM_KINDS else with_symbols(text)


def shown_view(view: dict[str, Any], shown: Callable[[str], str]) -> dict[str, Any]:
    """``view`` with its texts (title, prompt, facts, the options' and fields' labels) passed
    through ``shown``; the cards the answer uses and draws are left as the engine names them."""
    out = {**view}
    for key in ("title", "prompt"):
        if isinstance(out.get(key), str):
            out[key] = shown(out[key])
    if isinstance(out.get("facts"), list):
        out["facts"] = [shown(f) if isinstance(f, str) else f for f in out["facts"]]
    spec = out.get("answer")
    if isinstance(spec, dict):
        spec = {**spec}
        if isinstance(spec.get("options"), list):
            spec["options"] = [{**o, "label": shown(str(o["label"]))} for o in spec["options"]]
        if isinstance(spec.get("fields"), list):
            spec["fields"] = [_shown_field(f, shown) for f in spec["fields"]]
        out["answer"] = spec
    return out


def _shown_field(field: dict[str, Any], shown: Callable[[str], str]) -> dict[str, Any]:
    f = {**field, "label": shown(str(field.get("label", "")))}
    if isinstance(f.get("options"), list):
        f["options"] = [{**o, "label": shown(str(o["label"]))} for o in f["options"]]
    return f


# ---------------------------------------------------------------------- renderings

# A rendering is a list of lines, each a list of parts: a part is text, or a card code to draw.
_Card = tuple[str]
_Line = list[str | _Card]


def _cards(codes: Sequence[Any]) -> list[str | _Card]:
    parts: list[str | _Card] = []
    for i, code in enumerate(codes):
        parts.extend([" "] if i else [])
        parts.append((str(code),))
    return parts


def _plays(plays: Sequence[Mapping[str, Any]]) -> list[str | _Card]:
    parts: list[str | _Card] = []
    for i, p in enumerate(plays):
        parts.extend([", " if i else "", f"seat {p['seat']} ", (str(p["card"]),)])
    return parts


def _seat(s: Mapping[str, Any]) -> _Line:
    tags = [t for t, on in (("dealer", s["dealer"]), ("to act", s["to_act"])) if on]
    if s["yours"]:
        tags.append("you")
    if s["partnership"]:  # none when it is what the puzzle asks
        tags.insert(0, s["partnership"])
    head = f"  {s['name']}" + (f" ({', '.join(tags)})" if tags else "") + ": "
    if s["cards"] is None:
        count = "cards" if s["count"] is None else f"{s['count']} cards,"  # none: the answer
        return [head, f"{count} face down"]
    return [head, *(_cards(s["cards"]) or ["no cards"])]


def _answer(spec: Mapping[str, Any]) -> str:
    """How to answer in Python: the shape :meth:`PuzzleRun.check` takes and what is on offer
    (in the order of the view, which says nothing of which is right)."""
    kind = spec.get("type")
    cards = " ".join(str(c) for c in spec.get("cards") or [])
    opts = "; ".join(
        json.dumps(str(o["value"])) + ("" if o["label"] == o["value"] else f" ({o['label']})")
        for o in spec.get("options") or []
    )
    if kind == "card":
        return f"To answer: .check(card), one card of {cards}"
    if kind == "cards":
        return f"To answer: .check([cards]), every card that applies of {cards}"
    if kind == "sequence":
        return f"To answer: .check([cards]), all {spec.get('count')} in order, of {cards}"
    if kind == "choice":
        return f"To answer: .check(option), one of {opts}"
    if kind == "choices":
        return f"To answer: .check([options]), every one that applies of {opts}"
    fields = [
        f"{json.dumps(f['name'])}: "
        + (
            "a whole number"
            if f["kind"] == "number"
            else " or ".join(json.dumps(str(o["value"])) for o in f["options"])
        )
        + f" ({f['label']})"
        for f in spec.get("fields") or []
    ]
    return "To answer: .check({" + ", ".join(fields) + "})"


def _lines(view: Mapping[str, Any], answer: bool = True) -> list[_Line]:
    """What the learner may see, line by line, from a view whose texts are already shown; the
    last says how to answer in Python, when ``answer``."""
    title = view["title"] or view["kind"]
    rules = ": " + " ".join(view["rules"]) if view["rules"] else ""  # shown once finished
    lines: list[_Line] = [
        [f"{view['id']} {title} ({view['preset']}, difficulty {view['difficulty']}{rules})"],
        [view["prompt"]],
    ]
    lines.extend([f"  {fact}"] for fact in view["facts"])  # the turn-up is among them
    if view.get("step"):
        lines.append([f"  {view['step']['text']}"])
    for t in view.get("tricks") or []:
        won = f" (to seat {t['winner']})" if t.get("winner") is not None else ""
        lines.append([f"  Trick {t['number']}: ", *_plays(t["cards"]), won])
    if view.get("trick"):
        lines.append(["  Trick: ", *_plays(view["trick"])])
    lines.extend(_seat(s) for s in view.get("seats") or [])
    if view.get("hand"):
        lines.append(["  Your hand: ", *_cards(view["hand"])])
    if answer and view.get("answer"):
        lines.append([_answer(view["answer"])])
    return lines


def _text(lines: list[_Line]) -> str:
    return "\n".join(
        "".join(p if isinstance(p, str) else parse_card(p[0]).symbol() for p in line)
        for line in lines
    ).rstrip()


def _html(lines: list[_Line]) -> str:
    def part(p: str | _Card) -> str:
        return html.escape(p) if isinstance(p, str) else parse_card(p[0])._repr_html_()

    head, *rest = ["".join(part(p) for p in line) for line in lines]
    body = "".join(f"<div>{line}</div>" for line in rest)
    return (
        '<div class="fortyfive-puzzle-view" style="white-space:pre-wrap;line-height:1.5">'
        f"<strong>{head}</strong>{body}</div>"
    )


def _view_lines(view: dict[str, Any], answer: bool = True) -> list[_Line]:
    return _lines(shown_view(view, lambda t: shown_text(view["kind"], t)), answer)


def view_text(view: dict[str, Any], answer: bool = True) -> str:
    """A run's view as plain text, cards by symbol (see the module's example); without the
    line on answering in Python when not ``answer`` (the terminal says how to type one)."""
    return _text(_view_lines(view, answer))


def view_html(view: dict[str, Any]) -> str:
    """A run's view as HTML for a notebook cell; every text is escaped."""
    return _html(_view_lines(view))


def status_text(tries: int, hints_used: int, hints_left: int, done: bool, solved: bool) -> str:
    """An attempt's state in one line, for a run's rendering."""
    state = "solved" if solved else "finished" if done else "open"
    wrong = f"{tries} wrong {'try' if tries == 1 else 'tries'}"
    return f"{state}, {wrong}, {hints_used} of {hints_used + hints_left} hints used"
