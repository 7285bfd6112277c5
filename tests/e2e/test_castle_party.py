"""Castle Party in real Chromium (the party itself is played by test_night.py, as the first game
of a night, through ``two_castles_three_clocks``): two players fill their castles on their phones, score an Event
at each Clock the table marks, and the table reads out the final tally. On the way: the table
sets its own grid before play (and undoes it), shows whose turn it is to turn over a Shape, Ana
(who revealed it) speaks first and uses Lights Out on that group; the screens offer only what
the rules allow (a used special action is ticked, not offered again; no next Clock while an Event
is owed), and the rules refuse the Pumpkin King on an occupied square with a sentence. Staged
for a real table (issue 10): each phone's move starts in its first screen, the table's next
step is in its action bar at 1280x800, the phase line is big, and the Final Score's totals and
winner stay hidden until the last category is read out.

Castles (basic side, the default grid; squares named column letter + row number):

Shape 1 is two Skeletons side by side: the table screen enters them once, and each phone lays
them over its own castle, turned to its player's side of the table.

- Ana draws three Vampires as one group (D3 in front of a window, E3, E4), then the Vampire
  King/Queen on D4, turns over the first Shape and uses Lights Out on it; she sits a quarter of
  the way round, so Shape 1's Skeletons stand on I7 and I8. Vampires: a group of 4, and the
  King/Queen touches the other three (+3) = 7. Skeletons 2. Two special actions unused = 4.
  Later a Witch in the moat (A1) = −1. Conga at the first Clock: the group of 4 = 4. Fireworks
  at the second: one guest in front of a window (D3) = 1. Toast at the third, on C3: around him
  a Vampire and the Vampire King/Queen, two types = 2. Total 7 + 2 + 4 − 1 + 4 + 1 + 2 = 19.
- Bruno adds Shape 1's Skeletons on H3 (window) and I3, draws Unicorns on F5 and G5, uses no
  special action;
  later a Ghost on the drawbridge (F11), which scores 0. Skeletons 2, Unicorns (a pair) 1, three
  unused special actions 6. Fireworks at the first Clock: H3 = 1. Toast at the second, on G4:
  a Skeleton and Unicorns around him = 2. Conga at the third: the two Skeletons = 2. Total 14.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE
from testsupport.flet_page import (assert_in_first_screen, new_room, open_page, see, square,
                                   take_seat, tap, tap_square)
from testsupport.castle_party_party import two_castles_three_clocks

pytestmark = pytest.mark.e2e
TABLE = dict(viewport={"width": 1280, "height": 800})  # the table screen of issue 10


def test_the_whole_castle_fits_a_small_phone_and_a_tap_is_put_right_in_the_zoom(server, browser):
    """A 360x640 phone (small Android): columns A to M side by side, no sideways swipe; a
    finger's tap opens the square's choices with its neighbours at 44 px."""
    small = dict(PHONE, viewport={"width": 360, "height": 640})
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join_url = f"{server.base}/join/{new_room(table, 'Castle Party')}"
    ana = take_seat(browser, join_url, "Ana", **small)
    take_seat(browser, join_url, "Bruno", **PHONE)
    tap(table, "Start the game")
    assert_in_first_screen(ana, "I turned over a Shape card")
    for corner in ("A1", "M1", "A12", "M12"):  # below the fold the page scrolls down only
        box = square(ana, corner).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (corner, box)
    assert 16 <= square(ana, "M1").bounding_box()["width"] < 44
    tap_square(ana, "E4")
    see(ana, re.compile(r"^E4: empty \(castle\)$"))
    meant = ana.get_by_role("button", name=re.compile(r"^Zoomed F4: empty \(castle\)$"))
    box = meant.bounding_box()
    assert box["width"] >= 44 and box["x"] + box["width"] <= 360, box
    meant.click()
    see(ana, re.compile(r"^F4: empty \(castle\)$"))
    tap(ana, "Draw a Ghost")
    expect(square(ana, "F4")).to_have_accessible_name("Square F4: Ghost (castle)")
    expect(square(ana, "E4")).to_have_accessible_name("Square E4: empty (castle)")
