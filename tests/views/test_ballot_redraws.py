"""Issue 38: a ballot cast is drawn where it changes something, and nowhere else. The table's
count and the voter's own phone redraw; the other phones skip it (with 18 phones, 17 screens
did every part's work for each ballot); the ballot that closes the vote reaches every screen.
Real screens on a real SQLite file, no browser (views.testing's page that goes nowhere).
"""
from __future__ import annotations

from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store
from views.phone import PhoneRoom
from views.screen import Session, Urls
from views.table import TableRoom
from views.testing import NowherePage, nowhere


def test_another_seats_ballot_redraws_no_other_phone(tmp_path):
    store = Store(tmp_path / "companion.db")
    try:
        sv = TableService(store, hub=Hub())
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        code = sv.create_room(sv.host_key, "table_vote")
        tokens = {name: sv.join(code, name)[1] for name in ("Ana", "Bo", "Cy")}
        table = TableRoom(session, sv.host_key, code)
        phones = {name: PhoneRoom(session, code, [t]) for name, t in tokens.items()}
        two = PhoneRoom(session, code, [tokens["Bo"], tokens["Cy"]])  # a device handed round
        for screen in (table, *phones.values(), two):
            screen.refresh(force=True)
        sv.start(sv.host_key, code)
        sv.act(code, sv.host_key, "ask", {"question": "Pizza or pasta?",
                                          "candidates": ["Pizza", "Pasta"],
                                          "voters": list(tokens)})
        for screen in (table, *phones.values(), two):
            screen.refresh()

        sv.cast(code, tokens["Ana"], ["Pizza"])
        ballot = "ballot:Ana"
        assert table.wants(ballot) and phones["Ana"].wants(ballot)
        assert not phones["Bo"].wants(ballot) and not two.wants(ballot)
        assert two.wants("ballot:Cy") and all(p.wants("changed") for p in phones.values())
    finally:
        store.close()
