"""Issue 33, item 7: the Noto font the installed client asks for to draw a name is answered
from this host (a redirect to the cut file for that script); nothing else changes."""
from __future__ import annotations

import gzip
import io

import pytest
from fontTools.ttLib import TTFont

from companion.script_fonts import FALLBACK_DIR, FallbackTable, redirects
from companion.static import CompressedFiles, web_dir
from testsupport.asgi import GZIP, request

LETTERS = {"Arabic": ("ع", "names-arabic.woff2"), "Hebrew": ("ד", "names-hebrew.woff2"),
           "Devanagari": ("र", "names-devanagari.woff2"), "Thai": ("ส", "names-thai.woff2"),
           "Chinese": ("雷", "names-cjk.woff2"), "kana": ("さ", "names-cjk.woff2"),
           "hangul": ("지", "names-cjk.woff2"),
           # issue 53, item 6
           "Georgian": ("ნ", "names-georgian.woff2"), "Armenian": ("Ա", "names-armenian.woff2"),
           "Ethiopic": ("ሰ", "names-ethiopic.woff2"), "Tamil": ("த", "names-tamil.woff2"),
           "Bengali": ("অ", "names-bengali.woff2"), "Sinhala": ("ශ", "names-sinhala.woff2"),
           "Khmer": ("ស", "names-khmer.woff2"), "Tibetan": ("ཀ", "names-tibetan.woff2"),
           "Thaana": ("ޢ", "names-thaana.woff2")}


@pytest.fixture(scope="module")
def table():
    return FallbackTable((web_dir() / "main.dart.js").read_bytes())


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from companion.server import build_app

    files = CompressedFiles(source=web_dir(), cache=tmp_path_factory.mktemp("cache"))
    return build_app(lambda page: None, files)


@pytest.mark.parametrize("script", list(LETTERS))
def test_every_font_the_client_may_ask_for_a_letter_leads_to_the_hosts_font(
        table, app, script):
    letter, file = LETTERS[script]
    asked = table.fonts_for(ord(letter))
    assert asked, f"the client knows no font for {script}"
    for _, path in asked:
        status, headers, _ = request(app, f"/{FALLBACK_DIR}{path}")
        assert (status, headers["location"]) == (302, f"/{FALLBACK_DIR}{file}"), path
    status, headers, body = request(app, f"/{FALLBACK_DIR}{file}", GZIP)
    assert status == 200 and headers["content-type"] == "font/woff2"
    if headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    assert ord(letter) in TTFont(io.BytesIO(body)).getBestCmap()


def test_the_pieces_of_chinese_japanese_and_korean_lead_to_one_file(table):
    """Flutter splits them into some 560 files: a phone downloads the host's one file once,
    whichever pieces a name makes the client ask for."""
    cjk = {path for name, path in table.fonts if name.startswith("Noto Sans ") and
           name.split()[2] in {"SC", "TC", "HK", "JP", "KR"}}
    served = redirects(table)
    assert len(cjk) > 500
    assert {served.get(path) for path in cjk} <= {"names-cjk.woff2", None}
    assert sum(served.get(path) == "names-cjk.woff2" for path in cjk) > 400


@pytest.mark.parametrize("letter", ["\U00012000", "\U00010300", "\u16a0", "\U0001F3B2"])
def test_a_font_for_a_script_names_may_not_use_is_not_there(table, app, letter):
    for _, path in table.fonts_for(ord(letter)):
        assert request(app, f"/{FALLBACK_DIR}{path}")[0] == 404, path
