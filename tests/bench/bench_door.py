"""Figures for a hostile guest and a crowded table (issue 11), beside bare Flet where it applies.

Not a test: it prints what it measured. Everything runs on loopback; guests come from
127.0.0.2 and up, the host's own browser from 127.0.0.1.

    python tests/bench/bench_door.py [--sockets 8000] [--header-mb 40] [--abandoned 3000]

1. RSS of the server after N websockets that end before registering (half with a bad frame).
2. GET / latency while one guest streams an endless header line.
3. Table latency (a ballot cast until the table screen gets the new count) with N abandoned
   phone sessions, and with none.
4. Time for 100 phones' ballots, cast at once, to all show on the table.
5. Server CPU per cast with 18 phones on the vote.
6. (issue 24, finding 1) Table latency with 3 guests whose browsers hold 200,000 bogus seat
   passes each (0.87 MB), and with none.
7. (finding 3) GET / of a host limited to 1,024 open files while 1,100 idle connections from
   11 addresses are held, and how many the host still holds 15 s later.
8. (finding 9) The server's RSS after 1,770 sessions that registered and left: at once, and
   a minute later.
"""
from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from bench_join import wait_up  # noqa: E402
from testsupport.flet_client import FletClient, guest_socket
from testsupport.live import Live, free_port, rss_mb


def start(kind: str, tmp: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    if kind == "bare":
        cmd = [sys.executable, str(ROOT / "tests/bench/bare_app.py"), str(port)]
    else:
        cmd = [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
               "--address", "127.0.0.1", "--db", str(tmp / f"{kind}.db"), "--no-browser"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={"XDG_CACHE_HOME": str(tmp / "cache"), "PATH": "/usr/bin:/bin"})
    wait_up(f"http://127.0.0.1:{port}")
    return proc, port


# --- 1 ------------------------------------------------------------------------------------
async def unregistered(port: int, n: int) -> None:
    for i in range(n):
        client = await FletClient(port, "127.0.0.1").open()
        if i % 2:
            await client.ws.send(b"\x00\xc1 not msgpack")
        await client.close()


def bench_sockets(tmp: Path, n: int) -> None:
    for kind in ("bare", "companion"):
        proc, port = start(kind, tmp)
        try:
            asyncio.run(unregistered(port, 50))
            time.sleep(2)
            before = rss_mb(proc.pid)
            started = time.monotonic()
            asyncio.run(unregistered(port, n))
            took = time.monotonic() - started
            time.sleep(8)  # the door lets go within 5 s
            print(f"  {kind:9s}: RSS {before:6.1f} -> {rss_mb(proc.pid):6.1f} MB "
                  f"(+{rss_mb(proc.pid) - before:.1f}) after {n} unregistered websockets "
                  f"({took:.1f} s)", flush=True)
        finally:
            proc.kill()


# --- 2 ------------------------------------------------------------------------------------
def bench_header(tmp: Path, megabytes: int) -> None:
    for kind in ("bare", "companion"):
        proc, port = start(kind, tmp)
        base = f"http://127.0.0.1:{port}"
        stop = threading.Event()
        sent = {"bytes": 0, "cut": False}

        def stream():
            sock = guest_socket(port, "127.0.0.2")
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Endless: ")
            chunk = b"a" * 65536
            try:
                while not stop.is_set() and sent["bytes"] < megabytes * 1024 * 1024:
                    sock.sendall(chunk)
                    sent["bytes"] += len(chunk)
            except OSError:
                sent["cut"] = True
            sock.close()

        streamer = threading.Thread(target=stream)
        streamer.start()
        times = []
        try:
            for _ in range(5):
                t = time.monotonic()
                try:
                    urllib.request.urlopen(base + "/", timeout=30).read()
                    times.append(time.monotonic() - t)
                except OSError:
                    times.append(float("inf"))
                time.sleep(0.2)
            stop.set()
            streamer.join(60)
            print(f"  {kind:9s}: GET / median {statistics.median(times) * 1000:7.0f} ms, worst "
                  f"{max(times) * 1000:7.0f} ms during the header; guest "
                  f"{'cut off' if sent['cut'] else 'still streaming'} after "
                  f"{sent['bytes'] / 1e6:.1f} MB; RSS {rss_mb(proc.pid):.0f} MB", flush=True)
        finally:
            stop.set()
            proc.kill()


# --- 3, 4, 5: in-process, to look inside -------------------------------------------------
class Table:
    """A scripted table screen: counts the frames that carry a given text."""

    def __init__(self, live: Live, code: str) -> None:
        self.client = FletClient(live.port, "127.0.0.1")
        self.route = f"/table/{code}?k={live.service.host_key}"
        self.seen: list[tuple[float, bytes]] = []

    async def open(self) -> None:
        await self.client.open()
        original = self.client.ws.recv

        async def recv(*a, **k):
            data = await original(*a, **k)
            self.seen.append((time.monotonic(), data))
            return data
        self.client.ws.recv = recv
        await self.client.register(self.route)

    async def until(self, text: bytes, since: float, timeout: float = 60) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, data in self.seen:
                if at >= since and text in data:
                    return at - since
            await asyncio.sleep(0.002)
        return float("inf")


def on_loop(live: Live, fn, *args):
    """Run ``fn`` on the server's event loop (as a screen's tap would) and wait for it."""
    loop = live.loop
    done = threading.Event()
    out = {}

    def call():
        try:
            out["value"] = fn(*args)
        finally:
            done.set()
    loop.call_soon_threadsafe(call)
    done.wait(60)
    return out.get("value")


def thread_cpu() -> float:
    return resource.getrusage(resource.RUSAGE_THREAD).ru_utime + \
        resource.getrusage(resource.RUSAGE_THREAD).ru_stime


async def seat_phones(live: Live, code: str, tokens: dict[str, str]) -> list[FletClient]:
    phones = []
    for name, token in tokens.items():
        phone = FletClient(live.port, "127.0.0.1", prefs={f"companion.seat.{code}": token})
        phones.append(await (await phone.open()).register(f"/join/{code}"))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not all(
            live.service.is_connected(code, live.service.seat_by_token(code, t).id)
            for t in tokens.values()):
        await asyncio.sleep(0.1)
    return phones


def new_vote(live: Live, names: list[str], voters: list[str]) -> tuple[str, dict]:
    sv = live.service
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = {n: sv.join(code, n)[1] for n in names}
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Who leads?", "candidates": ["Yes", "No"],
                                      "voters": voters})
    return code, tokens


