"""The one seam between the companion and the insides of Flet, flet-web and uvicorn.

Everything that reaches past their public API lives here and nowhere else: the name-mangled
attributes read, the methods replaced (``mend_flet``), uvicorn's protocol classes extended
(``guarded_protocols``). The rest of the companion calls the named functions below. Each
reach says why, and which upstream behaviour (or issue) it works around; "upstream" means
flet-dev/flet as read in its 1.0.5 release and on its 0.86 branch (9cab8f9, 2026-08-06),
where each of these behaviours is still the same.

They hold for the versions in ``TESTED`` only, so the host refuses any other at start
(``refusal``, one sentence), and ``mend_flet`` refuses to serve when a point it mends is
missing, rather than serve unmended. pyproject.toml pins the same versions.

Upgrading Flet or uvicorn: install the new versions, read each reach below against the new
source, run tests/security file by file and tests/companion, then change ``TESTED`` and the
pins in pyproject.toml together.
"""
from __future__ import annotations

import importlib
import inspect
import logging

log = logging.getLogger(__name__)

# The versions this seam was read against and tested with (pyproject.toml pins the same).
TESTED = {"flet": "1.0.5", "flet-web": "1.0.5", "uvicorn": "0.55.0"}
# where each package says its own version: the single file (PyInstaller) carries no
# distribution metadata for importlib.metadata to read
_VERSION_AT = {"flet": ("flet.version", "flet_version"),
               "flet-web": ("flet_web.version", "version"),
               "uvicorn": ("uvicorn", "__version__")}

try:  # the classes the seam reaches into; absent only in a version the host refuses
    import h11
    from flet.controls import base_control
    from flet.controls.base_control import BaseControl
    from flet.messaging.session import Session
    from flet_web.fastapi.flet_app import FletApp
    from flet_web.fastapi.flet_app_manager import app_manager
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError as e:  # pragma: no cover - said by refusal() and mend_flet() instead
    _IMPORT_PROBLEM: str | None = str(e)
    h11 = Session = FletApp = app_manager = H11Protocol = WebSocketsSansIOProtocol = None
else:
    _IMPORT_PROBLEM = None


class FletChanged(Exception):
    """Flet or uvicorn is not what this seam was written for; the message says so in a
    sentence (the host prints it and does not start)."""


# --- versions ----------------------------------------------------------------------------
def installed() -> dict[str, str | None]:
    """The installed version of each package in ``TESTED`` (None: not installed)."""
    found = {}
    for name, (module, attribute) in _VERSION_AT.items():
        try:
            found[name] = str(getattr(importlib.import_module(module), attribute))
        except (ImportError, AttributeError):
            found[name] = None
    return found


def refusal() -> str | None:
    """None when the installed Flet, flet-web and uvicorn are the tested ones and every point
    ``mend_flet`` mends is there; else the sentence the host says instead of starting."""
    untested = [(name, version) for name, version in installed().items()
                if version != TESTED[name]]
    if not untested:
        return _unmendable()
    have = ", ".join(f"{name} {version}" if version else f"no {name}"
                     for name, version in untested)
    want = " ".join(f'"{name}=={TESTED[name]}"' for name, _ in untested)
    tested = ", ".join(f"{name} {version}" for name, version in TESTED.items())
    return (f"This companion reaches into Flet and uvicorn and was tested with {tested} only, "
            f"but this Python has {have}: install the tested versions "
            f"(pip install {want}) and start again.")


def check() -> None:
    """At the host's start: FletChanged, with ``refusal``'s sentence, unless the installed
    versions are the tested ones and every point ``mend_flet`` mends is there."""
    untested = refusal()
    if untested:
        raise FletChanged(untested)


# --- what a page's connection saw at its handshake ---------------------------------------
def connection_address(page) -> str | None:
    """The address Flet's connection took from the ASGI scope (the door's ``scope["client"]``)
    when the websocket opened, or None (no session, a destroyed one, no address).

    Why private: Flet's only public copy is ``page.client_ip``, a page property the browser
    can patch (UPDATE_CONTROL_PROPS applies any page prop the client sends); the
    connection's ``FletApp.__client_ip`` is where the guest cannot write. Upstream has no
    accessor for it."""
    try:
        connection = page.session.connection
    except Exception:  # no session, or a destroyed one
        return None
    return getattr(connection, "_FletApp__client_ip", None) or None


