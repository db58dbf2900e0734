"""The documentation site, the Reference part of the book: every public module on an API page
(autodoc), every reference page in the contents, the README's links to it, the README's size
and the changelog's form. The build itself (Sphinx warnings are errors) is tests/test_book.py's."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import fortyfive

REPO = Path(__file__).resolve().parents[1]
BOOK = REPO / "book"
REFERENCE = BOOK / "reference"
API = REFERENCE / "api"
AUTOMODULE = re.compile(r"^\.\. automodule:: (\S+)\s*$", re.M)
TOC_FILE = re.compile(r"^\s*-?\s*(?:file|root):\s*(\S+)\s*$", re.M)
SUBPACKAGES = ("engine", "solve", "agents", "puzzles", "widgets", "course", "teach", "cli")


def public_modules() -> list[str]:
    """Every module of the package whose dotted name has no ``_private`` part."""
    return sorted(
        m.name
        for m in pkgutil.walk_packages(fortyfive.__path__, "fortyfive.")
        if not any(part.startswith("_") for part in m.name.split("."))
    )


def documented_modules() -> dict[str, list[str]]:
    """The modules named by an automodule directive, and the API pages naming each."""
    found: dict[str, list[str]] = {}
    for page in sorted(API.glob("*.md")):
        for name in AUTOMODULE.findall(page.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(page.name)
    return found


def toc_pages() -> list[str]:
    return TOC_FILE.findall((BOOK / "_toc.yml").read_text(encoding="utf-8"))


def test_every_public_module_is_on_one_api_page() -> None:
    documented = documented_modules()
    missing = [m for m in public_modules() if m not in documented]
    assert not missing, f"public modules on no API page (book/reference/api/): {missing}"
    twice = {m: pages for m, pages in documented.items() if len(pages) > 1}
    assert not twice, f"modules documented more than once: {twice}"
    stale = sorted(set(documented) - set(public_modules()))
    assert not stale, f"API pages name modules that are not public modules: {stale}"


def test_each_subpackage_has_its_api_page_with_its_members() -> None:
    for name in SUBPACKAGES:
        text = (API / f"{name}.md").read_text(encoding="utf-8")
        assert f".. automodule:: fortyfive.{name}\n" in text, name
        assert "```{eval-rst}" in text and "   :members:" in text, name


def test_autodoc_is_a_sphinx_extension_of_the_book() -> None:
    config = (BOOK / "_config.yml").read_text(encoding="utf-8")
    extensions = config[config.index("extra_extensions:") :].split("\n  config:")[0]
    assert "- sphinx.ext.autodoc" in extensions


def test_every_reference_page_is_in_the_reference_part_of_the_contents() -> None:
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    reference_part = toc[toc.index("- caption: Reference") :]
    listed = TOC_FILE.findall(reference_part)
    pages = sorted(p.relative_to(BOOK).with_suffix("").as_posix() for p in REFERENCE.rglob("*.md"))
    assert pages, "no pages under book/reference/"
    # only_build_toc_files: a page left out of the contents would be silently dropped
    assert not set(pages) - set(listed), sorted(set(pages) - set(listed))
    for name in ("rules", "puzzles_by_rule", *pages):
        assert name in listed, name
    for name in listed:
        assert (BOOK / f"{name}.md").is_file(), f"_toc.yml names {name}, which is not a page"


def test_the_readme_links_to_the_reference_pages_that_exist() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((book/[^)#]+\.md)", text)
    assert "book/reference/api/index.md" in links and "book/reference/contributing.md" in links
    toc = set(toc_pages())
    for link in links:
        assert (REPO / link).is_file(), link
        assert link.removeprefix("book/").removesuffix(".md") in toc, f"{link} is not in _toc.yml"


def test_the_readme_is_at_most_10_kb() -> None:
    size = (REPO / "README.md").stat().st_size
    assert size <= 10 * 1024, f"README.md is {size} bytes; move detail to book/reference/"


def test_the_contributing_page_gives_both_test_tiers() -> None:
    text = (REFERENCE / "contributing.md").read_text(encoding="utf-8")
    assert "`python -m pytest`" in text and "`python -m pytest --full`" in text
    assert "npm ci --prefix widgets" in text and "pre-commit install" in text
    measured = text[text.index("Measured on a 2-core machine") :].split("\n\n")[0]
    for tier in ("quick", "full"):  # figures, not placeholders
        assert re.search(rf"{tier} tier runs [\d,]+ tests\s+in [\d,]+ s", measured), tier


def test_the_rules_notes_are_a_section_of_the_rules_reference() -> None:
    text = (BOOK / "rules.md").read_text(encoding="utf-8")
    notes = text[text.index("(rules-notes)=\n## ") :]
    items = re.findall(r"^(\d+)\. \*\*", notes, re.M)
    assert items == [str(i) for i in range(1, len(items) + 1)] and len(items) >= 10


CHANGELOG_SECTIONS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_changelog_is_in_keep_a_changelog_form() -> None:
    lines = (REPO / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Changelog"
    releases = [line for line in lines if line.startswith("## ")]
    assert releases[0] == "## [Unreleased]"
    versions = []
    for line in releases[1:]:
        m = re.fullmatch(r"## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})", line)
        assert m, f"not a release heading: {line!r}"
        versions.append(((int(m[1]), int(m[2]), int(m[3])), m[4]))
    assert versions == sorted(versions, reverse=True), "releases newest first"
    assert [v for v, _ in versions][-2:] == [(0, 2, 0), (0, 1, 0)]
    release = None
    for line in lines[1:]:
        if line.startswith("## "):
            release = line
        elif line.startswith("### "):
            assert release and line[4:] in CHANGELOG_SECTIONS, f"{release}: {line!r}"
        elif line.startswith(("-", "  ")) or not line.strip():
            continue
        else:
            assert release is None, f"{release}: a line that is no entry: {line!r}"
    assert "## [0.2.0] - 2026-12-06" in lines
