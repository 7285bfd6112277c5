""""Play again" offers the setup the last game started with (issue 18): each game's setup form,
filled from a game's options, starts the same game again. Compared as the rules see it (the
state ``setup`` makes), not as dicts: a default left out and a default written are the same
setup, and Robinson's "Friday counts as a player" is the three settings it stands for."""
from __future__ import annotations

import pytest

from companion.games import plays as plays_for

from companion import games
from companion.rooms import TableService
from companion.store import Store
from views.testing import check_setup_again, setup_form

# every game with setup options has a setup form (the table vote has neither)
SET_UP = [e.key for e in games.entries() if e.playable and e.game.options]
ROBINSON = games.load("robinson").game


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"))
    yield service
    service.store.close()


@pytest.mark.parametrize("key", SET_UP)
def test_the_form_filled_from_a_games_options_starts_the_same_game(key, tmp_path):
    """Four plays' options, and an empty suggestion (``views.testing.check_setup_again``,
    which a game kept in its own package runs from its tests)."""
    check_setup_again(key, plays_for(key), tmp_path)


def test_robinson_friday_counts_as_a_player_fills_his_three_settings(svc):
    """Its own box, ticked, and the three settings left to it: all three yes; one of them
    set to no stays no."""
    players = ("Ana", "Bruno")
    panel = setup_form(svc, "robinson", players).game_panel
    fields = panel.setup_fields.fields
    settings = ("friday_eats", "friday_sleeps_out", "friday_weather")
    panel.fill_setup({"scenario": 2, "friday_counts_as_player": True})
    assert fields["friday_counts_as_player"].read() is True
    assert [fields[key].read() for key in settings] == [None, None, None]
    state = ROBINSON.setup(players, panel.options())
    assert all(getattr(state, key) for key in settings)
    panel.fill_setup({"scenario": 2, "friday_counts_as_player": True, "friday_eats": False})
    state = ROBINSON.setup(players, panel.options())
    assert [getattr(state, key) for key in settings] == [False, True, True]
