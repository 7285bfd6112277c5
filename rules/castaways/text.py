"""The sentences of Castaways: the reminders for the table, the setup notes, and the words
for the open choices the companion makes (each said where it bites).

Owners are never named here: the reminders are the same whoever owns which Castaway.
"""
from __future__ import annotations

from dataclasses import replace

from rules.words import Items, Message, Speaker, second_person

from .camp import swap_turn
from .core import TEAM_SWAP_FROM_ROUND, alive, forced_turn, in_game_players, protected_social
from .health import STAGES
from .outcast import eligible_castaways
from .roster import MAX_PLAYERS, MIN_PLAYERS, NINE_PLAYERS_NOTE
from .rounds import sit_out_needed
from .state import (
    ADVANTAGES, CAMP, CAMP_LIFE, CHALLENGE, DAILY_MAIL, DEAL, DICE, DONE, FINAL, INCITE, OVER,
    PICKS, TEAM_LEADER, TRIBUNAL, VOTE, VOTE_TWIST, Final, State, Tribunal, get,
)

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n

STAGE_MESSAGES = {
    "mail": _("the start of the round (Daily Mail / Camp Life)"),
    "camp": _("Camp"),
    "challenge": _("the Challenge"),
    "tribunal": _("the Outcast Tribunal"),
}
"""``health.STAGE_WORDS`` as messages: when a zero-health lock falls due."""

NEXT_STEP = {  # the words on the table's button that moves the round on
    DAILY_MAIL: _("Next: Camp"),
    CAMP_LIFE: _("Next: Camp"),
    CAMP: _("Next: the Challenge"),
    CHALLENGE: _("Next: the Outcast Tribunal"),
    TRIBUNAL: _("Next round"),
}

PLAYER_COUNTS = _(
    "Castaways per player: 5-6 players pick 3 each, 7-8 players pick 2 each, "
    "9 players pick 2 each (the rule text skips 9; the 18 Castaways allow it), "
    "10-18 players pick 1 each. Fewer than {least} or more than {most} players "
    "cannot play. Castaways nobody picks stay in the game, owned by nobody.",
    least=MIN_PLAYERS, most=MAX_PLAYERS)

MERGE_CHECKLIST = (
    _("Remove the Daily Mail: all players now receive 1 Camp Life card per round."),
    _("Add the merge Camp Life cards to the Camp Life pile and shuffle well (with the cards of "
      "eliminated players at the bottom)."),
    _("Swap the Challenge pile for the merge Challenge cards."),
    _("Sit wherever you wish: the teams are one tribe now."),
)
SWAP_VOIDED = _("The Team Swap under way has no effect: the teams merged before it was done "
                "(\"has no effect once the merge stage has been reached\"). Discard the card.")

DICE_WHAT = (  # what the die is rolled for (the table's die panel)
    _("Each team rolls the die; the highest holds the Team Leader card first."),
    _("The Tribunal Leader rolls for each; the lowest is out, lowest tied roll again."),
)


def merge_checklist(state: State) -> list:
    """The merge checklist, while the table has not confirmed it."""
    if not state.merge_checklist:
        return []
    return list(MERGE_CHECKLIST) + ([SWAP_VOIDED] if state.swap_voided else [])


def notes(state: State) -> list:
    """Values the text leaves open, and the choices the companion makes."""
    out = []
    if len(state.players) == 9:
        out.append(NINE_PLAYERS_NOTE)
    out.append(_("Choice: for the first Team Leader each team rolls the die and the highest "
                 "holds the card."))
    out.append(_("Setup option: the Team Leader card passes to the next player at the start of "
                 "each round.") if state.options.pass_leader_each_round else
               _("Setup option: the Team Leader card passes only when the table passes it."))
    out.append(_("Setup option: Team Swap card in the game.") if state.options.team_swap else
               _("Setup option: Team Swap card left out (the default)."))
    out.append(_("Setup option: second round of Advantage cards when nobody is eligible on.")
               if state.options.second_advantage_round else
               _("Setup option: second round of Advantage cards when nobody is eligible off, "
                 "as in the base game."))
    out.append(OWNER_CHOICE)
    out.append(_("Choice: after the merge the Team Leader adjudicates the Outcast Tribunal; "
                 "when the panel count is even, the first player out after the merge is left "
                 "off the Outcast Panel."))
    out.append(ABSTAIN_CHOICE)
    out.append(REVOTE_CHOICE)
    return out


