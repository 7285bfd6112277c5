"""Rooms, seats, the game log (start, undo), the timer, presence and the hub."""
from __future__ import annotations

import re
import sqlite3

import pytest

from companion.ballots import CLOSED, EMPTY, OPEN, REVEALED
from companion.rooms import CODE_LETTERS, NAME_MAX
from testsupport.service import NAMES

FRUIT = ("Kiwi", "Mango", "Pear")


# --- rooms -----------------------------------------------------------------------------------
def test_only_the_host_key_creates_a_room(svc, host, make_table, refused):
    phone = make_table(names=("Ann",)).tokens["Ann"]
    before = len(svc.rooms())
    refused(svc.create_room, phone, "table_vote", match="Only the table screen")
    refused(svc.create_room, "not-the-key", "table_vote", match="Only the table screen")
    refused(svc.create_room, "", "table_vote", match="Only the table screen")
    refused(svc.create_room, None, "table_vote", match="Only the table screen")
    refused(svc.create_room, host[:-1], "table_vote", match="Only the table screen")
    refused(svc.create_room, host, "chess", match="no such game")
    assert len(svc.rooms()) == before
    code = svc.create_room(host, "table_vote")
    room = svc.room(code)
    assert (room.game_key, room.title, room.ended, room.started) == (
        "table_vote", "Table vote", False, False)
    assert svc.history(code) == [f"Room {code} opened for Table vote."]


def test_room_codes_are_four_letters_without_i_or_o(svc, host):
    assert "I" not in CODE_LETTERS and "O" not in CODE_LETTERS
    codes = [svc.create_room(host, "table_vote") for _ in range(40)]
    assert all(re.fullmatch(r"[A-HJ-NP-Z]{4}", code) for code in codes), codes
    assert len(set(codes)) == 40
    assert {room.code for room in svc.rooms()} == set(codes)


def test_a_room_code_is_read_the_way_people_type_it(svc, host):
    code = svc.create_room(host, "table_vote")
    spaced = f" {code[:2].lower()} {code[2:]} "
    assert svc.room(spaced).code == code
    seat, token = svc.join(spaced, "Ann")
    assert svc.seat_by_token(code.lower(), token) == seat


def test_an_unknown_room_code_is_refused_with_a_sentence(svc, host, refused):
    svc.create_room(host, "table_vote")
    message = refused(svc.join, "ZZZZ", "Ann", match="There is no room ZZZZ")
    assert "code on the table screen" in message
    refused(svc.room, "zz zz", match="no room ZZZZ")
    refused(svc.join, "", "Ann", match="Type the room code")
    refused(svc.cast, "QQQQ", "token", ["Kiwi"], match="no room QQQQ")


def test_an_ended_room_refuses_joins_and_votes_until_resumed(table, refused):
    svc, code, host = table.svc, table.code, table.host
    table.ask(candidates=FRUIT)
    table.cast("Ann", "Kiwi")
    refused(svc.end_room, table.tokens["Ann"], code, match="Only the table screen")
    svc.end_room(host, code)
    assert svc.room(code).ended
    assert "The table ended this room." in table.history()
    refused(svc.join, code, "Zoe", match=f"Room {code} has ended")
    refused(table.cast, "Ben", "Kiwi", match="has ended")
    refused(svc.cast_for, host, code, "Ben", ["Kiwi"], match="has ended")
    refused(svc.close_vote, host, code, match="has ended")
    refused(svc.act, code, host, "cancel", match="has ended")
    refused(svc.undo, host, code, match="has ended")
    refused(svc.start_timer, host, code, 60, match="has ended")
    # the room keeps everything while it rests
    assert table.vote().voted == {"Ann"} and table.vote().status == OPEN
    refused(svc.resume_room, table.tokens["Ann"], code, match="Only the table screen")
    svc.resume_room(host, code)
    assert not svc.room(code).ended
    assert table.cast("Ben", "Kiwi").voted == {"Ann", "Ben"}
    svc.join(code, "Zoe")


