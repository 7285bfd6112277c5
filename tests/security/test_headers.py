"""Issue 21 and issue 24 (finding 10): what every response tells the browser.

Every kind of response the host gives (the start page, a client file gzipped or not, a 304, a
small file, a 404, a refused method, a path that is no file) carries the Content-Security-
Policy that allows this host only, and the other security headers; none carries a wildcard
CORS header; Flet's API pages are not served.
"""
from __future__ import annotations

import pytest

from companion.headers import CSP

from testsupport.guests import raw_get

KINDS = [  # (method, path, request headers, the status expected)
    ("GET", "/", {}, 200),
    ("GET", "/join/ABCD?t=x", {"Accept-Encoding": "gzip"}, 200),
    ("GET", "/table?k=nope", {}, 303),  # the key leaves the address (and is no cookie)
    ("GET", "/main.dart.js", {"Accept-Encoding": "gzip"}, 200),
    ("GET", "/main.dart.mjs", {}, 200),
    ("HEAD", "/canvaskit/skwasm.wasm", {"Accept-Encoding": "gzip"}, 200),
    ("GET", "/favicon.png", {}, 200),
    ("GET", "/boot.js", {}, 200),
    ("GET", "/manifest.json", {}, 200),
    ("GET", "/no-such-file.js", {}, 404),
    ("GET", "/no-rive/x/wasm/rive_native.js", {}, 404),
    ("GET", "/assets/../index.html", {}, 404),
    ("GET", "/docs", {}, 404),
    ("GET", "/redoc", {}, 404),
    ("GET", "/openapi.json", {}, 404),
    ("POST", "/", {"Content-Length": "0"}, 405),
    ("GET", "/ws", {}, 404),
]


def ask(live, method, path, headers):
    return raw_get(live, path, headers, method)


@pytest.mark.parametrize("method,path,headers,status", KINDS)
def test_every_kind_of_response_carries_the_policy_and_the_security_headers(
        live, method, path, headers, status):
    got, sent, _ = ask(live, method, path, headers)
    assert got == status
    assert sent["content-security-policy"] == CSP
    assert sent["x-content-type-options"] == "nosniff"
    assert sent["x-frame-options"] == "DENY"
    assert sent["referrer-policy"] == "no-referrer"
    assert "access-control-allow-origin" not in sent


def test_a_304_confirms_the_stored_response_whose_headers_stay(live):
    """The stored 200 carried the policy; the 304 changes none of it (RFC 9111, 4.3.4) and
    adds no bytes to a returning phone's revalidations."""
    _, first, _ = ask(live, "GET", "/main.dart.js", {"Accept-Encoding": "gzip"})
    assert first["content-security-policy"] == CSP
    status, sent, body = ask(live, "GET", "/main.dart.js", {"Accept-Encoding": "gzip",
                                                              "If-None-Match": first["etag"]})
    assert (status, body) == (304, b"")
    assert sent["etag"] == first["etag"]
    assert not {"content-security-policy", "access-control-allow-origin"} & set(sent)


def test_the_policy_allows_this_host_only():
    """No other origin, no inline script, no eval: only this host's files and WebAssembly."""
    directives = dict(d.split(" ", 1) for d in CSP.split("; "))
    assert directives["default-src"] == "'none'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["connect-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    for sources in directives.values():
        for source in sources.split():
            assert source in ("'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-inline'",
                              "data:", "blob:"), source
    assert "'unsafe-inline'" not in directives["script-src"]


def test_the_start_page_runs_no_inline_script(live):
    _, _, body = ask(live, "GET", "/", {})
    assert b"<script>" not in body and body.count(b"<script src=") == 6  # boot, seal (2), python, first, bootstrap
