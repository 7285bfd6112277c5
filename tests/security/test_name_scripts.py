"""Issue 33, item 7, as attacks: a name the screens would draw as empty boxes looks like every
other such name ("علي" and "عمر" were two identical rows of boxes, told apart by colour only),
so it could stand in for another player; and the font redirects answer only the client's own
font paths, with a location of this host that no request can choose."""
from __future__ import annotations

import pytest

from companion.errors import Refused
from companion.rooms import TableService
from companion.script_fonts import FALLBACK_DIR
from companion.static import CompressedFiles, web_dir
from companion.store import Store
from testsupport.asgi import request

GUEST = "192.168.1.66"


@pytest.fixture
def svc(tmp_path):
    store = Store(tmp_path / "companion.db")
    yield TableService(store)
    store.close()


@pytest.mark.parametrize("names", [("\U00012000\U00012001", "\U00012002\U00012003"),
                                   ("\U00010300\U00010301", "\U00010302\U00010303"), ("Ana \U0001F3B2", "Ana \U0001F3B3")])
def test_names_that_would_show_as_the_same_boxes_get_no_seat(svc, names):
    code = svc.create_room(svc.host_key, "table_vote")
    for i, name in enumerate(names):
        with pytest.raises(Refused, match="cannot draw"):
            svc.join(code, name, f"192.168.1.{70 + i}")
    assert svc.seats(code) == []


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from companion.server import build_app

    files = CompressedFiles(source=web_dir(), cache=tmp_path_factory.mktemp("cache"))
    return build_app(lambda page: None, files)


@pytest.mark.parametrize("path", [
    "notosansarabic/x.woff2", "notosans", "notosansarabic/../../../etc/passwd",
    "notosanscuneiform/v17/bMrrmTWK7YY-MF22aHGGd7H8PhJtvBDWse5DlCQu.woff2",
    "notosansarabic//evil.example/x.woff2"])
def test_only_the_clients_own_font_paths_are_redirected(app, path):
    status, headers, _ = request(app, f"/{FALLBACK_DIR}{path}")
    assert status == 404 and "location" not in headers


def test_a_redirect_goes_to_a_font_of_this_host_whatever_the_request_adds(app):
    from companion.script_fonts import FallbackTable

    table = FallbackTable((web_dir() / "main.dart.js").read_bytes())
    _, path = table.fonts_for(ord("ع"))[0]
    status, headers, body = request(app, f"/{FALLBACK_DIR}{path}",
                                    [("Referer", "http://x.example/")])
    assert status == 302 and body == b""
    assert headers["location"] == f"/{FALLBACK_DIR}names-arabic.woff2"
