"""Screens of Castle Party: each phone holds its player's whiteboard; the table shows every
castle, keeps the Shapes and Clocks, and reads out the Final Score.

The phone (phone.py, its pieces in phone_moves.py, phone_group.py, phone_castle.py and
phone_score.py): your move first (turn over the Shape, speak about a special action, score the
Event of a Clock, plan and draw a group), then the castle as a grid of squares with the guests
picked from coloured family tiles, then your score.

The table (table.py, sheet.py): the Shapes and Clocks, whose turn it is or who owes an Event,
every castle drawn in its player's colour, the live score sheet, and once the party is over the
Final Score read out one category at a time (the totals hidden until the end), then the sheet
with the winner marked and a bar chart. Its next steps are in the action bar. Every move goes
to the rules through ``screen.attempt``; nothing here decides what is allowed: the buttons
offered are the moves ``service.legal_moves`` lists for this screen, and the names come from
the game's data (``service.game_data``).

Both draw castles with grid.py (the grid, the guest tiles) and figure.py (a drawn group), and
score with parts.py; record.py draws a finished game's score sheet for the Tonight screen
(``record_card``).
"""
from __future__ import annotations

from .phone import PhonePanel
from .record import record_card
from .table import TablePanel

__all__ = ["PhonePanel", "TablePanel", "record_card"]
