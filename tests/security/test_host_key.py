"""Issue 34, finding 8: the host key cannot be found by trying keys.

Wrong host keys are limited per address as room codes are, whichever way a browser offers
them (the table's address, or what its storage answers); an address past its limit is refused
even the right key, with a sentence, and the right key from another address still opens the
table screen. Guests are scripted clients from 127.0.0.2 and up.
"""
from __future__ import annotations

import asyncio

import pytest

from companion.errors import Refused

from .flet_client import FletClient, run
from .test_requests import GUEST, svc  # noqa: F401  (svc: the fixture)
from .test_trust import until

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


async def _opened(port: int, source: str, route: str, prefs: dict | None = None) -> FletClient:
    guest = FletClient(port, source, prefs=prefs)
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


def test_keys_a_guests_storage_answers_are_limited_too(live):
    key = live.service.host_key

    async def play():
        guest = await _opened(live.port, "127.0.0.4", "/table", {"companion.host_offered": "guess0"})
        for n in range(1, 10):  # a new screen each time: the key is asked for again
            guest.prefs["companion.host"] = f"stored{n}"
            await guest.go("/table/tonight" if n % 2 else "/table")
            await asyncio.sleep(0.1)
        guest.prefs["companion.host"] = key
        await guest.go("/table/history")
        held = await until(lambda: guest.saw(HELD), 10)
        await guest.close()
        return held, guest.saw(TABLE_SCREEN)
    held, got_table = run(play())
    assert held and not got_table
