"""Issue 33, item 7: names in every script the door accepts are drawn with their own letters on
the phones and on the table screen, never as the font's empty boxes; a name the screens cannot
draw is refused at the door; a table of Latin names fetches no font more than before.

Pictures are compared as a person compares them: the light ink of the text in a crop of the
screenshot (the players' colours left out). Two names of the same length in two scripts the
screens cannot draw look the same (a row of boxes): that is checked first, so that "differs"
below means real letters.
"""
from __future__ import annotations

import io
import re
import time

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Page

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (TIMEOUT, WAIT_S, enable_semantics, new_room, see, settle, tap,
                                   type_into)

pytestmark = pytest.mark.e2e

NAMES = ["Зоя", "Νίκος", "علي", "דנה", "राम", "สมชาย", "李雷", "さくら", "지민",
         # issue 53, item 6: Georgian, Armenian, Ethiopic, Tamil, Bengali
         "ნინო", "\u0531\u0580\u0561\u0574", "ሰላም", "தமிழ்", "অমিত"]
# Two strings of letters no font here draws, per kind of boxes: a row of them (cuneiform, Old
# Italic); and the row a joining, right-to-left script leaves (two words of Mandaic: the font
# served for it, Arabic's, lacks them; as Arabic would be: spaced a little apart)
UNDRAWN = {"boxes": ("\U00012000\U00012001\U00012002\U00012003\U00012004",
                     "\U00010300\U00010301\U00010302\U00010303\U00010304"),
           "joined boxes": ("\u0840\u0841\u0842\u0843\u0844",
                            "\u0845\u0846\u0847\u0848\u0849")}


def undrawn_like(name: str) -> tuple[str, str]:
    """Two undrawn strings that would look exactly like ``name`` drawn as boxes."""
    joined = any("\u0600" <= ch <= "\u06FF" for ch in name)
    return tuple(s[:len(name)] for s in UNDRAWN["joined boxes" if joined else "boxes"])


# each screen's font requests not answered yet: a name's letters are not in before them
ARRIVING: dict[Page, set] = {}


def open_screen(browser, url: str, **context) -> Page:
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(TIMEOUT)
    arriving = ARRIVING.setdefault(page, set())
    page.on("request", lambda r: arriving.add(r) if "/assets/fonts/" in r.url else None)
    page.on("requestfinished", lambda r: arriving.discard(r))
    page.on("requestfailed", lambda r: arriving.discard(r))
    page.goto(url)
    enable_semantics(page)
    return page


def ink(png: bytes) -> Image.Image:
    """The light text of a crop, as black on white: the players' colours and the dark
    background drop out."""
    rgb = Image.open(io.BytesIO(png)).convert("RGB")
    return rgb.point(lambda v: 255 if v > 150 else 0).convert("L").point(
        lambda v: 0 if v == 255 else 255)


def steady_ink(page: Page, clip: dict, deadline_s: float = WAIT_S) -> Image.Image:
    """The crop once no font is on its way and the picture has stopped changing, as a person
    looks once the letters are in (a name's font arrives a moment after the name)."""
    settle(page)
    last, end = None, time.monotonic() + deadline_s
    while True:
        now = ink(page.screenshot(clip=clip))
        if last is not None and not ImageChops.difference(now, last).getbbox() \
                and not ARRIVING.get(page):
            return now
        if time.monotonic() > end:
            raise AssertionError(f"the picture at {clip} kept changing")
        last = now
        page.wait_for_timeout(400)  # the next look, within the deadline above


