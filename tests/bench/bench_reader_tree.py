"""What Flutter's accessibility tree costs a phone when it is on from the start (issue 53, 3):
figures, not a test.

A phone joins a room on the phone's path as bench_first_screen does (fresh cache, CPU slowed
4x, Wi-Fi 20/5 Mbit/s with 30 ms, "Ana" typed on the join page and Join pressed), in pairs:
once with the tree off (every sighted phone), once with it on from the start (a browser that
keeps the reader's setting, companion/web/boot.js turning it on as the client starts). Printed
per kind, median and each run: the first frame from navigation start, the bytes on the wire,
and the page's main-thread time (CDP TaskDuration, the 4x slowed CPU) until 5 s after the
first frame (the seated screen drawn and settled).

    python tests/bench/bench_reader_tree.py [--pairs 3] [--cpu 4]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from playwright.sync_api import sync_playwright  # noqa: E402

from bench_join import ARGS, NAME, free_port, wait_up  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from testsupport.browser import PHONE  # noqa: E402

AFTER_FRAME_S = 5.0  # the seated screen drawn and settled on a 4x slowed phone
WATCH = """
window.__t = {};
addEventListener('flutter-first-frame', () => { window.__t.frame = performance.now(); });
"""
READER = "localStorage.setItem('flutter.companion.reader', 'true');"


def run(browser, url: str, cpu: float, tree: bool) -> dict:
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCH + (READER if tree else ""))
    page = context.new_page()
    page.set_default_timeout(180_000)
    cdp = context.new_cdp_session(page)
    wire = [0]
    cdp.on("Network.loadingFinished", lambda e: wire.__setitem__(0, wire[0] + e["encodedDataLength"]))
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 30, "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 5e6 / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    cdp.send("Performance.enable")
    page.goto(url, wait_until="commit")
    field = page.locator("#first-name")
    field.wait_for(state="visible")
    field.press_sequentially("Ana", delay=300)
    page.locator("#first-join").click()
    page.wait_for_function("() => window.__t.frame", polling=100)
    time.sleep(AFTER_FRAME_S)  # a bench's settling time, not a test's wait
    on = page.evaluate("() => !!document.querySelector('flt-semantics')")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    out = {"frame": page.evaluate("window.__t.frame") / 1000, "bytes": wire[0],
           "busy": metrics["TaskDuration"], "on": on}
    context.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--cpu", type=float, default=4)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    port = free_port()
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp / "cache"), COMPANION_ZOPFLI="0")
    host = subprocess.Popen([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port",
                             str(port), "--address", NAME, "--db", str(tmp / "b.db"),
                             "--no-browser"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        wait_up(f"http://127.0.0.1:{port}")
        sv = TableService(Store(tmp / "b.db"))
        rows = {"tree off": [], "tree on": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for _ in range(args.pairs):
                for kind, tree in (("tree off", False), ("tree on", True)):
                    code = sv.create_room(sv.host_key, "table_vote")
                    got = run(browser, f"http://{NAME}:{port}/join/{code}", args.cpu, tree)
                    assert got["on"] == tree, (kind, got)
                    rows[kind].append(got)
            browser.close()
        print(f"CPU {args.cpu:g}x, Wi-Fi 20/5 Mbit/s 30 ms, fresh cache, {args.pairs} pairs, "
              f"load average {os.getloadavg()[0]:.1f}; median (each run)")
        print(f"{'':9} {'first frame (s)':>26} {'bytes on the wire':>40} "
              f"{'main thread until frame + 5 s (s)':>36}")
        for kind, runs in rows.items():
            cols = []
            for key, fmt in (("frame", "{:.2f}"), ("bytes", "{:,.0f}"), ("busy", "{:.2f}")):
                values = [r[key] for r in runs]
                cols.append(fmt.format(statistics.median(values)) + " ("
                            + " ".join(fmt.format(v) for v in values) + ")")
            print(f"{kind:9} {cols[0]:>26} {cols[1]:>40} {cols[2]:>36}")
    finally:
        host.kill()


if __name__ == "__main__":
    main()
