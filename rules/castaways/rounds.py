"""The round: the Team Leader card, the stages, health, and the Challenge."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import RuleError
from rules.words import Items, Speaker

from .challenges import (
    BAG_HOLDERS, check_sit_outs, coconut_rolls_needed, coconut_toss, obstacle_stage,
)
from .dice import dice_rolloff
from .core import (
    alive_castaway, arg_int, arg_mapping, arg_names, arg_text, card_of, check_removable, depart,
    enter, in_game_players, lineup_teams, maybe_merge, other_team, player_named,
    protected_social, set_health, team_lineup,
)
from .health import GAUGE_MAX, check_gauge
from .leader import next_in_order
from .outcast import open_tribunal
from .state import CAMP, CAMP_LIFE, CHALLENGE, DAILY_MAIL, TRIBUNAL, get, put, State

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")


# -- the Team Leader card -------------------------------------------------------------------

def set_leader_order(state: State, actor: str, args: Mapping) -> State:
    """"the table sets the order in which the card passes"."""
    order = arg_names(args, "order", "the players in Team Leader order", required=True)
    if sorted(order) != sorted(in_game_players(state)):
        raise RuleError(_("The Team Leader order lists every player still in the game once."))
    return replace(state, leader_order=order)


def pass_leader(state: State, actor: str, args: Mapping) -> State:
    to = args.get("to")
    if to is None:
        to = next_in_order(state.leader_order, state.team_leader, in_game_players(state))
    to = player_named(state, to)
    return replace(state, team_leader=to, leader_left=None, leader_kept=None)


def arrange_lineup(state: State, actor: str, args: Mapping) -> State:
    """"This is completely up to your team as to where to place each Castaway in their
    respective team lineup"."""
    team = arg_text(args, "team", "the team whose lineup you arrange")
    if team not in lineup_teams(state):
        raise RuleError(_("There is no lineup called {team}.", team=team))
    order = arg_names(args, "order", "the Castaways in lineup order", required=True)
    if sorted(order) != sorted(team_lineup(state, team)):
        raise RuleError(_("List every Castaway of {team} once.", team=team))
    return replace(state, lineups=put(state.lineups, team, order))


# -- moving through the round ---------------------------------------------------------------

FRESH_CHALLENGE = dict(challenge_revealed=False, challenge_winner=None, challenge_note="",
                       challenge_out=(), challenge_reroll=(), challenge_reroll_places=0)


def next_phase(state: State, actor: str, args: Mapping) -> State:
    if state.phase in (DAILY_MAIL, CAMP_LIFE):
        return enter(state, CAMP)
    if state.phase == CAMP:
        return enter(replace(state, sit_outs=(), **FRESH_CHALLENGE), CHALLENGE)
    if state.phase == CHALLENGE:
        return enter(open_tribunal(state), TRIBUNAL)
    # TRIBUNAL
    state = maybe_merge(replace(state, tribunal=None))
    if state.merge_checklist:  # merged at this Tribunal: the checklist comes first
        return state
    return _new_round(state)


def _new_round(state: State) -> State:
    leader = state.team_leader
    kept = state.leader_left if state.options.pass_leader_each_round else None
    if state.options.pass_leader_each_round and leader is not None and kept is None:
        leader = next_in_order(state.leader_order, leader, in_game_players(state))
    state = replace(
        state, round=state.round + 1, team_leader=leader, leader_left=None, leader_kept=kept,
        amulets=(), must_play=(),
        last_sit_outs=state.sit_outs, sit_outs=(), **FRESH_CHALLENGE,
    )
    return enter(state, CAMP_LIFE if state.merged else DAILY_MAIL)


def confirm_merge(state: State, actor: str, args: Mapping) -> State:
    """The merge checklist: "Remove Daily Mail ... Add the merge Camp Life cards ... and
    shuffle well ... Swap out the current Challenge pile". Sit anywhere."""
    state = replace(state, merge_checklist=False, swap_voided=False)
    if state.phase == TRIBUNAL and state.tribunal is None:
        return _new_round(state)
    return state


