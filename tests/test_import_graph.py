"""The import graph follows the layer order of docs/architecture.md: a package imports only packages
listed before it, at module level and inside functions alike, and no two packages import each other.

Every module under `src/novaberg` is parsed (ast), nothing is imported; a relative import is resolved against
its module. Top-level modules: `consent` is the public face of `text.consent` (layer `text`), `cli` has its
own layer, the package `__init__` is the facade (`novaberg.Nova`) and may import from any layer.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "src" / "novaberg"
LAYERS = ("core", "text", "timeparse", "store", "llm", "embed", "agents", "memory", "timeline", "notes",
          "directives", "files", "situation", "answers", "tribunal", "graph", "pixie", "api", "cli")
TOP_LEVEL_LAYER = {"consent": "text", "cli": "cli"}
# Folders without Python code (prompt texts): not a layer, never imported as a module.
DATA_FOLDERS = frozenset({"prompts"})


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> str | None:
    """The layer of a `novaberg.*` module; None for the root facade and anything outside novaberg."""
    parts = module.split(".")
    if parts[0] != "novaberg" or len(parts) < 2:
        return None
    return TOP_LEVEL_LAYER.get(parts[1], parts[1])


def _imported(module: str, path: Path, node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            package = module.split(".")
            package = package if path.name == "__init__.py" else package[:-1]
            base = ".".join(package[:len(package) - node.level + 1])
            target = f"{base}.{node.module}" if node.module else base
        else:
            target = node.module or ""
        # `from novaberg import x` names a package x (or the facade): count each name as its own module
        if target == "novaberg":
            return [f"novaberg.{alias.name}" for alias in node.names]
        return [target]
    return []


def _imports() -> list[tuple[str, str, int]]:
    """(importing module, imported module, line) for every import of a novaberg module in the tree."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        module = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            for target in _imported(module, path, node):
                if target.startswith("novaberg."):
                    found.append((module, target, node.lineno))
    return found


def _package_edges(imports: list[tuple[str, str, int]]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for source, target, _ in imports:
        src, dst = _layer(source), _layer(target)
        if src and dst and src != dst:
            edges[src].add(dst)
    return edges


def upward_imports(imports: list[tuple[str, str, int]]) -> list[str]:
    wrong = []
    for source, target, line in imports:
        src, dst = _layer(source), _layer(target)
        if src is None or dst is None or src == dst:
            continue
        if src not in LAYERS or dst not in LAYERS:
            wrong.append(f"{source}:{line} -> {target} (a package outside the layer order)")
        elif LAYERS.index(dst) > LAYERS.index(src):
            wrong.append(f"{source}:{line} -> {target} ({src} may not import {dst})")
    return wrong


def package_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle of the package graph, as the path that closes it (depth-first search)."""
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    return cycles


def test_every_package_is_a_layer() -> None:
    packages = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith("__")} - DATA_FOLDERS
    modules = {p.stem for p in ROOT.glob("*.py")} - {"__init__"}
    assert packages | {TOP_LEVEL_LAYER[m] for m in modules} <= set(LAYERS), "add the new package to LAYERS"
    assert all((ROOT / folder).exists() and not list((ROOT / folder).rglob("*.py")) for folder in DATA_FOLDERS)


def test_no_import_goes_up_the_layer_order() -> None:
    """The layout: module level and inside functions alike (an import in a function hides no cycle)."""
    assert upward_imports(_imports()) == []


def test_no_cycle_between_packages() -> None:
    assert package_cycles(_package_edges(_imports())) == []


@pytest.mark.parametrize("source, imported, expected", [
    ("agents/services.py", "from novaberg.graph.nodes import plan_node", "agents may not import graph"),
    ("timeline/agent/crud.py", "from novaberg.notes.repository import X", "timeline may not import notes"),
    ("situation/offers.py", "    from ..tribunal import naming", "situation may not import tribunal"),
    ("memory/block.py", "from novaberg.vocab import x", "outside the layer order"),
])
def test_the_checks_can_fail(source: str, imported: str, expected: str) -> None:
    """The twin: an upward import (also relative, also in a function) and a cycle are found."""
    path = ROOT / source
    code = f"def f():\n{imported}\n" if imported.startswith(" ") else imported
    module = _module_name(path)
    found = [(module, target, node.lineno) for node in ast.walk(ast.parse(code))
             for target in _imported(module, path, node) if target.startswith("novaberg.")]
    assert any(expected in line for line in upward_imports(found))
    assert package_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_a_persons_notes_and_appointments_are_read_outside_their_owners_only_through_the_holdings_read():
    """One read interface for a person's holdings (`agents.holdings.Holdings`, handed in as `Deps.holdings`): no
    module outside the notes and the timeline builds their repositories, except the one implementation
    (`graph/holdings.py`) and the facade that hands it in (`api/nova.py`)."""
    owners = ("notes/", "timeline/")
    allowed = {"graph/holdings.py", "api/nova.py"}
    offenders = []
    for path in ROOT.rglob("*.py"):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(owners) or name in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        if "novaberg.notes.repository" in text or "novaberg.timeline.repository" in text:
            offenders.append(name)
    assert offenders == []
