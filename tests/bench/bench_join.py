"""Figures for the table room, beside a bare Flet app doing the same thing (not a test).

Prints: bytes on the wire for a phone's first join on every path a table brings (Chromium on
127.0.0.1, a secure context as on the host laptop; Chromium on the phone's path, plain http to
``companion.test`` mapped to 127.0.0.1, as on the table's Wi-Fi; the JS fallback of a phone
without WebAssembly GC; WebKit, through a loopback name proxy), the repeat join; then the time
from a phone's vote tap to the table screen's updated count with N phones connected on the
phone's path, the app, bare Flet and bare Flet committing each vote to SQLite as the companion
does (its durable commit before the table is told) interleaved tap by tap, split by the frames' times into
the phone, the host (vote in -> count out) and the table, with the host's CPU time per tap;
and the servers' memory. ``--profile FILE`` profiles the app host during the taps. Every
packet stays on loopback.

    python tests/bench/bench_join.py [--phones 18] [--no-webkit] [--taps-only] [--profile F]
                                     [--trace F] [--phone-like]
"""
from __future__ import annotations

import argparse
import json
import os
import pstats
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by its path, not by pytest: the checkout first

from playwright.sync_api import sync_playwright  # noqa: E402

from companion.rooms import TableService  # noqa: E402
from companion.static import CompressedFiles  # noqa: E402
from flet_web.version import version as FLET_WEB_VERSION  # noqa: E402
from testsupport.flet_page import enable_semantics  # noqa: E402
from companion.store import Store  # noqa: E402
from testsupport.browser import PHONE as ANDROID, TABLE
from testsupport.engines import NO_WASM_GC, WebKitPhone, start_xvfb, webkit_missing
from testsupport.flet_page import settle
from testsupport.name_proxy import NameProxy

NAME = "companion.test"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--host-resolver-rules=MAP {NAME} 127.0.0.1"]
# a phone's screen, touch and pixels; the user agent stays Chromium's own: bare Flet's page
# switches its accessibility tree on by that one click only with a desktop's user agent
PHONE = {k: v for k, v in ANDROID.items() if k != "user_agent"}
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
    # (a browser whose tree was on once, as the repeat join's, turns it on by itself:
    # companion/web/boot.js)
    enable_semantics(page)


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