# --- seats -----------------------------------------------------------------------------------
def test_joining_gives_a_seat_and_a_token(svc, host):
    code = svc.create_room(host, "table_vote")
    ann, ann_token = svc.join(code, "  Ann   Lee ")
    ben, ben_token = svc.join(code, "Ben")
    assert (ann.name, ann.position, ann.claimed) == ("Ann Lee", 0, True)
    assert (ben.name, ben.position) == ("Ben", 1)
    assert ann_token != ben_token and len(ann_token) >= 20
    assert svc.seat_by_token(code, ann_token) == ann
    assert svc.actor(code, ben_token).name == "Ben"
    assert [s.name for s in svc.seats(code)] == ["Ann Lee", "Ben"]
    assert "Ann Lee sat down." in svc.history(code)
    # the token is stored only as a hash
    assert not svc.store.rows("SELECT * FROM seats WHERE token_hash = ?", (ann_token,))


@pytest.mark.parametrize("name,match", [
    ("", "Type your name"),
    ("   ", "Type your name"),
    (None, "Type your name"),
    ("x" * (NAME_MAX + 1), f"{NAME_MAX} letters or fewer"),
    ("table", "belongs to the table screen"),
    ("  TaBLe ", "belongs to the table screen"),
])
def test_bad_names_are_refused(svc, host, refused, name, match):
    code = svc.create_room(host, "table_vote")
    refused(svc.join, code, name, match=match)
    assert svc.seats(code) == []


def test_a_name_of_the_longest_allowed_length_is_fine(svc, host):
    code = svc.create_room(host, "table_vote")
    assert svc.join(code, "y" * NAME_MAX)[0].name == "y" * NAME_MAX


def test_a_claimed_name_cannot_be_taken_by_another_phone(svc, host, refused):
    code = svc.create_room(host, "table_vote")
    svc.join(code, "Ann")
    refused(svc.join, code, "Ann", match="Ann's seat is taken")
    refused(svc.join, code, "aNN", match="Ann's seat is taken")
    refused(svc.join, code, " ANN ", match="taken by another phone")
    assert len(svc.seats(code)) == 1


def test_the_same_name_in_another_room_is_a_different_seat(svc, host):
    one, two = svc.create_room(host, "table_vote"), svc.create_room(host, "table_vote")
    a1, t1 = svc.join(one, "Ann")
    a2, t2 = svc.join(two, "Ann")
    assert a1.id != a2.id
    assert svc.seat_by_token(one, t1) == a1 and svc.seat_by_token(two, t2) == a2


def test_a_freed_seat_goes_back_only_through_the_table_and_the_old_token_dies(table, refused):
    """Issue 11: the first phone to react must not take a freed seat; the table gives it."""
    svc, code, host = table.svc, table.code, table.host
    ben = table.seats["Ben"]
    old = table.tokens["Ben"]
    refused(svc.free_seat, table.tokens["Ann"], code, ben.id, match="Only the table screen")
    svc.free_seat(host, code, ben.id)
    assert not svc.seat(code, ben.id).claimed
    assert "The table freed Ben's seat." in table.history()
    refused(svc.seat_by_token, code, old, match="not valid")
    refused(svc.join, code, "BEN", match="Ben's seat is free: tap")  # not by name any more
    mallory = svc.request_seat(code, ben.id)
    honest = svc.request_seat(code, ben.id)
    assert svc.collect_seat(code, mallory.secret) is None  # the table has not decided
    assert {r.name for r in svc.seat_requests(host, code)} == {"Ben"}
    refused(svc.seat_requests, table.tokens["Ann"], code, match="Only the table screen")
    refused(svc.answer_seat_request, table.tokens["Ann"], code, honest.id, True,
            match="Only the table screen")
    svc.answer_seat_request(host, code, mallory.id, give=False)
    refused(svc.collect_seat, code, mallory.secret, match="turned the request down")
    refused(svc.collect_seat, code, "forged", match="turned the request down")
    svc.answer_seat_request(host, code, honest.id, give=True)
    new = svc.collect_seat(code, honest.secret)
    assert svc.seat_by_token(code, new).id == ben.id and new != old
    refused(svc.collect_seat, code, honest.secret, match="turned the request down")  # once
    refused(svc.seat_by_token, code, old, match="not valid")
    assert "The table gave Ben's freed seat to the phone that asked." in table.history()
    assert [s.name for s in svc.seats(code)] == list(table.names)  # no second Ben
    refused(svc.request_seat, code, ben.id, match="taken by another phone")
    refused(svc.free_seat, host, code, "no-such-seat", match="not at this table")


