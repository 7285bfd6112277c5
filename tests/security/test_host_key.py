"""Issue 34, finding 8: the host key leaves the address, and cannot be found by trying keys.

The printed table URL is answered with a redirect to the same page without the key, which it
sets as an HttpOnly cookie: the address bar and history never keep it, and the table screen
opens from the cookie its websocket carries, asking the browser's storage nothing. Wrong host
keys are limited per address as room codes are, whichever way a browser offers them (a page
request, a route, a cookie); an address past its limit is refused even the right key, with a
sentence, and the right key from another address still opens the table screen. Guests are
scripted clients from 127.0.0.2 and up.
"""
from __future__ import annotations

import asyncio
import http.client

import pytest

from companion.errors import Refused
from companion.host_key import COOKIE

from testsupport.flet_client import FletClient, run
from testsupport.guests import GUEST, until

HELD = b"Too many wrong host keys from this address"
TABLE_SCREEN = b"New room: Table vote"  # only the table screen offers it


def test_wrong_host_keys_from_one_address_are_limited(svc):  # noqa: F811
    for n in range(10):
        assert not svc.host_key_from(f"guess{n}", GUEST)
    with pytest.raises(Refused, match="Too many wrong host keys"):
        svc.host_key_from(svc.host_key, GUEST)  # even the right key: the guesser learns nothing
    assert svc.host_key_from(svc.host_key, "192.168.1.67")  # another address is not held back
    assert not svc.host_key_from(None, "192.168.1.68")  # a browser with no key guessed nothing
    svc.clock.now += 61
    assert svc.host_key_from(svc.host_key, GUEST)


def test_the_host_machine_is_not_limited(svc):  # noqa: F811
    for n in range(30):
        assert not svc.host_key_from(f"guess{n}", "127.0.0.1")
    assert svc.host_key_from(svc.host_key, "127.0.0.1")


async def _opened(port: int, source: str, route: str, cookies: dict | None = None) -> FletClient:
    guest = FletClient(port, source, cookies=cookies)
    await (await guest.open()).register(route)
    assert await until(lambda: guest.page_id is not None, 20)
    return guest


def test_keys_tried_in_the_address_are_held_back_and_the_right_one_elsewhere_works(live):
    key = live.service.host_key

    async def play():
        guest = await _opened(live.port, "127.0.0.2", "/table?k=guess0")
        for n in range(1, 10):  # 10 wrong keys, each a new address for the same screen
            await guest.go(f"/table?k=guess{n}")
            await asyncio.sleep(0.1)
        await guest.go(f"/table?k={key}")
        held = await until(lambda: guest.saw(HELD), 10)
        table = await _opened(live.port, "127.0.0.3", f"/table?k={key}")
        opened = await until(lambda: table.saw(TABLE_SCREEN), 10)
        await guest.close()
        await table.close()
        return held, guest.saw(TABLE_SCREEN), opened
    held, guest_got_table, other_got_table = run(play())
    assert held, "the guest was never told it tried too many keys"
    assert not guest_got_table, "a guest that tried 10 keys still got the table screen"
    assert other_got_table
    assert live.service.rooms() == []  # nothing changed


def test_keys_a_guests_cookies_carry_are_limited_too(live):
    key, cookie = live.service.host_key, COOKIE.format(port=live.port)

    async def play():
        for n in range(10):  # each websocket a new try: a script forging the table's cookie
            guest = await _opened(live.port, "127.0.0.4", "/table", cookies={cookie: f"k{n}"})
            await guest.close()
        guest = await _opened(live.port, "127.0.0.4", "/table", cookies={cookie: key})
        held = await until(lambda: guest.saw(HELD), 10)
        await guest.close()
        return held, guest.saw(TABLE_SCREEN)
    held, got_table = run(play())
    assert held and not got_table


def _get(port: int, source: str, path: str) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                      source_address=(source, 0))
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def test_the_printed_url_leaves_its_key_in_a_cookie_not_in_the_address(live):
    key, cookie = live.service.host_key, COOKIE.format(port=live.port)
    answer = _get(live.port, "127.0.0.5", f"/table?k={key}")
    assert answer.status == 303 and answer.getheader("location") == "/table"
    set_cookie = answer.getheader("set-cookie")
    assert set_cookie.startswith(f"{cookie}={key};")
    assert "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie
    assert answer.getheader("referrer-policy") == "no-referrer"  # the security headers too
    room = _get(live.port, "127.0.0.5", f"/table/ABCD?x=1&k={key}")  # any table page
    assert room.status == 303 and room.getheader("location") == "/table/ABCD?x=1"

    wrong = _get(live.port, "127.0.0.6", "/table?k=guess")  # dropped, and no cookie
    assert wrong.status == 303 and wrong.getheader("location") == "/table"
    assert wrong.getheader("set-cookie") is None
    for n in range(9):
        _get(live.port, "127.0.0.6", f"/table?k=guess{n}")
    held = _get(live.port, "127.0.0.6", f"/table?k={key}")
    assert held.status == 429 and held.getheader("set-cookie") is None
    assert _get(live.port, "127.0.0.5", "/table").status == 200  # the page itself is served


def test_the_table_opens_from_its_cookie_without_asking_the_browsers_storage(live):
    key, cookie = live.service.host_key, COOKIE.format(port=live.port)
    asked: list[dict] = []

    class Mute(FletClient):
        def _answer(self, call: dict) -> dict:
            asked.append(call)
            return super()._answer(call)

    async def play():
        table = Mute(live.port, "127.0.0.7", cookies={cookie: key})
        await (await table.open()).register("/table")
        opened = await until(lambda: table.saw(TABLE_SCREEN), 20)
        await table.close()
        return opened
    assert run(play())
    assert not [c for c in asked if c.get("name") == "get"], asked
