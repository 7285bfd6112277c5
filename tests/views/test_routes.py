"""The route table (views/app.py ``ROUTES``): each address opens the screen it always opened,
the first route that matches wins, and a path no route matches opens the landing page."""
from __future__ import annotations

import pytest

from views.app import ROUTES, _join_screen, route_for

ROOMS, TONIGHT, HISTORY, PASS, ROOM, JOIN = ROUTES


def parts(path: str) -> list[str]:
    return [p for p in path.split("/") if p]


@pytest.mark.parametrize("path, route, named", [
    ("/table", ROOMS, {}),
    ("/table/", ROOMS, {}),
    ("/table/tonight", TONIGHT, {}),
    ("/table/tonight/more", TONIGHT, {}),  # as before: the night's screen, whatever follows
    ("/table/history", HISTORY, {}),
    ("/table/ABCD", ROOM, {"code": "ABCD"}),
    ("/table/abcd/other", ROOM, {"code": "abcd"}),  # as before: the room
    ("/table/ABCD/pass", PASS, {"code": "ABCD"}),
    ("/table/ABCD/pass/more", ROOM, {"code": "ABCD"}),
    ("/join/ABCD", JOIN, {"code": "ABCD"}),
    ("//join//ABCD", JOIN, {"code": "ABCD"}),
])
def test_a_path_opens_its_screen(path, route, named):
    assert route_for(parts(path)) == (route, named)


@pytest.mark.parametrize("path", ["/", "", "/join", "/join/ABCD/more", "/tables", "/x/table"])
def test_any_other_path_opens_the_landing_page(path):
    assert route_for(parts(path)) is None


def test_only_the_table_routes_ask_for_the_host_key():
    assert [r.host for r in ROUTES] == [True] * 5 + [False]
    assert JOIN.screen is _join_screen
