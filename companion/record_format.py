"""The night's record as a file holds it (version 1): what a game of the record is, checked
whole. An import checks every game before the first is written, and the record read back from
the database is checked game by game, so a game that is not well formed (a file from elsewhere,
a database edited by hand or written before these checks) is refused with a sentence, never
drawn or counted.

Names and titles are checked as the door checks a seat's name (no control, format or invisible
character, no bidi override, at most 24 letters for a name), and each game's ``details``: the
project's own games' as they write them (Castle Party's score sheets, a jury's count,
Robinson's round), any other game's as plain JSON within bounds (``check_plain``).
"""
from __future__ import annotations

import json
import math
import re
import unicodedata
from datetime import datetime
from functools import lru_cache
from typing import Any

from rules import TABLE

from . import games
from .codes import CODE_LENGTH, CODE_LETTERS
from .errors import Refused
from .names import INVISIBLE, NAME_MAX, REFUSED_CATEGORIES, clean_name, look_alike

FORMAT = "table-companion-record"
VERSION = 1
GAME_KEYS = {"room", "game", "title", "finished", "summary", "details", "players"}
PLAYER_KEYS = {"player", "seat", "place", "won", "score"}
PLAYER_KEYS_WITH_ID = PLAYER_KEYS | {"player_id"}
PLAYER_ID = re.compile(r"[0-9a-f]{32}")  # a phone's player across nights (optional key)
MOST_GAMES = 1000  # years of game nights; more is not a record of this table
MOST_BYTES = 10 * 1024 * 1024
TITLE_LONGEST = 80
SUMMARY_LONGEST = 1000
SHEET_LONGEST = 64  # lines of a score sheet (Castle Party's has 16 or so)
BIGGEST = 2 ** 62  # a number SQLite keeps as an integer
# any other game's details: plain JSON (objects, lists, text, numbers, true, false, null) at
# most this deep, with at most this many values and bytes, text as a summary's
DETAILS_DEEPEST = 8
DETAILS_MOST = 2000
DETAILS_BYTES = 64 * 1024
CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}")
FINISHED = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", re.ASCII)


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
        check_game(f"Game {n} of this record", game)
        if game["room"] in rooms:
            raise Refused(f"This record has room {game['room']} twice.")
        rooms.add(game["room"])
    return found


def check_game(which: str, game: Any) -> None:
    """The game (``which`` names it in a refusal: "Game 3 of this record") has exactly the keys
    of version 1, each of its type and within its range."""
    if not isinstance(game, dict) or set(game) != GAME_KEYS:
        raise Refused(f"{which} is not well formed: a game has the keys "
                      f"{', '.join(sorted(GAME_KEYS))}.")
    if not isinstance(game["room"], str) or not CODE.fullmatch(game["room"]):
        raise Refused(f"{which} has no room code of four letters.")
    if game["game"] not in games.REGISTRY:
        raise Refused(f"{which} is of a game this companion does not know.")
    check_text(which, "title", game["title"], TITLE_LONGEST)
    if not is_time(game["finished"]):
        raise Refused(f"{which} has no time it finished (like 2026-12-02 21:40:12).")
    check_text(which, "summary", game["summary"], SUMMARY_LONGEST)
    players = game["players"]
    if not isinstance(players, list) or not players:
        raise Refused(f"{which} has no list of players.")
    for player in players:
        check_player(which, player)
    if len({p["player"].casefold() for p in players}) < len(players) or \
            len({p["seat"] for p in players}) < len(players):
        raise Refused(f"{which} has a player or a seat twice.")
    check_details(which, game["game"], game["details"], {p["player"] for p in players})


