"""Seat order (issue 23 §1): only the table screen moves players, since the order is the games'
turn order (a guest who moved themselves to seat 1 would play first)."""
from __future__ import annotations

import pytest

from companion.errors import Refused
from companion.rooms import TableService
from companion.store import Store


@pytest.fixture
def svc(tmp_path):
    store = Store(tmp_path / "companion.db")
    yield TableService(store)
    store.close()


def test_a_seat_pass_or_a_forged_key_does_not_move_anybody(svc):
    code = svc.create_room(svc.host_key, "survivor")
    ana, ana_pass = svc.join(code, "Ana", "127.0.0.2")
    bruno, _ = svc.join(code, "Bruno", "127.0.0.3")
    for credential in (ana_pass, "", None, svc.host_key + "x", svc.host_key[:-1]):
        with pytest.raises(Refused, match="table screen"):
            svc.swap_seats(credential, code, ana.id, bruno.id)
        with pytest.raises(Refused, match="table screen"):
            svc.arrange_seats(credential, code, [bruno.id, ana.id])
    assert [s.name for s in svc.seats(code)] == ["Ana", "Bruno"]
    assert all("seating order" not in line for line in svc.history(code))