def test_a_rejoin_token_replaces_the_old_token(table, refused):
    svc, code, host = table.svc, table.code, table.host
    cat = table.seats["Cat"]
    refused(svc.rejoin_token, table.tokens["Cat"], code, cat.id, match="Only the table")
    fresh = svc.rejoin_token(host, code, cat.id)
    assert svc.seat_by_token(code, fresh).id == cat.id
    refused(svc.seat_by_token, code, table.tokens["Cat"], match="not valid")
    again = svc.rejoin_token(host, code, cat.id)
    refused(svc.seat_by_token, code, fresh, match="not valid")
    assert svc.seat_by_token(code, again).id == cat.id
    assert "The table made a rejoin code for Cat." in table.history()


def test_the_table_vote_lets_players_sit_down_after_the_start(table):
    assert table.svc.room(table.code).started
    seat, token = table.svc.join(table.code, "Late Larry")
    assert seat.position == len(table.names)
    vote = table.ask(candidates=FRUIT, voters=["Late Larry", "Ann"])
    assert table.svc.cast(table.code, token, ["Pear"]).voted == {"Late Larry"}
    assert vote.status == OPEN


def test_a_game_without_late_join_refuses_new_names_but_returns_seats(svc, host, refused):
    code = svc.create_room(host, "robinson")
    ann, _ = svc.join(code, "Ann")
    svc.start(host, code)
    refused(svc.join, code, "Zoe", match="The game has started")
    svc.free_seat(host, code, ann.id)
    request = svc.request_seat(code, ann.id)
    svc.answer_seat_request(host, code, request.id, give=True)
    assert svc.seat_by_token(code, svc.collect_seat(code, request.secret)).id == ann.id


# --- start -----------------------------------------------------------------------------------
def test_only_the_host_starts_and_only_once(make_table, refused):
    table = make_table(start=False)
    svc, code, host = table.svc, table.code, table.host
    assert svc.state(code) is None and svc.view(code, host) == {}
    refused(svc.act, code, host, "ask", {"question": "Q?", "candidates": FRUIT,
                                         "voters": ["Ann"]}, match="has not started")
    refused(svc.start, table.tokens["Ann"], code, match="Only the table screen")
    svc.start(host, code)
    assert svc.room(code).players == table.names
    assert "The game started with Ann, Ben, Cat, Dan, Eve." in table.history()
    refused(svc.start, host, code, match="already started")


def test_a_game_refuses_to_start_with_the_wrong_number_of_players(svc, host, refused):
    code = svc.create_room(host, "robinson")  # one to four players
    refused(svc.start, host, code, match="1 to 4 players; it needs at least 1, not 0")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        svc.join(code, name)
    refused(svc.join, code, "Eve", match="4 players at most")  # a fifth never sits down
    assert not svc.room(code).started


# --- undo ------------------------------------------------------------------------------------
def test_undo_is_for_the_host_and_needs_something_to_undo(table, refused):
    refused(table.svc.undo, table.host, table.code, match="nothing to undo")
    table.ask(candidates=FRUIT)
    refused(table.svc.undo, table.tokens["Ann"], table.code, match="Only the table screen")
    refused(table.svc.undo, "forged", table.code, match="Only the table screen")


