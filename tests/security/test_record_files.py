"""Hostile record files and hostile names (issue 34): a record's CSV never runs a formula in a
spreadsheet, and an import passes the door's checks (names and titles as a seat's name, every
field's type and range, each game's details of the shape its rules write) or is refused whole
with a sentence naming the game and the field, the database unchanged."""
from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import Refused
from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
FORMULAS = ["=1+1", '=HYPERLINK("x","y")', "=cmd|' /C calc'!A0", "+1+1", "-2", "@SUM(A1)"]
TITLE = '=HYPERLINK("http://x","y")'  # a name of 24 letters or fewer cannot hold this one


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"), Hub())
    yield service
    service.store.close()


def player(name: str, seat: int, score=None, won=False) -> dict:
    return {"player": name, "seat": seat, "place": seat + 1, "won": won, "score": score}


def game(room: str, players=None, **changes) -> dict:
    g = {"room": room, "game": "castle_party", "title": "Castle Party",
         "finished": "2026-12-02 21:40:12", "summary": "Ann wins.", "details": {},
         "players": players or [player("Ann", 0, 30, True), player("Ben", 1, 20)]}
    g.update(changes)
    return g


def record_text(*games) -> str:
    return json.dumps({"format": "table-companion-record", "version": 1, "games": list(games)})


def committed(svc) -> dict:
    conn = sqlite3.connect(f"file:{svc.store.path}?mode=ro", uri=True)
    try:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in ("rooms", "results", "result_players")}
    finally:
        conn.close()


# --- 1. the CSV runs no formula --------------------------------------------------------------
def command_line_csv(svc, tmp_path) -> str:
    """The CSV that ``python -m companion --export-csv`` writes of this table's record."""
    out = tmp_path / "night.csv"
    svc.store.close()  # the command line opens the file alone, as a host that is not serving
    env = {k: v for k, v in os.environ.items() if k not in ("COMPANION_DB", "COMPANION_PORT")}
    done = subprocess.run([sys.executable, "-m", "companion", "--db", str(svc.store.path),
                           "--export-csv", str(out)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return out.read_text(encoding="utf-8")


def test_no_csv_cell_starts_like_a_formula_and_each_reads_back_as_typed(svc, tmp_path):
    names = [*FORMULAS, "Ann-Lee"]  # (a dash inside a name starts no formula: left as it is)
    players = [player(n, seat, score=-2 if seat == 4 else seat, won=seat == 0)
               for seat, n in enumerate(names)]
    svc.import_json(svc.host_key, record_text(game("ABCD", players, title=TITLE)))
    # the JSON is unchanged: a name is as it was typed
    exported = json.loads(svc.export_json(svc.host_key))
    assert [p["player"] for p in exported["games"][0]["players"]] == names
    for text in (svc.export_csv(svc.host_key),
                 svc.save_export(svc.host_key, "csv").read_text(encoding="utf-8"),
                 command_line_csv(svc, tmp_path)):
        rows = list(csv.reader(io.StringIO(text)))[1:]
        cells = [cell for row in rows for cell in row[:3]]
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
        assert [r[2] for r in rows] == ["'" + n for n in FORMULAS] + ["Ann-Lee"]
        assert {r[1] for r in rows} == {"'" + TITLE}
        assert [r[3] for r in rows] == ["0", "1", "2", "3", "-2", "5", "6"]  # a score is a number


# --- 2 and 3. an import is checked as the door checks, and as each game writes ---------------
HIDDEN = {"ESC": "Ann\x1b[31m", "NUL": "Ann\x00", "BEL": "Ann\x07", "a newline": "Ann\nBen",
          "U+202E": "Ann\u202egnp.exe", "a leading TAB": "\tAnn", "a leading CR": "\rAnn",
          "a zero-width space": "An\u200bn", "a lone surrogate": "Ann\ud800"}
BAD = {
    **{f"a name with {what}": (game("BCDE", [player(name, 0), player("Ben", 1)]),
                               "player in seat 0 has a name")
       for what, name in HIDDEN.items()},
    "a title with U+202E": (game("BCDE", title="Castle\u202e Party"), "title"),
    "a title with a lone surrogate": (game("BCDE", title="Castle \ud800"), "title"),
    "a summary with ESC": (game("BCDE", summary="Ann wins.\x1b]0;x\x07"), "summary"),
    "a summary with a lone surrogate": (game("BCDE", summary="Ann \udfff wins."), "summary"),
    "a name over 24 letters": (game("BCDE", [player("A" * 25, 0)]), "over 24 letters"),
    "a name of spaces twice": (game("BCDE", [player("Ann  Lee", 0)]), "seat's name"),
    "the table's name": (game("BCDE", [player("Table", 0)]), "belongs to the table screen"),
    "a name twice in other case": (game("BCDE", [player("Ann", 0), player("ANN", 1)]),
                                   "a player or a seat twice"),
    "a time in other digits": (game("BCDE", finished="２０２６-12-02 21:40:12"), "time"),
    "a score sheet of words": (game("BCDE", details={"sheets": {"Ann": [["Punch", "lots"]]}}),
                               "score sheet"),
    "a score sheet's line not a pair": (game("BCDE", details={"sheets": {"Ann": [["Punch"]]}}),
                                        "score sheet"),
    "a score sheet not a list": (game("BCDE", details={"sheets": {"Ann": "30"}}), "score sheet"),
    "a score sheet of nobody here": (game("BCDE", details={"sheets": {"Cat": []}}),
                                     "score sheets"),
    "a sheet's category with a lone surrogate": (
        game("BCDE", details={"sheets": {"Ann": [["Punch\ud800", 2]]}}), "category"),
    "details another game writes": (game("BCDE", details={"round": 3}), "details"),
    "a jury naming somebody else": (game("BCDE", game="survivor", details={
        "finalists": ["Ann", "Zed"], "jury_votes": {"Ann": 3}}), "finalists"),
    "a jury's count in words": (game("BCDE", game="castaways", details={
        "finalists": ["Ann", "Ben"], "jury_votes": {"Ann": "three"}}), "jury"),
    "finalists not names": (game("BCDE", game="survivor", details={
        "finalists": [["Ann"]], "jury_votes": {}}), "finalists"),
    "a round in words": (game("BCDE", game="robinson", details={"round": "ten"}), "round"),
    "a result made up": (game("BCDE", game="robinson", details={"result": "draw"}), "result"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_hostile_record_is_refused_whole_naming_the_game_and_field(svc, name):
    bad, said = BAD[name]
    svc.import_json(svc.host_key, record_text(game("ABCD")))
    before = committed(svc)
    text = record_text(game("CDEF"), bad)  # a good game first: it is not added either
    with pytest.raises(Refused) as refusal:
        svc.import_json(svc.host_key, text)
    message = str(refusal.value)
    assert message.startswith("Game 2 of this record") and said in message, message
    assert message.isprintable() and message.endswith("."), message  # nothing of it echoed
    assert committed(svc) == before
    assert [g.room for g in svc.results()] == ["ABCD"]


def test_a_lone_surrogate_written_as_an_escape_is_a_sentence_not_a_traceback(svc):
    text = record_text(game("ABCD", [player("NAME", 0)])).replace("NAME", "\\ud800")
    with pytest.raises(Refused, match="Game 1 of this record: the player in seat 0 has a name"):
        svc.import_json(svc.host_key, text)
    assert svc.results() == []
