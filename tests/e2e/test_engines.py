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
  through a loopback proxy that maps the name to 127.0.0.1 (name_proxy.py); sized by Flutter
  as a phone through an Android user agent (an iPhone's cannot: see engines.WebKitPhone).
"""
from __future__ import annotations

import os
import re

import pytest

from testsupport.browser import ANDROID_PHONE, CHROMIUM, CHROMIUM_ARGS, PHONE, PHONE_NAME, TABLE
from testsupport.engines import NO_WASM_GC, PLACEHOLDER_JS, WebKitPhone, start_xvfb, webkit_missing
from testsupport.flet_page import (new_room, open_page, qr_codes, see, take_seat, tap, type_into,
                                   unsealed)
from testsupport.name_proxy import NameProxy

pytestmark = pytest.mark.e2e


def open_table_vote(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    urls = qr_codes(table, want=lambda found: bool(found))
    # what a phone camera reads (with the host key's fingerprint unless COMPANION_SEAL=0)
    assert [unsealed(u) for u in urls] == [f"{server.base}/join/{code}"]
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
    missing = webkit_missing()
    if missing:
        pytest.skip(missing)
    xvfb, name = start_xvfb()
    yield name
    xvfb.kill()
    xvfb.wait()


def test_webkit_joins_by_the_qr_code_and_votes(server, browser, display):
    table, join = open_table_vote(server, browser)
    proxy = NameProxy(PHONE_NAME).start()
    # a phone as Flutter sees it (an Android user agent: see WebKitPhone), a phone's size
    webkit = WebKitPhone(display, proxy, ANDROID_PHONE, (390, 844))
    try:
        webkit.open(join)
        webkit.see("Take a seat")
        tall = webkit.height("Take a seat")
        assert tall >= 48, f"WebKit's button is {tall:.0f} px tall: Flutter took it for a desktop"
        webkit.type_into("Your name", "Dev")
        webkit.tap("Take a seat")
        webkit.see("You have a seat")
        ana = take_seat(browser, join, "Ana", **PHONE)
        see(table, "Dev: connected")
        see(table, "Ana: connected")
        assert webkit.driver.execute_script("return navigator.languages") == ["en-US"]
        assert webkit.driver.execute_script("return window.isSecureContext") is False
        # sealed unless the suite runs with COMPANION_SEAL=0 (issue 49): WebKit's socket too
        assert webkit.driver.execute_script("return !!window.companionSeal") == \
            (os.environ.get("COMPANION_SEAL", "1") != "0")

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


def test_webkit_takes_a_seat_with_the_name_typed_before_the_app_is_up(server, browser, display):
    """Issue 39 in WebKit: the join page's own HTML form takes the seat while Flet's client is
    held back on its way (the table sees Dev sit down), and the app opens on that seat once it
    is up, with no second typing."""
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    join = f"{server.base}/join/{code}"
    proxy = NameProxy(PHONE_NAME).start()
    proxy.hold(re.compile(r"/main\.dart\.(m?js|wasm)$"))
    webkit = WebKitPhone(display, proxy, ANDROID_PHONE, (390, 844), eager=True)
    driver = webkit.driver
    try:
        driver.get(join)  # eager: not waiting for the load the held client delays

        def form_field():
            """the join page's own name field"""
            return driver.execute_script(
                "const f = document.getElementById('first-name');"
                "return f && document.querySelector('label[for=first-name]').textContent"
                " === 'Your name' ? f : null")
        field = webkit.wait(form_field)
        field.send_keys("Dev")
        driver.execute_script("document.getElementById('first-join').click()")

        def status():
            """the form's status line, read out by a screen reader (role status)"""
            s = driver.execute_script(
                "const s = document.getElementById('first-status');"
                "return s && s.getAttribute('role') === 'status' ? s.textContent : ''")
            return s if "You have a seat, Dev" in s else None
        webkit.wait(status)
        see(table, "Dev: not connected")  # seated at the table before the app is up
        assert not driver.execute_script(
            "return !!document.querySelector('flutter-view, flt-glass-pane')")  # not up yet

        proxy.let_go()

        def placeholder():
            """the app up, its semantics on"""
            return driver.execute_script(PLACEHOLDER_JS)
        webkit.wait(placeholder, timeout=120)
        webkit.see("You have a seat")  # with no second typing
        see(table, "Dev: connected")
    finally:
        webkit.quit()
        proxy.stop()
