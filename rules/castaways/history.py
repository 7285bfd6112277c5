"""The history lines: each move's line, written from the states before and after it (the
move is never applied again), and what followed from it (who left, whose Castaway it was,
the merge, the Final). A pick never says which card; an owner is named only when its
Castaway leaves the game.
"""
from __future__ import annotations

from typing import Callable, Mapping

from rules import TABLE, Action
from rules.words import join_names, plural

from .state import FINAL, PHASE_TITLES, DICE, VOTE, State, get
from .text import dice_words

Line = Callable[[State, Action, State], str]


def said(line: Line | None = None) -> Line:
    """A move's history line followed by its consequences."""
    def describe(before: State, action: Action, after: State) -> str:
        first = line(before, action, after) if line else plain(before, action, after)
        return " ".join([first] + consequences(before, after))
    return describe


def plain(before: State, action: Action, after: State) -> str:
    who = "The table" if action.actor == TABLE else action.actor
    return f"{who}: {action.move.replace('_', ' ')}."


def _args(action: Action) -> Mapping:
    return action.args if isinstance(action.args, Mapping) else {}


def _player(action: Action) -> str:
    return _args(action).get("player") if action.actor == TABLE else action.actor


def rolls_words(rolls: object) -> str:
    return ", ".join(f"{c} {v}" for c, v in dict(rolls or {}).items())


def dealt(before: State, action: Action, after: State) -> str:
    return "The Castaways were dealt face down, 3 of each archetype per team."


def picked(before: State, action: Action, after: State) -> str:
    return f"{action.actor} picked a face-down Castaway."  # never which one


def team_leader_rolled(before: State, action: Action, after: State) -> str:
    return (f"Team Leader dice: {rolls_words(_args(action).get('rolls'))}. "
            + (f"{after.team_leader} holds the Team Leader card." if after.team_leader
               else "Tied: roll again."))


def moved_on(before: State, action: Action, after: State) -> str:
    return f"Round {after.round}: {PHASE_TITLES[after.phase]}."


def health_changed(before: State, action: Action, after: State) -> str:
    names = _args(action).get("castaways") or _args(action).get("castaway")
    names = [names] if isinstance(names, str) else list(names)
    return "Health: " + ", ".join(f"{c} {get(after.health, c)}" for c in names) + "."


def must_play_marked(before: State, action: Action, after: State) -> str:
    args = _args(action)
    cards = plural(args.get("count"), "'!' card")
    return f"{args.get('player')} holds {cards}."


def forced_play_started(before: State, action: Action, after: State) -> str:
    return "Forced Play: " + ", ".join(after.forced.order) + "."


def card_played(before: State, action: Action, after: State) -> str:
    args = _args(action)
    card = args.get("card") or ("a '!' card" if args.get("must_play") else "a card")
    return f"{_player(action)} played {card}."


def votes_read(before: State, action: Action, after: State) -> str:
    tally = _args(action).get("tally")
    if not any(dict(tally or {}).values()):  # the box closed short with nobody's vote in it
        return "The box holds no votes."
    return f"Votes read: {rolls_words(tally)}."


def advantage_played(before: State, action: Action, after: State) -> str:
    card = _args(action).get("card")
    return f"{_player(action)} played an Advantage card" + (f": {card}." if card else ".")


def rolled_off(before: State, action: Action, after: State) -> str:
    return f"Roll-off: {rolls_words(_args(action).get('rolls'))}."


def coconut_scored(before: State, action: Action, after: State) -> str:
    return after.challenge_note


def challenge_rolled(before: State, action: Action, after: State) -> str:
    line = f"Challenge roll-off: {rolls_words(_args(action).get('rolls'))}."
    out = after.challenge_out[len(before.challenge_out):]
    if out:
        line += " Out of the Challenge: " + ", ".join(out) + "."
    if after.challenge_reroll:
        line += " Lowest tied: roll again for " + ", ".join(after.challenge_reroll) + "."
    return line


def consequences(before: State, after: State) -> list[str]:
    """What followed from a move: departures (owner revealed), players out, the merge, the
    Tribunal's turns, the Final and the winner."""
    extra = []
    for d in after.departed[len(before.departed):]:
        owner = f"{d.owner}'s Castaway" if d.owner else "owned by nobody"
        place = f", in place of {d.instead_of}, the last Social" if d.instead_of else ""
        extra.append(f"{d.castaway} is out of the game ({d.how}{place}; {owner}).")
    for p, _ in after.eliminated[len(before.eliminated):]:
        extra.append(f"{p} is out of the game.")
    if after.merged and not before.merged:
        extra.append("The teams merge.")
    extra += _tribunal_turns(before, after)
    if after.phase == FINAL and before.phase != FINAL:
        extra.append("Final Outcast Tribunal: " + join_names(after.final.finalists) + ".")
    if after.winner and not before.winner:
        extra.append(f"{after.winner} wins!")
    return extra


def _tribunal_turns(before: State, after: State) -> list[str]:
    extra = []
    trib, was = after.tribunal, before.tribunal
    if trib is None:
        return extra
    if trib.merge_closed and not (was and was.merge_closed):
        extra.append("The Outcast Tribunal holds no further vote.")
    if len(trib.unballoted) > len(was.unballoted if was else ()):
        extra.append(f"Only {trib.unballoted[-1]} could be voted for: out without a ballot.")
    if trib.step == VOTE and (was is None or was.vote_no != trib.vote_no):
        extra.append(("Revote between " if trib.revote else "The vote opens: ")
                     + ", ".join(trib.candidates) + ".")
    if trib.step == DICE and (was is None or was.dice_for != trib.dice_for):
        extra.append(dice_words(trib))
    return extra
