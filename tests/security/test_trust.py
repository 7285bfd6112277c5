"""Issue 24, findings 2 and 7: trust comes from the connection, and the host answers only to
its own names.

A page can set any field of itself (Flet applies a client's page patches to every field), so
the address it reports proves nothing; the socket's address does. A name that is not this
host's (a DNS-rebinding name pointed at the host) gets neither pages nor a websocket.
"""
from __future__ import annotations

import asyncio
import http.client
import time

import pytest
from websockets.exceptions import InvalidStatus

from testsupport.flet_client import FletClient, run


async def until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.05)
    return condition()


@pytest.mark.parametrize("claimed", ["127.0.0.1", None])
def test_a_page_that_patches_its_client_ip_is_still_limited_by_its_socket(live, claimed):
    sv = live.service
    code = sv.create_room(sv.host_key, "table_vote")
    wrong = [c for c in ("ZZZZ", "ZZZY", "ZZZX", "ZZZW", "ZZZV", "ZZZU", "ZZZT", "ZZZS",
                         "ZZZR", "ZZZQ", "ZZZP") if c != code][:10]

    async def play():
        guest = FletClient(live.port, "127.0.0.2")
        await (await guest.open()).register("/")
        assert await until(lambda: guest.page_id is not None, 20)
        await guest.patch_page({"client_ip": claimed})  # "I am the host's own machine"
        for c in wrong:
            await guest.go(f"/join/{c}")
            await asyncio.sleep(0.15)
        await guest.go(f"/join/{code}")  # the live room, found by trying codes
        held = await until(lambda: guest.saw(b"Too many wrong room codes"), 10)
        await guest.close()
        return held

    assert run(play())


def test_new_seats_are_counted_by_the_socket_not_the_page(live, monkeypatch):
    """A phone's join goes through the socket's address, whatever its page says."""
    sv = live.service
    code = sv.create_room(sv.host_key, "table_vote")
    seen = []
    original = type(sv).find_room

    def recording(self, code, address):
        seen.append(address)
        return original(self, code, address)
    monkeypatch.setattr(type(sv), "find_room", recording)

    async def play():
        guest = FletClient(live.port, "127.0.0.3")
        await (await guest.open()).register("/")
        assert await until(lambda: guest.page_id is not None, 20)
        await guest.patch_page({"client_ip": "127.0.0.1"})
        await guest.go(f"/join/{code}")
        assert await until(lambda: bool(seen), 10)
        await guest.close()

    run(play())
    assert seen == ["127.0.0.3"]


# --- finding 7: DNS rebinding -----------------------------------------------------------------
def get_with_host(live, host: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
    conn.putrequest("GET", "/", skip_host=True)
    conn.putheader("Host", host)
    conn.endheaders()
    status = conn.getresponse().status
    conn.close()
    return status


def test_a_rebinding_name_gets_no_page_and_no_websocket(live):
    assert get_with_host(live, f"rebind.example:{live.port}") == 421
    assert get_with_host(live, "rebind.example") == 421
    assert get_with_host(live, f"127.0.0.1:{live.port + 1}") == 421  # not this port either

    async def attempt():
        client = FletClient(live.port, "127.0.0.2", host="rebind.example")
        with pytest.raises(InvalidStatus) as refused:
            await client.open()
        return refused.value.response.status_code

    assert run(attempt()) == 403


def test_this_hosts_own_names_are_served(make_live):
    live = make_live(hosts=("companion.test",))  # python -m companion --address companion.test
    for host in (f"127.0.0.1:{live.port}", f"localhost:{live.port}", f"[::1]:{live.port}",
                 f"companion.test:{live.port}", f"COMPANION.TEST:{live.port}"):
        assert get_with_host(live, host) == 200, host

    async def named():
        client = await FletClient(live.port, "127.0.0.2", host="companion.test").open()
        await client.close()
    run(named())
