"""Render every phase of every game to PNG: the table screen at 1024x768, 1280x800 and
1920x1080, the first player's phone at 360x640, 390x844 and 430x932.

Not a test: a gallery to look at before saying a screen is done (tests/e2e/test_layout.py
measures the same moments). For each registered game it seats the players of a play
(each game's contract plays, ``companion.games.plays``), plays it through the companion (``play_through``: Castaways
to its Final), and each time the game enters another phase (and at each step of a secret
vote: open, closed, being read, counted) it photographs the table screen and the first
player's phone at each size, in Debian's Chromium.

    python tests/gallery.py [--out build/gallery] [--games castaways,survivor] [--seed N]
                            [--phones 390x844] [--tables 1280x800,1920x1080] [--text 200]

The play is the layout test's, with its people's names and question. ``--text 200``: the
phones at the browser's 200% text size (issue 33).

The seed is each game's in the layout test unless given.

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
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import games  # noqa: E402
from companion.games import plays as plays_for  # noqa: E402
from companion.testing import play_through  # noqa: E402
from testsupport.browser import CHROMIUM, CHROMIUM_ARGS, PHONE_NAME, handheld
from testsupport.flet_page import enable_semantics
from testsupport.live import Live
from testsupport.real_table import SEEDS, at_a_real_table

PHONES = "360x640,390x844,430x932"
TABLES = "1024x768,1280x800,1920x1080"
# the browser's text size, as its settings set it: the document's root font size
TEXT_SIZE_JS = ("document.addEventListener('DOMContentLoaded', () => "
                "{ document.documentElement.style.fontSize = '%d%%'; });")

def size(text: str) -> tuple[int, int]:
    width, height = text.split("x")
    return int(width), int(height)


def table_context(width: int, height: int) -> dict:
    return dict(viewport={"width": width, "height": height})




class Shots:
    """Every screen at every size: ``pages`` is (suffix, page), e.g. ("table-1280x800", page)."""

    def __init__(self, folder: Path, pages) -> None:
        self.folder, self.pages, self.n = folder, list(pages), 0
        self.taken: set[str] = set()
        self.vote = ""  # the kind of vote under way ("vote-open-tribunal")
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, label: str) -> None:
        # each step of each kind of vote once: a revote looks like the vote before it
        kind = label.rstrip("0123456789-")
        if label.startswith("vote-open-"):
            self.vote = kind
        key = kind if label.startswith("vote-open-") or not label.startswith("vote-") \
            else f"{self.vote} {kind}"
        if key in self.taken:
            return
        self.taken.add(key)
        time.sleep(1.2)  # the screens redraw within a few frames of a change
        self.n += 1
        name = f"{self.n:02d}-{label}".replace(" ", "_").replace("/", "-")[:60]
        for suffix, page in self.pages:
            page.screenshot(path=str(self.folder / f"{name}-{suffix}.png"))
        print(f"  {name}", flush=True)


def gallery(key: str, live: Live, browser, out: Path, seed: int | None,
            tables=((1280, 800),), phones=((390, 844),), text: int = 100) -> None:
    sv = live.service
    seed = SEEDS.get(key, 0) if seed is None else seed
    play = at_a_real_table(plays_for(key)(seed))
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
        phone = browser.new_context(**handheld(width, height)).new_page()
        if text != 100:  # set before Flutter starts: it reads the text size as it boots
            phone.add_init_script(TEXT_SIZE_JS % text)
        phone.goto(f"{live.phone_base}/join/{code}" + (f"?t={tokens[first]}" if first else ""))
        enable_semantics(phone)
        pages.append((f"phone-{width}x{height}" if len(phones) > 1 else "phone", phone))
    if text != 100:
        pages = [(f"{suffix}-text{text}" if suffix.startswith("phone") else suffix, page)
                 for suffix, page in pages]
    shots = Shots(out / key, pages)
    shots.take("seating")
    play_through(sv, code, key, play, tokens, random.Random(seed), shots.take)
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
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--tables", default=TABLES, help="table screen sizes, e.g. 1280x800")
    ap.add_argument("--phones", default=PHONES, help="phone sizes, e.g. 390x844")
    ap.add_argument("--text", type=int, default=100,
                    help="the phones' browser text size in percent, e.g. 200")
    a = ap.parse_args()
    tables = [size(t) for t in a.tables.split(",")]
    phones = [size(p) for p in a.phones.split(",")]
    out = Path(a.out)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        live = Live(Path(tmp), address=PHONE_NAME).start()  # phones on the phone's path
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for key in a.games.split(","):
                print(key, flush=True)
                gallery(key, live, browser, out, a.seed, tables, phones, a.text)
            tonight(live, browser, out, tables)
        finally:
            browser.close()
            live.stop()
    print(f"written to {out}")


if __name__ == "__main__":
    main()
