"""The history lines: each move's line, written from the states before and after it (the
move is never applied again), and what followed from it (who left, whose Castaway it was,
the merge, the Final). A pick never says which card; an owner is named only when its
Castaway leaves the game.
"""
from __future__ import annotations

from typing import Callable, Mapping

from rules import TABLE, Action
from rules.words import Items, Speaker

from .state import FINAL, PHASE_WORDS, DICE, VOTE, State, get
from .text import dice_words

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n

Line = Callable[[State, Action, State], object]


def then(*said):
    """Sentences one after the other, as one message ("A. B. C.")."""
    out = said[0]
    for more in said[1:]:
        # Translators: two sentences one after the other (keep the space, or your script's)
        out = _("{first} {then}", first=out, then=more)
    return out


def said(line: Line | None = None) -> Line:
    """A move's history line followed by its consequences."""
    def describe(before: State, action: Action, after: State):
        first = line(before, action, after) if line else plain(before, action, after)
        return then(first, *consequences(before, after))
    return describe


def plain(before: State, action: Action, after: State):
    # Translators: {move} is the move's own name in the code ("next phase"), as it is
    move = action.move.replace('_', ' ')
    if action.actor == TABLE:
        return _("The table: {move}.", move=move)
    return _("{player}: {move}.", player=action.actor, move=move)


def _args(action: Action) -> Mapping:
    return action.args if isinstance(action.args, Mapping) else {}


def _player(action: Action) -> str:
    return _args(action).get("player") if action.actor == TABLE else action.actor


def rolls_words(rolls: object) -> Items:
    """"Team 1 6, Team 2 1": each name and its number, as items."""
    return Items(_("{name} {number}", name=c, number=v) for c, v in dict(rolls or {}).items())


def dealt(before: State, action: Action, after: State) -> str:
    return _("The Castaways were dealt face down, 3 of each archetype per team.")


def picked(before: State, action: Action, after: State) -> str:
    return _("{player} picked a face-down Castaway.", player=action.actor)  # never which one


def team_leader_rolled(before: State, action: Action, after: State) -> str:
    rolls = rolls_words(_args(action).get('rolls'))
    if after.team_leader:
        return _("Team Leader dice: {rolls}. {player} holds the Team Leader card.",
                 rolls=rolls, player=after.team_leader)
    return _("Team Leader dice: {rolls}. Tied: roll again.", rolls=rolls)


def moved_on(before: State, action: Action, after: State) -> str:
    return _("Round {round}: {phase}.", round=after.round, phase=PHASE_WORDS[after.phase])


def health_changed(before: State, action: Action, after: State) -> str:
    names = _args(action).get("castaways") or _args(action).get("castaway")
    names = [names] if isinstance(names, str) else list(names)
    return _("Health: {health}.", health=Items(
        _("{name} {number}", name=c, number=get(after.health, c)) for c in names))


def must_play_marked(before: State, action: Action, after: State) -> str:
    args = _args(action)
    return _n("{player} holds {count} '!' card.", "{player} holds {count} '!' cards.", "count",
              player=args.get("player"), count=args.get("count"))


def forced_play_started(before: State, action: Action, after: State) -> str:
    return _("Forced Play: {players}.", players=Items(after.forced.order))


def card_played(before: State, action: Action, after: State) -> str:
    args = _args(action)
    if args.get("card"):  # the card's name as the table typed it
        return _("{player} played {card}.", player=_player(action), card=args.get("card"))
    if args.get("must_play"):
        return _("{player} played a '!' card.", player=_player(action))
    return _("{player} played a card.", player=_player(action))


def votes_read(before: State, action: Action, after: State) -> str:
    tally = _args(action).get("tally")
    if not any(dict(tally or {}).values()):  # the box closed short with nobody's vote in it
        return _("The box holds no votes.")
    return _("Votes read: {tally}.", tally=rolls_words(tally))


def advantage_played(before: State, action: Action, after: State) -> str:
    card = _args(action).get("card")
    if card:
        return _("{player} played an Advantage card: {card}.", player=_player(action), card=card)
    return _("{player} played an Advantage card.", player=_player(action))


def rolled_off(before: State, action: Action, after: State) -> str:
    return _("Roll-off: {rolls}.", rolls=rolls_words(_args(action).get('rolls')))


def coconut_scored(before: State, action: Action, after: State) -> str:
    return after.challenge_note


def challenge_rolled(before: State, action: Action, after: State) -> str:
    line = [_("Challenge roll-off: {rolls}.", rolls=rolls_words(_args(action).get('rolls')))]
    out = after.challenge_out[len(before.challenge_out):]
    if out:
        line.append(_("Out of the Challenge: {castaways}.", castaways=Items(out)))
    if after.challenge_reroll:
        line.append(_("Lowest tied: roll again for {castaways}.",
                      castaways=Items(after.challenge_reroll)))
    return then(*line)


HOW = {
    "voted out": _("voted out"),
    "roll-off": _("roll-off"),
    "medical evacuation": _("medical evacuation"),
    "quit": _("quit"),
    "card": _("card"),
}
"""How a Castaway left the game, in words (``Departure.how``)."""


def departure_line(d):
    how = HOW.get(d.how, d.how)
    if d.instead_of:
        if d.owner:
            return _("{castaway} is out of the game ({how}, in place of {other}, the last "
                     "Social; {owner}'s Castaway).", castaway=d.castaway, how=how,
                     other=d.instead_of, owner=d.owner)
        return _("{castaway} is out of the game ({how}, in place of {other}, the last "
                 "Social; owned by nobody).", castaway=d.castaway, how=how, other=d.instead_of)
    if d.owner:
        return _("{castaway} is out of the game ({how}; {owner}'s Castaway).",
                 castaway=d.castaway, how=how, owner=d.owner)
    return _("{castaway} is out of the game ({how}; owned by nobody).", castaway=d.castaway,
             how=how)


def consequences(before: State, after: State) -> list[str]:
    """What followed from a move: departures (owner revealed), players out, the merge, the
    Tribunal's turns, the Final and the winner."""
    extra = []
    for d in after.departed[len(before.departed):]:
        extra.append(departure_line(d))
    for p, _when in after.eliminated[len(before.eliminated):]:
        extra.append(_("{player} is out of the game.", player=p))
    if after.merged and not before.merged:
        extra.append(_("The teams merge."))
    extra += _tribunal_turns(before, after)
    if after.phase == FINAL and before.phase != FINAL:
        extra.append(_("Final Outcast Tribunal: {players}.",
                       players=tuple(after.final.finalists)))
    if after.winner and not before.winner:
        extra.append(_("{player} wins!", player=after.winner))
    return extra


def _tribunal_turns(before: State, after: State) -> list[str]:
    extra = []
    trib, was = after.tribunal, before.tribunal
    if trib is None:
        return extra
    if trib.merge_closed and not (was and was.merge_closed):
        extra.append(_("The Outcast Tribunal holds no further vote."))
    if len(trib.unballoted) > len(was.unballoted if was else ()):
        extra.append(_("Only {castaway} could be voted for: out without a ballot.",
                       castaway=trib.unballoted[-1]))
    if trib.step == VOTE and (was is None or was.vote_no != trib.vote_no):
        if trib.revote:
            extra.append(_("Revote between {castaways}.", castaways=Items(trib.candidates)))
        else:
            extra.append(_("The vote opens: {castaways}.", castaways=Items(trib.candidates)))
    if trib.step == DICE and (was is None or was.dice_for != trib.dice_for):
        extra.append(dice_words(trib))
    return extra
