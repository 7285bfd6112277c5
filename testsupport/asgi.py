"""The ASGI app called directly (no HTTP client that would decode, normalise or retry), so a
test sees exactly the bytes and headers a phone would get (tests/companion/test_static.py,
tests/companion/test_script_fonts.py, tests/security/test_name_scripts.py)."""
from __future__ import annotations

import concurrent.futures

import anyio


def request(app, path, headers=(), method="GET"):
    """One request through the ASGI app; returns (status, headers, body) as sent."""
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "server": ("127.0.0.1", 8550), "client": ("127.0.0.1", 50000),
        "headers": [(b"host", b"127.0.0.1:8550")]  # the door serves only its own names
        + [(k.lower().encode(), v.encode()) for k, v in headers],
    }
    messages = []

    received = []

    async def receive():
        if not received:  # the (empty) request body, then a client that stays connected
            received.append(True)
            return {"type": "http.request", "body": b"", "more_body": False}
        await anyio.sleep_forever()

    async def send(message):
        messages.append(message)

    async def run():
        await app(scope, receive, send)

    # in a thread of its own: the worker may already run an event loop (Playwright's sync API
    # leaves one marked running when a browser test ran before in the same process)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(anyio.run, run).result()
    start = messages[0]
    body = b"".join(m.get("body", b"") for m in messages[1:])
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body


GZIP = [("Accept-Encoding", "gzip, deflate, br")]
