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
from datetime import datetime
from pathlib import Path
from typing import Any

from . import games
from .codes import CODE_LENGTH, CODE_LETTERS
from .errors import Refused
from .night import GameResult, PlayerResult
from .store import dumps, private_folder

FORMAT = "table-companion-record"
VERSION = 1
CSV_HEADER = ("date", "game", "player", "score", "placing", "won")
GAME_KEYS = {"room", "game", "title", "finished", "summary", "details", "players"}
PLAYER_KEYS = {"player", "seat", "place", "won", "score"}
PLAYER_ID = re.compile(r"[0-9a-f]{32}")  # a phone's player across nights (optional key)
MOST_GAMES = 1000  # years of game nights; more is not a record of this table
MOST_BYTES = 10 * 1024 * 1024
NAME_LONGEST = 80
SUMMARY_LONGEST = 1000
BIGGEST = 2 ** 62  # a number SQLite keeps as an integer
CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}")
FINISHED = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


class RecordMixin:
    """TableService's export and import of the night's record (rooms.py puts it together). It
    uses the service's store, results(), _require_host() and _publish()."""

    def export_csv(self, host_key: str) -> str:
        """One row per player per game (date, game, player, score, placing, won), games in the
        order they finished, players in seat order; an empty cell where a game gives no score
        or place."""
        self._require_host(host_key)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_HEADER)
        for game in self.results():
            for p in game.players:
                writer.writerow([game.finished, game.title, p.player,
                                 "" if p.score is None else p.score,
                                 "" if p.place is None else p.place, "yes" if p.won else "no"])
        return out.getvalue()

    def export_json(self, host_key: str) -> str:
        """The whole record in the versioned JSON format (sorted keys, indent 1)."""
        self._require_host(host_key)
        record = {"format": FORMAT, "version": VERSION,
                  "games": [game_json(g) for g in self.results()]}
        return json.dumps(record, sort_keys=True, indent=1, ensure_ascii=False) + "\n"

    def import_json(self, host_key: str, text: str) -> int:
        """Add a record's games to this table's record; returns how many were added. A file
        that is not a record of this format and version, or any game in it that is not well
        formed, is refused whole, and nothing is added."""
        self._require_host(host_key)
        record = read_record(text)
        with self.store.transaction() as db:
            known = {r["room"] for r in db.query("SELECT room FROM results")}
            rooms = {r["code"] for r in db.query("SELECT code FROM rooms")}
            new = [g for g in record if g["room"] not in known]
            for g in new:
                if g["room"] in rooms:  # refused inside: the transaction rolls back whole
                    raise Refused(f"Room {g['room']} at this table is another game: nothing "
                                  "from this file was added.")
            for g in new:
                insert_game(db, g)
            self.store.touch_record()
        if new:
            self._publish("rooms")
        return len(new)

    def save_export(self, host_key: str, fmt: str) -> Path:
        """Write the record as ``record-<date>.csv`` or ``.json`` in the ``exports`` folder
        beside the database, readable by the host's user alone, like the database."""
        self._require_host(host_key)
        if fmt not in ("csv", "json"):
            raise Refused("The record is saved as CSV or as JSON.")
        text = self.export_csv(host_key) if fmt == "csv" else self.export_json(host_key)
        folder = self.store.path.parent / "exports"
        private_folder(folder)
        os.chmod(folder, 0o700)  # our own folder: private even if it was made otherwise
        path = folder / f"record-{time.strftime('%Y-%m-%d')}.{fmt}"
        write_private(path, text)
        return path


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


def insert_game(db, g: dict[str, Any]) -> None:
    """One imported game: its room (ended, with its players' names, marked imported: there is
    no game in it to resume) and its result."""
    names = [p["player"] for p in g["players"]]
    db["rooms"].insert({"code": g["room"], "game": g["game"], "title": g["title"],
                        "created": g["finished"], "ended": 1, "players": dumps(names),
                        "options": "{}", "timer_end": None, "next_room": None,
                        "suggested": None, "imported": 1})
    db["results"].insert({"room": g["room"], "game": g["game"], "title": g["title"],
                          "finished": g["finished"], "summary": g["summary"],
                          "details": dumps(g["details"])})
    for p in g["players"]:
        db["result_players"].insert({"room": g["room"], "player": p["player"],
                                     "seat": p["seat"], "place": p["place"],
                                     "won": int(p["won"]), "score": p["score"],
                                     "player_id": p.get("player_id")})


