"""Every engine a table brings: phones in three engines join by the URL in the QR code, on the
phone's path (plain http to ``companion.test``), and cast ballots the table counts.

- Chromium, its languages odd tags a browser makes up from the system locale: ``["C"]``
  (``LANG=C.UTF-8``) and ``["en-US@posix"]`` (a Linux Chromium with ``LANG`` unset). Flutter's
  engine throws on them while it starts; the language guard (companion/web/boot.js) lets it.
- Chromium without WebAssembly GC (older phones): Flutter's loader then takes the JS fallback,
  ``main.dart.js`` with CanvasKit. V8 no longer has a flag to switch GC off, so the page's
  answer to the loader's own feature test (``WebAssembly.validate`` of a GC type) is "no", as
  an engine without it answers.
- WebKit (every browser on an iPhone): Debian's WebKitGTK MiniBrowser driven by Selenium under
  Xvfb, its process locale ``C.UTF-8`` (so it reports ``["C"]``), reaching ``companion.test``
  through a loopback proxy that maps the name to 127.0.0.1 (name_proxy.py).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, PHONE_NAME, TABLE
from .flet_page import new_room, open_page, qr_codes, see, take_seat, tap, type_into
from .name_proxy import NameProxy

pytestmark = pytest.mark.e2e

NO_WASM_GC = """(() => {
  // An engine without WebAssembly GC: a module whose first type is a struct, an array or a
  // recursion group does not validate (the probe flutter.js makes before choosing a build).
  const validate = WebAssembly.validate;
  WebAssembly.validate = function (bytes, ...rest) {
    const b = new Uint8Array(bytes.buffer || bytes);
    if (b.length > 11 && b[8] === 1 && [0x5f, 0x5e, 0x4e, 0x50].includes(b[11])) return false;
    return validate.call(this, bytes, ...rest);
  };
})();"""
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBDRIVER = "/usr/bin/WebKitWebDriver"


def open_table_vote(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    urls = qr_codes(table, want=lambda found: bool(found))
    assert urls == [f"{server.base}/join/{code}"]  # what a phone camera reads
    return table, urls[0]


def open_the_vote(table, voters: int) -> None:
    tap(table, "Start the game")
    type_into(table, "Question", "Which game next?")
    tap(table, "Open the vote")
    see(table, f"0 of {voters} have voted")


def vote(phone, choice: str) -> None:
    tap(phone, f"Vote for {choice}")
    tap(phone, "Confirm my vote")
    see(phone, "Your vote is in.")


def test_chromium_with_odd_languages_and_without_wasm_gc_votes(server, browser, wire):
    table, join = open_table_vote(server, browser)

    # ["C"]: its own Chromium, started as with LANG=C.UTF-8 (a launch flag, no locale override)
    c_browser = browser.browser_type.launch(executable_path=CHROMIUM,
                                           args=CHROMIUM_ARGS + ["--accept-lang=C"])
    try:
        c_context = c_browser.new_context(**PHONE)
        wire.watch(c_context)
        probe = c_context.new_page()
        probe.goto("about:blank")
        assert probe.evaluate("navigator.languages") == ["C"]  # the browser makes it up
        probe.close()
        phones = {"Ana": take_seat(c_browser, join, "Ana", **PHONE)}
        phones["Bruno"] = take_seat(browser, join, "Bruno", locale="en-US@posix", **PHONE)
        old = browser.new_context(**PHONE)
        old.add_init_script(NO_WASM_GC)
        chloe = open_page(old.new_page(), join)
        type_into(chloe, "Your name", "Chloe")
        tap(chloe, "Take a seat")
        see(chloe, "You have a seat")
        phones["Chloe"] = chloe
        for name in phones:
            see(table, f"{name}: connected")
        # the guard kept what Intl.Locale accepts: Flutter saw a tag it can start with
        assert phones["Ana"].evaluate("navigator.languages") == ["en-US"]
        assert phones["Bruno"].evaluate("navigator.languages") == ["en-US"]

        open_the_vote(table, 3)
        for i, (name, choice) in enumerate((("Ana", "Bruno"), ("Bruno", "Chloe"),
                                            ("Chloe", "Bruno")), start=1):
            vote(phones[name], choice)
            if i < 3:
                see(table, f"{i} of 3 have voted")
        see(table, "Ballots read: 0 of 3")

        # the old phone took the JS fallback: main.dart.js and CanvasKit, no main.dart.wasm
        old_urls = chloe.evaluate(
            "performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        assert "/main.dart.js" in old_urls and "/canvaskit/canvaskit.wasm" in old_urls
        assert "/main.dart.wasm" not in old_urls
        assert not any(u.endswith("skwasm.wasm") for u in old_urls)
    finally:
        c_browser.close()


@pytest.fixture(scope="session")
def display():
    """A virtual screen for WebKit (MiniBrowser has no headless mode)."""
    for tool in (MINIBROWSER, WEBDRIVER, shutil.which("Xvfb")):
        if not tool or not Path(tool).exists():
            pytest.skip("WebKitGTK is not installed (apt-get install webkit2gtk-driver xvfb)")
    number = 90 + os.getpid() % 100
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if time.time() > deadline or xvfb.poll() is not None:
            raise RuntimeError("Xvfb did not start")
        time.sleep(0.1)
    yield f":{number}"
    xvfb.kill()
    xvfb.wait()


class WebKitPhone:
    """A phone with WebKit, driven the way flet_page drives Chromium: by roles and names."""

    def __init__(self, display: str, proxy: NameProxy) -> None:
        from selenium import webdriver

        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument(f"--proxy=http://127.0.0.1:{proxy.port}")
        locale = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
        service = webdriver.WebKitGTKService(
            executable_path=WEBDRIVER,
            env={**locale, "LANG": "C.UTF-8", "DISPLAY": display})  # WebKit reports ["C"]
        self.driver = webdriver.WebKitGTK(options=options, service=service)

    def quit(self) -> None:
        self.driver.quit()

    def wait(self, what, timeout: float = 60.0):
        deadline = time.monotonic() + timeout
        while True:
            try:
                found = what()
            except Exception:  # the page is still starting, or redrawing
                found = None
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"WebKit phone: not seen in {timeout:.0f} s: {what.__doc__}"
                                     f"\n{self.text()}")
            time.sleep(0.25)

    def text(self) -> str:
        return self.driver.execute_script(
            "const h = document.querySelector('flt-semantics-host'); return h ? h.innerText : ''")

    def open(self, url: str) -> None:
        self.driver.get(url)

        def placeholder():
            """the semantics placeholder"""
            return self.driver.execute_script(
                "const p = document.querySelector('flt-semantics-placeholder');"
                "if (p) p.click(); return !!document.querySelector('flt-semantics-host *');")
        self.wait(placeholder, timeout=120)

    def see(self, text: str) -> None:
        def shown():
            return text in self.text()
        shown.__doc__ = repr(text)
        self.wait(shown)

    def tap(self, name: str) -> None:
        from selenium.webdriver.common.by import By

        def button():
            return self.driver.find_element(
                By.XPATH, f"//*[@role='button'][normalize-space(.)={name!r} or @aria-label={name!r}]")
        button.__doc__ = f"button {name!r}"
        self.wait(button).click()

    def type_into(self, label: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        def field():
            return self.driver.find_element(By.CSS_SELECTOR, f"input[aria-label={label!r}]")
        field.__doc__ = f"field {label!r}"
        for _ in range(3):
            box = self.wait(field)
            box.click()
            time.sleep(0.3)  # Flutter takes keys once its editing is attached
            box.send_keys(text)

            def typed():
                return self.wait(field).get_attribute("value") == text
            try:
                self.wait(typed, timeout=3)
                return
            except AssertionError:
                continue
        raise AssertionError(f"WebKit phone: could not type into {label!r}")


def test_webkit_joins_by_the_qr_code_and_votes(server, browser, display):
    table, join = open_table_vote(server, browser)
    proxy = NameProxy(PHONE_NAME).start()
    webkit = WebKitPhone(display, proxy)
    try:
        webkit.open(join)
        webkit.type_into("Your name", "Dev")
        webkit.tap("Take a seat")
        webkit.see("You have a seat")
        ana = take_seat(browser, join, "Ana", **PHONE)
        see(table, "Dev: connected")
        see(table, "Ana: connected")
        assert webkit.driver.execute_script("return navigator.languages") == ["en-US"]
        assert webkit.driver.execute_script("return window.isSecureContext") is False

        open_the_vote(table, 2)
        webkit.see("Which game next?")
        webkit.tap("Vote for Ana")
        webkit.tap("Confirm my vote")
        webkit.see("Your vote is in.")
        see(table, "1 of 2 have voted")
        vote(ana, "Dev")
        see(table, "Ballots read: 0 of 2")

        # WebKit boots main.dart.js with CanvasKit, every byte of it from this host
        asked = [line.split()[1] for line in proxy.seen]
        assert any(u.endswith("/main.dart.js") for u in asked)
        assert any(u.endswith("/canvaskit/canvaskit.wasm") for u in asked)
        assert any(re.match(rf"ws://{PHONE_NAME}:\d+/ws", u) for u in asked)
        assert proxy.refused == []  # nothing asked for any other host
    finally:
        webkit.quit()
        proxy.stop()
