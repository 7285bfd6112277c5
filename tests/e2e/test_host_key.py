"""Issue 34, finding 8: the table's address bar and history never hold the host key (the
printed URL is answered with a redirect that leaves it in an HttpOnly cookie), and the table
screen still opens from that cookie (a reload, Back, the table's address typed again)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import TABLE
from testsupport.flet_page import enable_semantics, new_room, open_page

pytestmark = pytest.mark.e2e


def rooms_shown(table) -> None:
    expect(table.get_by_role("button", name="New room: Table vote", exact=True)).to_be_visible()


def test_the_address_bar_and_history_never_hold_the_key(server, browser):
    key = server.table_url.split("?k=")[1]
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    rooms_shown(table)
    assert table.url == f"{server.local}/table"
    # the browser holds the key where no script of the page can read it
    cookies = table.context.cookies()
    assert [(c["value"], c["httpOnly"], c["sameSite"]) for c in cookies
            if c["name"].startswith("companion_host_")] == [(key, True, "Strict")]
    assert key not in table.evaluate("document.cookie + JSON.stringify(localStorage)")

    code = new_room(table, "Table vote")
    assert table.url == f"{server.local}/table/{code}"
    table.reload()  # a reload of a room opens it again from the cookie
    enable_semantics(table)
    expect(table.get_by_text(re.compile(rf"^Room {code}$"))).to_be_visible()

    visited = [table.url]
    for _ in range(table.evaluate("history.length") - 1):  # every entry, newest first
        table.go_back()  # within the app a same-document step: Playwright returns None
        visited.append(table.url)
    assert visited[-1] == "about:blank" and f"{server.local}/table" in visited
    assert not [url for url in visited if key in url or "k=" in url], visited

    table.goto(f"{server.local}/table")  # the table's address typed again, without the key
    enable_semantics(table)
    rooms_shown(table)