# "Each Player only casts 1 vote per Outcast Tribunal": a limit, never "everyone must vote"
# (as Survivor says), so the table may close the box short; the Final is whole (its own line).
ABSTAIN_CHOICE = _("Choice: a player may abstain at an Outcast Tribunal: the table may close "
                   "the box before every vote is in (it asks first, saying how many have not "
                   "voted). The Final waits for the whole Outcast Panel.")
REVOTE_CHOICE = _("Choice: three or more tied on most votes all go to the revote (the text "
                  "speaks of \"the two Castaways that just received the highest votes\"); "
                  "tied again with nobody else at the Tribunal, the die decides between the "
                  "tied.")


OWNER_CHOICE = _("Choice: when a Castaway leaves the game its owner is revealed (the photo of "
                 "your picks proves it).")
IN_PLACE_CHOICE = _("Choice: the next most appropriate Castaway is the lowest health in the "
                    "same team; the table confirms it or names another.")


def leader_kept_words(left: str, holder: str):
    """The card's holder went out at the Outcast Tribunal: the next holder keeps it a round."""
    return _("{left} went out at the Outcast Tribunal holding the Team Leader card. Choice: "
             "{holder}, who received it there, holds it for this round before it passes on.",
             left=left, holder=holder)


def social_lock_words(castaway: str, team: str):
    """A last Social at 0 health before the merge, at 12 Castaways or more: safe, said so."""
    return _("{castaway} is at 0 health and, as the last Social Castaway of {team}, safe from "
             "Medical Evacuation. Choice: its zero-health lock starts again each time it falls "
             "due, until the merge.", castaway=castaway, team=team)


def dice_words(trib: Tribunal):
    """Why the die decides at this Outcast Tribunal, in one sentence."""
    return dice_reason(trib.dice_why, trib.leader, trib.dice_for)


def dice_reason(why: str | None, leader: str, dice_for):
    """The same, from plain values (a screen says it again from its view)."""
    who = Items(dice_for)
    if why == "tie":
        return _("Tied again: {leader} rolls the die for {castaways}; the lowest is out.",
                 leader=leader, castaways=who)
    if why == "tie_alone":
        return _("Tied again, and nobody else is at the Tribunal to go to the die instead. "
                 "Choice: {leader} rolls the die for the tied {castaways}; the lowest is out.",
                 leader=leader, castaways=who)
    if why == "tie_safe":
        return _("Tied again, and every other Castaway at the Tribunal is safe, so none can go "
                 "to the die instead. Choice: {leader} rolls the die for the tied {castaways}; "
                 "the lowest is out.", leader=leader, castaways=who)
    if why == "nobody_eligible":
        return _("Nobody can be voted for: {leader} rolls the die for every Castaway at the "
                 "Tribunal ({castaways}); the lowest is out.", leader=leader, castaways=who)
    if why == "no_voters":
        return _("Nobody here can vote, so the die decides (Choice): {leader} rolls for "
                 "{castaways}; the lowest is out.", leader=leader, castaways=who)
    return _("Lowest rolls tied: {leader} rolls again for {castaways}; the lowest is out.",
             leader=leader, castaways=who)


