"""The join page's form takes a seat before the app is up (issue 39, companion/join_form.py).

The ASGI middleware is called directly with a real TableService on a real SQLite file: what a
phone's Join sends, what it gets back, and that every request no join page sends is answered
with a sentence and changes nothing in the database.
"""
from __future__ import annotations

import concurrent.futures
import json

import anyio
import pytest

from companion import join_form
from companion.join_form import JoinForm
from companion.seats import player_id
from testsupport.service import is_sentence

HOST = "companion.test:8550"


class Behind:
    """What the middleware passes on (the static layer in production)."""

    def __init__(self):
        self.asked = []

    async def __call__(self, scope, receive, send):
        self.asked.append((scope["method"], scope["path"]))
        await send({"type": "http.response.start", "status": 405, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def post(app, path, body: bytes | list[bytes], origin=f"http://{HOST}",
         content_type="application/json", method="POST", length: int | None = None,
         trickle: bool = False):
    """One request; ``body`` as one piece or as the pieces a client sends (``trickle``: and
    then never the rest)."""
    pieces = body if isinstance(body, list) else [body]
    headers = [(b"host", HOST.encode())]
    if origin:
        headers.append((b"origin", origin.encode()))
    if content_type:
        headers.append((b"content-type", content_type.encode()))
    headers.append((b"content-length", str(sum(map(len, pieces)) if length is None
                                           else length).encode()))
    scope = {"type": "http", "method": method, "path": path, "headers": headers,
             "client": ("192.0.2.7", 50000), "server": ("127.0.0.1", 8550)}
    sent, left = [], list(pieces)

    async def receive():
        if left:
            piece = left.pop(0)
            return {"type": "http.request", "body": piece, "more_body": bool(left) or trickle}
        await anyio.sleep_forever()

    async def send(message):
        sent.append(message)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # the worker may run a loop
        pool.submit(anyio.run, app, scope, receive, send).result()
    status = sent[0]["status"]
    raw = b"".join(m.get("body", b"") for m in sent[1:])
    return status, (json.loads(raw) if raw else None)


def name(n: str, **more) -> bytes:
    return json.dumps({"name": n, **more}).encode()


@pytest.fixture
def room(svc, host):
    return svc.create_room(host, "table_vote")


@pytest.fixture
def form(svc):
    behind = Behind()
    app = JoinForm(behind, svc)
    app.behind = behind
    return app


def test_join_takes_the_seat_and_answers_its_pass(svc, room, form):
    status, answer = post(form, f"/join/{room.lower()}", name("  Ana  "))
    assert status == 200
    assert answer["name"] == "Ana"
    seat = svc.seat_by_token(room, answer["pass"])  # the pass the app will open with
    assert seat.name == "Ana" and seat.colour == answer["colour"]
    assert player_id(answer["player"])  # the phone's first seat: a player key made for it
    assert [s.name for s in svc.seats(room)] == ["Ana"]
    assert form.behind.asked == []


def test_the_phones_own_player_and_colour_are_kept(svc, room, form):
    _, first = post(form, f"/join/{room}", name("Ana"))
    other = svc.create_room(svc.host_key, "table_vote")
    status, answer = post(form, f"/join/{other}", name("Ana", colour=first["colour"] + 2,
                                                        player=first["player"]))
    assert status == 200
    assert answer["player"] == first["player"]  # the same player across rooms
    assert answer["colour"] == first["colour"] + 2


def test_a_name_the_door_refuses_is_said_and_changes_nothing(svc, room, form, snapshot):
    post(form, f"/join/{room}", name("Ana"))
    before = snapshot()
    status, answer = post(form, f"/join/{room}", name("ana"))
    assert status == 422
    assert "seat is taken by another phone" in answer["refused"]
    assert is_sentence(answer["refused"])
    assert snapshot() == before


def test_a_wrong_room_code_is_said(svc, form, snapshot):
    before = snapshot()
    status, answer = post(form, "/join/ZZZZ", name("Ana"))
    assert status == 422 and is_sentence(answer["refused"])
    assert snapshot() == before


@pytest.mark.parametrize("kind, request_args, status", [
    ("another site's page", {"origin": "http://evil.example"}, 403),
    ("no origin", {"origin": None}, 403),
    ("a form post, not JSON", {"content_type": "application/x-www-form-urlencoded"}, 415),
    ("not JSON", {"body": b"name=Ana"}, 400),
    ("a list", {"body": b'["Ana"]'}, 400),
    ("a name that is no string", {"body": b'{"name": 7}'}, 400),
    ("a body too big", {"body": name("A" * 5000)}, 413),
    ("a length too big", {"length": 10 ** 9}, 413),
])
def test_a_request_no_join_page_sends_is_said_and_changes_nothing(
        svc, room, form, snapshot, kind, request_args, status):
    before = snapshot()
    args = {"body": name("Ana"), **request_args}
    got, answer = post(form, f"/join/{room}", **args)
    assert got == status, kind
    assert is_sentence(answer["refused"]), answer
    assert snapshot() == before, kind
    assert svc.seats(room) == []


def test_a_body_that_trickles_is_cut_off(svc, room, form, snapshot, monkeypatch):
    monkeypatch.setattr(join_form, "BODY_WITHIN", 0.2)
    before = snapshot()
    status, answer = post(form, f"/join/{room}", [b'{"name": '], length=20,
                          trickle=True)
    assert status == 413 and is_sentence(answer["refused"])
    assert snapshot() == before


def test_other_requests_go_on_to_the_app(room, form):
    post(form, f"/join/{room}", b"", method="GET", content_type=None)
    post(form, "/table", name("Ana"))
    assert form.behind.asked == [("GET", f"/join/{room}"), ("POST", "/table")]


def test_a_bug_behind_the_form_is_a_sentence_and_logged(svc, room, form, monkeypatch,
                                                        caplog):
    def broken(*args):
        raise KeyError("a bug")
    monkeypatch.setattr(svc, "join", broken)
    status, answer = post(form, f"/join/{room}", name("Ana"))
    assert status == 422 and is_sentence(answer["refused"])
    assert "KeyError" in caplog.text and "a bug" not in answer["refused"]
