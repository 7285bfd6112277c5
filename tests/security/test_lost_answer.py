"""Issue 50, item 3: a phone that lost its answer gets its seat back.

The join form's answer may never reach the phone (the Wi-Fi drops, the screen locks, the host
is killed just after the commit); the phone asks again with the same name and its player key
(made on the phone before its first request). The seat is given again under a fresh pass, as
long as no screen has opened on it; anyone else asking for that name is refused as before.
The real app on loopback; the phones are guests from 127.0.0.2 and up.
"""
from __future__ import annotations

import json
import secrets

from companion.errors import Refused
from testsupport.door import post

import pytest


def ask(live, code: str, name: str, key: str | None, source: str = "127.0.0.2"):
    body = {"name": name, "colour": None, "player": key}
    return post(live, f"/join/{code}", json.dumps(body).encode(), source=source)


def test_the_same_phone_asking_again_gets_its_seat_back(live):
    svc = live.service
    code = svc.create_room(svc.host_key, "castle_party")
    key = secrets.token_urlsafe(18)
    status, lost = ask(live, code, "Ana", key)  # committed, but the phone never heard it
    assert status == 200
    status, again = ask(live, code, "Ana", key)
    assert status == 200, again
    assert again["name"] == "Ana" and again["player"] == key
    assert again["pass"] != lost["pass"]
    seats = svc.seats(code)
    assert [s.name for s in seats] == ["Ana"]  # the same seat, not a second one
    assert svc.seat_by_token(code, again["pass"]).id == seats[0].id
    with pytest.raises(Refused):  # the lost pass opens nothing: one pass a seat
        svc.seat_by_token(code, lost["pass"])
    assert "Ana's phone took its seat again." in svc.history(code)


def test_another_phone_or_no_key_is_refused_as_before(live):
    svc = live.service
    code = svc.create_room(svc.host_key, "castle_party")
    key = secrets.token_urlsafe(18)
    assert ask(live, code, "Ana", key)[0] == 200
    for other, source in ((secrets.token_urlsafe(18), "127.0.0.3"), (None, "127.0.0.4"),
                          ("not a key", "127.0.0.5")):
        status, answer = ask(live, code, "ana", other, source=source)
        assert status == 422 and "taken by another phone" in answer["refused"], answer
    assert len(svc.seats(code)) == 1


def test_a_seat_whose_screen_opened_is_not_given_again(live):
    """Once the phone's screen has opened on the seat, it heard its answer: a second device
    holding a copy of the player key does not take the seat from it."""
    svc = live.service
    code = svc.create_room(svc.host_key, "castle_party")
    key = secrets.token_urlsafe(18)
    status, seated = ask(live, code, "Ana", key)
    seat = svc.seat_by_token(code, seated["pass"])
    svc.connected(code, seat.id, +1)
    svc.connected(code, seat.id, -1)  # the screen closed again: it had its answer
    status, answer = ask(live, code, "Ana", key)
    assert status == 422 and "taken by another phone" in answer["refused"]
    assert svc.seat_by_token(code, seated["pass"]).id == seat.id


def test_after_a_restart_the_phone_gets_its_seat_back(tmp_path):
    """The host killed just after the commit: the phone's retry reaches a new process, which
    gives the seat (no screen has opened on it in this run)."""
    from companion.hub import Hub
    from companion.rooms import TableService
    from companion.store import Store

    store = Store(tmp_path / "companion.db")
    svc = TableService(store, Hub())
    code = svc.create_room(svc.host_key, "castle_party")
    key = secrets.token_urlsafe(18)
    svc.join(code, "Ana", "127.0.0.2", None, key)
    store.close()
    store = Store(tmp_path / "companion.db")
    try:
        svc = TableService(store, Hub())
        seat, token = svc.join(code, "Ana", "127.0.0.2", None, key)
        assert seat.name == "Ana" and svc.seat_by_token(code, token).id == seat.id
        assert len(svc.seats(code)) == 1
    finally:
        store.close()
