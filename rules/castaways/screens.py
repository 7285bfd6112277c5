"""What each screen may see, the reminders in words, and the history lines.

Ownership is the one secret: a phone sees only its own Castaways' owner (itself); the table
and the other phones learn an owner when the Castaway leaves the game or the game ends. The
face-down order at the picks is never shown (it would tell who took which card).
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError

from .game import (
    MERGE_AT, TEAM_SWAP_FROM_ROUND, alive, eligible_castaways, forced_turn, in_game_players,
    present_castaways, protected_social, sit_out_needed, swap_turn, tribunal_safety,
    tribunal_votes,
)
from .health import STAGE_WORDS, STAGES
from .roster import NINE_PLAYERS_NOTE
from .state import (
    ADVANTAGES, CAMP, CAMP_LIFE, CHALLENGE, DAILY_MAIL, DEAL, DICE, DONE, FINAL, INCITE, OVER,
    PHASE_TITLES, PICKS, TEAM_LEADER, TRIBUNAL, VOTE, VOTE_TWIST, State, get,
)

MERGE_CHECKLIST = (
    "Remove the Daily Mail: all players now receive 1 Camp Life card per round.",
    "Add the merge Camp Life cards to the Camp Life pile and shuffle well (with the cards of "
    "eliminated players at the bottom).",
    "Swap the Challenge pile for the merge Challenge cards.",
    "Sit wherever you wish: the teams are one tribe now.",
)


def notes(state: State) -> list[str]:
    """Values the text leaves open, and the defaults the companion uses."""
    out = []
    if len(state.players) == 9:
        out.append(NINE_PLAYERS_NOTE)
    out.append("The first Team Leader: each team rolls the die and the highest holds the card "
               "(the text says only that a die decides).")
    out.append("The Team Leader card passes to the next player at the start of each round"
               if state.options.pass_leader_each_round else
               "The Team Leader card passes only when the table passes it")
    out[-1] += " (setup option; the text does not say when it passes)."
    out.append("Team Swap card: " + ("in the game" if state.options.team_swap else
                                     "left out (the default)") + " (setup option).")
    out.append("Second round of Advantage cards when nobody is eligible: "
               + ("on" if state.options.second_advantage_round else "off, as in the base game")
               + " (setup option).")
    out.append("After the merge the Team Leader adjudicates the Outcast Tribunal; when the "
               "panel count is even, the first player out after the merge is left off the "
               "Outcast Panel (the text does not say).")
    return out


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
    if since is not None and departed is None:
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
        "last_social_safe": protected_social(state, name),
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    _check_seat(state, seat)
    playing = set(in_game_players(state))
    leader = state.team_leader
    trib = state.tribunal
    data: dict[str, Any] = {
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
        "players": [
            {"name": p,
             "team": state.options.tribe_name if state.merged and p in playing
             else get(state.player_team, p),
             "in_game": p in playing,
             "team_leader": p == leader,
             "tribunal_leader": trib is not None and trib.leader == p,
             "must_play": get(state.must_play, p, 0)}
            for p in state.players
        ],
        "teams": [{"name": t, "lineup": [_castaway_view(state, c, seat) for c in lineup]}
                  for t, lineup in state.lineups],
        "departed": [
            {"name": d.castaway, "owner": d.owner or None, "unowned": not d.owner,
             "round": d.round, "how": d.how,
             "archetype": next(c.archetype for c in state.roster if c.name == d.castaway)}
            for d in state.departed
        ],
        "eliminated": [{"player": p, "round": r} for p, r in state.eliminated],
        "leader_order": [p for p in state.leader_order if p in playing],
        "team_leader": leader,
        "leader_tie": state.leader_tie,
        "picks": None,
        "forced_play": None,
        "team_swap": None,
        "challenge": None,
        "pending_evacuations": list(state.pending_evacuations),
        "merge_checklist": list(MERGE_CHECKLIST) if state.merge_checklist else [],
        "players_at_merge": list(state.players_at_merge),
        "tribunal": None,
        "final": None,
        "winner": state.winner,
        "reminders": list(reminders(state)),
        "me": None,
    }
    if state.phase == PICKS:
        owned = {c for c, _ in state.owners}
        data["picks"] = {
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
    if state.forced is not None:
        data["forced_play"] = {"order": list(state.forced.order), "turn": forced_turn(state),
                               "done": list(state.forced.order[:state.forced.turn])}
    if state.swap is not None:
        s = state.swap
        data["team_swap"] = {"holder": s.holder, "captain": s.captain,
                             "picked": [{"player": p, "team": t} for p, t in s.picked],
                             "to_pick": list(s.to_pick), "turn": swap_turn(s),
                             "holder_team": s.holder_team, "captain_team": s.captain_team}
    if state.phase == CHALLENGE:
        team, needed = sit_out_needed(state)
        data["challenge"] = {"sit_out_team": team, "sit_out_count": needed,
                             "sit_outs": list(state.sit_outs),
                             "revealed": state.challenge_revealed,
                             "winner": state.challenge_winner}
    if trib is not None:
        safe, camp = tribunal_safety(state, trib)
        voters, extra = tribunal_votes(state, trib)
        data["tribunal"] = {
            "team": trib.team, "leader": trib.leader, "step": trib.step, "vote_twist": trib.twist,
            "attending": list(present_castaways(state, trib)), "at_camp": sorted(camp),
            "safe": sorted(safe), "ballot": list(eligible_castaways(state, trib)),
            "candidates": list(trib.candidates), "revote": trib.revote,
            "dice_for": list(trib.dice_for), "double_vote_out": trib.double,
            "out": list(trib.outs), "voters": list(voters), "extra_votes": extra,
            "advantage_round": trib.advantage_round,
            "advantages": [{"player": a.player, "card": a.card, "safe": list(a.safe),
                            "leave_tribunal": list(a.leave), "extra_votes": dict(a.extra_votes),
                            "lose_vote": list(a.lose_vote), "unsafe": list(a.unsafe),
                            "round": a.round} for a in trib.advantages],
            "last_tally": dict(trib.last_tally),
        }
    if state.final is not None:
        f = state.final
        data["final"] = {"finalists": list(f.finalists), "panel": list(f.panel),
                         "voting": f.voting, "last_tally": dict(f.last_tally)}
    if seat is not None:
        mine = [c for c, p in state.owners if p == seat]
        data["me"] = {
            "name": seat,
            "in_game": seat in playing,
            "team": get(state.player_team, seat),
            "castaways": mine,
            "picks_left": state.per_player - len(mine) if state.phase == PICKS else 0,
            "must_play": get(state.must_play, seat, 0),
            "forced_play_turn": forced_turn(state) == seat,
            "team_swap_turn": state.swap is not None and swap_turn(state.swap) == seat,
            "tribunal_leader": trib is not None and trib.leader == seat,
            "team_leader": leader == seat,
            "votes_now": (trib is not None and trib.step == VOTE and seat in voters)
            or (state.final is not None and state.final.voting and seat in state.final.panel),
        }
    return data


# -- reminders ------------------------------------------------------------------------------

def reminders(state: State) -> tuple[str, ...]:
    r = state.round
    out: list[str] = []
    phase = state.phase
    if phase == DEAL:
        out.append("Deal the Castaways: split each archetype's 6 cards into two piles of 3, "
                   "so each team has 3 Physical + 3 Mental + 3 Social, face down.")
        out.extend(notes(state))
    elif phase == PICKS:
        out.append(f"Each player picks {state.per_player} Castaway(s) face down on their own "
                   "phone and keeps them secret.")
        still = [p for p in state.players
                 if sum(1 for _, o in state.owners if o == p) < state.per_player]
        out.append("Still picking: " + ", ".join(still) + ".")
        out.extend(notes(state))
    elif phase == TEAM_LEADER:
        out.append("Deal the Castaways face up in each team lineup and set every health "
                   "gauge to 10.")
        if state.leader_tie:
            out.append("The Team Leader dice tied: roll again.")
        out.append("Roll the die for each team: the highest holds the Team Leader card first.")
    elif phase == DAILY_MAIL:
        out.append(f"Round {r} · Daily Mail: the Team Leader ({state.team_leader}) draws and "
                   "reads the Daily Mail card.")
    elif phase == CAMP_LIFE:
        out.append(f"Round {r} · Camp Life: every player draws one Camp Life card.")
    elif phase == CAMP:
        out.append(f"Round {r} · Camp: play Camp Life cards. Cards with '!' must be played "
                   "this round.")
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
    elif phase == CHALLENGE:
        team, needed = sit_out_needed(state)
        if needed and len(state.sit_outs) != needed and not state.challenge_revealed:
            out.append(f"Round {r} · Challenge: {team} sits out {needed} Castaway(s) before "
                       "the card is seen (not the same as last challenge).")
        elif not state.challenge_revealed:
            out.append(f"Round {r} · Challenge: reveal the Challenge card.")
        elif state.challenge_winner is None:
            out.append(f"Round {r} · Challenge: play it out and enter the winner"
                       + (" (the Individual Safety Amulet)." if state.merged else "."))
            out.append("Penalties skip Castaways who sat out and those who never got to "
                       "compete.")
        else:
            out.append(f"{state.challenge_winner} won the Challenge. On to the Outcast "
                       "Tribunal.")
    elif phase == TRIBUNAL:
        out.extend(_tribunal_reminders(state))
    elif phase == FINAL:
        f = state.final
        out.append(f"Final Outcast Tribunal: {f.finalists[0]} and {f.finalists[1]} pitch "
                   "their case to the Outcast Panel.")
        out.append("Outcast Panel: " + ", ".join(f.panel) + ".")
        if f.voting:
            out.append("The Outcast Panel votes secretly for the player who should win.")
        elif f.last_tally:
            out.append("The votes were tied: the Outcast Panel votes again.")
    elif phase == OVER:
        out.append(f"{state.winner} wins Castaways!")
    for c in state.pending_evacuations:
        since = get(state.zero_since, c)
        out.append(f"Medical Evacuation: {c} has been at 0 health since "
                   f"{STAGE_WORDS[STAGES[since[1]]]} of round {since[0]}. Confirm to evacuate.")
    for c, since in state.zero_since:
        if c in state.pending_evacuations or since[1] is None or phase in (FINAL, OVER):
            continue  # (no round is left to play at the Final: no lock can fall due)
        out.append(f"{c} is at 0 health: it must receive +1 before "
                   f"{STAGE_WORDS[STAGES[since[1]]]} of round {since[0] + 1}.")
    if state.merge_checklist:
        out.append(f"Merge! {len(alive(state))} Castaways are left: the teams are one tribe.")
        out.extend(MERGE_CHECKLIST)
    for p, when in state.eliminated:
        if when == r and phase not in (FINAL, OVER):
            out.append(f"{p} is out of the game: {p}'s cards go to the bottom of the Camp "
                       "Life draw pile, unshuffled; they may not be given away.")
    return tuple(out)


def _tribunal_reminders(state: State) -> list[str]:
    trib = state.tribunal
    if trib is None:
        return ["The Outcast Tribunal is over."]
    who = trib.team or "Everyone"
    out = [f"Round {state.round} · Outcast Tribunal ({who}). Tribunal Leader: {trib.leader}."]
    if trib.step == INCITE:
        out.append("Play the Tribal Twist Incite card now: it comes before any Advantage card.")
    elif trib.step == VOTE_TWIST:
        out.append("Draw the top Vote Twist card: is it read before or after the vote?")
    elif trib.step == ADVANTAGES:
        if trib.twist == "before" and not trib.outs:
            out.append("Read and resolve the Vote Twist now, before the vote.")
        if trib.double and len(trib.outs) == 1:
            out.append("Double Vote Out: hold the second vote.")
        if trib.advantage_round == 2:
            out.append("Nobody is eligible: a second round of Advantage cards (house rule).")
        out.append("Safe Castaways are off the ballot. Play Advantage cards in order; a later "
                   "card that conflicts is returned. No cards change teams now.")
        out.append("Each attending player has 1 vote (plus votes an Advantage grants).")
    elif trib.step == VOTE:
        out.append(("Revote between " + " and ".join(trib.candidates) + "."
                    if trib.revote else "Vote secretly on your phones.")
                   + " The votes are read one by one.")
    elif trib.step == DICE:
        out.append(f"{trib.leader} rolls the die for " + ", ".join(trib.dice_for)
                   + ": the lowest is out; lowest tied roll again.")
    elif trib.step == DONE:
        if trib.nobody_out:
            out.append("Nobody could be voted out at this Outcast Tribunal.")
        else:
            out.append(" and ".join(trib.outs) + " left the game.")
        if trib.twist == "after":
            out.append("Now read and resolve the Vote Twist card.")
        out.append("Head back to camp: next round.")
    return out


# -- history --------------------------------------------------------------------------------

def describe(game: Any, state: State, action: Action) -> str:
    try:
        after = game.apply(state, action)
    except RuleError as err:
        return f"Refused: {err}"
    who = "The table" if action.actor == TABLE else action.actor
    args = action.args if isinstance(action.args, Mapping) else {}
    m = action.move
    if m == "deal":
        line = "The Castaways were dealt face down, 3 of each archetype per team."
    elif m == "pick":
        line = f"{action.actor} picked a face-down Castaway."  # never which one
    elif m == "roll_team_leader":
        rolls = ", ".join(f"{t} {v}" for t, v in dict(args.get("rolls", {})).items())
        line = (f"Team Leader dice: {rolls}. "
                + (f"{after.team_leader} holds the Team Leader card." if after.team_leader
                   else "Tied: roll again."))
    elif m == "next_phase":
        line = f"Round {after.round}: {PHASE_TITLES[after.phase]}."
    elif m in ("adjust_health", "set_health"):
        names = args.get("castaways") or args.get("castaway")
        names = [names] if isinstance(names, str) else list(names)
        line = "Health: " + ", ".join(f"{c} {get(after.health, c)}" for c in names) + "."
    elif m == "mark_must_play":
        line = f"{args.get('player')} holds {args.get('count')} '!' card(s)."
    elif m == "start_forced_play":
        line = "Forced Play: " + ", ".join(after.forced.order) + "."
    elif m == "play_card":
        player = args.get("player") if action.actor == TABLE else action.actor
        card = args.get("card") or ("a '!' card" if args.get("must_play") else "a card")
        line = f"{player} played {card}."
    elif m == "vote_result":
        tally = ", ".join(f"{c} {n}" for c, n in dict(args.get("tally", {})).items())
        line = f"Votes read: {tally}."
    elif m == "play_advantage":
        player = args.get("player") if action.actor == TABLE else action.actor
        card = f": {args['card']}" if args.get("card") else ""
        line = f"{player} played an Advantage card{card}."
    elif m == "roll_off":
        rolls = ", ".join(f"{c} {v}" for c, v in dict(args.get("rolls", {})).items())
        line = f"Roll-off: {rolls}."
    else:
        line = f"{who}: {m.replace('_', ' ')}."
    extra = []
    for d in after.departed[len(state.departed):]:
        owner = f"{d.owner}'s Castaway" if d.owner else "owned by nobody"
        extra.append(f"{d.castaway} is out of the game ({d.how}; {owner}).")
    for p, _ in after.eliminated[len(state.eliminated):]:
        extra.append(f"{p} is out of the game.")
    if after.merged and not state.merged:
        extra.append("The teams merge.")
    trib = after.tribunal
    if trib is not None and trib.step == VOTE and (state.tribunal is None
                                                   or state.tribunal.vote_no != trib.vote_no):
        extra.append(("Revote between " if trib.revote else "The vote opens: ")
                     + ", ".join(trib.candidates) + ".")
    if trib is not None and trib.step == DICE and (state.tribunal is None
                                                   or state.tribunal.dice_for != trib.dice_for):
        extra.append("The die is rolled for " + ", ".join(trib.dice_for) + ".")
    if after.phase == FINAL and state.phase != FINAL:
        extra.append("Final Outcast Tribunal: " + " and ".join(after.final.finalists) + ".")
    if after.winner and not state.winner:
        extra.append(f"{after.winner} wins!")
    return " ".join([line] + extra)
