"""Issue 11, findings 4, 5, 6, 8, 9 and 11: what a request may not do, whoever sends it."""
from __future__ import annotations

import os
import stat

import pytest

from companion.errors import Refused
from companion.store import Store
from testsupport.guests import raw_get, GUEST


# --- finding 5: static files --------------------------------------------------------------
@pytest.mark.parametrize("path", ["/%00", "/a%00.js", "/" + "a" * 300, "/" + "b/" * 200 + "c.js",
                                  "/assets/../index.html", "/../../etc/passwd",
                                  "/assets/..%2f..%2fetc%2fpasswd", "//etc/passwd", "/a\\b.js",
                                  "/canvaskit/./canvaskit.wasm"])
def test_no_path_gets_a_500_or_a_file_outside_the_client(live, path):
    status, _, body = raw_get(live, path, {"Accept-Encoding": "gzip"})
    assert status in (200, 404), (path, status)
    assert b"root:" not in body
    if "index.html" in path:
        assert status == 404  # Flet's unpatched index is never served


def test_a_crafted_path_makes_no_folder_outside_the_cache(live, tmp_path):
    before = set(os.listdir(tmp_path))
    raw_get(live, "/../../../escape-dir/x.js", {"Accept-Encoding": "gzip"})
    raw_get(live, "/assets/../../escape-two/y.js", {"Accept-Encoding": "gzip"})
    assert set(os.listdir(tmp_path)) == before
    assert not any("escape" in d for _, dirs, _ in os.walk(tmp_path) for d in dirs)


def test_etags_and_encodings_follow_rfc_9110(live):
    path = "/main.dart.js"
    status, headers, _ = raw_get(live, path, {"Accept-Encoding": "gzip"})
    assert status == 200 and headers.get("content-encoding") == "gzip"
    etag = headers["etag"]
    for value in (f"W/{etag}", f'"other", {etag}', "*"):
        assert raw_get(live, path, {"Accept-Encoding": "gzip", "If-None-Match": value})[0] == 304
    assert raw_get(live, path, {"Accept-Encoding": "gzip", "If-None-Match": '"x"'})[0] == 200
    # gzip;q=0 means "not gzip"; "xgzipx" is not gzip either
    for refused in ("gzip;q=0", "xgzipx", "identity"):
        _, headers, _ = raw_get(live, path, {"Accept-Encoding": refused})
        assert headers.get("content-encoding") != "gzip", refused
    _, headers, _ = raw_get(live, path, {"Accept-Encoding": "br;q=1.0, gzip;q=0.5"})
    assert headers.get("content-encoding") == "gzip"


def test_half_written_copies_of_a_stopped_host_are_swept(tmp_path):
    from companion.static import CompressedFiles
    cache = tmp_path / "cache"
    (cache / "assets").mkdir(parents=True)
    dead = cache / "assets" / "main.dart.js.gz.999999.tmp"  # no such process
    dead.write_bytes(b"x" * 3_000_000)
    files = CompressedFiles(cache=cache)
    files.sweep()
    assert not dead.exists()


# --- finding 6: room codes ----------------------------------------------------------------
def test_room_codes_cannot_be_probed_from_one_address(svc):
    code = svc.create_room(svc.host_key, "table_vote")
    wrong = [c for c in ("ZZZZ", "ZZZY", "ZZZX", "ZZZW", "ZZZV", "ZZZU", "ZZZT", "ZZZS", "ZZZR",
                         "ZZZQ", "ZZZP") if c != code]
    for c in wrong[:10]:
        with pytest.raises(Refused, match="There is no room"):
            svc.find_room(c, GUEST)
    with pytest.raises(Refused, match="Too many wrong room codes"):
        svc.find_room(code, GUEST)  # even the right code: the probe learns nothing
    assert svc.find_room(code, "192.168.1.67").code == code  # another phone is not held back
    svc.clock.now += 61
    assert svc.find_room(code, GUEST).code == code


def test_new_seats_from_one_address_are_limited(svc):
    code = svc.create_room(svc.host_key, "table_vote")
    for name in "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon Kim Lou".split():
        svc.join(code, name, GUEST)
    with pytest.raises(Refused, match="Too many new seats"):
        svc.join(code, "Max", GUEST)


# --- finding 4: a freed seat --------------------------------------------------------------
def test_a_freed_seat_cannot_be_taken_by_the_quickest_phone(svc):
    code = svc.create_room(svc.host_key, "table_vote")
    bob, _ = svc.join(code, "Bob")
    svc.free_seat(svc.host_key, code, bob.id)
    with pytest.raises(Refused, match="seat is free: tap"):
        svc.join(code, "Bob", GUEST)
    mallory = svc.request_seat(code, bob.id)
    assert svc.collect_seat(code, mallory.secret) is None  # nothing until the table says so
    with pytest.raises(Refused):
        svc.answer_seat_request("forged", code, mallory.id, True)
    assert not svc.seat(code, bob.id).claimed


# --- finding 8: names ---------------------------------------------------------------------
@pytest.mark.parametrize("name, why", [
    ("\u200b", "hidden or control"), ("\u3164\u3164", "letter everyone can see"), ("\u3164", "letter everyone can see"),
    ("\u2800\u2800", "letter everyone can see"), ("Alice\u200b", "hidden or control"),
    ("\u202eecilA", "hidden or control"), ("Bob\x07", "hidden or control"),
    ("Eve\u2066x", "hidden or control"),
])
def test_invisible_and_control_characters_are_refused(svc, name, why):
    code = svc.create_room(svc.host_key, "table_vote")
    with pytest.raises(Refused, match=why):
        svc.join(code, name)


def test_a_name_that_looks_like_a_seated_one_is_refused(svc):
    code = svc.create_room(svc.host_key, "table_vote")
    svc.join(code, "Alice")
    with pytest.raises(Refused, match="looks too much like Alice"):
        svc.join(code, "\u0410lice")  # Cyrillic A
    with pytest.raises(Refused, match="looks too much like"):
        svc.join(code, "AIice")  # capital i for l
    seat, _ = svc.join(code, "Cafe\u0301")  # a decomposed accent is stored composed (NFC)
    assert seat.name == "Caf\u00e9"
    assert svc.join(code, "Alicia")[0].name == "Alicia"  # a different name is fine


# --- finding 9: undo in one transaction ---------------------------------------------------
def test_a_crash_during_undo_leaves_the_move_or_its_undoing_never_half(svc, monkeypatch):
    code = svc.create_room(svc.host_key, "table_vote")
    svc.join(code, "Ann")
    svc.join(code, "Ben")
    svc.start(svc.host_key, code)
    svc.act(code, svc.host_key, "ask", {"question": "Pizza?", "candidates": ["Yes", "No"],
                                        "voters": ["Ann", "Ben"]})
    before = svc.store.rows("SELECT * FROM log"), svc.store.rows("SELECT * FROM votes")

    def crash(*a, **k):
        raise RuntimeError("killed here")
    monkeypatch.setattr(svc.parts.calls, "sync", crash)  # the second half of the old two-step undo
    with pytest.raises(RuntimeError):
        svc.undo(svc.host_key, code)
    assert (svc.store.rows("SELECT * FROM log"), svc.store.rows("SELECT * FROM votes")) == before


# --- finding 11: the file is the host's own -----------------------------------------------
def test_the_database_file_and_its_folder_are_private(tmp_path):
    store = Store(tmp_path / "share" / "companion" / "companion.db")
    try:
        assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
        assert stat.S_IMODE(os.stat(store.path.parent).st_mode) == 0o700
    finally:
        store.close()
