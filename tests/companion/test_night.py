"""A whole night (issue 18, first step): every finished game writes its result beside the rest,
an undo takes it back, a vote's record keeps numbers only, and "Play again" seats the same
players in the next room with the passes their phones already hold."""
from __future__ import annotations

import json
import random
import sqlite3
import sys
from pathlib import Path

import pytest

from companion.errors import Refused
from companion.rooms import TableService
from companion.store import Store
from rules import TABLE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from contract_plays import play_vote, plays_for  # noqa: E402

# Castaways' contract plays never reach the Final Outcast Tribunal: its Outcome is tested in
# tests/rules/test_outcomes.py from a whole game played move by move
GAMES = ("survivor", "robinson", "castle_party")


def play_through(svc, key: str, seed: int):
    """A contract play of ``key`` replayed through the companion, ballots and all."""
    play = plays_for(key)(seed)
    code = svc.create_room(svc.host_key, key)
    tokens = {name: svc.join(code, name)[1] for name in play.players}
    svc.start(svc.host_key, code, play.options)
    rng = random.Random(seed)
    for action in play.actions:
        if action.move == "vote_result":
            continue
        credential = svc.host_key if action.actor == TABLE else tokens.get(action.actor)
        try:
            svc.act(code, credential, action.move, dict(action.args))
        except Refused:
            continue
        play_vote(svc, code, rng)
    return code, tokens


def finished_play(svc, key: str):
    for seed in range(12):
        code, tokens = play_through(svc, key, seed)
        if svc.outcome(code) is not None:
            return code, tokens
    raise AssertionError(f"no contract play of {key} reaches the end in 12 seeds")


@pytest.mark.parametrize("key", GAMES)
def test_every_finished_game_writes_its_result(svc, key):
    code, _ = finished_play(svc, key)
    outcome = svc.outcome(code)
    result = svc.result(code)
    assert result is not None and result.game == key
    assert result.summary == outcome.summary and result.summary.endswith((".", "!"))
    assert [p.player for p in result.players] == list(svc.room(code).players)
    assert result.winners == outcome.winners
    if key == "robinson":  # co-operative: all win or all lose, no places
        assert {p.won for p in result.players} in ({True}, {False})
        assert all(p.place is None for p in result.players)
    else:
        assert len(result.winners) >= 1
        assert all(p.place == 1 for p in result.players if p.won)
        assert sorted(p.place for p in result.players)[0] == 1


def test_castle_party_keeps_each_score_sheet_and_total(svc):
    """"The player with the highest Final Score wins": scores, places and the breakdown."""
    code, _ = finished_play(svc, "castle_party")
    result = svc.result(code)
    scores = {p.player: p.score for p in result.players}
    best = max(scores.values())
    assert set(result.winners) == {p for p, s in scores.items() if s == best}
    for p in result.players:
        assert p.place == 1 + sum(1 for s in scores.values() if s > p.score)
        sheet = result.details["sheets"][p.player]
        assert sum(points for _, points in sheet) == p.score


def test_an_undo_of_the_last_move_takes_the_result_back(svc):
    code, _ = finished_play(svc, "robinson")
    assert svc.result(code) is not None
    svc.undo(svc.host_key, code)
    assert svc.outcome(code) is None and svc.result(code) is None


def test_a_jury_vote_is_recorded_as_numbers_only(svc, db_path):
    """No table of the record links a voter to a choice: the jury's count is per finalist."""
    code, _ = finished_play(svc, "survivor")
    result = svc.result(code)
    votes = result.details["jury_votes"]
    assert set(votes) <= set(result.details["finalists"])
    assert all(isinstance(n, int) for n in votes.values())
    conn = sqlite3.connect(db_path)
    rows = conn.execute("SELECT * FROM results").fetchall() + \
        conn.execute("SELECT * FROM result_players").fetchall()
    columns = {d[1] for t in ("results", "result_players")
               for d in conn.execute(f"PRAGMA table_info({t})")}
    conn.close()
    assert not columns & {"voter", "choice", "ballot"}
    finalists = set(result.details["finalists"])
    for row in rows:
        for cell in row:
            if isinstance(cell, str) and cell.startswith("{"):
                data = json.loads(cell)
                for k, v in data.get("jury_votes", {}).items():
                    assert k in finalists and isinstance(v, int)