# -- health ---------------------------------------------------------------------------------

def adjust_health(state: State, actor: str, args: Mapping) -> State:
    """Health moves on the gauge and never leaves it (0 to 10)."""
    targets = (arg_names(args, "castaways", "the Castaways")
               or arg_names(args, "castaway", "the Castaway"))
    if not targets:
        raise RuleError(_("Name the Castaways whose health changes."))
    delta = arg_int(args, "delta", -GAUGE_MAX, GAUGE_MAX, "The health change")
    if delta == 0:
        raise RuleError(_("A health change of 0 changes nothing."))
    for c in targets:
        alive_castaway(state, c)
    for c in targets:
        state = set_health(state, c, get(state.health, c) + delta)
    return state


def set_health_to(state: State, actor: str, args: Mapping) -> State:
    c = alive_castaway(state, args.get("castaway"))
    return set_health(state, c, check_gauge(args.get("value"), c))


def medical_evacuation(state: State, actor: str, args: Mapping) -> State:
    """Medical Evacuation: a Camp Life card, or the zero-health lock confirmed by the table.
    "If a team has only 1 Social Castaway left and a Camp Life card is played, e.g. Medical
    Evacuation, then the Social Castaway is safe" — except at 11 Castaways. At 12 or more
    "the next most appropriate castaway is out": ``instead_of`` names the safe Social and
    ``castaway`` the one the table confirms in its place."""
    c = alive_castaway(state, args.get("castaway"))
    safe = _in_place_of(state, c, args.get("instead_of"))
    check_removable(state, c, "Medical Evacuation", instead=not safe)
    return depart(state, c, "medical evacuation", safe)


def remove_castaway(state: State, actor: str, args: Mapping) -> State:
    """Other ways out: "whether votes, medical evacuation or quitting". A card that would
    take a team's last Social at 12 or more takes "the next most appropriate castaway"
    (``instead_of``); a last Social cannot quit before the merge."""
    c = alive_castaway(state, args.get("castaway"))
    reason = args.get("reason", "quit")
    if reason not in ("quit", "card"):
        raise RuleError(_("A Castaway leaves by quitting or by a card."))
    safe = _in_place_of(state, c, args.get("instead_of")) if reason == "card" else ""
    check_removable(state, c, "quitting" if reason == "quit" else "this card",
                    instead=reason == "card" and not safe)
    return depart(state, c, reason, safe)


def _in_place_of(state: State, castaway: str, safe: object) -> str:
    """The last Social kept safe when ``castaway`` goes in its place ("" when none)."""
    if safe is None or safe == "":
        return ""
    safe = alive_castaway(state, safe)
    if not protected_social(state, safe):
        raise RuleError(_("{castaway} is not a last Social kept safe: it can go itself.",
                          castaway=safe))
    if castaway == safe:
        raise RuleError(_("Name another Castaway to go in place of {castaway}.", castaway=safe))
    return safe


# -- the Challenge --------------------------------------------------------------------------

def sit_out_needed(state: State) -> tuple[str | None, int]:
    """The team that must sit Castaways out, and how many, so the numbers are equal."""
    if state.merged:
        return None, 0
    a, b = state.options.team_names
    na, nb = len(team_lineup(state, a)), len(team_lineup(state, b))
    if na == nb:
        return None, 0
    return (a, na - nb) if na > nb else (b, nb - na)


def sit_out(state: State, actor: str, args: Mapping) -> State:
    """"They must do this before seeing the Challenge card. They may not sit out the same
    Castaway(s) for consecutive challenges.\""""
    team, needed = sit_out_needed(state)
    chosen = arg_names(args, "castaways", "the Castaways who sit out", required=True)
    return replace(state, sit_outs=check_sit_outs(
        chosen, team_lineup(state, team), needed, state.last_sit_outs))


def reveal_challenge(state: State, actor: str, args: Mapping) -> State:
    return replace(state, challenge_revealed=True)


