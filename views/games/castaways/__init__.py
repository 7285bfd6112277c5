"""Screens of Castaways: the table runs the round, the phones keep each player's secret.

Table screen (table.py, drawn in pieces, each in a module of its own: its base in
controls.py, the show and the action bar in show.py, the stage and the die in stage.py, the
lineups and the players in lineups.py, the Selected Castaways in selection.py, the Challenge
helpers in challenge.py, the Advantage cards, the Team Swap and the Team Leader card in
cards.py): setup form, the deal, the Team Leader die, two lineups side by side (one tribe
after the merge) with health gauges readable across a table, the zero-health lock in words,
the phase controls (Forced Play, the Challenge helpers, the Outcast Tribunal's steps, the
merge checklist, the Final Outcast Tribunal), Medical Evacuation with a confirmation.
Phone (phone.py): my Castaways, their health, the phase, my picks, my turn.
The small parts both draw (health gauges, Castaway cards, reading what the table typed) are
in parts.py.

Players are the people; Castaways are the characters on the cards. No rule lives here: the
buttons offered are the moves the rules list as legal now (``legal_moves``), the fixed data
comes from ``game_data``, dice are rolled by the companion for the move that asks for them
(or typed off the real die), and a refusal is shown as the rules' sentence.
"""
from __future__ import annotations

from .phone import PhonePanel
from .table import TablePanel

__all__ = ["PhonePanel", "TablePanel"]