def handoff_words(state: State, trib: Tribunal) -> str | None:
    """Who adjudicates this Tribunal, when the card moved: the Team Leader's team came to the
    Tribunal (the card went to the other team), the adjudicator left the game during it, or
    no player of the other team is left (the losing team's own player adjudicates)."""
    if trib.team is None or trib.leader is None:
        return None
    if get(state.player_team, trib.leader) == trib.team:
        return _("No player of the other team is left in the game. Choice: {leader}, of "
                 "{team}, holds the Team Leader card, adjudicates this Outcast Tribunal and "
                 "votes at it.", leader=trib.leader, team=trib.team)
    if trib.duty_from:
        return _("{left} left the game during the Outcast Tribunal, so the Team Leader card and "
                 "the duty of adjudicating it went to {leader}, the next player of the other "
                 "team ({team}).", left=trib.duty_from, leader=trib.leader,
                 team=get(state.player_team, trib.leader))
    if not trib.handed_by:
        return None
    if state.options.pass_leader_each_round:
        return _("{giver}'s team is at the Outcast Tribunal, so the Team Leader card went to "
                 "{leader}, the next player of the other team. Choice: that is {leader}'s turn "
                 "with the card; next round it passes on from them.",
                 giver=trib.handed_by, leader=trib.leader)
    return _("{giver}'s team is at the Outcast Tribunal, so the Team Leader card went to "
             "{leader}, the next player of the other team. Choice: that is {leader}'s turn "
             "with the card; they keep it after the Tribunal.",
             giver=trib.handed_by, leader=trib.leader)


def teamless(state: State) -> list[str]:
    """Teams whose players are all out while some of their Castaways are still in."""
    if state.merged or state.phase in (FINAL, OVER):
        return []
    playing = set(in_game_players(state))
    return [t for t, lineup in state.lineups if lineup and not any(
        get(state.player_team, p) == t for p in playing)]


def teamless_words(team: str):
    return _("No player of {team} is left in the game. Choice: its Castaways stay in and still "
             "compete; at its Outcast Tribunal nobody votes, so the die decides.", team=team)


def then(*said):
    """Sentences one after the other, as one message ("A. B. C.")."""
    out = said[0]
    for more in said[1:]:
        # Translators: two sentences one after the other (keep the space, or your script's)
        out = _("{first} {then}", first=out, then=more)
    return out


def revote_words(trib: Tribunal):
    """More than two tied on most votes: all of them are in the revote, said as a choice."""
    if not trib.revote or len(trib.candidates) <= 2:
        return None
    return _("Choice: {castaways} tied on most votes, so all {count} are in the revote (the "
             "text speaks of \"the two Castaways that just received the highest votes\").",
             castaways=tuple(trib.candidates), count=len(trib.candidates))


def final_words(final: Final):
    if not final.before_merge:
        return None
    # (the English always said "players", even for a panel of 1: the same for both forms)
    said = _n("Choice: the Final came before the merge, so the Outcast Panel is the {count} "
              "players most recently out.", "Choice: the Final came before the merge, so the "
              "Outcast Panel is the {count} players most recently out.", "count",
              count=len(final.panel))
    if not final.at_merge_count:
        return said
    # The 8th Castaway out (the merge's count) can be the 3rd-last player's last: nobody
    # made a merge, so the Final comes first.
    return then(said, _("The Castaway that brought the game to the merge's count also put the "
                        "3rd-last player out: the Final comes at once, with no merge."))


MERGE_CLOSED = _("The teams merged at 10 during this Outcast Tribunal. Choice: it holds no "
                 "further vote.")


def lone_words(castaway: str):
    return _("Only {castaway} can be voted for. Choice: opening the vote puts {castaway} out "
             "without a ballot.", castaway=castaway)


def unballoted_words(castaway: str):
    return _("Choice: {castaway} was the only Castaway who could be voted for, so {castaway} "
             "is out without a ballot.", castaway=castaway)