def test_play_again_seats_the_same_players_with_the_passes_they_hold(svc, host):
    code, tokens = finished_play(svc, "castle_party")
    before = svc.seats(code)
    new = svc.play_again(host, code)
    assert new != code
    assert svc.room(code).ended and svc.room(code).next_room == new
    room = svc.room(new)
    assert room.game_key == "castle_party" and not room.started and room.next_room is None
    after = svc.seats(new)
    assert [(s.name, s.position, s.colour) for s in after] == \
        [(s.name, s.position, s.colour) for s in before]
    for name, token in tokens.items():  # each phone's pass works in the new room
        assert svc.seat_by_token(new, token).name == name
    svc.start(host, new)
    assert svc.room(new).players == svc.room(code).players


def test_another_game_takes_the_same_players_to_another_game(svc, host):
    code, tokens = finished_play(svc, "castle_party")
    new = svc.play_again(host, code, "survivor")
    assert svc.room(new).game_key == "survivor"
    assert [s.name for s in svc.seats(new)] == list(svc.room(code).players)


def test_a_table_vote_moves_on_to_the_game_it_chose(svc, host, table):
    new = svc.play_again(host, table.code, "castle_party")
    assert [s.name for s in svc.seats(new)] == list(table.names)


def test_play_again_waits_for_the_end_and_happens_once(svc, host, refused):
    code = svc.create_room(host, "survivor")
    for name in ("Ana", "Bruno", "Cid"):
        svc.join(code, name)
    refused(svc.play_again, host, code, match="not started")
    svc.start(host, code)
    refused(svc.play_again, host, code, match="still being played")
    refused(svc.play_again, host, code, "chess", match="no such game")
    svc.end_room(host, code)  # the table leaves it unfinished
    new = svc.play_again(host, code)
    refused(svc.play_again, host, code, match="moved on to room " + new)


def test_only_the_table_screen_plays_again(svc, host, table, refused):
    for credential in (table.tokens["Ann"], None, "", host + "x"):
        refused(svc.play_again, credential, table.code, "castle_party", match="table screen")


def test_a_restart_keeps_the_record_and_where_the_table_moved_on(db_path, svc, host):
    code, _ = finished_play(svc, "robinson")
    new = svc.play_again(host, code)
    summary = svc.result(code).summary
    svc.store.close()
    again = TableService(Store(db_path))
    assert again.result(code).summary == summary
    assert again.room(code).next_room == new


def test_games_finished_within_one_second_keep_the_order_they_finished(svc, monkeypatch):
    # The record's clock reads seconds: three quick games share one, and the night must
    # still list them in the order they ended (not by their room codes).
    import companion.night
    real = companion.night.time.strftime
    monkeypatch.setattr(companion.night.time, "strftime",
                        lambda fmt, *when: real(fmt, *when) if when else "2026-12-02 21:00:00")
    codes = [play_through(svc, "castle_party", seed)[0] for seed in (0, 1, 2)]
    assert [g.room for g in svc.results()] == codes
    assert [g.room for g in svc.tonight().games] == codes


def test_tonight_counts_each_players_games_and_wins_of_this_evening_only(svc, host):
    first, _ = finished_play(svc, "robinson")
    second = svc.play_again(host, first, "castle_party")
    code, _ = play_through(svc, "castle_party", 0)
    results = [svc.result(first), svc.result(code)]
    assert all(results)
    night = svc.tonight()
    assert [g.room for g in night.games] == [first, code]
    want = {}
    for r in results:
        for p in r.players:
            played, won = want.get(p.player, (0, 0))
            want[p.player] = (played + 1, won + int(p.won))
    assert {s.player: (s.played, s.won) for s in night.standings} == want
    wins = [s.won for s in night.standings]
    assert wins == sorted(wins, reverse=True)
    assert second  # (the room played again is empty: it has no result)


def test_a_game_after_midnight_belongs_to_the_evening_before():
    from companion.night import night_of

    assert night_of("2026-12-03 01:30:00") == "2026-12-02"
    assert night_of("2026-12-02 19:00:00") == "2026-12-02"
    assert night_of("2026-12-03 07:00:00") == "2026-12-03"


def test_a_room_resumed_after_play_again_keeps_its_phones(svc, host):
    code, tokens = finished_play(svc, "robinson")
    svc.play_again(host, code)
    svc.resume_room(host, code)
    assert svc.room(code).next_room is None and not svc.room(code).ended