def check_player(which: str, player: Any) -> None:
    """A player of a game: a name, a seat, a place (1 is first, or none), won, a score or none.
    (Read for every player of every game when the record is drawn: the sentences are only
    made for a refusal.)"""
    if not isinstance(player, dict) or (player.keys() != PLAYER_KEYS and
                                        player.keys() != PLAYER_KEYS_WITH_ID):
        raise Refused(f"A player of {which.lower()} is not well formed: a player has the keys "
                      f"{', '.join(sorted(PLAYER_KEYS))} (and maybe player_id).")
    seat, place, score = player["seat"], player["place"], player["score"]
    if not is_int(seat, 0):
        raise Refused(f"A player of {which.lower()} has no seat number.")
    check_name(which, seat, player["player"])
    problem = (
        "a player_id that is not 32 hexadecimal digits" if "player_id" in player and not (
            isinstance(player["player_id"], str) and PLAYER_ID.fullmatch(player["player_id"]))
        else "a place that is not 1, 2, 3 and so on, nor empty"
        if place is not None and not is_int(place, 1)
        else "no true or false for won" if type(player["won"]) is not bool
        else "a score that is not a whole number, nor empty"
        if score is not None and not is_int(score, -BIGGEST)
        else None)
    if problem:
        raise Refused(f"{which}: the player in seat {seat} has {problem}.")


# --- each game's details, as its rules write them --------------------------------------------
def check_details(which: str, game: str, details: Any, names: set[str]) -> None:
    """The game's details hold only what its rules write, each of its shape: a chart or a count
    drawn from them at the table must never meet text where a number goes."""
    if not isinstance(details, dict):
        raise Refused(f"{which} has details that are not an object.")
    check = DETAILS.get(game, _plain)
    check(which, details, names)


def recordable_details(game: str, details: Any, names: set[str]) -> tuple[dict, str | None]:
    """What the record keeps of the details a game's ``Outcome`` gives: the details as JSON
    reads them back, or, when they are not what the record takes, none and the sentence why
    (the result, its places and its winners are kept all the same)."""
    try:
        kept = json.loads(json.dumps(details, sort_keys=True))
        check_details("This game's result", game, kept, names)
    except Refused as e:
        return {}, str(e)
    except (TypeError, ValueError, RecursionError) as e:
        return {}, f"This game's result has details that are not plain JSON ({e})."
    return kept, None


def _plain(which: str, details: dict, names: set[str]) -> None:
    """Any game but the project's own: plain JSON within the bounds above (the Tonight
    screen lists it, ``views.night.details_lines``, unless the game draws its own card)."""
    count = 0
    stack = [(details, 1)]
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > DETAILS_MOST:
            raise Refused(f"{which} has over {DETAILS_MOST} values in its details.")
        if depth > DETAILS_DEEPEST:
            raise Refused(f"{which} has details nested over {DETAILS_DEEPEST} deep.")
        if isinstance(value, dict):
            for key, inner in value.items():
                check_text(which, "name in its details", key, TITLE_LONGEST)
                stack.append((inner, depth + 1))
        elif isinstance(value, list):
            stack.extend((inner, depth + 1) for inner in value)
        elif isinstance(value, str):
            if value:
                check_text(which, "text in its details", value, SUMMARY_LONGEST)
        elif type(value) is float:
            if not math.isfinite(value):
                raise Refused(f"{which} has a number in its details that JSON cannot write.")
        elif not (value is None or type(value) is bool or is_int(value, -BIGGEST)):
            raise Refused(f"{which} has details that are not plain JSON (objects, lists, "
                          "text, numbers, true, false, null).")
    if len(json.dumps(details)) > DETAILS_BYTES:
        raise Refused(f"{which} has details over {DETAILS_BYTES // 1024} KB.")


def _no_details(which: str, details: dict, names: set[str]) -> None:
    if details:
        raise Refused(f"{which} has details its game does not write.")


def _keys(which: str, details: dict, allowed: set[str]) -> None:
    if set(details) - allowed:
        raise Refused(f"{which} has details its game does not write (it writes "
                      f"{', '.join(sorted(allowed))}).")