YOU = {
    "{left} went out at the Outcast Tribunal holding the Team Leader card. Choice: {holder}, "
    "who received it there, holds it for this round before it passes on.": {
        "left": _("You went out at the Outcast Tribunal holding the Team Leader card. Choice: "
                  "{holder}, who received it there, holds it for this round before it passes "
                  "on.")},
    "{left} left the game during the Outcast Tribunal, so the Team Leader card and the duty of "
    "adjudicating it went to {leader}, the next player of the other team ({team}).": {
        "left": _("You left the game during the Outcast Tribunal, so the Team Leader card and "
                  "the duty of adjudicating it went to {leader}, the next player of the other "
                  "team ({team})."),
        "leader": _("{left} left the game during the Outcast Tribunal, so the Team Leader card "
                    "and the duty of adjudicating it went to you, the next player of the other "
                    "team ({team}).")},
    "{giver}'s team is at the Outcast Tribunal, so the Team Leader card went to {leader}, the "
    "next player of the other team. Choice: that is {leader}'s turn with the card; next round "
    "it passes on from them.": {
        "giver": _("Your team is at the Outcast Tribunal, so the Team Leader card went to "
                  "{leader}, the next player of the other team. Choice: that is {leader}'s turn "
                  "with the card; next round it passes on from them."),
        "leader": _("{giver}'s team is at the Outcast Tribunal, so the Team Leader card went to "
                    "you, the next player of the other team. Choice: that is your turn with the "
                    "card; next round it passes on from you.")},
    "{giver}'s team is at the Outcast Tribunal, so the Team Leader card went to {leader}, the "
    "next player of the other team. Choice: that is {leader}'s turn with the card; they keep "
    "it after the Tribunal.": {
        "giver": _("Your team is at the Outcast Tribunal, so the Team Leader card went to "
                  "{leader}, the next player of the other team. Choice: that is {leader}'s turn "
                  "with the card; they keep it after the Tribunal."),
        "leader": _("{giver}'s team is at the Outcast Tribunal, so the Team Leader card went to "
                    "you, the next player of the other team. Choice: that is your turn with the "
                    "card; you keep it after the Tribunal.")},
    "Tribunal Leader: {leader}.": {"leader": _("You are the Tribunal Leader.")},
    "{player} wins Castaways!": {"player": _("You win Castaways!")},
    "Tied again: {leader} rolls the die for {castaways}; the lowest is out.": {
        "leader": _("Tied again: you roll the die for {castaways}; the lowest is out.")},
    "Tied again, and nobody else is at the Tribunal to go to the die instead. Choice: {leader} "
    "rolls the die for the tied {castaways}; the lowest is out.": {
        "leader": _("Tied again, and nobody else is at the Tribunal to go to the die instead. "
                    "Choice: you roll the die for the tied {castaways}; the lowest is out.")},
    "Tied again, and every other Castaway at the Tribunal is safe, so none can go to the die "
    "instead. Choice: {leader} rolls the die for the tied {castaways}; the lowest is out.": {
        "leader": _("Tied again, and every other Castaway at the Tribunal is safe, so none can "
                    "go to the die instead. Choice: you roll the die for the tied {castaways}; "
                    "the lowest is out.")},
    "Nobody can be voted for: {leader} rolls the die for every Castaway at the Tribunal "
    "({castaways}); the lowest is out.": {
        "leader": _("Nobody can be voted for: you roll the die for every Castaway at the "
                    "Tribunal ({castaways}); the lowest is out.")},
    "Nobody here can vote, so the die decides (Choice): {leader} rolls for {castaways}; the "
    "lowest is out.": {
        "leader": _("Nobody here can vote, so the die decides (Choice): you roll for "
                    "{castaways}; the lowest is out.")},
    "Lowest rolls tied: {leader} rolls again for {castaways}; the lowest is out.": {
        "leader": _("Lowest rolls tied: you roll again for {castaways}; the lowest is out.")},
    "The Team Leader ({leader}) draws and reads the Daily Mail card.": {
        "leader": _("The Team Leader (you) draws and reads the Daily Mail card.")},
    "{player} is out of the game: {player}'s cards go to the bottom of the Camp Life draw "
    "pile, unshuffled, and may not be given away.": {
        "player": _("You are out of the game: your cards go to the bottom of the Camp Life "
                    "draw pile, unshuffled, and may not be given away.")},
    "Forced Play: {player} plays now. No other card may be played until Forced Play is "
    "complete.": {
        "player": _("Forced Play: you play now. No other card may be played until Forced Play "
                    "is complete.")},
    "Team Swap: {player} picks a player.": {"player": _("Team Swap: you pick a player.")},
    "{winner} won the Challenge.": {"winner": _("You won the Challenge.")},
}
"""The lines a phone says to its own player ("you") in every language: each keyed by the
third-person msgid and the placeholder that names the seat."""


