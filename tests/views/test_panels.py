"""Every game's screens drawn without a browser, in every state of a random play.

The real table screen and the real phone screens (views/table.py, views/phone.py with each
game's panels) are built on a page that goes nowhere, and redrawn after every move of a
random play of each registered game (each game's contract plays, ``companion.games.plays``), for the table and for
every seat (``views.testing.check_screens``, which a game kept in its own package runs from
its own tests). A screen that raises on some state of its game fails here, long before a
table night finds it.
"""
from __future__ import annotations

import pytest

from companion.games import plays as plays_for

from companion import games
from companion.rooms import TableService
from companion.store import Store
from views.phone import PhoneRoom
from views.screen import Session, Urls
from views.testing import NowherePage, buttons, check_screens, nowhere  # noqa: F401


@pytest.mark.parametrize("key", list(games.REGISTRY))
def test_every_screen_draws_every_state_of_a_random_play(key, tmp_path):
    plays = plays_for(key)
    assert plays is not None, f"{key} has no contract plays"
    check_screens(key, plays(0), tmp_path)


def test_castle_party_a_group_drawn_by_hand_is_said_from_the_phone(tmp_path):
    """"Once all of the players have drawn the Monsters in their own castles ... the game
    continues": a player who drew the group square by square says so on their phone, and the
    table's next card is no longer held up by their castle."""
    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    code = sv.create_room(sv.host_key, "castle_party")
    tokens = {name: sv.join(code, name)[1] for name in ("Ana", "Bruno")}
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "reveal_shape")
    sv.act(code, sv.host_key, "set_group", {"group": [{"square": [0, 0], "guest": "V"}]})
    sv.act(code, sv.host_key, "pass_special", {"everyone": True})
    sv.act(code, tokens["Ana"], "add_group", {"at": [2, 2], "turns": 0})
    assert "reveal_shape" not in sv.legal_moves(code, sv.host_key)  # Bruno's castle waits
    phone = PhoneRoom(session, code, [tokens["Bruno"]])
    phone.refresh(force=True)
    by_hand, = [b for b in buttons(phone.root) if b.content == "Draw it square by square instead"]
    by_hand.on_click(None)
    done, = [b for b in buttons(phone.root) if b.content == "I have drawn Shape 1's group"]
    done.on_click(None)
    assert "reveal_shape" in sv.legal_moves(code, sv.host_key)
    store.close()