def _score_sheets(which: str, details: dict, names: set[str]) -> None:
    """Castle Party: {"sheets": {player: [[category, points], ...]}}, a sheet per player."""
    _keys(which, details, {"sheets"})
    sheets = details.get("sheets", {})
    if not isinstance(sheets, dict) or set(sheets) - names:
        raise Refused(f"{which} has score sheets that are not one per player of the game.")
    for name, lines in sheets.items():
        if not isinstance(lines, list) or len(lines) > SHEET_LONGEST or not all(
                isinstance(row, list) and len(row) == 2 and is_int(row[1], -BIGGEST)
                for row in lines):
            raise Refused(f"{which} has a score sheet that is not lines of a category and a "
                          "whole number of points.")
        for label, _ in lines:
            check_text(which, "category on a score sheet", label, TITLE_LONGEST)


def _jury(which: str, details: dict, names: set[str]) -> None:
    """Survivor, Castaways: {"finalists": [name, ...], "jury_votes": {finalist: count}}, the
    count numbers per finalist only: a record never links a voter to a choice."""
    _keys(which, details, {"finalists", "jury_votes"})
    finalists = details.get("finalists", [])
    if not isinstance(finalists, list) or not all(
            isinstance(f, str) and f in names for f in finalists) \
            or len(set(finalists)) < len(finalists):
        raise Refused(f"{which} has finalists who are not players of the game.")
    votes = details.get("jury_votes", {})
    if not isinstance(votes, dict) or not all(
            is_int(v, 0) and (not finalists or k in finalists) and k in names
            for k, v in votes.items()):
        raise Refused(f"{which} has a jury's count that is not a number for each finalist.")


def _expedition(which: str, details: dict, names: set[str]) -> None:
    """Robinson: {"result": "victory" or "defeat", "round": n, "scenario": n}."""
    _keys(which, details, {"result", "round", "scenario"})
    if details.get("result", "victory") not in ("victory", "defeat"):
        raise Refused(f"{which} has a result that is neither victory nor defeat.")
    if not all(is_int(details.get(k, 1), 0) for k in ("round", "scenario")):
        raise Refused(f"{which} has a round or a scenario that is not a whole number.")


# the project's own games' details, of the shapes their rules write (any other game's: _plain)
DETAILS = {"castle_party": _score_sheets, "survivor": _jury, "castaways": _jury,
           "robinson": _expedition, "table_vote": _no_details}


# --- strings and numbers -----------------------------------------------------------------------
def check_name(which: str, seat: int, value: Any) -> None:
    """The name of the player in ``seat``, as the door would let a seat be called."""
    problem = name_problem(value) if isinstance(value, str) else "is not text"
    if problem:
        raise Refused(f"{which}: the player in seat {seat} has a name that {problem}.")


def check_text(which: str, field: str, value: Any, longest: int) -> None:
    """A title, a summary, a score sheet's line: text with nothing hidden in it."""
    problem = text_problem(value, longest) if isinstance(value, str) else "is not text"
    if problem:
        raise Refused(f"{which} has a {field} that {problem}.")


@lru_cache(maxsize=8192)  # a club's names come back in every game of a big record
def name_problem(value: str) -> str | None:
    problem = text_problem(value, NAME_MAX)
    if problem:
        return problem
    try:
        shown = clean_name(value)
    except Refused:
        return "has no letter everyone can see"
    if shown != value:
        return "is not written as a seat's name is (single spaces, composed accents)"
    if value.casefold() == TABLE or look_alike(value, [TABLE]):
        return "belongs to the table screen"
    return None


@lru_cache(maxsize=8192)
def text_problem(value: str, longest: int) -> str | None:
    """What is wrong with the text, said after its field ("a title that ..."), or None."""
    if not value.strip():
        return "is empty"
    if len(value) > longest:
        return f"is over {longest} letters"
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES or ch in INVISIBLE for ch in value):
        return "has a hidden or control character in it (a tab, a line break, a direction mark)"
    return None


def is_int(value: Any, least: int) -> bool:
    """A whole number (true and false are not) from ``least`` to what SQLite keeps whole."""
    return type(value) is int and least <= value < BIGGEST


def is_time(value: Any) -> bool:
    """A local time as the record writes it: "2026-12-02 21:40:12" (so its order is time's)."""
    if not isinstance(value, str) or not FINISHED.fullmatch(value):
        return False
    try:
        datetime.strptime(value, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return False
    return True