# Every page notes, on the browser's one clock, when a finger touched it and when each
# websocket frame left or arrived: a tap's time then splits into the phone (tap -> vote frame
# sent), the host (vote frame sent -> the table's count frame received) and the table (frame
# received -> count drawn).
CLOCK = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__frames = {sent: [], received: []};
  addEventListener('pointerdown', () => { window.__down = now(); }, true);
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...a) { super(...a);
      this.addEventListener('message', () => window.__frames.received.push(now())); }
    send(data) { window.__frames.sent.push(now()); return super.send(data); }
  }
  window.WebSocket = Watched;
})();"""
WATCH = """want => { window.__seen = null;
  const now = () => performance.timeOrigin + performance.now();
  const obs = new MutationObserver(() => {
    if (!window.__seen && document.body.innerText.includes(want)) {
      window.__seen = now(); obs.disconnect(); } });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true}); }"""


class Wire:
    """A page's websocket frames as the browser's network stack saw them (CDP), on its own
    monotonic clock (seconds), shared by every page of the browser: when a frame left the
    phone and when the table's frames arrived, apart from when each page's script heard of
    them (a busy page hears late)."""

    def __init__(self, page) -> None:
        self.sent: list[float] = []
        self.received: list[tuple[float, int]] = []
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketFrameSent", lambda e: self.sent.append(e["timestamp"]))
        cdp.on("Network.webSocketFrameReceived", lambda e: self.received.append(
            (e["timestamp"], len(e["response"].get("payloadData") or ""))))
        cdp.send("Network.enable")
        self.cdp = cdp

    def clear(self) -> None:
        self.sent.clear()
        self.received.clear()

    def phone_like(self, on: bool) -> None:
        """A mid-range phone on a crowded Wi-Fi (CPU 4x slower, 30 ms each way, 20/5 Mbit/s),
        or this machine's own speed again: only the phone tapping is slowed, so that 36
        slowed pages do not load the machine the hosts run on."""
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4 if on else 1})
        self.cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 30 if on else 0,
            "downloadThroughput": 20e6 / 8 if on else -1,
            "uploadThroughput": 5e6 / 8 if on else -1})


PHONE_LIKE = {"on": False}  # --phone-like


def tap(table, phone, want: str) -> dict[str, float]:
    """One phone's vote tap until the table shows ``want``, split by the frames' times."""
    table.evaluate(WATCH, want)
    button = phone.get_by_role("button", name="Confirm my vote")
    button.wait_for()
    settle(phone)  # as a person waits for the screen to stop moving before tapping
    phone.evaluate("() => { window.__frames.sent = []; }")
    table.evaluate("() => { window.__frames.received = []; }")
    phone.wire.clear()
    table.wire.clear()
    if PHONE_LIKE["on"]:
        phone.wire.phone_like(True)
    button.click()
    table.wait_for_function("() => window.__seen !== null")
    if PHONE_LIKE["on"]:
        phone.wire.phone_like(False)
    down = phone.evaluate("() => window.__down")
    sent = min(t for t in phone.evaluate("() => window.__frames.sent") if t >= down)
    seen = table.evaluate("() => window.__seen")
    # the frame the count came in: the last one the table received before drawing it
    count_in = max(t for t in table.evaluate("() => window.__frames.received") if t <= seen)
    heard = min(t for t in table.evaluate("() => window.__frames.received"))
    # on the wire: the phone's first frame out -> the table's first frame in (the count)
    phone.wire.cdp.send("Runtime.evaluate", {"expression": "0"})  # its events delivered
    out = min(phone.wire.sent)
    wire_in = min(t for t, _ in table.wire.received)
    return {"total": seen - down, "phone": sent - down, "host": count_in - sent,
            "table": seen - count_in, "wire host": (wire_in - out) * 1000,
            "table hears": heard - sent - (wire_in - out) * 1000,
            "table frames": len(table.wire.received),
            "table bytes": sum(n for _, n in table.wire.received)}


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


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stage:
    """A host with its table screen on 127.0.0.1 and its phones on the phone's path, ready to
    tap; ``want(i)`` is what the table shows after the i-th vote."""

    def __init__(self, proc, table, phones, want) -> None:
        self.proc, self.table, self.phones, self.want = proc, table, phones, want

    def tap(self, i: int) -> dict[str, float]:
        return tap(self.table, self.phones[i], self.want(i + 1))

    def close(self) -> None:
        for page in self.phones + [self.table]:
            page.context.close()


def open_page(browser, url: str, options: dict):
    context = browser.new_context(**options)
    context.add_init_script(CLOCK)
    page = context.new_page()
    page.wire = Wire(page)
    page.goto(url)
    ready(page)
    return page


def start_app(cache: Path, profile: Path | None, trace: Path | None = None):
    """The host, as a phone's table starts it, with a room whose vote waits for its phones."""
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "bench.db"
    port = free_port()
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    host = (["-m", "companion"] if profile is None and trace is None else
            [str(ROOT / "tests/bench/traced_host.py"), str(trace)] if trace else
            [str(ROOT / "tests/bench/profiled_host.py"), str(profile)])
    proc = subprocess.Popen([sys.executable, *host, "--host", "127.0.0.1", "--port", str(port),
                             "--address", NAME, "--db", str(db), "--no-browser"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    wait_up(f"http://127.0.0.1:{port}")
    return proc, port, TableService(Store(db))


def vote_room(sv: TableService, names: list[str], candidates: list[str]) -> tuple[str, list]:
    """A started table vote with a seat for each name: its code and the seats' passes."""
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, name)[1] for name in names]
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Who should lead?",
                                      "candidates": candidates, "voters": names})
    return code, tokens