# --- reading a record: everything is checked before anything is written -----------------------
def read_record(text: Any) -> list[dict[str, Any]]:
    """The games of a record file, each checked; a refusal says what is wrong, in a sentence."""
    if not isinstance(text, str):
        raise Refused("A record is a text file.")
    if len(text) > MOST_BYTES or len(text.encode("utf-8", "surrogatepass")) > MOST_BYTES:
        raise Refused("This file is over 10 MB: it is not a record of this table.")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("This file is not JSON: it is not a record of this table.") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise Refused("This file is not a table companion record.")
    version = record.get("version")
    if type(version) is not int or version != VERSION:
        shown = f" {version}" if type(version) is int else ""
        raise Refused(f"This record is of another version{shown}: this companion reads "
                      f"version {VERSION} only.")
    found = record.get("games")
    if not isinstance(found, list):
        raise Refused("This record has no list of games.")
    if len(found) > MOST_GAMES:
        raise Refused(f"This record has over {MOST_GAMES} games: it is not a record of a table.")
    rooms = set()
    for n, game in enumerate(found, start=1):
        check_game(n, game)
        if game["room"] in rooms:
            raise Refused(f"This record has room {game['room']} twice.")
        rooms.add(game["room"])
    return found


def check_game(n: int, game: Any) -> None:
    """Game ``n`` of a record has exactly the keys of version 1, each of its type."""
    if not isinstance(game, dict) or set(game) != GAME_KEYS:
        raise Refused(f"Game {n} of this record is not well formed: a game has the keys "
                      f"{', '.join(sorted(GAME_KEYS))}.")
    if not isinstance(game["room"], str) or not CODE.fullmatch(game["room"]):
        raise Refused(f"Game {n} of this record has no room code of four letters.")
    if game["game"] not in games.REGISTRY:
        raise Refused(f"Game {n} of this record is of a game this companion does not know.")
    if not short_text(game["title"], NAME_LONGEST):
        raise Refused(f"Game {n} of this record has no title of 1 to {NAME_LONGEST} letters.")
    if not is_time(game["finished"]):
        raise Refused(f"Game {n} of this record has no time it finished "
                      "(like 2026-12-02 21:40:12).")
    if not short_text(game["summary"], SUMMARY_LONGEST):
        raise Refused(f"Game {n} of this record has no summary of 1 to {SUMMARY_LONGEST} "
                      "letters.")
    check_details(n, game["details"])
    players = game["players"]
    if not isinstance(players, list) or not players:
        raise Refused(f"Game {n} of this record has no list of players.")
    for player in players:
        check_player(n, player)
    if len({p["player"] for p in players}) < len(players) or \
            len({p["seat"] for p in players}) < len(players):
        raise Refused(f"Game {n} of this record has a player or a seat twice.")


def check_details(n: int, details: Any) -> None:
    """A game's details are an object; a jury's count in them is numbers per finalist only."""
    if not isinstance(details, dict):
        raise Refused(f"Game {n} of this record has details that are not an object.")
    votes = details.get("jury_votes", {})
    finalists = details.get("finalists")
    if not isinstance(votes, dict) or not all(
            is_int(v, 0) and (not isinstance(finalists, list) or k in finalists)
            for k, v in votes.items()):
        raise Refused(f"Game {n} of this record has a jury's count that is not a number for "
                      "each finalist.")


def check_player(n: int, player: Any) -> None:
    """A player of a game: a name, a seat, a place (1 is first, or none), won, a score or none."""
    if not isinstance(player, dict) or set(player) - {"player_id"} != PLAYER_KEYS:
        raise Refused(f"A player of game {n} of this record is not well formed: a player has "
                      f"the keys {', '.join(sorted(PLAYER_KEYS))} (and maybe player_id).")
    if "player_id" in player and not (isinstance(player["player_id"], str)
                                      and PLAYER_ID.fullmatch(player["player_id"])):
        raise Refused(f"A player of game {n} of this record has a player_id that is not 32 "
                      "hexadecimal digits.")
    if not short_text(player["player"], NAME_LONGEST):
        raise Refused(f"A player of game {n} of this record has no name of 1 to "
                      f"{NAME_LONGEST} letters.")
    if not is_int(player["seat"], 0):
        raise Refused(f"A player of game {n} of this record has no seat number.")
    if player["place"] is not None and not is_int(player["place"], 1):
        raise Refused(f"A player of game {n} of this record has a place that is not 1, 2, 3 "
                      "and so on, nor empty.")
    if not isinstance(player["won"], bool):
        raise Refused(f"A player of game {n} of this record has no true or false for won.")
    if player["score"] is not None and not is_int(player["score"], -BIGGEST):
        raise Refused(f"A player of game {n} of this record has a score that is not a whole "
                      "number, nor empty.")


def is_int(value: Any, least: int) -> bool:
    """A whole number (true and false are not) from ``least`` to what SQLite keeps whole."""
    return type(value) is int and least <= value < BIGGEST


def short_text(value: Any, longest: int) -> bool:
    return isinstance(value, str) and 1 <= len(value.strip()) and len(value) <= longest


def is_time(value: Any) -> bool:
    """A local time as the record writes it: "2026-12-02 21:40:12" (so its order is time's)."""
    if not isinstance(value, str) or not FINISHED.fullmatch(value):
        return False
    try:
        datetime.strptime(value, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return False
    return True
