"""The Outcast Tribunal and the Final Outcast Tribunal."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import TABLE, RuleError
from rules.words import Items, Speaker

from .core import (
    alive, alive_castaway, depart, in_game_players, arg_int, arg_mapping, arg_names, arg_opt_text,
    other_team, player_named, protected_social, team_lineup, team_players,
)
from .dice import dice_rolloff
from .leader import next_in_order
from .state import (
    ADVANTAGES, DICE, DONE, FINAL, OVER, VOTE, VOTE_TWIST, Advantage, get, State, Tribunal,
)
from .tribunal import tribunal_outcome

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")


# -- the Outcast Tribunal -------------------------------------------------------------------

def open_tribunal(state: State) -> State:
    """The losing team goes to the Outcast Tribunal (everyone after the merge). "The Team
    Leader cannot also oversee the Outcast Tribunal, so they will simply hand the Team Leader
    card and the duty of adjudicating the tribunal to a player from the opposing team, most
    likely the Player that would be receiving it next." After the merge (no opposing team)
    the Team Leader adjudicates — the text does not say. Choice: the card handed over is that
    player's turn with it (it passes on from them)."""
    handed_by = None
    if state.merged:
        team = None
        attending = alive(state)
        voters = in_game_players(state)
        leader = state.team_leader
    else:
        team = other_team(state, state.challenge_winner)
        attending = team_lineup(state, team)
        voters = team_players(state, team)
        leader = state.team_leader
        if leader is not None and get(state.player_team, leader) == team:
            others = [p for p in in_game_players(state) if get(state.player_team, p) != team]
            handed = next_in_order(state.leader_order, leader, others)
            if handed is not None:
                handed_by, leader = leader, handed
                state = replace(state, team_leader=handed)
    return replace(state, tribunal=Tribunal(team=team, leader=leader, attending=attending,
                                            voters=voters, handed_by=handed_by))


def tribunal_safety(state: State, trib: Tribunal) -> tuple[set, set]:
    """(safe, at camp): Advantage cards resolved "in the order in which they were played"."""
    present = set(trib.attending) & set(alive(state))
    safe = set(state.amulets) & present
    camp: set = set()
    for adv in trib.advantages:
        safe |= set(adv.safe) | set(adv.leave)
        camp |= set(adv.leave)
        safe -= set(adv.unsafe)
    safe |= {c for c in present if protected_social(state, c)}
    return safe & present, camp


def present_castaways(state: State, trib: Tribunal) -> tuple[str, ...]:
    """Castaways at the Tribunal: attending, still in the game, not sent back to camp."""
    _safe, camp = tribunal_safety(state, trib)
    left = set(alive(state))
    return tuple(c for c in trib.attending if c in left and c not in camp and c not in trib.outs)


def eligible_castaways(state: State, trib: Tribunal) -> tuple[str, ...]:
    safe, _camp = tribunal_safety(state, trib)
    return tuple(c for c in present_castaways(state, trib) if c not in safe)


def tribunal_votes(state: State, trib: Tribunal) -> tuple[tuple[str, ...], dict[str, int]]:
    """Voters and their extra votes: "Each Player only casts 1 vote per Outcast Tribunal
    (unless they have gained another vote due to an Advantage card)"."""
    playing = set(in_game_players(state))
    lost = {p for adv in trib.advantages for p in adv.lose_vote}
    voters = tuple(p for p in trib.voters if p in playing and p not in lost)
    extra: dict[str, int] = {}
    for adv in trib.advantages:
        for p, n in adv.extra_votes:
            if p in voters:
                extra[p] = extra.get(p, 0) + n
    return voters, extra


def tribal_twist(state: State, actor: str, args: Mapping) -> State:
    """"when arriving at the Outcast Tribunal, the Tribal Twist Incite card must be played
    immediately. This card takes precedence over any advantage card.\""""
    trib = state.tribunal
    arg_opt_text(args, "card")
    return replace(state, tribunal=replace(trib, step=VOTE_TWIST))


def vote_twist(state: State, actor: str, args: Mapping) -> State:
    """"draw the top Vote Twist card from the deck and see whether it must be read before or
    after the votes\""""
    trib = state.tribunal
    timing = args.get("timing")
    if timing not in ("before", "after"):
        raise RuleError(_("The Vote Twist is read before or after the vote."))
    return replace(state, tribunal=replace(trib, step=ADVANTAGES, twist=timing))


