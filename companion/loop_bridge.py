"""Plain code on the event loop that may wait without holding it (issue 50).

Flet runs a screen's plain ``def`` handler on its one event loop, and a tap calls the game
through the service synchronously (deadline.py). ``on_the_loop`` runs such code as a greenlet
on the loop; ``wait``, called inside it for a game's call (``Deadline.call``), hands the loop
back until the call is done or past its time, so every other session and request is answered
meanwhile; then the code goes on where it was. Called anywhere else (a thread, a test), ``wait``
blocks its thread. The screens' controls are still touched by the loop's thread alone.
Imports nothing of the companion: deadline.py, flet_seam.py and the views take it.
"""
from __future__ import annotations

import asyncio
import sys
from concurrent.futures import Future
from typing import Any, Callable

import greenlet


class _OnTheLoop(greenlet.greenlet):
    """Plain code run on the event loop whose waits for a game hand the loop back."""

    def __init__(self, fn: Callable, parent: greenlet.greenlet) -> None:
        super().__init__(fn, parent)
        self.gr_context = parent.gr_context  # the task's context variables (Flet's page)


async def on_the_loop(fn: Callable, *args) -> Any:
    """``fn(*args)``, plain code, run on the event loop such that each wait for a game's call
    inside it (``Deadline.call``) awaits the call instead of blocking the loop."""
    code = _OnTheLoop(fn, greenlet.getcurrent())
    asked = code.switch(*args)
    while not code.dead:  # it asked for a wait: the loop waits, then hands back what came
        try:
            value = await asked
        except BaseException:  # noqa: BLE001 - handed back to where it waited
            asked = code.throw(*sys.exc_info())
        else:
            asked = code.switch(value)
    return asked


async def _settled(future: Future, timeout: float) -> None:
    waited = asyncio.wrap_future(future)
    await asyncio.wait([waited], timeout=timeout)
    if waited.done() and not waited.cancelled():
        waited.exception()  # read from ``future`` by the caller: asyncio need not log it


def wait(future: Future, timeout: float, hand_back: bool = True) -> Any:
    """A game call's result, waited for at most ``timeout`` seconds: inside ``on_the_loop``
    the loop answers others meanwhile; elsewhere the thread waits. ``hand_back=False``: the
    caller holds a lock that code on the same thread could take again (an ``RLock``, such as
    the store's: another greenlet on the loop would walk into its open transaction), so the
    loop waits too."""
    current = greenlet.getcurrent()
    if hand_back and isinstance(current, _OnTheLoop):
        current.parent.switch(_settled(future, timeout))
        timeout = 0  # settled, or past its time
    return future.result(timeout=timeout)
