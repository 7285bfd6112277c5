"""The long table screen read as a person reads it (tests/e2e): from the top down, scrolling,
until a text or a control shows; a button tapped, a field typed into, wherever they are."""
from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .flet_page import WAIT_S, settle, type_into


def look(page, text, timeout: float = WAIT_S) -> None:
    """See a text anywhere on the long table screen, read the way a person does: from the top
    down, scrolling, until it shows (or the time is up)."""
    expect(reach(page, page.get_by_text(text), timeout)).to_be_visible()


def reach(page, locator, timeout: float = WAIT_S):
    """Bring a control into view on the long table screen as a person does: from the top,
    scrolling down until it shows (Flutter exposes only what is near the viewport)."""
    end = time.monotonic() + timeout
    while True:
        settle(page)
        page.mouse.move(900, 400)
        page.mouse.wheel(0, -30000)
        for _ in range(14):
            page.wait_for_timeout(120)
            if locator.count():
                try:  # the screen may redraw under it (a move just made): look again
                    locator.first.scroll_into_view_if_needed(timeout=3000)
                    settle(page)
                    if locator.count():
                        return locator.first
                except PlaywrightError:
                    pass
            page.mouse.wheel(0, 400)
        if time.monotonic() > end:
            expect(locator.first).to_be_visible(timeout=1)  # fails, saying what was looked for


def press(page, name) -> None:
    """Tap a button wherever it is on the long table screen (scrolled to first)."""
    button = page.get_by_role("button", name=name)
    for _ in range(2):
        try:
            reach(page, button).click(timeout=5000)
            return
        except PlaywrightError:
            continue
    reach(page, button).click()


def type_far(page, label, text: str) -> None:
    """Type into a field further down the table screen (scrolled to first)."""
    reach(page, page.get_by_role("textbox", name=label))
    type_into(page, label, text)
