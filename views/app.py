"""The Flet entry point: one session per browser tab, routed to the table or a phone screen.

Routes: ``/table`` (the rooms), ``/table/CODE`` (a room on the table screen),
``/table/CODE/pass`` (pass-and-play), ``/table/tonight`` (the night's standings and games),
``/table/history`` (every night's), ``/join/CODE`` (a phone; ``?t=TOKEN`` to rejoin a
seat), ``/`` (type a room code). Table routes need the host key: the table cookie that the
printed ``/table?k=KEY`` set (``companion.host_key``). They are declared once, in ``ROUTES``:
a new screen is a line there.
"""
from __future__ import annotations

import asyncio
import inspect
import json
import logging
from dataclasses import dataclass
from typing import Awaitable, Callable
from urllib.parse import parse_qsl, urlparse

import flet as ft

from companion.door import socket_address
from companion.language import LANGUAGES, PSEUDO, browser_language, host_words
from companion.host_key import keeps_nothing, offered_host_key
from companion.errors import Refused
from companion.rooms import NAME_MAX, TableService, normalize_code
from companion.seats import player_id

from .phone import (PLAYER_COLOUR, PLAYER_KEY, PLAYER_NAME, TYPED_NAME, Landing, PhoneRoom,
                    passes_key, token_key)
from .screen import (LANGUAGE, READER, Screen, Session, Urls, forget_pref, keep_pref,
                     read_prefs)
from .night import History, Tonight
from .table import NotTable, PassAndPlay, Rooms, TableRoom
from .widgets import PAGE_PADDING, focus_ring_themes

log = logging.getLogger(__name__)


def make_main(service: TableService, urls: Urls):
    async def main(page: ft.Page) -> None:
        _dress(page)
        prefs = ft.SharedPreferences()
        speaker = ft.SemanticsService()  # kept by the session: Flet drops unkept services
        page.update()  # the browser must know the service before the first question to it
        current: dict[str, Screen | None] = {"screen": None}

        async def navigate(route: str) -> None:
            await page.push_route(route)

        session = Session(page, service, urls, prefs, navigate, speaker=speaker)
        session.reopen = lambda: show(page.route or "/")  # its words changed: drawn anew

        drawing = asyncio.Lock()  # one screen at a time: a route change waits for the last

        async def show(route: str, attempt: int = 1) -> None:
            async with drawing:
                if await draw(route, attempt):
                    return
                again = _say_slow(page, attempt)
            if again:  # asked again outside the lock: a route change meanwhile goes first
                await asyncio.sleep(min(2.0 * attempt, 6.0))
                if page.route == route or not page.route:
                    await show(route, attempt + 1)

        async def draw(route: str, attempt: int) -> bool:
            old = current["screen"]
            if old:
                old.stop()
            current["screen"] = None
            try:
                screen = await _screen_for(session, route)
                current["screen"] = screen
                page.controls = [ft.SafeArea(touch_area(screen), expand=True)]
                await screen.start()
                return True
            except Exception:  # never a dead screen and never a traceback on it
                log.exception("screen %s failed (try %d)", route, attempt)
                if current["screen"]:
                    current["screen"].stop()
                    current["screen"] = None
                return False

        async def on_route_change(e: ft.RouteChangeEvent) -> None:
            await show(e.route)

        page.on_route_change = on_route_change
        # a screen nobody sees costs nothing: it stops listening until its browser is back
        page.on_disconnect = to_screen(current, "disconnected")
        page.on_connect = to_screen(current, "reconnected")
        page.on_close = to_screen(current, "stop")
        page.on_resize = to_screen(current, "resized")  # a phone turned, a window dragged
        # every key (a reader's Tab too) restarts a shared phone's idle blank (issue 53)
        page.on_keyboard_event = to_screen(current, "touched")
        await show(page.route or "/")

    return main


def _dress(page: ft.Page) -> None:
    """The page's title, theme and padding, the same for every screen."""
    page.title = "Table companion"
    page.theme_mode = ft.ThemeMode.DARK
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.AMBER, **focus_ring_themes())
    page.padding = PAGE_PADDING


def touch_area(screen: Screen) -> ft.Control:
    """The screen, and for one that counts taps, a detector of a tap anywhere on it (an
    empty part too; a button's own tap goes to the button): its reader does not hear it."""
    if not screen.counts_taps:
        return screen.root
    return ft.GestureDetector(content=screen.root, expand=True, exclude_from_semantics=True,
                              on_tap_down=lambda e: screen.touched())


def to_screen(current: dict, method: str):
    """A page's event (its browser left, came back, closed, was resized), handed to the
    screen it shows, if any."""
    def handler(e=None) -> None:
        screen = current["screen"]
        if screen:
            getattr(screen, method)()
    return handler


