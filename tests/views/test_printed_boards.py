"""An Arabic screen mirrors its layout (``page.rtl``), but what stands for printed cardboard
keeps the cardboard's order: Castle Party's castle (columns A to M, row 1 at the top, the row
numbers on its left), on the phone's grid, its zoom and the table's castle cards, and
Robinson's life track (first Wound on the left, death on the right). And a question typed at
the table is drawn in its own direction: "Who goes first?" keeps its "?" at its end.

A right-to-left Row lays its first child on the right: ``shown`` reads a row as the eye sees
it, from the left, on a screen of either direction.
"""
from __future__ import annotations

import re

import flet as ft

from companion.ballots import OPEN, Vote
from companion.language import FSI, PDI, Words, plain
from rules import VoteCall
from rules.castle_party.castle import column_name
from views.ballot import BallotForm, question_heading
from views.games.castle_party import grid
from views.games.robinson.board import life_track
from views.testing import words

LAYOUT = ("..^..#", "......", "#..*..")
DATA = {"columns": [column_name(c) for c in range(6)]}
AR, EN = Words("ar"), Words("en")


def shown(row: ft.Row, rtl: bool) -> list[ft.Control]:
    """A row's children from the left, as drawn on a screen of that direction."""
    return list(reversed(row.controls)) if rtl else list(row.controls)


def header_letters(castle: grid.CastleGrid, rtl: bool) -> list[str]:
    numbers_or_board = shown(castle.root, rtl)
    board = numbers_or_board[1]
    header = board.controls[0].controls[0]
    return [box.content.value for box in shown(header, rtl)]


def test_the_castle_grid_reads_a_to_m_on_an_arabic_phone():
    ar = grid.CastleGrid(LAYOUT, lambda at: None, grid.Words(DATA, AR))
    en = grid.CastleGrid(LAYOUT, lambda at: None, grid.Words(DATA, EN))
    assert header_letters(ar, True) == header_letters(en, False) == list("ABCDEF")
    # the row numbers on the castle's left, as printed
    assert shown(ar.root, True)[0].controls[1].content.value == "1"
    # every row of squares from column A on the left
    rows = shown(ar.root, True)[1].controls[0].controls[1:]
    for r, row in enumerate(rows):
        left_to_right = shown(row, True)
        for c, kind in enumerate(LAYOUT[r]):
            if kind != "#":
                assert left_to_right[c] is ar.cells[(r, c)].box
    # a column of rows of unequal reach lines up on the left, where column A is
    assert rows and shown(ar.root, True)[1].controls[0].horizontal_alignment == \
        ft.CrossAxisAlignment.END
    # an English phone: as it always was
    assert [row.controls for row in en.root.controls[1].controls[0].controls[1:]] and \
        en.root.controls[0].controls[1].content.value == "1"


def test_the_zoom_and_the_tables_castle_cards_read_left_to_right_in_arabic():
    guests = [list(line.replace("#", ".").replace("^", ".").replace("*", "."))
              for line in LAYOUT]
    zoom = grid.Zoom((1, 2), LAYOUT, guests, grid.Words(DATA, AR), lambda at: None)
    first = shown(zoom.root.controls[0], True)
    # the zoom's squares from the left: their columns in the alphabet's order ("A1", "B1")
    columns = [re.search(r"([A-Z]+)1", c.content.content.controls[1].semantics_label)[1]
               for c in first if c.content is not None]
    assert len(columns) > 1 and columns == sorted(columns)
    mini = grid.MiniCastle(LAYOUT, rtl=True)
    for r, row in enumerate(mini.root.controls):
        assert shown(row, True) == [mini.cells[(r, c)][0] for c in range(len(LAYOUT[r]))]
    plain_mini = grid.MiniCastle(LAYOUT)
    assert plain_mini.root.controls[0].controls == [plain_mini.cells[(0, c)][0]
                                                    for c in range(len(LAYOUT[0]))]


def test_robinsons_life_track_runs_from_the_left_to_death_on_the_right_in_arabic():
    ch = {"arrows": [3, 6], "death_at": 9, "wounds": 2}
    for rtl in (True, False):
        track = shown(life_track(ch, 20, rtl=rtl), rtl)
        icons = [box.content.icon if box.content else None for box in track]
        assert icons[:2] == [ft.Icons.CLOSE, ft.Icons.CLOSE]  # the Wounds taken, first
        assert icons[2] == ft.Icons.SOUTH  # the first morale arrow, at 3
        assert icons[-1] == ft.Icons.HEART_BROKEN  # death at the end, on the right
    # a right-to-left row that wraps would start its second line on the right
    assert life_track(ch, 20, rtl=True).wrap is False


