"""Take it with you (issue 18): the night's record as CSV and as JSON, and a JSON record read
back into another table, whole or not at all."""
from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import stat
import subprocess
import sys

import pytest

from companion.hub import Hub
from companion.night import UNREADABLE
from companion.rooms import TableService
from companion.store import Store
from testsupport.nights import GAMES, finished_play, phone_keys
from testsupport.host import REPO, child_env


@pytest.fixture
def played(svc):
    """A night of two finished games: Castle Party (scores, places; its players on phones of
    their own, known across nights) and Survivor (a jury; players on a shared device)."""
    finished_play(svc, "castle_party", phone_keys())
    finished_play(svc, "survivor")
    return svc.results()


def empty_table(tmp_path, name: str = "other") -> TableService:
    folder = tmp_path / name
    folder.mkdir()
    return TableService(Store(folder / "companion.db"), Hub())


def test_the_csv_has_a_row_for_each_player_of_each_game_played(svc, host, played):
    rows = list(csv.reader(io.StringIO(svc.export_csv(host))))
    assert rows[0] == ["date", "game", "player", "score", "placing", "won"]
    expected = [[g.finished, g.title, p.player, "" if p.score is None else str(p.score),
                 "" if p.place is None else str(p.place), "yes" if p.won else "no"]
                for g in played for p in sorted(g.players, key=lambda p: p.seat)]
    assert rows[1:] == expected
    assert [r[0] for r in rows[1:]] == sorted(r[0] for r in rows[1:])  # in the order finished


def test_a_name_with_a_comma_or_a_quote_reads_back_from_the_csv(svc, host, tmp_path):
    other = empty_table(tmp_path)
    record = json.loads(svc.export_json(host))
    record["games"] = [game("ABCD", players=[player('Ann "the Hat", Jr', 0, won=True),
                                             player("Ben", 1, place=2)])]
    assert other.import_json(other.host_key, json.dumps(record)) == 1
    rows = list(csv.reader(io.StringIO(other.export_csv(other.host_key))))
    assert [r[2] for r in rows[1:]] == ['Ann "the Hat", Jr', "Ben"]


def test_the_json_round_trip_is_identical(svc, host, played, tmp_path):
    text = svc.export_json(host)
    record = json.loads(text)
    assert record["format"] == "table-companion-record" and record["version"] == 1
    assert [g["room"] for g in record["games"]] == [g.room for g in played]
    other = empty_table(tmp_path)
    assert other.import_json(other.host_key, text) == len(played)
    assert other.export_json(other.host_key) == text
    assert other.results() == played
    assert all(r.ended for r in other.rooms())
    # the players known across nights stay known, so a rename keeps their history
    assert {p.player_id is not None for g in played for p in g.players} == {True, False}
    assert other.across_nights() == svc.across_nights()


def test_the_same_file_imported_twice_adds_nothing_the_second_time(svc, host, played, tmp_path,
                                                                   db_path):
    other = empty_table(tmp_path)
    text = svc.export_json(host)
    assert other.import_json(other.host_key, text) == 2
    assert other.import_json(other.host_key, text) == 0
    assert len(other.results()) == 2
    assert svc.import_json(host, text) == 0  # a table's own record is in it already


def test_a_record_of_a_table_tonight_after_an_import_links_no_voter_to_a_choice(
        svc, host, played, tmp_path):
    other = empty_table(tmp_path)
    other.import_json(other.host_key, svc.export_json(host))
    survivor = next(r for r in other.results() if r.game == "survivor")
    votes = survivor.details["jury_votes"]
    assert set(votes) <= set(survivor.details["finalists"])
    assert all(type(n) is int for n in votes.values())
    conn = sqlite3.connect(other.store.path)
    try:
        columns = {d[1] for t in ("results", "result_players")
                   for d in conn.execute(f"PRAGMA table_info({t})")}
        details = [json.loads(d) for (d,) in conn.execute("SELECT details FROM results")]
    finally:
        conn.close()
    assert not columns & {"voter", "choice", "ballot"}
    for d in details:
        assert all(type(n) is int for n in d.get("jury_votes", {}).values())


