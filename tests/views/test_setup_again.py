""""Play again" offers the setup the last game started with (issue 18): each game's setup form,
filled from a game's options, starts the same game again. Compared as the rules see it (the
state ``setup`` makes), not as dicts: a default left out and a default written are the same
setup, and Robinson's "Friday counts as a player" is the three settings it stands for."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from contract_plays import plays_for  # noqa: E402
from test_panels import NowherePage, nowhere  # noqa: E402

from companion import games  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from views.screen import Session, Urls  # noqa: E402
from views.table import TableRoom  # noqa: E402

# every game with setup options has a setup form (the table vote has neither)
SET_UP = [e.key for e in games.entries() if e.playable and e.game.options]


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"))
    yield service
    service.store.close()


def setup_form(svc: TableService, key: str, players) -> TableRoom:
    """The table screen of a room not started yet, its players seated."""
    code = svc.create_room(svc.host_key, key)
    for name in players:
        svc.join(code, name)
    session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
    table = TableRoom(session, svc.host_key, code)
    table.refresh(force=True)
    return table


@pytest.mark.parametrize("key", SET_UP)
@pytest.mark.parametrize("seed", range(4))
def test_the_form_filled_from_a_games_options_starts_the_same_game(svc, key, seed):
    play = plays_for(key)(seed)  # options as the contract plays vary them
    rules = games.load(key).game
    panel = setup_form(svc, key, play.players).game_panel
    panel.fill_setup(play.options)
    typed = panel.options()  # what the table's Start sends
    assert rules.setup(play.players, typed) == rules.setup(play.players, play.options)


@pytest.mark.parametrize("key", SET_UP)
def test_an_empty_suggestion_leaves_the_form_as_a_new_room_has_it(svc, key):
    play = plays_for(key)(0)
    fresh = setup_form(svc, key, play.players).game_panel.options()
    panel = setup_form(svc, key, play.players).game_panel
    panel.fill_setup({})
    assert panel.options() == fresh


def test_robinson_friday_counts_as_a_player_fills_his_three_settings(svc):
    panel = setup_form(svc, "robinson", ("Ana", "Bruno")).game_panel
    panel.fill_setup({"scenario": 2, "friday_counts_as_player": True})
    assert all(box.value for box in panel.form.friday.values())
    panel.fill_setup({"scenario": 2, "friday_counts_as_player": True, "friday_eats": False})
    assert [box.value for box in panel.form.friday.values()] == [False, True, True]
