"""Render every phase of every game to PNG: the table at 1280x800 and a phone at 390x844.

Not a test: a gallery to look at before saying a screen is done. For each registered game it
seats the players of a random play (tests/rules/contract_plays/), replays the play through the
companion, and each time the game enters another phase (and at each step of a secret vote:
open, closed, being read, counted) it photographs the table screen and the first player's
phone, in Debian's Chromium.

    python tests/gallery.py [--out build/gallery] [--games castaways,survivor] [--seed 0]
                            [--phones 360x640,390x844,430x932] [--tables 1280x800,1920x1080]

Output goes to build/gallery/ (ignored by git), one folder per game, numbered in order.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "rules")]

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import games  # noqa: E402
from companion.errors import Refused  # noqa: E402
from contract_plays import play_vote, plays_for  # noqa: E402
from e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from e2e.flet_page import enable_semantics  # noqa: E402
from rules import TABLE  # noqa: E402
from security.live import Live  # noqa: E402

def size(text: str) -> tuple[int, int]:
    width, height = text.split("x")
    return int(width), int(height)


def table_context(width: int, height: int) -> dict:
    return dict(viewport={"width": width, "height": height})


def phone_context(width: int, height: int) -> dict:
    return dict(viewport={"width": width, "height": height}, device_scale_factor=2,
                is_mobile=True, has_touch=True)


class Shots:
    """Every screen at every size: ``pages`` is (suffix, page), e.g. ("table-1280x800", page)."""

    def __init__(self, folder: Path, pages) -> None:
        self.folder, self.pages, self.n = folder, list(pages), 0
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, label: str) -> None:
        time.sleep(1.2)  # the screens redraw within a few frames of a change
        self.n += 1
        name = f"{self.n:02d}-{label}".replace(" ", "_").replace("/", "-")[:60]
        for suffix, page in self.pages:
            page.screenshot(path=str(self.folder / f"{name}-{suffix}.png"))
        print(f"  {name}", flush=True)


def act(sv, code: str, tokens: dict[str, str], action) -> bool:
    credential = sv.host_key if action.actor == TABLE else tokens.get(action.actor)
    try:
        sv.act(code, credential, action.move, dict(action.args))
        return True
    except Refused:
        return False


def gallery(key: str, live: Live, browser, out: Path, seed: int, tables=((1280, 800),),
            phones=((390, 844),)) -> None:
    sv, game = live.service, games.load(key).game
    plays = plays_for(key)
    play = plays(seed)
    code = sv.create_room(sv.host_key, key)
    tokens = {name: sv.join(code, name)[1] for name in play.players}
    first = play.players[0] if play.players else None
    pages = []
    for width, height in tables:
        table = browser.new_context(**table_context(width, height)).new_page()
        table.goto(f"{live.base}/table/{code}?k={sv.host_key}")
        enable_semantics(table)
        pages.append((f"table-{width}x{height}" if len(tables) > 1 else "table", table))
    for width, height in phones:  # the first player's phone, at each size
        phone = browser.new_context(**phone_context(width, height)).new_page()
        phone.goto(f"{live.base}/join/{code}" + (f"?t={tokens[first]}" if first else ""))
        enable_semantics(phone)
        pages.append((f"phone-{width}x{height}" if len(phones) > 1 else "phone", phone))
    shots = Shots(out / key, pages)
    shots.take("seating")
    sv.start(sv.host_key, code, play.options)
    phase = game.phase(sv.state(code)) if hasattr(game, "phase") else ""
    shots.take(f"start-{phase}")
    rng, seen = random.Random(seed), {phase}
    for action in play.actions:
        if action.move == "vote_result":
            continue  # the ballot box makes its own
        if not act(sv, code, tokens, action):
            continue
        play_vote(sv, code, rng, shots.take)
        now = game.phase(sv.state(code)) if hasattr(game, "phase") else ""
        if now not in seen:
            seen.add(now)
            shots.take(f"phase-{now}")
    shots.take("end")
    for _, page in pages:
        page.context.close()


def tonight(live: Live, browser, out: Path, tables) -> None:
    """The night's standings and games, and the history across nights, once every game of
    the gallery has been played."""
    folder = out / "tonight"
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in tables:
        page = browser.new_context(**table_context(width, height)).new_page()
        for screen in ("tonight", "history"):
            page.goto(f"{live.base}/table/{screen}?k={live.service.host_key}")
            enable_semantics(page)
            time.sleep(1.5)
            page.screenshot(path=str(folder / f"{screen}-table-{width}x{height}.png"),
                            full_page=True)
        page.context.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "build" / "gallery"))
    ap.add_argument("--games", default=",".join(games.REGISTRY))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tables", default="1280x800", help="table screen sizes, e.g. 1024x768,1920x1080")
    ap.add_argument("--phones", default="390x844", help="phone sizes, e.g. 360x640,430x932")
    a = ap.parse_args()
    tables = [size(t) for t in a.tables.split(",")]
    phones = [size(p) for p in a.phones.split(",")]
    out = Path(a.out)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        live = Live(Path(tmp)).start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for key in a.games.split(","):
                print(key, flush=True)
                gallery(key, live, browser, out, a.seed, tables, phones)
            tonight(live, browser, out, tables)
        finally:
            browser.close()
            live.stop()
    print(f"written to {out}")


if __name__ == "__main__":
    main()
