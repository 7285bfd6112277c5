"""The first second on a phone (issue 39), beside bare Flet: figures, not a test.

A phone opens a room's join page on the phone's path (plain http to ``companion.test``, mapped
to 127.0.0.1), a fresh cache each time, its CPU slowed 4x and its Wi-Fi at 20/5 Mbit/s with
30 ms, and a player who types "Ana" in 3 s from the moment a name field is usable, then joins.
Printed, from navigation start, pair by pair (the companion, then bare Flet with a name field
and a button): when a name field was usable, when the client drew its first frame, and when
the phone said "You have a seat": first said (by the join page's form once the host took the
seat, or by the app), and said by the app's own screen.

    python tests/bench/bench_first_screen.py [--pairs 3] [--cpu 4]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from playwright.sync_api import sync_playwright  # noqa: E402

from bench_join import ARGS, NAME, free_port, wait_up  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from testsupport.browser import PHONE

TYPING_MS = 1000  # "Ana": three keys in three seconds
# Moments, in ms from navigation start, noted by the page itself; the accessibility switch is
# pressed as soon as it exists (so the bare app's field can be found), as a reader's would be.
WATCH = """
window.__t = {};
const note = k => { if (!(k in window.__t)) window.__t[k] = performance.now(); };
addEventListener('flutter-first-frame', () => note('frame'));
new MutationObserver(() => {
  const p = document.querySelector('flt-semantics-placeholder');
  if (p && !p.__pressed) {
    p.__pressed = true;
    const b = p.getBoundingClientRect();
    p.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: b.x + b.width / 2,
                                             clientY: b.y + b.height / 2}));
  }
  const first = document.getElementById('first');
  if ((first && !first.hidden) || document.querySelector('input[aria-label="Your name"]'))
    note('field');
  const host = document.querySelector('flt-semantics-host');
  if (host && host.textContent.includes('You have a seat')) { note('told'); note('seated'); }
  const said = document.getElementById('first-status');
  if (said && said.textContent.includes('You have a seat')) note('told');
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def slowed(browser, cpu: float):
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(180_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 30, "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 5e6 / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return page


def moments(page) -> dict:
    page.wait_for_function("() => window.__t && window.__t.seated", polling=100)
    return page.evaluate("window.__t")


def companion(browser, url: str, cpu: float) -> dict:
    page = slowed(browser, cpu)
    page.goto(url, wait_until="commit")
    field = page.locator("#first-name")
    field.wait_for(state="visible")
    field.press_sequentially("Ana", delay=TYPING_MS)
    page.locator("#first-join").click()
    out = moments(page)
    page.context.close()
    return out


def bare(browser, url: str, cpu: float) -> dict:
    page = slowed(browser, cpu)
    page.goto(url, wait_until="commit")
    field = page.locator('input[aria-label="Your name"]')
    field.wait_for()
    field.click()
    page.keyboard.type("Ana", delay=TYPING_MS)
    page.get_by_role("button", name="Take a seat").click()
    out = moments(page)
    page.context.close()
    return out


BARE_APP = """
import sys, flet as ft, flet_web.fastapi as flet_fastapi, uvicorn
async def main(page: ft.Page):
    done = ft.Text("You have a seat", visible=False)
    def join(e):
        done.visible = True
        page.update()
    page.add(ft.Text("Room ABCD", size=24), ft.TextField(label="Your name"),
             ft.Button("Take a seat", on_click=join), done)
uvicorn.run(flet_fastapi.app(main, no_cdn=True), host="127.0.0.1", port=int(sys.argv[1]),
            log_level="warning")
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--cpu", type=float, default=4)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    port, bare_port = free_port(), free_port()
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp / "cache"), COMPANION_ZOPFLI="0")
    host = subprocess.Popen([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port",
                             str(port), "--address", NAME, "--db", str(tmp / "b.db"),
                             "--no-browser"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    flet = subprocess.Popen([sys.executable, "-c", BARE_APP, str(bare_port)], cwd=tmp)
    try:
        wait_up(f"http://127.0.0.1:{port}")
        wait_up(f"http://127.0.0.1:{bare_port}")
        sv = TableService(Store(tmp / "b.db"))
        rows = {"companion": [], "bare Flet": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for _ in range(args.pairs):
                code = sv.create_room(sv.host_key, "table_vote")
                rows["companion"].append(
                    companion(browser, f"http://{NAME}:{port}/join/{code}", args.cpu))
                rows["bare Flet"].append(
                    bare(browser, f"http://{NAME}:{bare_port}/join/X", args.cpu))
            browser.close()
        print(f"CPU {args.cpu:g}x, Wi-Fi 20/5 Mbit/s 30 ms, fresh cache, {args.pairs} pairs; "
              f"seconds from navigation start (median, then each run)")
        print(f"{'':10} {'field usable':>22} {'first frame':>22} {'seat said':>22} "
              f"{'app says seated':>22} {'said after frame':>22}")
        for who, runs in rows.items():
            cols = [[r[k] / 1000 for r in runs] for k in ("field", "frame", "told", "seated")]
            cols.append([(r["told"] - r["frame"]) / 1000 for r in runs])
            print(f"{who:10} " + " ".join(
                f"{statistics.median(c):5.2f} ({' '.join(f'{v:.1f}' for v in c)})".rjust(22)
                for c in cols))
    finally:
        host.kill()
        flet.kill()


if __name__ == "__main__":
    main()
