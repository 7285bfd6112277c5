"""Seat order: the seats follow the table, not the order in which phones joined.

The texts play around the table: "play passing to the left" (Castle Party), "pass the box to
the player on your left" and "Play continues clockwise around the table" (Survivor), "Pass the
First Player token clockwise" (Robinson Crusoe). So the seats are kept clockwise, the first seat
plays first, and the next player in order is the one on your left.
"""
from __future__ import annotations

import pytest

from companion.errors import Refused
from companion.rooms import TableService
from companion.store import Store


def seated(svc, game: str, names) -> tuple[str, dict]:
    code = svc.create_room(svc.host_key, game)
    seats = {}
    for name in names:
        seats[name] = svc.join(code, name)[0]
    return code, seats


def order(svc, code) -> list[str]:
    return [s.name for s in svc.seats(code)]


def test_the_table_puts_phones_that_joined_out_of_order_in_seating_order(svc, host):
    code, seats = seated(svc, "castle_party", ["Cid", "Ana", "Dee", "Bruno"])
    svc.arrange_seats(host, code, [seats[n].id for n in ("Ana", "Bruno", "Cid", "Dee")])
    assert order(svc, code) == ["Ana", "Bruno", "Cid", "Dee"]
    assert [s.position for s in svc.seats(code)] == [0, 1, 2, 3]
    assert svc.history(code)[-1] == ("The table set the seating order, clockwise: "
                                     "Ana, Bruno, Cid, Dee.")


def test_tap_two_to_swap_changes_only_those_two_places(svc, host):
    code, seats = seated(svc, "survivor", ["Ana", "Bruno", "Cid", "Dee"])
    svc.swap_seats(host, code, seats["Bruno"].id, seats["Dee"].id)
    assert order(svc, code) == ["Ana", "Dee", "Cid", "Bruno"]


def test_a_player_keeps_their_colour_when_they_change_places(svc, host):
    code, seats = seated(svc, "survivor", ["Ana", "Bruno", "Cid"])
    colours = {s.name: s.colour for s in svc.seats(code)}
    assert sorted(colours.values()) == [0, 1, 2]
    svc.swap_seats(host, code, seats["Ana"].id, seats["Cid"].id)
    assert {s.name: s.colour for s in svc.seats(code)} == colours


def test_a_new_seat_takes_the_colour_a_removed_one_left_free(svc, host):
    code, seats = seated(svc, "survivor", ["Ana", "Bruno", "Cid"])
    svc.remove_seat(host, code, seats["Bruno"].id)
    dee = svc.join(code, "Dee")[0]
    assert dee.colour == seats["Bruno"].colour
    assert order(svc, code) == ["Ana", "Cid", "Dee"]


def test_the_one_on_your_left_plays_after_you(svc, host):
    """"The player to the left of the one who played the last Shape card turns over a new
    card" (Castle Party): the next player in the order sits on your left."""
    code, seats = seated(svc, "castle_party", ["Cid", "Ana", "Dee", "Bruno"])
    svc.arrange_seats(host, code, [seats[n].id for n in ("Ana", "Bruno", "Cid", "Dee")])
    assert svc.neighbours(code, seats["Ana"].id) == ("Bruno", "Dee")
    assert svc.neighbours(code, seats["Dee"].id) == ("Ana", "Cid")
    svc.start(host, code)
    assert svc.room(code).players == ("Ana", "Bruno", "Cid", "Dee")
    assert svc.reminders(code)[0] == "Set up; then Ana turns over a Shape card"
    svc.act(code, host, "reveal_shape", {})
    svc.act(code, host, "pass_special", {"everyone": True})
    svc.act(code, host, "reveal_shape", {})
    assert "Bruno" in svc.view(code, host)["turn"]


def test_two_players_sit_next_to_each_other_and_one_has_no_neighbour(svc, host):
    code, seats = seated(svc, "table_vote", ["Ana", "Bruno"])
    assert svc.neighbours(code, seats["Ana"].id) == ("Bruno", "Bruno")
    svc.remove_seat(host, code, seats["Bruno"].id)
    assert svc.neighbours(code, seats["Ana"].id) == (None, None)


def test_a_restart_keeps_the_seating_order(db_path, host, svc):
    code, seats = seated(svc, "robinson", ["Cid", "Ana", "Bruno"])
    svc.arrange_seats(host, code, [seats[n].id for n in ("Ana", "Bruno", "Cid")])
    svc.store.close()
    again = TableService(Store(db_path))
    assert order(again, code) == ["Ana", "Bruno", "Cid"]
    assert again.neighbours(code, seats["Cid"].id) == ("Ana", "Bruno")
    again.start(again.host_key, code)
    assert again.room(code).players == ("Ana", "Bruno", "Cid")


def test_the_order_is_the_games_once_it_has_started(svc, host, refused):
    code, seats = seated(svc, "survivor", ["Ana", "Bruno", "Cid"])
    svc.start(host, code)
    refused(svc.swap_seats, host, code, seats["Ana"].id, seats["Cid"].id,
            match="^Survivor: The Tribe Has Spoken keeps the seating it started with: its "
                  "players do not change places during the game.$")
    assert order(svc, code) == ["Ana", "Bruno", "Cid"]


