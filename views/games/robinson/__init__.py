"""Screens of Robinson Crusoe: Adventures on the Cursed Island: the table's and each phone's
panel in panels.py, the island they both draw and its controls in parts.py, the pictures (tracks,
dice, tiles) in board.py.
"""
from __future__ import annotations

from .panels import PhonePanel, TablePanel

__all__ = ["PhonePanel", "TablePanel"]
