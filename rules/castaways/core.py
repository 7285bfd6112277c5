"""What every move shares: reading arguments and the state, the stages of a round, the
zero-health lock, and what happens when a Castaway leaves (elimination, merge, final)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import RuleError

from .health import STAGE_OF_PHASE, STAGES, lock_due, on_gauge
from .leader import next_in_order
from .roster import SOCIAL, Castaway
from .state import DONE, FINAL, OVER, TRIBUNAL, Departure, drop, Final, get, put, State
from .tribunal import largest_odd, outcast_panel_size


MERGE_AT = 10  # "Once 8 Castaways have been removed ... down to the final 10 ... merge"
LAST_SOCIAL_EXCEPTION_AT = MERGE_AT + 1  # "If the castaway headcount is at 11 ..."
TEAM_SWAP_FROM_ROUND = 3  # "can only be played from round 3 onwards"
LAST_SOCIAL_STAYS = ("{castaway} is the last Social Castaway of {team} and cannot quit before "
                     "the merge: \"There must always be 1 Social Castaway up until the teams "
                     "have merged\" (Choice: that holds for quitting too).")


# -- reading arguments ----------------------------------------------------------------------

def arg_text(args: Mapping, key: str, what: str) -> str:
    value = args.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"Name {what}.")
    return value.strip()


def arg_opt_text(args: Mapping, key: str) -> str:
    value = args.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RuleError(f"The {key} must be words.")
    return value.strip()


def arg_names(args: Mapping, key: str, what: str, *, required: bool = False) -> tuple[str, ...]:
    value = args.get(key)
    if value is None:
        if required:
            raise RuleError(f"Name {what}.")
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or any(not isinstance(v, str) for v in value):
        raise RuleError(f"List {what} by name.")
    names = tuple(v.strip() for v in value)
    if len(set(names)) != len(names):
        raise RuleError(f"Each of {what} can be named only once.")
    if required and not names:
        raise RuleError(f"Name {what}.")
    return names


def arg_int(args: Mapping, key: str, lo: int, hi: int, what: str) -> int:
    value = args.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleError(f"{what} must be a whole number from {lo} to {hi}.")
    return value


def arg_mapping(args: Mapping, key: str, what: str) -> Mapping:
    value = args.get(key)
    if not isinstance(value, Mapping):
        raise RuleError(f"Give {what}.")
    return value


# -- reading the state ----------------------------------------------------------------------

def card_of(state: State, name: Any) -> Castaway:
    for c in state.roster:
        if c.name == name:
            return c
    if not isinstance(name, str):
        raise RuleError("Name a Castaway.")
    raise RuleError(f"There is no Castaway called {name}.")


def alive(state: State) -> tuple[str, ...]:
    """The Castaways still in the game, lineup by lineup."""
    return tuple(c for _, lineup in state.lineups for c in lineup)


def alive_castaway(state: State, name: Any) -> str:
    c = card_of(state, name).name
    if c not in alive(state):
        raise RuleError(f"{c} has already left the game.")
    return c


def in_game_players(state: State) -> tuple[str, ...]:
    out = {p for p, _ in state.eliminated}
    return tuple(p for p in state.players if p not in out)


def player_named(state: State, name: Any, *, in_game: bool = True) -> str:
    if not isinstance(name, str):
        raise RuleError("Name a player.")
    if name not in state.players:
        raise RuleError(f"{name} is not playing this game.")
    if in_game and name not in in_game_players(state):
        raise RuleError(f"{name} is out of the game.")
    return name


def team_lineup(state: State, team: str) -> tuple[str, ...]:
    return get(state.lineups, team, ())


def lineup_teams(state: State) -> tuple[str, ...]:
    return tuple(t for t, _ in state.lineups)


def team_players(state: State, team: str) -> tuple[str, ...]:
    return tuple(p for p in in_game_players(state) if get(state.player_team, p) == team)


def other_team(state: State, team: str) -> str:
    a, b = state.options.team_names
    return b if team == a else a


def owned_by(state: State, player: str) -> tuple[str, ...]:
    return tuple(c for c, p in state.owners if p == player)


def protected_social(state: State, castaway: str) -> bool:
    """"There must always be 1 Social Castaway up until the teams have merged": pre-merge the
    last Social of a team is safe from Medical Evacuation, Advantage effects and the vote —
    "except at 11 Castaways", where it can go and the merge follows."""
    if state.merged or castaway not in alive(state):
        return False
    if card_of(state, castaway).archetype != SOCIAL:
        return False
    if len(alive(state)) < LAST_SOCIAL_EXCEPTION_AT + 1:
        return False
    team = get(state.castaway_team, castaway)
    socials = [c for c in team_lineup(state, team) if card_of(state, c).archetype == SOCIAL]
    return socials == [castaway]


def _stage_index(phase: str) -> int | None:
    stage = STAGE_OF_PHASE.get(phase)
    return None if stage is None else STAGES.index(stage)


def leader_candidates(state: State) -> tuple[str, ...]:
    players = set(in_game_players(state))
    return tuple(p for p in state.leader_order if p in players)


# -- stages, locks and leaving the game -----------------------------------------------------

def enter(state: State, phase: str) -> State:
    """Move to a stage of the round, and check the zero-health locks that fall due there."""
    state = replace(state, phase=phase, last_roll=())
    stage = _stage_index(phase)
    if stage is None:
        return state
    pending = list(state.pending_evacuations)
    zero = state.zero_since
    for c in alive(state):
        since = get(zero, c)
        if since is None or get(state.health, c) != 0 or not lock_due(since, state.round, stage):
            continue
        if protected_social(state, c):
            zero = put(zero, c, (state.round, stage))  # safe, so its lock starts again
        elif c not in pending:
            pending.append(c)
    return replace(state, zero_since=zero, pending_evacuations=tuple(pending))


def set_health(state: State, castaway: str, value: int) -> State:
    old = get(state.health, castaway)
    value = on_gauge(value)
    zero = state.zero_since
    if value > 0:
        zero = drop(zero, castaway)  # "+1 health ... THEY ARE SAFE"
    elif old > 0:
        stage = _stage_index(state.phase)
        zero = put(zero, castaway, (state.round, stage))  # a 'new' 0
    return replace(state, health=put(state.health, castaway, value), zero_since=zero)


TRIBUNAL_WAYS_OUT = ("voted out", "roll-off")  # how the Outcast Tribunal itself puts one out


def depart(state: State, castaway: str, how: str, instead_of: str = "") -> State:
    """A Castaway leaves: its owner is revealed, a player with no Castaway left is out, the
    merge and the Final Outcast Tribunal follow when their counts are reached.

    "Once 8 Castaways have been removed (whether votes, medical evacuation or quitting) and we
    are down to the final 10. At this point the teams will merge and become one team
    immediately." Only the Tribunal's own vote waits for the Tribunal's end, since "If the
    Double Vote Out happens at 11 Castaways ... merge will happen with 9 Castaways"."""
    owner = get(state.owners, castaway, "")
    lineups = tuple((t, tuple(c for c in lineup if c != castaway)) for t, lineup in state.lineups)
    state = replace(
        state, lineups=lineups,
        departed=state.departed + (Departure(castaway, owner, state.round, how, instead_of),),
        zero_since=drop(state.zero_since, castaway),
        pending_evacuations=tuple(c for c in state.pending_evacuations if c != castaway),
        amulets=tuple(c for c in state.amulets if c != castaway),
        sit_outs=tuple(c for c in state.sit_outs if c != castaway),
    )
    left = set(alive(state))
    if owner and not any(c in left for c in owned_by(state, owner)):
        state = _eliminate(state, owner)
    if len(in_game_players(state)) <= 2:
        return _start_final(state)
    if state.phase == TRIBUNAL and how in TRIBUNAL_WAYS_OUT:
        return state  # the merge waits for the Tribunal's end (a Double Vote Out may follow)
    return _merge_closes_tribunal(state, maybe_merge(state))


