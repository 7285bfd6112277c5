"""A game from outside whose move never returns (issue 50), in the real host and real
browsers: the tapping phone and its room's table say "This game's move did not finish", and
another room's phone still takes a seat and its table sees it. Before issue 50 the host sent
no frame to any screen until it was killed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import new_room, open_page, see, take_seat, tap
from testsupport.outside import TAP_SCREENS, dist_info, host_with

pytestmark = pytest.mark.e2e

RULES = '''\
from dataclasses import dataclass, replace

from rules.base import BaseGame, move


@dataclass(frozen=True)
class State:
    players: tuple
    taps: int = 0


def tap(state, action):
    while True:  # a bug: the move never returns
        pass


class Endless(BaseGame):
    key, title, min_players, max_players = "endless_outside", "Endless tap", 1, 4
    moves = {"tap": move("tap", tap, by="player")}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        return {"taps": state.taps}


GAME = Endless()
'''


DID_NOT_FINISH = re.compile(r"^This game's move did not finish: Endless tap took more than 2 "
                            r"seconds to work out the move 'tap'")


def install(site: Path) -> None:
    package = site / "endless"
    package.mkdir()
    (package / "__init__.py").write_text(
        'COMPANION = {"rules": "endless.rules", "screens": "endless.screens"}\n')
    (package / "rules.py").write_text(RULES)
    (package / "screens.py").write_text(TAP_SCREENS)
    dist_info(site, "companion-endless", "endless_outside = endless:COMPANION")


@pytest.fixture
def host(tmp_path, web_cache, monkeypatch):
    monkeypatch.setenv("COMPANION_GAME_DEADLINE", "2")  # the host's environment is this one's
    with host_with(install, tmp_path, web_cache) as srv:
        yield srv


def test_a_move_that_never_returns_is_said_and_the_host_goes_on(host, browser):
    endless = open_page(browser.new_context(**TABLE).new_page(), host.table_url)
    code = new_room(endless, "Endless tap")
    ana = take_seat(browser, f"{host.base}/join/{code}", "Ana", **PHONE)
    see(endless, "Ana: connected")
    tap(endless, "Start the game")
    other = open_page(browser.new_context(**TABLE).new_page(), host.table_url)
    other_code = new_room(other, "Endless tap")

    tap(ana, "Tap")  # the move loops for ever on the host
    see(ana, DID_NOT_FINISH)
    see(endless, DID_NOT_FINISH)
    take_seat(browser, f"{host.base}/join/{other_code}", "Bea", **PHONE)  # the host goes on
    see(other, "Bea: connected")
    named = [line for line in host.output.splitlines() if "is set aside" in line]
    assert len(named) == 1 and code in named[0], host.output  # the host's log names it once
