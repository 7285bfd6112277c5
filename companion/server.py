"""The ASGI app: Flet's web app (no CDN) behind the door and the precompressed static files."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import flet as ft
import flet_web.fastapi as flet_fastapi
import uvicorn

from . import flet_seam
from .door import Door
from .headers import SecurityHeaders
from .host_key import HostKeyCookie
from .join_form import JoinForm
from .seal import HostSeal, Seal, SealedPosts
from .static import CompressedFiles, PrecompressedStatic
from .wire import HEADER_TIMEOUT, KEEP_ALIVE, Connections

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
              seal: HostSeal | None = None, **door_limits):
    """``seal``: the host's key, to seal every page's websocket that asks (companion/seal.py);
    None, the seal is off (phones talk in the clear, as before).
    ``host_check(key, address)``: whether a key a table URL offers is the host key
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
    static = Seal(PrecompressedStatic(app, files or CompressedFiles()), seal)
    check = host_check or (lambda key, address: False)
    form = SealedPosts(JoinForm(static, service), seal)  # the join form's POST sealed too
    return SecurityHeaders(Door(HostKeyCookie(form, check), **door_limits))


def server_config(app, host: str, port: int, deflate: bool = True) -> uvicorn.Config:
    """The limits a hostile guest must not get past.

    ``deflate`` False when the seal is on: sealed frames do not compress, and deflating them
    only made their lengths on the air differ from the padded sizes by a few bytes at random
    (issue 49); every page of a sealed host seals its socket, so nothing compressible is lost.

    h11 rather than httptools: httptools keeps reading a header line that never ends (the
    whole server stalls and its memory grows with every byte), h11 refuses it at HEADER_LIMIT.
    Each connection is h11's with the limits of ``wire.py`` (a header timeout, a keep-alive
    timeout, a cap per address and for guests together).
    """
    http, ws = flet_seam.guarded_protocols(Connections(), HEADER_TIMEOUT)
    return uvicorn.Config(app, host=host, port=port, log_level="warning", http=http,
                          h11_max_incomplete_event_size=HEADER_LIMIT, ws=ws,
                          timeout_keep_alive=KEEP_ALIVE,
                          ws_max_size=FRAME_LIMIT, ws_ping_interval=PING_INTERVAL,
                          ws_ping_timeout=PING_TIMEOUT, ws_per_message_deflate=deflate)


def serve(app, host: str, port: int, started=None, deflate: bool = True) -> None:
    """Serve until stopped; ``started()`` is called (in a thread of its own) once it listens."""
    server = uvicorn.Server(server_config(app, host, port, deflate))
    if started:
        def when_started():
            while not server.started and not server.should_exit:
                time.sleep(0.05)
            if server.started:
                started()
        threading.Thread(target=when_started, name="when-started", daemon=True).start()
    server.run()


CRASHED = "Something went wrong on this screen. Reload the page; the table keeps everything."


def mend_flet() -> None:
    """Flet's websocket handler with its five mends (companion/flet_seam.py), phones shown
    ``CRASHED`` in place of a traceback; FletChanged if this Flet cannot be mended."""
    flet_seam.mend_flet(CRASHED)