def _merge_closes_tribunal(before: State, after: State) -> State:
    """A quit or a Medical Evacuation at 11 during a pre-merge Outcast Tribunal merges the
    teams at once; the Tribunal then holds no further vote (Choice), or it would merge at 9."""
    trib = after.tribunal
    if not after.merged or before.merged or trib is None or trib.step == DONE:
        return after
    return replace(after, tribunal=replace(trib, step=DONE, merge_closed=True, candidates=(),
                                           dice_for=(), revote=False))


def _eliminate(state: State, player: str) -> State:
    """"Any cards in the possession of the eliminated Player will be returned to the bottom
    of the Camp Life draw pile." The Team Leader card moves on if they held it."""
    state = replace(state, eliminated=state.eliminated + ((player, state.round),),
                    must_play=drop(state.must_play, player))
    if state.team_leader == player and state.phase == TRIBUNAL:
        state = replace(state, leader_left=player)  # the next holder keeps it a round (Choice)
    trib = state.tribunal
    if trib is not None and trib.leader == player:
        # the duty and the card stay with the opposing team: "hand the Team Leader card and
        # the duty of adjudicating the tribunal to a player from the opposing team"
        to = tribunal_adjudicator(state, trib.team, player)
        state = replace(state, team_leader=to if state.team_leader == player else
                        state.team_leader)
        if to is not None:
            state = replace(state, tribunal=replace(trib, leader=to, duty_from=player))
    if state.team_leader == player:
        state = replace(state, team_leader=next_in_order(
            state.leader_order, player, in_game_players(state)))
    if state.forced is not None:
        state = advance_forced(state)
    return state


