"""Tonight and History on a record that holds games they cannot draw (issue 34): a database
written before imports were checked, or edited by hand. The game that cannot be read says so in
its own row; the rest is drawn, counted and saved. And a night of many games draws what a
table reads: the leaders and the latest games."""
from __future__ import annotations

import csv
import io
import json
import re
import sqlite3

import flet as ft
import pytest

from companion.night import UNREADABLE
from companion.rooms import TableService
from companion.store import Store
from views.night import GAMES_SHOWN, STANDINGS_SHOWN, History, Tonight
from views.screen import Session, Urls
from views.testing import NowherePage, buttons, nowhere

SHEET = [["Vampires on the Punch", 6], ["Guests in the moat: 2", -2]]
DAMAGE = {  # what a hand-edited or older database may hold, as SQL on it
    "a score sheet of words": "UPDATE results SET details = "
                              "'{\"sheets\": {\"Ann\": [[\"Punch\", \"lots\"]]}}' WHERE room = ?",
    "details not JSON": "UPDATE results SET details = '{oops' WHERE room = ?",
    "a score in words": "UPDATE result_players SET score = 'lots' WHERE room = ?",
    "a time in words": "UPDATE results SET finished = 'yesterday' WHERE room = ?",
    "a name with ESC": "UPDATE result_players SET player = 'Ann' || char(27) || '[31m' "
                       "WHERE room = ? AND seat = 0",
}


def game(room: str, minute: int, names=("Ann", "Ben")) -> dict:
    return {"room": room, "game": "castle_party", "title": "Castle Party",
            "finished": f"2026-12-02 21:{minute:02d}:00", "summary": f"{names[0]} wins.",
            "details": {"sheets": {n: SHEET for n in names}},
            "players": [{"player": n, "seat": s, "place": s + 1, "won": s == 0, "score": 4 - s}
                        for s, n in enumerate(names)]}


def record(*games) -> str:
    return json.dumps({"format": "table-companion-record", "version": 1, "games": list(games)})


def texts(controls) -> list[str]:
    """Every text drawn under ``controls``, in no particular order."""
    found, stack = [], list(controls)
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text):
            found.append(c.value)
        for attr in ("controls", "content", "rows", "cells"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child] if child else [])
    return found


def screens(svc: TableService):
    session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
    return Tonight(session, svc.host_key), History(session, svc.host_key)


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_game_that_cannot_be_read_says_so_and_the_rest_is_drawn_and_saved(tmp_path, damage):
    path = tmp_path / "companion.db"
    svc = TableService(Store(path))
    svc.import_json(svc.host_key, record(game("ABCD", 10), game("BCDE", 20, ("Cat", "Dan"))))
    svc.store.close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(DAMAGE[damage], ("ABCD",))
    conn.close()

    svc = TableService(Store(path))  # as a host opening the file
    tonight, history = screens(svc)
    drawn = texts(tonight.draw(tonight.inputs()))
    assert UNREADABLE in drawn and "Cat wins." in drawn and "Ann wins." not in drawn
    assert "Cat" in drawn and "Ann" not in drawn  # the standings count what can be read
    assert "Cat" in texts(history.draw(history.inputs())) and "Ann" not in texts(history.draw(history.inputs()))
    rows = list(csv.reader(io.StringIO(svc.export_csv(svc.host_key))))
    assert [r[2] for r in rows[1:]] == [UNREADABLE, "Cat", "Dan"] or \
        [r[2] for r in rows[1:]] == ["Cat", "Dan", UNREADABLE]  # (a time in words sorts last)
    saved = json.loads(svc.export_json(svc.host_key))
    assert [g["room"] for g in saved["games"]] == ["BCDE"]
    for fmt in ("csv", "json"):  # Tonight's buttons save the rest
        assert svc.save_export(svc.host_key, fmt).exists()
    assert any(b.content == "Save the record as CSV" for b in buttons(ft.Column(tonight.draw(tonight.inputs()))))


def test_a_long_night_draws_the_leaders_and_the_latest_games(tmp_path):
    svc = TableService(Store(tmp_path / "companion.db"))
    names = [f"Ana{n}" for n in range(STANDINGS_SHOWN + 6)]
    games = [game(f"AB{a}{b}", n, names) for n, (a, b) in
             enumerate(zip("CDEFGHJKLMNPQRSTUVWXYZ", "CDEFGHJKLMNPQRSTUVWXYZ"))]
    svc.import_json(svc.host_key, record(*games))
    tonight, _ = screens(svc)
    drawn = texts(tonight.draw(tonight.inputs()))
    assert f"{len(games)} games played" in drawn
    earlier = len(games) - GAMES_SHOWN
    assert f"Games 1 to {earlier} of tonight are in the saved record." in drawn
    shown = [t for t in drawn if t.endswith(")") and ". Castle Party  (" in t]
    assert sorted(int(t.split(".")[0]) for t in shown) == list(range(earlier + 1,
                                                                     len(games) + 1))
    assert "and 6 more players (in the saved record)" in drawn
    standings = [t for t in drawn if re.fullmatch(r"\d+ wins? of \d+", t)]
    assert len(standings) == STANDINGS_SHOWN and f"{len(games)} wins of {len(games)}" in standings
