"""Figures for the table room, beside a bare Flet app doing the same thing (not a test).

Prints: bytes on the wire for a phone's first join on every path a table brings (Chromium on
127.0.0.1, a secure context as on the host laptop; Chromium on the phone's path, plain http to
``companion.test`` mapped to 127.0.0.1, as on the table's Wi-Fi; the JS fallback of a phone
without WebAssembly GC; WebKit, through a loopback name proxy), the repeat join, the median time
from a phone's vote tap to the table screen's updated count with N phones connected on the
phone's path, and the server's memory with them connected. Every packet stays on loopback.

    python tests/bench/bench_join.py [--phones 18] [--no-webkit]
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
sys.path.insert(0, str(ROOT / "tests" / "e2e"))  # (not `tests.e2e`: a wheel ships a `tests`)

from playwright.sync_api import sync_playwright  # noqa: E402

from companion.rooms import TableService  # noqa: E402
from companion.static import CompressedFiles  # noqa: E402
from flet_web.version import version as FLET_WEB_VERSION  # noqa: E402
from companion.store import Store  # noqa: E402
from engines import NO_WASM_GC, WebKitPhone, start_xvfb, webkit_missing  # noqa: E402
from name_proxy import NameProxy  # noqa: E402

NAME = "companion.test"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--host-resolver-rules=MAP {NAME} 127.0.0.1"]
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
SCRIPT_NAMES = ["Зоя", "Νίκος", "علي", "דנה", "राम", "สมชาย", "李雷", "さくら", "지민"]


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


def wire_bytes(context, url: str, text: str, init_script: str | None = None) -> int:
    """Bytes on the wire (encoded) until the page shows ``text``."""
    if init_script:
        context.add_init_script(init_script)
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


def webkit_bytes(url: str, text: str) -> int:
    """Bytes the host sent a WebKit phone until it shows ``text`` (counted at the proxy)."""
    xvfb, display = start_xvfb()
    proxy = NameProxy(NAME).start()
    try:
        phone = WebKitPhone(display, proxy)
        try:
            phone.open(url)
            phone.see(text)
            time.sleep(1.5)  # late fonts and icons
            return proxy.received
        finally:
            phone.quit()
    finally:
        proxy.stop()
        xvfb.kill()


def bench_app(p, browser, phones_n: int, cache: Path, webkit: bool) -> dict:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "bench.db"
    port = free_port()
    local, base = f"http://127.0.0.1:{port}", f"http://{NAME}:{port}"
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    proc = subprocess.Popen([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port",
                             str(port), "--address", NAME, "--db", str(db), "--no-browser"],
                            cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_up(local)
        # the room, seats and the open vote are made in the same database file
        sv = TableService(Store(db))
        code = sv.create_room(sv.host_key, "table_vote")
        tokens = [sv.join(code, f"Player {i:02d}")[1] for i in range(phones_n)]
        sv.start(sv.host_key, code)
        names = [s.name for s in sv.seats(code)]
        sv.act(code, sv.host_key, "ask", {"question": "Who should lead?",
                                          "candidates": ["North", "South"], "voters": names})
        join = f"/join/{code}?t={tokens[0]}"
        first = {
            "127.0.0.1": wire_bytes(browser.new_context(**PHONE), local + join, "Who should lead?"),
            "phone's path": wire_bytes(browser.new_context(**PHONE), base + join,
                                       "Who should lead?"),
            "JS fallback": wire_bytes(browser.new_context(**PHONE), base + join,
                                      "Who should lead?", NO_WASM_GC),
        }
        if webkit:
            first["WebKit"] = webkit_bytes(base + join, "Who should lead?")
        # a room whose ballot names players in nine scripts: every names' font is fetched
        scripts = sv.create_room(sv.host_key, "table_vote")
        script_tokens = [sv.join(scripts, name)[1] for name in SCRIPT_NAMES]
        sv.start(sv.host_key, scripts)
        sv.act(scripts, sv.host_key, "ask", {"question": "Who should lead?",
                                             "candidates": SCRIPT_NAMES, "voters": SCRIPT_NAMES})
        first["phone's path, a ballot of names in nine scripts"] = wire_bytes(
            browser.new_context(**PHONE), f"{base}/join/{scripts}?t={script_tokens[0]}",
            "Who should lead?")
        ctx = browser.new_context(**PHONE)
        wire_bytes(ctx, base + join, "Who should lead?")
        repeat = wire_bytes(ctx, base + join, "Who should lead?")
        table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        table.goto(f"{local}/table/{code}?k={sv.host_key}")
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
    """Bare Flet on the same paths: phones on the phone's path, the table on 127.0.0.1."""
    port = free_port()
    local, base = f"http://127.0.0.1:{port}", f"http://{NAME}:{port}"
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bench/bare_app.py"), str(port)] +
                            (["--gzip"] if gzip else []), cwd=ROOT)
    try:
        wait_up(local)
        first = wire_bytes(browser.new_context(**PHONE), f"{base}/join/X", "Who should lead?")
        ctx = browser.new_context(**PHONE)
        wire_bytes(ctx, f"{base}/join/X", "Who should lead?")
        repeat = wire_bytes(ctx, f"{base}/join/X", "Who should lead?")
        result = {"first": first, "repeat": repeat}
        if not gzip:
            table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            table.goto(f"{local}/table")
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
    ap.add_argument("--no-webkit", action="store_true", help="skip WebKit's first join")
    ap.add_argument("--cache", type=Path, help="a web cache to reuse (else made afresh)")
    args = ap.parse_args()
    webkit = not args.no_webkit and not webkit_missing()
    cache = args.cache or Path(tempfile.mkdtemp())
    start = time.perf_counter()
    # what a host does in the background on its first start: gzip -9, then zopfli
    CompressedFiles(cache=cache / "companion" / f"web-{FLET_WEB_VERSION}").warm(zopfli=True)
    print(f"(the client prepared once, gzip -9 and zopfli: {time.perf_counter() - start:.1f} s)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        bare = bench_bare(p, browser, args.phones, gzip=False)
        bare_gz = bench_bare(p, browser, 0, gzip=True)
        app = bench_app(p, browser, args.phones, cache, webkit)
        browser.close()

    def mb(n):
        return f"{n / 1e6:.2f} MB"

    def ms(xs):
        return f"median {statistics.median(xs):.0f} ms (min {min(xs):.0f}, max {max(xs):.0f})"

    for path, n in app["first"].items():
        print(f"first join on the wire, {path}: app {mb(n)}")
    print(f"first join, phone's path: bare Flet {mb(bare['first'])} | bare Flet + GZipMiddleware "
          f"{mb(bare_gz['first'])}")
    print(f"repeat join on the wire, phone's path: app {app['repeat'] / 1e3:.1f} KB | bare Flet "
          f"{bare['repeat'] / 1e3:.1f} KB | bare Flet + GZip {bare_gz['repeat'] / 1e3:.1f} KB")
    ratio = statistics.median(app["latency"]) / statistics.median(bare["latency"])
    print(f"tap to table count, {args.phones} phones on the phone's path: app "
          f"{ms(app['latency'])} | bare Flet {ms(bare['latency'])} | ratio {ratio:.2f}")
    print(f"server RSS with {args.phones} phones: app {app['memory']:.0f} MB | "
          f"bare Flet {bare['memory']:.0f} MB")


if __name__ == "__main__":
    main()
