"""A small publish/subscribe hub: tells every open screen of a room that its state changed.

It knows nothing of Flet; a screen subscribes a callback and redraws itself when called.
Callbacks run on the publisher's thread (Flet's event loop), so they must be quick. Screens
the whole table watches subscribe ``first``: they are told before the others, so a change
reaches the table before any phone's screen does work for it.
"""
from __future__ import annotations

import itertools
import logging
import threading
from typing import Callable

log = logging.getLogger(__name__)


# What a ballot into a vote still open changes: the table's count and the voter's own screens,
# nobody else's ("ballot:Ana"; in this process only, and who has voted is no secret: the
# table shows it). Phones holding other seats skip it (views/phone.py: PhoneRoom.wants).
BALLOT = "ballot:"


def ballot_in(voter: str) -> str:
    return BALLOT + voter


class Hub:
    def __init__(self) -> None:
        self._subs: dict[int, tuple[str, Callable[[str], None], bool]] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def subscribe(self, topic: str, callback: Callable[[str], None], first: bool = False) -> int:
        with self._lock:
            sub = next(self._ids)
            self._subs[sub] = (topic, callback, first)
            return sub

    def unsubscribe(self, sub: int) -> None:
        with self._lock:
            self._subs.pop(sub, None)

    def publish(self, topic: str | None, what: str = "changed") -> None:
        """Tell the screens of ``topic``; None tells every screen (the host's own news)."""
        with self._lock:
            targets = [cb for t, cb, first in sorted(self._subs.values(), key=lambda s: not s[2])
                       if topic is None or t == topic]
        for callback in targets:
            try:
                callback(what)
            except Exception:  # one broken screen must not stop the others
                log.exception("subscriber of %s failed", topic)
