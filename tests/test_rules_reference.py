"""The rules reference, ``book/rules.md``, and the rule ids cited everywhere else.

The reference defines each rule id (R1.1 ... R10.5) once, in order, as a link target ``(r5-2)=``
followed by the rule, ``**R5.2** ...``; each section R1 ... R10 is a target ``(r5)=`` and its
heading ``## R5 ...``. Every id cited in the package (its code, its notebooks, its puzzle
collections, its markdown), in the tests and in README.md must be one of them: a range such as
``R9.2-R9.5`` cites every rule from R9.2 to R9.5, and ``R3-R5`` every section from R3 to R5.
When the normative rulebook the reference was written from is at hand (``../shared/RULES.md``
next to the repository), the two must hold the same ids, the same numbers, cards and orders.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from fortyfive_site.book import toc_files

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "fortyfive"
BOOK = PACKAGE.parent / "book"
REFERENCE = BOOK / "rules.md"
RULEBOOKS = [Path("/work/shared/RULES.md"), REPO.parent / "shared" / "RULES.md"]

# How many rules each section R1 ... R10 holds.
SECTION_SIZES = {1: 3, 2: 4, 3: 4, 4: 3, 5: 5, 6: 7, 7: 3, 8: 7, 9: 8, 10: 5}
EXPECTED = [(s, n) for s, size in SECTION_SIZES.items() for n in range(1, size + 1)]
EXAMPLES = [1, 2, 3, 4]  # the worked examples E1 ... E4

RULE = re.compile(r"\bR(\d+)\.(\d+)\b")
RULE_RANGE = re.compile(r"\bR(\d+)\.(\d+)\s*(?:-|–|—|\.\.\.?|to)\s*R(\d+)\.(\d+)\b")
SECTION = re.compile(r"\bR(\d+)\b(?!\.\d)")
SECTION_RANGE = re.compile(r"\bR(\d+)\s*(?:-|–|—|to)\s*R(\d+)\b(?!\.\d)")
RULE_TARGET = re.compile(r"^\((r(\d+)-(\d+))\)=\s*$")
SECTION_TARGET = re.compile(r"^\((r(\d+))\)=\s*$")
EXAMPLE_TARGET = re.compile(r"^\((e(\d+))\)=\s*$")

Rule = tuple[int, int]


def name(rule: Rule) -> str:
    return f"R{rule[0]}.{rule[1]}"


def reference_lines() -> list[str]:
    return REFERENCE.read_text(encoding="utf-8").splitlines()


def defined_rules(lines: list[str]) -> list[Rule]:
    """The rule ids the reference defines, in its order: a target line, then ``**Rs.n**``."""
    rules = []
    for i, line in enumerate(lines):
        target = RULE_TARGET.match(line)
        if target:
            rule = (int(target[2]), int(target[3]))
            following = lines[i + 1] if i + 1 < len(lines) else ""
            assert following.startswith(f"**{name(rule)}** "), (
                f"rules.md:{i + 1}: target ({target[1]})= is not followed by **{name(rule)}**"
            )
            rules.append(rule)
    return rules


def defined_sections(lines: list[str]) -> list[int]:
    sections = []
    for i, line in enumerate(lines):
        target = SECTION_TARGET.match(line)
        if target:
            section = int(target[2])
            following = lines[i + 1] if i + 1 < len(lines) else ""
            assert following.startswith(f"## R{section} "), (
                f"rules.md:{i + 1}: target ({target[1]})= is not followed by ## R{section}"
            )
            sections.append(section)
    return sections


def citing_files() -> list[Path]:
    """Where rule ids are cited: the package's code, the notebooks, the book's pages and
    builders, puzzle collections and markdown (not the vendored scripts of the book), the front
    end's sources, the tests and README.md."""
    files = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.md")]
    files += [*(REPO / "notebooks").glob("*.ipynb"), *BOOK.rglob("*.md"), *BOOK.rglob("*.py")]
    files += [*(REPO / "widgets").glob("src/**/*.js")]
    files += (PACKAGE / "puzzles" / "collections").glob("*.json")
    files += [*(REPO / "tests").rglob("*.py"), REPO / "README.md"]
    skip = ("_build", ".ipynb_checkpoints", "__pycache__", "node_modules")
    static = BOOK / "static"
    return sorted(
        path
        for path in files
        if path.is_file() and static not in path.parents and not set(skip) & set(path.parts)
    )