RETRIES = 5
# a device handed round holds a table's seats at most; a browser that says it holds more is
# a guest's script (200,000 bogus passes froze every cast for seconds)
PASSES_MAX = 32
PASS_LENGTH_MAX = 64  # a seat pass is 24 characters


def working_passes(sv: TableService, code: str, passes: list) -> list[str]:
    """The stored passes that are seat passes of this room, each looked at once."""
    out = []
    for token in passes[:PASSES_MAX + 2]:
        if isinstance(token, str) and 0 < len(token) <= PASS_LENGTH_MAX:
            try:
                sv.seat_by_token(code, token)
            except Refused:
                continue
            out.append(token)
    return list(dict.fromkeys(out))


def held_passes(saved: dict, code: str) -> list:
    """The seat passes a browser saved for room ``code``: its list, then its last one."""
    stored = saved.get(passes_key(code))
    return (list(stored[:PASSES_MAX]) if isinstance(stored, list) else []) + \
        [saved.get(token_key(code))]


def _say_slow(page: ft.Page, attempt: int) -> bool:
    """A browser that answers slowly (a loaded phone, a host that just restarted) is told
    so, and asked again a few times (True) before the screen asks for a reload."""
    again = attempt < RETRIES
    page.controls = [ft.Text(
        "This screen is slow to answer; trying again..." if again else
        "This screen could not be drawn. Reload the page; the table keeps everything.",
        size=20)]
    try:
        page.update()
    except Exception:  # the session went away meanwhile: nothing to tell
        return False
    return again


def _table_key(s: Session, in_address: str | None) -> str | None:
    """The host key this tab proves, or None: the one it proved already, else the one in its
    address (a scripted client's: a browser's page request was redirected without it), else
    the one its websocket carried in the table's cookie (``companion.host_key``). No question
    to the browser's storage: a restarted host must open the table screen at once. Every key
    offered counts against the address's wrong keys (Refused once it has too many)."""
    if s.host_key:
        return s.host_key
    given = in_address or offered_host_key(s.page)
    if given and s.service.host_key_from(given, socket_address(s.page)):
        s.host_key = given
        return given
    return None


def _typed_name(s: Session, code: str, stored) -> str | None:
    """The name typed on the join page for this room while the app loaded, once per tab:
    the join page's storage is read on every redraw of the route, the name taken only once."""
    try:
        typed = json.loads(stored) if isinstance(stored, str) and len(stored) < 1024 else None
    except ValueError:
        typed = None
    if not (isinstance(typed, dict) and typed.get("code") == code
            and isinstance(typed.get("name"), str) and isinstance(typed.get("id"), str)):
        return None
    once = typed["id"][:64]
    if once in s.typed_taken:
        return None
    s.typed_taken.add(once)
    forget_pref(s.page, s.prefs, TYPED_NAME)  # taken: a reload does not join again
    return typed["name"][:NAME_MAX]


def _table_key_or_refusal(s: Session, query: dict) -> str | Screen:
    """The host key this tab proves, or the screen that says it proves none: only the tab
    that proves it opens a table screen."""
    try:
        key = _table_key(s, query.get("k"))
    except Refused as e:  # too many wrong keys from this address: said in the tab's language
        return NotTable(s, e.args[0] if len(e.args) == 1 else str(e))
    return NotTable(s) if key is None else key


def _room(screen: type[Screen]):
    """A screen of one of the table's rooms (Refused for a room this table does not have)."""
    def opened(s: Session, query: dict, key: str, code: str) -> Screen:
        code = normalize_code(code)
        s.service.room(code)
        return screen(s, key, code)
    return opened


