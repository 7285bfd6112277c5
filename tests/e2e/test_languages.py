"""Issue 48, first step: a phone's join page in its browser's language, in real Chromium.

Phones whose browsers prefer Spanish, Polish and Arabic scan the room's code while their app
client is still held back: each gets the plain join page in its own language (Arabic right to
left), takes its seat there, and is told so in its language. A phone whose browser prefers
Spanish opens the app in Spanish, switches to Polish in one tap and keeps it through a
reload, while the table stays in English. Screenshots of each page go to
the test's folder, or to $COMPANION_SHOTS (tests/screens/issue-48/ holds a set of them).
"""
from __future__ import annotations

import re
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import enable_semantics, new_room, open_page, see, take_seat, tap

pytestmark = pytest.mark.e2e

CLIENT = re.compile(r"/main\.dart\.(m?js|wasm)$")  # held back: the plain page stays

# locale: (the page's lang and dir, its heading, its name field, its button, its seated line)
PHONES = {
    "es-ES": ("es", "ltr", "Sala {code}", "Tu nombre", "Unirme", "Ya tienes asiento, {name}."),
    "pl-PL": ("pl", "ltr", "Pokój {code}", "Twoje imię", "Dołącz", "Masz miejsce, {name}."),
    "ar-EG": ("ar", "rtl", "الغرفة {code}", "اسمك", "انضمّ", "لديك مقعد يا {name}."),
}


def isolated(value: str, direction: str) -> str:
    """A Latin value (the room code, a Latin name) inside a right-to-left sentence comes
    between first-strong isolates, so its neighbours keep their order (docs/languages.md,
    "Names in sentences"); in a left-to-right sentence it stands as typed."""
    return f"\u2068{value}\u2069" if direction == "rtl" else value


def test_each_phone_joins_on_a_page_in_its_own_language(server, browser, tmp_path):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    shots = Path(os.environ.get("COMPANION_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    for (locale, (lang, direction, heading, field, button, seated)), name in zip(
            PHONES.items(), ("Lucía", "Zofia", "Layla")):
        page = browser.new_context(**PHONE, locale=locale).new_page()
        page.set_default_timeout(60_000)
        held = []
        page.route(CLIENT, lambda route: held.append(route))
        page.goto(f"{server.base}/join/{code}", wait_until="domcontentloaded")
        html = page.locator("html")
        expect(html).to_have_attribute("lang", lang)
        expect(html).to_have_attribute("dir", direction)
        expect(page.get_by_role("heading", name=heading.format(code=isolated(code, direction)))).to_be_visible()
        page.get_by_label(field).press_sequentially(name)
        page.screenshot(path=str(shots / f"join-{lang}.png"))
        page.get_by_role("button", name=button).click()
        expect(page.locator("#first-status")).to_contain_text(
            seated.format(name=isolated(name, direction)))
        page.screenshot(path=str(shots / f"seated-{lang}.png"))
        for route in held:
            route.abort()
        page.context.close()


def test_a_phones_app_speaks_its_language_and_keeps_its_pick(server, browser, tmp_path):
    shots = Path(os.environ.get("COMPANION_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    phone = take_seat(browser, f"{server.base}/join/{code}", "Lucía", "es", **PHONE,
                      locale="es-ES")
    tap(table, "Start the game")
    see(phone, "Aún no se ha contado ninguna votación.")  # its browser's language
    see(table, "Open the vote")  # the table in the host's
    phone.screenshot(path=str(shots / "app-es.png"))
    tap(phone, "Idioma: Español", exact=True)  # the switch opens on a tap: then every language
    tap(phone, "Polski", exact=True)
    see(phone, "Nie policzono jeszcze żadnego głosowania.")
    phone.reload()
    enable_semantics(phone)
    see(phone, "Nie policzono jeszcze żadnego głosowania.")  # kept with the seat
    phone.screenshot(path=str(shots / "app-pl.png"))
    see(table, "Open the vote")