def citations(path: Path, root: Path = REPO) -> Iterator[tuple[str, str, Rule | int]]:
    """(``file:line``, the text cited, the rule or the section) for each id cited in ``path``.

    A range cites both ends and everything between them; a section is cited as its number.
    Lines of a notebook that hold an image's data are not read.
    """
    where = path.relative_to(root).as_posix()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if path.suffix == ".ipynb" and line.lstrip().startswith('"image/'):
            continue
        at = f"{where}:{number}"
        for m in RULE_RANGE.finditer(line):
            s1, n1, s2, n2 = (int(g) for g in m.groups())
            if s1 == s2:
                for n in range(min(n1, n2), max(n1, n2) + 1):
                    yield at, m[0], (s1, n)
            elif (s1, n1) in EXPECTED and (s2, n2) in EXPECTED:
                # Across sections: the rules from one end to the other.
                lo, hi = sorted((EXPECTED.index((s1, n1)), EXPECTED.index((s2, n2))))
                yield from ((at, m[0], rule) for rule in EXPECTED[lo : hi + 1])
            # (an end that is no rule is reported as a citation of its own, below)
        for m in RULE.finditer(line):
            yield at, m[0], (int(m[1]), int(m[2]))
        for m in SECTION_RANGE.finditer(line):
            lo, hi = sorted((int(m[1]), int(m[2])))
            yield from ((at, m[0], section) for section in range(lo, hi + 1))
        for m in SECTION.finditer(line):
            yield at, m[0], int(m[1])


def unresolved(
    files: list[Path], rules: list[Rule], sections: list[int], root: Path = REPO
) -> list[str]:
    """``file:line: text`` for each cited id that is not among ``rules`` and ``sections``."""
    bad = []
    for path in files:
        for at, text, cited in citations(path, root):
            known = cited in sections if isinstance(cited, int) else cited in rules
            if not known:
                what = f"R{cited}" if isinstance(cited, int) else name(cited)
                bad.append(f"{at}: {text}" + ("" if text == what else f" (cites {what})"))
    return bad


# ---------------------------------------------------------------- the reference itself


def test_the_reference_defines_every_rule_once_in_order() -> None:
    rules = defined_rules(reference_lines())
    twice = sorted({name(r) for r in rules if rules.count(r) > 1})
    assert not twice, f"defined more than once in rules.md: {', '.join(twice)}"
    assert rules == sorted(rules), "the rules of rules.md are not in order"
    missing = [name(r) for r in EXPECTED if r not in rules]
    extra = [name(r) for r in rules if r not in EXPECTED]
    assert not missing and not extra, f"rules.md lacks {missing}, has unexpected {extra}"
    assert rules == EXPECTED


def test_the_engines_rule_ids_are_the_references() -> None:
    from fortyfive.engine.rulebook import RULE_IDS

    assert list(RULE_IDS) == [name(r) for r in defined_rules(reference_lines())]


def test_the_reference_has_a_target_for_each_section_and_each_worked_example() -> None:
    lines = reference_lines()
    assert defined_sections(lines) == list(SECTION_SIZES)
    examples = []
    for i, line in enumerate(lines):
        target = EXAMPLE_TARGET.match(line)
        if target:
            examples.append(int(target[2]))
            assert lines[i + 1].startswith(f"**E{target[2]}** "), f"rules.md:{i + 1}"
    assert examples == EXAMPLES


def test_every_rule_id_cited_in_the_project_is_defined_in_the_reference() -> None:
    lines = reference_lines()
    files = citing_files()
    assert REPO / "README.md" in files and REFERENCE in files
    assert any(p.suffix == ".ipynb" for p in files) and any(p.suffix == ".json" for p in files)
    bad = unresolved(files, defined_rules(lines), defined_sections(lines))
    assert not bad, "rule ids cited but not defined in rules.md:\n" + "\n".join(bad)


