"""Figures for the table room, beside a bare Flet app doing the same thing (not a test).

Prints: bytes on the wire for a phone's first and repeat join, the median time from a phone's
vote tap to the table screen's updated count with N phones connected, and the server's memory
with them connected. Everything runs on 127.0.0.1 with Debian's Chromium.

    python tests/bench/bench_join.py [--phones 18]
"""
from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion.rooms import TableService  # noqa: E402
from companion.static import CompressedFiles  # noqa: E402
from companion.store import Store  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(base: str) -> None:
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/", timeout=1).read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{base} did not start")


def rss_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    return float("nan")


def ready(page) -> None:
    page.set_default_timeout(60_000)
    page.locator("flt-semantics-placeholder").wait_for(state="attached")
    page.locator("flt-semantics-placeholder").dispatch_event("click")


def wire_bytes(context, url: str, text: str) -> int:
    """Bytes on the wire (encoded) until the page shows ``text``."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    total = {"n": 0}
    cdp.on("Network.loadingFinished", lambda e: total.__setitem__("n", total["n"] +
                                                                     e["encodedDataLength"]))
    cdp.send("Network.enable")
    page.goto(url)
    ready(page)
    page.get_by_text(text).first.wait_for()
    page.wait_for_timeout(1500)  # late fonts and icons
    page.close()
    return total["n"]


def tap_latency(table, phones, count_text) -> list[float]:
    """From each phone's tap (pointerdown) to the table screen showing the new count."""
    out = []
    for i, phone in enumerate(phones, start=1):
        want = count_text(i)
        table.evaluate("""want => { window.__seen = null;
            const obs = new MutationObserver(() => {
              if (!window.__seen && document.body.innerText.includes(want)) {
                window.__seen = Date.now(); obs.disconnect(); } });
            obs.observe(document.body, {subtree: true, childList: true, characterData: true}); }""",
                       want)
        button = phone.get_by_role("button", name="Confirm my vote")
        button.wait_for()
        start = phone.evaluate("() => Date.now()")
        button.click()
        table.wait_for_function("() => window.__seen !== null")
        out.append(table.evaluate("() => window.__seen") - start)
    return out


def bench_app(p, browser, phones_n: int, cache: Path) -> dict:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "bench.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    proc = subprocess.Popen([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port",
                             str(port), "--address", "127.0.0.1", "--db", str(db), "--no-browser"],
                            cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_up(base)
        # the room, seats and the open vote are made in the same database file
        sv = TableService(Store(db))
        code = sv.create_room(sv.host_key, "table_vote")
        tokens = [sv.join(code, f"Player {i:02d}")[1] for i in range(phones_n)]
        sv.start(sv.host_key, code)
        names = [s.name for s in sv.seats(code)]
        sv.act(code, sv.host_key, "ask", {"question": "Who should lead?",
                                          "candidates": ["North", "South"], "voters": names})
        first = wire_bytes(browser.new_context(**PHONE), f"{base}/join/{code}?t={tokens[0]}",
                           "Who should lead?")
        ctx = browser.new_context(**PHONE)
        wire_bytes(ctx, f"{base}/join/{code}?t={tokens[0]}", "Who should lead?")
        repeat = wire_bytes(ctx, f"{base}/join/{code}?t={tokens[0]}", "Who should lead?")
        table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        table.goto(f"{base}/table/{code}?k={sv.host_key}")
        ready(table)
        table.get_by_text(f"0 of {phones_n} have voted").wait_for()
        phones = []
        for token in tokens:
            page = browser.new_context(**PHONE).new_page()
            page.goto(f"{base}/join/{code}?t={token}")
            ready(page)
            page.get_by_role("button", name="Vote for North").wait_for()
            page.get_by_role("button", name="Vote for North").click()
            phones.append(page)
        memory = rss_mb(proc.pid)
        times = tap_latency(table, phones, lambda i: f"{i} of {phones_n} have voted"
                            if i < phones_n else "Ballots read: 0 of")
        for page in phones + [table]:
            page.context.close()
        return {"first": first, "repeat": repeat, "latency": times, "memory": memory}
    finally:
        proc.kill()


def bench_bare(p, browser, phones_n: int, gzip: bool) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bench/bare_app.py"), str(port)] +
                            (["--gzip"] if gzip else []), cwd=ROOT)
    try:
        wait_up(base)
        first = wire_bytes(browser.new_context(**PHONE), f"{base}/join/X", "Who should lead?")
        ctx = browser.new_context(**PHONE)
        wire_bytes(ctx, f"{base}/join/X", "Who should lead?")
        repeat = wire_bytes(ctx, f"{base}/join/X", "Who should lead?")
        result = {"first": first, "repeat": repeat}
        if not gzip:
            table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            table.goto(f"{base}/table")
            ready(table)
            table.get_by_text("0 have voted").wait_for()
            phones = []
            for _ in range(phones_n):
                page = browser.new_context(**PHONE).new_page()
                page.goto(f"{base}/join/X")
                ready(page)
                phones.append(page)
            result["memory"] = rss_mb(proc.pid)
            result["latency"] = tap_latency(table, phones, lambda i: f"{i} have voted")
            for page in phones + [table]:
                page.context.close()
        return result
    finally:
        proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phones", type=int, default=18)
    args = ap.parse_args()
    cache = Path(tempfile.mkdtemp())
    start = time.perf_counter()
    CompressedFiles(cache=cache / "companion" / "web-bench").warm()  # not the one the app uses
    print(f"(gzip -9 of the whole client once: {time.perf_counter() - start:.1f} s)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        bare = bench_bare(p, browser, args.phones, gzip=False)
        bare_gz = bench_bare(p, browser, 0, gzip=True)
        app = bench_app(p, browser, args.phones, cache)
        browser.close()

    def mb(n):
        return f"{n / 1e6:.2f} MB"

    def ms(xs):
        return f"median {statistics.median(xs):.0f} ms (min {min(xs):.0f}, max {max(xs):.0f})"

    print(f"phone first join on the wire: app {mb(app['first'])} | bare Flet {mb(bare['first'])}"
          f" | bare Flet + GZipMiddleware {mb(bare_gz['first'])}")
    print(f"phone repeat join on the wire: app {app['repeat'] / 1e3:.1f} KB | bare Flet "
          f"{bare['repeat'] / 1e3:.1f} KB | bare Flet + GZip {bare_gz['repeat'] / 1e3:.1f} KB")
    print(f"tap to table count, {args.phones} phones: app {ms(app['latency'])} | bare Flet "
          f"{ms(bare['latency'])} | ratio {statistics.median(app['latency']) / statistics.median(bare['latency']):.2f}")
    print(f"server RSS with {args.phones} phones: app {app['memory']:.0f} MB | "
          f"bare Flet {bare['memory']:.0f} MB")


if __name__ == "__main__":
    main()
