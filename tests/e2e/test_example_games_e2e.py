"""The e2e tests of the outside games of examples/, run from their own folders through the
companion's pytest plugin alone (tests/companion/test_example_games.py runs the rest), each
in a process of its own, with its own host and Chromium (testsupport/examples.py)."""
from __future__ import annotations

import pytest

from testsupport.examples import EXAMPLES, has_e2e, own_tests

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("folder", [p for p in EXAMPLES if has_e2e(p)], ids=lambda p: p.name)
def test_an_example_games_e2e_passes_from_its_folder(folder):
    done = own_tests(folder, "e2e")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout, done.stdout[-2000:]
