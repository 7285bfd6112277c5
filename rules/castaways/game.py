"""Castaways at the table: setup to the winner, as the table runs it with the companion.

Every rule cites the FAQ text (rules-texts/castaways-faq.txt). Players are the people;
Castaways are the characters on the cards. Dice results and shuffles arrive as arguments.
"""
from __future__ import annotations

from typing import Callable, Mapping

from .camp import (
    mark_must_play, play_card, start_forced_play, swap_pick, swap_split, team_swap,
    swap_turn,
)
from .core import (
    MERGE_AT, TEAM_SWAP_FROM_ROUND, alive, forced_turn, in_game_players, next_most_appropriate,
    protected_social,
)
from .outcast import (
    double_vote_out, open_final_vote, open_vote, play_advantage, return_advantage,
    roll_off, tribal_twist, vote_result, vote_twist, eligible_castaways, final_key,
    present_castaways, tribunal_key, tribunal_safety, tribunal_votes,
)
from .rounds import (
    adjust_health, arrange_lineup, challenge_penalty, challenge_result, challenge_roll_off,
    score_coconut_toss, confirm_merge, grant_amulet, medical_evacuation, next_phase,
    score_obstacle_stage, pass_leader, remove_castaway, reveal_challenge, set_health_to,
    set_leader_order, sit_out, bag_holders, sit_out_needed,
)
from .setup import deal, pick, roll_team_leader, new_game
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
    "deal": deal,
    "pick": pick,
    "roll_team_leader": roll_team_leader,
    "set_leader_order": set_leader_order,
    "pass_leader": pass_leader,
    "arrange_lineup": arrange_lineup,
    "next_phase": next_phase,
    "confirm_merge": confirm_merge,
    "adjust_health": adjust_health,
    "set_health": set_health_to,
    "medical_evacuation": medical_evacuation,
    "remove_castaway": remove_castaway,
    "mark_must_play": mark_must_play,
    "start_forced_play": start_forced_play,
    "play_card": play_card,
    "team_swap": team_swap,
    "swap_pick": swap_pick,
    "swap_split": swap_split,
    "sit_out": sit_out,
    "reveal_challenge": reveal_challenge,
    "challenge_result": challenge_result,
    "challenge_penalty": challenge_penalty,
    "obstacle_stage": score_obstacle_stage,
    "coconut_toss": score_coconut_toss,
    "challenge_roll_off": challenge_roll_off,
    "grant_amulet": grant_amulet,
    "tribal_twist": tribal_twist,
    "vote_twist": vote_twist,
    "play_advantage": play_advantage,
    "return_advantage": return_advantage,
    "double_vote_out": double_vote_out,
    "open_vote": open_vote,
    "vote_result": vote_result,
    "roll_off": roll_off,
    "open_final_vote": open_final_vote,
}
