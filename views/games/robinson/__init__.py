"""Screens of Robinson Crusoe: Adventures on the Cursed Island: the table's and each phone's
panel in panels.py; the island they both draw, in pieces, each a class of its own module drawn
from its own value (parts.py says which; island.py holds a screen's pieces); the table's
Shelter panel in shelter.py; the pictures (tracks, dice, tiles) in board.py.
"""
from __future__ import annotations

from .panels import PhonePanel, TablePanel

__all__ = ["PhonePanel", "TablePanel"]
