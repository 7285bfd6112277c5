"""The shape of the code that docs/architecture.md asks for, checked on every run (issues 9, 37).

- imports point one way, views -> companion -> rules: views/ imports nothing from rules/ (the
  companion is the only door), companion/ nothing from views/ but in its entry point (the one
  place that wires views in), rules/ nothing from companion/ or views/;
- rules/ are pure: no Flet, no I/O, no clock, no randomness of their own (but the contract
  plays beside each own game, random games for the tests, which the host never imports);
- companion/ has no import circle (its parts take what they use, one way);
- no function in rules/, companion/ or views/ is over 60 lines;
- no module imports an underscore (private) name from another module.
"""
from __future__ import annotations

import ast
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
LONGEST = 60


def modules(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


def tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(), str(path))


def imported(node: ast.AST) -> list[tuple[str, list[str]]]:
    if isinstance(node, ast.ImportFrom):
        return [("." * node.level + (node.module or ""), [a.name for a in node.names])]
    if isinstance(node, ast.Import):
        return [(a.name, []) for a in node.names]
    return []


# docs/architecture.md: companion's entry point "is the one place that wires views in"; and
# the tests' entry point, the pytest plugin, registering a game's screens for its tests
WIRES_VIEWS = {ROOT / "companion" / "__main__.py", ROOT / "companion" / "testing" / "plugin.py"}
# what "pure" rules may not reach: the other layers, the screens, storage, files, the network,
# the clock and chance (dice come in as inputs)
IMPURE = {"companion", "views", "flet", "flet_web", "sqlite3", "sqlite_utils", "os", "io",
          "pathlib", "shutil", "socket", "subprocess", "threading", "asyncio", "logging",
          "time", "datetime", "random", "secrets", "uuid"}


def reaching(folder: str, banned: set[str], allowed: set[Path] = frozenset()) -> list[str]:
    """Every import under folder whose top package is banned (imports inside functions too)."""
    return [f"{p.relative_to(ROOT)}:{node.lineno} {module}"
            for p in modules(folder) if p not in allowed for node in ast.walk(tree(p))
            for module, _ in imported(node) if module.split(".")[0] in banned]


def test_views_import_nothing_from_rules():
    found = reaching("views", {"rules"})
    assert not found, "views reach into rules:\n" + "\n".join(found)


def test_companion_imports_no_views_but_in_its_entry_point():
    found = reaching("companion", {"views"}, WIRES_VIEWS)
    assert not found, "companion reaches into views:\n" + "\n".join(found)


# the project's own games' contract plays (companion/own_games.py): random games for the
# tests, drawn from a seed as an outside game's plays module draws them
PLAYS = {ROOT / "rules" / "table_vote_plays.py"} | set((ROOT / "rules").glob("*/plays.py"))


def test_rules_are_pure():
    found = reaching("rules", IMPURE, PLAYS)
    found += [f for f in reaching("rules", IMPURE - {"random"}) if ROOT / f.split(":")[0] in PLAYS]
    assert not found, "rules reach out of themselves:\n" + "\n".join(found)


def companion_imports(path: Path, names: set[str]) -> set[str]:
    """The companion modules that one imports, by their names in companion/."""
    out = set()
    for node in ast.walk(tree(path)):
        for module, members in imported(node):
            if module.startswith("companion."):  # absolute: companion.x.y
                module = "." + module.removeprefix("companion.")
            elif module == "companion":
                module = "."
            if module == ".":  # from . import x
                out |= set(members)
            elif module.startswith(".") and not module.startswith(".."):
                out.add(module[1:].split(".")[0])
    return (out & names) - {path.stem}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_companion_has_no_import_circle():
    # typing-only imports count: a circle hidden behind TYPE_CHECKING is still two modules
    # that cannot be read, changed or tested one without the other
    paths = list((ROOT / "companion").glob("*.py"))
    names = {p.stem for p in paths}
    found = circles({p.stem: companion_imports(p, names) for p in paths})
    assert not found, "import circles in companion/: " + "; ".join(
        " <-> ".join(group) for group in found)


def test_no_function_is_over_60_lines():
    found = [f"{p.relative_to(ROOT)}:{node.lineno} {node.name} ({n} lines)"
             for p in modules("rules", "companion", "views") for node in ast.walk(tree(p))
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
             and (n := node.end_lineno - node.lineno + 1) > LONGEST]
    assert not found, "functions over 60 lines:\n" + "\n".join(found)


def test_no_module_imports_another_modules_private_names():
    found = [f"{p.relative_to(ROOT)}:{node.lineno} {module}.{name}"
             for p in modules("rules", "companion", "views") for node in ast.walk(tree(p))
             for module, names in imported(node) for name in names
             if name.startswith("_") and not name.startswith("__")]
    assert not found, "private names imported:\n" + "\n".join(found)
