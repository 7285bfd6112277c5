"""Figures for issue 51's redraw decision (not a test): the table vote played on Flet's own
sessions, no browser, once with today's screens (views/table.py's TableRoom and
views/phone.py's PhoneRoom, drawn in ``Screen.part``s) and once with the spike on Flet's
reconciler (tests/bench/declared_table_vote.py: ``ft.component``/``ft.memo``). Each phone
taps "Confirm my vote" (the click dispatched as Flet dispatches a browser's); for each tap it
prints the frames and bytes Flet sends the table and each phone (msgpack, as the websocket
carries them, less its few bytes of framing) and the host's CPU time per tap (process time,
not wall: the machine's load weighs less). Then whether a press on its way survives a redraw
under each (test_steady_bar's scenario).

    python tests/bench/bench_redraw.py [--phones 18] [--rounds 3]
"""
from __future__ import annotations

import argparse
import asyncio
import contextvars
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))  # the spike beside it (as bench_join's)

import flet as ft  # noqa: E402
import msgpack  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.controls.context import _context_page  # noqa: E402
from flet.messaging.protocol import configure_encode_object_for_msgpack  # noqa: E402
from flet.messaging.session import Session as FletSession  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ballots import OPEN  # noqa: E402
from declared_table_vote import PhoneVote, TableVote, phone_seen, table_seen  # noqa: E402
from views.phone import PhoneRoom  # noqa: E402
from views.screen import Screen, Session, Urls  # noqa: E402
from views.widgets import line, panel, steady  # noqa: E402
from views.table import TableRoom  # noqa: E402

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Recorded:
    """What Flet's session needs of a connection; each message encoded as the wire does."""

    def __init__(self) -> None:
        self.pubsubhub, self.page_name, self.page_url = PubSubHub(), "", "http://bench/"
        self.sent: list[int] = []
        self.loop = None  # Flet's page.run_task schedules on it (set once the loop runs)

    def send_message(self, message) -> None:
        self.sent.append(len(msgpack.packb([message.action, message.body], default=ENCODE)))

    def dispose(self) -> None:
        pass


async def nowhere(route: str) -> None:
    pass


class LeanTable(Screen):
    """The spike's table screen drawn in today's parts (``Screen.part``): the same lines as
    declared_table_vote.py's, so the two mechanisms are compared on one drawing
    (today's TableRoom draws far more: seats, QR, history, the bar)."""

    leads = True

    def __init__(self, session, host_key, code) -> None:
        super().__init__(session)
        self.topic, self.code, self.host_key = code, code, host_key

    def layout(self):
        sv, code, key = self.service, self.code, self.host_key
        seen = lambda: self.once("seen", lambda: table_seen(sv, code, key))  # noqa: E731
        return [self.part(lambda: (seen().status, seen().question), self._draw_head),
                self.part(lambda: (seen().voted, seen().voters), self._draw_count),
                self.part(lambda: seen().results, self._draw_results)]

    def _draw_head(self, shown):
        status, question = shown
        return [line(question, 24)] if status == OPEN else []

    def _draw_count(self, shown):
        return [line(f"{shown[0]} of {shown[1]} have voted", 28)]

    def _draw_results(self, results):
        return [panel("Earlier results", [line(r) for r in results])] if results else []


class LeanPhone(Screen):
    """The spike's phone screen drawn in today's parts."""

    def __init__(self, session, code, token) -> None:
        super().__init__(session)
        self.topic, self.code, self.token = code, code, token
        self.picked = None

    def layout(self):
        sv, code, token = self.service, self.code, self.token
        seen = lambda: self.once("seen", lambda: phone_seen(sv, code, token))  # noqa: E731
        return [self.part(lambda: (seen().status, seen().voted, seen().question,
                                   seen().candidates, self.picked), self._draw_ballot),
                self.part(lambda: seen().results, self._draw_results)]

    def _pick(self, c):
        self.picked = c
        self.refresh()

    def _confirm(self):
        self.service.cast(self.code, self.token, [self.picked])

    def _draw_ballot(self, shown):
        status, voted, question, candidates, picked = shown
        if status != OPEN:
            return []
        if voted:
            return [line("Your vote is in.", 24)]
        return [line(question, 24), steady([
            (ft.FilledButton if c == picked else ft.OutlinedButton)(
                f"Vote for {c}", on_click=lambda e, c=c: self._pick(c)) for c in candidates] + [
            ft.FilledButton("Confirm my vote", on_click=lambda e: self._confirm(),
                            disabled=picked is None)], "ballot")]

    def _draw_results(self, results):
        return [panel("Results", [line(r) for r in results]) if results else
                line("No vote has been counted yet.")]