def app_first_joins(browser, port: int, sv: TableService, webkit: bool) -> dict:
    """Bytes of a first join on every path a table brings, and of a repeat join."""
    local, base = f"http://127.0.0.1:{port}", f"http://{NAME}:{port}"
    code, tokens = vote_room(sv, ["Ana"], ["North", "South"])
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
    scripts, script_tokens = vote_room(sv, SCRIPT_NAMES, SCRIPT_NAMES)
    first["phone's path, a ballot of names in nine scripts"] = wire_bytes(
        browser.new_context(**PHONE), f"{base}/join/{scripts}?t={script_tokens[0]}",
        "Who should lead?")
    ctx = browser.new_context(**PHONE)
    wire_bytes(ctx, base + join, "Who should lead?")
    return {"first": first, "repeat": wire_bytes(ctx, base + join, "Who should lead?")}


def app_stage(browser, proc, port: int, sv: TableService, phones_n: int) -> Stage:
    code, tokens = vote_room(sv, [f"Player {i:02d}" for i in range(phones_n)],
                             ["North", "South"])
    table = open_page(browser, f"http://127.0.0.1:{port}/table/{code}?k={sv.host_key}", TABLE)
    table.get_by_text(f"0 of {phones_n} have voted").wait_for()
    phones = []
    for token in tokens:
        page = open_page(browser, f"http://{NAME}:{port}/join/{code}?t={token}", PHONE)
        page.get_by_role("button", name="Vote for North").click()
        phones.append(page)
    return Stage(proc, table, phones, lambda i: f"{i} of {phones_n} have voted"
                 if i < phones_n else "Ballots read: 0 of")


def start_bare(gzip: bool = False, commit: bool = False):
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bench/bare_app.py"), str(port)] +
                            (["--gzip"] if gzip else []) +
                            (["--commit", str(Path(tempfile.mkdtemp()) / "bare.db")]
                             if commit else []), cwd=ROOT)
    wait_up(f"http://127.0.0.1:{port}")
    return proc, port


def bare_joins(browser, port: int) -> dict:
    url = f"http://{NAME}:{port}/join/X"
    first = wire_bytes(browser.new_context(**PHONE), url, "Who should lead?")
    ctx = browser.new_context(**PHONE)
    wire_bytes(ctx, url, "Who should lead?")
    return {"first": first, "repeat": wire_bytes(ctx, url, "Who should lead?")}


def bare_stage(browser, proc, port: int, phones_n: int) -> Stage:
    """Bare Flet on the same paths: phones on the phone's path, the table on 127.0.0.1."""
    table = open_page(browser, f"http://127.0.0.1:{port}/table", TABLE)
    table.get_by_text("0 have voted").wait_for()
    phones = [open_page(browser, f"http://{NAME}:{port}/join/X", PHONE)
              for _ in range(phones_n)]
    for page in phones:
        page.get_by_role("button", name="Confirm my vote").wait_for()
    return Stage(proc, table, phones, lambda i: f"{i} have voted")


BARE_COMMIT = "bare + commit"  # bare Flet committing each vote as the companion does


def interleaved(stages: dict[str, Stage], phones_n: int) -> dict:
    """Each phone taps on the app, then its pairs on bare Flet (and bare Flet with the
    commit): a load that comes and goes (other work on the machine) weighs on all alike."""
    taps: dict[str, list] = {name: [] for name in stages}
    cpu = {name: cpu_seconds(stage.proc.pid) for name, stage in stages.items()}
    for i in range(phones_n):
        for name, stage in stages.items():
            taps[name].append(stage.tap(i))
    for name, stage in stages.items():
        cpu[name] = (cpu_seconds(stage.proc.pid) - cpu[name]) / phones_n * 1000
    return {"taps": taps, "cpu_ms": cpu}


def cast_alone(phones_n: int) -> list[float]:
    """The host's own share without Flet: each cast (its durable commit included) timed in the
    service, on a database file in the same folder as the bench's."""
    sv = TableService(Store(Path(tempfile.mkdtemp()) / "casts.db"))
    names = [f"Player {i:02d}" for i in range(phones_n)]
    code, tokens = vote_room(sv, names, ["North", "South"])
    out = []
    for token in tokens:
        start = time.perf_counter()
        sv.cast(code, token, ["North"])
        out.append((time.perf_counter() - start) * 1000)
    return out


