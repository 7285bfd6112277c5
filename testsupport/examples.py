"""The outside games of examples/, their own tests run from their own folders as their author
runs them (tests/companion/test_example_games.py, tests/e2e/test_example_games_e2e.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p.parent for p in (ROOT / "examples").glob("*/pyproject.toml"))


def has_e2e(folder: Path) -> bool:
    return any("mark.e2e" in t.read_text() for t in (folder / "tests").glob("test_*.py"))


def own_tests(folder: Path, marks: str) -> subprocess.CompletedProcess:
    """``python -m pytest -m <marks>`` in the example's folder, in a process of its own: the
    checkout first on its PYTHONPATH (the companion under test, installed or not), nothing of
    the project's tests/ on it, and the companion's pytest plugin named (``-p``: a checkout not
    installed with pip has no ``pytest11`` entry point; an installed one loads it once, under
    the same name)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "companion.testing.plugin", "-m", marks],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=1800)
