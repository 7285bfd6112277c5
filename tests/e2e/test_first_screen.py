"""Issue 39: the first second on a phone. The join page answers with a name field of plain
HTML while Flet's client still downloads; its Join takes the seat there and then, with the
door's checks (the table sees the player sit down before their app is up), the app opens on
that seat, and a phone back in its room hears "Back as Ana…".

The phone's client is held back (its main.dart files wait until the test lets them go), so
"before the app is up" is a fact of the test, not a race with a fast machine.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import TIMEOUT, enable_semantics, new_room, open_page, see

pytestmark = pytest.mark.e2e

CLIENT = re.compile(r"/main\.dart\.(m?js|wasm)$")


class HeldPhone:
    """A phone whose app client is held back until ``let_go``."""

    def __init__(self, browser, url: str, reload_of: Page | None = None) -> None:
        self.held: list = []
        self.holding = True
        self.page = reload_of or browser.new_context(**PHONE).new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.page.route(CLIENT, self._hold)
        if reload_of:
            self.page.reload(wait_until="domcontentloaded")
        else:
            self.page.goto(url, wait_until="domcontentloaded")

    def _hold(self, route) -> None:
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def app_is_up(self) -> bool:
        return self.page.locator("flutter-view, flt-glass-pane").count() > 0

    def let_go(self) -> None:
        self.holding = False
        while self.held:
            self.held.pop().continue_()


def form(page: Page):
    return page.get_by_role("main", name=re.compile(r"^Room "))


def status(page: Page):
    return form(page).get_by_role("status")


def test_a_name_typed_before_the_app_is_up_takes_the_seat(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    join = f"{server.base}/join/{code}"

    # Ana types and presses Join while the client is still on its way: she is seated at once
    ana = HeldPhone(browser, join)
    expect(form(ana.page).get_by_role("heading", name=f"Room {code}")).to_be_visible()
    # a new phone keeps none of the app's settings, and says so: the host will not ask
    kept = f"companion_kept_{server.base.rsplit(':', 1)[1]}"
    assert f"{kept}=0" in ana.page.evaluate("document.cookie")
    ana.page.get_by_label("Your name").press_sequentially("Ana")
    ana.page.get_by_role("button", name="Join").click()
    expect(status(ana.page)).to_have_text(re.compile("You have a seat, Ana"))
    assert f"{kept}=1" in ana.page.evaluate("document.cookie")  # the seat pass it keeps
    see(table, "Ana: not connected")  # the table sees her sit down before her app is up
    assert not ana.app_is_up()
    ana.let_go()
    enable_semantics(ana.page)
    see(ana.page, "You have a seat")  # the app opens on the seat, with no second typing
    see(table, "Ana: connected")

    # Bo is still typing when the client is ready: it waits for his Join, then starts on his
    # seat (no reload: the page is the one he typed in)
    bo = HeldPhone(browser, join)
    bo.page.get_by_label("Your name").press_sequentially("B")
    bo.page.evaluate("window.typedHere = true")
    bo.let_go()
    expect(status(bo.page)).to_have_text(re.compile("The app is ready"))
    assert not bo.app_is_up()
    bo.page.get_by_label("Your name").press_sequentially("o")
    bo.page.get_by_role("button", name="Join").click()
    expect(form(bo.page)).to_have_count(0)
    enable_semantics(bo.page)
    see(bo.page, "You have a seat")
    see(table, "Bo: connected")
    assert bo.page.evaluate("window.typedHere === true")

    # a name the door refuses is said where it was typed, at once, then in the app under the
    # name as typed, beside the seats the app offers
    other = HeldPhone(browser, join)
    other.page.get_by_label("Your name").press_sequentially("ana")
    other.page.get_by_role("button", name="Join").click()
    expect(status(other.page)).to_have_text(re.compile("seat is taken by another phone"))
    other.let_go()
    enable_semantics(other.page)
    see(other.page, "seat is taken by another phone")
    field = other.page.get_by_role("textbox", name="Your name")
    field.click()  # Flutter puts the value in the page once the field is being edited
    expect(field).to_have_value("ana")

    # Ana's phone, back: no form, her name at once, and her seat when the app is up
    back = HeldPhone(browser, join, reload_of=ana.page)
    expect(status(back.page)).to_have_text("Back as Ana…")
    expect(back.page.get_by_label("Your name")).to_be_hidden()
    back.let_go()
    enable_semantics(back.page)
    see(back.page, "You have a seat")