def _check_advantages(state: State, trib: Tribunal, advs: tuple[Advantage, ...]) -> None:
    """Replay the Advantage cards in order of play; a card that conflicts is not valid."""
    current = replace(trib, advantages=())
    for adv in advs:
        safe, camp = tribunal_safety(state, current)
        present = present_castaways(state, current)
        voters, _extra = tribunal_votes(state, current)
        for c in adv.safe + adv.leave:
            if c not in present:
                raise RuleError(_("{castaway} is not at this Outcast Tribunal.", castaway=c))
            if protected_social(state, c):
                raise RuleError(_("{castaway} is the last Social Castaway and is not taken "
                                  "into consideration for any Advantage card.", castaway=c))
            if c in safe:
                raise RuleError(_("{castaway} is already safe and can no longer claim an "
                                  "Advantage.", castaway=c))
        for c in adv.unsafe:
            if adv.round < 2:
                raise RuleError(_("Safety can be undone only in a second round of Advantages."))
            if c not in safe or c in camp or protected_social(state, c):
                raise RuleError(_("{castaway} is not safe by an Advantage or an amulet here.",
                                  castaway=c))
        for p, _count in adv.extra_votes:
            if p not in trib.voters:
                raise RuleError(_("{player} is not voting at this Outcast Tribunal.", player=p))
        for p in adv.lose_vote:
            if p not in voters:
                raise RuleError(_("{player} has no vote left to lose.", player=p))
        current = replace(current, advantages=current.advantages + (adv,))


def play_advantage(state: State, actor: str, args: Mapping) -> State:
    """"If a card is played and it's rule states that a certain Castaway or group of
    Castaways are safe ... Once that Castaway is safe, they are no longer eligible to claim
    advantages." Cards resolve in order of play; a later card that conflicts is returned."""
    trib = state.tribunal
    player = player_named(state, args.get("player") if actor == TABLE else actor)
    if player not in trib.voters:
        raise RuleError(_("{player} is not at this Outcast Tribunal.", player=player))
    extra = args.get("extra_votes") or {}
    if not isinstance(extra, Mapping):
        raise RuleError(_("Extra votes go to players by name."))
    for p, n in extra.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 9:
            raise RuleError(_("An Advantage grants from 1 to 9 extra votes."))
    adv = Advantage(
        player=player, card=arg_opt_text(args, "card"),
        safe=arg_names(args, "safe", "the Castaways made safe"),
        leave=arg_names(args, "leave_tribunal", "the Castaways sent back to camp"),
        extra_votes=tuple((str(p), n) for p, n in extra.items()),
        lose_vote=arg_names(args, "lose_vote", "the players who lose their vote"),
        unsafe=arg_names(args, "unsafe", "the Castaways no longer safe"),
        round=trib.advantage_round,
    )
    for c in adv.safe + adv.leave + adv.unsafe:
        alive_castaway(state, c)
    advs = trib.advantages + (adv,)
    _check_advantages(state, trib, advs)
    return replace(state, tribunal=replace(trib, advantages=advs))


def return_advantage(state: State, actor: str, args: Mapping) -> State:
    """"The card that is played late, and causes a conflict, is not valid and returned to its
    Player's hand." ``index`` counts the cards in order of play, from 1."""
    trib = state.tribunal
    i = arg_int(args, "index", 1, len(trib.advantages), "The Advantage card's number")
    if i == 1:
        raise RuleError(_("The card played first takes effect; only a later card is returned."))
    advs = trib.advantages[:i - 1] + trib.advantages[i:]
    _check_advantages(state, trib, advs)
    return replace(state, tribunal=replace(trib, advantages=advs))


def double_vote_out(state: State, actor: str, args: Mapping) -> State:
    """Double Vote Out: two Castaways leave at this Tribunal. "If the Double Vote Out happens
    at 11 Castaways ... merge will happen with 9 Castaways, instead of 10.\""""
    trib = replace(state.tribunal, double=True)
    if trib.step == DONE:
        trib = replace(trib, step=ADVANTAGES, candidates=(), revote=False)
    return replace(state, tribunal=trib)


def open_vote(state: State, actor: str, args: Mapping) -> State:
    """Safe Castaways are off the ballot. "If there are no Castaways eligible to be voted for
    ... the Tribunal Leader will roll a dice for each of the Castaways at the Outcast
    Tribunal" (a second round of Advantages first, if the table agreed at setup)."""
    trib = state.tribunal
    eligible = eligible_castaways(state, trib)
    if not eligible:
        if state.options.second_advantage_round and trib.advantage_round == 1:
            return replace(state, tribunal=replace(trib, advantage_round=2))
        present = tuple(c for c in present_castaways(state, trib)
                        if not protected_social(state, c))
        return _to_dice(state, trib, tribunal_outcome({}, attending=present).dice_for
                        if present else (), "nobody_eligible")
    voters, _extra = tribunal_votes(state, trib)
    if len(eligible) == 1:  # Choice: the only one who could be voted for is out, no ballot
        trib = replace(trib, unballoted=trib.unballoted + eligible)
        return _vote_out(state, trib, eligible[0], "voted out")
    if not voters:  # Choice: nobody left to vote, so the die decides
        return _to_dice(state, trib, eligible, "no_voters")
    return replace(state, tribunal=replace(trib, step=VOTE, vote_no=trib.vote_no + 1,
                                           candidates=eligible, revote=False))


def _to_dice(state: State, trib: Tribunal, dice_for: tuple[str, ...], why: str) -> State:
    """The die decides, and the table is told why: a tie again, nobody eligible, nobody
    able to vote, or lowest rolls tied."""
    if not dice_for:
        return replace(state, tribunal=replace(trib, step=DONE, nobody_out=True))
    if len(dice_for) == 1:  # a die for one Castaway decides nothing
        return _vote_out(state, trib, dice_for[0], "roll-off")
    return replace(state, tribunal=replace(trib, step=DICE, dice_for=dice_for, dice_why=why))


