"""Issue 50, item 6: the host key's redirect keeps to the host's own paths.

``//evil.test/x?k=`` on the host answered ``303 Location: //evil.test/x``, which Chromium
follows to another site; ``/\\evil`` and ``/%2F%2Fevil`` too: a link or QR code beginning with
the table's real address could send a phone anywhere. The Location is now always one of this
host's paths: one leading "/", no backslash, nothing a browser could read as another host.
Sent raw from a guest (127.0.0.2 and up), as an HTTP library would tidy these paths away.
"""
from __future__ import annotations

import socket
from urllib.parse import urljoin, urlsplit

import pytest
from testsupport.door import get

ATTEMPTS = ["//evil.test/x", "/\\evil.test/x", "/%2F%2Fevil.test/x", "/%5C%5Cevil.test/x",
            "/%2F/evil.test", "/\\/evil.test", "///evil.test/x", "/%5C/evil.test",
            "/%09/evil.test", "/%20//evil.test"]


def where_a_browser_goes(base: str, location: str) -> str:
    """The host a browser's URL parser (WHATWG: "\\" is "/" in http URLs, tabs and line
    breaks are dropped) takes a Location to."""
    tidied = location.replace("\\", "/").replace("\t", "").replace("\r", "").replace("\n", "")
    return urlsplit(urljoin(base, tidied)).netloc


@pytest.mark.parametrize("path", ATTEMPTS)
def test_no_redirect_leaves_the_host(live, path):
    base = f"http://127.0.0.1:{live.port}/"
    for n, key in enumerate(("", "guess", live.service.host_key)):
        status, headers = get(live.port, f"127.0.0.{2 + n}", f"{path}?k={key}")
        assert status == 303, (path, status)
        location = headers["location"]
        assert where_a_browser_goes(base, location) == f"127.0.0.1:{live.port}", location
        assert location.startswith("/") and location[1:2] not in ("/", "\\"), location


def test_the_hosts_own_pages_keep_their_paths(live):
    for n, (path, location) in enumerate((("/table/ABCD?x=1&k=a", "/table/ABCD?x=1"),
                                          ("/join/ABCD?k=a", "/join/ABCD"),
                                          ("/caf%C3%A9?k=a", "/caf%C3%A9"))):
        status, headers = get(live.port, f"127.0.0.{5 + n}", path)
        assert (status, headers["location"]) == (303, location)
