"""The ASGI app: Flet's web app (no CDN) behind the door and the precompressed static files."""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import flet as ft
import flet_web.fastapi as flet_fastapi
import uvicorn
from flet.messaging.session import Session
from flet_web.fastapi.flet_app import FletApp

from .door import Door
from .headers import SecurityHeaders
from .host_key import HostKeyCookie
from .join_form import JoinForm
from .static import CompressedFiles, PrecompressedStatic
from .wire import KEEP_ALIVE, Connections, protocols

log = logging.getLogger(__name__)

WEB_ASSETS = Path(__file__).parent / "web"
# A phone asleep longer than this comes back through a new session to the same seat (its seat
# pass is in the browser), so a session that left is let go of within a minute (Flet sweeps
# every 10 s): a guest registering and leaving at the allowed rate cannot pile up memory.
SESSION_TIMEOUT = 40
HEADER_LIMIT = 16 * 1024  # a request line or header block longer than this is refused (431/400)
FRAME_LIMIT = 1024 * 1024  # the biggest websocket frame a screen ever sends is a few KB
# a phone that vanished without closing (Wi-Fi gone, battery out) is noticed within ~5 s
PING_INTERVAL, PING_TIMEOUT = 2.5, 2.5


def build_app(main, files: CompressedFiles | None = None, host_check=None, service=None,
              **door_limits):
    """``host_check(key, address)``: whether a key a table URL offers is the host key
    (``TableService.host_key_from``); without it, no URL's key becomes the table's cookie.
    ``service`` (the TableService) lets the join page's form take a seat (``JoinForm``)."""
    mend_flet()
    app = flet_fastapi.app(
        main,
        no_cdn=True,  # the table may have no internet at all
        assets_dir=str(WEB_ASSETS),
        app_name="Table companion",
        app_short_name="Companion",
        app_description="The table companion for board games.",
        web_renderer=ft.WebRenderer.AUTO,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
        session_timeout_seconds=SESSION_TIMEOUT,
    )
    # every HTTP request is answered by the static layer (Flet keeps its websocket only), and
    # every response, refusals at the door included, carries the security headers
    static = PrecompressedStatic(app, files or CompressedFiles())
    check = host_check or (lambda key, address: False)
    return SecurityHeaders(Door(HostKeyCookie(JoinForm(static, service), check), **door_limits))


def server_config(app, host: str, port: int) -> uvicorn.Config:
    """The limits a hostile guest must not get past.

    h11 rather than httptools: httptools keeps reading a header line that never ends (the
    whole server stalls and its memory grows with every byte), h11 refuses it at HEADER_LIMIT.
    Each connection is h11's with the limits of ``wire.py`` (a header timeout, a keep-alive
    timeout, a cap per address and for guests together).
    """
    http, ws = protocols(Connections())
    return uvicorn.Config(app, host=host, port=port, log_level="warning", http=http,
                          h11_max_incomplete_event_size=HEADER_LIMIT, ws=ws,
                          timeout_keep_alive=KEEP_ALIVE,
                          ws_max_size=FRAME_LIMIT, ws_ping_interval=PING_INTERVAL,
                          ws_ping_timeout=PING_TIMEOUT)


def serve(app, host: str, port: int, started=None) -> None:
    """Serve until stopped; ``started()`` is called (in a thread of its own) once it listens."""
    server = uvicorn.Server(server_config(app, host, port))
    if started:
        def when_started():
            while not server.started and not server.should_exit:
                time.sleep(0.05)
            if server.started:
                started()
        threading.Thread(target=when_started, name="when-started", daemon=True).start()
    server.run()


def mend_flet() -> None:
    """Five mends of Flet 1.0.5: the four below, and ``Session.error`` (no traceback to a browser).

    - A websocket that ends before it registers a session: the receive loop tells the send
      loop to stop only when a session exists, so the send loop (and the connection with it)
      waits forever, about 69 KB each, for good. Here the receive loop always tells it.
    - A client that goes away while the server is sending to it: the send loop raises, so the
      handler never disconnects the session, which then never expires and keeps its screen
      listening to the room. Here a failed send ends the send loop like a goodbye.
    - A phone that leaves (or sleeps) while its screen is still being drawn: disconnecting
      disposes the connection, and ``dispose`` drops its session, so when ``main`` returns,
      ``__on_session_created`` calls ``self.__session.after_event`` on None and logs
      "Unhandled error processing page session" with a traceback, one per departed phone.
      Here the connection lets go of its session only once ``main`` has returned.
    - A browser's answer to a method call on a control the screen has removed meanwhile (the
      focus moved to a new move's button, and the next redraw replaced it): Flet raises
      "Control with ID N is not registered" in the receive loop, which ends the loop and
      with it the phone's connection; the screen's next updates are lost until it
      reconnects. Here such a late answer is dropped (``_late_answers_dropped``).

    flet is pinned (pyproject.toml) and tests/security fails if an upgrade changes this.
    """
    if getattr(FletApp, "_companion_mended", False):
        return
    receive = getattr(FletApp, "_FletApp__receive_loop", None)
    send = getattr(FletApp, "_FletApp__send_loop", None)
    created = getattr(FletApp, "_FletApp__on_session_created", None)
    dispose = getattr(FletApp, "dispose", None)
    if None in (receive, send, created, dispose):
        log.warning("Flet changed: the websocket mends do not apply")
        return

    async def receive_loop(self):
        try:
            await receive(self)
        finally:
            queue = getattr(self, "_FletApp__send_queue", None)
            if getattr(self, "_FletApp__session", None) is None and queue is not None:
                queue.put_nowait(None)

    async def send_loop(self):
        try:
            await send(self)
        except Exception:  # the client is gone; its receive loop ends the session
            log.debug("send to a departed client failed", exc_info=True)
            self._FletApp__websocket = None  # the queue stays: the receive loop still posts to it

    FletApp._FletApp__receive_loop = receive_loop
    FletApp._FletApp__send_loop = send_loop
    _keep_the_session_while_main_runs(created, dispose)
    FletApp._companion_mended = True
    Session.error = _crash_without_traceback
    _late_answers_dropped()


def _late_answers_dropped() -> None:
    """The fourth mend of ``mend_flet``: an answer for a control no longer on the page is
    dropped (its caller is told the session moved on), not raised in the receive loop."""
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


def _keep_the_session_while_main_runs(created, dispose) -> None:
    """The third mend of ``mend_flet``: a connection disposed while ``main`` still runs lets
    go of its session when ``main`` returns, not before."""
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


CRASHED = "Something went wrong on this screen. Reload the page; the table keeps everything."
_send_crash = Session.error


def _crash_without_traceback(self, message: str) -> None:
    """Flet sends an unhandled error's traceback to the browser that caused it: the host's
    log keeps it, the phone gets one plain sentence."""
    log.error("a screen failed: %s", message)
    _send_crash(self, CRASHED)
