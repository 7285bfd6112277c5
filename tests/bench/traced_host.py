"""The host (``python -m companion``) with a timestamp at each step of a tap, switched on and
off from outside like profiled_host.py (SIGUSR1 on, SIGUSR2 off and written to the file named
first as JSON lines): a frame received, the tap's event dispatched, the cast, its commit, the
news published, each screen's redraw, each frame handed to the websocket. No profiler: the
steps' times are what a tap costs, not what cProfile adds (not a test).

    python tests/bench/traced_host.py OUT.jsonl [companion's arguments]
"""
import functools
import json
import runpy
import signal
import sys
import time

out, sys.argv = sys.argv[1], ["companion"] + sys.argv[2:]
events: list = []
on = False


def mark(name: str, **extra) -> None:
    if on:
        events.append({"t": time.perf_counter() * 1000, "what": name, **extra})


def traced(owner, attr: str, name: str, detail=None) -> None:
    inner = getattr(owner, attr)

    if hasattr(inner, "__code__") and inner.__code__.co_flags & 0x80:  # a coroutine function
        @functools.wraps(inner)
        async def wrapper(*args, **kwargs):
            mark(name + " start", **(detail(*args) if detail else {}))
            try:
                return await inner(*args, **kwargs)
            finally:
                mark(name + " end")
    else:
        @functools.wraps(inner)
        def wrapper(*args, **kwargs):
            mark(name + " start", **(detail(*args) if detail else {}))
            try:
                return inner(*args, **kwargs)
            finally:
                mark(name + " end")
    setattr(owner, attr, wrapper)


def install() -> None:
    from flet.messaging.session import Session

    from companion import door, hub, rooms, store
    from views.screen import Screen

    traced(Session, "dispatch_event", "dispatch")
    traced(rooms.TableService, "cast", "cast")
    traced(hub.Hub, "publish", "publish", lambda self, topic, what="changed": {"news": what})
    traced(Screen, "_redraw", "redraw", lambda self: {"screen": type(self).__name__})
    traced(door._Watched, "send", "send", lambda self, message: {
        "bytes": len(message.get("bytes") or b"") if isinstance(message, dict) else 0,
        "socket": id(self)})
    receive = door._Watched.receive

    async def received(self):
        message = await receive(self)
        mark("frame in", socket=id(self), bytes=len(message.get("bytes") or b""))
        return message
    door._Watched.receive = received
    commit = store.Store.transaction

    def transaction(self):
        cm = commit(self)

        class Timed:
            def __enter__(self_):
                try:
                    return cm.__enter__()
                finally:
                    mark("transaction begun")

            def __exit__(self_, *exc):
                mark("commit start")  # the writes are done: what follows is COMMIT (fsync)
                try:
                    return cm.__exit__(*exc)
                finally:
                    mark("committed")
        return Timed()
    store.Store.transaction = transaction


def switch(state: bool) -> None:
    global on
    on = state
    if not state:
        with open(out, "w") as f:
            for e in events:
                f.write(json.dumps(e) + "\n")


install()
signal.signal(signal.SIGUSR1, lambda *_: switch(True))
signal.signal(signal.SIGUSR2, lambda *_: switch(False))
runpy.run_module("companion", run_name="__main__")
