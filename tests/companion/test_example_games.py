"""The outside games of examples/ pass their own tests run from their own folders, as their
author runs them, through the companion's pytest plugin alone (issue 54): nothing of the
project's tests/ is on their path (testsupport/examples.py). Their e2e:
tests/e2e/test_example_games_e2e.py."""
from __future__ import annotations

import pytest

from testsupport.examples import EXAMPLES, own_tests


def test_there_are_two_example_games():
    assert {p.name for p in EXAMPLES} >= {"resistance", "drafting"}


@pytest.mark.parametrize("folder", EXAMPLES, ids=lambda p: p.name)
def test_an_example_games_own_tests_pass_from_its_folder(folder):
    done = own_tests(folder, "not e2e")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout, done.stdout[-2000:]
