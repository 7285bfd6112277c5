"""Tests use support code, not each other (issue 51): what several tests share lives in
testsupport/ (found through pytest's ``pythonpath``), so no test module imports another test
module or a conftest, and no test or support module changes ``sys.path``.

The scripts run by their path (tests/gallery.py, tests/bench/*.py) put the checkout first
with one line each: pytest never imports them."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
# tests/structure/test_readings_listed.py is also a script (it writes the README's readings):
# its one line puts the checkout first when it is run by its path
SCRIPTS = {TESTS / "gallery.py", TESTS / "structure" / "test_readings_listed.py",
           *(TESTS / "bench").glob("*.py")}
# the modules a test may not import: tests, conftests, and the names of the folders that held
# support code before testsupport/ (e2e.conftest, security.live, contract_plays, ...)
TEST_MODULES = {p.stem for p in TESTS.rglob("*.py") if p.stem.startswith("test_")}
FORMER = {"conftest", "contract_plays", "e2e", "security", "host_journey", "small_disk",
          "flet_page", "engines", "name_proxy", "outside", "live", "flet_client", "gallery",
          "tests"}


def sources() -> list[Path]:
    return sorted([*TESTS.rglob("*.py"), *(ROOT / "testsupport").rglob("*.py")])


def imports(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text() if text is None else text, str(path))):
        if isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return found


def wrong_imports(path: Path, text: str | None = None) -> list[str]:
    """A test module, a conftest or a former support folder imported by name, or anything
    imported relatively from a test (testsupport's own modules import each other)."""
    return [f"{path.relative_to(ROOT)}:{line} imports {name}"
            for line, name in imports(path, text)
            if (path.is_relative_to(TESTS) if name.startswith(".")
                else name.split(".")[0] in TEST_MODULES | FORMER)]


def test_no_test_imports_a_test_module_or_a_conftest():
    wrong = [w for p in sources() if p not in SCRIPTS for w in wrong_imports(p)]
    assert not wrong, "import it from testsupport/ instead:\n" + "\n".join(wrong)


def test_no_test_changes_sys_path():
    wrong = [f"{p.relative_to(ROOT)}:{node.lineno}" for p in sources() if p not in SCRIPTS
             for node in ast.walk(ast.parse(p.read_text(), str(p)))
             if isinstance(node, ast.Attribute) and node.attr == "path"
             and isinstance(node.value, ast.Name) and node.value.id == "sys"]
    assert not wrong, ("sys.path is pytest's (pyproject.toml's pythonpath):\n"
                       + "\n".join(wrong))


def test_the_check_finds_what_it_looks_for():
    """The imports of the kinds issue 51 counted are found, and support imports are not."""
    test = TESTS / "views" / "test_x.py"
    bad = ("from test_panels import buttons\nimport conftest\nfrom .conftest import PHONE\n"
           "from e2e.flet_page import see\nfrom contract_plays import plays_for\n")
    assert len(wrong_imports(test, bad)) == 5
    good = "from testsupport.screens import press\nfrom views.testing import buttons\n"
    assert wrong_imports(test, good) == []
    assert wrong_imports(ROOT / "testsupport" / "x.py", "from .flet_page import see\n") == []
