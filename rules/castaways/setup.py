"""Setup: players and teams, the deal, the secret face-down picks, the Team Leader die."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import RuleError
from rules.words import Speaker

from .core import card_of, enter, arg_int, arg_mapping, arg_names, owned_by, player_named
from .dice import highest_roll
from .health import START_HEALTH
from .leader import alternating_order
from .roster import (
    ARCHETYPES, PER_TEAM_ARCHETYPE, TEAM_SIZE, castaways_per_player, roster_from_option,
    ARCHETYPE_WORDS, either,
)
from .state import DAILY_MAIL, DEFAULT_TEAMS, PICKS, TEAM_LEADER, get, Options, State

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


# -- setup ----------------------------------------------------------------------------------

def new_game(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    """The first state, from the players (already checked by the base: how many, a name each,
    their own) and the options (checked against their schema and filled with defaults by the
    base); the checks across options are here."""
    per_player = castaways_per_player(len(players))
    names, tribe = team_names_of(options)
    opts = Options(team_names=names, tribe_name=tribe, team_swap=options["team_swap"],
                   pass_leader_each_round=options["pass_leader_each_round"],
                   second_advantage_round=options["second_advantage_round"])
    roster = roster_from_option(options.get("castaways"), players)
    if {n.lower() for n in (*names, tribe)} & {c.name.lower() for c in roster}:
        raise RuleError(_("A team is named like a Castaway; they need different names."))
    split = teams_of(players, names, options.get("teams"))
    check_team_sizes(len(players), per_player, names, split)
    return State(
        players=players, per_player=per_player, roster=roster, options=opts,
        player_team=tuple((p, t) for p in players for t in names if p in split[t]),
    )


def team_names_of(options: Mapping[str, Any]) -> tuple[tuple[str, str], str]:
    """The two team names (from ``teams`` when only that is given) and the merged tribe's."""
    names = options.get("team_names")
    teams_opt = options.get("teams")
    if names is None:
        names = tuple(teams_opt) if isinstance(teams_opt, Mapping) else DEFAULT_TEAMS
    if (isinstance(names, (str, bytes)) or not hasattr(names, "__iter__")
            or len(tuple(names)) != 2
            or any(not isinstance(n, str) or not n.strip() for n in names)):
        raise RuleError(_("Castaways is played by two teams; give two team names."))
    names = tuple(n.strip() for n in names)
    tribe = options.get("tribe_name")
    if not isinstance(tribe, str) or not tribe.strip():
        raise RuleError(_("Give the merged tribe a name."))
    tribe = tribe.strip()
    if len({names[0], names[1], tribe}) != 3:
        raise RuleError(_("The two teams and the merged tribe need three different names."))
    return names, tribe


def teams_of(players: tuple[str, ...], names: tuple[str, str],
             teams_opt: Any) -> dict[str, tuple[str, ...]]:
    """"The Players (i.e. those playing the game) can arrange themselves into teams however
    they see fit." Default: alternate around the table."""
    if teams_opt is None:
        return {names[0]: players[0::2], names[1]: players[1::2]}
    if not isinstance(teams_opt, Mapping) or set(teams_opt) != set(names):
        raise RuleError(_("Put every player in one of the two teams."))
    split = {}
    for team in names:
        members = teams_opt[team]
        if isinstance(members, str) or not isinstance(members, (list, tuple)) \
                or any(not isinstance(m, str) for m in members):
            raise RuleError(_("List the players of {team} by name.", team=team))
        split[team] = tuple(members)
    if sorted(split[names[0]] + split[names[1]]) != sorted(players):
        raise RuleError(_("Put every player in exactly one of the two teams."))
    return split