def ballot(question, say) -> BallotForm:
    call = VoteCall("table-vote", question, ("Ana", "Bruno"), ("Fay",))
    return BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Fay",
                      lambda choices: True, lambda: None, say=say)


def test_a_typed_question_keeps_its_question_mark_at_its_end_on_an_arabic_phone():
    # the phone's ballot: the English question isolated, so drawn in its own direction
    assert FSI + "Who goes first?" + PDI in words(ballot("Who goes first?", AR).root)
    # an English phone: byte for byte what it was
    assert "Who goes first?" in words(ballot("Who goes first?", EN).root)
    # the table's heading says it the same way; a question of the screen's direction, and
    # one that starts with a number, are left alone
    assert question_heading("Who goes first?", AR) == FSI + "Who goes first?" + PDI
    assert question_heading("من يبدأ؟", AR) == "من يبدأ؟"
    assert question_heading("من يبدأ؟", EN) == FSI + "من يبدأ؟" + PDI
    assert question_heading("2 or 3?", EN) == "2 or 3?"
    # a question of both scripts: its first letter decides (first-strong isolation)
    mixed = "Does علي go first?"
    assert question_heading(mixed, AR) == FSI + mixed + PDI
    assert plain(question_heading(mixed, AR)) == mixed


def test_the_panels_know_their_screens_direction():
    """What the games' panels pass their boards: an Arabic screen's panel is right to left
    (its words are the screen's; ``GamePanel.say`` is a method, not the words)."""
    from types import SimpleNamespace

    from rules.castle_party import GAME
    from views.games.castle_party.phone import PhonePanel
    from views.games.castle_party.table import TablePanel

    def screen(say):
        return SimpleNamespace(words=say, code="ABCD",
                               service=SimpleNamespace(game_data=lambda code: GAME.data))

    for panel in (PhonePanel, TablePanel):
        assert panel(screen(AR)).rtl and panel(screen(AR)).words.rtl
        assert not panel(screen(EN)).words.rtl


def test_robinsons_character_card_passes_its_screens_direction_to_the_life_track():
    from types import SimpleNamespace

    from rules.robinson import GAME
    from views.games.robinson.characters import Characters

    state = GAME.setup(("Ann", "Bob"), {"scenario": 1})
    ch = GAME.view(state, "Ann")["characters"][0]
    ch = dict(ch, wounds=1)

    def track(rtl: bool) -> ft.Row:
        piece = Characters(lambda move, args: True, lambda: None, table=False, data=GAME.data,
                           owner=SimpleNamespace(rtl=rtl), say=AR if rtl else EN)
        piece.view, piece.legal, piece.positions = {"characters": [ch]}, frozenset(), {}
        card = piece.character_card(ch)
        track, = [c for c in card.content.content.controls if isinstance(c, ft.Row)
                  and any(isinstance(b, ft.Container) and b.width == 20 for b in c.controls)]
        return track

    for rtl in (True, False):
        icons = [box.content.icon if box.content else None for box in shown(track(rtl), rtl)]
        assert icons[0] == ft.Icons.CLOSE and icons[-1] == ft.Icons.HEART_BROKEN


def test_the_tables_vote_panel_draws_a_typed_question_in_its_own_direction():
    from types import SimpleNamespace

    from views.ballot import Reading, VotePanel

    call = VoteCall("table-vote", "Who goes first?", ("Ana", "Bruno"), ("Fay", "Gus"))
    vote = Vote("v", call.key, call, OPEN, frozenset({"Fay"}), (), 0, False)
    for say, question in ((AR, FSI + "Who goes first?" + PDI), (EN, "Who goes first?")):
        panel = VotePanel(SimpleNamespace(error=None, words=say))
        assert question in [w for c in panel.draw(Reading(vote)) for w in words(c)]


def test_a_group_card_keeps_its_printed_shape_on_an_arabic_screen():
    """Castle Party's group cards (a shape of guests) are cardboard too: the table's editor
    that copies one, and the picture of one, are not mirrored (a mirrored editor would enter
    an L as a J)."""
    from rules.castle_party import GAME
    from views.games.castle_party.figure import FigureEditor, figure_picture

    editor = FigureEditor(GAME.data, grid.Words(GAME.data, AR), lambda **kw: None)
    for r, row in enumerate(editor.grid.controls):
        assert shown(row, True) == [editor.boxes[(r, c)][0] for c in range(editor.SIZE)]
    members = [[0, 0, GAME.data["families"][0], 0], [0, 1, GAME.data["families"][1], 1]]
    picture = figure_picture(members, grid.Words(GAME.data, AR))
    anchor, other = shown(picture.controls[0], True)
    assert anchor.border is not None and other.border is None  # the ringed anchor on the left
