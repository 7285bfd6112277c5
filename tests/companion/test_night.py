"""A whole night (issue 18, first step): every finished game writes its result beside the rest,
an undo takes it back, a vote's record keeps numbers only, and "Play again" seats the same
players in the next room with the passes their phones already hold."""
from __future__ import annotations

import json
import sqlite3

import pytest

from companion.games import plays as plays_for
from companion.night import night_of
from companion.rooms import TableService
from companion.store import Store
from testsupport.nights import GAMES, finished_play, phone_keys, play_through


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
    assert code in [g.room for g in svc.tonight().games] and svc.across_nights().records
    svc.undo(svc.host_key, code)
    assert svc.outcome(code) is None and svc.result(code) is None
    # the screens' reads of the record follow at once, as a refusal leaves them unchanged
    assert code not in [g.room for g in svc.tonight().games]
    assert svc.across_nights().records == ()


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


def test_a_rename_on_the_phone_keeps_the_history(svc):
    players = plays_for("robinson")(0).players
    phones = phone_keys()
    first, _ = finished_play(svc, "robinson", phones)
    first_players = [p.player for p in svc.result(first).players]
    renamed = {first_players[0]: first_players[0] + " B."}
    again, _ = finished_play(svc, "robinson", phones, renamed)
    assert svc.result(again).players[0].player == first_players[0] + " B."
    history = svc.across_nights(game="robinson")
    mine = [r for r in history.records if r.player == first_players[0] + " B."]
    assert [r.plays for r in mine] == [2, 2]  # all games, then Robinson: both nights' plays
    assert first_players[0] not in {name for _, name in history.players}
    assert players  # the contract's names


def test_players_without_a_phone_of_their_own_are_told_apart_by_name(svc):
    first, _ = finished_play(svc, "castle_party")
    again, _ = finished_play(svc, "castle_party")
    names = {p.player for g in (first, again) for p in svc.result(g).players}
    history = svc.across_nights()
    totals = {r.player: r.plays for r in history.records if r.game == ""}
    for name in names:
        assert totals[name] == sum(p.player == name for g in (first, again)
                                   for p in svc.result(g).players)


def test_history_counts_plays_wins_best_and_average_score_per_player_and_game(svc):
    codes = [finished_play(svc, "castle_party")[0], finished_play(svc, "survivor")[0],
             finished_play(svc, "castle_party")[0]]
    history = svc.across_nights()
    for record in history.records:
        played = [(g, p) for g in map(svc.result, codes) for p in g.players
                  if p.player == record.player and record.game in ("", g.game)]
        assert record.plays == len(played)
        assert record.wins == sum(p.won for _, p in played)
        scores = [p.score for _, p in played if p.score is not None]
        assert record.best == (max(scores) if scores else None)
        assert record.average == (round(sum(scores) / len(scores), 1) if scores else None)
        assert record.last_night == max(night_of(g.finished) for g, _ in played)
    only = svc.across_nights(game="survivor")
    assert {r.game for r in only.records} == {"", "survivor"}
    assert all(r.plays == 1 for r in only.records)
    who, name = history.players[0]
    assert {r.player for r in svc.across_nights(who=who).records} == {name}
    assert svc.across_nights(who="nobody").records == ()
    # best first: the most wins in all games heads the list
    totals = [r for r in history.records if r.game == ""]
    assert [r.wins for r in totals] == sorted((r.wins for r in totals), reverse=True)


def test_the_phone_hears_its_own_night_under_its_new_name(svc):
    phones = phone_keys()
    first, _ = finished_play(svc, "robinson", phones)
    name = svc.result(first).players[0].player
    code = svc.create_room(svc.host_key, "castle_party")
    seat, _ = svc.join(code, name + " B.", None, None, phones[name])
    mine = svc.standing_of(code, seat.id)
    assert (mine.player, mine.played) == (name, 1)  # the name the record knows them by so far
    stranger, _ = svc.join(code, "Zed")
    assert svc.standing_of(code, stranger.id) is None


def test_a_player_key_that_is_not_one_of_ours_makes_no_player(svc):
    code = svc.create_room(svc.host_key, "table_vote")  # open to any number of players
    for n, key in enumerate(("", "short", "x" * 65, "bad key with spaces!!", 42, ["k"] * 20)):
        svc.join(code, f"P{n}", None, None, key)
    assert {r["player"] for r in svc.store.rows("SELECT player FROM seats")} == {None}


# --- "Play again" starts from the same setup; a record's rooms are not games ----------------
def test_play_again_suggests_the_setup_the_finished_game_started_with(db_path, svc, host,
                                                                      refused):
    code, _ = finished_play(svc, "robinson")
    options = json.loads(svc.store.one("SELECT options FROM rooms WHERE code = ?",
                                       (code,))["options"])
    again = svc.play_again(host, code)
    assert svc.suggested_options(host, again) == options  # the same game, the same setup
    for credential in (None, "", host + "x", "a seat pass"):
        refused(svc.suggested_options, credential, again, match="table screen")
    svc.store.close()
    restarted = TableService(Store(db_path))
    assert restarted.suggested_options(host, again) == options
    restarted.start(host, again, {})  # only the table's Start plays options: here, none
    assert restarted.suggested_options(host, again) == {}
    assert json.loads(restarted.store.one("SELECT options FROM rooms WHERE code = ?",
                                          (again,))["options"]) == {}


def test_another_game_starts_from_an_empty_setup(svc, host):
    code, _ = finished_play(svc, "robinson")
    other = svc.play_again(host, code, "castle_party")
    assert svc.suggested_options(host, other) == {}


def test_a_room_from_an_imported_record_is_not_resumed_nor_played_again(svc, host, refused):
    code, _ = finished_play(svc, "castle_party")
    other = TableService(Store(svc.store.path.parent / "other.db"))
    assert other.import_json(other.host_key, svc.export_json(host)) == 1
    assert other.room(code).imported and not svc.room(code).imported
    refused(other.resume_room, other.host_key, code, match="imported record")
    refused(other.play_again, other.host_key, code, match="imported record")