def _to_you(message, seat: str):
    """``message`` said to ``seat``: its second-person form where a placeholder names them,
    its messages inside said to them too; None when nothing in it changes."""
    if not isinstance(message, Message):
        return None
    values = dict(message.values)
    inner = {k: _to_you(v, seat) for k, v in values.items()}
    inner = {k: v for k, v in inner.items() if v is not None}
    for name, you in YOU.get(message.text, {}).items():
        if values.get(name) == seat:
            return replace(you, values=tuple((k, inner.get(k, v)) for k, v in message.values))
    if inner:
        return replace(message, values=tuple((k, inner.get(k, v)) for k, v in message.values))
    return None


def yours(line, seat: str):
    """A reminder as ``seat``'s own phone says it: to "you". The English is the third person
    rewritten (``rules.words.second_person``); where the line has a second-person message
    (``YOU``) whose English is exactly that, the phone says that message, in every language.
    Any other line that names the seat stays its English second person."""
    english = str(line)
    said = second_person(english, seat)
    if said == english:
        return line
    mine = _to_you(line, seat)
    return mine if mine is not None and str(mine) == said else said



def reminders(state: State) -> tuple:
    r = state.round
    out: list = []
    phase = state.phase
    if phase in (DEAL, PICKS, TEAM_LEADER):
        out.extend(_setup_reminders(state))
    elif phase == DAILY_MAIL:
        out.append(_("Round {round} · Daily Mail", round=r))  # the phase line: read from 2 m
        out.append(_("The Team Leader ({leader}) draws and reads the Daily Mail card.",
                     leader=state.team_leader))
    elif phase == CAMP_LIFE:
        out.append(_("Round {round} · Camp Life: every player draws one Camp Life card.",
                     round=r))
    elif phase == CAMP:
        out.extend(_camp_reminders(state))
    elif phase == CHALLENGE:
        out.extend(_challenge_reminders(state))
    elif phase == TRIBUNAL:
        out.extend(_tribunal_reminders(state))
    elif phase == FINAL:
        f = state.final
        out.append(_("Final Outcast Tribunal: {one} and {other} pitch their case to the "
                     "Outcast Panel.", one=f.finalists[0], other=f.finalists[1]))
        out.append(_("Outcast Panel: {players}.", players=Items(f.panel)))
        if final_words(f):
            out.append(final_words(f))
        if f.voting:
            out.append(_("The Outcast Panel votes secretly for the player who should win."))
        elif f.last_tally:
            out.append(_("The votes were tied: the Outcast Panel votes again."))
    elif phase == OVER:
        out.append(_("{player} wins Castaways!", player=state.winner))
    if state.leader_kept and state.team_leader and phase not in (FINAL, OVER):
        out.append(leader_kept_words(state.leader_kept, state.team_leader))
    out.extend(_lock_reminders(state))
    out.extend(teamless_words(t) for t in teamless(state))
    if state.merge_checklist:
        out.append(_("Merge! {count} Castaways are left: the teams are one tribe.",
                     count=len(alive(state))))
        out.extend(merge_checklist(state))
    for p, when in state.eliminated:
        if when == r and phase not in (FINAL, OVER):
            out.append(_("{player} is out of the game: {player}'s cards go to the bottom of "
                         "the Camp Life draw pile, unshuffled, and may not be given away.",
                         player=p))
    return tuple(out)


