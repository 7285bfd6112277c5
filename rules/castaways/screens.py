"""What each screen may see, the reminders in words, and the history lines.

Ownership is the one secret: a phone sees only its own Castaways' owner (itself); the table
and the other phones learn an owner when the Castaway leaves the game or the game ends. The
face-down order at the picks is never shown (it would tell who took which card).
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError

from .game import (
    MERGE_AT, TEAM_SWAP_FROM_ROUND, alive, bag_holders, eligible_castaways, forced_turn,
    in_game_players, next_most_appropriate, present_castaways, protected_social,
    sit_out_needed, swap_turn, tribunal_safety, tribunal_votes,
)
from .health import STAGE_WORDS, STAGES
from .roster import NINE_PLAYERS_NOTE
from .state import (
    ADVANTAGES, CAMP, CAMP_LIFE, CHALLENGE, DAILY_MAIL, DEAL, DICE, DONE, FINAL, INCITE, OVER,
    PHASE_TITLES, PICKS, TEAM_LEADER, TRIBUNAL, VOTE, VOTE_TWIST, Final, State, Tribunal, get,
)

MERGE_CHECKLIST = (
    "Remove the Daily Mail: all players now receive 1 Camp Life card per round.",
    "Add the merge Camp Life cards to the Camp Life pile and shuffle well (with the cards of "
    "eliminated players at the bottom).",
    "Swap the Challenge pile for the merge Challenge cards.",
    "Sit wherever you wish: the teams are one tribe now.",
)


def notes(state: State) -> list[str]:
    """Values the text leaves open, and the choices the companion makes."""
    out = []
    if len(state.players) == 9:
        out.append(NINE_PLAYERS_NOTE)
    out.append("Choice: for the first Team Leader each team rolls the die and the highest holds "
               "the card.")
    out.append("Setup option: the Team Leader card passes to the next player at the start of "
               "each round." if state.options.pass_leader_each_round else
               "Setup option: the Team Leader card passes only when the table passes it.")
    out.append("Setup option: Team Swap card " + ("in the game." if state.options.team_swap else
                                                  "left out (the default)."))
    out.append("Setup option: second round of Advantage cards when nobody is eligible "
               + ("on." if state.options.second_advantage_round else
                  "off, as in the base game."))
    out.append(OWNER_CHOICE)
    out.append("Choice: after the merge the Team Leader adjudicates the Outcast Tribunal; when "
               "the panel count is even, the first player out after the merge is left off the "
               "Outcast Panel.")
    return out


OWNER_CHOICE = ("Choice: when a Castaway leaves the game its owner is revealed (the photo of "
                "your picks proves it).")
IN_PLACE_CHOICE = ("Choice: the next most appropriate Castaway is the lowest health in the "
                   "same team; the table confirms it or names another.")


def dice_words(trib: Tribunal) -> str:
    """Why the die decides at this Outcast Tribunal, in one sentence."""
    who = ", ".join(trib.dice_for)
    if trib.dice_why == "tie":
        return f"Tied again: {trib.leader} rolls the die for {who}; the lowest is out."
    if trib.dice_why == "nobody_eligible":
        return (f"Nobody can be voted for: {trib.leader} rolls the die for every Castaway at "
                f"the Tribunal ({who}); the lowest is out.")
    if trib.dice_why == "no_voters":
        return (f"Nobody here can vote, so the die decides (Choice): {trib.leader} rolls for "
                f"{who}; the lowest is out.")
    return f"Lowest rolls tied: {trib.leader} rolls again for {who}; the lowest is out."


def handoff_words(state: State, trib: Tribunal) -> str | None:
    """The Team Leader's team came to the Tribunal: the card went to the other team."""
    if not trib.handed_by:
        return None
    then = ("next round it passes on from them" if state.options.pass_leader_each_round
            else "they keep it after the Tribunal")
    return (f"{trib.handed_by}'s team is at the Outcast Tribunal, so the Team Leader card went "
            f"to {trib.leader}, the next player of the other team. Choice: that is "
            f"{trib.leader}'s turn with the card; {then}.")


