"""Issue 54, item 5: ``build/single_file.py --help`` answers, and an unknown option is refused in
a sentence; neither builds anything nor makes a folder (it once ran a full 85 MB build into a
folder named ``--help``)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "build" / "single_file.py"


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


def test_help_says_what_it_takes_and_builds_nothing(tmp_path):
    done = run(tmp_path, "--help")
    assert done.returncode == 0
    assert "usage: python build/single_file.py [-h] [OUT]" in done.stdout
    assert "default: build/out" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_option_is_refused_in_a_sentence(tmp_path):
    done = run(tmp_path, "--out", "here")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == ("Not built: unrecognized arguments: --out (python "
                           "build/single_file.py --help says what it takes).\n")
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