def in_page(session: FletSession, fn, *args):
    """Run ``fn(*args)`` (a coroutine function) as a task with ``session``'s page as Flet's
    current page, as Flet runs a session's main."""
    ctx = contextvars.copy_context()
    ctx.run(_context_page.set, session.page)
    return asyncio.get_running_loop().create_task(fn(*args), context=ctx)


def find(control, words: str):
    """The first button under ``control`` (components' bodies included) saying ``words``."""
    stack = [control]
    while stack:
        c = stack.pop()
        if c is None:
            continue
        if isinstance(c, (ft.FilledButton, ft.OutlinedButton, ft.Button)) and c.content == words:
            return c
        for attr in ("controls", "content", "_b", "views"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else
                         [child] if isinstance(child, BaseControl) else [])
    return None


def texts(control) -> list[str]:
    """Every Text's value under ``control`` (components' bodies included)."""
    out, stack = [], [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text) and isinstance(c.value, str):
            out.append(c.value)
        for attr in ("controls", "content", "_b", "views"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else
                         [child] if isinstance(child, BaseControl) else [])
    return out


async def settle() -> None:
    for _ in range(30):  # hub call_soon hops, the components' scheduler, effects
        await asyncio.sleep(0)
    await asyncio.sleep(0.005)
    for _ in range(30):
        await asyncio.sleep(0)


async def tap(session: FletSession, words: str) -> None:
    button = find(session.page, words)
    assert button is not None, f"no button {words!r}"
    ctx = contextvars.copy_context()
    await asyncio.get_running_loop().create_task(
        session.dispatch_event(button._i, "click", None), context=ctx)
    await settle()


async def play(mode: str, phones_n: int, folder: Path) -> dict:
    store = Store(folder / f"{mode}.db")
    sv = TableService(store)
    names = [f"Player {i:02d}" for i in range(phones_n)]
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, n)[1] for n in names]
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Who should lead?",
                                      "candidates": ["North", "South"], "voters": names})
    table = FletSession(Recorded())
    phones = [FletSession(Recorded()) for _ in tokens]
    for session in [table, *phones]:
        session.connection.loop = asyncio.get_running_loop()
    screens = []

    async def open_today(session, make):
        page = session.page
        screen = make(Session(page, sv, Urls("http://127.0.0.1:8550"), None, nowhere))
        page.controls = [ft.SafeArea(screen.root, expand=True)]
        msgpack.packb(session.get_page_patch(), default=ENCODE)  # the page as the browser has it
        await screen.start()
        screens.append(screen)

    async def open_declared(session, component, *args):
        msgpack.packb(session.get_page_patch(), default=ENCODE)
        session.page.render(component, *args)

    if mode == "parts":
        await in_page(table, open_today, table, lambda s: TableRoom(s, sv.host_key, code))
        for session, token in zip(phones, tokens):
            await in_page(session, open_today, session, lambda s, t=token: PhoneRoom(s, code, [t]))
    elif mode == "lean parts":
        await in_page(table, open_today, table, lambda s: LeanTable(s, sv.host_key, code))
        for session, token in zip(phones, tokens):
            await in_page(session, open_today, session, lambda s, t=token: LeanPhone(s, code, t))
    else:
        await in_page(table, open_declared, table, TableVote, sv, code, sv.host_key)
        for session, token in zip(phones, tokens):
            await in_page(session, open_declared, session, PhoneVote, sv, code, token)
    await settle()
    for session in phones:  # each player picks, as in bench_join, before the taps counted
        await tap(session, "Vote for North")
    rows = []
    for i, session in enumerate(phones[:-1]):  # the last tap closes the box: another story
        marks = [len(s.connection.sent) for s in [table, *phones]]
        bytes_ = [sum(s.connection.sent) for s in [table, *phones]]
        cpu = time.process_time()
        await tap(session, "Confirm my vote")
        cpu = (time.process_time() - cpu) * 1000
        frames = [len(s.connection.sent) - m for s, m in zip([table, *phones], marks)]
        sizes = [sum(s.connection.sent) - b for s, b in zip([table, *phones], bytes_)]
        rows.append({"cpu": cpu, "table frames": frames[0], "table bytes": sizes[0],
                     "tapper frames": frames[1 + i], "tapper bytes": sizes[1 + i],
                     "other phones frames": sum(frames[1:]) - frames[1 + i],
                     "other phones bytes": sum(sizes[1:]) - sizes[1 + i]})
    voted = sv.vote(code)
    assert len(voted.voted) == phones_n - 1, f"{mode}: {len(voted.voted)} votes cast"
    shown = f"{phones_n - 1} of {phones_n} have voted"
    assert shown in texts(table.page), f"{mode}: the table does not show {shown!r}"
    assert "Your vote is in." in texts(phones[0].page), f"{mode}: the phone does not say so"
    for screen in screens:
        screen.stop()
    store.close()
    return {"rows": rows}


