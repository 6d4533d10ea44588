"""The floors of the house (docs/architecture.md): no import circle anywhere, Python or
JavaScript, and no import that climbs a floor."""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "soan"
JS_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'`](\.[^"'`]+)["'`]""")


def python_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the project modules it imports, anywhere in the file (lazy imports and
    TYPE_CHECKING blocks count: a circle hidden in a function is still a circle)."""
    modules = {}
    for path in root.rglob("*.py"):
        parts = ("soan", *path.relative_to(root).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.level and node.module else (
                    base if node.level else node.module or "")
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.add(sub if sub in modules else base)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def javascript_graph(root: Path) -> dict[str, set[str]]:
    """Script -> the scripts it imports; a dynamic import of a template string
    (`./games/${game}.js`) is an edge to every file it can name."""
    files = {p.relative_to(root).as_posix(): p for p in root.rglob("*.js")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        targets = set()
        for spec in JS_IMPORT.findall(path.read_text(encoding="utf-8")):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), spec))
            pattern = re.sub(r"\\\$\\\{[^}]*\\\}", "[^/]+", re.escape(target))
            targets |= {f for f in files if re.fullmatch(pattern, f)}
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_no_python_import_circle() -> None:
    assert cycles(python_graph(SRC)) == []


def test_no_javascript_import_circle() -> None:
    graph = javascript_graph(SRC / "web" / "static" / "js")
    assert graph["render.js"] >= {"dom.js", "games/generic.js"}, "dynamic imports are edges"
    assert cycles(graph) == []


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# a game's modules beside its rules: they read the state, the rules never read them
BESIDE_THE_RULES = ("presentation", "evaluation", "encoding", "__init__")


def test_states_import_neither_presentation_nor_evaluation() -> None:
    graph = python_graph(SRC)
    for game in ("cityplan", "populous", "quovadis", "undecim"):
        rules = {m for m in graph if m.startswith(f"soan.games.{game}.")
                 and m.rsplit(".", 1)[1] not in BESIDE_THE_RULES}
        for module in rules:
            bad = {t for t in graph[module] if t.rsplit(".", 1)[-1] in BESIDE_THE_RULES[:3]}
            assert not bad, f"{module} imports {bad}"


def test_floors() -> None:
    """Games never import bots, the lab, the web or the terminal; the engine imports no game."""
    graph = python_graph(SRC)
    upper = ("soan.bots", "soan.lab", "soan.web", "soan.terminal", "soan.cli")
    for module, targets in graph.items():
        if module.startswith(("soan.games", "soan.boards")):
            assert not [t for t in targets if t.startswith(upper)], module
        if module.startswith("soan.engine"):
            assert not [t for t in targets if t.startswith(("soan.games", *upper))], module
