"""The import graph of the packages cli, engine, search and plugins, read from the
source (ast for .py, import lines for Cython's .pyx/.pxd): no module imports itself
back through others, and the layers point one way (engine knows nothing of
searchers, plugins or the command line; search nothing of the command line).

Every import counts, those inside functions too: cli/ defers some to keep `--help`
fast, which is fine, but deferring an import does not remove the dependency, so
hiding a cycle inside a function does not break it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cli", "engine", "search", "plugins")
# What each package must not import.
FORBIDDEN = {"engine": ("search", "cli", "plugins"), "search": ("cli",)}
CYTHON_IMPORT = re.compile(
    r"^(?:from\s+([\w.]+)\s+c?import\s+([\w., ()]+)|c?import\s+([\w., ]+))", re.MULTILINE
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> dict[str, list[Path]]:
    """The source files of every module (a Cython module has a .pyx and a .pxd)."""
    files: dict[str, list[Path]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix in (".py", ".pyx", ".pxd") and "build" not in path.parts:
                files.setdefault(module_name(path), []).append(path)
    return files


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of a `from ... import` source, relative ones resolved."""
    if level == 0:
        return target or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports_of(name: str, path: Path, modules: set[str]) -> set[str]:
    """The modules among `modules` that the module `name` (at `path`) imports."""
    is_package = path.stem == "__init__"
    found: set[str] = set()

    def add(target: str, names: list[str]) -> None:
        submodules = {f"{target}.{n}" for n in names if f"{target}.{n}" in modules}
        if submodules:
            found.update(submodules)
            return
        # `import a.b.c` or `from a.b import f` (f not a module): the deepest module.
        parts = target.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        if parts:
            found.add(".".join(parts))
        elif target.split(".")[0] in PACKAGES:
            raise AssertionError(f"{name} imports {target}, which is not in the source tree")

    if path.suffix == ".py":
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name, [])
            elif isinstance(node, ast.ImportFrom):
                add(
                    _absolute(name, is_package, node.level, node.module),
                    [alias.name for alias in node.names],
                )
    else:  # Cython
        for match in CYTHON_IMPORT.finditer(path.read_text(encoding="utf-8")):
            source, names, plain = match.groups()
            if plain:
                for target in plain.split(","):
                    add(target.split(" as ")[0].strip(), [])
            else:
                add(source, [n.split(" as ")[0].strip(" ()") for n in names.split(",")])
    found.discard(name)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    files = source_files()
    return {
        name: set().union(*(imports_of(name, path, set(files)) for path in paths))
        for name, paths in files.items()
    }


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_graph_is_read_from_the_source(graph):
    assert len(graph) > 50
    assert "cli.gameloop" in graph["cli.series"]
    assert "cli.selfplay" in graph["cli.main"]  # imported inside the command's function
    assert "engine.state" in graph["search.mcts"]  # a cimport in a .pyx
    assert "engine.errors" in graph["engine.state"]  # read from the .pyx beside the .pxd


def test_no_import_cycle(graph):
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_lower_layers_import_nothing_above_them(graph, package):
    wrong = sorted(
        f"{name} imports {target}"
        for name, targets in graph.items()
        if name.split(".")[0] == package
        for target in targets
        if target.split(".")[0] in FORBIDDEN[package]
    )
    assert not wrong, "\n".join(wrong)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
