"""Castaways on the one game contract: the setup options, the move table, the game object.

Every move is declared once: who makes it (the table, a player, or either), in which phases,
which arguments it takes, the game's further guard (``guards``), its history line
(``history``) and the dice or shuffle it asks the companion for; one guard holds over every
move (``guards.game_on``: a stranger, the game over), read by ``apply`` and ``legal_moves``
alike. The move functions live in the modules named after the rulebook: ``setup``, ``camp``,
``rounds`` (the round and the Challenge), ``outcast`` (the Outcast Tribunal and the Final).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from rules import Action, Outcome, Placing, VoteCall
from rules.base import ANYONE, PLAYER, BaseGame, Option, move
from rules.words import Speaker

from . import camp, guards as g, history as h, outcast, rounds, setup, text
from . import view as seat_view
from .core import MERGE_AT, TEAM_SWAP_FROM_ROUND
from .health import GAUGE_MAX
from .outcast import final_key, tribunal_key, tribunal_votes
from .readings import READINGS
from .roster import ARCHETYPES, MAX_PLAYERS, MIN_PLAYERS, PER_ARCHETYPE, either
from .state import (
    ADVANTAGES, CAMP, CAMP_LIFE, CHALLENGE, DAILY_MAIL, DEAL, DEFAULT_TRIBE, DICE, FINAL, INCITE,
    PHASE_WORDS, PICKS, ROUND_PHASES, TEAM_LEADER, TRIBUNAL, VOTE, VOTE_TWIST,
    State,
)

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")

ROUND = ROUND_PHASES
PLAYING = (DEAL, PICKS, TEAM_LEADER, *ROUND_PHASES, FINAL)  # every phase but the end


def run(fn: Callable[[State, str, Mapping], State]) -> Callable[[State, Action], State]:
    """A move function of the rule modules, ``fn(state, actor, args)``, as the base runs it."""
    return lambda state, action: fn(state, action.actor, action.args)


def only_table(doing):
    """A player's phone tried a table move: ``doing`` is the move's words, a message (an
    infinitive phrase in every language: "deal the Castaways")."""
    return _("Only the table screen can {doing}.", doing=doing)


def not_now(doing) -> Callable[[State], Any]:
    """Out of its phase: the move, and where the game is now."""
    return lambda state: _("You cannot {doing} now: this is {phase}.", doing=doing,
                           phase=PHASE_WORDS[state.phase])


SETUP_MOVES = (
    move("deal", run(setup.deal), phases=[DEAL], args=["teams"], chance=setup.shuffled_deal,
         not_now=not_now(_("deal the Castaways")),
         not_yours=only_table(_("deal the Castaways")), describe=h.said(h.dealt)),
    move("pick", run(setup.pick), by=PLAYER, phases=[PICKS], args=["card", "team"],
         allowed=g.may_pick, not_now=not_now(_("pick a Castaway")),
         not_yours="Each player picks their Castaways secretly on their own phone.",
         describe=h.said(h.picked)),
    move("roll_team_leader", run(setup.roll_team_leader), phases=[TEAM_LEADER], args=["rolls"],
         chance=setup.team_leader_dice,
         not_now=not_now(_("roll for the Team Leader card")),
         not_yours=only_table(_("roll for the Team Leader card")),
         describe=h.said(h.team_leader_rolled)),
)

ROUND_MOVES = (
    move("set_leader_order", run(rounds.set_leader_order), phases=ROUND, args=["order"],
         allowed=g.no_forced_play(_("changing the Team Leader order")),
         not_now=not_now(_("set the Team Leader order")),
         not_yours=only_table(_("set the Team Leader order")), describe=h.said()),
    move("pass_leader", run(rounds.pass_leader), phases=ROUND, args=["to"],
         allowed=g.first_of(g.no_forced_play(_("passing the Team Leader card")),
                            g.leader_card_free),
         not_now=not_now(_("pass the Team Leader card")),
         not_yours=only_table(_("pass the Team Leader card")), describe=h.said()),
    move("arrange_lineup", run(rounds.arrange_lineup), phases=(TEAM_LEADER, *ROUND),
         args=["team", "order"],
         not_now=_("Lineups are arranged once the picks are done and the game is on."),
         not_yours=only_table(_("arrange a lineup")), describe=h.said()),
    move("next_phase", run(rounds.next_phase), phases=ROUND, allowed=g.may_move_on,
         not_now=not_now(_("move to the next stage")),
         not_yours=only_table(_("move to the next stage")), describe=h.said(h.moved_on)),
    move("confirm_merge", run(rounds.confirm_merge), phases=PLAYING,
         allowed=g.merge_checklist_open, not_now=_("The game is over."),
         not_yours=only_table(_("confirm the merge checklist")), describe=h.said()),
    move("adjust_health", run(rounds.adjust_health), phases=ROUND,
         args=["castaways", "castaway", "delta"], not_now=not_now(_("change health")),
         not_yours=only_table(_("change health")), describe=h.said(h.health_changed)),
    move("set_health", run(rounds.set_health_to), phases=ROUND, args=["castaway", "value"],
         not_now=not_now(_("set health")), not_yours=only_table(_("set health")),
         describe=h.said(h.health_changed)),
    move("medical_evacuation", run(rounds.medical_evacuation), phases=ROUND,
         args=["castaway", "instead_of"], allowed=g.removable_now,
         not_now=not_now(_("evacuate a Castaway")),
         not_yours=only_table(_("confirm a Medical Evacuation")), describe=h.said()),
    move("remove_castaway", run(rounds.remove_castaway), phases=ROUND,
         args=["castaway", "reason", "instead_of"], allowed=g.removable_now,
         not_now=not_now(_("remove a Castaway")),
         not_yours=only_table(_("remove a Castaway")), describe=h.said()),
    move("grant_amulet", run(rounds.grant_amulet), phases=ROUND, args=["castaway"],
         allowed=g.before_the_vote, not_now=not_now(_("give a Safety Amulet")),
         not_yours=only_table(_("give a Safety Amulet")), describe=h.said()),
)

CAMP_MOVES = (
    move("mark_must_play", run(camp.mark_must_play), phases=[DAILY_MAIL, CAMP_LIFE, CAMP],
         args=["player", "count"],
         not_now=not_now(_("mark '!' cards")),
         not_yours=only_table(_("mark '!' cards")), describe=h.said(h.must_play_marked)),
    move("start_forced_play", run(camp.start_forced_play), phases=[CAMP], allowed=g.may_force,
         not_now=not_now(_("start Forced Play")), not_yours=only_table(_("start Forced Play")),
         describe=h.said(h.forced_play_started)),
    move("play_card", run(camp.play_card), by=ANYONE, phases=[CAMP],
         args=["player", "must_play", "card"], allowed=g.first_of(g.in_game, g.may_play_card),
         not_now=not_now(_("play a Camp Life card")), describe=h.said(h.card_played),
         awaited=lambda state, actor: g.forced_turn(state) == actor),  # else a free choice
    move("team_swap", run(camp.team_swap), by=ANYONE, phases=[CAMP], args=["holder", "captain"],
         allowed=g.first_of(g.in_game, g.may_swap),
         not_now=not_now(_("play the Team Swap")), describe=h.said()),
    move("swap_pick", run(camp.swap_pick), by=ANYONE, phases=[CAMP], args=["player"],
         allowed=g.first_of(g.in_game, g.swap_picking),
         not_now=not_now(_("pick for the Team Swap")), describe=h.said()),
    move("swap_split", run(camp.swap_split), phases=[CAMP], args=["teams"],
         allowed=g.swap_picked, chance=camp.shuffled_split,
         not_now=not_now(_("split the Castaways")),
         not_yours=only_table(_("split the Castaways")), describe=h.said()),
)

EVACUATION_FIRST = g.evacuation_first(_("before the Challenge"))
CHALLENGE_ON = g.first_of(EVACUATION_FIRST, g.challenge_on)
NO_RESULT = g.no_result_yet(_("The Challenge result is already in."))


def challenge_move(name: str, fn, doing: str, args: Sequence[str], allowed, **kw):
    """A table move of the Challenge stage."""
    return move(name, run(fn), phases=[CHALLENGE], args=args, allowed=allowed,
                not_now=not_now(doing), not_yours=only_table(doing),
                describe=kw.pop("describe", h.said()), **kw)


CHALLENGE_MOVES = (
    challenge_move("sit_out", rounds.sit_out, _("sit Castaways out"), ["castaways"],
                   g.first_of(EVACUATION_FIRST, g.may_sit_out)),
    challenge_move("reveal_challenge", rounds.reveal_challenge, _("reveal the Challenge card"), [],
                   g.first_of(EVACUATION_FIRST, g.may_reveal)),
    challenge_move("challenge_result", rounds.challenge_result, _("enter the Challenge result"),
                   ["winner"], g.first_of(CHALLENGE_ON, g.no_result_yet(
                       _("The Challenge result is already in (undo to change it).")))),
    challenge_move("challenge_penalty", rounds.challenge_penalty, _("give a Challenge penalty"),
                   ["delta", "did_not_compete", "team", "castaways"], CHALLENGE_ON),
    challenge_move("obstacle_stage", rounds.score_obstacle_stage, _("score an obstacle stage"),
                   ["requirements", "castaways"], CHALLENGE_ON),
    challenge_move("coconut_toss", rounds.score_coconut_toss, _("score the Coconut Toss"),
                   ["holders", "rolls", "tiebreak"],
                   g.first_of(CHALLENGE_ON, g.team_challenge, NO_RESULT),
                   chance=rounds.coconut_dice, describe=h.said(h.coconut_scored)),
    challenge_move("challenge_roll_off", rounds.challenge_roll_off, _("roll the die in the "
                   "Challenge"), ["rolls", "out", "castaways"], g.first_of(CHALLENGE_ON, NO_RESULT),
                   chance=rounds.challenge_dice, describe=h.said(h.challenge_rolled)),
)


def tribunal_move(name: str, fn, doing: str, args: Sequence[str], *steps: str, **kw):
    """A move of the Tribunal Leader (or of the table for them) at the Outcast Tribunal."""
    allowed = g.tribunal_leader(doing, *steps)
    if "also" in kw:
        allowed = g.first_of(allowed, kw.pop("also"))
    return move(name, run(fn), by=ANYONE, phases=[TRIBUNAL], args=args, allowed=allowed,
                not_now=not_now(doing),
                describe=kw.pop("describe", h.said()), **kw)


TRIBUNAL_MOVES = (
    tribunal_move("tribal_twist", outcast.tribal_twist, _("play the Tribal Twist Incite card"),
                  ["card"], INCITE),
    tribunal_move("vote_twist", outcast.vote_twist, _("draw the Vote Twist"), ["timing"],
                  VOTE_TWIST),
    move("play_advantage", run(outcast.play_advantage), by=ANYONE, phases=[TRIBUNAL],
         args=["player", "card", "safe", "leave_tribunal", "extra_votes", "lose_vote", "unsafe"],
         allowed=g.first_of(g.in_game, g.may_play_advantage),
         not_now=_("Advantage cards are played at the Outcast Tribunal."),
         describe=h.said(h.advantage_played), awaited=False),
    tribunal_move("return_advantage", outcast.return_advantage, _("return an Advantage card"),
                  ["index"], ADVANTAGES, also=g.may_return_advantage),
    # a card calls it when it comes up: open through the Tribunal, awaited from nobody
    tribunal_move("double_vote_out", outcast.double_vote_out, _("call a Double Vote Out"), [],
                  also=g.may_double, awaited=False),
    tribunal_move("open_vote", outcast.open_vote, _("open the vote"), [], ADVANTAGES,
                  also=g.evacuation_first(_("before the vote"))),
    tribunal_move("roll_off", outcast.roll_off, _("roll the die"), ["rolls"], DICE,
                  chance=outcast.tribunal_dice, describe=h.said(h.rolled_off)),
    move("vote_result", run(outcast.vote_result), phases=[TRIBUNAL, FINAL], args=["key", "tally"],
         allowed=g.votes_awaited, internal=True, not_now=_("No vote is open."),
         not_yours=only_table(_("count the votes")), describe=h.said(h.votes_read)),
    move("open_final_vote", run(outcast.open_final_vote), phases=[FINAL],
         allowed=g.final_vote_closed,
         not_now=not_now(_("open the final vote")),
         not_yours=only_table(_("open the final vote")), describe=h.said()),
)

# the setup form says these in the table's language (rules.base.Option: messages)
OPTIONS = (
    Option("team_names", "list", None, _("The names of the two teams (Team 1 and Team 2 if "
           "none are typed)."), label=_("Team names")),
    Option("tribe_name", "text", DEFAULT_TRIBE, _("The name of the one tribe once the teams "
           "merge at {n} Castaways.", n=MERGE_AT), label=_("Merged tribe name")),
    Option("teams", "mapping", None, _("Who plays in which team (team name: its players); by "
           "default the players alternate around the table."), label=_("Team players")),
    Option("castaways", "list", None, _("The 18 Castaways, 6 of each archetype, with their "
           "trait values (by default Physical 1 ... Social 6, no traits)."),
           label=_("Castaways")),
    Option("team_swap", "bool", False, _("The Team Swap card is in the game (advised off in a "
           "first game)."), label=_("Team Swap card in the game")),
    Option("pass_leader_each_round", "bool", True, _("The Team Leader card passes to the next "
           "player at the start of each round."), label=_("Team Leader card passes every round")),
    Option("second_advantage_round", "bool", False, _("A second round of Advantage cards when "
           "nobody can be voted for (a house rule agreed before the start)."),
           label=_("Second round of Advantage cards (house rule)")),
)


class CastawaysGame(BaseGame):
    """Castaways (5-18 players): setup to the winner, as the table runs it."""

    key = "castaways"
    title = "Castaways"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = OPTIONS
    readings = READINGS  # readings.py: docs/readings.md lists these
    moves = {m.name: m for m in (*SETUP_MOVES, *ROUND_MOVES, *CAMP_MOVES, *CHALLENGE_MOVES,
                                 *TRIBUNAL_MOVES)}
    data = {
        "archetypes": list(ARCHETYPES), "per_archetype": PER_ARCHETYPE, "gauge_max": GAUGE_MAX,
        "merge_at": MERGE_AT, "team_swap_from_round": TEAM_SWAP_FROM_ROUND,
        "player_counts": text.PLAYER_COUNTS,
    }

    def new_game(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        return setup.new_game(players, options)

    def phase(self, state: State) -> str:
        return state.phase

    def guard(self, state: State, actor: str) -> str | None:
        """Over every move: a game of Castaways, a player of this game (or the table), and
        the game not over (``guards.game_on``)."""
        return g.game_on(state, actor)

    def view(self, state: State, seat: str | None) -> Mapping[str, Any]:
        return seat_view.view(state, seat)

    def reminders(self, state: State) -> tuple:
        return text.reminders(state)

    def reminders_for(self, state: State, seat: str) -> tuple:
        """The reminders as ``seat``'s phone says them: to "you" (``text.yours``)."""
        return tuple(text.yours(line, seat) for line in text.reminders(state))

    def outcome(self, state: State) -> Outcome | None:
        """The Final Outcast Tribunal's panel names the winner; the other finalist is second,
        then the players by how long they lasted (the last out third). The panel's count is
        numbers only."""
        if state.winner is None:
            return None
        final = state.final
        runner_up = next(p for p in final.finalists if p != state.winner)
        out = [p for p, _ in state.eliminated]
        order = [state.winner, runner_up, *reversed(out)]
        order += [p for p in state.players if p not in order]
        place = {p: i + 1 for i, p in enumerate(order)}
        tally = dict(final.last_tally)
        return Outcome(tuple(Placing(p, place[p], p == state.winner) for p in state.players),
                       f"{state.winner} wins the Outcast Panel's vote, "
                       f"{tally.get(state.winner, 0)} to {tally.get(runner_up, 0)}.",
                       {"jury_votes": tally, "finalists": list(final.finalists)})

    def vote_call(self, state: State) -> VoteCall | None:
        trib = state.tribunal
        if state.phase == TRIBUNAL and trib is not None and trib.step == VOTE:
            voters, extra = tribunal_votes(state, trib)
            # (str: the companion stores the question as a string until VoteCall takes a
            # message, lang48h; then the message itself, ``vote_question(state)``)
            return VoteCall(key=tribunal_key(state), question=vote_question(state),
                            candidates=trib.candidates, voters=voters,
                            extra_votes={p: n for p, n in extra.items() if n},
                            reveal="one_by_one")
        if state.phase == FINAL and state.final is not None and state.final.voting:
            return VoteCall(key=final_key(state), question=vote_question(state),
                            candidates=state.final.finalists, voters=state.final.panel,
                            reveal="one_by_one", complete=True)
        return None

def vote_question(state: State):
    """The vote's question, a message: the Outcast Tribunal's (its revote names who can be
    voted for, "A or B"), or the Final's."""
    trib = state.tribunal
    if state.phase == FINAL:
        return _("Which player should win Castaways?")
    if trib is not None and trib.revote:
        return _("Revote: which Castaway do you vote out? Only {castaways} can be voted for.",
                 castaways=either(trib.candidates))
    return _("Which Castaway do you vote out of the game?")


GAME = CastawaysGame()
