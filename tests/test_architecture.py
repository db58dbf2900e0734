"""The import contract: each subpackage imports only from the layers below it, and no module
imports itself back through others (lazy imports inside functions included).

The layers, lowest first, follow the data path: rules engine -> open-hand solving and sampling
-> computer players -> puzzles -> widgets -> course -> benchmarks -> command line. Imports under
``if TYPE_CHECKING:`` never run, so they do not make a cycle; they still must point downwards.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "fortyfive"
LAYERS = ("engine", "solve", "agents", "puzzles", "widgets", "course", "teach", "bench", "cli")
#: Jupyter packages: only the widgets and the course may import them (the engine is pure Python).
JUPYTER = ("anywidget", "ipywidgets", "traitlets", "IPython", "jupyterlab", "nbformat")


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, e.g. fortyfive.engine.game
    target: str  # the imported name, e.g. fortyfive.engine.observe
    line: int
    typing_only: bool


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, source: str, is_package: bool = False) -> Iterator[Import]:
    """Every import in ``source`` (module level, inside functions, under TYPE_CHECKING)."""

    def walk(node: ast.AST, typing_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    yield from walk_stmt(stmt, True)
                for stmt in child.orelse:
                    yield from walk_stmt(stmt, typing_only)
            else:
                yield from walk_stmt(child, typing_only)

    def walk_stmt(node: ast.AST, typing_only: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, node.lineno, typing_only)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            for alias in node.names:
                # "from fortyfive.engine import observe" imports the module observe
                yield Import(module, f"{base}.{alias.name}", node.lineno, typing_only)
        else:
            yield from walk(node, typing_only)

    yield from walk(ast.parse(source), False)


def package_modules() -> dict[str, tuple[Path, bool]]:
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        mods[".".join(parts)] = (path, is_package)
    return mods


def _owner(name: str, modules: dict[str, tuple[Path, bool]]) -> str | None:
    """The package module that ``name`` (a module or a name inside one) belongs to."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


#: Modules below every layer, which any module may import: they import nothing themselves.
LEAVES = ("fortyfive._version",)


def layer_of(module: str) -> int:
    """The module's layer index; the package root and ``__main__`` sit above every layer, the
    leaves below them all."""
    if module in LEAVES:
        return -1
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return len(LAYERS)


def contract_violations(edges: list[Import], modules: dict[str, tuple[Path, bool]]) -> list[str]:
    """Imports that point to a higher layer, and Jupyter imported below the widgets."""
    bad = []
    widgets = LAYERS.index("widgets")
    for e in edges:
        target = _owner(e.target, modules)
        if target is not None and layer_of(target) > layer_of(e.module):
            bad.append(f"{e.module}:{e.line} imports {target} (a higher layer)")
        top = e.target.split(".")[0]
        if top in JUPYTER and layer_of(e.module) < widgets:
            bad.append(f"{e.module}:{e.line} imports {top} below the widgets")
    return bad


def import_cycles(edges: list[Import], modules: dict[str, tuple[Path, bool]]) -> list[list[str]]:
    """Cycles among the modules through imports that run (lazy ones included)."""
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for e in edges:
        target = _owner(e.target, modules)
        if target is not None and target != e.module and not e.typing_only:
            graph[e.module].add(target)
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                cycles.append([*stack[stack.index(t) :], t])
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return cycles


def all_edges(modules: dict[str, tuple[Path, bool]]) -> list[Import]:
    edges = []
    for name, (path, is_package) in modules.items():
        edges += imports_of(name, path.read_text(encoding="utf-8"), is_package)
    return edges


def test_every_subpackage_imports_only_from_the_layers_below_it() -> None:
    modules = package_modules()
    assert {m.split(".")[1] for m in modules if m.count(".") >= 1} >= set(LAYERS)
    bad = contract_violations(all_edges(modules), modules)
    assert not bad, "\n".join(bad)


def test_a_leaf_that_every_layer_may_import_imports_nothing() -> None:
    modules = package_modules()
    for leaf in LEAVES:
        path, is_package = modules[leaf]
        assert list(imports_of(leaf, path.read_text(encoding="utf-8"), is_package)) == [], leaf


def test_no_import_cycle_lazy_imports_included() -> None:
    modules = package_modules()
    cycles = import_cycles(all_edges(modules), modules)
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)


def test_the_engine_imports_no_jupyter_and_nothing_above_it() -> None:
    modules = package_modules()
    engine = [e for e in all_edges(modules) if e.module.startswith("fortyfive.engine")]
    targets = {_owner(e.target, modules) or e.target.split(".")[0] for e in engine}
    assert all(t.startswith("fortyfive.engine") or "." not in t for t in targets)
    assert not targets & set(JUPYTER)


# The checks themselves: a planted backwards or lazy import must fail them.
PLANTED = {
    "fortyfive.engine.cards": "def f():\n    from fortyfive.widgets.table import CardTable\n",
    "fortyfive.engine.rules": "import anywidget\n",
    "fortyfive.solve.position": "if TYPE_CHECKING:\n    from fortyfive.agents.bots import Bot\n",
}


@pytest.mark.parametrize("module", sorted(PLANTED))
def test_a_planted_backwards_import_is_caught(module: str) -> None:
    modules = package_modules()
    edges = [*all_edges(modules), *imports_of(module, PLANTED[module])]
    violations = contract_violations(edges, modules)
    assert violations and all(v.startswith(module) for v in violations)


