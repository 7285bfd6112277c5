"""The join page's form (issue 39, companion/join_form.py) against a hostile guest on the
table's Wi-Fi: the same limits as the app's own join, no seat from another site's page, and
no request that holds the server or grows it.

The real app on loopback; the guest connects from 127.0.0.2 (another machine, as the threat
model has it: the host's own 127.0.0.1 is trusted and not limited).
"""
from __future__ import annotations

import json
import socket

import pytest

from companion import join_form
from testsupport.door import GUEST, post


def name(n: str) -> bytes:
    return json.dumps({"name": n}).encode()


def test_a_guest_seats_no_crowd_through_the_form(live):
    code = live.service.create_room(live.service.host_key, "table_vote")
    answers = [post(live, f"/join/{code}", name(f"Guest {i}")) for i in range(40)]
    seated = [a for status, a in answers if status == 200]
    refused = {a["refused"] for status, a in answers if status == 422}
    assert len(seated) < 40 and len(live.service.seats(code)) == len(seated)
    assert any("Too many new seats" in r for r in refused), refused


def test_a_guest_cannot_find_a_room_by_trying_codes_through_the_form(live):
    code = live.service.create_room(live.service.host_key, "table_vote")
    wrong = [post(live, f"/join/{c}", name("Eve")) for c in ("AAAA", "BBBB", "CCCC", "DDDD",
                                                             "EEEE", "FFFF", "GGGG", "HHHH",
                                                             "JJJJ", "KKKK", "MMMM") if c != code]
    assert all(status == 422 for status, _ in wrong)
    status, answer = post(live, f"/join/{code}", name("Eve"))  # the right one, too late
    assert status == 422 and "Too many wrong room codes" in answer["refused"]
    assert live.service.seats(code) == []


def test_another_sites_page_seats_nobody(live):
    code = live.service.create_room(live.service.host_key, "table_vote")
    for origin in ("http://evil.example", "null", None):
        status, answer = post(live, f"/join/{code}", name("Ana"), origin=origin)
        assert status == 403 and "join page" in answer["refused"]
    assert live.service.seats(code) == []


def test_a_body_that_never_ends_holds_nothing(live, monkeypatch):
    """A guest announces a body and trickles it: cut off, and everyone else is answered
    meanwhile; a body announced too big is refused before a byte of it is read."""
    monkeypatch.setattr(join_form, "BODY_WITHIN", 5.0)  # the server runs in this process
    code = live.service.create_room(live.service.host_key, "table_vote")
    host = f"127.0.0.1:{live.port}"
    slow = socket.create_connection(("127.0.0.1", live.port), timeout=30,
                                    source_address=(GUEST, 0))
    slow.sendall((f"POST /join/{code} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
                  "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{").encode())
    status, answer = post(live, f"/join/{code}", name("Ana"), source="127.0.0.3")
    assert status == 200
    slow.setblocking(False)
    with pytest.raises(BlockingIOError):  # answered while the slow one is still being read
        slow.recv(65536)
    slow.setblocking(True)
    answer_to_slow = slow.recv(65536)
    slow.close()
    assert b" 413 " in answer_to_slow.split(b"\r\n")[0]
    status, answer = post(live, f"/join/{code}", b"{" * 3000)
    assert status == 413
    assert [s.name for s in live.service.seats(code)] == ["Ana"]
