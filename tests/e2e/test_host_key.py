"""Issue 34, finding 8: the table's address bar and history drop the host key once the
browser has stored it, and the table screen still opens from the stored key (a reload, Back,
the table's address typed again)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import TABLE
from .flet_page import enable_semantics, new_room, open_page

pytestmark = pytest.mark.e2e


def rooms_shown(table) -> None:
    expect(table.get_by_role("button", name="New room: Table vote", exact=True)).to_be_visible()


def test_the_address_bar_and_history_never_hold_the_key(server, browser):
    key = server.table_url.split("?k=")[1]
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    rooms_shown(table)
    assert table.url == f"{server.local}/table"
    # the host took the key into the browser's storage for good, and the hand-over slot is empty
    assert table.evaluate("localStorage.getItem('flutter.companion.host')") == f'"{key}"'
    assert table.evaluate("localStorage.getItem('flutter.companion.host_offered')") is None

    code = new_room(table, "Table vote")
    assert table.url == f"{server.local}/table/{code}"
    table.reload()  # a reload of a room opens it again from the stored key
    enable_semantics(table)
    expect(table.get_by_text(re.compile(rf"^Room {code}$"))).to_be_visible()

    visited = [table.url]
    for _ in range(table.evaluate("history.length") - 1):  # every entry, newest first
        table.go_back()  # within the app a same-document step: Playwright returns None
        visited.append(table.url)
    assert visited[-1] == "about:blank" and f"{server.local}/table" in visited
    assert not [url for url in visited if key in url or "k=" in url], visited

    # a new tab of the same browser (a new session: only the stored key can prove it)
    again = open_page(table.context.new_page(), f"{server.local}/table")
    rooms_shown(again)
    expect(again.get_by_role("button", name=f"Resume room {code}")).to_be_visible()