def _vote_out(state: State, trib: Tribunal, castaway: str, how: str) -> State:
    trib = replace(trib, outs=trib.outs + (castaway,), candidates=(), dice_for=(), revote=False)
    second = trib.double and len(trib.outs) == 1
    state = replace(state, tribunal=replace(trib, step=ADVANTAGES if second else DONE))
    return depart(state, castaway, how)


def _check_tally(tally: Any, candidates: tuple[str, ...], total: int) -> dict[str, int]:
    if not isinstance(tally, Mapping):
        raise RuleError(_("The tally counts votes per name."))
    counted = {c: 0 for c in candidates}
    for name, n in tally.items():
        if name not in counted:
            raise RuleError(_("{name} was not on the ballot.", name=name))
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RuleError(_("The votes for {castaway} must be a whole number, not below "
                                  "zero.", castaway=name))
        counted[name] = n
    if sum(counted.values()) > total:
        raise RuleError(_("More votes were counted than the {total} that could be cast.",
                            total=total))
    return counted


def tribunal_key(state: State) -> str:
    return f"tribunal-{state.round}-{state.tribunal.vote_no}"


def vote_result(state: State, actor: str, args: Mapping) -> State:
    """"Players will then vote, votes will be read and a Castaway will be voted out.\""""
    if state.phase == FINAL:
        return _final_result(state, args)
    trib = state.tribunal
    if args.get("key") != tribunal_key(state):
        raise RuleError(_("These votes are not for the vote under way."))
    voters, extra = tribunal_votes(state, trib)
    tally = _check_tally(args.get("tally"), trib.candidates, len(voters) + sum(extra.values()))
    outcome = tribunal_outcome(tally, revote=trib.revote,
                               attending=eligible_castaways(state, trib))
    trib = replace(trib, last_tally=tuple(tally.items()))
    if outcome.out is not None:
        return _vote_out(state, trib, outcome.out, "voted out")
    if outcome.revote_between:
        return replace(state, tribunal=replace(trib, vote_no=trib.vote_no + 1, revote=True,
                                               candidates=outcome.revote_between))
    # tied again with nobody else to go to the die: the tied ones roll (Choice, said so)
    alone = set(outcome.dice_for) == set(trib.candidates)
    if alone and set(present_castaways(state, trib)) - set(trib.candidates):
        return _to_dice(state, trib, outcome.dice_for, "tie_safe")  # the others all safe
    return _to_dice(state, trib, outcome.dice_for, "tie_alone" if alone else "tie")


def roll_off(state: State, actor: str, args: Mapping) -> State:
    """"The Tribunal Leader will now roll the dice for each of the eligible Castaways. The
    character with the lowest rolled value is out"; lowest rolls tied roll again."""
    trib = state.tribunal
    rolls = arg_mapping(args, "rolls", "a die for each Castaway in the roll-off")
    if set(rolls) != set(trib.dice_for):
        raise RuleError(_("Roll the die once for each of: {castaways}.",
                            castaways=Items(trib.dice_for)))
    result = dice_rolloff(rolls)
    state = replace(state, last_roll=tuple(rolls.items()))
    if result.out:
        return _vote_out(state, trib, result.out[0], "roll-off")
    return replace(state, tribunal=replace(trib, dice_for=result.reroll, dice_why="reroll"))


def tribunal_dice(state: State, args: Mapping, source: Any) -> dict:
    """"The Tribunal Leader will roll a dice for each": rolled in the app when the table
    asks; faces read off the real die come as ``rolls`` and are kept."""
    if "rolls" in args:
        return {}
    who = state.tribunal.dice_for
    return {"rolls": dict(zip(who, source.rolls(len(who))))}


# -- the Final Outcast Tribunal -------------------------------------------------------------

def open_final_vote(state: State, actor: str, args: Mapping) -> State:
    """"the last two remaining players will pitch their case to the Outcast Panel ... The
    Outcast Panel will then vote for the final time"."""
    return replace(state, final=replace(state.final, voting=True,
                                        vote_no=state.final.vote_no + 1))


def final_key(state: State) -> str:
    return f"final-{state.final.vote_no}"


def _final_result(state: State, args: Mapping) -> State:
    final = state.final
    if args.get("key") != final_key(state):
        raise RuleError(_("These votes are not for the vote under way."))
    tally = _check_tally(args.get("tally"), final.finalists, len(final.panel))
    counted = sum(tally.values())
    if counted != len(final.panel):
        # "the highest odd amount of Players ... so that a draw is not possible": the odd
        # panel decides only when every member's vote is in the count
        raise RuleError(_("The Final is decided by the whole Outcast Panel: {counted} of "
                          "{total} votes were counted. Every panel member votes.",
                          counted=counted, total=len(final.panel)))
    top = max(tally.values())
    best = [p for p, n in tally.items() if n == top]
    final = replace(final, voting=False, last_tally=tuple(tally.items()))
    return replace(state, final=final, phase=OVER, winner=best[0])
