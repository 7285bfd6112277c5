"""A part is redrawn when what it draws from changes, and only then (issue 37): the check
``views.testing.check_part_inputs`` (views/part_inputs.py, where it is told) over every
registered game, along the first moves of its contract play (``companion.games.plays``).

Which buttons a panel offers may hang on a shuffled deal (the cards of a hand): the dice of
every test are seeded by the companion's pytest plugin (companion/testing/plugin.py), so the
check taps the same buttons every run (issue 54: with the OS's dice, 3 runs of 6 of a card
draft tapped no choice of its own and failed)."""
from __future__ import annotations

import pytest

from companion import games
from companion.games import plays as plays_for
from views.testing import check_part_inputs


@pytest.mark.parametrize("key", list(games.REGISTRY))
def test_every_panel_redraws_what_changed_and_only_that(key, tmp_path):
    check_part_inputs(key, plays_for(key)(0), tmp_path)
