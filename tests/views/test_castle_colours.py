"""Issue 53, item 8: Castle Party's board read in greyscale (a colour-blind player, a
greyscale screen): every region keeps 3:1 against each neighbour in relative luminance (WCAG
1.4.11), where the moat was 1.16:1 against the castle's floor; and the table's seat ring never
puts one chip over another, nine seats included."""
from __future__ import annotations

from itertools import combinations

import pytest

from rules.castle_party.layouts import DEFAULT_LAYOUTS
from views.games.castle_party.grid import KIND_COLOURS, LIGHT_KINDS, WINDOW, mark_colour
from views.table import SEAT_CHIP, seat_places

PAGE = "#17130A"  # the dark theme's page seeded with amber, as the table screen draws it


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a #RRGGBB colour."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def neighbours(layout: str) -> set[tuple[str, str]]:
    """The pairs of kinds that touch on a board (side by side), the page around it as " "."""
    rows = [line.split() for line in layout.strip().splitlines()]
    pairs = set()
    for r, row in enumerate(rows):
        for c, kind in enumerate(row):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                rr, cc = r + dr, c + dc
                inside = 0 <= rr < len(rows) and 0 <= cc < len(rows[rr])
                other = rows[rr][cc] if inside else " "
                if other != kind:
                    pairs.add(tuple(sorted((kind, other))))
    return pairs


def fill(kind: str) -> str:
    return PAGE if kind == " " else KIND_COLOURS[kind]


@pytest.mark.parametrize("side", list(DEFAULT_LAYOUTS))
def test_every_region_keeps_3_to_1_against_its_neighbours_in_greyscale(side):
    weak = []
    for a, b in sorted(neighbours(DEFAULT_LAYOUTS[side])):
        if {a, b} == {".", "^"}:  # a window square is floor in a window's frame (below)
            continue
        if contrast(fill(a), fill(b)) < 3:
            weak.append((a, b, round(contrast(fill(a), fill(b)), 2)))
    assert not weak, f"neighbours that merge in greyscale: {weak}"


def test_the_moat_stands_apart_from_the_floor_and_the_page():
    for other in (KIND_COLOURS["."], PAGE, KIND_COLOURS["="]):
        assert contrast(KIND_COLOURS["~"], other) >= 3


def test_a_window_square_is_framed_in_a_colour_3_to_1_from_what_it_touches():
    for kind in ".~":
        assert contrast(WINDOW, KIND_COLOURS[kind]) >= 3
    assert mark_colour("^") == WINDOW


def test_the_gathering_points_differ_from_floor_and_moat_and_carry_a_dark_mark():
    for kind in "swvgf":
        assert kind in LIGHT_KINDS
        assert contrast(KIND_COLOURS[kind], KIND_COLOURS["."]) >= 3
        assert contrast(KIND_COLOURS[kind], KIND_COLOURS["~"]) >= 3


def touching(a, b) -> bool:
    chip_w, chip_h = SEAT_CHIP
    return abs(a[0] - b[0]) < chip_w and abs(a[1] - b[1]) < chip_h


@pytest.mark.parametrize("seats", range(2, 31))
def test_no_seat_chip_on_the_ring_covers_another(seats):
    width, height, places = seat_places(seats)
    assert len(places) == seats
    overlapping = [(i + 1, j + 1) for (i, a), (j, b) in combinations(enumerate(places), 2)
                   if touching(a, b)]
    assert not overlapping, f"seats drawn over each other: {overlapping}"
    chip_w, chip_h = SEAT_CHIP
    assert all(0 <= x <= width - chip_w + 0.5 and 0 <= y <= height - chip_h + 0.5
               for x, y in places), "a chip past the ring's edge"


def test_nine_seats_go_round_in_order_seat_1_at_the_top():
    width, _, places = seat_places(9)
    assert places[0][1] == min(y for _, y in places)
    assert places[1][0] > places[0][0] and places[-1][0] < places[0][0]  # clockwise
    assert width <= 551  # the room a 1024x768 table gives the ring beside the join code