def handshake_websocket(page):
    """The Starlette websocket a Flet page's session came through (its ``scope`` and
    ``cookies`` are the handshake's), or None (no session, or its client went away).

    Why private: the host key and the browser's "keeps nothing" travel as cookies in the
    websocket's handshake, and Flet keeps the websocket as ``FletApp.__websocket`` with no
    accessor (it copies only the user agent and the address onto the page)."""
    try:
        return page.session.connection._FletApp__websocket
    except Exception:  # no session, or a destroyed one
        return None


def flet_sessions() -> list:
    """Flet's sessions alive in this process (for tests and benchmarks that count them).

    Why private: the app manager keeps them as ``FletAppManager.__sessions``; upstream
    offers only a lookup by id."""
    return list(app_manager._FletAppManager__sessions.values())


# --- the five mends of Flet's websocket handler -------------------------------------------
# Every name-mangled point mend_flet replaces or reads; a missing one stops the start.
_FLET_POINTS = {
    "FletApp": ("_FletApp__receive_loop", "_FletApp__send_loop",
                "_FletApp__on_session_created", "dispose", "handle"),
    "Session": ("handle_invoke_method_results", "error"),
    "BaseControl": ("_trigger_event",),
}


def _missing_points() -> list[str]:
    if _IMPORT_PROBLEM:
        return [_IMPORT_PROBLEM]
    owners = {"FletApp": FletApp, "Session": Session, "BaseControl": BaseControl}
    return [f"{owner}.{name}" for owner, names in _FLET_POINTS.items()
            for name in names if not callable(getattr(owners[owner], name, None))]


def _unmendable() -> str | None:
    """The sentence for a Flet whose mended points are not all there (None: they are)."""
    if getattr(FletApp, "_companion_mended", False):
        return None
    missing = _missing_points()
    if not missing:
        return None
    return (f"The installed Flet is not the one this companion mends ({', '.join(missing)} "
            f"is missing): install flet=={TESTED['flet']} and flet-web=={TESTED['flet-web']} "
            "and start again.")


def mend_flet(crashed: str) -> None:
    """Mend six behaviours of Flet 1.0.5 (five of its websocket handler, one of its event
    dispatch), once per process; ``crashed``
    is the sentence a phone is shown in place of a crashed screen's traceback.

    Raises FletChanged, changing nothing, when a point it mends is missing (a Flet the
    version check would refuse): serving unmended would leak memory with every phone.
    tests/security (test_door, test_guests, test_bounded) fails if one stops working."""
    if getattr(FletApp, "_companion_mended", False):
        return
    problem = _unmendable()
    if problem:
        raise FletChanged(problem)
    _stop_send_loop_always()
    _failed_send_is_goodbye()
    _keep_the_session_while_main_runs()
    _late_answers_dropped()
    _crash_without_traceback(crashed)
    _plain_handlers_wait_off_the_loop()
    FletApp._companion_mended = True


def _stop_send_loop_always() -> None:
    """Mend 1, a leak. Upstream: ``FletApp.__receive_loop`` puts the send loop's stop
    (None) on the queue only ``if self.__session``, so a websocket that ends before it
    registers a session leaves ``__send_loop`` (and the connection with it, about 69 KB)
    waiting forever. Here the receive loop always tells it. No upstream issue found."""
    receive = FletApp._FletApp__receive_loop

    async def receive_loop(self):
        try:
            await receive(self)
        finally:
            queue = getattr(self, "_FletApp__send_queue", None)
            if getattr(self, "_FletApp__session", None) is None and queue is not None:
                queue.put_nowait(None)

    FletApp._FletApp__receive_loop = receive_loop


def _failed_send_is_goodbye() -> None:
    """Mend 2, a leak. Upstream: ``FletApp.__send_loop`` re-raises a failed
    ``send_bytes`` (its "re-enqueue" is commented out), so ``handle`` never reaches
    ``disconnect_session``: the session of a client gone mid-send never expires and keeps
    its screen listening to the room. Here a failed send ends the loop like a goodbye.
    No upstream issue found."""
    send = FletApp._FletApp__send_loop

    async def send_loop(self):
        try:
            await send(self)
        except Exception:  # the client is gone; its receive loop ends the session
            log.debug("send to a departed client failed", exc_info=True)
            self._FletApp__websocket = None  # the queue stays: the receive loop still posts to it

    FletApp._FletApp__send_loop = send_loop