def check_team_sizes(count: int, per_player: int, names: tuple[str, str],
                     split: Mapping[str, tuple[str, ...]]) -> None:
    """Each team's lineup holds 9 Castaways ("3 Physical + 3 Mental + 3 Social")."""
    sizes = [len(split[t]) for t in names]
    if min(sizes) == 0:
        raise RuleError(_("Each team needs at least one player."))
    fits = per_player * ((count + 1) // 2) <= TEAM_SIZE
    if max(sizes) * per_player > TEAM_SIZE and (fits or abs(sizes[0] - sizes[1]) > 1):
        big = names[sizes.index(max(sizes))]
        raise RuleError(_(
            "{team} has {players} players who would need {castaways} Castaways, and a team "
            "lineup holds {size}: even out the teams.", team=big, players=max(sizes),
            castaways=max(sizes) * per_player, size=TEAM_SIZE))


def shuffled_deal(state: State, args: Mapping, source: Any) -> dict:
    """The deal, when the table lets the app do it: "Split the 3 archetypes into their
    respective piles of 6 Castaways each, face down. Divide each stack into 2 piles", then
    each team's 9 are shuffled into the face-down order of the picks."""
    teams = state.options.team_names
    out: dict[str, list[str]] = {t: [] for t in teams}
    for archetype in ARCHETYPES:
        cards = source.shuffled([c.name for c in state.roster if c.archetype == archetype])
        half = len(cards) // 2
        out[teams[0]] += cards[:half]
        out[teams[1]] += cards[half:]
    return {"teams": {t: source.shuffled(cs) for t, cs in out.items()}}


def deal(state: State, actor: str, args: Mapping) -> State:
    """"Divide each stack into 2 piles ... so that each team has a 3 Physical + 3 Mental + 3
    Social characters. Each team must then deal their stack face down". The companion's
    shuffle (or the real deal) arrives as ``teams``: team -> 9 Castaways in face-down order."""
    teams = arg_mapping(args, "teams", "each team's 9 Castaways")
    if set(teams) != set(state.options.team_names):
        raise RuleError(_("Deal 9 Castaways to each of the two teams."))
    seen: list[str] = []
    stacks = []
    for team in state.options.team_names:
        cards = arg_names({"x": teams[team]}, "x", f"the Castaways of {team}", required=True)
        if len(cards) != TEAM_SIZE:
            raise RuleError(_("{team} must get {count} Castaways; it got {got}.", team=team,
                              count=TEAM_SIZE, got=len(cards)))
        for archetype in ARCHETYPES:
            n = sum(1 for c in cards if card_of(state, c).archetype == archetype)
            if n != PER_TEAM_ARCHETYPE:
                raise RuleError(_("{team} must get {count} {archetype} Castaways; it got "
                                  "{got}.", team=team, count=PER_TEAM_ARCHETYPE,
                                  archetype=ARCHETYPE_WORDS.get(archetype, archetype), got=n))
        seen.extend(cards)
        stacks.append((team, cards))
    if len(set(seen)) != len(seen):
        raise RuleError(_("A Castaway can be dealt only once."))
    # The face-up lineup is not the face-down order: showing the stack order would tell
    # everyone which face-down card each player took.
    lineups = tuple((team, tuple(c.name for c in state.roster if c.name in cards))
                    for team, cards in stacks)
    return replace(
        state, phase=PICKS, stacks=tuple(stacks), lineups=lineups,
        castaway_team=tuple((c, team) for team, cards in stacks for c in cards),
        health=tuple((c.name, START_HEALTH) for c in state.roster),
    )


def _team_demand(state: State, team: str) -> int:
    """Picks the players of ``team`` still have to make."""
    return sum(state.per_player - len(owned_by(state, p))
               for p in state.players if get(state.player_team, p) == team)


def _free_cards(state: State, team: str) -> list[int]:
    owned = {c for c, _ in state.owners}
    return [i for i, c in enumerate(get(state.stacks, team), start=1) if c not in owned]


def pick_choices(state: State, player: str) -> list[tuple[str, int]]:
    """The face-down cards ``player`` may pick now: their own team's, or, only at 9 players
    once those are gone, the other team's spare card."""
    own = get(state.player_team, player)
    if _free_cards(state, own):
        return [(own, n) for n in _free_cards(state, own)]
    other = next(t for t in state.options.team_names if t != own)
    if len(_free_cards(state, other)) - 1 < _team_demand(state, other):
        return []
    return [(other, n) for n in _free_cards(state, other)]


def pick(state: State, actor: str, args: Mapping) -> State:
    """"Depending on head count, the Players will select their Castaways. Be sure to keep the
    identity secret" — each player picks face-down cards on their own phone."""
    player = player_named(state, actor)
    own = get(state.player_team, player)
    team = args.get("team", own)
    if team not in state.options.team_names:
        raise RuleError(_("There is no team called {team}.", team=team)
                        if isinstance(team, str) else
                        _("Name the team: {teams}.", teams=either(state.options.team_names)))
    if team != own:
        # Only at 9 players: a team of 5 needs 10 Castaways and its lineup holds 9.
        other_free = len(_free_cards(state, team))
        if _free_cards(state, own) or other_free - 1 < _team_demand(state, team):
            raise RuleError(_("{player} picks from the face-down cards of {team}.",
                              player=player, team=own))
    card = arg_int(args, "card", 1, TEAM_SIZE, "The face-down card")
    if card not in _free_cards(state, team):
        raise RuleError(_("Face-down card {number} is already taken; pick another.",
                          number=str(card)))
    castaway = get(state.stacks, team)[card - 1]
    state = replace(state, owners=state.owners + ((castaway, player),))
    if all(len(owned_by(state, p)) == state.per_player for p in state.players):
        state = replace(state, phase=TEAM_LEADER)
    return state


def roll_team_leader(state: State, actor: str, args: Mapping) -> State:
    """"The dice is rolled to start the game to see which team will take ownership of the
    Team Leader card": each team rolls, the highest holds it (tie: roll again)."""
    rolls = arg_mapping(args, "rolls", "each team's die")
    if set(rolls) != set(state.options.team_names):
        raise RuleError(_("Roll the die once for each team."))
    winner, _tied = highest_roll(rolls)
    if winner is None:
        return replace(state, leader_tie=True, last_roll=tuple(rolls.items()))
    first = tuple(p for p in state.players if get(state.player_team, p) == winner)
    second = tuple(p for p in state.players if get(state.player_team, p) != winner)
    order = alternating_order(first, second)
    state = replace(state, leader_tie=False, leader_order=order, team_leader=order[0], round=1,
                    last_roll=tuple(rolls.items()))
    return enter(state, DAILY_MAIL)


def team_leader_dice(state: State, args: Mapping, source: Any) -> dict:
    """"The dice is rolled to start the game": one die for each team, rolled in the app."""
    teams = state.options.team_names
    return {"rolls": dict(zip(teams, source.rolls(len(teams))))}