async def casts_to_table(live: Live, code: str, tokens: dict, names: list[str]) -> list[float]:
    """Ten ballots cast one by one, each timed until the table screen shows the new count."""
    table = Table(live, code)
    await table.open()
    await table.until(b"0 of 18 have voted", 0)
    out = []
    for i, name in enumerate(names[:10]):
        t = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(
            None, on_loop, live, live.service.cast, code, tokens[name], ["Yes"])
        out.append(await table.until(f"{i + 1} of 18 have voted".encode(), t))
    await table.client.close()
    return out


def latency(live: Live, abandoned: int) -> list[float]:
    names = [f"P{i}" for i in range(18)]
    code, tokens = new_vote(live, names, names)

    async def play():
        for _ in range(abandoned):  # phones that opened the room and went away
            client = await FletClient(live.port, "127.0.0.1").open()
            await client.register(f"/join/{code}")
            await client.close()
        return await casts_to_table(live, code, tokens, names)
    return asyncio.run(play())


def crowd(live: Live, phones_n: int = 100) -> tuple[float, float]:
    names = [f"P{i}" for i in range(phones_n + 1)]
    code, tokens = new_vote(live, names, names)

    async def play():
        phones = await seat_phones(live, code, {n: tokens[n] for n in names[:phones_n]})
        table = Table(live, code)
        await table.open()
        await table.until(f"0 of {phones_n + 1} have voted".encode(), 0)

        def burst():
            for name in names[:phones_n]:
                live.service.cast(code, tokens[name], ["Yes"])
        t = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(None, on_loop, live, burst)
        cast_done = time.monotonic() - t
        shown = await table.until(f"{phones_n} of {phones_n + 1} have voted".encode(), t)
        for phone in phones:
            await phone.close()
        return cast_done, shown
    return asyncio.run(play())


def cpu_per_cast(live: Live) -> float:
    names = [f"P{i}" for i in range(18)]
    code, tokens = new_vote(live, names, names)

    async def play():
        phones = await seat_phones(live, code, tokens)
        table = Table(live, code)
        await table.open()
        await asyncio.sleep(2)

        def casts():
            before = thread_cpu()
            for name in names[:17]:
                live.service.cast(code, tokens[name], ["Yes"])
            return before
        t = time.monotonic()
        before = await asyncio.get_running_loop().run_in_executor(None, on_loop, live, casts)
        await table.until(b"17 of 18 have voted", t)
        await asyncio.sleep(1)  # every phone's redraw has run
        after = await asyncio.get_running_loop().run_in_executor(None, on_loop, live,
                                                                 thread_cpu)
        for phone in phones:
            await phone.close()
        return (after - before) / 17
    return asyncio.run(play())


# --- 6 ------------------------------------------------------------------------------------
def passes_latency(live: Live, guests: int, passes: int = 200_000) -> list[float]:
    """Cast-to-table latency while ``guests`` sessions sit on the room, each answering the
    host's question for stored passes with ``passes`` bogus ones."""
    import secrets

    names = [f"P{i}" for i in range(18)]
    code, tokens = new_vote(live, names, names)
    bogus = [secrets.token_urlsafe(18) for _ in range(passes)]

    async def play():
        held = []
        for g in range(guests):
            guest = FletClient(live.port, f"127.0.0.{2 + g}",
                               prefs={f"companion.seats.{code}": bogus})
            held.append(await (await guest.open()).register(f"/join/{code}"))
        await asyncio.sleep(3 if guests else 0)  # their screens are up
        out = await casts_to_table(live, code, tokens, names)
        for client in held:
            await client.close()
        return out
    return asyncio.run(play())