def test_undoing_a_question_calls_off_its_vote_and_destroys_its_ballots(table, refused, slots):
    svc = table.svc
    vote = table.ask("Pizza?", candidates=FRUIT)
    table.cast("Ann", "Kiwi")
    table.cast("Ben", "Pear")
    assert sorted(slots.filled(vote)) == ["Kiwi", "Pear"] and slots.count(vote) == 5
    assert svc.undo(table.host, table.code) == "The table asked: Pizza?"
    assert table.vote() is None
    assert slots.rows(vote) == []  # filled and empty slots alike
    assert svc.store.one("SELECT status FROM votes WHERE id = ?", (vote.id,))["status"] == (
        "cancelled")
    history = table.history()
    assert "Undone: The table asked: Pizza?" in history
    assert "The vote was called off; its ballots were destroyed." in history
    assert svc.view(table.code, table.host)["pending"] is None
    refused(table.cast, "Cat", "Kiwi", match="no open vote")
    # asking again opens a fresh vote: the earlier voters vote again
    fresh = table.ask("Pizza?", candidates=FRUIT)
    assert fresh.id != vote.id and fresh.voted == frozenset() and fresh.status == OPEN
    assert table.cast("Ann", "Mango").voted == {"Ann"}


def test_undoing_a_result_reopens_record_this_result(table, refused, slots):
    svc, code, host = table.svc, table.code, table.host
    vote = table.ask("Snack?", candidates=FRUIT, reveal="all_at_once")
    for name, fruit in zip(table.names, ("Kiwi", "Kiwi", "Pear", "Kiwi", "Mango")):
        table.cast(name, fruit)
    tally = svc.finish_reveal(host, code)
    assert tally == {"Kiwi": 3, "Mango": 1, "Pear": 1}
    assert len(svc.view(code, host)["results"]) == 1

    assert svc.undo(host, code) == "Result: Kiwi 3, Mango 1, Pear 1"
    assert svc.view(code, host) == {"pending": "Snack?", "results": []}
    reopened = table.vote()
    assert (reopened.id, reopened.status, reopened.applied) == (vote.id, REVEALED, False)
    assert sorted(reopened.reveal_order) == sorted(["Kiwi", "Kiwi", "Pear", "Kiwi", "Mango"])
    assert slots.count(vote) == 5  # the closed vote keeps exactly its five filled slots
    assert sorted(slots.filled(vote)) == sorted(reopened.reveal_order)
    assert svc.reminders(code) == ("Voting: Snack?",)

    assert svc.finish_reveal(host, code) == tally  # "Record this result" again
    assert svc.view(code, host)["results"] == [
        {"question": "Snack?", "tally": [["Kiwi", 3], ["Mango", 1], ["Pear", 1]],
         "ballots": []}]
    assert table.vote().applied
    history = table.history()
    assert [line for line in history if line.startswith("Result:")] == [
        "Result: Kiwi 3, Mango 1, Pear 1"]  # the undone move left the log…
    assert "Undone: Result: Kiwi 3, Mango 1, Pear 1" in history  # …and is told in words

    # undo the result, then the question: now the vote goes, ballots and all
    svc.undo(host, code)
    svc.undo(host, code)
    assert table.vote() is None
    assert slots.rows(vote) == []
    refused(svc.undo, host, code, match="nothing to undo")


def test_undo_restores_the_state_a_fresh_replay_gives(table, db_path):
    from companion.rooms import TableService
    from companion.store import Store
    table.ask("One?", candidates=FRUIT)
    table.svc.act(table.code, table.host, "cancel")
    table.ask("Two?", candidates=FRUIT)
    table.svc.undo(table.host, table.code)
    other = Store(db_path)
    try:
        replayed = TableService(other).state(table.code)
    finally:
        other.close()
    assert replayed == table.svc.state(table.code)
    assert replayed.pending is None and replayed.asked == 1


