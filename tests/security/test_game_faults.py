"""A bug in a game's move, hit by a guest on purpose (issue 36): the move that crashes the
rules (any exception but their ``RuleError``) changes nothing, the phone gets a plain sentence
and not the exception's text, and the host's log has the traceback once, however often the
guest sends it: a player cannot flood the host's terminal, nor learn the game's internals.
"""
from __future__ import annotations

import asyncio
import json
import logging
import socket
import sys
import threading
import time
from dataclasses import dataclass, replace

import pytest

from companion import games
from companion.errors import Refused
from companion.play import MOVE_FAILED
from companion.rooms import TableService
from companion.store import Store
from rules.base import BaseGame, move
from testsupport.outside import TAP_SCREENS

KEY = "buggy_share_test"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    share: int = 12


def split(state, action):
    """A bug: the game trusts its argument to be a number other than 0."""
    return replace(state, share=state.share // action.args["ways"])


class Buggy(BaseGame):
    key, title, min_players, max_players = KEY, "Buggy share", 1, 4
    moves = {"split": move("split", split, by="player", args=["ways"])}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        return {"share": state.share}


GAME = Buggy()


@pytest.fixture
def room(tmp_path, monkeypatch):
    monkeypatch.setitem(games.REGISTRY, KEY, games.Declared(KEY, __name__, __name__))
    games.load.cache_clear()
    svc = TableService(Store(tmp_path / "companion.db"), offered=[KEY])
    code = svc.create_room(svc.host_key, KEY)
    token = svc.join(code, "Guest")[1]
    svc.start(svc.host_key, code)
    yield svc, code, token
    svc.store.close()
    games.load.cache_clear()


@pytest.mark.parametrize("ways", [0, "three", None, [1]])
def test_a_move_that_crashes_the_rules_is_one_sentence_and_one_traceback(room, caplog, ways):
    svc, code, token = room
    caplog.set_level(logging.ERROR)
    history = svc.history(code)
    for _ in range(20):
        with pytest.raises(Refused) as refused:
            svc.act(code, token, "split", {"ways": ways})
        assert str(refused.value) == MOVE_FAILED  # nothing of the exception reaches the phone
    assert svc.history(code) == history and svc.view(code, token) == {"share": 12}
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1, [r.getMessage() for r in caplog.records]
    assert KEY in tracebacks[0].getMessage() and "split" in caplog.text  # where, for the host
    svc.act(code, token, "split", {"ways": 3})  # the game goes on
    assert svc.view(code, token) == {"share": 4}


# --- issue 50: a game's code never holds the host, and every failure is said -----------------
# A throw-away game from outside the project (a package in a folder of its own, registered as
# its entry point would be) whose functions can be made to sleep, loop or raise once its room
# has a tap: ``FAULTS[function] = "sleep" | "loop" | "raise"``.

FAULTY = "faulty_outside"

FAULTY_RULES = '''\
import threading
import time
from dataclasses import dataclass, replace

from rules import RuleError
from rules.base import BaseGame, move

FAULTS = {}  # function -> how it fails: set by the test
RELEASE = threading.Event()  # what a "wait" waits for (20 s at most): set by the test
BEGAN = threading.Event()  # set as a slow function begins to be slow


def fail(where, state):
    how = FAULTS.get(where)
    if how is None or (where != "apply" and not state.taps):
        return
    if how in ("sleep", "loop", "wait"):
        BEGAN.set()
    if how == "raise":
        raise KeyError(f"a bug in {where}")
    if how == "refuse":  # an upgraded game that no longer takes a move it logged
        raise RuleError("Taps are no longer allowed.")
    if how == "sleep":  # slow (in short sleeps, so a stopped thread ends soon)
        for _ in range(200):
            time.sleep(0.1)
    if how == "loop":
        while True:
            pass
    if how == "wait":  # slow until the test lets it go
        RELEASE.wait(20)


@dataclass(frozen=True)
class State:
    players: tuple
    taps: int = 0


def tap(state, action):
    fail("apply", state)
    return replace(state, taps=state.taps + 1)


class Faulty(BaseGame):
    key, title, min_players, max_players = "faulty_outside", "Faulty", 1, 4
    moves = {"tap": move("tap", tap, by="player", phases=["play"])}

    def new_game(self, players, options):
        return State(players)

    def phase(self, state):
        fail("phase", state)
        return "play"

    def guard(self, state, actor):
        fail("guard", state)
        return None

    def view(self, state, seat):
        fail("view", state)
        return {"taps": state.taps, "phase": self.phase(state)}

    def reminders(self, state):
        fail("reminders", state)
        return ("Tap.",)

    def outcome(self, state):
        fail("outcome", state)
        return None


GAME = Faulty()
'''


BOUND = 5.0  # seconds: six deadlines of these tests, a quarter of the 20 s move that held a join


@pytest.fixture
def faulty(tmp_path_factory, monkeypatch):
    """The faulty game installed for one test, its deadline 0.8 s; yields its FAULTS."""
    from views.testing import registered

    site = tmp_path_factory.mktemp("outside")
    package = site / "faultygame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text(FAULTY_RULES)
    (package / "screens.py").write_text(TAP_SCREENS)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr("companion.deadline.DEADLINE", 0.8)
    with registered(FAULTY, {"rules": "faultygame.rules", "screens": "faultygame.screens"}):
        import faultygame.rules
        yield faultygame.rules.FAULTS
    for module in [m for m in sys.modules if m.split(".")[0] == "faultygame"]:
        del sys.modules[module]


def table_of(svc, code):
    """The room's table screen, drawn (no browser: what it would send stays here)."""
    from views.screen import Session, Urls
    from views.table import TableRoom
    from views.testing import NowherePage, nowhere

    session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
    table = TableRoom(session, svc.host_key, code)
    table.refresh(force=True)
    return table


def said(screen) -> list[str]:
    from views.testing import words

    return [w for c in screen.root.controls if getattr(c, "visible", True) for w in words(c)]


def faulty_room(svc, name="Ana"):
    code = svc.create_room(svc.host_key, FAULTY)
    token = svc.join(code, name)[1]
    svc.start(svc.host_key, code)
    return code, token


def set_aside_records(caplog, code):
    return [r for r in caplog.records if "set aside" in r.getMessage() and code in
            r.getMessage()]


@pytest.mark.parametrize("how", ["sleep", "loop"])
def test_a_slow_or_looping_move_holds_no_other_rooms_join(tmp_path, faulty, caplog, how):
    """The tap runs on the server's event loop, as the host's mended dispatch runs a plain
    handler (``on_the_loop``); meanwhile a guest joins another room through the join page.
    Before issue 50: held 20 s (a loop: for ever); with the deadline alone, the first join
    still waited for the deadline. The slow room is set aside and its table says so."""
    from companion.loop_bridge import on_the_loop
    from testsupport.live import Live

    caplog.set_level(logging.ERROR)
    live = Live(tmp_path).start()
    try:
        svc = live.service
        svc.offered.add(FAULTY)
        code, token = faulty_room(svc)
        other = svc.create_room(svc.host_key, FAULTY)
        table = table_of(svc, code)
        faulty["apply"] = how
        answered = threading.Event()
        refusal = []

        def tap():  # on the loop, as a tap's handler runs
            try:
                svc.act(code, token, "tap")
            except Refused as e:
                refusal.append(str(e))
            answered.set()
        import faultygame.rules as rules

        rules.BEGAN.clear()
        asyncio.run_coroutine_threadsafe(on_the_loop(tap), live.loop)  # as Flet runs it
        assert rules.BEGAN.wait(BOUND)  # the move is being slow
        began = time.monotonic()
        status, answer = join_page(live.port, other, "Bea")
        took = time.monotonic() - began
        assert status == 200 and "refused" not in answer, answer
        assert took < BOUND, f"the other room's join waited {took:.1f} s"
        assert answered.wait(BOUND)
        assert refusal and refusal[0].startswith("This game's move did not finish: Faulty")
        assert svc.history(code)[-1] == "The game started with Ana."  # nothing written
        # the table says it, and the host's log names the room once
        live.loop.call_soon_threadsafe(table.refresh)
        wait_for(lambda: any(w.startswith("This game's move did not finish") for w in
                             said(table)))
        assert len(set_aside_records(caplog, code)) == 1
        with pytest.raises(Refused, match="did not finish"):  # at once, from now on
            svc.view(code, token)
        assert len(set_aside_records(caplog, code)) == 1
        svc.join(other, "Cai")  # the other room goes on
        svc.start(svc.host_key, other)
        faulty.clear()
        assert svc.view(other, svc.host_key) == {"taps": 0, "phase": "play"}
    finally:
        live.stop()


def test_another_rooms_join_is_answered_while_a_tap_waits_for_its_game(tmp_path, faulty):
    """A phone's tap, dispatched as Flet dispatches a plain ``def`` handler (the host's mended
    dispatch, on the server's one event loop), waits for its game's move; the move goes on
    only once the test has had another room's join answered through the join page. So the
    join is answered during the slow call, not after it: before this change the tap's wait
    held the loop, the join was answered only when the move ended (20 s later), and the
    order below is the other way round."""
    import flet as ft

    from companion.flet_seam import flet_sessions
    from testsupport.flet_client import FletClient, run
    from testsupport.live import Live

    import faultygame.rules as rules

    live = Live(tmp_path).start()
    rules.RELEASE.clear()
    try:
        svc = live.service
        svc.parts.rooms.deadline.deadline = 60.0  # slow, never past its deadline here
        svc.offered.add(FAULTY)
        code, token = faulty_room(svc)
        other = svc.create_room(svc.host_key, FAULTY)
        events: list[str] = []

        def tap(e):  # a plain handler, as every screen's are
            svc.act(code, token, "tap")
            events.append("the slow move ended")

        async def table():  # a screen open in the host's own browser
            client = await FletClient(live.port).open()
            await client.register("/")
            return client
        client = run(table())
        wait_for(lambda: any(s.page is not None for s in flet_sessions()))
        page = next(s.page for s in flet_sessions() if s.page is not None)
        button = ft.Button("Tap", on_click=tap)

        async def press():
            page.add(button)
            await button._trigger_event("click", None)
        faulty["apply"] = "wait"
        rules.BEGAN.clear()
        pressed = asyncio.run_coroutine_threadsafe(press(), live.loop)
        assert rules.BEGAN.wait(BOUND)  # the move is being slow
        status, answer = join_page(live.port, other, "Bea")
        events.append("the other room's join answered")
        assert status == 200 and "refused" not in answer, answer
        rules.RELEASE.set()
        pressed.result(timeout=30)
        assert events == ["the other room's join answered", "the slow move ended"]
        assert svc.view(code, token) == {"taps": 1, "phase": "play"}  # the move was taken
        assert client.ws is not None  # the table's session stays until the host stops
    finally:
        rules.RELEASE.set()
        live.stop()


def join_page(port: int, code: str, name: str) -> tuple[int, dict]:
    """A guest's join through the join page's form, from another machine (127.0.0.2)."""
    host = f"127.0.0.1:{port}"
    body = json.dumps({"name": name}).encode()
    head = (f"POST /join/{code} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30,
                                  source_address=("127.0.0.2", 0)) as sock:
        sock.sendall(head.encode() + body)
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    status, _, answer = raw.partition(b"\r\n\r\n")
    return int(status.split()[1]), json.loads(answer)


def wait_for(condition, within: float = BOUND) -> None:
    end = time.monotonic() + within
    while not condition():
        assert time.monotonic() < end, "not within the bound"
        time.sleep(0.02)


def test_a_looping_view_sets_its_room_aside_and_the_table_says_so(tmp_path, faulty, caplog):
    caplog.set_level(logging.ERROR)
    svc = TableService(Store(tmp_path / "companion.db"), offered=[FAULTY])
    try:
        code, token = faulty_room(svc)
        other, _ = faulty_room(svc, "Bea")
        table = table_of(svc, code)
        faulty["view"] = "loop"
        began = time.monotonic()
        svc.act(code, token, "tap")  # its move is fine; drawing it loops
        table.refresh()
        assert time.monotonic() - began < BOUND
        assert any(w.startswith("This game's move did not finish: Faulty took more than 0.8 "
                                "seconds to show the game") for w in said(table)), said(table)
        assert len(set_aside_records(caplog, code)) == 1
        assert svc.view(other, svc.host_key) == {"taps": 0, "phase": "play"}  # untouched
        other_table = table_of(svc, other)
        assert not any("did not finish" in w for w in said(other_table))
    finally:
        svc.store.close()


REPLAYS = {"loop": "This game's move did not finish: Faulty took more than 0.8 seconds to "
                   "replay its moves",
           "raise": "Faulty could not replay the moves of room {code} (it failed on the host)",
           "refuse": "Faulty could not replay the moves of room {code} (Taps are no longer "
                     "allowed.)"}


@pytest.mark.parametrize("how", sorted(REPLAYS))
def test_a_replay_that_hangs_or_fails_at_start_sets_the_room_aside(tmp_path, faulty, caplog,
                                                                    how):
    """The host restarts with a room whose logged move now loops, raises or is refused (the
    game was upgraded): the room is set aside with a sentence on its table, named once in the
    log, and the host and its other rooms go on. Before issue 50: hung for ever, or the
    screen failed."""
    caplog.set_level(logging.ERROR)
    path = tmp_path / "companion.db"
    svc = TableService(Store(path), offered=[FAULTY])
    code, token = faulty_room(svc)
    other = svc.create_room(svc.host_key, FAULTY)
    svc.act(code, token, "tap")
    svc.store.close()
    faulty["apply"] = how
    svc = TableService(Store(path), offered=[FAULTY])  # the restart
    try:
        began = time.monotonic()
        table = table_of(svc, code)
        for _ in range(3):
            table.refresh()
        assert time.monotonic() - began < BOUND
        sentence = REPLAYS[how].format(code=code)
        assert any(w.startswith(sentence) for w in said(table)), said(table)
        assert len(set_aside_records(caplog, code)) == 1, caplog.text
        with pytest.raises(Refused, match="set aside"):
            svc.view(code, token)
        svc.join(other, "Bea")  # the host answers
    finally:
        svc.store.close()


@pytest.mark.parametrize("where", ["view", "reminders", "phase", "guard"])
def test_a_function_that_raises_after_the_first_draw_is_said_on_the_screens(
        tmp_path, faulty, caplog, where):
    """Before issue 50 the room's screens stayed stale and silent."""
    from views.phone import PhoneRoom
    from views.screen import Session, Urls
    from views.testing import NowherePage, nowhere

    caplog.set_level(logging.ERROR)
    svc = TableService(Store(tmp_path / "companion.db"), offered=[FAULTY])
    try:
        code, token = faulty_room(svc)
        other, other_token = faulty_room(svc, "Bea")
        table = table_of(svc, code)
        session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
        phone = PhoneRoom(session, code, [token])
        phone.refresh(force=True)
        assert not any("failed on the host" in w for w in said(table) + said(phone))
        faulty[where] = "raise"
        svc.act(code, token, "tap")  # its guards read the state before it: no fault yet
        for _ in range(3):
            table.refresh()
            phone.refresh()
        for screen in (table, phone):
            assert any(w.startswith("Faulty failed on the host as it tried to show the game")
                       for w in said(screen)), said(screen)
        tracebacks = [r for r in caplog.records if r.exc_info]
        assert len(tracebacks) == 1, [r.getMessage() for r in caplog.records]
        assert FAULTY in tracebacks[0].getMessage()
        assert f"a bug in {where}" in caplog.text
        other_table = table_of(svc, other)  # the other room is untouched
        assert not any("failed on the host" in w for w in said(other_table))
        faulty.clear()  # the game mended (an undo, say): the sentence goes
        svc.act(code, token, "tap")
        table.refresh()
        assert not any("failed on the host" in w for w in said(table))
    finally:
        svc.store.close()


def test_an_outcome_that_raises_inside_a_move_is_a_sentence(tmp_path, faulty, caplog):
    """Before issue 50 the table's screen ended with "Something went wrong"."""
    caplog.set_level(logging.ERROR)
    svc = TableService(Store(tmp_path / "companion.db"), offered=[FAULTY])
    try:
        code, token = faulty_room(svc)
        faulty["outcome"] = "raise"
        for _ in range(5):
            with pytest.raises(Refused) as refused:
                svc.act(code, token, "tap")
            assert str(refused.value) == MOVE_FAILED
        assert svc.history(code)[-1] == "The game started with Ana."  # nothing written
        tracebacks = [r for r in caplog.records if r.exc_info]
        assert len(tracebacks) == 1 and FAULTY in tracebacks[0].getMessage()
        faulty.clear()
        svc.act(code, token, "tap")
        assert svc.view(code, token) == {"taps": 1, "phase": "play"}
    finally:
        svc.store.close()


def test_a_game_call_under_the_stores_lock_keeps_the_loop_waiting(tmp_path, faulty):
    """The store's lock is re-entrant per thread, and every screen's code shares the loop's
    thread: a game call made inside a transaction (a private vote's count) must not hand the
    loop to other code, which would walk into the open transaction. Outside a transaction it
    does (the other code runs during the call)."""
    from companion.loop_bridge import on_the_loop

    svc = TableService(Store(tmp_path / "companion.db"), offered=[FAULTY])
    try:
        code, _token = faulty_room(svc)
        rooms = svc.parts.rooms

        def slow():
            time.sleep(0.2)
            return "done"

        async def race(in_transaction: bool) -> list[str]:
            order: list[str] = []

            def tap():
                if in_transaction:
                    with svc.store.transaction():
                        rooms.call(code, "wait", slow)
                else:
                    rooms.call(code, "wait", slow)
                order.append("the game's call")

            async def other():
                order.append("other code on the loop")
            tapped = asyncio.ensure_future(on_the_loop(tap))
            await asyncio.sleep(0)  # the tap begins its call first
            await asyncio.gather(tapped, other())
            return order
        assert asyncio.run(race(True)) == ["the game's call", "other code on the loop"]
        assert asyncio.run(race(False)) == ["other code on the loop", "the game's call"]
    finally:
        svc.store.close()
