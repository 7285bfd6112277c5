"""What a seated phone's cover costs (issue 49: seal.js sends one 256 B frame every 100 ms
once seated, a tap riding in it or nothing). Not a test: it prints what it measured.

A real host (``python -m companion``, sealed, or ``--no-seal`` for the figures without the
seal) behind the listener's TCP relay (testsupport/listener.py), the table screen and one
phone in Chromium, the phone 4x slower (CDP ``Emulation.setCPUThrottlingRate`` 4). The phone
takes a seat and then does nothing for ``--seconds``: the bytes its socket sends and receives
meanwhile (websocket frames as the relay saw them, TCP and IP headers not counted) and the
phone page's CPU (CDP ``Performance.getMetrics``: TaskDuration, ScriptDuration) and the host
process's (/proc), per minute.

    PYTHONPATH=. python tests/bench/bench_cover.py [--seconds 60] [--no-seal]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from testsupport.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, PHONE_NAME, TABLE, Server  # noqa: E402
from testsupport.flet_page import new_room, open_page, see, take_seat  # noqa: E402
from testsupport.listener import behind_listener, phone_sockets, websocket_frames  # noqa: E402


def metrics(cdp) -> dict[str, float]:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def host_cpu(server) -> float:
    """The host process's CPU seconds so far (user and system, /proc)."""
    fields = Path(f"/proc/{server.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sockets(listener) -> tuple[int, int, int]:
    """(bytes up, bytes down, data frames up) of the phone's app socket so far."""
    found = phone_sockets(listener, PHONE_NAME)
    assert len(found) == 1, f"{len(found)} phone sockets"
    up, down = found[0]["up"], found[0]["down"]
    return len(up), len(down), len(websocket_frames(up))


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seal", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp) / "companion.db", Path(tmp) / "cache")
        server.env["COMPANION_SEAL"] = "1" if args.seal else "0"
        listener = behind_listener(server)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
            code = new_room(table, "Table vote")
            phone = take_seat(browser, f"{server.base}/join/{code}", "Annabelle", **PHONE)
            see(table, "Annabelle: connected")
            cdp = phone.context.new_cdp_session(phone)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            cdp.send("Performance.enable")
            time.sleep(3)  # the seat's redraws done (a bench's wait, not a test's)
            before, cpu, host = sockets(listener), metrics(cdp), host_cpu(server)
            time.sleep(args.seconds)  # the phone seated and idle: only its cover goes up
            after, cpu_after = sockets(listener), metrics(cdp)
            host = host_cpu(server) - host
        finally:
            browser.close()
            listener.close()
            server.kill()
    per_minute = 60 / args.seconds
    up, down, frames = (round((a - b) * per_minute) for a, b in zip(after, before))
    print(f"seal {'on' if args.seal else 'off'}, a seated idle phone, per minute over "
          f"{args.seconds:.0f} s: {up:,} bytes up in {frames} frames, {down:,} bytes down "
          f"(websocket frames, TCP/IP headers not counted)")
    print(f"  the host process's CPU: {host * per_minute * 1000:.0f} ms per minute")
    for name in ("TaskDuration", "ScriptDuration"):
        used = (cpu_after[name] - cpu[name]) * per_minute
        print(f"  the phone page (4x slower) {name}: {used * 1000:.0f} ms per minute "
              f"({used / 60 * 100:.2f} % of its time)")


if __name__ == "__main__":
    main()
