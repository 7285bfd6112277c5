"""Screens of Survivor: The Tribe Has Spoken.

The cards stay on the table; the table screen shows the tribe at a glance (each player's
Survivor Character Cards and Vote Cards as cards, in the player's colour), the Draw Pile's
Tribal Council cards, and each Tribal Council as a show: its card, its leader, a track of its
steps and what each step brought (Tribal Advantage cards, Immunity Idols, "The Tribe Has
Spoken!"). The table's next steps sit in the action bar. Each phone holds its player's
secrets and decisions: Extra Vote cards (never shown on the table), the Immunity Idol, the
Tribal Council Leader's choices and the Final Tribal Council Leader's tie-break. The secret
votes themselves go through the room's shared ballot box.

Nothing here decides what is allowed: the buttons are the moves ``legal_moves`` lists for
this screen, and every tap is a move the rules accept or refuse with a sentence, shown on the
screen that made it.
"""
from __future__ import annotations

from .phone import PhonePanel
from .table import TablePanel

__all__ = ["PhonePanel", "TablePanel"]