async def _join_screen(s: Session, query: dict, key: None, code: str) -> Screen:
    """A phone's screen of room ``code``: its seat passes, the player it remembers and the
    name typed on the join page, every saved setting asked for at once (one round trip)."""
    sv, code = s.service, normalize_code(code)
    sv.find_room(code, socket_address(s.page))
    token = query.get("t")
    if token:
        sv.seat_by_token(code, token)
    # "Play again": the seat passes of the room this device comes from work here too
    came_from = normalize_code(query.get("from", ""))[:16]
    keys = [passes_key(code), token_key(code), PLAYER_NAME, PLAYER_COLOUR, PLAYER_KEY,
            TYPED_NAME, LANGUAGE, READER,
            *([passes_key(came_from), token_key(came_from)] if came_from else [])]
    # a browser that said, as the page loaded, that it keeps nothing is not asked (a round
    # trip on a crowded Wi-Fi); only the tab's first join: the app may have stored since
    blank = not s.settings_read and keeps_nothing(s.page)
    s.settings_read = True
    saved = dict.fromkeys(keys) if blank else await read_prefs(s.prefs, keys)
    # every seat pass this browser holds for the room (one, or several when handed around),
    # the ones this tab took, and a rejoin code from the table, which joins them
    passes = held_passes(saved, code) + s.passes_taken.get(code, []) + ([token] if token else [])
    if token:
        keep_pref(s.page, s.prefs, token_key(code), token)
    if came_from:
        passes += held_passes(saved, came_from)
    # the table device may hold seats too, for players with no phone of their own
    host = _table_key(s, None) if query.get("table") else None
    # what the browser sent is checked here, once: only passes that seat someone stay
    # the player this phone remembers from earlier tonight ("Join as Ana")
    name, colour, key = (saved[PLAYER_NAME], saved[PLAYER_COLOUR], saved[PLAYER_KEY])
    passes = working_passes(sv, code, passes)
    if not host:  # the table device holding seats speaks the table's language
        phone_language(s, [sv.seat_by_token(code, p).language for p in passes], saved[LANGUAGE])
    # a reader's page turned the tree on as the app took over: the first screen says itself
    s.read_opening = saved[READER] is True
    room = PhoneRoom(s, code, passes,
                     typed=_typed_name(s, code, saved[TYPED_NAME]), table_key=host,
                     player=(name[:NAME_MAX], colour if isinstance(colour, int) else None)
                     if isinstance(name, str) and name.strip() else None,
                     player_key=key if player_id(key) else None)  # else a new one
    if token or came_from:
        keep_pref(s.page, s.prefs, passes_key(code), room.passes)
        if room.passes:
            keep_pref(s.page, s.prefs, token_key(code), room.passes[0])
    return room


def phone_language(s: Session, seats: list[str | None], kept) -> None:
    """A phone's language: its seat's (picked on a phone, kept through reloads and play
    again), else the one this tab or browser picked, else its browser's own (``Accept-
    Language``), else the table's."""
    known = LANGUAGES + (PSEUDO,)
    chosen = next((lang for lang in seats if lang in known), None)
    if chosen is None and not s.picked and isinstance(kept, str) and kept in known:
        chosen = kept
    if chosen is not None:
        s.language, s.picked = chosen, True
    elif s.language is None:
        s.language = browser_language(s.page) or host_words().language


@dataclass(frozen=True)
class Route:
    """A path and the screen it opens. The path's parts are matched one by one: a ``{name}``
    part takes any one part (handed to ``screen`` by name), a last ``*`` any parts left
    (none included). ``screen(session, query, host_key, **parts)`` returns the screen (or
    is awaited for it); ``host``: a table route, for the tab that proves the host key only
    (``host_key`` is None on the others)."""

    path: str
    screen: Callable[..., Screen | Awaitable[Screen]]
    host: bool = False

    def match(self, parts: list[str]) -> dict[str, str] | None:
        """The named parts of ``parts`` if this route's path matches them, else None."""
        pattern = [p for p in self.path.split("/") if p]
        rest = pattern[-1:] == ["*"]
        if rest:
            pattern = pattern[:-1]
        if len(parts) < len(pattern) or (not rest and len(parts) != len(pattern)):
            return None
        named = {}
        for want, got in zip(pattern, parts):
            if want.startswith("{") and want.endswith("}"):
                named[want[1:-1]] = got
            elif want != got:
                return None
        return named


# the first route that matches opens its screen; a path none matches opens the landing page
ROUTES = (
    Route("/table", lambda s, query, key: Rooms(s, key), host=True),
    Route("/table/tonight/*", lambda s, query, key: Tonight(s, key), host=True),
    Route("/table/history/*", lambda s, query, key: History(s, key), host=True),
    Route("/table/{code}/pass", _room(PassAndPlay), host=True),
    Route("/table/{code}/*", _room(TableRoom), host=True),
    Route("/join/{code}", _join_screen),
)


def route_for(parts: list[str]) -> tuple[Route, dict[str, str]] | None:
    """The first route of ``ROUTES`` that matches the path's parts, and its named parts."""
    for route in ROUTES:
        named = route.match(parts)
        if named is not None:
            return route, named
    return None


async def _screen_for(s: Session, route: str) -> Screen:
    url = urlparse(route)
    query = dict(parse_qsl(url.query))
    found = route_for([p for p in url.path.split("/") if p])
    if found is None:
        return Landing(s)
    chosen, named = found
    key = _table_key_or_refusal(s, query) if chosen.host else None
    if isinstance(key, Screen):
        return key
    try:
        screen = chosen.screen(s, query, key, **named)
        return await screen if inspect.isawaitable(screen) else screen
    except Refused as e:  # its message, said in the phone's language by the screen
        return Landing(s, e.args[0] if len(e.args) == 1 else str(e))