def tribunal_adjudicator(state: State, team: str | None, after: str | None) -> str | None:
    """Who adjudicates the Outcast Tribunal of ``team``: the next player after ``after`` in
    the Team Leader order from the opposing team. With no player of the opposing team left,
    the next player of any team (Choice: the losing team's own player adjudicates)."""
    playing = in_game_players(state)
    if team is not None:
        others = [p for p in playing if get(state.player_team, p) != team]
        if others:
            return next_in_order(state.leader_order, after, others)
    return next_in_order(state.leader_order, after, playing)


def maybe_merge(state: State) -> State:
    """"Once down to 10 Castaways the teams will merge" (9 after a Double Vote Out at 11)."""
    if state.merged or len(alive(state)) > MERGE_AT or state.phase in (FINAL, OVER):
        return state
    tribe = state.options.tribe_name
    everyone = alive(state)
    # "has no effect once the merge stage has been reached": a swap under way ends unplayed
    return replace(
        state, swap=None, swap_voided=state.swap is not None, merged=True, merge_round=state.round, players_at_merge=in_game_players(state),
        merge_checklist=True, lineups=((tribe, everyone),),
        castaway_team=tuple((c, tribe) for c, _ in state.castaway_team),
        sit_outs=(), last_sit_outs=(),
    )


def _start_final(state: State) -> State:
    """"Immediately after the 3rd last Player is out fo the game we will have our final 2
    Players and then we go straight to the Final Outcast Tribunal." The Outcast Panel: the
    highest odd number of players that made the merge, less the two finalists; when that
    count is even, the first player out after the merge sits out (the text does not say)."""
    finalists = in_game_players(state)
    out = [p for p, _ in state.eliminated]
    if state.merged and len(state.players_at_merge) >= 3:
        pool = [p for p in out if p in state.players_at_merge]
        size = outcast_panel_size(len(state.players_at_merge))
    else:  # a Final before the merge (Choice): the panel from the players already out
        pool = out
        size = largest_odd(len(pool))
    panel = tuple(pool[len(pool) - size:]) if size > 0 else ()
    return replace(
        state, phase=FINAL, tribunal=None, forced=None, swap=None, pending_evacuations=(),
        final=Final(finalists=finalists, panel=panel, before_merge=not state.merged,
                    at_merge_count=not state.merged and len(alive(state)) <= MERGE_AT),
    )


# -- Forced Play turns (here because a player going out moves Forced Play on) ----------------

def forced_turn(state: State) -> str | None:
    if state.forced is None:
        return None
    return state.forced.order[state.forced.turn]


def advance_forced(state: State) -> State:
    f = state.forced
    still = set(in_game_players(state))
    for i in range(f.turn, len(f.order)):
        p = f.order[i]
        if p in still and get(state.must_play, p, 0) > 0:
            return replace(state, forced=replace(f, turn=i))
    return replace(state, forced=None)  # "Once Forced Play is actioned it must be completed"


def next_most_appropriate(state: State, castaway: str) -> tuple[str, ...]:
    """Who goes in place of a last Social kept safe: "if there are 12+ castaways in the game
    and still more pre-merge rounds to go to reach the merge then the social castaway is safe
    from this elimination card, and the next most appropriate castaway is out".

    Choice: the lowest health in the same team; the first is proposed, the others listed
    are tied with it (lineup order). Empty when nobody else can go."""
    team = get(state.castaway_team, castaway)
    others = [c for c in team_lineup(state, team)
              if c != castaway and not protected_social(state, c)]
    if not others:
        return ()
    low = min(get(state.health, c) for c in others)
    return tuple(c for c in others if get(state.health, c) == low)


def check_removable(state: State, c: str, what: str, *, instead: bool = False) -> None:
    if protected_social(state, c):
        team = get(state.castaway_team, c)
        if what == "quitting":  # Choice: "There must always be 1 Social Castaway" holds here too
            raise RuleError(LAST_SOCIAL_STAYS.format(castaway=c, team=team))
        sentence = (f"{c} is the last Social Castaway of {team} and is safe from {what} "
                    "before the merge")
        ranked = next_most_appropriate(state, c) if instead else ()
        if ranked:
            sentence += (f": the next most appropriate Castaway is out instead ({ranked[0]} "
                         "proposed)")
        raise RuleError(sentence + ".")

