"""Take it with you: the night's record written out as CSV or JSON, and a JSON record read back.

The JSON file is a public format, versioned: ``{"format": "table-companion-record",
"version": 1, "games": [...]}``, each game as ``results()`` gives it. It is written with sorted
keys and a fixed indent, so a record exported, imported into an empty table and exported
again reads the same, byte for byte. An import takes a whole file or nothing: every game is
checked before the first is written, in one transaction, and a game already in the record (by
its room code) is skipped, so the same file imported twice adds nothing the second time.
A jury's count comes in as it goes out, numbers per finalist only: a record never links a
voter to a choice.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import time
from pathlib import Path
from typing import Any

from .errors import Refused
from .night import UNREADABLE, GameResult, PlayerResult, Results
from .record_format import FORMAT, MOST_BYTES, VERSION, read_record  # noqa: F401 (the CLI's)
from .room import Rooms
from .store import Store, dumps, private_folder

CSV_HEADER = ("date", "game", "player", "score", "placing", "won")
# A cell a spreadsheet would read as a formula (or as a cell of its own, after a tab or a
# carriage return) starts with one of these; OWASP's advice: a single quote before it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A spreadsheet may split a line on any of these (Calc and Excel offer comma, semicolon, tab,
# space and "other", often "|"; much of Europe uses ";"), and whatever follows one starts a
# cell of its own, quotes or not (a quote opens a field only at its start). So a formula
# character after any of them, past spaces and quotes, gets the single quote too: OWASP's
# "take care of the field separator and quotes", without quoting every ordinary name.
SEPARATORS = ",; \t|\r\n"
FORMULA_AFTER_SEPARATOR = re.compile(
    f"((?:^|[{re.escape(SEPARATORS)}])[ \"]*)(?=[{re.escape(''.join(FORMULA_STARTS))}])")


class Record:
    """The night's record written out (CSV, JSON), and a JSON record read back."""

    def __init__(self, store: Store, rooms: Rooms, results: Results) -> None:
        self.store = store
        self.rooms = rooms
        self.results = results

    def export_csv(self, host_key: str) -> str:
        """One row per player per game (date, game, player, score, placing, won), games in the
        order they finished, players in seat order; an empty cell where a game gives no score
        or place. No text cell reads as a formula (see ``csv_cell``); a game whose record
        cannot be read has one row that says so."""
        self.rooms.require_host(host_key)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_HEADER)
        for game in self.results.results():
            if game.unreadable:  # said in its own row; the rest of the record is saved
                writer.writerow(map(csv_cell, [game.finished, game.title, UNREADABLE, "", "",
                                               ""]))
            for p in game.players:
                writer.writerow(map(csv_cell, [game.finished, game.title, p.player,
                                               "" if p.score is None else p.score,
                                               "" if p.place is None else p.place,
                                               "yes" if p.won else "no"]))
        return out.getvalue()

    def export_json(self, host_key: str) -> str:
        """The whole record in the versioned JSON format (sorted keys, indent 1); a game whose
        record cannot be read is left out (it could not be read back either)."""
        self.rooms.require_host(host_key)
        record = {"format": FORMAT, "version": VERSION,
                  "games": [game_json(g) for g in self.results.results() if not g.unreadable]}
        return json.dumps(record, sort_keys=True, indent=1, ensure_ascii=False) + "\n"

    def import_json(self, host_key: str, text: str) -> int:
        """Add a record's games to this table's record; returns how many were added. A file
        that is not a record of this format and version, or any game in it that is not well
        formed, is refused whole, and nothing is added."""
        self.rooms.require_host(host_key)
        record = read_record(text)
        with self.store.transaction() as db:
            known = {r["room"] for r in db.query("SELECT room FROM results")}
            rooms = {r["code"] for r in db.query("SELECT code FROM rooms")}
            new = [g for g in record if g["room"] not in known]
            for g in new:
                if g["room"] in rooms:  # refused inside: the transaction rolls back whole
                    raise Refused(f"Room {g['room']} at this table is another game: nothing "
                                  "from this file was added.")
            insert_games(db, new)
            self.store.touch_record()
        if new:
            self.rooms.publish("rooms")
        return len(new)

    def save_export(self, host_key: str, fmt: str) -> Path:
        """Write the record as ``record-<date>.csv`` or ``.json`` in the ``exports`` folder
        beside the database, readable by the host's user alone, like the database."""
        self.rooms.require_host(host_key)
        if fmt not in ("csv", "json"):
            raise Refused("The record is saved as CSV or as JSON.")
        text = self.export_csv(host_key) if fmt == "csv" else self.export_json(host_key)
        folder = self.store.path.parent / "exports"
        private_folder(folder)
        os.chmod(folder, 0o700)  # our own folder: private even if it was made otherwise
        path = folder / f"record-{time.strftime('%Y-%m-%d')}.{fmt}"
        write_private(path, text)
        return path


def csv_cell(value: Any) -> Any:
    """A text cell that starts like a formula gets a single quote first, so a spreadsheet shows
    it as text (a player named "=1+1" or "-2"), and so does every formula character that a
    separator could make the start of a cell (";=1+1;" read with ";" as the separator);
    numbers we write (a score of -2) stay numbers."""
    if isinstance(value, str):
        return FORMULA_AFTER_SEPARATOR.sub(r"\1'", value)
    return value


def game_json(game: GameResult) -> dict[str, Any]:
    return {"room": game.room, "game": game.game, "title": game.title,
            "finished": game.finished, "summary": game.summary, "details": dict(game.details),
            "players": [player_json(p) for p in game.players]}


def player_json(p: PlayerResult) -> dict[str, Any]:
    """A player of a game; ``player_id`` only for a player known across nights (their phone's
    player), so that a rename keeps the history after an import too."""
    out = {"player": p.player, "seat": p.seat, "place": p.place, "won": p.won,
           "score": p.score}
    if p.player_id:
        out["player_id"] = p.player_id
    return out


def write_private(path: Path, text: str) -> None:
    """Write a file only its owner reads (0600): a record names the players."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.chmod(path, 0o600)  # a file that was there before keeps no wider mode
    with open(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def insert_games(db, new: list[dict[str, Any]]) -> None:
    """The imported games: each its room (ended, with its players' names, marked imported:
    there is no game in it to resume) and its result. Written by statement, not row by row: a
    record of 1,000 games of 100 players is 100,000 rows."""
    conn = db.conn
    conn.executemany(
        "INSERT INTO rooms (code, game, title, created, ended, players, options, timer_end, "
        "next_room, suggested, imported) VALUES (?, ?, ?, ?, 1, ?, '{}', NULL, NULL, NULL, 1)",
        [(g["room"], g["game"], g["title"], g["finished"],
          dumps([p["player"] for p in g["players"]])) for g in new])
    conn.executemany(
        "INSERT INTO results (room, game, title, finished, summary, details) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(g["room"], g["game"], g["title"], g["finished"], g["summary"], dumps(g["details"]))
         for g in new])
    conn.executemany(
        "INSERT INTO result_players (room, player, seat, place, won, score, player_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(g["room"], p["player"], p["seat"], p["place"], int(p["won"]), p["score"],
          p.get("player_id")) for g in new for p in g["players"]])
