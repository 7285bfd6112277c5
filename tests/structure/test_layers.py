"""The shape of the code that ARCHITECTURE.md asks for, checked on every run (issue 9).

- views/ imports nothing from rules/: the companion is the only door;
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


def test_views_import_nothing_from_rules():
    found = [f"{p.relative_to(ROOT)}:{node.lineno} {module}"
             for p in modules("views") for node in ast.walk(tree(p))
             for module, _ in imported(node) if module.split(".")[0] == "rules"]
    assert not found, "views reach into rules:\n" + "\n".join(found)


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
