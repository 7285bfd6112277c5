"""Figures for game code run within a deadline (issue 50, companion/deadline.py; not a test).

Prints: what one guarded call adds to a call of a game's function; the host's share of a cast
(each ballot of an 18-seat table vote, its durable commit included) and the reads of a redraw
(the view, the moves, the reminders of the table and each phone after one change), timed in
the service; then, on the real app on loopback, how long a guest's join of another room takes
through the join page while one room's tap (run on the server's event loop as the host runs
a tap's handler: through loop_bridge.on_the_loop, whose waits hand the loop back) sleeps 20 s
or loops for ever, and while a thread of the host spins in Python that nothing stops (what a
game looping in C would leave behind).

    python tests/bench/bench_deadline.py [--deadline 3]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from testsupport.outside import TAP_SCREENS  # noqa: E402

PHONES = 18


def vote_room(sv: TableService, names: list[str]) -> tuple[str, list]:
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, name)[1] for name in names]
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Who should lead?",
                                      "candidates": ["North", "South"], "voters": names})
    return code, tokens


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs):.3f} ms (min {min(xs):.3f}, max {max(xs):.3f})"


def in_the_service() -> None:
    try:
        from companion.deadline import Deadline
    except ImportError:  # the code before issue 50, for its figures
        print("(no companion/deadline.py: game code called in place)")
    else:
        guard, plain = Deadline(), (lambda x: x)
        guard.call("ROOM", None, "bench", plain, 1)
        n = 5000
        start = time.perf_counter()
        for i in range(n):
            guard.call("ROOM", None, "bench", plain, i)
        print(f"one guarded call: {(time.perf_counter() - start) / n * 1e6:.1f} µs "
              f"(the call itself: a few hundredths of a µs)")
    folder = Path(tempfile.mkdtemp())
    casts, reads = [], []
    for run in range(5):
        sv = TableService(Store(folder / f"casts{run}.db"))
        names = [f"Player {i:02d}" for i in range(PHONES)]
        code, tokens = vote_room(sv, names)
        for token in tokens:
            start = time.perf_counter()
            sv.cast(code, token, ["North"])
            casts.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            for credential in [sv.host_key, *tokens]:  # the table's and each phone's redraw
                sv.view(code, credential)
                sv.legal_moves(code, credential)
                sv.reminders(code, credential if credential != sv.host_key else None)
            reads.append((time.perf_counter() - start) * 1000)
        sv.store.close()
    print(f"a cast, in the service ({PHONES} seats, 5 rooms): {ms(casts)}")
    print(f"the reads of one redraw (the table and {PHONES} phones): {ms(reads)}")


GUESTS = iter(range(10**6))  # each join from its own address: the door's limits are per address


def post(port: int, path: str, body: bytes) -> tuple[int, dict]:
    host = f"127.0.0.1:{port}"
    head = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\nOrigin: http://{host}\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=120,
                                  source_address=(f"127.0.{next(GUESTS) % 250 + 2}.2", 0)) as sock:
        sock.sendall(head.encode() + body)
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    status, _, answer = raw.partition(b"\r\n\r\n")
    return int(status.split()[1]), json.loads(answer)


def join_took(live, code: str, name: str) -> float:
    start = time.perf_counter()
    status, answer = post(live.port, f"/join/{code}", json.dumps({"name": name}).encode())
    assert status == 200, answer
    return (time.perf_counter() - start) * 1000


def on_the_server(deadline: float) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "security"))
    import test_game_faults as faults  # the throw-away faulty game of the tests
    from testsupport.live import Live
    from views.testing import registered

    site = Path(tempfile.mkdtemp())
    (site / "faultygame").mkdir()
    (site / "faultygame" / "__init__.py").write_text("")
    (site / "faultygame" / "rules.py").write_text(faults.FAULTY_RULES)
    (site / "faultygame" / "screens.py").write_text(TAP_SCREENS)
    sys.path.insert(0, str(site))
    with registered(faults.FAULTY, {"rules": "faultygame.rules",
                                    "screens": "faultygame.screens"}):
        import faultygame.rules as rules
        live = Live(Path(tempfile.mkdtemp())).start()
        live.service.parts.rooms.deadline.deadline = deadline
        try:
            sv = live.service
            sv.offered.add(faults.FAULTY)
            base = [join_took(live, sv.create_room(sv.host_key, faults.FAULTY), f"Guest {i}")
                    for i in range(20)]
            print(f"a join of another room, nothing slow: {ms(base)}")
            for how in ("sleep", "loop"):
                code, token = faults.faulty_room(sv)
                rules.FAULTS.clear()
                rules.FAULTS["apply"] = how
                _on_the_loop(live.loop, lambda: _tap(sv, code, token))
                time.sleep(0.1)
                first = join_took(live, sv.create_room(sv.host_key, faults.FAULTY), "Bea")
                after = [join_took(live, sv.create_room(sv.host_key, faults.FAULTY), f"Cai {i}")
                         for i in range(10)]
                doing = "sleeps 20 s" if how == "sleep" else "loops"
                print(f"a join of another room while a tap {doing} (deadline {deadline:g} s): "
                      f"the first {first:.0f} ms, then {ms(after)}")
            rules.FAULTS.clear()
            spinning = threading.Event()

            def spin():
                while not spinning.is_set():
                    pass
            threading.Thread(target=spin, daemon=True).start()
            spun = [join_took(live, sv.create_room(sv.host_key, faults.FAULTY), f"Dee {i}")
                    for i in range(20)]
            spinning.set()
            print(f"a join while a thread of the host spins in Python, never stopped: {ms(spun)}")
        finally:
            live.stop()


def _on_the_loop(loop, tap) -> None:
    """The tap's handler on the server's loop, as the host's dispatch runs a plain handler:
    through loop_bridge.on_the_loop (issue 50's last step); before it, called right there."""
    try:
        from companion.loop_bridge import on_the_loop
    except ImportError:
        loop.call_soon_threadsafe(tap)
    else:
        asyncio.run_coroutine_threadsafe(on_the_loop(tap), loop)


def _tap(sv, code, token) -> None:
    try:
        sv.act(code, token, "tap")
    except Exception as e:  # the sentence the tapping phone would show
        print(f"  the tapping phone is told: {e}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deadline", type=float, default=None)
    ap.add_argument("--service-only", action="store_true", help="skip the server's joins")
    args = ap.parse_args()
    print(f"(load average before: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()})")
    in_the_service()
    if not args.service_only:
        from companion import deadline
        on_the_server(args.deadline or deadline.DEADLINE)


if __name__ == "__main__":
    main()
