"""The browser's big text on a phone (issue 33): the words around the move grow to
``WORDS_SCALE_CAP`` at most, the ballot's buttons all the way, and nothing has a fixed height."""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN, Vote
from rules import VoteCall
from views.ballot import BallotForm
from views.widgets import (BODY_SIZE, WORDS_SCALE_CAP, TextScaleProbe, cap_text_scale,
                           heading, line)

from testsupport.screens import texts


def form() -> BallotForm:
    call = VoteCall("lead", "Who should lead the expedition tonight?",
                    ("Maximiliano Ferreira", "Bruno", "Ana"), ("Ana",))
    return BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Ana",
                      lambda choices: True, lambda: None)


def sizes(control) -> dict[str, float | None]:
    found, stack = {}, [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text):
            found[c.value] = c.size
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child] if child else [])
    return found


def test_words_are_capped_exactly_and_undone_exactly():
    column = ft.Column([heading("Room ABCD", 24), line("On your left: Ana"), ft.Text("plain")])
    factor = WORDS_SCALE_CAP / 2  # the browser at 200%
    cap_text_scale(column, factor)
    cap_text_scale(column, factor)  # every redraw caps again: never twice over
    assert sizes(column) == {"Room ABCD": 24 * factor, "On your left: Ana": 18 * factor,
                             "plain": BODY_SIZE * factor}
    cap_text_scale(column, 1.0)  # the browser back at 100%
    assert sizes(column) == {"Room ABCD": 24, "On your left: Ana": 18, "plain": None}


def test_the_ballot_choices_keep_growing_and_have_no_fixed_height():
    ballot = form()
    cap_text_scale(ballot.root, WORDS_SCALE_CAP / 2)
    choices = [c.controls[0] for c in ballot.body.controls if isinstance(c, ft.ResponsiveRow)]
    assert [b.content for b in choices] == ["Vote for Maximiliano Ferreira", "Vote for Bruno"]
    for button in choices:  # a label, not a Text: drawn at the browser's full text size
        assert button.height is None and button.style.padding.top >= 14
    assert "Who should lead the expedition tonight?" in texts(ballot.root)


def test_the_probe_is_never_capped():
    probe = TextScaleProbe(lambda scale: None)
    cap_text_scale(ft.Column([probe]), 0.5)
    assert probe.size == 10  # it measures the browser's text size by its own height


# -- issue 53, item 7: at 200% text no label is cut, and the keyboard focus is a ring ----------

def test_a_face_down_card_grows_with_its_words():
    """ "Pick face-" was all eight tiles read at 200%: a fixed height cut "down card 4"."""
    from views.games.castaways.parts import face_down_card

    tile = face_down_card(4, on_click=lambda e: None)
    assert tile.height is None
    words = tile.content.controls[1]
    assert "".join(span.text for span in words.spans) == "Pick face-down card 4"


def test_a_thumb_button_has_corners_a_three_line_label_fits_in():
    """A stadium's ends are half circles as tall as the button: three lines stuck out."""
    from views.widgets import thumb_style

    shape = thumb_style().shape
    assert isinstance(shape, ft.RoundedRectangleBorder)
    assert shape.radius <= 16 < 48 / 2  # a quarter of a one-line button's height or less
    assert thumb_style(shape=ft.StadiumBorder()).shape == ft.StadiumBorder()  # asked for


def test_the_castle_grid_numbers_its_rows_on_one_line_as_wide_as_they_need():
    """Rows 10-12 read "1": "10" wrapped in an 18 px box and its second line was cut. Now each
    number stays on one line in a box that holds two digits at the words' capped 130% (Roboto's
    digits are 0.56 em wide), and the squares are sized to leave that box its room (a wider
    box than ``fit_cell`` leaves made the board scroll sideways on a 360 px phone)."""
    from views.games.castle_party.grid import NUMBERS, CastleGrid, Words, fit_cell
    from views.widgets import PAGE_PADDING, WORDS_SCALE_CAP

    layout = tuple("~" * 13 for _ in range(12))
    words = Words({"monster_names": {}, "columns": "ABCDEFGHIJKLM",
                   "gathering_point_names": {}, "family_names": {}})
    grid = CastleGrid(layout, lambda at: None, words, cell=21)
    numbers = grid.root.controls[0].controls[1:]
    assert [box.content.value for box in numbers] == [str(r) for r in range(1, 13)]
    for box in numbers:
        assert box.content.no_wrap and box.width == NUMBERS
        assert 2 * 0.56 * box.content.size * WORDS_SCALE_CAP <= box.width
    for width in (360, 390, 430):  # the row numbers and 13 columns inside the phone
        cell = fit_cell(width, 13)
        assert NUMBERS + 13 * (cell + 2) <= width - 2 * PAGE_PADDING


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_keyboard_focus_is_a_ring_3_to_1_against_the_page_it_is_drawn_on():
    from views.widgets import FOCUS_SIDE, focus_ring_themes

    page = "#17130A"  # the dark theme seeded with amber
    ring = FOCUS_SIDE[ft.ControlState.FOCUSED]
    assert ring.width >= 2 and ring.stroke_align == ft.BorderSideStrokeAlign.OUTSIDE
    assert (luminance(ring.color) + 0.05) / (luminance(page) + 0.05) >= 3
    themes = focus_ring_themes()
    assert {"button_theme", "filled_button_theme", "outlined_button_theme",
            "text_button_theme", "icon_button_theme"} <= set(themes)
    for theme in themes.values():  # every kind of button, only when focused
        assert theme.style.side == FOCUS_SIDE
