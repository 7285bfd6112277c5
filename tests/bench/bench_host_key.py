"""Figures for issue 34, finding 8: how many wrong host keys guests get answered.

Not a test: it prints what it measured. 20 guests (127.0.0.2 and up, one session each) send
table addresses with wrong keys as fast as the host answers, for ``--seconds``; a key is
answered when "not the table screen" comes back, held when the limit's sentence does. Then a
held guest sends the right key, and a fresh address does.

    python tests/bench/bench_host_key.py [--guests 20] [--seconds 20]
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from testsupport.flet_client import FletClient, run
from testsupport.guests import until
from testsupport.live import Live

ANSWERED = b"This screen is not the table screen"
HELD = b"Too many wrong host keys"
TABLE = b"New room: Table vote"


def screens(client: FletClient, text: bytes) -> int:
    return sum(text in frame for frame in client.frames)


async def guess(port: int, source: str, seconds: float) -> FletClient:
    client = await (await FletClient(port, source).open()).register(f"/table?k={source}-0")
    await until(lambda: screens(client, ANSWERED), 20)
    deadline, n = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        n += 1
        drawn = screens(client, ANSWERED)
        await client.go(f"/table?k={source}-{n}")
        if not await until(lambda: screens(client, ANSWERED) > drawn, 5):
            break  # the host stopped answering this guest
    return client


async def right_key(port: int, source: str, key: str, client: FletClient | None = None) -> bool:
    client = client or await (await FletClient(port, source).open()).register("/")
    await until(lambda: client.page_id is not None, 20)
    await client.go(f"/table?k={key}")
    return await until(lambda: client.saw(TABLE), 5)


def bench(live: Live, guests: int, seconds: float) -> None:
    async def play():
        sources = [f"127.0.0.{2 + i}" for i in range(guests)]
        clients = await asyncio.gather(*(guess(live.port, s, seconds) for s in sources))
        answered = sum(screens(c, ANSWERED) - screens(c, HELD) for c in clients)
        held = sum(screens(c, HELD) for c in clients)
        print(f"  {guests} guests, {seconds:.0f} s: {answered} wrong keys answered "
              f"({answered / seconds:.1f} a second), {held} held back", flush=True)
        first = await right_key(live.port, sources[0], live.service.host_key, clients[0])
        fresh = await right_key(live.port, f"127.0.0.{2 + guests}", live.service.host_key)
        print(f"  the right key from a guest that guessed: "
              f"{'table screen' if first else 'refused'}; from a fresh address: "
              f"{'table screen' if fresh else 'refused'}", flush=True)
        for c in clients:
            await c.close()
    run(play())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--guests", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=20)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        live = Live(Path(tmp)).start()
        try:
            print("wrong host keys from guests on the Wi-Fi")
            bench(live, a.guests, a.seconds)
        finally:
            live.stop()


if __name__ == "__main__":
    main()
