"""A table screen left a move behind (the layout test's Robinson run: "Round 4 of 8 — Action
phase" on the table while the phone said Defeat). A tap's handler runs as a greenlet and hands
the loop back while a slow game call runs (companion/loop_bridge.py); the redraw it asks for
(``refresh``) may be waiting there, some of its parts already read, when another session
commits a change and the hub's redraw of the same screen runs in between and draws the new
state. The tap's redraw then went on with what it had read before the change, drew it over
the new state (its value differs from what the slot last drew) and nothing redrew it again.
Here the loop turning during the tap's wait is played by a loop that runs the hub's redraw at
once, from inside the tap's redraw's reads: no browser, no timing.
"""
from __future__ import annotations

import contextvars

from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store
from views.screen import Session, Urls, shown_words
from views.table import TableRoom
from views.testing import NowherePage, nowhere


class TurnsAtOnce:
    """The event loop, turning while a tap's handler waits for a slow game: what is queued
    for it runs there and then."""

    def call_soon_threadsafe(self, fn, *args, context=None):
        fn(*args)

    call_soon = call_soon_threadsafe


def test_a_change_committed_while_a_redraw_reads_is_drawn(tmp_path):
    store = Store(tmp_path / "companion.db")
    try:
        sv = TableService(store, hub=Hub())
        code = sv.create_room(sv.host_key, "table_vote")
        for name in ("Ana", "Bo"):
            sv.join(code, name)

        def table() -> TableRoom:
            session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
            return TableRoom(session, sv.host_key, code)

        screen = table()  # the table's screen, listening to its room as start() has it
        screen._loop, screen._context = TurnsAtOnce(), contextvars.copy_context()
        screen._subscribe()
        screen.refresh(force=True)
        phase = screen.parts[0]  # the phase line: "Room ..." until the game starts
        assert phase.inputs == screen._phase_now
        read = phase.inputs
        waits = []

        def read_then_wait():
            value = read()  # read before the change...
            if not waits:  # ...then the tap's game call hands the loop back, once
                waits.append(True)
                sv.start(sv.host_key, code)  # another session's change, its news on the hub
            return value

        phase.inputs = read_then_wait
        screen.refresh()  # the tap's own redraw
        assert waits, "the change was never committed during the redraw"

        afresh = table()
        afresh.refresh(force=True)
        assert shown_words(screen.root.controls) == shown_words(afresh.root.controls), (
            "the table shows the state before a change committed while it redrew")
        assert shown_words(phase.slot.controls) != [f"Room {code}"]
    finally:
        store.close()