def differing(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of ink differ between two crops (laid on one white sheet)."""
    size = (max(a.width, b.width), max(a.height, b.height))
    sheets = [Image.new("L", size, 255) for _ in (a, b)]
    for sheet, crop in zip(sheets, (a, b)):
        sheet.paste(crop)
    return size[0] * size[1] - ImageChops.difference(*sheets).histogram()[0]


def field_ink(phone: Page, text: str) -> Image.Image:
    """The phone's name field holding ``text`` (focus moved away, so no caret blinks)."""
    type_into(phone, "Your name", text)
    phone.evaluate("document.activeElement && document.activeElement.blur()")
    box = phone.get_by_role("textbox", name="Your name").bounding_box()
    return steady_ink(phone, {"x": box["x"] + 12, "y": box["y"] + 4,
                              "width": min(box["width"] - 24, 200), "height": box["height"] - 8})


def chip_ink(table: Page, name: str) -> Image.Image:
    """The name on its chip at the top of the table screen (the avatar and the connected
    mark left out). The chip is read as "Ana: connected" (its initial is not read)."""
    chip = table.get_by_role("button", name=re.compile(rf"^{re.escape(name)}: "))
    chip.wait_for()
    box = chip.bounding_box()
    return steady_ink(table, {"x": box["x"] + 56, "y": box["y"] + 8,
                              "width": box["width"] - 92, "height": box["height"] - 16})


def same_length_pairs(names):
    return [(a, b) for a in names for b in names if a < b and len(a) == len(b)]


EVERY_SCREENS = ("/assets/fonts/roboto.woff2", "/assets/fonts/MaterialIcons-Regular.otf")


def font_requests(wire) -> list[str]:
    """The fonts asked for beyond the two every screen loads."""
    return [u for u in wire.urls if "/assets/fonts/" in u and not u.endswith(EVERY_SCREENS)]


def test_names_in_fourteen_scripts_are_drawn_with_their_own_letters(server, browser, wire):
    table = open_screen(browser, server.table_url, **TABLE)
    join = f"{server.base}/join/{new_room(table, 'Table vote')}"

    # a Latin name: no font is fetched beyond what every join fetches
    ana = open_screen(browser, join, **PHONE)
    type_into(ana, "Your name", "Ana")
    tap(ana, "Take a seat")
    see(ana, "You have a seat")
    see(table, "Ana: connected")
    assert font_requests(wire) == []
    ana.context.close()

    typed, boxes = {}, {}
    for name in NAMES:
        phone = open_screen(browser, join, **PHONE)
        for undrawn in undrawn_like(name):
            boxes[undrawn] = field_ink(phone, undrawn)
        typed[name] = field_ink(phone, name)
        if name == NAMES[0]:  # the door refuses what it cannot draw, saying what it can
            type_into(phone, "Your name", undrawn_like(name)[0])
            tap(phone, "Take a seat")
            see(phone, re.compile("^These screens cannot draw some letters of that name"))
        type_into(phone, "Your name", name)
        tap(phone, "Take a seat")
        see(phone, "You have a seat")
        see(phone, name)
        # the top of the phone (its name, its neighbours' names) once the letters are in,
        # kept beside the test's database for a person to look at
        steady_ink(phone, {"x": 0, "y": 0, "width": 390, "height": 160})
        phone.screenshot(path=str(server.db.parent / f"phone-{len(typed)}.png"))
        phone.context.close()

    # calibration: two undrawn strings of one kind and length are the same boxes
    for first, second in map(undrawn_like, NAMES):
        assert differing(boxes[first], boxes[second]) == 0, (first, second)
    # each name differs from those boxes, and from every other name of its length
    as_boxes = [n for n in NAMES if differing(typed[n], boxes[undrawn_like(n)[0]]) <= 40]
    assert not as_boxes, f"drawn as boxes on a phone: {as_boxes}"
    table.screenshot(path=str(server.db.parent / "table.png"))
    on_table = {name: chip_ink(table, name) for name in ["Ana", *NAMES]}
    for pictures in (typed, on_table):
        for a, b in same_length_pairs(pictures):
            assert differing(pictures[a], pictures[b]) > 40, (a, b)

    # the fonts came from this host, each file once per screen
    fetched = [u.split("/assets/fonts/")[1] for u in font_requests(wire)]
    assert {f for f in fetched if f.startswith("names-")} == {
        "names-arabic.woff2", "names-hebrew.woff2", "names-devanagari.woff2",
        "names-thai.woff2", "names-cjk.woff2", "names-georgian.woff2", "names-armenian.woff2",
        "names-ethiopic.woff2", "names-tamil.woff2", "names-bengali.woff2"}
