"""What each screen may see: the per-seat view.

Ownership is the one secret: a phone sees only its own Castaways' owner (itself); the table
and the other phones learn an owner when the Castaway leaves the game or the game ends. The
face-down order at the picks is never shown (it would tell who took which card).
"""
from __future__ import annotations

from typing import Any

from rules import TABLE, RuleError
from rules.words import Speaker, to_json

from .camp import swap_turn
from .core import (
    MERGE_AT, alive, forced_turn, in_game_players, next_most_appropriate, protected_social,
)
from .health import STAGE_WORDS, STAGES
from .history import HOW
from .outcast import eligible_castaways, present_castaways, tribunal_safety, tribunal_votes
from .rounds import bag_holders, sit_out_needed
from .guards import may_move_on
from .setup import pick_choices
from .state import (
    ADVANTAGES, CHALLENGE, DICE, DONE, FINAL, OVER, PHASE_TITLES, PICKS, ROUND_PHASES,
    INCITE, TEAM_LEADER, VOTE, VOTE_TWIST, Final, State, Tribunal, get,
)
from .text import (
    DICE_WHAT, IN_PLACE_CHOICE, MERGE_CLOSED, NEXT_STEP, OWNER_CHOICE, STAGE_MESSAGES,
    dice_words, merge_checklist, final_words, handoff_words, lone_words, notes, reminders,
    revote_words, teamless, teamless_words, unballoted_words,
)

_ = Speaker("castaways", "rules.castaways")  # its catalog


def _check_seat(state: State, seat: str | None) -> None:
    if seat is not None and seat not in state.players:
        raise RuleError(_("{name} is not playing this game.", name=seat))


def english(message) -> str | None:
    """A message's English for the view's plain JSON (None stays None)."""
    return None if message is None else str(message)


def saying(key: str, message) -> dict[str, Any]:
    """A sentence of the rules in the view: ``key`` its English (what the rules tests read),
    ``key_said`` the message as plain JSON (``rules.words.to_json``), which each screen says
    in its own language (``companion.language.from_json``); a list of them the same."""
    if isinstance(message, list):
        return {key: [english(m) for m in message], f"{key}_said": [to_json(m) for m in message]}
    return {key: english(message), f"{key}_said": to_json(message)}


def _castaway_view(state: State, name: str, seat: str | None) -> dict:
    card = next(c for c in state.roster if c.name == name)
    owner = get(state.owners, name)
    departed = next((d for d in state.departed if d.castaway == name), None)
    revealed = state.phase == OVER or departed is not None
    mine = seat is not None and owner == seat
    since = get(state.zero_since, name)
    lock = None
    safe_social = protected_social(state, name)
    rounds_left = state.phase not in (FINAL, OVER)  # at the Final no lock can fall due
    if since is not None and departed is None and not safe_social and rounds_left:
        lock = {"since_round": since[0],
                "stage": STAGE_WORDS[STAGES[since[1]]] if since[1] is not None else "setup",
                "stage_key": STAGES[since[1]] if since[1] is not None else "setup",
                "stage_said": to_json(STAGE_MESSAGES[STAGES[since[1]]])
                if since[1] is not None else "setup",
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
    trib = state.tribunal
    return {
        **_public(state, seat),
        **_stage_view(state),
        "picks": _picks_view(state, seat) if state.phase == PICKS else None,
        "forced_play": _forced_view(state),
        "team_swap": _swap_view(state),
        "challenge": _challenge_view(state) if state.phase == CHALLENGE else None,
        "pending_evacuations": list(state.pending_evacuations),
        **saying("merge_checklist", merge_checklist(state)),
        "players_at_merge": list(state.players_at_merge),
        "tribunal": _tribunal_view(state, trib) if trib is not None else None,
        "final": _final_view(state.final) if state.final is not None else None,
        "winner": state.winner,
        "reminders": [str(r) for r in reminders(state)],
        "me": _me_view(state, seat) if seat is not None else None,
    }


def _public(state: State, seat: str | None) -> dict[str, Any]:
    """The game as the whole table sees it (a seat also sees its own Castaways' owner)."""
    playing = set(in_game_players(state))
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
        **saying("notes", notes(state)),
        **saying("owner_choice", OWNER_CHOICE),
        **saying("in_place_choice", IN_PLACE_CHOICE),
        "players": _players_view(state),
        "teams": [{"name": t, "lineup": [_castaway_view(state, c, seat) for c in lineup],
                   **saying("no_players", teamless_words(t) if t in empty else None)}
                  for t, lineup in state.lineups],
        "departed": [
            {"name": d.castaway, "owner": d.owner or None, "unowned": not d.owner,
             "round": d.round, "how": d.how, "how_said": to_json(HOW.get(d.how, d.how)),
             "instead_of": d.instead_of or None,
             "archetype": next(c.archetype for c in state.roster if c.name == d.castaway)}
            for d in state.departed
        ],
        "eliminated": [{"player": p, "round": r} for p, r in state.eliminated],
        "leader_order": [p for p in state.leader_order if p in playing],
        "team_leader": state.team_leader,
        "leader_tie": state.leader_tie,
    }


