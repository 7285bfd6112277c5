"""Issue 48: a seat keeps its player's language. A guest's pass sets its own seat's language
only; a value that is no language of the table is refused with a sentence and changes
nothing; and a seat's language reaches no other seat's screen."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.errors import Refused
from companion.language import LANGUAGES, PSEUDO
from companion.rooms import TableService
from companion.store import Store


@pytest.fixture
def room(tmp_path):
    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    code = sv.create_room(sv.host_key, "table_vote")
    ana = sv.join(code, "Ana")[1]
    ben = sv.join(code, "Ben")[1]
    yield sv, code, ana, ben
    store.close()


def test_a_pass_sets_its_own_seats_language_only(room):
    sv, code, ana, ben = room
    sv.set_language(code, ana, "ar")
    assert sv.seat_by_token(code, ana).language == "ar"
    assert sv.seat_by_token(code, ben).language is None
    for forged in (None, "", "x" * 24, sv.host_key, ana[:-1]):
        with pytest.raises(Refused, match="seat pass is not valid"):
            sv.set_language(code, forged, "pl")
    assert [s.language for s in sv.seats(code)] == ["ar", None]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=200), st.integers(), st.none(), st.lists(st.text())))
def test_any_other_value_is_refused_in_words_and_changes_nothing(room, value):
    sv, code, ana, _ = room
    before = sv.seat_by_token(code, ana).language
    if value in LANGUAGES + (PSEUDO,):
        return
    with pytest.raises(Refused, match="^That language is not one this table speaks.$"):
        sv.set_language(code, ana, value)
    assert sv.seat_by_token(code, ana).language == before


def test_another_seats_language_reaches_no_phone(room):
    """What a phone is given of the game (its view) and of the room holds no other seat's
    language: a player's language says nothing about them to the others."""
    sv, code, ana, ben = room
    sv.set_language(code, ana, "ar")
    sv.start(sv.host_key, code, {})
    assert "'ar'" not in repr(sv.view(code, ben)) and "language" not in repr(sv.view(code, ben))
    assert "'ar'" not in repr(sv.reminders(code, ben))
