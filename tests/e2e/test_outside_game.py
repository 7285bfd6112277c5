"""A game from outside (issue 36) in the real host and real browsers: the example
examples/resistance laid out as pip installs it (its package, and a ``.dist-info`` with its
entry point) in a folder outside the project, on the host's PYTHONPATH; no file of the project
names it. The table lists it by its own title and opens a room; the companion deals the roles
in secret: each phone shows its own role, the table none; the rules refuse a Resistance
member's Fail card on that phone only.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, ROOT, TABLE
from testsupport.flet_page import new_room, open_page, see, shown, take_seat, tap
from testsupport.outside import dist_info, host_with

pytestmark = pytest.mark.e2e

PLAYERS = ("Ana", "Bruno", "Chloe")
ROLE = re.compile(r"^You are (the spy|in the Resistance)\.$")


def install_outside(site: Path) -> None:
    """What ``pip install examples/resistance`` leaves in site-packages."""
    shutil.copytree(ROOT / "examples" / "resistance" / "resistance", site / "resistance")
    dist_info(site, "companion-resistance", "resistance = resistance:COMPANION")


@pytest.fixture
def host(tmp_path, web_cache):
    with host_with(install_outside, tmp_path, web_cache) as srv:
        yield srv


def test_a_game_installed_beside_the_companion_deals_secret_roles(host, browser, wire):
    table = open_page(browser.new_context(**TABLE).new_page(), host.table_url)
    code = new_room(table, "The Resistance (example)")
    phones = {n: take_seat(browser, f"{host.base}/join/{code}", n, **PHONE) for n in PLAYERS}
    for name in PLAYERS:
        see(table, f"{name}: connected")
    tap(table, "Start the game")
    tap(table, "Deal the roles in secret")
    see(table, "The roles are dealt.")

    roles = {}
    for name, phone in phones.items():
        see(phone, ROLE)
        roles[name] = shown(phone).get_by_text(ROLE).first.inner_text()
    assert sorted(roles.values()) == ["You are in the Resistance."] * 2 + ["You are the spy."]
    expect(shown(table).get_by_text(ROLE)).to_have_count(0)  # the table learns no role

    tap(table, "Send the team on the mission")
    loyal = next(n for n, r in roles.items() if r == "You are in the Resistance.")
    tap(phones[loyal], "Play Fail")
    tap(phones[loyal], "Confirm my vote")
    see(phones[loyal], "Resistance members must play Success.")
    see(table, "0 of 3 have voted")  # the refused card counts as nothing, and is not said
    expect(shown(table).get_by_text(re.compile("Resistance members"))).to_have_count(0)