# --- bad files: refused whole, the database unchanged ----------------------------------------
def player(name: str, seat: int, place=1, won=False, score=None) -> dict:
    return {"player": name, "seat": seat, "place": place, "won": won, "score": score}


def game(room: str, players=None, **changes) -> dict:
    if players is None:
        players = [player("Ann", 0, won=True, score=30), player("Ben", 1, place=2, score=20)]
    g = {"room": room, "game": "castle_party", "title": "Castle Party",
         "finished": "2026-12-02 21:40:12", "summary": "Ann wins.", "details": {},
         "players": players}
    g.update(changes)
    return g


def record_text(*games, **changes) -> str:
    return json.dumps({"format": "table-companion-record", "version": 1, "games": list(games),
                       **changes})


def without(d: dict, key: str) -> dict:
    return {k: v for k, v in d.items() if k != key}


BAD = {
    "not JSON": ("{not json", "not JSON"),
    "another format": (json.dumps({"format": "scores", "version": 1, "games": []}),
                       "not a table companion record"),
    "a list": ("[1, 2]", "not a table companion record"),
    "another version": (record_text(version=2), "another version 2"),
    "a version that is true": (record_text(version=True), "another version"),
    "games not a list": (record_text(games={}), "no list of games"),
    "a missing key": (record_text(without(game("ABCD"), "summary")), "not well formed"),
    "an unknown key": (record_text(game("ABCD", extra=1)), "not well formed"),
    "a bad room code": (record_text(game("AB1")), "room code"),
    "an unknown game": (record_text(game("ABCD", game="chess")), "does not know"),
    "a bad time": (record_text(game("ABCD", finished="yesterday")), "time it finished"),
    "details not an object": (record_text(game("ABCD", details=[])), "details"),
    "a jury naming voters": (record_text(game("ABCD", game="survivor", details={
        "finalists": ["Ann", "Ben"], "jury_votes": {"Ann": ["Cat", "Dan"]}})), "jury"),
    "a place of 0": (record_text(game("ABCD", players=[player("Ann", 0, place=0)])), "place"),
    "a place as text": (record_text(game("ABCD", players=[player("Ann", 0, place="1")])),
                        "place"),
    "won not a bool": (record_text(game("ABCD", players=[player("Ann", 0, won=1)])), "won"),
    "a score as text": (record_text(game("ABCD", players=[player("Ann", 0, score="3")])),
                        "score"),
    "a seat as a bool": (record_text(game("ABCD", players=[player("Ann", True)])), "seat"),
    "a player without a key": (record_text(game("ABCD", players=[
        without(player("Ann", 0), "won")])), "not well formed"),
    "a player_id not of ours": (record_text(game("ABCD", players=[
        dict(player("Ann", 0), player_id="Ana's phone")])), "player_id"),
    "a player_id as a number": (record_text(game("ABCD", players=[
        dict(player("Ann", 0), player_id=7)])), "player_id"),
    "a name over 24": (record_text(game("ABCD", players=[player("A" * 25, 0)])), "name"),
    "a player twice": (record_text(game("ABCD", players=[player("Ann", 0), player("Ann", 1)])),
                       "twice"),
    "no players": (record_text(game("ABCD", players=[])), "no list of players"),
    "a room twice": (record_text(game("ABCD"), game("ABCD")), "twice"),
    "over 1,000 games": (record_text(*[game("ABCD")] * 1001), "over 1000 games"),
    "over 10 MB": (" " * (10 * 1024 * 1024 + 1), "over 10 MB"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_bad_file_is_refused_whole_and_adds_nothing(svc, host, played, refused, name):
    text, match = BAD[name]
    refused(svc.import_json, host, text, match=match)
    assert svc.results() == played


def test_one_bad_game_after_good_ones_adds_none_of_them(svc, host, refused):
    text = record_text(game("ABCD"), game("BCDE"), game("CDEF", players=[player("Ann", 0,
                                                                                 won="yes")]))
    refused(svc.import_json, host, text, match="game 3")
    assert svc.results() == []


def test_a_room_code_taken_by_another_room_refuses_the_import_naming_it(svc, host, refused):
    code = svc.create_room(host, "castle_party")
    refused(svc.import_json, host, record_text(game("ABCD"), game(code)), match=code)


def test_a_forged_host_key_is_refused(svc, host, played, refused):
    text = svc.export_json(host)
    for fn, *args in ((svc.export_csv,), (svc.export_json,), (svc.import_json, text),
                      (svc.save_export, "csv")):
        refused(fn, "not-the-key", *args, match="Only the table screen")
    refused(svc.save_export, host, "pdf", match="CSV or as JSON")


def test_save_export_writes_a_private_file_beside_the_database(svc, host, played, db_path):
    for fmt in ("csv", "json"):
        path = svc.save_export(host, fmt)
        assert path.parent == db_path.parent / "exports" and path.suffix == f".{fmt}"
        assert path.name.startswith("record-")
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
        text = path.read_bytes().decode("utf-8")  # as written: the CSV lines end in CRLF
        assert text == (svc.export_csv(host) if fmt == "csv" else svc.export_json(host))


# --- the command line --------------------------------------------------------------------------
def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=REPO, env=child_env(),
                          capture_output=True, text=True, timeout=120)


def test_the_command_line_exports_and_imports_without_starting_the_server(
        svc, host, played, db_path, tmp_path):
    rows = sum(len(g.players) for g in played)
    out_csv, out_json = tmp_path / "night.csv", tmp_path / "night.json"
    svc.store.close()
    done = companion("--db", str(db_path), "--export-csv", str(out_csv))
    assert done.returncode == 0 and done.stdout.strip() == f"Wrote {rows} rows to {out_csv}"
    assert len(list(csv.reader(out_csv.open(newline="")))) == rows + 1
    done = companion("--db", str(db_path), "--export-json", str(out_json))
    assert done.returncode == 0 and done.stdout.strip() == f"Wrote 2 games to {out_json}"
    other = tmp_path / "other" / "companion.db"
    done = companion("--db", str(other), "--import-json", str(out_json))
    assert done.returncode == 0 and done.stdout.strip() == f"Added 2 games from {out_json}"
    done = companion("--db", str(other), "--import-json", str(out_json))
    assert done.stdout.strip() == f"Added 0 games from {out_json}"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "table-companion-record", "version": 7, "games": []}')
    done = companion("--db", str(other), "--import-json", str(bad))
    assert done.returncode == 2 and "another version 7" in done.stdout


