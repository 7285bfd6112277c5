"""The join page's form takes a seat before the app is up (issue 39).

A phone that scans the QR code gets a name field of plain HTML at once (companion/web/first.js)
while Flet's client loads for seconds underneath. Its Join sends one request here::

    POST /join/CODE   {"name": "Ana", "colour": 3 | null, "player": "<the phone's key>" | null}

and the seat is taken there and then: the table sees Ana sit down seconds before her app is up,
and a refusal is said under the name she typed. It is the app's own join (``find_room`` with its
wrong-code limit, ``join`` with its name checks and seats per address), asked over HTTP instead
of the websocket; the answer carries the seat pass, which the page keeps where the app reads its
saved settings, so the app opens on the seat.

Answers, all JSON: 200 ``{"pass", "name", "colour", "player"}``; 422 ``{"refused": sentence}``
(the door's or the game's refusal, a fault of the host in words); 400, 403, 413 and 415 for a
request no join page sends, with a sentence too.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets

from .codes import normalize_code
from .door import same_origin
from .errors import Refused
from .join_page import language_of
from .language import COMPANION, HOME, Speaker, words
from .seats import COLOURS, player_id

log = logging.getLogger(__name__)
_ = Speaker(COMPANION, HOME)

PATH = re.compile(r"/join/([A-Za-z0-9]{1,32})")
BODY_MAX = 2048  # a name of 24 characters, a colour and a key: a few hundred bytes
BODY_WITHIN = 5.0  # seconds: a guest trickling a body byte by byte holds nothing longer


class JoinForm:
    """ASGI middleware: ``POST /join/CODE`` seats the player; everything else goes on."""

    def __init__(self, app, service) -> None:
        self.app = app
        self.service = service  # companion.rooms.TableService

    async def __call__(self, scope, receive, send) -> None:
        found = PATH.fullmatch(scope.get("path", "")) if scope["type"] == "http" else None
        if not found or scope["method"] != "POST" or self.service is None:
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        say = words(language_of(headers))  # the page's language, for the page's refusals
        if not same_origin(headers):  # another site's page must not seat anyone at this table
            return await _json(send, 403, refused=say(_("Seats are taken from this table's own "
                                                       "join page.")))
        if not headers.get(b"content-type", b"").startswith(b"application/json"):
            return await _json(send, 415, refused=say(_("The join page sends its form as "
                                                       "JSON.")))
        body = await read_body(receive, headers)
        if body is None:
            return await _json(send, 413, refused=say(_("That request is too big or too slow "
                                                       "for a name.")))
        asked = _asked(body)
        if asked is None:
            return await _json(send, 400, refused=say(_(
                "The join page sends a name, a colour and the phone's key; this was something "
                "else.")))
        address = (scope.get("client") or ("", 0))[0]
        import anyio  # Starlette's: the commit is a durable write, kept off the event loop

        try:
            seat = await anyio.to_thread.run_sync(
                self._take, normalize_code(found.group(1)), address, *asked)
        except Refused as e:  # the door's sentence, or a fault of the host in words
            return await _json(send, 422, refused=say(e.args[0]) if len(e.args) == 1
                               else str(e))  # in the join page's language
        except Exception:  # a bug must not reach the page as a traceback
            log.exception("the join page's seat for %s failed", found.group(1))
            return await _json(send, 422, refused=say(_("The table could not seat you just "
                                                       "now: try again in a moment.")))
        await _json(send, 200, **seat)

    def _take(self, code: str, address: str, name: str, colour: int | None,
              player: str | None) -> dict:
        self.service.find_room(code, address)
        key = player if player_id(player) else secrets.token_urlsafe(18)  # the phone's first
        seat, token = self.service.join(code, name, address, colour, key)
        return {"pass": token, "name": seat.name, "colour": seat.colour, "player": key}


def _asked(body: bytes) -> tuple[str, int | None, str | None] | None:
    """(name, colour, player key) from the form's JSON, or None for anything else: what the
    join page never sends (nesting, a colour that is no colour, NaN, bytes that are not UTF-8)
    is refused whole, and no body can raise past here (a body nested 1,010 deep once ended
    in a traceback on the host's console)."""
    try:
        asked = json.loads(body, parse_constant=_not_json)
    except (ValueError, RecursionError):  # RecursionError: nested past Python's limit
        return None
    if not isinstance(asked, dict) or not isinstance(asked.get("name"), str):
        return None
    colour, player = asked.get("colour"), asked.get("player")
    if colour is not None and not (type(colour) is int and 0 <= colour < COLOURS):
        return None
    if player is not None and not isinstance(player, str):
        return None
    return asked["name"], colour, player


def _not_json(constant: str):
    """NaN and Infinity: Python's json reads them, JSON has none, and no page sends them."""
    raise ValueError(f"{constant} is not JSON")


async def read_body(receive, headers: dict, limit: int = BODY_MAX) -> bytes | None:
    """The request's body, or None past ``limit`` bytes or BODY_WITHIN seconds."""
    try:
        if int(headers.get(b"content-length", b"0") or 0) > limit:
            return None
    except ValueError:
        return None
    chunks, size = [], 0

    async def read() -> bool:
        nonlocal size
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return False  # the guest left
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > limit:
                return False
            if not message.get("more_body"):
                return True

    try:
        whole = await asyncio.wait_for(read(), BODY_WITHIN)
    except asyncio.TimeoutError:
        return None
    return b"".join(chunks) if whole else None


async def _json(send, status: int, **answer) -> None:
    body = json.dumps(answer).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"cache-control", b"no-store"),
        (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