def median_of(taps: list[dict], key: str) -> float:
    return statistics.median(t[key] for t in taps)


def report(result: dict, phones_n: int) -> None:
    taps, cpu = result["taps"], result["cpu_ms"]
    print(f"tap to table count, {phones_n} phones on the phone's path, interleaved pairs:")
    for name in taps:
        xs = [t["total"] for t in taps[name]]
        print(f"  {name}: median {statistics.median(xs):.1f} ms (min {min(xs):.1f}, "
              f"max {max(xs):.1f}) | phone {median_of(taps[name], 'phone'):.1f} | host "
              f"{median_of(taps[name], 'host'):.1f} | table {median_of(taps[name], 'table'):.1f}"
              f" | host CPU per tap {cpu[name]:.1f} ms")
        print(f"        on the wire: host {median_of(taps[name], 'wire host'):.1f} ms "
              f"(the phone's frame out -> the table's first frame in); the pages' scripts add "
              f"{median_of(taps[name], 'table hears'):.1f} ms (the phone's send to its wire, "
              f"the table's wire to its script); the table gets "
              f"{median_of(taps[name], 'table frames'):.0f} frames, "
              f"{median_of(taps[name], 'table bytes'):.0f} bytes")
    for base in (name for name in taps if name != "app"):
        ratios = [a["total"] / b["total"] for a, b in zip(taps["app"], taps[base])]
        print(f"  app against {base}: ratio of medians "
              f"{median_of(taps['app'], 'total') / median_of(taps[base], 'total'):.2f}"
              f" | median ratio per pair {statistics.median(ratios):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phones", type=int, default=18)
    ap.add_argument("--no-webkit", action="store_true", help="skip WebKit's first join")
    ap.add_argument("--taps-only", action="store_true", help="skip the bytes of first joins")
    ap.add_argument("--profile", type=Path, help="write the host's profile of the taps here")
    ap.add_argument("--trace", type=Path,
                    help="time each step of the taps inside the host, written here (JSON lines)")
    ap.add_argument("--cache", type=Path, help="a web cache to reuse (else made afresh)")
    ap.add_argument("--phone-like", action="store_true",
                    help="the phone tapping slowed as a mid-range phone on a crowded Wi-Fi")
    args = ap.parse_args()
    PHONE_LIKE["on"] = args.phone_like
    webkit = not args.no_webkit and not webkit_missing()
    cache = args.cache or Path(tempfile.mkdtemp())
    start = time.perf_counter()
    # what a host does in the background on its first start: gzip -9, then zopfli
    CompressedFiles(cache=cache / "companion" / f"web-{FLET_WEB_VERSION}").warm(zopfli=True)
    print(f"(the client prepared once, gzip -9 and zopfli: {time.perf_counter() - start:.1f} s)")
    print(f"(load average before: {os.getloadavg()[0]:.2f})")
    app_proc, app_port, sv = start_app(cache, args.profile, args.trace)
    bare_proc, bare_port = start_bare()
    committing_proc, committing_port = start_bare(commit=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            if not args.taps_only:
                joins_report(browser, app_port, sv, bare_port, webkit)
            app = app_stage(browser, app_proc, app_port, sv, args.phones)
            stages = {"app": app,
                      "bare": bare_stage(browser, bare_proc, bare_port, args.phones),
                      BARE_COMMIT: bare_stage(browser, committing_proc, committing_port,
                                              args.phones)}
            memory = rss_mb(app_proc.pid), rss_mb(bare_proc.pid)
            if args.profile or args.trace:
                app_proc.send_signal(signal.SIGUSR1)
            result = interleaved(stages, args.phones)
            if args.profile or args.trace:
                app_proc.send_signal(signal.SIGUSR2)
                time.sleep(1)  # the profile is written
            for stage in stages.values():
                stage.close()
            browser.close()
    finally:
        for proc in (app_proc, bare_proc, committing_proc):
            proc.kill()
    report(result, args.phones)
    casts = cast_alone(args.phones)
    print(f"  a cast alone in the service (no Flet; its commit included): median "
          f"{statistics.median(casts):.1f} ms (min {min(casts):.1f}, max {max(casts):.1f})")
    print(f"server RSS with {args.phones} phones: app {memory[0]:.0f} MB | "
          f"bare Flet {memory[1]:.0f} MB")
    print(f"(load average after: {os.getloadavg()[0]:.2f})")
    if args.trace:
        trace_report(args.trace)
    if args.profile:
        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(30)
        pstats.Stats(str(args.profile)).sort_stats("tottime").print_stats(15)


STEPS = ("frame in", "dispatch start", "cast start", "transaction begun", "commit start",
         "committed", "publish start",
         "table redraw start", "table redraw end", "table frame sent", "dispatch end")


def trace_report(path: Path) -> None:
    """Where a tap's time goes inside the host, from traced_host.py's steps: the median of
    each step's time after the tap's frame arrived (the closing tap left out)."""
    events = [json.loads(line) for line in path.read_text().splitlines()]
    rows = []
    for i, e in enumerate(events):
        if e["what"] != "cast start":
            continue
        before, after = events[:i][::-1], events[i:]
        at = {"cast start": e["t"]}
        at["frame in"] = next(x["t"] for x in before if x["what"] == "frame in")
        at["dispatch start"] = next(x["t"] for x in before if x["what"] == "dispatch start")
        after_at = lambda what, t0, test=lambda x: True: next(  # noqa: E731
            (x["t"] for x in after if x["what"] == what and x["t"] >= t0 and test(x)), None)
        for step in ("transaction begun", "commit start", "committed"):
            at[step] = after_at(step, e["t"])
        at["publish start"] = after_at("publish start", e["t"])
        if not any(x["what"] == "publish start" and x.get("news", "").startswith("ballot:")
                   for x in after if x["t"] == at["publish start"]):
            continue  # the closing ballot redraws every screen: another story
        at["table redraw start"] = after_at("redraw start", e["t"],
                                            lambda x: x.get("screen") == "TableRoom")
        j = next(k for k, x in enumerate(after) if x["t"] == at["table redraw start"]
                 and x["what"] == "redraw start")
        at["table redraw end"] = next(x["t"] for x in after[j:] if x["what"] == "redraw end")
        at["table frame sent"] = after_at("send start", at["table redraw end"])
        at["dispatch end"] = after_at("dispatch end", e["t"])
        rows.append({k: v - at["frame in"] for k, v in at.items() if v is not None})
    print(f"inside the host, ms after the tap's frame arrived (median of {len(rows)} taps; "
          "a step's order is when it began):")
    for step in STEPS:
        xs = [r[step] for r in rows if step in r]
        if xs:
            print(f"  {step:20} {statistics.median(xs):6.1f}  (min {min(xs):.1f}, "
                  f"max {max(xs):.1f})")


def joins_report(browser, app_port: int, sv: TableService, bare_port: int,
                 webkit: bool) -> None:
    app = app_first_joins(browser, app_port, sv, webkit)
    bare = bare_joins(browser, bare_port)
    gz_proc, gz_port = start_bare(gzip=True)
    try:
        bare_gz = bare_joins(browser, gz_port)
    finally:
        gz_proc.kill()

    def mb(n):
        return f"{n / 1e6:.2f} MB"

    for path, n in app["first"].items():
        print(f"first join on the wire, {path}: app {mb(n)}")
    print(f"first join, phone's path: bare Flet {mb(bare['first'])} | bare Flet + GZipMiddleware "
          f"{mb(bare_gz['first'])}")
    print(f"repeat join on the wire, phone's path: app {app['repeat'] / 1e3:.1f} KB | bare Flet "
          f"{bare['repeat'] / 1e3:.1f} KB | bare Flet + GZip {bare_gz['repeat'] / 1e3:.1f} KB")


if __name__ == "__main__":
    main()
