"""Castaways at the table: setup to the winner, as the table runs it with the companion.

Every rule cites the FAQ text (rules-texts/castaways-faq.txt). Players are the people;
Castaways are the characters on the cards. Dice results and shuffles arrive as arguments.
"""
from __future__ import annotations

from typing import Callable, Mapping

from .camp import (
    _mark_must_play, _play_card, _start_forced_play, _swap_pick, _swap_split, _team_swap,
    swap_turn,
)
from .core import (
    MERGE_AT, TEAM_SWAP_FROM_ROUND, alive, forced_turn, in_game_players, next_most_appropriate,
    protected_social,
)
from .outcast import (
    _double_vote_out, _open_final_vote, _open_vote, _play_advantage, _return_advantage,
    _roll_off, _tribal_twist, _vote_result, _vote_twist, eligible_castaways, final_key,
    present_castaways, tribunal_key, tribunal_safety, tribunal_votes,
)
from .rounds import (
    _adjust_health, _arrange_lineup, _challenge_penalty, _challenge_result, _challenge_roll_off,
    _coconut_toss, _confirm_merge, _grant_amulet, _medical_evacuation, _next_phase,
    _obstacle_stage, _pass_leader, _remove_castaway, _reveal_challenge, _set_health_move,
    _set_leader_order, _sit_out, bag_holders, sit_out_needed,
)
from .setup import _deal, _pick, _roll_team_leader, new_game
from .state import State

# Read by the screens, the GAME object and the tests.
__all__ = [
    "MOVES", "MERGE_AT", "TEAM_SWAP_FROM_ROUND", "alive", "bag_holders", "eligible_castaways",
    "final_key", "forced_turn", "in_game_players", "new_game", "next_most_appropriate",
    "present_castaways", "protected_social", "sit_out_needed", "swap_turn", "tribunal_key",
    "tribunal_safety", "tribunal_votes",
]

# -- the game object ------------------------------------------------------------------------

MOVES: dict[str, Callable[[State, str, Mapping], State]] = {
    "deal": _deal,
    "pick": _pick,
    "roll_team_leader": _roll_team_leader,
    "set_leader_order": _set_leader_order,
    "pass_leader": _pass_leader,
    "arrange_lineup": _arrange_lineup,
    "next_phase": _next_phase,
    "confirm_merge": _confirm_merge,
    "adjust_health": _adjust_health,
    "set_health": _set_health_move,
    "medical_evacuation": _medical_evacuation,
    "remove_castaway": _remove_castaway,
    "mark_must_play": _mark_must_play,
    "start_forced_play": _start_forced_play,
    "play_card": _play_card,
    "team_swap": _team_swap,
    "swap_pick": _swap_pick,
    "swap_split": _swap_split,
    "sit_out": _sit_out,
    "reveal_challenge": _reveal_challenge,
    "challenge_result": _challenge_result,
    "challenge_penalty": _challenge_penalty,
    "obstacle_stage": _obstacle_stage,
    "coconut_toss": _coconut_toss,
    "challenge_roll_off": _challenge_roll_off,
    "grant_amulet": _grant_amulet,
    "tribal_twist": _tribal_twist,
    "vote_twist": _vote_twist,
    "play_advantage": _play_advantage,
    "return_advantage": _return_advantage,
    "double_vote_out": _double_vote_out,
    "open_vote": _open_vote,
    "vote_result": _vote_result,
    "roll_off": _roll_off,
    "open_final_vote": _open_final_vote,
}
