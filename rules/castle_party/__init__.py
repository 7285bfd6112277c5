"""Castle Party (Devir, 2021): whiteboard castles, the Clocks and Events, the Final Score.

Public rules API (a contract; see docs/rules-api.md):

- ``Castle.from_text(layout, guests)``: a castle from text, one character per square, one line
  per row (layout ``. ^ ~ = # s w v g f``; guests ``. S W V G F s w v g f U P``);
- ``score(castle, *, unused_special_actions=0, events=None, gathering="on", beyond=())``: the
  Final Score (``total`` and the rulebook's breakdown); ``gathering`` the Rave reading of "in
  contact" ("on" or "touching"), ``beyond`` guests past the edge of the whiteboard (moat);
- ``fireworks(castle)``, ``conga(castle)``, ``toast(castle, at=(row, column))``: an Event's points;
- ``GAME``: the game on :class:`rules.base.BaseGame` (moves, guards, view, reminders).

Layout: ``state.py`` (the state), ``moves.py`` (the moves), ``turns.py`` (the Game Turn:
phases and who may act now), ``game.py`` (the game and its move table), ``text.py`` (the
sentences), ``view.py`` (what the screens show), and the rulebook's parts: ``castle.py`` (the
whiteboard), ``layouts.py`` (the default grids), ``scoring.py`` (the Events and the Final Score).
"""
from rules import RuleError

from .castle import (
    FAMILIES,
    FAMILY_NAMES,
    GATHERING_POINT_NAMES,
    KINGS,
    Castle,
    square_name,
)
from .game import CHOICES, GAME, CastleParty, EventRecord, PartyState, ShapeTurn, Whiteboard
from .layouts import APPROXIMATION_NOTE, BASIC_LAYOUT, DEFAULT_LAYOUTS, RAVE_LAYOUT
from .scoring import (
    CATEGORY_NAMES,
    EVENT_NAMES,
    EVENTS,
    GATHERING_READING_NAMES,
    GATHERING_READINGS,
    GATHERING_RULE,
    SPECIAL_ACTION_NAMES,
    SPECIAL_ACTIONS,
    UNICORN_POINTS,
    FamilyGroup,
    Score,
    conga,
    fireworks,
    score,
    toast,
)

__all__ = [
    "APPROXIMATION_NOTE",
    "BASIC_LAYOUT",
    "CATEGORY_NAMES",
    "CHOICES",
    "Castle",
    "CastleParty",
    "DEFAULT_LAYOUTS",
    "EVENTS",
    "EVENT_NAMES",
    "EventRecord",
    "FAMILIES",
    "FAMILY_NAMES",
    "FamilyGroup",
    "GAME",
    "GATHERING_POINT_NAMES",
    "GATHERING_READINGS",
    "GATHERING_READING_NAMES",
    "GATHERING_RULE",
    "KINGS",
    "PartyState",
    "RAVE_LAYOUT",
    "RuleError",
    "SPECIAL_ACTIONS",
    "ShapeTurn",
    "SPECIAL_ACTION_NAMES",
    "Score",
    "UNICORN_POINTS",
    "Whiteboard",
    "conga",
    "fireworks",
    "score",
    "square_name",
    "toast",
]
