"""Figures for the night's record with a long history (not a test): how long the Tonight and
History screens take to draw on the server with N games recorded (issue 18 asks under 100 ms
with 500): after a game ends (the record is read again from the file) and after a move in a
room (the record is kept; the screen's other reads are made again).

The record is made as a table would make it over months: nights of 6 to 14 games of Castle
Party (a score sheet of 16 lines each), Survivor and Robinson, 4 to 6 of 24 players, who keep
their phones (a player id) or sit at a shared device (a name only), imported in one file.

    python tests/bench/bench_night.py [--games 500] [--runs 30]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from companion.hub import Hub  # noqa: E402
from companion.rooms import CODE_LETTERS, TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from views.night import History, Tonight  # noqa: E402
from views.screen import Session, Urls  # noqa: E402

NAMES = ["Ana", "Bruno", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou",
         "Max", "Nia", "Oli", "Pia", "Quin", "Ray", "Sam", "Tea", "Uma", "Vic", "Wen", "Xan"]
SHEET = ["Skeletons: largest group of 2", "Witches: largest group of 0",
         "Vampires: largest group of 3", "Ghosts: largest group of 1",
         "Frankensteins: largest group of 0", "Unicorns: largest group of 2",
         "Special actions not used: 1", "Guests in the moat: 2", "Fireworks", "Conga",
         "Toast to the Pumpkin King", "Skeletons on the DJ", "Witches on the Hors d'oeuvres table",
         "Vampires on the Punch", "Ghosts on the Mirrored ball",
         "Frankensteins on the Wall of speakers"]


def record(games: int, rng: random.Random) -> str:
    ids = {n: f"{rng.getrandbits(128):032x}" if i % 3 else None for i, n in enumerate(NAMES)}
    codes = rng.sample([a + b + c + d for a in CODE_LETTERS for b in CODE_LETTERS
                        for c in CODE_LETTERS[:6] for d in CODE_LETTERS[:6]], games)
    out, day, n = [], 0, 0
    while n < games:
        day += 1
        for g in range(rng.randint(6, 14)):
            if n == games:
                break
            key = rng.choice(["castle_party", "survivor", "robinson"])
            players = rng.sample(NAMES, rng.randint(4, 6))
            scores = {p: rng.randint(-5, 40) for p in players}
            best = max(scores.values())
            entries = []
            for seat, p in enumerate(players):
                entry = {"player": p, "seat": seat, "won": scores[p] == best,
                         "place": sorted(scores.values(), reverse=True).index(scores[p]) + 1,
                         "score": scores[p] if key == "castle_party" else None}
                if ids[p]:
                    entry["player_id"] = ids[p]
                entries.append(entry)
            details = ({"sheets": {p: [[line, rng.randint(-2, 6)] for line in SHEET]
                                   for p in players}} if key == "castle_party" else {})
            out.append({"room": codes[n], "game": key, "title": key.replace("_", " ").title(),
                        "finished": f"2026-{1 + day // 28:02d}-{1 + day % 28:02d} "
                                    f"{19 + g // 4:02d}:{(g * 13) % 60:02d}:00",
                        "summary": "A game.", "details": details, "players": entries})
            n += 1
    return json.dumps({"format": "table-companion-record", "version": 1, "games": out})


def timed(fn, runs: int) -> float:
    """Median milliseconds of ``fn()``."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--runs", type=int, default=30)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        svc = TableService(Store(Path(tmp) / "companion.db"), Hub())
        svc.import_json(svc.host_key, record(a.games, random.Random(1)))
        assert len(svc.results()) == a.games
        session = Session(page=None, service=svc, urls=Urls(""), prefs=None,
                          navigate=None)

        def after(fn, game_ended: bool):
            def run():
                svc.store.generation += 1  # as after a commit: the screens read again
                svc.store.record_generation += game_ended  # and the record, if a game ended
                fn()
            return run

        tonight, history = Tonight(session, svc.host_key), History(session, svc.host_key)
        print(f"{a.games} games recorded ({len(svc.tonight().games)} tonight, "
              f"{len(svc.across_nights().players)} players); median ms after")
        print(f"  {'':28} {'a game ended':>14} {'another move':>14}")
        for label, fn in (("service.tonight()", svc.tonight),
                          ("service.across_nights()", svc.across_nights),
                          ("Tonight screen, drawn", tonight.draw),
                          ("History screen, drawn", history.draw)):
            print(f"  {label:28} {timed(after(fn, True), a.runs):14.1f} "
                  f"{timed(after(fn, False), a.runs):14.1f}")
        history.game = "castle_party"
        history.who = svc.across_nights().players[0][0]
        print(f"  {'History, a game and a player':28} "
              f"{timed(after(history.draw, True), a.runs):14.1f} "
              f"{timed(after(history.draw, False), a.runs):14.1f}")


if __name__ == "__main__":
    asyncio.run(main())