# --- what every game writes reads back; a stored game that cannot be read is said ------------
@pytest.mark.parametrize("key", GAMES)
def test_every_game_s_finished_record_passes_the_import_s_checks(svc, host, key, tmp_path):
    finished_play(svc, key)
    assert not any(r.unreadable for r in svc.results())
    other = empty_table(tmp_path)
    assert other.import_json(other.host_key, svc.export_json(host)) == 1
    assert other.results() == svc.results()


def test_a_stored_game_that_cannot_be_read_is_said_and_the_rest_counted_and_saved(tmp_path):
    """The issue's case: a score sheet of words, imported before imports were checked."""
    path = tmp_path / "companion.db"
    svc = TableService(Store(path), Hub())
    svc.import_json(svc.host_key, record_text(game("ABCD"), game("BCDE", players=[
        player("Cat", 0, won=True, score=9)], finished="2026-12-02 22:00:00")))
    svc.store.close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE results SET details = ? WHERE room = 'ABCD'",
                     (json.dumps({"sheets": {"Ann": [["Punch", "lots"]]}}),))
    conn.close()
    svc = TableService(Store(path), Hub())
    night = svc.tonight()
    assert [(g.room, g.unreadable) for g in night.games] == [("ABCD", True), ("BCDE", False)]
    assert [(s.player, s.played, s.won) for s in night.standings] == [("Cat", 1, 1)]
    assert [r.player for r in svc.across_nights().records] == ["Cat", "Cat"]
    rows = list(csv.reader(io.StringIO(svc.export_csv(svc.host_key))))[1:]
    assert [r[1:3] for r in rows] == [["Castle Party", UNREADABLE], ["Castle Party", "Cat"]]
    exported = svc.export_json(svc.host_key)
    assert [g["room"] for g in json.loads(exported)["games"]] == ["BCDE"]
    other = empty_table(tmp_path)
    assert other.import_json(other.host_key, exported) == 1
