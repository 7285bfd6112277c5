"""Camp: '!' cards, Forced Play and the Team Swap."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import TABLE, RuleError
from rules.words import Speaker

from .core import (
    advance_forced, alive, card_of, forced_turn, in_game_players, arg_int, leader_candidates,
    arg_mapping, arg_names, arg_opt_text, other_team, player_named,
)
from .leader import forced_play_order
from .roster import ARCHETYPE_WORDS, ARCHETYPES
from .state import drop, ForcedPlay, get, put, State, Swap

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


# -- camp: must-play cards, Forced Play, the Team Swap --------------------------------------

def mark_must_play(state: State, actor: str, args: Mapping) -> State:
    """"Camp Life cards with the exclamation mark icon ... must be played at camp during the
    round in which they were received." The table marks who holds them."""
    player = player_named(state, args.get("player"))
    count = arg_int(args, "count", 0, 9, "The number of '!' cards")
    return replace(state, must_play=put(state.must_play, player, count) if count
                   else drop(state.must_play, player))


def start_forced_play(state: State, actor: str, args: Mapping) -> State:
    """"Forced Play states that the players are forced to play their 'must play' cards
    starting with the current Team Leader, followed by the next player set to become Team
    Leader, and so on.\""""
    holders = [p for p, n in state.must_play if n > 0]
    order = forced_play_order(leader_candidates(state), state.team_leader, holders)
    return replace(state, forced=ForcedPlay(order=tuple(order)))


def play_card(state: State, actor: str, args: Mapping) -> State:
    """A Camp Life card played at camp. During Forced Play only the player whose turn it is
    may play, and only a '!' card: "no player who is positioned further down the order is
    then allowed to jump in"."""
    player = player_named(state, args.get("player") if actor == TABLE else actor)
    must = args.get("must_play", False)
    if not isinstance(must, bool):
        raise RuleError(_("Say whether the card is a '!' card."))
    arg_opt_text(args, "card")
    if state.forced is not None:
        turn = forced_turn(state)
        if player != turn:
            raise RuleError(_("Forced Play: it is {player}'s turn; no other card may be played "
                              "until Forced Play is complete.", player=turn))
        if not must:
            raise RuleError(_("Forced Play: {player} must play a '!' card now.", player=player))
    if must:
        held = get(state.must_play, player, 0)
        if held <= 0:
            raise RuleError(_("{player} holds no '!' card.", player=player))
        state = replace(state, must_play=put(state.must_play, player, held - 1)
                        if held > 1 else drop(state.must_play, player))
    if state.forced is not None:
        state = advance_forced(state)
    return state


def team_swap(state: State, actor: str, args: Mapping) -> State:
    """"The holder of the card will choose another Player in the game. These two are now team
    captains and will do a schoolyard pick ... The card holder picks first." Only with the
    option on, "from round 3 onwards", and with "no effect once the merge stage has been
    reached"."""
    holder = player_named(state, args.get("holder") if actor == TABLE else actor)
    captain = player_named(state, args.get("captain"))
    if captain == holder:
        raise RuleError(_("The card holder chooses another player as the second captain."))
    holder_team = get(state.player_team, holder)
    swap = Swap(holder=holder, captain=captain, holder_team=holder_team,
                captain_team=other_team(state, holder_team),
                picked=((holder, holder_team), (captain, other_team(state, holder_team))),
                to_pick=tuple(p for p in in_game_players(state) if p not in (holder, captain)))
    return replace(state, swap=swap)


def swap_turn(swap: Swap) -> str | None:
    """The captain who picks next: the holder first, then turn about."""
    if not swap.to_pick:
        return None
    made = len(swap.picked) - 2
    return swap.holder if made % 2 == 0 else swap.captain


def swap_pick(state: State, actor: str, args: Mapping) -> State:
    swap = state.swap
    turn = swap_turn(swap)
    player = player_named(state, args.get("player"))
    if player not in swap.to_pick:
        raise RuleError(_("{player} has already been picked.", player=player))
    team = swap.holder_team if turn == swap.holder else swap.captain_team
    return replace(state, swap=replace(
        swap, picked=swap.picked + ((player, team),),
        to_pick=tuple(p for p in swap.to_pick if p != player)))


def swap_split(state: State, actor: str, args: Mapping) -> State:
    """"Group all the Castaways left in the game by archetype ... split each of the 3
    archetype groups randomly, but evenly, into two new teams. Any odd castaway joins the
    card holder's team." The random split arrives as ``teams``."""
    swap = state.swap
    teams = arg_mapping(args, "teams", "the new teams' Castaways")
    if set(teams) != set(state.options.team_names):
        raise RuleError(_("Split the Castaways into the two teams."))
    new = {t: arg_names({"x": teams[t]}, "x", f"the Castaways of {t}") for t in teams}
    listed = new[swap.holder_team] + new[swap.captain_team]
    if sorted(listed) != sorted(alive(state)):
        raise RuleError(_("Every Castaway still in the game goes to exactly one team."))
    for archetype in ARCHETYPES:
        mine = sum(1 for c in new[swap.holder_team] if card_of(state, c).archetype == archetype)
        theirs = sum(1 for c in new[swap.captain_team]
                     if card_of(state, c).archetype == archetype)
        if mine - theirs not in (0, 1):
            raise RuleError(_("Split the {archetype} Castaways evenly; an odd one joins "
                              "{team}, the card holder's team.",
                              archetype=ARCHETYPE_WORDS.get(archetype, archetype),
                              team=swap.holder_team))
    team_of = {c: t for t, cs in new.items() for c in cs}
    player_team = state.player_team
    for p, t in swap.picked:
        player_team = put(player_team, p, t)
    return replace(
        state, swap=None, swapped=True, player_team=player_team,
        castaway_team=tuple((c, team_of.get(c, t)) for c, t in state.castaway_team),
        lineups=tuple((t, new[t]) for t in state.options.team_names),
    )


def shuffled_split(state: State, args: Mapping, source: Any) -> dict:
    """The split, when the table lets the app do it: "Group all the Castaways left in the
    game by archetype ... split each of the 3 archetype groups randomly, but evenly, into two
    new teams. Any odd castaway joins the card holder's team.\""""
    swap = state.swap
    teams: dict[str, list[str]] = {swap.holder_team: [], swap.captain_team: []}
    here = alive(state)
    for archetype in ARCHETYPES:
        cards = source.shuffled([c for c in here if card_of(state, c).archetype == archetype])
        half = (len(cards) + 1) // 2
        teams[swap.holder_team] += cards[:half]
        teams[swap.captain_team] += cards[half:]
    return {"teams": teams}
