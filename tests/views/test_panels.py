"""Every game's screens drawn without a browser, in every state of a random play.

The real table screen and the real phone screens (views/table.py, views/phone.py with each
game's panels) are built on a page that goes nowhere, and redrawn after every move of a
random play of each registered game (tests/rules/contract_plays/), for the table and for
every seat. A screen that raises on some state of its game fails here, long before a table
night finds it.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import flet as ft
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from contract_plays import play_vote, plays_for  # noqa: E402

from companion import games  # noqa: E402
from companion.errors import Refused  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from rules import TABLE  # noqa: E402
from views.phone import PhoneRoom  # noqa: E402
from views.screen import Session, Urls  # noqa: E402
from views.table import TableRoom  # noqa: E402

MOVES = 40  # of each play: enough to reach the phases, short enough for CI


class NowherePage:
    """A page with no browser: updates go nowhere, tasks are not run."""

    client_ip = "127.0.0.1"
    route = "/"

    def update(self, *controls) -> None:
        pass

    def run_task(self, fn, *args, **kwargs) -> None:
        coroutine = fn(*args, **kwargs)
        if hasattr(coroutine, "close"):
            coroutine.close()


async def nowhere(route: str) -> None:
    pass


def buttons(control) -> list:
    """Every enabled, visible button under ``control``."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if c is None or getattr(c, "visible", True) is False:
            continue
        if isinstance(c, (ft.Button, ft.FilledButton, ft.OutlinedButton, ft.TextButton)) \
                and not getattr(c, "disabled", False):
            found.append(c)
        for attr in ("controls", "content", "actions"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child])
    return found


@pytest.mark.parametrize("key", list(games.REGISTRY))
def test_every_screen_draws_every_state_of_a_random_play(key, tmp_path):
    play = plays_for(key)(0)
    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    code = sv.create_room(sv.host_key, key)
    tokens = {name: sv.join(code, name)[1] for name in play.players}
    table = TableRoom(session, sv.host_key, code)
    phones = {name: PhoneRoom(session, code, [token]) for name, token in tokens.items()}
    screens = [table, *phones.values()]
    for screen in screens:
        screen.refresh(force=True)
    sv.start(sv.host_key, code, play.options)
    rng, drawn = random.Random(0), 0
    for action in play.actions[:MOVES]:
        if action.move == "vote_result":
            continue  # the ballot box makes its own
        credential = sv.host_key if action.actor == TABLE else tokens.get(action.actor)
        try:
            sv.act(code, credential, action.move, dict(action.args))
        except Refused:
            continue
        play_vote(sv, code, rng)
        for screen in screens:
            screen.refresh(force=True)  # raises if any part of any screen cannot draw
            drawn += 1
        assert buttons(table.root)  # the table always has a next step or a way home
    assert drawn, "the play made no move at all"
    store.close()


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
    phone.game_panel._by_hand()  # "Draw it square by square instead"
    done, = [b for b in buttons(phone.root) if b.content == "I have drawn Shape 1's group"]
    done.on_click(None)
    assert "reveal_shape" in sv.legal_moves(code, sv.host_key)
    store.close()
