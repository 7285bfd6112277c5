"""Helpers of the guests' tests (tests/security): a room with seated phones, and waiting in a
Flet client's loop for what a person would wait for."""
from __future__ import annotations

import asyncio
import http.client
import time


async def until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.1)
    return condition()


def seat_room(live, names=("Ann",)):
    sv = live.service
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = {name: sv.join(code, name)[1] for name in names}
    return code, tokens


GUEST = "192.168.1.66"  # an address on the table's Wi-Fi, as a phone's page reports it


def raw_get(live, path: str, headers: dict | None = None,
            method: str = "GET") -> tuple[int, dict, bytes]:
    """A GET (or ``method``) with the path exactly as written (no client-side normalising)."""
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    conn.endheaders()
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body