def _stage_view(state: State) -> dict[str, Any]:
    """Where the game stands, for the screens: the title, whether a round is on, the next
    stage's button and what still holds it, the die to roll and the last one rolled."""
    in_round = state.phase in ROUND_PHASES
    title = PHASE_TITLES[state.phase]
    return {
        "title": f"Round {state.round} · {title}" if in_round and state.round else title,
        "in_round": in_round,
        "next_step": {**saying("label", NEXT_STEP[state.phase]),
                      **saying("waiting", may_move_on(state, TABLE))} if in_round else None,
        "dice": _dice_view(state),
        "last_roll": dict(state.last_roll),
    }


def _dice_view(state: State) -> dict[str, Any] | None:
    """Who the die is rolled for now, in the order the faces are typed."""
    trib = state.tribunal
    if state.phase == TEAM_LEADER:
        return {"for": list(state.options.team_names), **saying("what", DICE_WHAT[0])}
    if trib is not None and trib.step == DICE:
        return {"for": list(trib.dice_for), **saying("what", DICE_WHAT[1])}
    return None


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
            "last_tally": dict(f.last_tally), **saying("before_merge", final_words(f))}


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
        # the cards this seat may take now: its own team's, or (only at 9 players) the other
        # team's spare card once its own are gone
        "choices": [{"team": t, "card": n} for t, n in pick_choices(state, seat)]
        if seat is not None and seat in state.players else [],
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
            **saying("note", state.challenge_note),
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
        "ballot_shown": trib.step not in (INCITE, VOTE_TWIST), "voting": trib.step == VOTE,
        "done": trib.step == DONE,
        "read_twist_now": trib.step == ADVANTAGES and trib.twist == "before" and not trib.outs,
        "read_twist_after": trib.step == DONE and trib.twist == "after",
        "attending": list(present_castaways(state, trib)), "at_camp": sorted(camp),
        "safe": sorted(safe), "ballot": list(ballot),
        "candidates": list(trib.candidates), "revote": trib.revote,
        **saying("revote_reading", revote_words(trib) if trib.step == VOTE else None),
        "dice_for": list(trib.dice_for), "double_vote_out": trib.double,
        **saying("dice_reason", dice_words(trib) if trib.step == DICE else None),
        "dice_why": trib.dice_why if trib.step == DICE else None,
        "out": list(trib.outs), "voters": list(voters), "extra_votes": extra,
        "advantage_round": trib.advantage_round,
        "advantages": [{"player": a.player, "card": a.card, "safe": list(a.safe),
                        "leave_tribunal": list(a.leave), "extra_votes": dict(a.extra_votes),
                        "lose_vote": list(a.lose_vote), "unsafe": list(a.unsafe),
                        "round": a.round} for a in trib.advantages],
        "last_tally": dict(trib.last_tally),
        **saying("handoff", handoff_words(state, trib)),
        **saying("lone", lone),
        **saying("unballoted", [unballoted_words(c) for c in trib.unballoted]),
        **saying("merge_closed", MERGE_CLOSED if trib.merge_closed else None),
    }


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

