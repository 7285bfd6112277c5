"""Castle Party's Final Score sheet and castle cards on the table with people's long names
(issue: at 1280x800 the sheet's heading ran "Maximiliano Ferreira" into the next column, and
the castle cards cut the names off).

The overlap itself is drawn by Flutter, out of reach of a unit test; what is in reach is why
it happened: a name laid out at its own width (a DataTable heading, a tight Row in a card of
fixed width) instead of the width its column or card gives it. So every name the sheet and
the cards show must take its width from its Row (``expand``), wrap to a bounded number of
lines then end in an ellipsis, and still be said whole to a screen reader; and the sheet has
no fixed width nor a DataTable heading. The pictures at 1024x768 and 1280x800:
``tests/gallery.py --games castle_party``.
"""
from __future__ import annotations

import flet as ft
import pytest

from companion.language import PSEUDO, Words
from rules.castle_party import GAME
from views.games.castle_party.grid import Words as SquareWords
from views.games.castle_party.sheet import Readout, score_sheet
from views.games.castle_party.table import CastleCard

from testsupport.real_table import NAMES
from testsupport.screens import finished_view


def children(c) -> list:
    found = []
    for attr in ("controls", "content", "columns", "rows", "cells", "label"):
        child = getattr(c, attr, None)
        if isinstance(child, list):
            found += child
        elif isinstance(child, ft.Control):
            found.append(child)
    return found


def name_paths(root, names) -> list[list]:
    """Every path from ``root`` down to a Text that shows a player's name alone."""
    paths, stack = [], [[root]]
    while stack:
        path = stack.pop()
        c = path[-1]
        if isinstance(c, ft.Text) and c.value in names:
            paths.append(path)
        stack += [path + [k] for k in children(c)]
    return paths


def assert_fits(root, names) -> int:
    paths = name_paths(root, names)
    for path in paths:
        text = path[-1]
        assert text.max_lines and text.overflow == ft.TextOverflow.ELLIPSIS, text.value
        assert text.semantics_label == text.value  # cut short on screen, whole when read
        # its width comes from the Row around it, not from its own length
        row = max(i for i, c in enumerate(path) if isinstance(c, ft.Row))
        assert not path[row].tight and not path[row].wrap, text.value
        assert any(getattr(c, "expand", None) for c in path[row + 1:]), text.value
        assert not any(isinstance(c, (ft.DataTable, ft.DataColumn)) for c in path), text.value
    return len(paths)



def long_names_view() -> dict:
    """A finished party's view with the layout test's long names for its players."""
    view = finished_view()
    names = dict(zip(view["players"], NAMES))
    tally = view["tally"]
    return {**view, "players": [names[p] for p in view["players"]],
            "winners": [names[p] for p in view["winners"]],
            "tally": {**tally, "points": {names[p]: v for p, v in tally["points"].items()},
                      "totals": {names[p]: v for p, v in tally["totals"].items()}},
            "castles": [{**c, "player": names[c["player"]]} for c in view["castles"]]}


@pytest.mark.parametrize("lang", ["en", PSEUDO])
def test_the_sheet_wraps_long_names_in_columns_flutter_sizes(lang):
    view = long_names_view()
    say, n = Words(lang), len(view["tally"]["categories"])
    for read in (None, 0, 1, n):
        sheet = score_sheet(view, {}, read, say)
        assert sheet.width is None  # the columns share the screen's width by flex
        assert assert_fits(sheet, view["players"]) == len(view["players"])
    end = Readout(lambda read: None, say).controls(view, {}, n)
    assert sum(assert_fits(c, view["players"]) for c in end) == len(view["players"])


def test_a_castle_card_wraps_its_players_long_name():
    view = long_names_view()
    castle = view["castles"][0]
    card = CastleCard(castle["player"], tuple(view["layout"]), "#f4c542")
    card.draw(castle, GAME.data, SquareWords(GAME.data), hide=False, full=True)
    assert assert_fits(card.root, [castle["player"]]) == 1


def test_a_row_of_equal_scores_is_not_one_word_read_over_and_over():
    """The sheet's cells have no table roles: "0", "0", "0" would be read as one word
    repeated (the layout test's "read twice in a row"); each value is heard with its
    player's name."""
    view = long_names_view()
    sheet = score_sheet(view, {}, 0)  # the hidden totals: "?" for everyone
    stack, rows = [sheet], []
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Row) and len(c.controls) == 1 + len(view["players"]):
            rows.append(c)
        stack += children(c)
    assert rows
    for row in rows:
        heard = [t.semantics_label or t.value for cell in row.controls[1:]
                 for t in [cell.content] if isinstance(t, ft.Text)]
        assert len(set(heard)) == len(heard), heard