# --- the discussion timer --------------------------------------------------------------------
@pytest.mark.parametrize("seconds", [0, 9, 3601, -5, "60", 60.0, None])
def test_the_timer_refuses_out_of_bounds(table, refused, seconds):
    refused(table.svc.start_timer, table.host, table.code, seconds, match="10 seconds to an hour")
    assert table.svc.timer_left(table.code) is None


def test_the_timer_counts_down_with_the_clock(table, clock, refused):
    svc, code = table.svc, table.code
    refused(svc.start_timer, table.tokens["Ann"], code, 60, match="Only the table screen")
    assert svc.timer_left(code) is None
    svc.start_timer(table.host, code, 90)
    assert "Discussion timer: 1:30." in table.history()
    assert svc.timer_left(code) == 90
    clock.advance(30)
    assert svc.timer_left(code) == 60
    clock.advance(59.6)
    assert svc.timer_left(code) == 0
    clock.advance(100)
    assert svc.timer_left(code) == 0  # never negative
    svc.start_timer(table.host, code, 3600)
    assert svc.timer_left(code) == 3600
    refused(svc.stop_timer, table.tokens["Ann"], code, match="Only the table screen")
    svc.stop_timer(table.host, code)
    assert svc.timer_left(code) is None
    svc.start_timer(table.host, code, 10)
    assert svc.timer_left(code) == 10


# --- presence and the hub --------------------------------------------------------------------
def test_presence_counts_each_open_screen_of_a_seat(table):
    svc, code = table.svc, table.code
    ann, ben = table.seats["Ann"].id, table.seats["Ben"].id
    assert not svc.is_connected(code, ann)
    svc.connected(code, ann, +1)
    svc.connected(code.lower(), ann, +1)  # a second tab of the same phone
    assert svc.is_connected(code, ann) and not svc.is_connected(code, ben)
    svc.connected(code, ann, -1)
    assert svc.is_connected(code, ann)
    svc.connected(code, ann, -1)
    assert not svc.is_connected(code, ann)


def test_the_hub_tells_the_subscribers_of_that_room_only(svc, hub, make_table):
    one = make_table(names=("Ann", "Ben"))
    two = make_table(names=("Cat",))
    heard = {"one": [], "two": [], "rooms": []}
    hub.subscribe(one.code, lambda what: heard["one"].append(what))
    hub.subscribe(two.code, lambda what: heard["two"].append(what))
    hub.subscribe("rooms", lambda what: heard["rooms"].append(what))
    one.ask(candidates=FRUIT, voters=["Ann", "Ben"])
    one.cast("Ann", "Kiwi")
    svc.connected(one.code, one.seats["Ben"].id, +1)
    assert len(heard["one"]) == 3 and heard["two"] == []
    assert len(heard["rooms"]) == 3
    svc.create_room(svc.host_key, "table_vote")
    assert len(heard["rooms"]) == 4 and len(heard["one"]) == 3


def test_a_screen_is_told_only_after_the_change_is_committed(table, hub, db_path):
    """A subscriber that reads the file through its own connection already sees the ballot."""
    seen = []

    def read_from_disk(_what):
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            seen.append((conn.execute("SELECT COUNT(*) FROM voted").fetchone()[0],
                         conn.execute("SELECT COUNT(*) FROM ballots WHERE choice != ?",
                                      (EMPTY,)).fetchone()[0]))
        finally:
            conn.close()

    table.ask(candidates=FRUIT)
    hub.subscribe(table.code, read_from_disk)
    table.cast("Ann", "Kiwi")  # fills one of the five slots the question made
    table.cast("Ben", "Pear")
    assert seen == [(1, 1), (2, 2)]


