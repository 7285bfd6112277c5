"""Every screen of a game drawn without a browser, in every state of a play: for the
project's tests (tests/views/test_panels.py runs it over every registered game) and for a
game kept in its own package, whose tests call ``check_screens(key, plays(0), tmp_path)``.

The real table screen and the real phone screens (views/table.py, views/phone.py with the
game's panels) are built on a page that goes nowhere and redrawn after every move: a screen
that raises on some state of its game fails here, long before a table night finds it.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import flet as ft

from companion.rooms import TableService
from companion.store import Store
from companion.testing import act, play_vote

from .phone import PhoneRoom
from .screen import Session, Urls
from .table import TableRoom

MOVES = 40  # of each play: enough to reach the phases, short enough for CI


class NowherePage:
    """A page with no browser: updates go nowhere, tasks are not run."""

    client_ip = "127.0.0.1"
    route = "/"

    def update(self, *controls) -> None:
        pass

    def run_task(self, fn, *args, **kwargs) -> None:
        coroutine = fn(*args, **kwargs)
        if hasattr(coroutine, "close"):
            coroutine.close()

    def show_dialog(self, dialog) -> None:
        dialog.open = True

    def pop_dialog(self) -> None:
        pass


async def nowhere(route: str) -> None:
    pass


def buttons(control) -> list:
    """Every enabled, visible button under ``control``."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if c is None or getattr(c, "visible", True) is False:
            continue
        if isinstance(c, (ft.Button, ft.FilledButton, ft.OutlinedButton, ft.TextButton)) \
                and not getattr(c, "disabled", False):
            found.append(c)
        for attr in ("controls", "content", "actions"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child])
    return found


def words(control) -> list[str]:
    """Every string a control tree carries (shown or not, enabled or not): what its frames
    could send to the browser."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        for attr in ("value", "label", "hint_text", "tooltip", "semantics_label", "content"):
            if isinstance(getattr(c, attr, None), str):
                found.append(getattr(c, attr))
        for attr in ("controls", "content", "actions"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else
                         [child] if isinstance(child, ft.Control) else [])
    return found


def check_screens(key: str, play: Any, folder: Path, moves: int = MOVES) -> int:
    """Draw the table's and every seat's screen after each of the first ``moves`` moves of
    ``play`` (a ``rules.testing.Play``), the ballot box casting every vote; returns how many
    screens were drawn. The database is a real file in ``folder``."""
    store = Store(Path(folder) / "companion.db")
    try:
        sv = TableService(store)
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        code = sv.create_room(sv.host_key, key)
        tokens = {name: sv.join(code, name)[1] for name in play.players}
        table = TableRoom(session, sv.host_key, code)
        screens = [table, *(PhoneRoom(session, code, [t]) for t in tokens.values())]
        for screen in screens:
            screen.refresh(force=True)
        sv.start(sv.host_key, code, play.options)
        rng, drawn = random.Random(0), 0
        for action in play.actions[:moves]:
            # the ballot box makes its own results
            if action.move == "vote_result" or not act(sv, code, tokens, action):
                continue
            play_vote(sv, code, rng)
            for screen in screens:
                screen.refresh(force=True)  # raises if any part of any screen cannot draw
                drawn += 1
            assert buttons(table.root), "the table has no next step and no way home"
        assert drawn, "the play made no move at all"
        return drawn
    finally:
        store.close()
