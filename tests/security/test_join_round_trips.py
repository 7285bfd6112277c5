"""Issue 38: a phone's saved settings reach the host in one round trip of the websocket.

The join screen reads up to seven settings from the browser (seat passes, the player it
remembers). Each read is a question over the websocket; asked one
after another, a phone on a crowded Wi-Fi waited five round trips before its screen. The
scripted phone here answers every question a while later, as such a phone does, and notes how
many answers had reached the host before each question: asked together, none had.
"""
from __future__ import annotations

import asyncio

import msgpack

from testsupport.flet_client import FletClient, run
from testsupport.guests import seat_room, until

PATCH_CONTROL = 2  # Flet's message that redraws controls
WIFI_DELAY = 0.2  # each answer of a phone on a crowded Wi-Fi, a round trip's time


def join(live, route: str, prefs: dict | None = None, kept: str | None = None) -> FletClient:
    """A phone's join; ``kept``: the cookie its join page set (first.js), "0" when its
    browser keeps none of the app's settings."""
    cookies = {} if kept is None else {f"companion_kept_{live.port}": kept}

    async def play():
        phone = FletClient(live.port, "127.0.0.2", prefs=prefs, latency=WIFI_DELAY,
                           cookies=cookies)
        await (await phone.open()).register(route)
        assert await until(lambda: phone.saw(b"Take a seat") or phone.saw(b"Confirm my vote")
                           or phone.saw(b"Vote for"), 30), "the join screen never came"
        await asyncio.sleep(0)
        await phone.close()
        return phone
    return run(play())


def test_a_cold_join_asks_for_its_settings_in_one_round_trip(live):
    code, _ = seat_room(live)
    phone = join(live, f"/join/{code}")
    assert phone.round_trips("get") <= 1, phone.calls


def test_a_phone_that_keeps_nothing_is_asked_nothing(live):
    """Its join page said so in a cookie: the join screen comes with no question at all."""
    code, _ = seat_room(live)
    phone = join(live, f"/join/{code}", kept="0")
    assert phone.saw(b"Take a seat")
    assert [name for name, _ in phone.calls if name == "get"] == []


def test_a_phone_that_keeps_settings_or_does_not_say_is_asked(live):
    """A "1", another port's cookie, a forged value or none: the browser may keep a seat
    pass, so it is asked (once), and the seat it keeps is its screen."""
    code, tokens = seat_room(live, ("Ann", "Bea"))
    prefs = {f"companion.seat.{code}": tokens["Ann"]}
    for kept in ("1", None, "00", "yes"):
        phone = join(live, f"/join/{code}", prefs, kept=kept)
        assert phone.round_trips("get") == 1, (kept, phone.calls)
        assert phone.saw(b"Ann"), kept


def test_a_returning_phone_from_another_room_asks_once_too(live):
    """The most a join reads: this room's passes, the room it comes from ("Play again"),
    and the player it remembers."""
    code, tokens = seat_room(live, ("Ann", "Bea"))
    old, old_tokens = seat_room(live, ("Ann",))
    prefs = {f"companion.seat.{code}": tokens["Ann"], f"companion.seats.{code}": [tokens["Bea"]],
             f"companion.seat.{old}": old_tokens["Ann"],
             "companion.player.name": "Ann"}
    phone = join(live, f"/join/{code}?from={old}", prefs)
    gets = [name for name, _ in phone.calls if name == "get"]
    assert len(gets) >= 7  # every setting was asked for...
    assert phone.round_trips("get") == 1, phone.calls  # ...at once


def test_a_ballot_sends_the_table_its_new_count_and_nothing_else(live):
    """A cast changes the count on the table, not its buttons: one small frame per ballot,
    not the vote's panel and the action bar drawn again (issue 38: two frames of 1.2 KB)."""
    voters = ("Ann", "Bea", "Cid")
    code, tokens = seat_room(live, voters)
    sv = live.service
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Who leads?", "candidates": ["North", "South"],
                                      "voters": list(voters)})

    async def play():
        table = FletClient(live.port)
        await (await table.open()).register(f"/table/{code}?k={sv.host_key}")
        assert await until(lambda: table.saw(b"0 of 3 have voted"), 30)
        before = len(table.frames)
        for n, name in enumerate(("Ann", "Bea"), start=1):
            sv.cast(code, tokens[name], ["North"])
            assert await until(lambda: table.saw(b"%d of 3 have voted" % n), 30)
        await table.close()
        sent = table.frames[before:]
        return sent[:1 + next(i for i, f in enumerate(sent) if b"2 of 3 have voted" in f)]

    frames = run(play())
    drawn = [f for f in frames if msgpack.unpackb(f[1:], strict_map_key=False)[0] == PATCH_CONTROL]
    assert len(drawn) == 2, [f[:300] for f in drawn]  # (besides, the reader hears the count)
    assert not any(b"Close the vote now" in f for f in drawn)  # the action bar stays
    assert not any(b"Who leads?" in f for f in drawn)  # the panel stays: its count changes
