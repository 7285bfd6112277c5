"""Issue 24, findings 4, 5, 6 and 8: seats a guest may not take, names that hide, a freed
seat's owner kept out, a PIN that was only a screen."""
from __future__ import annotations

import pytest

from companion.errors import Refused
from companion.rooms import TableService
from companion.store import Store

GUEST = "192.168.1.66"


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def svc(tmp_path):
    store = Store(tmp_path / "companion.db")
    service = TableService(store, clock=Clock())
    yield service
    store.close()


# --- finding 5: look-alike names -------------------------------------------------------------
INVISIBLE = {
    "Hangul filler": "\u3164", "Hangul choseong filler": "\u115f",
    "Hangul jungseong filler": "\u1160", "halfwidth Hangul filler": "\uffa0",
    "braille blank": "\u2800", "combining grapheme joiner": "\u034f",
    **{f"variation selector {i + 1}": chr(0xFE00 + i) for i in range(16)},
    "variation selector 17": "\U000E0100", "variation selector 256": "\U000E01EF",
    "soft hyphen": "\u00ad", "Mongolian free variation selector": "\u180b",
}


@pytest.mark.parametrize("what", list(INVISIBLE))
def test_a_name_with_an_invisible_character_does_not_sit_beside_its_look_alike(svc, what):
    code = svc.create_room(svc.host_key, "table_vote")
    svc.join(code, "Ana", GUEST)
    for name in (f"Ana{INVISIBLE[what]}", f"A{INVISIBLE[what]}na"):
        with pytest.raises(Refused, match="hidden"):
            svc.join(code, name, "192.168.1.67")
    assert [s.name for s in svc.seats(code)] == ["Ana"]


@pytest.mark.parametrize("name", ["table\u3164", "Table\u2800", "\u3164table", "tab\u034fle",
                                  "TABLE", "tab1e"])
def test_the_table_name_with_a_filler_or_a_look_alike_gets_no_seat(svc, name):
    code = svc.create_room(svc.host_key, "table_vote")
    with pytest.raises(Refused):
        svc.join(code, name, GUEST)
    assert svc.seats(code) == []


# --- finding 4: a room never holds more seats than its game allows ---------------------------
def test_a_room_never_holds_more_seats_than_its_game_allows(svc):
    code = svc.create_room(svc.host_key, "castaways")  # 5 to 18 players
    names = ("Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon Kim Lou Max Ned Oda Pia Quin Rex").split()
    for i, name in enumerate(names):  # from many addresses: no per-address limit helps here
        svc.join(code, name, f"192.168.1.{100 + i}")
    with pytest.raises(Refused, match="18"):
        svc.join(code, "Intruder", "192.168.1.200")
    assert len(svc.seats(code)) == 18


def test_the_table_removes_a_seat_before_the_start_but_not_after(svc):
    code = svc.create_room(svc.host_key, "castaways")
    seats = [svc.join(code, name, GUEST)[0] for name in "Ann Ben Cat Dan Eve Fay Gus".split()]
    with pytest.raises(Refused):
        svc.remove_seat("forged", code, seats[0].id)
    svc.remove_seat(svc.host_key, code, seats[0].id)
    assert [s.name for s in svc.seats(code)] == [s.name for s in seats[1:]]
    svc.start(svc.host_key, code)
    with pytest.raises(Refused, match="started"):
        svc.remove_seat(svc.host_key, code, seats[1].id)
    assert len(svc.seats(code)) == 6


# --- finding 6: one phone cannot fill the table's requests -----------------------------------
def test_one_phone_cannot_crowd_out_a_freed_seats_owner(svc):
    code = svc.create_room(svc.host_key, "table_vote")
    bob, _ = svc.join(code, "Bob")
    svc.free_seat(svc.host_key, code, bob.id)
    for _ in range(9):  # the spamming phone taps on: each request replaces its last one
        spam = svc.request_seat(code, bob.id, GUEST)
    real = svc.request_seat(code, bob.id, "192.168.1.70")  # the real Bob still reaches the table
    assert {r.id for r in svc.seat_requests(svc.host_key, code)} == {spam.id, real.id}


# --- finding 8: a PIN is checked by the companion ----------------------------------------------
def test_a_copy_of_a_pin_locked_seat_pass_acts_for_nobody(svc):
    """A client holding only Ana's pass (the shared device's storage has it) cast her ballot
    without her PIN. Now every act of a seat with a PIN needs the PIN's unlock."""
    code = svc.create_room(svc.host_key, "table_vote")
    _, ana = svc.join(code, "Ana")
    _, ben = svc.join(code, "Ben")
    svc.set_pin(code, ana, "2468")
    svc.start(svc.host_key, code)
    svc.act(code, svc.host_key, "ask", {"question": "Pizza?", "candidates": ["Yes", "No"],
                                        "voters": ["Ana", "Ben"]})
    with pytest.raises(Refused, match="PIN"):
        svc.cast(code, ana, ["Yes"])
    with pytest.raises(Refused, match="PIN"):
        svc.cast(code, f"{ana}~forged", ["Yes"])
    with pytest.raises(Refused, match="not Ana's PIN"):
        svc.check_pin(code, ana, "1111")
    assert "Ana" not in svc.vote(code).voted
    unlocked = svc.check_pin(code, ana, "2468")
    svc.cast(code, unlocked, ["Yes"])
    assert "Ana" in svc.vote(code).voted
    svc.cast(code, ben, ["No"])  # a seat without a PIN acts by its pass, as before
    svc.lock_seat(code, unlocked)  # the device was blanked: the unlock is gone
    with pytest.raises(Refused, match="PIN"):
        svc.act(code, unlocked, "ask", {"question": "Again?", "candidates": ["Yes", "No"],
                                        "voters": ["Ana"]})