def _keep_the_session_while_main_runs() -> None:
    """Mend 3, a race. Upstream: a phone that leaves while its screen is still being drawn
    gets its connection disposed, and ``FletApp.dispose`` drops ``__session``; when ``main``
    returns, ``__on_session_created`` calls ``self.__session.after_event`` on None and logs
    "Unhandled error processing page session" with a traceback, one per departed phone.
    Here a connection disposed while ``main`` runs lets go of its session when ``main``
    returns. No upstream issue found."""
    created, dispose = FletApp._FletApp__on_session_created, FletApp.dispose

    async def on_session_created(self):
        self._companion_drawing = True
        try:
            await created(self)
        finally:
            self._companion_drawing = False
            if getattr(self, "_companion_disposed", False):
                dispose(self)

    def dispose_after_main(self):
        if getattr(self, "_companion_drawing", False):
            self._companion_disposed = True  # main still runs on the session: keep it till then
        else:
            dispose(self)

    FletApp._FletApp__on_session_created = on_session_created
    FletApp.dispose = dispose_after_main


def _late_answers_dropped() -> None:
    """Mend 4. Upstream: ``Session.handle_invoke_method_results`` raises "Control with ID N
    is not registered" for the browser's answer to a method call on a control the screen
    removed meanwhile (the focus moved to a new move's button, and a redraw replaced it);
    raised in the receive loop, it ends the loop and the phone's connection, and the
    screen's next updates are lost until it reconnects. Here such a late answer is dropped
    and its caller told the control has gone (``Session.__method_calls`` and
    ``__method_call_results`` are where the caller waits). No upstream issue found."""
    handle = Session.handle_invoke_method_results

    def handle_late(self, control_id, call_id, result, error):
        try:
            handle(self, control_id, call_id, result, error)
        except RuntimeError:
            log.debug("a late answer for removed control %s dropped", control_id)
            # the caller waits no longer: it hears that the control has gone
            evt = self._Session__method_calls.pop(call_id, None)
            if evt is not None:
                self._Session__method_call_results[evt] = (None, "the control was removed")
                evt.set()

    Session.handle_invoke_method_results = handle_late


def _crash_without_traceback(crashed: str) -> None:
    """Mend 5. Upstream: a screen's unhandled error is sent to the browser that caused it
    (``Session.error``, with the traceback for ``before_main``), which shows it on the
    phone; flet-dev/flet#5430 ("Custom error page/handler", open) asks for a way to change
    that. Here the host's log keeps the message, the phone gets ``crashed``."""
    send_crash = Session.error

    def error(self, message: str) -> None:
        log.error("a screen failed: %s", message)
        send_crash(self, crashed)

    Session.error = error


def _plain_handlers_wait_off_the_loop() -> None:
    """Mend 6 (issue 50). Upstream: ``BaseControl._trigger_event`` calls a plain ``def``
    handler (``on_click``...) right on the event loop, so a tap whose game is slow held every
    room, phone and join page until the game's deadline. Here a plain handler runs through
    ``loop_bridge.on_the_loop``: still on the loop (a screen's controls are touched by one thread),
    but where it waits for a game's call the loop goes on. The rest is upstream's, line for
    line: the event made, ``before_event``, the page's context, the auto-update after it.
    Async and generator handlers go to upstream's method unchanged."""
    from .loop_bridge import on_the_loop

    trigger = BaseControl._trigger_event

    async def trigger_event(self, event_name, event_data, e=None):
        field_name = f"on_{event_name}"
        handler = getattr(self, field_name, None)
        if (handler is None or not callable(handler) or inspect.iscoroutinefunction(handler)
                or inspect.isasyncgenfunction(handler) or inspect.isgeneratorfunction(handler)
                or base_control.get_event_field_type(self, field_name) is None):
            return await trigger(self, event_name, event_data, e)
        if e is None:
            event_type = base_control.get_event_field_type(self, field_name)
            if event_type == base_control.ControlEvent or not isinstance(event_data, dict):
                e = base_control.ControlEvent(control=self, name=event_name, data=event_data)
            else:
                e = base_control.from_dict(event_type, {"control": self, "name": event_name,
                                                        **(event_data or {})})
        handle_event = self.before_event(e)
        if handle_event is None or handle_event:
            base_control._context_page.set(self.page)
            base_control.context.reset_auto_update()
            if not self.page:
                raise RuntimeError("Control must be added to a page before triggering events.")
            session = self.page.session
            if base_control.get_param_count(handler) == 0:
                await on_the_loop(handler)
            else:
                await on_the_loop(handler, e)
            await session.after_event(session.index.get(self._i))

    BaseControl._trigger_event = trigger_event


