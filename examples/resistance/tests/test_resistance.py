"""The game's own tests, run with the companion's checks: ``pytest examples/resistance/tests``
(the game and the companion installed)."""
from __future__ import annotations

from resistance.plays import plays
from resistance.rules import GAME
from rules.testing import check_contract
from views.testing import check_screens


def test_the_companions_contract():
    check_contract(GAME, plays)


def test_every_screen_draws_every_state(tmp_path):
    assert check_screens(GAME.key, plays(0), tmp_path) > 0