# --- 7 ------------------------------------------------------------------------------------
def bench_idle(tmp: Path, n: int = 1100) -> None:
    import os
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))  # the guests' ends
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
         "--address", "127.0.0.1", "--db", str(tmp / "idle.db"), "--no-browser"], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp / "cache")},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024)))
    held = []
    try:
        wait_up(f"http://127.0.0.1:{port}")
        for i in range(n):  # 100 from each of 127.0.0.2 and up
            sock = socket.socket()
            sock.bind((f"127.0.0.{2 + i // 100}", 0))
            sock.settimeout(5)
            try:
                sock.connect(("127.0.0.1", port))
                held.append(sock)
            except OSError:
                sock.close()
        time.sleep(1)
        t = time.monotonic()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30).read()
            served = f"{(time.monotonic() - t) * 1000:.0f} ms"
        except OSError as e:
            served = f"not served in 30 s ({e})"
        time.sleep(15)
        still = 0
        for sock in held:
            try:
                sock.setblocking(False)
                still += 0 if sock.recv(1) == b"" else 1  # b"": the host closed it
            except BlockingIOError:
                still += 1  # open, and nothing to read: the host holds it
            except OSError:
                pass
        print(f"  {len(held)} idle connections held: GET / answered in {served}; "
              f"15 s later the host still holds {still}", flush=True)
    finally:
        for sock in held:
            sock.close()
        proc.kill()
        proc.wait()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# --- 8 ------------------------------------------------------------------------------------
def sessions() -> int:
    """Flet's sessions alive in this process (the Live server runs here)."""
    from companion.flet_seam import flet_sessions

    return len(flet_sessions())


def departed(live: Live, n: int = 1770) -> tuple[float, float, float, int, int, float]:
    before = rss_mb()

    async def play():
        for i in range(n):
            guest = FletClient(live.port, f"127.0.0.{2 + i % 200}")
            await (await guest.open()).register("/")
            deadline = time.monotonic() + 20
            while guest.session_id is None and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            await guest.close()
    asyncio.run(play())
    left, kept = rss_mb(), sessions()
    time.sleep(65)  # Flet sweeps expired sessions every 10 s
    later, still = rss_mb(), sessions()
    asyncio.run(play())  # as many again: the memory let go is used again, not added to
    time.sleep(65)
    return before, left, later, kept, still, rss_mb()


def with_live(tmp: Path, fn, *args):
    live = Live(tmp / f"live-{time.monotonic_ns()}")
    live.start()
    try:
        return fn(live, *args)
    finally:
        live.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sockets", type=int, default=8000)
    ap.add_argument("--header-mb", type=int, default=40)
    ap.add_argument("--abandoned", type=int, default=3000)
    ap.add_argument("--only", default="12345678")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if "1" in a.only:
            print(f"1. {a.sockets} websockets that end before registering", flush=True)
            bench_sockets(tmp, a.sockets)
        if "2" in a.only:
            print(f"2. GET / while a guest streams a {a.header_mb} MB header line", flush=True)
            bench_header(tmp, a.header_mb)
        if "3" in a.only:
            print("3. table latency, cast to the table's new count (18 phones' seats)")
            for n in (0, a.abandoned):
                times = with_live(tmp, latency, n)
                print(f"  {n:5d} abandoned sessions: median {statistics.median(times) * 1000:.0f}"
                      f" ms, worst {max(times) * 1000:.0f} ms", flush=True)
        if "4" in a.only:
            cast, shown = with_live(tmp, crowd, 100)
            print(f"4. 100 phones' ballots cast at once: stored in {cast * 1000:.0f} ms, all shown "
                  f"on the table {shown * 1000:.0f} ms after the first", flush=True)
        if "5" in a.only:
            cpu = with_live(tmp, cpu_per_cast)
            print(f"5. server CPU per cast with 18 phones and the table: {cpu * 1000:.1f} ms",
                  flush=True)
        if "6" in a.only:
            print("6. table latency with guests holding 200,000 bogus seat passes each")
            for guests in (0, 3):
                times = with_live(tmp, passes_latency, guests)
                print(f"  {guests} guests: median {statistics.median(times) * 1000:.0f} ms, "
                      f"worst {max(times) * 1000:.0f} ms", flush=True)
        if "7" in a.only:
            print("7. a host limited to 1,024 open files, 1,100 idle connections", flush=True)
            bench_idle(tmp)
        if "8" in a.only:
            before, left, later, kept, still, again = with_live(tmp, departed)
            print(f"8. RSS with 1,770 sessions that registered and left: {before:.0f} MB before, "
                  f"{left:.0f} MB once they left (+{left - before:.0f}; {kept} sessions kept), "
                  f"{later:.0f} MB a minute later (+{later - before:.0f}; {still} sessions kept); "
                  f"after 1,770 more and a minute: {again:.0f} MB (+{again - before:.0f})",
                  flush=True)


if __name__ == "__main__":
    main()
