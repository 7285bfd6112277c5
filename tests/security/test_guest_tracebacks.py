"""Issue 50, item 7: no guest request writes a traceback into the host's console.

A 2 KB join body nested 1,010 deep gave a 500 and 32 lines of traceback (a guest can send a
hundred a second); a CR/LF in the path of a ``?k=`` request gave one too. The join body's
parser refuses depth, and every other body it cannot read, with a sentence (a 4xx), and the
host's log, captured here as the host writes it, holds no traceback.
"""
from __future__ import annotations

import json
import logging

import pytest

from testsupport.door import post
from testsupport.door import get

DEEP = ("[" * 1010 + "]" * 1010).encode()  # 2,020 bytes: under the body's limit
BODIES = {
    "nested 1,010 deep": DEEP,
    "an object nested 1,000 deep": b'{"a":' * 400 + b"1" + b"}" * 400,
    "a name nested deep": b'{"name": ' + b"[" * 990 + b"]" * 990 + b"}",
    "not UTF-8": b'{"name": "\xff\xfe"}',
    "a lone surrogate": b'{"name": "Ann\\ud800"}',
    "a colour past any float": b'{"name": "Ann", "colour": 1e999}',
    "a colour of 4,000 digits": b'{"name": "Ann", "colour": ' + b"9" * 2000 + b"}",
    "a NaN": b'{"name": "Ann", "colour": NaN, "player": Infinity}',
    "a list": b'["Ann"]',
    "nothing": b"",
    "a NUL": b'{"name": "Ann\\u0000"}',
}


def no_traceback(caplog, capfd) -> None:
    logged = [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert logged == []
    printed = capfd.readouterr()
    assert "Traceback" not in printed.err + printed.out


@pytest.mark.parametrize("what", list(BODIES))
def test_a_join_body_it_cannot_read_is_a_sentence_and_no_traceback(live, caplog, capfd, what):
    code = live.service.create_room(live.service.host_key, "castle_party")
    with caplog.at_level(logging.INFO):
        status, answer = post(live, f"/join/{code}", BODIES[what])
    assert 400 <= status < 500, (status, answer)
    sentence = answer["refused"]
    assert sentence[:1].isupper() and sentence.endswith(".") and "Error" not in sentence
    assert live.service.seats(code) == []
    no_traceback(caplog, capfd)


def test_a_line_break_in_a_redirected_path_is_no_traceback(live, caplog, capfd):
    with caplog.at_level(logging.INFO):
        for n, path in enumerate(("/%0d%0aSet-Cookie:%20x=1?k=a", "/table%0a?k=a",
                                  "/%E2%80%A8?k=a", "/%00?k=a", "/%ff%fe?k=a",
                                  "/%ZZ?k=a", "/table?k=%0d%0a&x=%0d%0a")):
            status, headers = get(live.port, f"127.0.0.{2 + n}", path)
            assert status == 303 and "x" not in headers.get("set-cookie", ""), (path, status)
            assert all(32 < ord(c) < 127 for c in headers["location"]), headers["location"]
    no_traceback(caplog, capfd)


def test_a_join_body_of_ordinary_json_still_seats(live):
    code = live.service.create_room(live.service.host_key, "castle_party")
    status, answer = post(live, f"/join/{code}", json.dumps({"name": "Ann"}).encode())
    assert status == 200 and answer["name"] == "Ann"
