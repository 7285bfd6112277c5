"""Figures for a big record (not a test; issue 34, item 7): 1,000 games of 100 players, about
7 MB of JSON, within the import's limits. Prints how long the import takes, how long the Tonight
and History screens take to be drawn on the server (the record read again from the file, as
after a game ends), and how many bytes their first frame to the table would carry (the drawn
controls packed as Flet's websocket packs them).

    python tests/bench/bench_record.py [--games 1000] [--players 100] [--runs 3]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from companion.codes import CODE_LETTERS  # noqa: E402
from companion.hub import Hub  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from views.night import History, Tonight  # noqa: E402
from views.screen import Session, Urls  # noqa: E402


def record(games: int, players: int, rng: random.Random) -> str:
    """A club's record: ``games`` games (all on one long night, the worst case for Tonight) of
    ``players`` players each, out of a club of ``players`` names, a tenth known by a phone."""
    names = [f"Ana{n}" for n in range(players)]
    ids = {n: f"{rng.getrandbits(128):032x}" if i % 10 == 0 else None
           for i, n in enumerate(names)}
    codes = rng.sample([a + b + c + d for a in CODE_LETTERS for b in CODE_LETTERS
                        for c in CODE_LETTERS for d in CODE_LETTERS], games)
    out = []
    for n in range(games):
        key = ["castle_party", "survivor", "robinson"][n % 3]
        scores = {p: rng.randint(-5, 40) for p in names}
        ranked = sorted(scores.values(), reverse=True)
        entries = []
        for seat, p in enumerate(names):
            entry = {"player": p, "seat": seat, "won": scores[p] == ranked[0],
                     "place": ranked.index(scores[p]) + 1,
                     "score": scores[p] if key == "castle_party" else None}
            if ids[p]:
                entry["player_id"] = ids[p]
            entries.append(entry)
        second = n * 4 * 3600 // games  # from 19:00 to 22:59, in the order played
        out.append({"room": codes[n], "game": key, "title": key.replace("_", " ").title(),
                    "finished": f"2026-12-02 {19 + second // 3600}:{second // 60 % 60:02d}:"
                                f"{second % 60:02d}",
                    "summary": "A game.", "details": {}, "players": entries})
    return json.dumps({"format": "table-companion-record", "version": 1, "games": out})


def seconds(fn, runs: int = 1) -> str:
    """Median seconds of ``fn()``: on the clock, and of this process's CPU (the figure to
    compare when other work shares the cores)."""
    wall, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return f"{statistics.median(wall):6.2f} s ({statistics.median(cpu):.2f} s CPU)"


PACK = configure_encode_object_for_msgpack(BaseControl)


def frame_bytes(controls) -> int:
    """The size of the controls packed as Flet sends a new page's controls."""
    return len(msgpack.packb(ft.Column(controls), default=PACK))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    text = record(a.games, a.players, random.Random(1))
    print(f"{a.games} games of {a.players} players: {len(text) / 1e6:.1f} MB of JSON")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "companion.db"
        svc = TableService(Store(path), Hub())
        imported = seconds(lambda: svc.import_json(svc.host_key, text))
        print(f"  import                            {imported}")
        print(f"  the host's start checks it        {seconds(lambda: started(path))}")
        for label, screen in (("Tonight", Tonight), ("History", History)):
            fresh = started(path)  # the host just started: the record was checked then

            def first():
                shown = screen(session_of(fresh), fresh.host_key)
                return shown.draw(shown.inputs())
            drawn = screen(session_of(svc), svc.host_key)

            def again():
                svc.store.generation += 1  # as after a game ended: the record is read again
                svc.store.record_generation += 1
                return drawn.draw(drawn.inputs())
            print(f"  {label}, first drawn               {seconds(first)}")
            print(f"  {label}, drawn after a game ended {seconds(again, a.runs)}")
            print(f"  {label}, same, and packed          "
                  f"{seconds(lambda: frame_bytes(again()), a.runs)}, "
                  f"{frame_bytes(again()) / 1e6:.2f} MB")


def started(path: Path) -> TableService:
    """A service as ``companion`` starts it: the record read and checked before it serves."""
    svc = TableService(Store(path), Hub())
    svc.results()
    return svc


def session_of(svc: TableService) -> Session:
    return Session(page=None, service=svc, urls=Urls(""), prefs=None, navigate=None)


if __name__ == "__main__":
    main()
