"""The Flet entry point: one session per browser tab, routed to the table or a phone screen.

Routes: ``/table?k=KEY`` (the rooms), ``/table/CODE`` (a room on the table screen),
``/table/CODE/pass`` (pass-and-play), ``/join/CODE`` (a phone; ``?t=TOKEN`` to rejoin a
seat), ``/`` (type a room code).
"""
from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qsl, urlparse

import flet as ft

from companion.errors import Refused
from companion.rooms import TableService, normalize_code

from .phone import Landing, PhoneRoom, token_key
from .screen import PREFIX, Screen, Session, Urls
from .table import NotTable, PassAndPlay, Rooms, TableRoom

log = logging.getLogger(__name__)
HOST_KEY = f"{PREFIX}host"


def make_main(service: TableService, urls: Urls):
    async def main(page: ft.Page) -> None:
        page.title = "Table companion"
        page.theme_mode = ft.ThemeMode.DARK
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.AMBER)
        page.padding = 16
        prefs = ft.SharedPreferences()
        page.update()  # the browser must know the service before the first question to it
        current: dict[str, Screen | None] = {"screen": None}

        async def navigate(route: str) -> None:
            await page.push_route(route)

        session = Session(page, service, urls, prefs, navigate)

        async def show(route: str) -> None:
            old = current["screen"]
            if old:
                old.stop()
            screen = await _screen_for(session, route)
            current["screen"] = screen
            page.controls = [ft.SafeArea(screen.root, expand=True)]
            try:
                await screen.start()
            except Exception:  # never a blank phone: say so, and log the cause for the host
                log.exception("screen %s failed", route)
                screen.stop()
                current["screen"] = None
                page.controls = [ft.Text("Something went wrong on this screen. "
                                         "Reload the page; the table keeps everything.", size=20)]
                page.update()

        async def on_route_change(e: ft.RouteChangeEvent) -> None:
            await show(e.route)

        def on_disconnect(e=None) -> None:
            screen = current["screen"]
            if isinstance(screen, PhoneRoom):
                screen.disconnected()

        def on_connect(e=None) -> None:
            screen = current["screen"]
            if isinstance(screen, PhoneRoom):
                screen.reconnected()

        def on_close(e=None) -> None:
            screen = current["screen"]
            if screen:
                screen.stop()

        page.on_route_change = on_route_change
        page.on_disconnect = on_disconnect
        page.on_connect = on_connect
        page.on_close = on_close
        await show(page.route or "/")

    return main


async def read_pref(prefs: ft.SharedPreferences, key: str, tries: int = 3):
    """The browser's stored value; a browser still reconnecting gets asked again."""
    for attempt in range(tries):
        try:
            return await prefs.get(key)
        except (RuntimeError, TimeoutError):
            log.warning("the browser did not answer for %s (try %d)", key, attempt + 1)
            await asyncio.sleep(0.5)
    return None


async def _screen_for(s: Session, route: str) -> Screen:
    url = urlparse(route)
    query = dict(parse_qsl(url.query))
    parts = [p for p in url.path.split("/") if p]
    sv = s.service
    try:
        if parts[:1] == ["table"]:
            key = query.get("k")
            if key and sv.is_host(key):
                await s.prefs.set(HOST_KEY, key)
            else:
                key = await read_pref(s.prefs, HOST_KEY)
            if not sv.is_host(key):
                return NotTable(s)
            if len(parts) == 1:
                return Rooms(s, key)
            code = normalize_code(parts[1])
            sv.room(code)
            if len(parts) == 3 and parts[2] == "pass":
                return PassAndPlay(s, key, code)
            return TableRoom(s, key, code)
        if parts[:1] == ["join"] and len(parts) == 2:
            code = normalize_code(parts[1])
            sv.room(code)
            token = query.get("t")
            if token:
                # a rejoin code from the table: keep it, then drop it from the address bar
                sv.seat_by_token(code, token)
                await s.prefs.set(token_key(code), token)
            else:
                token = await read_pref(s.prefs, token_key(code))
            return PhoneRoom(s, code, token)
    except Refused as e:
        return Landing(s, str(e))
    return Landing(s)