def press_survives(mode: str, before: str, after: str) -> list[str]:
    """test_steady_bar's scenario: a button saying ``before`` drawn, drawn again (new
    objects) saying ``after``, then a press sent for it as the page had it before the redraw:
    which handlers ran (a press means what its button said: with new words it must be
    dropped). ``mode``: "parts" (a plain row drawn anew in its slot), "parts + steady"
    (today's bar, buttons keyed by their words), "components" (a component drawing the row,
    no keys), "components + keys" (keyed by their words)."""
    pressed: list[str] = []

    def bar(tag, words):
        button = ft.FilledButton(words, on_click=lambda e: pressed.append(f"{tag}: {words}"),
                                 key=words if mode == "components + keys" else None)
        return steady([button], "bar") if mode == "parts + steady" else ft.Row([button])

    async def run():
        session = FletSession(Recorded())
        session.connection.loop = asyncio.get_running_loop()
        if mode.startswith("parts"):
            slot = ft.Column([bar("first", before)])
            session.page.controls = [slot]
            msgpack.packb(session.get_page_patch(), default=ENCODE)
            old = find(slot, before)._i
            slot.controls = [bar("redrawn", after)]
            slot.update()
        else:
            news = {}

            @ft.component
            def Bar():
                n, set_n = ft.use_state(0)
                news["redraw"] = lambda: set_n(n + 1)
                return bar("first" if n == 0 else "redrawn", before if n == 0 else after)

            async def open_():
                msgpack.packb(session.get_page_patch(), default=ENCODE)
                session.page.render(Bar)
            await in_page(session, open_)
            await settle()
            old = find(session.page, before)._i
            in_page(session, _call, news["redraw"])
            await settle()
        await session.dispatch_event(old, "click", None)
        await settle()

    asyncio.run(run())
    return pressed


async def _call(fn) -> None:
    fn()


def cast_alone(phones_n: int) -> list[float]:
    """The service's own CPU per cast, no screen at all: what every mode above shares."""
    sv = TableService(Store(Path(tempfile.mkdtemp()) / "casts.db"))
    names = [f"Player {i:02d}" for i in range(phones_n)]
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, n)[1] for n in names]
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Who should lead?",
                                      "candidates": ["North", "South"], "voters": names})
    out = []
    for token in tokens[:-1]:
        cpu = time.process_time()
        sv.cast(code, token, ["North"])
        out.append((time.process_time() - cpu) * 1000)
    return out


def summary(rows: list[dict], key: str) -> str:
    xs = [r[key] for r in rows]
    return f"median {statistics.median(xs):.1f} (min {min(xs):.1f}, max {max(xs):.1f})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phones", type=int, default=18)
    ap.add_argument("--rounds", type=int, default=3, help="games played of each, alternating")
    args = ap.parse_args()
    print(f"(load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())})")
    rows: dict[str, list] = {"parts": [], "lean parts": [], "components": []}
    for r in range(args.rounds):  # alternating: a load that comes and goes weighs on both
        for mode in rows:
            rows[mode] += asyncio.run(play(mode, args.phones, Path(tempfile.mkdtemp())))["rows"]
    print(f"per tap, {args.phones} phones, {len(rows['parts'])} taps each "
          "(the closing tap left out):")
    for mode, rs in rows.items():
        print(f"  {mode}:")
        for key in ("table frames", "table bytes", "tapper frames", "tapper bytes",
                    "other phones frames", "other phones bytes", "cpu"):
            print(f"    {key + (' (ms, host CPU)' if key == 'cpu' else ''):28} {summary(rs, key)}")
    print("a press on its way while its button is drawn again (handlers run):")
    for mode in ("parts", "parts + steady", "components", "components + keys"):
        same = press_survives(mode, "End Tribal Council", "End Tribal Council")
        changed = press_survives(mode, "Read the next ballot", "Show the final tally")
        print(f"  {mode:18} same words: {same or 'dropped'} | words changed: "
              f"{changed or 'dropped'}")
    casts = cast_alone(args.phones)
    print(f"  a cast alone in the service (no Flet, its commit included): "
          f"median {statistics.median(casts):.1f} ms CPU")
    print(f"(load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    main()