def test_a_planted_lazy_cycle_is_caught() -> None:
    modules = package_modules()
    planted = "def replay():\n    from fortyfive.engine.game import Game\n"
    edges = [*all_edges(modules), *imports_of("fortyfive.engine.record", planted)]
    cycles = import_cycles(edges, modules)
    assert any("fortyfive.engine.record" in c and "fortyfive.engine.game" in c for c in cycles)
    typing_only = "if TYPE_CHECKING:\n    from fortyfive.engine.game import Game\n"
    edges = [*all_edges(modules), *imports_of("fortyfive.engine.record", typing_only)]
    assert import_cycles(edges, modules) == []


def test_relative_imports_resolve_like_python() -> None:
    node = ast.parse("from ..engine import game").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert _resolve("fortyfive.solve.hints", False, node) == "fortyfive.engine"
    node = ast.parse("from . import _cards").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert _resolve("fortyfive.puzzles", True, node) == "fortyfive.puzzles"


# ------------------------------------------------------------------ the places beside the package

SITE = PACKAGE.parent / "book" / "fortyfive_site"
#: The package's modules that may reach the site's builders: the commands that run them, after
#: ``fortyfive.cli._site`` has found the checkout's book/ (a wheel has no fortyfive_site).
SITE_CALLERS = ("fortyfive.cli",)


def site_edges() -> list[Import]:
    """The imports of the site's builders (``book/fortyfive_site``)."""
    edges = []
    for path in sorted(SITE.glob("*.py")):
        name = "fortyfive_site" + ("" if path.stem == "__init__" else f".{path.stem}")
        edges += imports_of(name, path.read_text(encoding="utf-8"), path.stem == "__init__")
    return edges


def stray_site_imports(edges: list[Import]) -> list[str]:
    """Imports of ``fortyfive_site`` from anywhere in the package but the command line."""
    return [
        f"{e.module}:{e.line} imports {e.target} (the site's builders are not in the wheel)"
        for e in edges
        if e.target.split(".")[0] == "fortyfive_site" and not e.module.startswith(SITE_CALLERS)
    ]


def test_only_the_command_line_reaches_the_site_builders() -> None:
    modules = package_modules()
    edges = all_edges(modules)
    assert not stray_site_imports(edges)
    assert any(e.target.startswith("fortyfive_site") for e in edges)  # the check sees them
    planted = "def f():\n    from fortyfive_site.lite import build_lite\n"
    assert stray_site_imports([*edges, *imports_of("fortyfive.course.launch", planted)])


def test_the_site_builders_use_the_package_and_nothing_uses_them_back() -> None:
    """The builders sit above every layer: they may import the package; no module of theirs is
    imported by the package's layers (checked above) and they hold no cycle of their own."""
    edges = site_edges()
    assert {e.module for e in edges} >= {"fortyfive_site.book", "fortyfive_site.lite"}
    modules = {e.module: (SITE, False) for e in edges}
    inner = [e for e in edges if e.target.startswith("fortyfive_site")]
    assert import_cycles(inner, modules) == []
    assert all(
        not e.target.startswith("fortyfive.") or _owner(e.target, package_modules()) is not None
        for e in edges
    ), "a builder imports a module the package does not have"


FRONT_END = PACKAGE.parent / "widgets" / "src"
_JS_IMPORT = re.compile(
    r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"', re.MULTILINE | re.DOTALL
)
_CSS_IMPORT = re.compile(r'^@import\s+"([^"]+)"', re.MULTILINE)


def front_end_imports(folder: Path = FRONT_END) -> dict[str, list[str]]:
    """Each source of the front end and what it imports (ES modules and CSS @import)."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.js")) + sorted(folder.glob("*.css")):
        pattern = _JS_IMPORT if path.suffix == ".js" else _CSS_IMPORT
        found[path.name] = pattern.findall(path.read_text(encoding="utf-8"))
    return found


def stray_front_end_imports(found: dict[str, list[str]], folder: Path = FRONT_END) -> list[str]:
    """Imports that leave the front end's own files: a package or an address would be fetched or
    bundled from elsewhere; the browser gets the synced state and this code only."""
    return [
        f"widgets/src/{name} imports {target!r}"
        for name, targets in found.items()
        for target in targets
        if not target.startswith("./") or not (folder / target[2:]).is_file()
    ]


def test_the_front_end_imports_only_its_own_files() -> None:
    found = front_end_imports()
    assert {"table.js", "puzzle.js", "table.css", "puzzle.css"} <= set(found)
    assert any(found.values())  # the check reads real imports
    assert not stray_front_end_imports(found)


def test_a_planted_package_import_in_the_front_end_is_caught(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text(
        'import { x } from "./b.js";\nimport confetti from "confetti";\n'
    )
    (tmp_path / "b.js").write_text("export const x = 1;\n")
    (tmp_path / "c.css").write_text('@import "https://cdn.example/x.css";\n')
    bad = stray_front_end_imports(front_end_imports(tmp_path), tmp_path)
    assert bad == [
        "widgets/src/a.js imports 'confetti'",
        "widgets/src/c.css imports 'https://cdn.example/x.css'",
    ]


TESTS = PACKAGE.parent / "tests"


def test_modules_share_helpers_through_modules_made_for_them_not_test_files() -> None:
    """A test file imports no other test file: shared helpers live in tests/ modules named for
    what they hold (positions, search_oracles, puzzle_answers, classroom, ...)."""
    planted = imports_of("test_maxn", "from tests.test_solver import random_deal")
    assert [e for e in planted if _imports_a_test_file(e)]
    bad = [
        f"{path.relative_to(TESTS)}:{e.line} imports {e.target}"
        for path in sorted(TESTS.rglob("test_*.py"))
        for e in imports_of(path.stem, path.read_text(encoding="utf-8"))
        if _imports_a_test_file(e)
    ]
    assert not bad, "\n".join(bad)


def _imports_a_test_file(e: Import) -> bool:
    return any(part.startswith("test_") for part in e.target.split("."))
