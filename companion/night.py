"""A whole night at the table: each finished game's result kept, and read back as tonight's
standings and every night's records.

A result is written in the same transaction as the move that ended the game (and taken out
again by an undo of it), from the rules' ``Outcome``: who placed where, who won, the scores,
and the game's details (a score sheet, the round, a jury's count: numbers only, never who
voted for whom). "Play again", the next room with the same seats, is again.py.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any, Mapping

from rules import Outcome

from . import games
from .codes import normalize_code
from .errors import Refused
from .record_format import (TITLE_LONGEST, check_game, is_time, recordable_details,
                            text_problem)
from .room import Rooms
from .store import Store, dumps, loads

log = logging.getLogger(__name__)

UNREADABLE = "This game's record could not be read."


@dataclass(frozen=True)
class PlayerResult:
    player: str
    seat: int  # the place at the table, clockwise from 0
    place: int | None  # 1 is first; None where the game gives no places (co-operative)
    won: bool
    score: int | None
    player_id: str | None = None  # who this is across nights (seats.player), if known


@dataclass(frozen=True)
class GameResult:
    """One finished game of the night's record."""

    room: str
    game: str  # the registry key
    title: str
    finished: str  # local time, "2026-12-02 21:40:12"
    summary: str
    details: Mapping[str, Any]
    players: tuple[PlayerResult, ...]
    # a stored game that is not of the record's format (a database edited by hand, or written
    # before imports were checked): said in its own row, never drawn nor counted
    unreadable: bool = False

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.player for p in self.players if p.won)


@dataclass(frozen=True)
class Standing:
    player: str  # the name they go by now
    played: int
    won: int
    who: str = ""  # the same player under every name (see ``who_is``)


@dataclass(frozen=True)
class Night:
    evening: str  # "2026-12-02": the date the evening began
    games: tuple[GameResult, ...]  # in the order they finished
    standings: tuple[Standing, ...]  # most wins first (then fewer games played)


@dataclass(frozen=True)
class PlayerRecord:
    """One player at one game, over every night recorded (``game`` "" for all their games)."""

    player: str  # the name they go by now
    who: str
    game: str  # the registry key
    title: str
    plays: int
    wins: int
    best: int | None  # scores, where the game has scores
    average: float | None
    last_night: str  # "2026-12-02": the evening they last played it


@dataclass(frozen=True)
class History:
    """Every night's games per player and per game (``across_nights()``), and the filters."""

    records: tuple[PlayerRecord, ...]  # per player (best first), then per game
    players: tuple[tuple[str, str], ...]  # (who, name) of everyone in the record
    games: tuple[tuple[str, str], ...]  # (key, title) of every game in the record


def who_is(results: list[GameResult]):
    """Who each player of the record is, whatever name they played under: a phone's player
    is their player id (a rename keeps the history); a player with no phone of their own (a
    shared device, an imported record) is the player of that id who last went by that name,
    or else that name. Returns (who(player_result) -> key, name_of: key -> latest name)."""
    latest: dict[str, str] = {}
    for game in results:  # in the order they finished: the last name wins
        for p in game.players:
            if p.player_id:
                latest[p.player_id] = p.player
    by_name: dict[str, str | None] = {}
    for pid, name in latest.items():
        by_name[name.casefold()] = None if name.casefold() in by_name else pid  # two: neither

    def who(p: PlayerResult) -> str:
        return p.player_id or by_name.get(p.player.casefold()) or "name:" + p.player.casefold()

    name_of: dict[str, str] = {}
    for game in results:
        for p in game.players:
            name_of[who(p)] = p.player
    return who, name_of


@lru_cache(maxsize=4096)
def night_of(finished: str) -> str:
    """The evening a time belongs to: 01:30 on the 3rd is the night of the 2nd."""
    moment = datetime.strptime(finished, "%Y-%m-%d %H:%M:%S") - timedelta(hours=6)
    return moment.strftime("%Y-%m-%d")


