"""Issue 33, item 7: a name in any script the screens draw takes a seat; any other is refused
at the door with the scripts it may use, and look-alikes are caught across those scripts."""
from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion.drawable import DRAWN
from companion.names import DRAWABLE
from companion.static import web_dir

FONTS = Path(__file__).resolve().parents[2] / "companion" / "web" / "assets" / "fonts"
GUEST = "192.168.1.66"
SCRIPT_NAMES = ["Зоя", "Νίκος", "علي", "דנה", "राम", "สมชาย", "李雷", "さくら", "지민",
                "佐々木", "ナナ", "Zoë", "José", "O'Brien", "Anne-Marie",
                # issue 53, item 6: Georgian, Armenian, Ethiopic, Tamil, Bengali, and more
                "ნინო", "Արամ", "ሰላም", "தமிழ்", "অমিত", "ਗੁਰਪ੍ਰੀਤ", "ಕಾವ್ಯ", "സുധ", "ශානි", "ສົມພອນ",
                "မောင်", "សុខា", "ᏣᎳᎩ", "ޢަލީ"]
UNDRAWN = {
    "cuneiform": "\U00012000\U00012001",
    "an emoji": "Ana \U0001F3B2",
    "Old Italic": "\U00010300\U00010301",  # no one's name today: no font for it
    "a rare Chinese character": "李\u9F98",  # 龘: in no common set
    "fullwidth Latin": "\uFF21\uFF4E\uFF41",
    "an arrow": "Ana\u2192",
}
# two spellings readers take for one name: the first sits, the second is refused
LOOK_ALIKES = {
    "Cyrillic and Latin": ("Рита", "Pита"),
    "Greek and Latin": ("ANNA", "ΑΝΝΑ"),
    "Arabic and Persian yeh": ("علي", "علی"),
    "Hebrew final nun and vav": ("וו", "ןו"),
    "Devanagari zero and Latin o": ("Bob", "B\u0966b"),
    "Thai zero and Latin o": ("Leo", "Le\u0E50"),
    "katakana and a kanji": ("カナ", "力ナ"),
    "katakana ro and kanji mouth": ("ロン", "口ン"),
    "long vowel mark and kanji one": ("ケー", "ケ一"),
}


@pytest.fixture
def room(svc) -> str:
    return svc.create_room(svc.host_key, "table_vote")


def test_a_name_in_every_drawn_script_takes_its_seat_as_typed(svc, room):
    for i, name in enumerate(SCRIPT_NAMES):
        svc.join(room, name, f"192.168.1.{100 + i}")
    assert [s.name for s in svc.seats(room)] == SCRIPT_NAMES


@pytest.mark.parametrize("what", list(UNDRAWN))
def test_a_name_the_screens_cannot_draw_is_refused_with_the_scripts_it_may_use(
        svc, room, refused, what):
    message = refused(svc.join, room, UNDRAWN[what], GUEST, match="cannot draw")
    for script in ("Latin", "Cyrillic", "Arabic", "Hebrew", "Devanagari", "Thai", "Chinese",
                   "Japanese", "Korean", "Georgian", "Armenian", "Ethiopic", "Tamil", "Bengali"):
        assert script in message
    assert all(ord(ch) in DRAWABLE for ch in message), "the refusal would show boxes itself"


@pytest.mark.parametrize("what", list(LOOK_ALIKES))
def test_look_alikes_across_the_drawn_scripts_get_no_second_seat(svc, room, refused, what):
    first, second = LOOK_ALIKES[what]
    svc.join(room, first, GUEST)
    refused(svc.join, room, second, "192.168.1.67", match="looks too much like")
    assert [s.name for s in svc.seats(room)] == [first]


def test_what_the_door_lets_through_is_exactly_what_the_fonts_draw():
    """drawable.py and the font files come from one run of build/script_fonts.py (Roboto from
    the installed Flet: a new Flet with another Roboto fails here)."""
    for script, (file, ranges) in DRAWN.items():
        font = FONTS / file if file else Path(web_dir()) / "assets" / "fonts" / "roboto.woff2"
        listed = {cp for first, last in ranges for cp in range(first, last + 1)}
        assert set(TTFont(font).getBestCmap()) == listed, script
