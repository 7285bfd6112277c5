"""Game code with a deadline: the one way the companion calls a game's functions.

A game's functions (``setup``, ``apply``, ``with_chance``, ``describe``, ``view``,
``legal_moves``, ``awaits``, ``reminders``, ``outcome``, ``vote_call``, ``ballot_refusal``, and
through them ``phase`` and the guards) may come from a package installed beside the
companion, which the host cannot read before it runs. They run here, in a worker thread of
their room's own, and the caller waits for them at most ``DEADLINE`` seconds:

- a function that returns in time: its value, as if called in place (the common case costs one
  hand-over to the room's thread and back, 20-50 µs);
- a ``RuleError``: raised as it is (the game's own sentence, a refusal);
- any other exception: logged once per place in the game's code, with its traceback, and a
  ``GameFault`` whose sentence the room's screens show instead;
- past the deadline: the room is set aside (every later call of its game is refused at once
  with the same sentence), the host's log names it once with where the game was, and its
  thread is stopped if it is running Python (an exception raised inside it) or else left to
  finish and forgotten. The other rooms never wait on it again.

Why a thread and not a process: a room's state would cross a pipe on every tap (its fold,
each view), and a worker per room costs a process each; a thread hands the state over for
free. What a thread cannot do, a runaway loop in C, keeps one core busy until the host
restarts; a loop in Python (the usual bug) is stopped.

Waiting without holding the host: Flet runs a screen's plain ``def`` handler (a tap) on its one
event loop, and the handler calls the game through the service synchronously (``send`` returns
whether the move was taken). Such a handler runs as a greenlet (loop_bridge.py's ``on_the_loop``,
which companion/flet_seam.py uses for every plain handler): where it waits for a game's call, the
greenlet hands the loop back and the loop awaits the call's future, so every other room,
phone, table and the join page are answered meanwhile; the handler goes on where it was once
the call is done or past its deadline. Elsewhere (a thread, a test) the caller's thread waits.
One path either way: ``Deadline.call`` hands the call to the room's thread and waits for it.
"""
from __future__ import annotations

import ctypes
import logging
import os
import queue
import sys
import threading
import traceback
from concurrent.futures import Future, TimeoutError as FutureTimeout
from typing import Any, Callable

from rules import RuleError

from .errors import GameFault
from .loop_bridge import wait as _wait

log = logging.getLogger(__name__)

# Seconds a game's function may take. The slowest call of the project's own games measured
# 220 ms, and a whole game's replay 230 ms, on 2 cores under a load of 13: 3 s is never reached
# by a working game, and a table that waits 3 s once still sees an answer before it thinks the
# host has hung. COMPANION_GAME_DEADLINE sets it (tests).
DEADLINE = float(os.environ.get("COMPANION_GAME_DEADLINE", "3"))
MOVE_FAILED = "That move failed on the host; the table keeps everything."


class Stopped(BaseException):
    """Raised inside a game's thread that ran past its deadline (a BaseException: a game's
    ``except Exception`` does not swallow it)."""


def fault_place(error: BaseException) -> tuple:
    """Where in the code an exception was raised: its type, file and line."""
    frames = traceback.extract_tb(error.__traceback__)
    return (type(error).__name__, frames[-1].filename, frames[-1].lineno) if frames else (
        type(error).__name__,)


IDLE = 30.0  # seconds a room's thread waits for its next call before it ends


class _Worker:
    """One room's thread: runs its game's calls one at a time, in the order asked. Idle for
    ``IDLE`` seconds, it ends (``retire`` says whether it may: no call came meanwhile), so
    rooms played earlier in the night, and services of tests, keep no thread."""

    def __init__(self, code: str, retire: Callable[["_Worker"], bool]) -> None:
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.retire = retire
        # a daemon: a thread stuck in a game never keeps the host from exiting
        self.thread = threading.Thread(target=self._run, name=f"game-{code}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while True:
                try:
                    job = self.jobs.get(timeout=IDLE)
                except queue.Empty:
                    if self.retire(self):
                        return
                    continue
                if job is None:
                    return
                future, fn, args = job
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    result = fn(*args)
                except Stopped:
                    raise
                except BaseException as e:  # noqa: BLE001 - handed to the caller as it is
                    future.set_exception(e)
                else:
                    future.set_result(result)
        except Stopped:
            return  # abandoned: its caller has gone on without it

    def submit(self, fn: Callable, args: tuple) -> Future:
        future: Future = Future()
        self.jobs.put((future, fn, args))
        return future

    def stop(self) -> None:
        """Stop the thread: at once if it runs Python, else when its call returns."""
        self.jobs.put(None)
        ident = self.thread.ident
        if ident is not None and self.thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident),
                                                       ctypes.py_object(Stopped))


