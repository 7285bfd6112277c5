"""The real host (``python -m companion``) on a free port and Debian's Chromium's settings,
for the e2e tests of the project and of any game (the fixtures are companion.testing.plugin's).

Phones take the phone's path: the host is started with ``--address companion.test`` (what its
QR codes carry) and Chromium resolves that name to 127.0.0.1, so a phone's page is plain http
to a name, not a secure context, as on the table's Wi-Fi; every packet stays on loopback. The
table screen stays on 127.0.0.1, as on the host laptop.

The fixtures that use these (``server``, ``browser``, ``wire``) are the pytest plugin's
(companion/testing/plugin.py); the rest is for any test or script (the gallery, the
benchmarks, the packaged hosts' journey).
"""
from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

# the folder companion is imported from (a checkout's root, or site-packages): the host a
# test starts runs the same companion as the test
ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
# Chromium must not try the internet: the machine (like a table) has none.
PHONE_NAME = "companion.test"  # the host's address on the table's Wi-Fi, as phones know it
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", f"--host-resolver-rules=MAP {PHONE_NAME} 127.0.0.1"]
# Flutter sizes a page by the platform it reads from the user agent: a desktop's buttons are
# 32 px tall, a phone's 48. So a phone is Android's Chrome (its user agent), with touch and a
# phone's pixels; a tablet the same with a tablet's user agent (no "Mobile").
ANDROID_PHONE = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like "
                 "Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")
ANDROID_TABLET = ("Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like "
                  "Gecko) Chrome/131.0.0.0 Safari/537.36")


def handheld(width: int, height: int, scale: float = 2.625,
             user_agent: str = ANDROID_PHONE) -> dict:
    """A browser context's options for a phone (or, with its user agent, a tablet)."""
    return dict(viewport={"width": width, "height": height}, device_scale_factor=scale,
                is_mobile=True, has_touch=True, user_agent=user_agent)


PHONE = handheld(390, 844)
TABLET = handheld(800, 1280, 2, ANDROID_TABLET)
TABLE = dict(viewport={"width": 1280, "height": 800})  # a laptop or TV: the table of issue 10


# the ports a test's hosts may take: any free one (None), or a range a test run sets
# (``--companion-ports 41000-41999`` or COMPANION_TEST_PORTS, read by the plugin)
PORTS: range | None = None


def ports(text: str) -> range:
    """``"41000-41999"`` as the range of ports it names (both ends in); ValueError, said in a
    sentence, for anything else."""
    low, dash, high = text.partition("-")
    try:
        found = range(int(low), int(high) + 1) if dash else range(int(low), int(low) + 1)
    except ValueError:
        raise ValueError(f"{text!r} is no range of ports: write it as 41000-41999.") from None
    if not found or found.start < 1024 or found.stop > 65536:
        raise ValueError(f"{text!r} is no range of ports: both ends between 1024 and 65535, "
                         "the first not above the last.")
    return found


def free_port(within: range | None = None) -> int:
    """A port of 127.0.0.1 free now: any (the system's choice), or one of ``within`` (else
    ``PORTS``), tried from a random place in it so that two workers seldom meet; OSError
    when every port of the range is taken."""
    within = PORTS if within is None else within
    if within is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    start = random.randrange(len(within))
    for i in range(len(within)):
        port = within[(start + i) % len(within)]
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise OSError(f"No port of {within.start}-{within.stop - 1} is free on 127.0.0.1.")