class Results:
    """The night's record: each finished game's result, kept as its game comes out, and what
    is read from it (tonight's standings, every night's records)."""

    def __init__(self, store: Store, rooms: Rooms) -> None:
        self.store = store
        self.rooms = rooms
        # what was read of the record, until a commit changes it (``_record_read``), and each
        # game as last read and checked (``results``)
        self._record_memo: dict[Any, Any] = {}
        self._games_read: dict[tuple, GameResult] = {}

    # --- the record ----------------------------------------------------------------------
    def sync(self, db, code: str, outcome: Outcome | None) -> None:
        """Inside a move's (or an undo's) transaction: the room's result follows its game (a
        move after the end, an undo and its redo, keep the time it first finished)."""
        before = list(db.query("SELECT finished FROM results WHERE room = ?", (code,)))
        if before or outcome is not None:
            self.store.touch_record()
        db.execute("DELETE FROM result_players WHERE room = ?", (code,))
        if outcome is None:
            db.execute("DELETE FROM results WHERE room = ?", (code,))
            return
        room = self.rooms.room(code)
        details, problem = recordable_details(room.game_key, outcome.details,
                                              {p.player for p in outcome.placings})
        if problem:  # the result is kept without them: its places and winners still count
            log.error("Room %s (%s): %s They are left out of the record.", code,
                      room.game_key, problem)
        row = {"room": code, "game": room.game_key, "title": room.title,
               "finished": before[0]["finished"] if before
               else time.strftime("%Y-%m-%d %H:%M:%S"),
               "summary": outcome.summary, "details": dumps(details)}
        # Updated in place, so the row keeps its rowid: two games finished within the same
        # second stay in the order they finished (results() orders by finished, then rowid).
        db["results"].upsert(row, pk="room")
        ids = {r["name"]: r["player"] for r in db.query(
            "SELECT name, player FROM seats WHERE room = ?", (code,))}
        for seat, p in enumerate(outcome.placings):
            db["result_players"].insert({"room": code, "player": p.player, "seat": seat,
                                         "place": p.place, "won": int(p.won),
                                         "score": p.score, "player_id": ids.get(p.player)})

    def results(self) -> list[GameResult]:
        """Every finished game at this table, in the order they finished, each checked as an
        import is (a game that is not well formed comes back ``unreadable``). Read as plain
        rows, in two queries: a record can hold 100,000 players' results; a game whose rows
        are as they were when last read is not checked again."""
        def read():
            players: dict[str, list[tuple]] = {}
            for room, *row in self.store.tuples(
                    "SELECT room, player, seat, place, won, score, player_id FROM result_players"
                    " ORDER BY room, seat"):
                players.setdefault(room, []).append(tuple(row))
            before = self._games_read
            now = {}
            for row in self.store.tuples("SELECT room, game, title, finished, summary, details"
                                         " FROM results ORDER BY finished, rowid"):
                rows = (row, tuple(players.get(row[0], ())))
                now[rows] = before.get(rows) or stored_game(
                    row, [stored_player(*p) for p in rows[1]])
            self._games_read = now
            return list(now.values())
        return self._record_read(("results",), read)

    def _record_read(self, key: tuple, read):
        """What is read from the night's record, kept until a commit changes the record (not
        while a transaction is open: it may be rolled back)."""
        if self.store.writing:
            return read()
        memo = self._record_memo
        if memo.get("generation") != self.store.record_generation:
            memo.clear()
            memo["generation"] = self.store.record_generation
        if key not in memo:
            memo[key] = read()
        return memo[key]

    def player_colours(self) -> dict[str, int]:
        """Each player's colour at the table, by name: that of their latest seat."""
        return self.rooms.cached(("player colours",), lambda: {
            r["name"]: r["colour"] for r in self.store.rows(
                "SELECT seats.name, seats.colour FROM seats JOIN rooms ON rooms.code = seats.room"
                " ORDER BY rooms.created, rooms.rowid")})

    def tonight(self) -> Night:
        """The last night's games and standings: a night is an evening, so a game finished
        after midnight (before 6 in the morning) still belongs to the evening before."""
        return self._record_read(("tonight",), self._tonight)

    def _tonight(self) -> Night:
        results = self.results()
        if not results:
            return Night("", (), ())
        evening = next((night_of(r.finished) for r in reversed(results) if r.finished), "")
        # an unreadable game is said on the night it finished, or tonight when that is unknown
        games_tonight = tuple(r for r in results if (night_of(r.finished) if r.finished
                                                     else evening) == evening)
        who, name_of = who_is(results)
        standing: dict[str, list[int]] = {}
        for r in games_tonight:
            for p in r.players:
                played_won = standing.setdefault(who(p), [0, 0])
                played_won[0] += 1
                played_won[1] += int(p.won)
        order = sorted(standing, key=lambda k: (-standing[k][1], standing[k][0], name_of[k]))
        return Night(evening, games_tonight, tuple(
            Standing(name_of[k], standing[k][0], standing[k][1], k) for k in order))

    def standing_of(self, code: str, seat_id: str) -> Standing | None:
        """A seat's player's night so far (their phone says it to them)."""
        code = normalize_code(code)
        seat = self.rooms.cached(("seats' players", code), lambda: {  # one read for every phone
            r["id"]: r for r in self.store.rows(
                "SELECT id, name, player FROM seats WHERE room = ?", (code,))}).get(seat_id)
        if seat is None:
            return None
        # once per record, not per phone: a big record has 100,000 players' results
        who, _ = self._record_read(("who is",), lambda: who_is(self.results()))
        me = who(PlayerResult(seat["name"], 0, None, False, None, seat["player"]))
        return next((s for s in self.tonight().standings if s.who == me), None)

    def across_nights(self, game: str | None = None, who: str | None = None) -> History:
        """Across every night: per player, their plays, wins, best and average score and the
        last night they played, for all their games and for each game; ``game`` and ``who``
        (a key of ``History.players``) keep only that game's or that player's."""
        return self._record_read(("across nights", game, who),
                                 lambda: _history(self.results(), game, who))

    def result(self, code: str) -> GameResult | None:
        code = normalize_code(code)
        return next((r for r in self.results() if r.room == code), None)


