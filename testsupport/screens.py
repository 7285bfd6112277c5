"""Screens drawn without a browser, as the views' tests read and press them (tests/views): the
words on a control, a press of a ballot's button, a page whose tasks run at once and the
announcements it would make. (``views.testing`` holds what a game's own tests need too.)"""
from __future__ import annotations

import flet as ft

from views.testing import NowherePage, buttons


def texts(control) -> list[str]:
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if c is None:
            continue
        if isinstance(c, ft.Text) and c.value:
            found.append(c.value)
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child])
    return found


def press(ballot, label: str) -> None:
    button, = [b for b in buttons(ballot.root) if b.content == label]
    button.on_click(None)


class Speaker:
    """Stands for Flet's SemanticsService: the words the page would announce."""

    def __init__(self) -> None:
        self.said: list[str] = []

    async def announce_message(self, words: str) -> None:
        self.said.append(words)


class TaskPage(NowherePage):
    """A page whose tasks run at once (there is no loop to wait for)."""

    def run_task(self, fn, *args, **kwargs) -> None:
        coroutine = fn(*args, **kwargs)
        try:
            coroutine.send(None)
        except StopIteration:
            pass