class Server:
    """One host process on 127.0.0.1, started and killed like the real thing: the checkout's
    ``python -m companion`` with ``db`` and ``cache`` (the e2e tests), or ``command``, a
    packaged host (tests/build: the installed wheel, the single file), with its ``env``."""

    START_TIMEOUT = 120  # a loaded 2-core machine importing Flet (or unpacking a single file)

    def __init__(self, db: Path | None = None, cache: Path | None = None, *,
                 command: list[str] | None = None, env: dict | None = None,
                 cwd: Path = ROOT) -> None:
        self.db, self.port = db, free_port()  # db: None for a packaged host (its data folder)
        self.local = f"http://127.0.0.1:{self.port}"  # the host laptop's own browser
        self.base = f"http://{PHONE_NAME}:{self.port}"  # every phone's
        if command is None:
            command = [sys.executable, "-m", "companion", "--db", str(db), "--no-browser"]
            # a fixed seed: games with a shuffled deal play the same way every run
            # COMPANION_ZOPFLI=0: the same gzip files, without two CPU-minutes of zopfli in
            # the background of every test (tests/companion/test_static.py covers zopfli's)
            env = dict(os.environ, XDG_CACHE_HOME=str(cache), PYTHONUNBUFFERED="1",
                       COMPANION_DICE_SEED="7", COMPANION_ZOPFLI="0")
        self.args = [*command, "--host", "127.0.0.1", "--port", str(self.port),
                     "--address", PHONE_NAME]
        self.env, self.cwd = env, cwd
        self.proc: subprocess.Popen | None = None
        self._lines: list[str] = []  # everything the host printed, read as it prints
        self._printed = threading.Condition()
        self._reader: threading.Thread | None = None
        self.took = 0.0  # seconds from the last start to its first answer

    def start(self) -> "Server":
        """Start (or start again, on the same port and database file), and wait for the
        start page as the table would."""
        started = time.monotonic()
        self.proc = subprocess.Popen(self.args, cwd=self.cwd, env=self.env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # read the host's output all along: a full pipe (64 KB of warnings in a long game)
        # would block its next print, and with it the whole event loop
        self._reader = threading.Thread(target=self._read, args=(self.proc,), daemon=True)
        self._reader.start()
        while True:
            try:
                page = urllib.request.urlopen(self.local + "/", timeout=2).read()
                break
            except OSError:
                if self.proc.poll() is not None or \
                        time.monotonic() > started + self.START_TIMEOUT:
                    self.kill()
                    raise RuntimeError(f"the companion did not start:\n{self.output}")
                time.sleep(0.2)  # polling, within the deadline above
        assert b"flutter" in page
        self.took = time.monotonic() - started
        return self

    def _read(self, proc: subprocess.Popen) -> None:
        for line in proc.stdout:
            with self._printed:
                self._lines.append(line)
                self._printed.notify_all()
        with self._printed:
            self._printed.notify_all()

    @property
    def output(self) -> str:
        with self._printed:
            return "".join(self._lines)

    @property
    def table_url(self) -> str:
        """The table screen's address as printed, opened on the host's own 127.0.0.1."""
        with self._printed:
            found = self._printed.wait_for(
                lambda: "table?k=" in "".join(self._lines) or not self._reader.is_alive(),
                timeout=self.START_TIMEOUT)
        assert found and "table?k=" in self.output, \
            f"the host printed no table screen address:\n{self.output}"
        key = re.search(r"http://\S+/table\?k=(\S+)", self.output).group(1)
        return f"{self.local}/table?k={key}"

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: nothing gets to clean up
            self.proc.wait()
        self._finish_reading()

    def _finish_reading(self) -> None:
        """Once the host has exited: the rest of what it printed."""
        if self._reader is not None:
            self._reader.join(timeout=30)

    def stop(self, timeout: float = 30) -> int:
        """Stop as Ctrl+C-like signals stop it (SIGTERM), killed if it does not; the exit
        code."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._finish_reading()
        return self.proc.returncode


def dump_pages(browser, folder: Path) -> None:
    """Print what every open page shows (and keep screenshots): the story of a failure."""
    for i, context in enumerate(browser.contexts):
        for j, page in enumerate(context.pages):
            shot = folder / f"page-{i}-{j}.png"
            try:
                page.screenshot(path=str(shot))
                text = page.locator("flt-semantics-host").inner_text(timeout=2000)
            except Exception as e:  # a page that is gone says so
                text = f"({e.__class__.__name__})"
            print(f"--- page {i}.{j} {page.url} ({shot}) ---\n{text}")


ON_HOST = {PHONE_NAME, "127.0.0.1"}


class Wire:
    """Every request the browsers of a test made (websockets included), and every refusal of
    the Content-Security-Policy they reported: a test fails on any request that leaves the
    host, and on any refusal (the policy must fit the client exactly)."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.refusals: list[str] = []

    def watch(self, context) -> None:
        context.on("request", lambda r: self.urls.append(r.url))
        context.on("page", lambda page: page.on("websocket", lambda ws: self.urls.append(ws.url)))
        context.on("console", lambda m: self.refusals.append(m.text)
                   if "Content Security Policy" in m.text else None)

    def off_host(self) -> list[str]:
        return [u for u in self.urls if urlsplit(u).scheme not in ("data", "blob")
                and urlsplit(u).hostname not in ON_HOST]