def stored_player(player, seat, place, won, score, player_id) -> dict[str, Any]:
    """A player of a stored game, as the record's format writes one (to be checked)."""
    out = {"player": player, "seat": seat, "place": place,
           "won": {0: False, 1: True}.get(won, won), "score": score}
    if player_id is not None:
        out["player_id"] = player_id
    return out


def stored_game(row: tuple, players: list[dict[str, Any]]) -> GameResult:
    """A stored game, checked as an import is: one not well formed comes back unreadable,
    keeping only what can still be said of it (its room, title and time)."""
    room, game, title, finished, summary, details = row
    try:
        record = {"room": room, "game": game, "title": title, "finished": finished,
                  "summary": summary, "details": loads(details), "players": players}
        check_game(f"The game of room {room}", record)
    except (Refused, ValueError, TypeError):
        return GameResult(str(room), game if game in games.REGISTRY else "",
                          title if isinstance(title, str) and not text_problem(title, TITLE_LONGEST)
                          else "",
                          finished if is_time(finished) else "", "", {}, (), unreadable=True)
    return GameResult(room, game, title, finished, summary, record["details"],
                      tuple(PlayerResult(**p) for p in players))  # (the format's keys)


@dataclass(slots=True)
class _Tally:
    """One player's games (at one game, or all): added up as the record is read once."""

    plays: int = 0
    wins: int = 0
    total: int = 0  # of the scores, where the game has scores
    scored: int = 0
    best: int | None = None
    latest: str = ""  # when they last played it

    def add(self, finished: str, p: PlayerResult) -> None:
        self.plays += 1
        self.wins += p.won
        if p.score is not None:
            self.total += p.score
            self.scored += 1
            self.best = p.score if self.best is None else max(self.best, p.score)
        self.latest = finished  # the record comes in the order the games finished


def _history(results: list[GameResult], game: str | None, who_only: str | None) -> History:
    results = [r for r in results if not r.unreadable]
    who, name_of = who_is(results)
    titles = {r.game: r.title for r in results}
    tallies: dict[tuple[str, str], _Tally] = {}
    for r in results:
        if game and r.game != game:
            continue
        for p in r.players:
            key = who(p)
            if who_only and key != who_only:
                continue
            tallies.setdefault((key, r.game), _Tally()).add(r.finished, p)
            tallies.setdefault((key, ""), _Tally()).add(r.finished, p)

    def record(key: str, game_key: str) -> PlayerRecord:
        t = tallies[(key, game_key)]
        return PlayerRecord(
            name_of[key], key, game_key, titles.get(game_key, "All games"), t.plays, t.wins,
            t.best, round(t.total / t.scored, 1) if t.scored else None,
            night_of(t.latest))  # the evening of the latest

    totals = sorted((record(k, g) for k, g in tallies if g == ""),
                    key=lambda t: (-t.wins, -t.plays, t.player.casefold()))
    out: list[PlayerRecord] = []
    for total in totals:
        out.append(total)
        out += sorted((record(k, g) for k, g in tallies if k == total.who and g),
                      key=lambda t: (-t.plays, t.title))
    players = sorted(name_of.items(), key=lambda kn: kn[1].casefold())
    return History(tuple(out), tuple(players), tuple(sorted(titles.items(), key=lambda kv: kv[1])))
