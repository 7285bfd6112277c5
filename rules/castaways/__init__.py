"""Castaways (a Survivor-style social game, 5–18 players): the pure rules.

Players are the people at the table; Castaways are the characters on the cards.
"""
from rules import RuleError

from .challenges import (
    CoconutToss, check_sit_outs, coconut_rolls_needed, coconut_toss, obstacle_stage,
)
from .dice import RollOff, dice_rolloff, highest_roll
from .core import MERGE_AT
from .game import GAME, CastawaysGame
from .health import GAUGE_MAX, GAUGE_MIN, START_HEALTH, on_gauge
from .leader import forced_play_order
from .roster import (
    ARCHETYPES, MENTAL, PHYSICAL, SOCIAL, Castaway, castaways_per_player, default_roster,
)
from .state import State
from .tribunal import TribunalOutcome, outcast_panel_size, tribunal_outcome

__all__ = [
    "GAME", "CastawaysGame", "State", "RuleError",
    "castaways_per_player", "outcast_panel_size", "forced_play_order", "tribunal_outcome",
    "TribunalOutcome", "dice_rolloff", "RollOff", "highest_roll",
    "obstacle_stage", "coconut_rolls_needed", "coconut_toss", "CoconutToss", "check_sit_outs",
    "Castaway", "default_roster", "ARCHETYPES", "PHYSICAL", "MENTAL", "SOCIAL",
    "GAUGE_MIN", "GAUGE_MAX", "START_HEALTH", "on_gauge", "MERGE_AT",
]