def test_a_broken_screen_does_not_stop_the_others(table, hub):
    heard = []
    sub = hub.subscribe(table.code, lambda what: 1 / 0)
    hub.subscribe(table.code, heard.append)
    table.ask(candidates=FRUIT)  # the action goes through
    assert heard == ["changed"] and table.vote().status == OPEN
    hub.unsubscribe(sub)
    gone = []
    sub2 = hub.subscribe(table.code, gone.append)
    hub.unsubscribe(sub2)
    table.cast("Ann", "Kiwi")
    assert gone == [] and heard == ["changed", "ballot:Ann"]  # a ballot into an open vote


def test_the_table_screen_hears_of_a_ballot_before_the_phones_that_joined_first(table, hub):
    """Issue 38: the table's count is drawn and sent before any phone redraws."""
    heard = []
    table.ask(candidates=FRUIT)
    for name in ("Ann", "Ben"):
        hub.subscribe(table.code, lambda _w, name=name: heard.append(name))
    hub.subscribe(table.code, lambda _w: heard.append("table"), first=True)
    table.cast("Ann", "Kiwi")
    assert heard == ["table", "Ann", "Ben"]


def test_a_vote_closed_by_the_last_ballot_is_announced(table, hub):
    table.ask(candidates=FRUIT, voters=["Ann", "Ben"])
    statuses = []
    hub.subscribe(table.code, lambda _w: statuses.append(table.vote().status))
    table.cast("Ann", "Kiwi")
    table.cast("Ben", "Kiwi")
    assert statuses == [OPEN, CLOSED]


# --- credentials -----------------------------------------------------------------------------
def test_a_forged_credential_with_non_ascii_letters_is_refused(table, refused):
    svc, code = table.svc, table.code
    table.ask(candidates=FRUIT)
    refused(svc.view, code, "tökén", match="not valid")
    refused(svc.actor, code, "tökén", match="not valid")
    refused(svc.close_vote, "clé", code, match="Only the table screen")
    refused(svc.create_room, "clé", "table_vote", match="Only the table screen")


def test_the_discussion_stops_when_a_vote_opens(table):
    """Issue 10: the discussion timer kept running through the vote into the winner screen."""
    svc, code = table.svc, table.code
    svc.start_timer(table.host, code, 120)
    assert svc.timer_left(code) == 120
    table.ask("Pizza?", candidates=["Yes", "No"])
    assert svc.timer_left(code) is None


def test_a_ballot_tells_whose_it_is_and_the_last_one_tells_everyone(table, hub):
    """A ballot into a vote still open changes only the count and the voter's own screens
    (phones holding other seats skip it: views/phone.py); the last one closes the vote,
    which every screen shows."""
    heard = []
    table.ask(candidates=FRUIT)
    hub.subscribe(table.code, heard.append)
    for name in NAMES[:-1]:
        table.cast(name, "Kiwi")
    assert heard == [f"ballot:{name}" for name in NAMES[:-1]]
    table.cast(NAMES[-1], "Pear")
    assert heard[-1] == "changed" and table.vote().status != OPEN


def test_a_read_that_a_change_overtook_is_not_kept(svc, host):
    """A screen's read that a committed change overtook (a tap's move while a slow game
    handed the loop back, or another thread's) is of the state before it: the screen gets it
    this once, but the next read is of the state after, not that stale value until the next
    change (a table's phase line stuck one move behind)."""
    rooms, code = svc.parts.play.rooms, svc.create_room(host, "table_vote")

    def overtaken() -> str:
        svc.join(code, "Ann")  # committed while the read is under way,
        assert "Ann" in [s.name for s in svc.seats(code)]  # and another screen read after it
        return "before Ann"
    assert rooms.cached(("probe", code), overtaken) == "before Ann"
    assert rooms.cached(("probe", code), lambda: "after Ann") == "after Ann"
    assert rooms.cached(("probe", code), lambda: "read again") == "after Ann"  # kept now
