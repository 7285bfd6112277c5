"""The game's own tests, run with the companion's checks over every game but the browser's
(``views.testing.check_game`` runs them all in one call): ``python -m pytest`` in this folder,
with the companion installed (its pytest plugin registers the game: pyproject.toml)."""
from __future__ import annotations

from resistance.plays import plays
from resistance.rules import GAME
from rules.testing import check_contract, check_readings
from views.testing import check_screens, check_setup_again


def test_the_companions_contract():
    check_contract(GAME, plays)


def test_its_readings_name_its_setup_options():
    check_readings(GAME)


def test_every_screen_draws_every_state(tmp_path):
    assert check_screens(GAME.key, plays(0), tmp_path) > 0


def test_play_again_starts_the_same_setup(tmp_path):
    check_setup_again(GAME.key, plays, tmp_path)  # no setup options: nothing to fill