def test_players_change_places_during_a_castle_party_and_the_game_follows(svc, host, db_path,
                                                                           refused):
    """"Play passing to the left": once Bruno and Dee change places, the one on Ana's left is
    Dee, on the phones and in the game; an undo puts them back; a restart keeps the order."""
    code, seats = seated(svc, "castle_party", ["Ana", "Bruno", "Cid", "Dee"])
    svc.start(host, code)
    svc.act(code, host, "reveal_shape")  # Ana's Shape: the special actions go round
    refused(svc.swap_seats, host, code, seats["Bruno"].id, seats["Dee"].id,
            match="between cards")
    assert order(svc, code) == ["Ana", "Bruno", "Cid", "Dee"]
    svc.act(code, host, "pass_special", {"everyone": True})
    svc.swap_seats(host, code, seats["Bruno"].id, seats["Dee"].id)
    assert order(svc, code) == ["Ana", "Dee", "Cid", "Bruno"]
    assert svc.neighbours(code, seats["Ana"].id) == ("Dee", "Bruno")
    assert svc.state(code).players == ("Ana", "Dee", "Cid", "Bruno")
    assert svc.view(code, host)["next_revealer"] == "Bruno"  # his card, wherever he sits
    assert svc.history(code)[-1] == ("The players changed places; clockwise now: Ana, Dee, "
                                     "Cid and Bruno.")
    svc.store.close()
    again = TableService(Store(db_path))
    assert order(again, code) == ["Ana", "Dee", "Cid", "Bruno"]
    assert again.state(code).players == ("Ana", "Dee", "Cid", "Bruno")
    again.undo(again.host_key, code)
    assert order(again, code) == ["Ana", "Bruno", "Cid", "Dee"]
    assert again.state(code).players == ("Ana", "Bruno", "Cid", "Dee")
    assert again.neighbours(code, again.seats(code)[0].id) == ("Bruno", "Dee")
    again.store.close()


def test_an_order_that_is_not_the_seats_changes_nothing(svc, host, refused):
    code, seats = seated(svc, "survivor", ["Ana", "Bruno", "Cid"])
    ids = [s.id for s in svc.seats(code)]
    refused(svc.arrange_seats, host, code, ids[:2], match="seats changed")
    refused(svc.arrange_seats, host, code, [ids[0], ids[0], ids[1]], match="seats changed")
    refused(svc.arrange_seats, host, code, [*ids, "f00d"], match="seats changed")
    refused(svc.swap_seats, host, code, ids[0], ids[0], match="two different players")
    refused(svc.swap_seats, host, code, ids[0], "f00d", match="not at this table")


def test_a_file_from_before_seat_order_gets_colours_from_the_old_places(db_path):
    import sqlite3

    conn = sqlite3.connect(db_path)
    conn.executescript("""
        CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL,
            created TEXT NOT NULL, ended INTEGER NOT NULL DEFAULT 0, players TEXT,
            options TEXT NOT NULL DEFAULT '{}', timer_end REAL);
        CREATE TABLE seats (id TEXT PRIMARY KEY, room TEXT NOT NULL REFERENCES rooms(code),
            name TEXT NOT NULL, position INTEGER NOT NULL, token_hash TEXT, UNIQUE (room, name));
        INSERT INTO rooms VALUES ('ABCD', 'survivor', 'Survivor', '2026-01-01', 0, NULL, '{}',
                                  NULL);
        INSERT INTO seats VALUES ('s1', 'ABCD', 'Ana', 0, 'h1'), ('s2', 'ABCD', 'Bruno', 1, 'h2');
    """)
    conn.commit()
    conn.close()
    svc = TableService(Store(db_path))
    assert [(s.name, s.position, s.colour) for s in svc.seats("ABCD")] == [
        ("Ana", 0, 0), ("Bruno", 1, 1)]


@pytest.mark.parametrize("game", ["castaways", "survivor", "robinson", "castle_party"])
def test_every_game_starts_with_the_seating_order(svc, host, game):
    names = ["Eve", "Dee", "Cid", "Bruno", "Ana"]
    code = svc.create_room(host, game)
    game_rules = svc.game(code)
    names = names[:max(game_rules.min_players, min(4, game_rules.max_players))]
    seats = {n: svc.join(code, n)[0] for n in names}
    svc.arrange_seats(host, code, [seats[n].id for n in sorted(names)])
    try:
        svc.start(host, code)
    except Refused as e:  # a game whose setup needs options is not what this test is about
        pytest.skip(str(e))
    assert svc.room(code).players == tuple(sorted(names))
    assert game_rules.players(svc.state(code)) == tuple(sorted(names))


def test_a_phone_that_remembers_its_player_gets_its_colour_again_when_free(svc, host):
    code = svc.create_room(host, "survivor")
    ana = svc.join(code, "Ana", colour=5)[0]
    bruno = svc.join(code, "Bruno", colour=5)[0]  # taken: the first free one instead
    cid = svc.join(code, "Cid", colour=99)[0]  # no such colour
    assert (ana.colour, bruno.colour, cid.colour) == (5, 0, 1)


def test_the_companion_knows_as_many_colours_as_the_screens_draw():
    from companion.seats import COLOURS
    from views.widgets import PLAYER_COLOURS

    assert COLOURS == len(PLAYER_COLOURS)
