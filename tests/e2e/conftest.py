"""The real server (``python -m companion``) and Debian's Chromium through Playwright."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
# Chromium must not try the internet: the machine (like a table) has none.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
             has_touch=True)
TABLE = dict(viewport={"width": 1280, "height": 800})  # a laptop or TV: the table of issue 10


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One host process on 127.0.0.1, started and killed like the real thing."""

    def __init__(self, db: Path, cache: Path) -> None:
        self.db, self.port = db, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # a fixed seed: games with a shuffled deal play the same way every run
        self.env = dict(os.environ, XDG_CACHE_HOME=str(cache), PYTHONUNBUFFERED="1",
                        COMPANION_DICE_SEED="7")
        self.proc: subprocess.Popen | None = None
        self.output = ""

    def start(self) -> "Server":
        """Start (or start again, on the same port and database file)."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(self.port),
             "--address", "127.0.0.1", "--db", str(self.db), "--no-browser"],
            cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.base + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("the companion did not start")
        return self

    @property
    def table_url(self) -> str:
        while "table?k=" not in self.output:
            self.output += self.proc.stdout.readline()
        return re.search(r"(http://\S+/table\?k=\S+)", self.output).group(1)

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: nothing gets to clean up
            self.proc.wait()
        if self.proc:
            self.output += self.proc.stdout.read()


@pytest.fixture(scope="session")
def web_cache(tmp_path_factory) -> Path:
    # compressed once per test session, like once per installation
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def server(request, tmp_path, web_cache):
    srv = Server(tmp_path / "companion.db", web_cache).start()
    yield srv
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed and "browser" in request.fixturenames:
        dump_pages(request.getfixturevalue("browser"), tmp_path)  # while the server still runs
    srv.kill()
    print("--- server output ---\n" + srv.output)  # shown by pytest when the test failed


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


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    setattr(item, "rep_" + outcome.get_result().when, outcome.get_result())


@pytest.fixture(autouse=True)
def close_phones(browser):
    """Every test starts with no open pages: phones left open would keep rendering and
    load the machine for the tests after them."""
    yield
    for context in list(browser.contexts):
        context.close()