# --- uvicorn's protocols, counted and timed ----------------------------------------------
def guarded_protocols(connections, header_timeout: float) -> tuple[type, type]:
    """uvicorn's h11 and websocket protocol classes (``http=`` and ``ws=`` of its Config)
    extended so that every connection is counted by ``connections`` (``admit`` on open,
    ``release`` once when it ends, websockets included) and has ``header_timeout`` seconds
    to send a request's headers.

    Why private: uvicorn has no timeout for a request's headers (encode/uvicorn#157, its
    "--timeout-request-start", still open; its keep-alive timeout starts only after a first
    response, #160) and no cap per address, so idle and slowloris connections were held
    until the host ran out of open files. The extension uses uvicorn's protocol internals:
    ``client``, ``loop``, ``transport``, its h11 ``conn`` and ``handle_websocket_upgrade``."""
    if _IMPORT_PROBLEM:
        raise FletChanged(f"The installed uvicorn is not the one this companion was tested "
                          f"with: install uvicorn=={TESTED['uvicorn']} and start again.")
    # (names of their own: uvicorn's protocols have a ``connections`` of theirs, the server's)
    bound = {"counted_by": connections, "header_timeout": header_timeout}
    return (type("GuardedH11", (_CountedH11, H11Protocol), bound),
            type("GuardedWebSocket", (_ReleasedWebSocket, WebSocketsSansIOProtocol), bound))


class _ReleasedWebSocket:
    """A websocket upgraded from a counted connection: released when it ends (mixed into
    uvicorn's WebSocketsSansIOProtocol by ``guarded_protocols``)."""
    counted_by = None

    def connection_lost(self, exc) -> None:
        super().connection_lost(exc)
        if not getattr(self, "_released", False):
            self._released = True
            self.counted_by.release((self.client or ("", 0))[0])


class _CountedH11:
    """uvicorn's H11Protocol counted per address and with a deadline for a request's
    headers (mixed in by ``guarded_protocols``)."""
    counted_by = None
    header_timeout = 10.0

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._address = (self.client or ("", 0))[0]
        self._header_timer = None
        self._upgraded = False
        self.idle_since = self.loop.time()
        self._counted = self.counted_by.admit(self._address, self)
        if not self._counted:  # too many from here: closed before a byte is read
            transport.abort()
            return
        self._arm()

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.abort()  # no request in time (idle, or headers dribbled in)

    def idle(self) -> bool:
        """Between requests (or before the first), nothing on its way either way."""
        return (self._counted and not self._upgraded and not self.transport.is_closing()
                and self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE)

    def close_idle(self) -> None:
        """Closed for a newer connection while the guests' share is full."""
        self._disarm()
        if self._counted:
            self._counted = False
            self.counted_by.release(self._address, self)
        self.transport.abort()

    def on_response_complete(self) -> None:
        self.idle_since = self.loop.time()
        super().on_response_complete()

    def data_received(self, data: bytes) -> None:
        self.idle_since = self.loop.time()
        super().data_received(data)
        if self._upgraded or self.transport.is_closing():
            return
        if self.conn.their_state is h11.IDLE:
            self._arm()  # a request is on its way: its headers have header_timeout
        else:
            self._disarm()

    def handle_websocket_upgrade(self, event) -> None:
        self._disarm()
        self._upgraded = True  # the websocket's protocol releases the count
        self.counted_by.forget(self._address, self)  # a websocket is never idle here
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc) -> None:
        super().connection_lost(exc)
        self._disarm()
        if self._counted and not self._upgraded:
            self._counted = False
            self.counted_by.release(self._address, self)
