"""Issue 50, item 9: look-alike folding refuses only names a reader at the table could mistake.

Unicode's confusables table counted 11 pairs of plain ASCII letters as look-alikes (f and s,
I and L, ...): Jess and Jeff, Lisa and Lifa, Ian and Lan could not sit at one table. Now two
names are look-alikes when the table pairs them up and some differing pair is not two letters
of the Latin alphabet, or is capital I against small l (one stroke in the screens' sans-serif).
"""
from __future__ import annotations

import pytest

from companion.errors import Refused
from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store

# the 11 ASCII pairs the table counted, each in a name; all but I and l now sit together
ASCII_PAIRS = [("F", "S"), ("I", "L"), ("L", "i"), ("N", "v"), ("S", "f"), ("T", "y"),
               ("Y", "u"), ("Y", "z"), ("f", "s"), ("i", "l")]
SIT_TOGETHER = [("Jess", "Jeff"), ("Lisa", "Lifa"), ("Ian", "Lan"), ("José", "Jose"),
                ("Zoë", "Zoe"), ("Sam", "Fam"), ("Tom", "yom")] + [
                   (f"Ka{a}o", f"Ka{b}o") for a, b in ASCII_PAIRS]
REFUSED = {
    "Cyrillic A in a Latin name": ("Alice", "\u0410lice"),
    "all-Cyrillic look-alike": ("Рита", "Pита"),
    "Greek and Latin": ("ANNA", "ΑΝΝΑ"),
    "Arabic and Persian yeh": ("علي", "علی"),
    "Hebrew final nun and vav": ("וו", "ןו"),
    "Devanagari zero": ("Bob", "B\u0966b"),
    "katakana and a kanji": ("カナ", "力ナ"),
    "a digit for a letter": ("Ole", "0le"),
    "one for small l": ("Lola", "Lo1a"),
    "capital I and small l": ("Ian", "lan"),
    "rn and m": ("Arnie", "Amie"),
}


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"), Hub())
    yield service
    service.store.close()


@pytest.mark.parametrize("first, second", SIT_TOGETHER)
def test_two_different_latin_letters_sit_at_one_table(svc, first, second):
    code = svc.create_room(svc.host_key, "table_vote")
    svc.join(code, first, "127.0.0.2")
    svc.join(code, second, "127.0.0.3")
    assert [s.name for s in svc.seats(code)] == [first, second]


@pytest.mark.parametrize("what", list(REFUSED))
def test_names_a_reader_could_mistake_get_no_second_seat(svc, what):
    first, second = REFUSED[what]
    code = svc.create_room(svc.host_key, "table_vote")
    svc.join(code, first, "127.0.0.2")
    with pytest.raises(Refused, match="looks too much like"):
        svc.join(code, second, "127.0.0.3")
    assert [s.name for s in svc.seats(code)] == [first]