def teamless(state: State) -> list[str]:
    """Teams whose players are all out while some of their Castaways are still in."""
    if state.merged or state.phase in (FINAL, OVER):
        return []
    playing = set(in_game_players(state))
    return [t for t, lineup in state.lineups if lineup and not any(
        get(state.player_team, p) == t for p in playing)]


def teamless_words(team: str) -> str:
    return (f"No player of {team} is left in the game. Choice: its Castaways stay in and still "
            "compete; at its Outcast Tribunal nobody votes, so the die decides.")


def final_words(final: Final) -> str | None:
    if not final.before_merge:
        return None
    return ("Choice: the Final came before the merge, so the Outcast Panel is the "
            f"{len(final.panel)} players most recently out.")


def _check_seat(state: State, seat: str | None) -> None:
    if seat is not None and seat not in state.players:
        raise RuleError(f"{seat} is not playing this game.")


def _castaway_view(state: State, name: str, seat: str | None) -> dict:
    card = next(c for c in state.roster if c.name == name)
    owner = get(state.owners, name)
    departed = next((d for d in state.departed if d.castaway == name), None)
    revealed = state.phase == OVER or departed is not None
    mine = seat is not None and owner == seat
    since = get(state.zero_since, name)
    lock = None
    safe_social = protected_social(state, name)
    if since is not None and departed is None and not safe_social:  # safe: no lock to meet
        lock = {"since_round": since[0],
                "stage": STAGE_WORDS[STAGES[since[1]]] if since[1] is not None else "setup",
                "due_round": since[0] + 1,
                "evacuation_pending": name in state.pending_evacuations}
    return {
        "name": name,
        "archetype": card.archetype,
        "team": get(state.castaway_team, name),
        "health": get(state.health, name),
        "traits": dict(card.traits),
        "zero_lock": lock,
        "in_game": departed is None and name in alive(state),
        "owner": owner if (revealed or mine) else None,
        "owner_revealed": revealed,
        "mine": mine,
        "sat_out": name in state.sit_outs,
        "sat_out_last_challenge": name in state.last_sit_outs,
        "amulet": name in state.amulets,
        "last_social_safe": safe_social,
        # "the next most appropriate castaway is out" in its place: proposed first, tied after
        "in_its_place": list(next_most_appropriate(state, name)) if safe_social else [],
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    _check_seat(state, seat)
    playing = set(in_game_players(state))
    leader = state.team_leader
    trib = state.tribunal
    empty = set(teamless(state))
    return {
        "game": "castaways",
        "seat": seat,
        "phase": state.phase,
        "phase_title": PHASE_TITLES[state.phase],
        "round": state.round,
        "merged": state.merged,
        "merge_at": MERGE_AT,
        "castaways_per_player": state.per_player,
        "castaways_left": len(alive(state)) if state.lineups else 0,
        # the 18 cards (public: names, archetypes, traits), for the deal and the lineups
        "roster": [{"name": c.name, "archetype": c.archetype, "traits": dict(c.traits)}
                   for c in state.roster],
        "team_names": list(state.options.team_names),
        "team_swap_option": state.options.team_swap,
        "notes": notes(state),
        "owner_choice": OWNER_CHOICE,
        "in_place_choice": IN_PLACE_CHOICE,
        "players": _players_view(state),
        "teams": [{"name": t, "lineup": [_castaway_view(state, c, seat) for c in lineup],
                   "no_players": teamless_words(t) if t in empty else None}
                  for t, lineup in state.lineups],
        "departed": [
            {"name": d.castaway, "owner": d.owner or None, "unowned": not d.owner,
             "round": d.round, "how": d.how, "instead_of": d.instead_of or None,
             "archetype": next(c.archetype for c in state.roster if c.name == d.castaway)}
            for d in state.departed
        ],
        "eliminated": [{"player": p, "round": r} for p, r in state.eliminated],
        "leader_order": [p for p in state.leader_order if p in playing],
        "team_leader": leader,
        "leader_tie": state.leader_tie,
        "picks": _picks_view(state, seat) if state.phase == PICKS else None,
        "forced_play": _forced_view(state),
        "team_swap": _swap_view(state),
        "challenge": _challenge_view(state) if state.phase == CHALLENGE else None,
        "pending_evacuations": list(state.pending_evacuations),
        "merge_checklist": list(MERGE_CHECKLIST) if state.merge_checklist else [],
        "players_at_merge": list(state.players_at_merge),
        "tribunal": _tribunal_view(state, trib) if trib is not None else None,
        "final": _final_view(state.final) if state.final is not None else None,
        "winner": state.winner,
        "reminders": list(reminders(state)),
        "me": _me_view(state, seat) if seat is not None else None,
    }


def _forced_view(state: State) -> dict[str, Any] | None:
    if state.forced is None:
        return None
    return {"order": list(state.forced.order), "turn": forced_turn(state),
            "done": list(state.forced.order[:state.forced.turn])}


def _swap_view(state: State) -> dict[str, Any] | None:
    s = state.swap
    if s is None:
        return None
    return {"holder": s.holder, "captain": s.captain,
            "picked": [{"player": p, "team": t} for p, t in s.picked],
            "to_pick": list(s.to_pick), "turn": swap_turn(s),
            "holder_team": s.holder_team, "captain_team": s.captain_team}


def _final_view(f: Final) -> dict[str, Any]:
    return {"finalists": list(f.finalists), "panel": list(f.panel), "voting": f.voting,
            "last_tally": dict(f.last_tally), "before_merge": final_words(f)}


def _players_view(state: State) -> list[dict[str, Any]]:
    playing = set(in_game_players(state))
    trib = state.tribunal
    return [{"name": p,
             "team": state.options.tribe_name if state.merged and p in playing
             else get(state.player_team, p),
             "in_game": p in playing,
             "team_leader": p == state.team_leader,
             "tribunal_leader": trib is not None and trib.leader == p,
             "must_play": get(state.must_play, p, 0)}
            for p in state.players]


def _picks_view(state: State, seat: str | None) -> dict[str, Any]:
    owned = {c for c, _ in state.owners}
    return {
        "still_picking": [p for p in state.players
                          if sum(1 for _, o in state.owners if o == p) < state.per_player],
        "face_down": [
            {"team": t,
             "cards": [{"card": i, "taken": c in owned,
                        "castaway": c if seat is not None and get(state.owners, c) == seat
                        else None}
                       for i, c in enumerate(stack, start=1)]}
            for t, stack in state.stacks
        ],
    }


def _challenge_view(state: State) -> dict[str, Any]:
    team, needed = sit_out_needed(state)
    holders = {}
    if not state.merged and state.challenge_revealed:
        for t in state.options.team_names:
            sure, tied = bag_holders(state, t)
            holders[t] = {"sure": list(sure), "tied": list(tied)}
    return {"sit_out_team": team, "sit_out_count": needed,
            "sit_outs": list(state.sit_outs),
            "revealed": state.challenge_revealed,
            "winner": state.challenge_winner,
            "note": state.challenge_note,
            "bag_holders": holders,
            "out_of_challenge": list(state.challenge_out),
            "reroll": list(state.challenge_reroll),
            "reroll_places": state.challenge_reroll_places,
            "evacuation_first": bool(state.pending_evacuations)}


def _tribunal_view(state: State, trib: Tribunal) -> dict[str, Any]:
    safe, camp = tribunal_safety(state, trib)
    voters, extra = tribunal_votes(state, trib)
    ballot = eligible_castaways(state, trib)
    lone = lone_words(ballot[0]) if trib.step == ADVANTAGES and len(ballot) == 1 else None
    return {
        "team": trib.team, "leader": trib.leader, "step": trib.step, "vote_twist": trib.twist,
        "attending": list(present_castaways(state, trib)), "at_camp": sorted(camp),
        "safe": sorted(safe), "ballot": list(ballot),
        "candidates": list(trib.candidates), "revote": trib.revote,
        "dice_for": list(trib.dice_for), "double_vote_out": trib.double,
        "dice_reason": dice_words(trib) if trib.step == DICE else None,
        "out": list(trib.outs), "voters": list(voters), "extra_votes": extra,
        "advantage_round": trib.advantage_round,
        "advantages": [{"player": a.player, "card": a.card, "safe": list(a.safe),
                        "leave_tribunal": list(a.leave), "extra_votes": dict(a.extra_votes),
                        "lose_vote": list(a.lose_vote), "unsafe": list(a.unsafe),
                        "round": a.round} for a in trib.advantages],
        "last_tally": dict(trib.last_tally),
        "handoff": handoff_words(state, trib),
        "lone": lone,
        "unballoted": [unballoted_words(c) for c in trib.unballoted],
        "merge_closed": MERGE_CLOSED if trib.merge_closed else None,
    }


MERGE_CLOSED = ("The teams merged at 10 during this Outcast Tribunal. Choice: it holds no "
                "further vote.")


def lone_words(castaway: str) -> str:
    return (f"Only {castaway} can be voted for. Choice: opening the vote puts {castaway} out "
            "without a ballot.")


def unballoted_words(castaway: str) -> str:
    return (f"Choice: {castaway} was the only Castaway who could be voted for, so {castaway} "
            "is out without a ballot.")


def _me_view(state: State, seat: str) -> dict[str, Any]:
    trib = state.tribunal
    voters = tribunal_votes(state, trib)[0] if trib is not None else ()
    mine = [c for c, p in state.owners if p == seat]
    return {
        "name": seat,
        "in_game": seat in in_game_players(state),
        "team": get(state.player_team, seat),
        "castaways": mine,
        "picks_left": state.per_player - len(mine) if state.phase == PICKS else 0,
        "must_play": get(state.must_play, seat, 0),
        "forced_play_turn": forced_turn(state) == seat,
        "team_swap_turn": state.swap is not None and swap_turn(state.swap) == seat,
        "tribunal_leader": trib is not None and trib.leader == seat,
        "team_leader": state.team_leader == seat,
        "votes_now": (trib is not None and trib.step == VOTE and seat in voters)
        or (state.final is not None and state.final.voting and seat in state.final.panel),
    }


# -- reminders ------------------------------------------------------------------------------

def reminders(state: State) -> tuple[str, ...]:
    r = state.round
    out: list[str] = []
    phase = state.phase
    if phase in (DEAL, PICKS, TEAM_LEADER):
        out.extend(_setup_reminders(state))
    elif phase == DAILY_MAIL:
        out.append(f"Round {r} · Daily Mail: the Team Leader ({state.team_leader}) draws and "
                   "reads the Daily Mail card.")
    elif phase == CAMP_LIFE:
        out.append(f"Round {r} · Camp Life: every player draws one Camp Life card.")
    elif phase == CAMP:
        out.extend(_camp_reminders(state))
    elif phase == CHALLENGE:
        out.extend(_challenge_reminders(state))
    elif phase == TRIBUNAL:
        out.extend(_tribunal_reminders(state))
    elif phase == FINAL:
        f = state.final
        out.append(f"Final Outcast Tribunal: {f.finalists[0]} and {f.finalists[1]} pitch "
                   "their case to the Outcast Panel.")
        out.append("Outcast Panel: " + ", ".join(f.panel) + ".")
        if final_words(f):
            out.append(final_words(f))
        if f.voting:
            out.append("The Outcast Panel votes secretly for the player who should win.")
        elif f.last_tally:
            out.append("The votes were tied: the Outcast Panel votes again.")
    elif phase == OVER:
        out.append(f"{state.winner} wins Castaways!")
    out.extend(_lock_reminders(state))
    out.extend(teamless_words(t) for t in teamless(state))
    if state.merge_checklist:
        out.append(f"Merge! {len(alive(state))} Castaways are left: the teams are one tribe.")
        out.extend(MERGE_CHECKLIST)
    for p, when in state.eliminated:
        if when == r and phase not in (FINAL, OVER):
            out.append(f"{p} is out of the game: {p}'s cards go to the bottom of the Camp "
                       "Life draw pile, unshuffled; they may not be given away.")
    return tuple(out)


def _setup_reminders(state: State) -> list[str]:
    if state.phase == DEAL:
        return ["Deal the Castaways: split each archetype's 6 cards into two piles of 3, so "
                "each team has 3 Physical + 3 Mental + 3 Social, face down.", *notes(state)]
    if state.phase == PICKS:
        still = [p for p in state.players
                 if sum(1 for _, o in state.owners if o == p) < state.per_player]
        return [f"Each player picks {state.per_player} Castaway(s) face down on their own "
                "phone and keeps them secret.", "Still picking: " + ", ".join(still) + ".",
                *notes(state)]
    out = ["Deal the Castaways face up in each team lineup and set every health gauge to 10."]
    if state.leader_tie:
        out.append("The Team Leader dice tied: roll again.")
    out.append("Roll the die for each team: the highest holds the Team Leader card first.")
    return out


def _camp_reminders(state: State) -> list[str]:
    r = state.round
    out = [f"Round {r} · Camp: play Camp Life cards. Cards with '!' must be played this round."]
    holders = [f"{p} ({n})" for p, n in state.must_play if n > 0]
    if holders:
        out.append("Still to play '!' cards: " + ", ".join(holders) + ".")
    if state.forced is not None:
        out.append(f"Forced Play: {forced_turn(state)} plays now. No other card may be "
                   "played until Forced Play is complete.")
    elif holders:
        out.append("Nobody wants to go first? Start Forced Play: the Team Leader plays "
                   "first, then the next player set to become Team Leader.")
    if state.swap is not None:
        s = state.swap
        turn = swap_turn(s)
        out.append(f"Team Swap: {turn} picks a player." if turn else
                   "Team Swap: split the Castaways by archetype, randomly and evenly; an "
                   f"odd one joins {s.holder_team}.")
    elif state.options.team_swap and not state.swapped and not state.merged:
        if r < TEAM_SWAP_FROM_ROUND:
            out.append(f"A Team Swap card drawn now is held until round "
                       f"{TEAM_SWAP_FROM_ROUND}.")
    return out


def _challenge_reminders(state: State) -> list[str]:
    r = state.round
    team, needed = sit_out_needed(state)
    if state.pending_evacuations:
        return [f"Round {r} · Challenge: the Medical Evacuation comes first; no sit-out, card "
                "or result until it is confirmed."]
    if needed and len(state.sit_outs) != needed and not state.challenge_revealed:
        return [f"Round {r} · Challenge: {team} sits out {needed} Castaway(s) before the card "
                "is seen (not the same as last challenge)."]
    if not state.challenge_revealed:
        return [f"Round {r} · Challenge: reveal the Challenge card."]
    if state.challenge_winner is not None:
        return [state.challenge_note or f"{state.challenge_winner} won the Challenge.",
                "On to the Outcast Tribunal."]
    out = [f"Round {r} · Challenge: play it out and enter the winner"
           + (" (the Individual Safety Amulet)." if state.merged else "."),
           "Penalties skip Castaways who sat out and those who never got to compete."]
    if state.challenge_reroll:
        n = state.challenge_reroll_places
        out.append("Lowest rolls tied: roll again for " + ", ".join(state.challenge_reroll)
                   + f"; {n} of them {'goes' if n == 1 else 'go'} out.")
    if state.challenge_out:
        out.append("Out of this Challenge by the die: " + ", ".join(state.challenge_out) + ".")
    return out


def _lock_reminders(state: State) -> list[str]:
    out = []
    for c in state.pending_evacuations:
        since = get(state.zero_since, c)
        out.append(f"Medical Evacuation: {c} has been at 0 health since "
                   f"{STAGE_WORDS[STAGES[since[1]]]} of round {since[0]}. Confirm to evacuate.")
    for c, since in state.zero_since:
        if c in state.pending_evacuations or since[1] is None or state.phase in (FINAL, OVER):
            continue  # (no round is left to play at the Final: no lock can fall due)
        if protected_social(state, c):
            continue  # safe as its team's last Social: no lock to meet before the merge
        out.append(f"{c} is at 0 health: it must receive +1 before "
                   f"{STAGE_WORDS[STAGES[since[1]]]} of round {since[0] + 1}.")
    return out


def _tribunal_reminders(state: State) -> list[str]:
    trib = state.tribunal
    if trib is None:
        return ["The Outcast Tribunal is over."]
    who = trib.team or "Everyone"
    out = [f"Round {state.round} · Outcast Tribunal ({who}). Tribunal Leader: {trib.leader}."]
    if handoff_words(state, trib) and trib.step != DONE:
        out.append(handoff_words(state, trib))
    if trib.step == INCITE:
        out.append("Play the Tribal Twist Incite card now: it comes before any Advantage card.")
    elif trib.step == VOTE_TWIST:
        out.append("Draw the top Vote Twist card: is it read before or after the vote?")
    elif trib.step == ADVANTAGES:
        out.extend(_advantage_reminders(state, trib))
    elif trib.step == VOTE:
        out.append(("Revote between " + " and ".join(trib.candidates) + "."
                    if trib.revote else "Vote secretly on your phones.")
                   + " The votes are read one by one.")
    elif trib.step == DICE:
        out.append(dice_words(trib) + " Lowest tied roll again.")
    elif trib.step == DONE:
        if trib.merge_closed:
            out.append(MERGE_CLOSED)
        elif trib.nobody_out:
            out.append("Nobody could be voted out at this Outcast Tribunal.")
        else:
            out.append(" and ".join(trib.outs) + " left the game.")
        out.extend(unballoted_words(c) for c in trib.unballoted)
        if trib.twist == "after":
            out.append("Now read and resolve the Vote Twist card.")
        out.append("Head back to camp: next round.")
    return out


def _advantage_reminders(state: State, trib: Tribunal) -> list[str]:
    out = []
    if trib.twist == "before" and not trib.outs:
        out.append("Read and resolve the Vote Twist now, before the vote.")
    if trib.double and len(trib.outs) == 1:
        out.append("Double Vote Out: hold the second vote.")
        out.extend(unballoted_words(c) for c in trib.unballoted)
    if trib.advantage_round == 2:
        out.append("Nobody is eligible: a second round of Advantage cards (house rule).")
    out.append("Safe Castaways are off the ballot. Play Advantage cards in order; a later "
               "card that conflicts is returned. No cards change teams now.")
    out.append("Each attending player has 1 vote (plus votes an Advantage grants).")
    ballot = eligible_castaways(state, trib)
    if len(ballot) == 1:
        out.append(lone_words(ballot[0]))
    return out


# -- history --------------------------------------------------------------------------------

def describe(game: Any, state: State, action: Action) -> str:
    try:
        after = game.apply(state, action)
    except RuleError as err:
        return f"Refused: {err}"
    return " ".join([_action_line(state, after, action)] + _consequences(state, after))


def _rolls_words(args: Mapping) -> str:
    rolls = args.get("rolls", {})
    return ", ".join(f"{c} {v}" for c, v in dict(rolls).items())


def _action_line(state: State, after: State, action: Action) -> str:
    args = action.args if isinstance(action.args, Mapping) else {}
    player = args.get("player") if action.actor == TABLE else action.actor
    m = action.move
    if m == "deal":
        return "The Castaways were dealt face down, 3 of each archetype per team."
    if m == "pick":
        return f"{action.actor} picked a face-down Castaway."  # never which one
    if m == "roll_team_leader":
        return (f"Team Leader dice: {_rolls_words(args)}. "
                + (f"{after.team_leader} holds the Team Leader card." if after.team_leader
                   else "Tied: roll again."))
    if m == "next_phase":
        return f"Round {after.round}: {PHASE_TITLES[after.phase]}."
    if m in ("adjust_health", "set_health"):
        names = args.get("castaways") or args.get("castaway")
        names = [names] if isinstance(names, str) else list(names)
        return "Health: " + ", ".join(f"{c} {get(after.health, c)}" for c in names) + "."
    if m == "mark_must_play":
        return f"{args.get('player')} holds {args.get('count')} '!' card(s)."
    if m == "start_forced_play":
        return "Forced Play: " + ", ".join(after.forced.order) + "."
    if m == "play_card":
        card = args.get("card") or ("a '!' card" if args.get("must_play") else "a card")
        return f"{player} played {card}."
    if m == "vote_result":
        tally = ", ".join(f"{c} {n}" for c, n in dict(args.get("tally", {})).items())
        return f"Votes read: {tally}."
    if m == "play_advantage":
        card = f": {args['card']}" if args.get("card") else ""
        return f"{player} played an Advantage card{card}."
    if m == "roll_off":
        return f"Roll-off: {_rolls_words(args)}."
    if m == "coconut_toss":
        return after.challenge_note
    if m == "challenge_roll_off":
        line = f"Challenge roll-off: {_rolls_words(args)}."
        out = after.challenge_out[len(state.challenge_out):]
        if out:
            line += " Out of the Challenge: " + ", ".join(out) + "."
        if after.challenge_reroll:
            line += " Lowest tied: roll again for " + ", ".join(after.challenge_reroll) + "."
        return line
    who = "The table" if action.actor == TABLE else action.actor
    return f"{who}: {m.replace('_', ' ')}."


def _consequences(state: State, after: State) -> list[str]:
    extra = []
    for d in after.departed[len(state.departed):]:
        owner = f"{d.owner}'s Castaway" if d.owner else "owned by nobody"
        place = f", in place of {d.instead_of}, the last Social" if d.instead_of else ""
        extra.append(f"{d.castaway} is out of the game ({d.how}{place}; {owner}).")
    for p, _ in after.eliminated[len(state.eliminated):]:
        extra.append(f"{p} is out of the game.")
    if after.merged and not state.merged:
        extra.append("The teams merge.")
    trib, before = after.tribunal, state.tribunal
    if trib is not None and trib.merge_closed and not (before and before.merge_closed):
        extra.append("The Outcast Tribunal holds no further vote.")
    if trib is not None and len(trib.unballoted) > len(before.unballoted if before else ()):
        extra.append(f"Only {trib.unballoted[-1]} could be voted for: out without a ballot.")
    if trib is not None and trib.step == VOTE and (before is None
                                                   or before.vote_no != trib.vote_no):
        extra.append(("Revote between " if trib.revote else "The vote opens: ")
                     + ", ".join(trib.candidates) + ".")
    if trib is not None and trib.step == DICE and (before is None
                                                   or before.dice_for != trib.dice_for):
        extra.append(dice_words(trib))
    if after.phase == FINAL and state.phase != FINAL:
        extra.append("Final Outcast Tribunal: " + " and ".join(after.final.finalists) + ".")
    if after.winner and not state.winner:
        extra.append(f"{after.winner} wins!")
    return extra
