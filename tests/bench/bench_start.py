"""Figures for what a host's start adds to keep its database file trustworthy (not a test).

Prints, for a database of a long club history (N finished table-vote rooms, each with a
log, seats and a counted vote, plus one open vote with ballots in): the file's size, the time
of ``PRAGMA quick_check`` (the damaged-file check) and of the start's backup (copied in
memory, open ballots taken out, written once), median of a few runs.

    python tests/bench/bench_start.py [--rooms 1500]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from companion.dbfile import back_up, check_sound  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402

NAMES = [f"Player {i}" for i in range(8)]


def a_long_history(svc: TableService, rooms: int) -> None:
    host = svc.host_key
    for n in range(rooms + 1):
        code = svc.create_room(host, "table_vote")
        tokens = {name: svc.join(code, name)[1] for name in NAMES}
        svc.start(host, code)
        svc.act(code, host, "ask", {"question": f"Game {n}: who won?", "candidates": NAMES,
                                    "voters": NAMES, "reveal": "all_at_once"})
        last = n == rooms  # the newest vote stays open, half its ballots in
        for i, (name, token) in enumerate(tokens.items()):
            if last and i == len(NAMES) // 2:
                break
            svc.cast(code, token, [NAMES[(i + 1) % len(NAMES)]])
        if not last:
            svc.finish_reveal(host, code)


def timed(fn, runs: int = 5) -> float:
    took = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        took.append(time.perf_counter() - started)
    return statistics.median(took)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rooms", type=int, default=1500)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "companion.db"
        store = Store(db)
        store.db.conn.execute("PRAGMA synchronous=OFF")  # building the history is not measured
        a_long_history(TableService(store), args.rooms)
        size = db.stat().st_size
        check = timed(lambda: check_sound(db))
        backup = timed(lambda: back_up(store))
        store.close()
    print(f"database: {args.rooms} finished rooms and an open vote, {size / 1e6:.1f} MB")
    print(f"quick_check at start: {check * 1000:.0f} ms (median of 5)")
    print(f"backup at start: {backup * 1000:.0f} ms (median of 5)")


if __name__ == "__main__":
    main()