def challenge_result(state: State, actor: str, args: Mapping) -> State:
    """Pre-merge a team wins; post-merge a Castaway wins the Individual Safety Amulet."""
    winner = args.get("winner")
    if not state.merged:
        if winner not in lineup_teams(state):
            raise RuleError(_("Name the team that won the Challenge."))
        return replace(state, challenge_winner=winner)
    c = alive_castaway(state, winner)
    return replace(state, challenge_winner=c, amulets=tuple(dict.fromkeys(state.amulets + (c,))))


def _competitors(state: State, names: tuple[str, ...]) -> tuple[str, ...]:
    for c in names:
        alive_castaway(state, c)
        if c in state.sit_outs:
            raise RuleError(_("{castaway} sat out this Challenge.", castaway=c))
    return names


def challenge_penalty(state: State, actor: str, args: Mapping) -> State:
    """"Any Castaway that sat out due to odd character count then this Castaway will not
    receive the punishment. Any Castaways that did not have a chance to compete ... will not
    receive the punishment.\""""
    delta = arg_int(args, "delta", -GAUGE_MAX, -1, "The penalty")
    skipped = arg_names(args, "did_not_compete", "the Castaways who never competed")
    for c in skipped:
        alive_castaway(state, c)
    if args.get("team") is not None:
        team = args.get("team")
        if state.merged or team not in lineup_teams(state):
            raise RuleError(_("Name the losing team (before the merge) or the Castaways."))
        targets = tuple(c for c in team_lineup(state, team)
                        if c not in state.sit_outs and c not in skipped)
    else:
        named = arg_names(args, "castaways", "the Castaways who take the penalty", required=True)
        targets = tuple(c for c in _competitors(state, named) if c not in skipped)
    for c in targets:
        state = set_health(state, c, get(state.health, c) + delta)
    return state


def score_obstacle_stage(state: State, actor: str, args: Mapping) -> State:
    need = arg_mapping(args, "requirements", "the trait values the stage requires")
    names = _competitors(state, arg_names(args, "castaways", "the Castaways in the stage",
                                       required=True))
    traits = {c: dict(card_of(state, c).traits) for c in names}
    for c, lost in obstacle_stage(need, traits).items():
        if lost:
            state = set_health(state, c, get(state.health, c) - lost)
    return state


