"""Headers on every HTTP response: the browser is told that nothing loads from anywhere else.

The README promises that nothing is fetched from the internet at the table; a page holding a
seat pass or the host key must not be able to run anybody else's code even if the room has
internet. So the browser enforces it: a Content-Security-Policy that allows this host only,
with each directive at the minimum Flet's client needs (found by booting it in Chromium and
WebKit with the policy on and no violation reported).
"""
from __future__ import annotations

CSP = "; ".join([
    # nothing that is not named below
    "default-src 'none'",
    # Flutter's loader, main.dart.js / .mjs and the renderers' glue are files of this host;
    # 'wasm-unsafe-eval' lets them compile main.dart.wasm, skwasm and CanvasKit (no JS eval)
    "script-src 'self' 'wasm-unsafe-eval'",
    # Flutter positions its canvas, semantics and text-editing elements with inline styles
    "style-src 'self' 'unsafe-inline'",
    # the wasm files, fonts and the icon font are fetched, and the websocket is this host's
    # own ('self' covers ws: to the same host and port)
    "connect-src 'self'",
    # the loading picture and favicon; images Flutter decodes are drawn from blob: URLs
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    # multi-threaded skwasm (the table on 127.0.0.1) starts its worker from a blob: script
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    # where the Screen Wake Lock API is missing (every phone on plain http: it is for secure
    # contexts only), wakelock_plus keeps the screen on by looping a tiny data: video
    "media-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    # no other site may frame a screen of the table (a click on a hidden vote)
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # a seat pass in a URL never leaves in a Referer
    (b"cross-origin-resource-policy", b"same-origin"),
    # cross-origin isolation: the table on 127.0.0.1 gets the multi-threaded renderer
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
]
_NAMES = {name for name, _ in SECURITY_HEADERS} | {b"access-control-allow-origin"}


class SecurityHeaders:
    """ASGI middleware: sets SECURITY_HEADERS on every HTTP response, whoever made it, and
    drops any Access-Control-Allow-Origin (no other site may read what this host answers).

    A 304 is the exception: it only confirms a response the browser stored, whose headers
    (these included) stay in force (RFC 9111, 4.3.4); repeating 550 bytes on each of a
    returning phone's dozen revalidations would double what its repeat join costs.
    """

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers") or []
                        if k.lower() not in _NAMES]
                added = SECURITY_HEADERS if message["status"] != 304 else []
                message = {**message, "headers": kept + added}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def weighted(value: str, most: int | None = None) -> list[tuple[str, float]]:
    """A request header's tokens with their q-values (RFC 9110, 12.4.2), in the order sent:
    no q is 1, a q that is no number is 0. ``most``: the first items only (a guest's header is
    bounded). Accept-Encoding and Accept-Language read theirs here."""
    found = []
    for item in value.split(",")[:most]:
        token, *params = [p.strip() for p in item.split(";")]
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        found.append((token, q))
    return found