def _setup_reminders(state: State) -> list:
    """The phase line first (short), then what to do."""
    if state.phase == DEAL:
        return [_("Setup: deal the Castaways face down."),
                _("Split each archetype's 6 cards into two piles of 3, so each team has "
                  "3 Physical + 3 Mental + 3 Social, face down."), *notes(state)]
    if state.phase == PICKS:
        still = [p for p in state.players
                 if sum(1 for _, o in state.owners if o == p) < state.per_player]
        nine = [NINE_PLAYERS_NOTE] if len(state.players) == 9 else []
        return [_("Setup: secret picks, each player on their own phone."),
                _n("Each player picks {count} Castaway face down and keeps them secret.",
                   "Each player picks {count} Castaways face down and keeps them secret.",
                   "count", count=state.per_player),
                _("Still picking: {players}.", players=Items(still)), *nine]
    out = [_("Setup: the Team Leader die.")]
    if state.leader_tie:
        out.append(_("The Team Leader dice tied: roll again."))
    out.append(_("Roll the die for each team: the highest holds the Team Leader card first."))
    out.append(_("Deal the Castaways face up in each team lineup and set every health gauge to "
                 "10."))
    return out


def _camp_reminders(state: State) -> list:
    r = state.round
    out = [_("Round {round} · Camp: play Camp Life cards.", round=r),
           _("Cards with '!' must be played this round.")]
    # Translators: a player and how many '!' cards they hold: "Ana (2)"
    holders = Items(_("{player} ({count})", player=p, count=n)
                    for p, n in state.must_play if n > 0)
    if holders:
        out.append(_("Still to play '!' cards: {players}.", players=holders))
    if state.forced is not None:
        out.append(_("Forced Play: {player} plays now. No other card may be played until "
                     "Forced Play is complete.", player=forced_turn(state)))
    elif holders:
        out.append(_("Nobody wants to go first? Start Forced Play: the Team Leader plays "
                     "first, then the next player set to become Team Leader."))
    if state.swap is not None:
        s = state.swap
        turn = swap_turn(s)
        out.append(_("Team Swap: {player} picks a player.", player=turn) if turn else
                   _("Team Swap: split the Castaways by archetype, randomly and evenly; an "
                     "odd one joins {team}.", team=s.holder_team))
    elif state.options.team_swap and not state.swapped and not state.merged:
        if r < TEAM_SWAP_FROM_ROUND:
            out.append(_("A Team Swap card drawn now is held until round {round}.",
                         round=TEAM_SWAP_FROM_ROUND))
    return out


def _challenge_reminders(state: State) -> list:
    r = state.round
    team, needed = sit_out_needed(state)
    if state.pending_evacuations:
        return [_("Round {round} · Challenge: the Medical Evacuation comes first; no sit-out, "
                  "card or result until it is confirmed.", round=r)]
    if needed and len(state.sit_outs) != needed and not state.challenge_revealed:
        return [_n("Round {round} · Challenge: {team} sits out {count} Castaway before the card "
                   "is seen (not the same as last challenge).", "Round {round} · Challenge: "
                   "{team} sits out {count} Castaways before the card is seen (not the same as "
                   "last challenge).", "count", round=r, team=team, count=needed)]
    if not state.challenge_revealed:
        return [_("Round {round} · Challenge: reveal the Challenge card.", round=r)]
    if state.challenge_winner is not None:
        return [challenge_note(state) or _("{winner} won the Challenge.",
                                           winner=state.challenge_winner),
                _("On to the Outcast Tribunal.")]
    out = [_("Round {round} · Challenge: play it out and enter the winner (the Individual "
             "Safety Amulet).", round=r) if state.merged else
           _("Round {round} · Challenge: play it out and enter the winner.", round=r),
           _("Penalties skip Castaways who sat out and those who never got to compete.")]
    if state.challenge_reroll:
        out.append(_n("Lowest rolls tied: roll again for {castaways}; {count} of them goes "
                      "out.", "Lowest rolls tied: roll again for {castaways}; {count} of them "
                      "go out.", "count", castaways=Items(state.challenge_reroll),
                      count=state.challenge_reroll_places))
    if state.challenge_out:
        out.append(_("Out of this Challenge by the die: {castaways}.",
                      castaways=Items(state.challenge_out)))
    return out