def bag_holders(state: State, team: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The bag holders a team must field: "Select the 3 Castaways with the greatest strength
    trait ... you still cannot pick any Castaway that was chosen to sit out".

    ``(sure, tied)``: ``sure`` are stronger than the cut and hold a bag; the rest of the places
    go to Castaways among ``tied`` (equal Strength at the cut). Both empty while a competing
    Castaway has no Strength value."""
    able = [c for c in team_lineup(state, team) if c not in state.sit_outs]
    strength = {c: card_of(state, c).trait("Strength") for c in able}
    if not able or None in strength.values():
        return (), ()
    size = min(BAG_HOLDERS, len(able))
    cut = sorted(strength.values(), reverse=True)[size - 1]
    sure = tuple(c for c in able if strength[c] > cut)
    tied = tuple(c for c in able if strength[c] == cut)
    if len(sure) + len(tied) == size:  # no choice to make
        return tuple(c for c in able if strength[c] >= cut), ()
    return sure, tied


def _bag_holder_cards(state: State, team: str, named_raw: object) -> list:
    """Check a team's bag holders: its strongest competing Castaways, none sat out."""
    named = _competitors(state, arg_names({"x": named_raw}, "x", f"{team}'s bag holders",
                                       required=True))
    able = [c for c in team_lineup(state, team) if c not in state.sit_outs]
    size = min(BAG_HOLDERS, len(able))
    if any(c not in able for c in named) or len(named) != size:
        raise RuleError(_("{team} needs {count} bag holders from its competing Castaways.",
                          team=team, count=size))
    for c in able:
        if card_of(state, c).trait("Strength") is None:
            raise RuleError(_("{castaway} needs a Strength value: {team}'s bag holders are its "
                              "{count} strongest.", castaway=c, team=team, count=size))
    cards = [card_of(state, c) for c in named]
    for card in cards:
        if card.trait("Endurance") is None:
            raise RuleError(_("{castaway} needs an Endurance value for the tiebreaker.",
                              castaway=card.name))
    weakest = min(cards, key=lambda card: card.trait("Strength"))
    for c in able:
        if c not in named and card_of(state, c).trait("Strength") > weakest.trait("Strength"):
            raise RuleError(_("{castaway} is stronger than {weaker}: {team}'s bag holders are "
                              "its {count} Castaways with the greatest Strength.", castaway=c,
                              weaker=weakest.name, team=team, count=size))
    return cards


def score_coconut_toss(state: State, actor: str, args: Mapping) -> State:
    """The Coconut Toss. Each team fields its strongest Castaways as bag holders, then throws
    the die at the *opposing* team's bag holders: "The two teams will compete to see which
    team can knock out all 3 opposing bag holders with the least amount of dice rolls".
    ``rolls[team]`` are the dice ``team`` threw; ``tiebreak`` each team's die at the end."""
    holders = arg_mapping(args, "holders", "each team's bag holders")
    teams = lineup_teams(state)
    if set(holders) != set(teams):
        raise RuleError(_("Both teams hold bags and roll."))
    cards = {team: _bag_holder_cards(state, team, holders[team]) for team in teams}
    rolls = arg_mapping(args, "rolls", "each team's dice rolls")
    if set(rolls) != set(teams):
        raise RuleError(_("Both teams hold bags and roll."))
    needed = {}
    for team in teams:
        rival = other_team(state, team)
        try:
            needed[team] = coconut_rolls_needed([c.trait("Strength") for c in cards[rival]],
                                                rolls[team])
        except RuleError as err:
            raise RuleError(_("{team}'s throws at {rival}'s bag holders: {refusal}", team=team,
                              rival=rival, refusal=err.args[0])) from None
    endurance = {team: sum(c.trait("Endurance") for c in cards[team]) for team in teams}
    tiebreak = args.get("tiebreak")
    result = coconut_toss(needed, endurance, tiebreak)
    if result.winner is None:
        if tiebreak is None:
            raise RuleError(_("Equal rolls and equal Endurance: each team rolls the die "
                              "(tiebreak)."))
        raise RuleError(_("The tiebreak dice are equal: roll again."))
    return replace(state, challenge_winner=result.winner,
                   challenge_note=coconut_note(teams, needed, endurance, tiebreak, result))


def coconut_note(teams, needed, endurance, tiebreak, result):
    """How the Coconut Toss was decided, in one sentence (kept in the state as a message)."""
    a, b = teams
    said = dict(a=a, b=b, a_throws=needed[a], b_throws=needed[b], winner=result.winner)
    if result.decided_by == "rolls":
        return _("Coconut Toss: {a} knocked out {b}'s bag holders in {a_throws} throws, {b} "
                 "knocked out {a}'s in {b_throws}: {winner} wins.", **said)
    said.update(a_endurance=endurance[a], b_endurance=endurance[b])
    if result.decided_by != "dice":
        return _("Coconut Toss: {a} knocked out {b}'s bag holders in {a_throws} throws, {b} "
                 "knocked out {a}'s in {b_throws}; Endurance {a_endurance} to {b_endurance}: "
                 "{winner} wins.", **said)
    return _("Coconut Toss: {a} knocked out {b}'s bag holders in {a_throws} throws, {b} "
             "knocked out {a}'s in {b_throws}; Endurance {a_endurance} to {b_endurance}; the "
             "die {a_die} to {b_die}: {winner} wins.", a_die=tiebreak[a], b_die=tiebreak[b],
             **said)


def challenge_roll_off(state: State, actor: str, args: Mapping) -> State:
    """Part of a Challenge field removed by the die: "if you have 7 Castaways in the challenge
    and need to remove half, and have easily removed the first two 2 Castaways as they had the
    lowest values, and still have another 2 to remove, but there are 4 Castaways with the same
    value that is being looked at, then the dice is rolled for each Castaway. The two
    Castaways with the lowest rolled value are out." ``rolls`` maps each tied Castaway to its
    die (rolled in the app or read off the real die); ``out`` is how many of them go. Lowest
    rolls tied at the cut roll again for the places left."""
    rolls = arg_mapping(args, "rolls", "a die for each tied Castaway")
    named = arg_names(args, "castaways", "the tied Castaways")
    if named and set(named) != set(rolls):
        raise RuleError(_("Roll the die once for each ticked Castaway."))
    if state.challenge_reroll:
        if set(rolls) != set(state.challenge_reroll):
            raise RuleError(_("Roll again once for each of: {castaways}.",
                              castaways=Items(state.challenge_reroll)))
        places = state.challenge_reroll_places
    else:
        for c in _competitors(state, tuple(alive_castaway(state, c) for c in rolls)):
            if c in state.challenge_out:
                raise RuleError(_("{castaway} is already out of this Challenge.", castaway=c))
        if len(rolls) < 2:
            raise RuleError(_("Roll the die for two or more Castaways tied on the same value."))
        places = arg_int(args, "out", 1, len(rolls) - 1, "The number of them going out")
    result = dice_rolloff(rolls, lowest_out=places)
    return replace(state, challenge_out=state.challenge_out + result.out,
                   challenge_reroll=result.reroll, challenge_reroll_places=result.reroll_out,
                   last_roll=tuple(rolls.items()))


def challenge_dice(state: State, args: Mapping, source: Any) -> dict:
    """The die rolled in the app "for each Castaway" tied at the cut (the ticked ones, or
    those tied again). Faces read off the real die come as ``rolls`` and are kept."""
    if "rolls" in args:
        return {}
    who = state.challenge_reroll or args.get("castaways")
    if not isinstance(who, (list, tuple)) or not all(isinstance(c, str) for c in who):
        return {}
    return {"rolls": dict(zip(who, source.rolls(len(who))))}


def coconut_dice(state: State, args: Mapping, source: Any) -> dict:
    """The Coconut Toss rolled in the app: each team throws at the other team's bag holders
    until all three have dropped ("Each roll of the dice is equal to that amount of coconuts
    landing in their bag"); on equal throws and equal Endurance, "each team will roll the
    dice" until one is higher. Throws read off the real die come as ``rolls``."""
    holders = args.get("holders")
    if "rolls" in args or not isinstance(holders, Mapping) \
            or set(holders) != set(lineup_teams(state)):
        return {}
    try:
        cards = {team: _bag_holder_cards(state, team, holders[team]) for team in holders}
    except RuleError:
        return {}  # the move itself says what is wrong with the bag holders
    rolls = {team: _throws([c.trait("Strength") for c in cards[other_team(state, team)]],
                           source) for team in cards}
    needed = {team: len(throws) for team, throws in rolls.items()}
    endurance = {team: sum(c.trait("Endurance") for c in cards[team]) for team in cards}
    out: dict[str, Any] = {"rolls": rolls}
    if coconut_toss(needed, endurance).winner is None and "tiebreak" not in args:
        while True:  # equal dice: roll again
            dice = dict(zip(cards, source.rolls(len(cards))))
            if len(set(dice.values())) == len(dice):
                out["tiebreak"] = dice
                return out
    return out


def _throws(limits: list[int], source: Any) -> list[int]:
    """Dice at the bag holders in turn: each drops once it holds more than its Strength."""
    throws: list[int] = []
    for limit in limits:
        bag = 0
        while bag <= limit:
            throws.append(source.rolls(1)[0])
            bag += throws[-1]
    return throws


def grant_amulet(state: State, actor: str, args: Mapping) -> State:
    c = alive_castaway(state, args.get("castaway"))
    return replace(state, amulets=tuple(dict.fromkeys(state.amulets + (c,))))