class Deadline:
    """Every call of a game's function, for every room: on the room's own thread, within
    ``deadline`` seconds. ``on_aside(code)`` is told when a room is set aside (its screens
    redraw and say it)."""

    def __init__(self, deadline: float | None = None,
                 on_aside: Callable[[str], None] = lambda code: None) -> None:
        self.deadline = DEADLINE if deadline is None else deadline
        self.on_aside = on_aside
        self._workers: dict[str, _Worker] = {}
        self._aside: dict[str, str] = {}  # room code -> the sentence its screens show
        self._faults: set[tuple] = set()  # where games failed, logged once
        self._lock = threading.Lock()
        self._inside = threading.local()  # the room whose thread this is (a call within a call)

    def aside(self, code: str) -> str | None:
        """Why this room is set aside (None: it is not)."""
        return self._aside.get(code)

    def call(self, code: str, game: Any, what: str, fn: Callable, *args,
             failed: str | None = None, scale: float = 1.0, hand_back: bool = True) -> Any:
        """``fn(*args)``, a call of room ``code``'s game, within the deadline (times
        ``scale``: a replay of a long log is given longer). ``what`` says what it was doing,
        for the log and the sentence ("work out the move 'split'"); ``failed`` is the sentence
        a screen shows if it raises (by default one that names the game and ``what``);
        ``hand_back``: whether a wait on the event loop may let it answer others meanwhile
        (loop_bridge.py; not while the caller holds the store's lock)."""
        sentence = self._aside.get(code)
        if sentence:
            raise GameFault(sentence)
        if getattr(self._inside, "code", None) == code:  # already on the room's thread
            return fn(*args)
        with self._lock:  # held while the call is handed over: its thread cannot retire then
            worker = self._workers.get(code)
            if worker is None:
                worker = self._workers[code] = _Worker(code, self._retire)
            future = worker.submit(self._on_thread, (code, fn, args))
        try:
            return _wait(future, self.deadline * scale, hand_back)
        except FutureTimeout:
            raise GameFault(self._set_aside(code, game, what, worker,
                                            self.deadline * scale)) from None
        except (RuleError, GameFault):
            raise
        except Exception as e:  # a bug in the game: the host's log says where, once
            self.fault(game, what, e)
            title = getattr(game, "title", "This game")
            raise GameFault(failed or f"{title} failed on the host as it tried to {what}. "
                            "The table keeps everything; undo the last move, or end this "
                            "room.") from e

    def _retire(self, worker: _Worker) -> bool:
        """Whether an idle room's thread may end: no call was handed to it meanwhile."""
        with self._lock:
            if not worker.jobs.empty():
                return False
            for code, found in list(self._workers.items()):
                if found is worker:
                    del self._workers[code]
            return True

    def _on_thread(self, code: str, fn: Callable, args: tuple) -> Any:
        self._inside.code = code
        return fn(*args)

    def fault(self, game: Any, what: str, error: BaseException) -> None:
        """Log a game's bug with its traceback, once per place in the code it comes from: a
        guest repeating the move that hits it cannot flood the host's terminal."""
        key = getattr(game, "key", "?")
        place = (key, *fault_place(error))
        with self._lock:
            if place in self._faults:
                return
            self._faults.add(place)
        log.error("Game %r failed on the host as it tried to %s.", key, what, exc_info=error)

    def set_aside(self, code: str, game: Any, sentence: str) -> str:
        """Set a room aside with ``sentence`` (a room whose log no longer replays), named in
        the log once; returns the sentence its screens show (the first one, if it was set
        aside already)."""
        with self._lock:
            if code in self._aside:
                return self._aside[code]
            self._aside[code] = sentence
        log.error("Game %r: room %s is set aside: %s", getattr(game, "key", "?"), code, sentence)
        self.on_aside(code)
        return sentence

    def _set_aside(self, code: str, game: Any, what: str, worker: _Worker,
                   waited: float) -> str:
        title = getattr(game, "title", "This game")
        seconds = f"{waited:.3g} second" + ("" if waited == 1 else "s")
        sentence = (f"This game's move did not finish: {title} took more than "
                    f"{seconds} to {what}, so room {code} is set aside. "
                    "The other rooms go on, and nothing written here is lost; restart the "
                    "host to open this room again.")
        with self._lock:
            if code in self._aside:  # another caller got there first
                return self._aside[code]
            self._aside[code] = sentence
            self._workers.pop(code, None)
        frame = sys._current_frames().get(worker.thread.ident)  # where the game was stuck
        where = "".join(traceback.format_stack(frame)) if frame is not None else ""
        worker.stop()
        log.error("Game %r in room %s did not finish within %s as it tried to %s: the room "
                  "is set aside.\nIt was at:\n%s", getattr(game, "key", "?"), code,
                  seconds, what, where)
        self.on_aside(code)
        return sentence