def challenge_note(state: State):
    """The Coconut Toss's note: the state keeps it as a message (None when there is none)."""
    return state.challenge_note or None


def _lock_reminders(state: State) -> list[str]:
    out = []
    for c in state.pending_evacuations:
        since = get(state.zero_since, c)
        out.append(_("Medical Evacuation: {castaway} has been at 0 health since {stage} of "
                     "round {round}. Confirm to evacuate.", castaway=c,
                     stage=STAGE_MESSAGES[STAGES[since[1]]], round=since[0]))
    for c, since in state.zero_since:
        if c in state.pending_evacuations or since[1] is None or state.phase in (FINAL, OVER):
            continue  # (no round is left to play at the Final: no lock can fall due)
        if protected_social(state, c):
            out.append(social_lock_words(c, get(state.castaway_team, c)))
            continue
        out.append(_("{castaway} is at 0 health: it must receive +1 before {stage} of round "
                     "{round}.", castaway=c, stage=STAGE_MESSAGES[STAGES[since[1]]],
                     round=since[0] + 1))
    return out


def _tribunal_reminders(state: State) -> list:
    trib = state.tribunal
    if trib is None:
        return [_("The Outcast Tribunal is over.")]
    # The round and the Tribunal on the table's phase line (one line at 44 px); the leader next.
    if trib.team:
        head = _("Round {round} · Outcast Tribunal ({team})", round=state.round, team=trib.team)
    else:
        head = _("Round {round} · Outcast Tribunal (Everyone)", round=state.round)
    out = [head, _("Tribunal Leader: {leader}.", leader=trib.leader)]
    if handoff_words(state, trib) and trib.step != DONE:
        out.append(handoff_words(state, trib))
    if trib.step == INCITE:
        out.append(_("Play the Tribal Twist Incite card now: it comes before any Advantage "
                     "card."))
    elif trib.step == VOTE_TWIST:
        out.append(_("Draw the top Vote Twist card: is it read before or after the vote?"))
    elif trib.step == ADVANTAGES:
        out.extend(_advantage_reminders(state, trib))
    elif trib.step == VOTE:
        if trib.revote:
            out.append(_("Revote between {castaways}. The votes are read one by one.",
                         castaways=tuple(trib.candidates)))
        else:
            out.append(_("Vote secretly on your phones. The votes are read one by one."))
        if revote_words(trib):
            out.append(revote_words(trib))
    elif trib.step == DICE:
        out.append(then(dice_words(trib), _("Lowest tied roll again.")))
    elif trib.step == DONE:
        if trib.merge_closed:
            out.append(MERGE_CLOSED)
        elif trib.nobody_out:
            out.append(_("Nobody could be voted out at this Outcast Tribunal."))
        else:
            out.append(_("{castaways} left the game.", castaways=tuple(trib.outs)))
        out.extend(unballoted_words(c) for c in trib.unballoted)
        if trib.twist == "after":
            out.append(_("Now read and resolve the Vote Twist card."))
        out.append(_("Head back to camp: next round."))
    return out


def _advantage_reminders(state: State, trib: Tribunal) -> list:
    out = []
    if trib.twist == "before" and not trib.outs:
        out.append(_("Read and resolve the Vote Twist now, before the vote."))
    if trib.double and len(trib.outs) == 1:
        out.append(_("Double Vote Out: hold the second vote."))
        out.extend(unballoted_words(c) for c in trib.unballoted)
    if trib.advantage_round == 2:
        out.append(_("Nobody is eligible: a second round of Advantage cards (house rule)."))
    out.append(_("Safe Castaways are off the ballot. Play Advantage cards in order; a later "
                 "card that conflicts is returned. No cards change teams now."))
    out.append(_("Each attending player has 1 vote (plus votes an Advantage grants)."))
    ballot = eligible_castaways(state, trib)
    if len(ballot) == 1:
        out.append(lone_words(ballot[0]))
    return out
