"""The host key on its way from the printed table URL into the table browser, and no further.

The host prints ``/table?k=KEY``. Opening it, the browser is answered with a redirect to
``/table`` that sets the key as a cookie (HttpOnly, SameSite=Strict): the address bar and
the history never hold the key, and every websocket the table browser opens afterwards (a
reload, the Wi-Fi back, a host restarted by kill -9) carries it in its handshake, with no
question to the browser's storage. A reconnecting table once waited on such a question that
a restarted host never got answered, and stayed blank.

The cookie's name holds the port: a browser keeps cookies per host name, not per port, and a
laptop may run two hosts. Wrong keys, in a URL or a cookie, count against the address that
offered them (``TableService.host_key_from``), as wrong room codes do.
"""
from __future__ import annotations

from urllib.parse import parse_qsl, quote, urlencode

from . import flet_seam
from .errors import Refused

COOKIE = "companion_host_{port}"
KEEP_FOR = 400 * 24 * 3600  # the longest a browser keeps a cookie; the key lasts with the file


def cookie_name(scope) -> str:
    return COOKIE.format(port=(scope.get("server") or ("", 0))[1] or 0)


def handshake_cookie(page, name: str = COOKIE) -> str | None:
    """The cookie ``name`` (``{port}``: this host's port) that the websocket of a Flet
    page's session carried in its handshake, if any."""
    websocket = flet_seam.handshake_websocket(page)
    if websocket is None:  # no session, or its client went away meanwhile
        return None
    port = (websocket.scope.get("server") or ("", 0))[1] or 0
    return websocket.cookies.get(name.format(port=port)) or None


def offered_host_key(page) -> str | None:
    """The host key the websocket of a Flet page's session carried in its cookie, if any."""
    return handshake_cookie(page)


KEPT = "companion_kept_{port}"  # companion/web/first.js: "0" when the browser keeps no setting


def keeps_nothing(page) -> bool:
    """The browser of this page said, as its page loaded, that it keeps none of the app's
    settings (first.js's cookie): nothing to ask it. No cookie (a browser that did not say,
    or another port's), or anything else: it may keep some."""
    return handshake_cookie(page, KEPT) == "0"


class HostKeyCookie:
    """ASGI middleware: a page request that carries ``k=`` in its query is answered with a
    redirect to the same page without it, setting the key as a cookie when it is the host
    key. ``check(key, address)`` says whether it is, counting wrong keys per address and
    raising Refused once an address has tried too many."""

    def __init__(self, app, check) -> None:
        self.app, self.check = app, check

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                          keep_blank_values=True)
        offered = [v for k, v in query if k == "k"]
        if not offered:
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("", 0))[0]
        try:
            right = self.check(offered[-1], address)
        except Refused as e:
            return await _plain(send, 429, str(e))
        rest = urlencode([(k, v) for k, v in query if k != "k"])
        target = own_path(scope.get("path", "/")) + (f"?{rest}" if rest else "")
        headers = [(b"location", target.encode("ascii")),
                   (b"cache-control", b"no-store")]
        if right:
            headers.append((b"set-cookie", (
                f"{cookie_name(scope)}={offered[-1]}; Path=/; Max-Age={KEEP_FOR}; "
                "HttpOnly; SameSite=Strict").encode("latin-1")))
        await send({"type": "http.response.start", "status": 303,
                    "headers": headers + [(b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


# RFC 3986's characters of a path segment, and "/": everything else is percent-encoded
PATH_SAFE = "/:@!$&'()*+,;=-._~"


def own_path(path: str) -> str:
    """``path`` as a redirect to this host's own page: one leading "/" (a second one, or a
    backslash, which browsers read as one, would make it ``//other.host/...``: an open
    redirect), and every other character percent-encoded, so a CR or LF cannot end the header
    and the Location is plain ASCII."""
    return "/" + quote(path.lstrip("/\\"), safe=PATH_SAFE)


async def _plain(send, status: int, sentence: str) -> None:
    body = (sentence + "\n").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            (b"retry-after", b"60")]})
    await send({"type": "http.response.body", "body": body})