def test_the_scan_reports_ids_the_reference_does_not_define(tmp_path: Path) -> None:
    lines = reference_lines()
    cited = tmp_path / "cited.py"
    # Written in pieces, so that this file itself cites none of the ids it plants.
    r = "R"
    cited.write_text(
        "# R5.3, R9.2-R9.5, R6.7-R7.1 and R3-R5 are defined\n"
        f"# {r}5.6 is not,\n"
        f"# nor the end of {r}5.4-{r}5.7,\n"
        f"# nor section {r}11\n"
    )
    bad = unresolved([cited], defined_rules(lines), defined_sections(lines), root=tmp_path)
    assert bad == [
        f"cited.py:2: {r}5.6",
        f"cited.py:3: {r}5.4-{r}5.7 (cites {r}5.6)",
        f"cited.py:3: {r}5.4-{r}5.7 (cites {r}5.7)",
        f"cited.py:3: {r}5.7",
        f"cited.py:4: {r}11",
    ]


# ---------------------------------------------------------------- the reference in the book


def test_the_reference_is_a_page_of_the_book() -> None:
    assert "rules" in toc_files()
    config = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    for pattern in config.get("exclude_patterns", []):
        assert not fnmatch.fnmatch("rules.md", pattern), f"exclude_patterns {pattern} drops it"


# ---------------------------------------------------------------- against the normative rulebook

RULEBOOK = next((path for path in RULEBOOKS if path.is_file()), None)
needs_rulebook = pytest.mark.skipif(
    RULEBOOK is None,
    reason="the normative rulebook (RULES.md in ../shared next to the repository) is not here",
)
RULEBOOK_RULE = re.compile(r"^- R(\d+)\.(\d+) ")
RULEBOOK_ITEM = re.compile(r"^- (R\d+\.\d+|E\d+) ")
REFERENCE_ITEM = re.compile(r"^\*\*(R\d+\.\d+|E\d+)\*\* ")
CARD = re.compile(r"\b(?:[2-9TJQKA][SCDHT]|JK|Jk)\b")
NUMBER = re.compile(r"(?<![A-Za-z0-9.])\d+\b")
ORDER = re.compile(r"\S+(?: > \S+)+")


def item_texts(lines: list[str], start: re.Pattern[str]) -> dict[str, str]:
    """Each rule's or worked example's text (``R5.2``, ``E1``): from its first line to the next
    rule, example, heading or target."""
    texts: dict[str, str] = {}
    current: str | None = None
    for line in lines:
        m = start.match(line)
        if m:
            current = m[1]
            texts[current] = line.removeprefix(m[0])
        elif line.startswith(("#", "(")):
            current = None
        elif current:
            texts[current] += "\n" + line
    return texts


@needs_rulebook
def test_the_reference_has_exactly_the_rule_ids_of_the_rulebook() -> None:
    assert RULEBOOK is not None
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    ids = [(int(m[1]), int(m[2])) for m in map(RULEBOOK_RULE.match, lines) if m]
    assert ids == defined_rules(reference_lines())
    sections = [int(m[1]) for m in map(re.compile(r"^## R(\d+) ").match, lines) if m]
    assert sections == defined_sections(reference_lines())
    examples = [int(m[1]) for m in map(re.compile(r"^- E(\d+) ").match, lines) if m]
    assert examples == EXAMPLES


@needs_rulebook
def test_each_rule_keeps_the_numbers_cards_and_orders_of_the_rulebook() -> None:
    assert RULEBOOK is not None
    source = item_texts(RULEBOOK.read_text(encoding="utf-8").splitlines(), RULEBOOK_ITEM)
    ours = item_texts(reference_lines(), REFERENCE_ITEM)
    assert list(source) == list(ours)
    for item, text in source.items():
        for pattern in (CARD, NUMBER, ORDER):
            lost = set(pattern.findall(text)) - set(pattern.findall(ours[item]))
            assert not lost, f"{item} in rules.md lacks {sorted(lost)} of the rulebook"
