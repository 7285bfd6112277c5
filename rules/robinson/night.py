"""The Night phase, in the rulebook's order: eat, move the camp (optional), sleep, food rots,
clean up."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import Action, RuleError
from rules.words import Speaker

from .args import read_bool
from .state import State
from .text import CLEAN_UP, character_names, food as food_of, the_character
from .tracks import check_death, wound_each

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n


def food_for(food: int, need: int):
    """"2 food for 3 characters"."""
    return _n("{food} food for {n} character", "{food} food for {n} characters", "n",
              food=food, n=need)


def night_needs(state: State) -> tuple[int, int]:
    """(food needed, characters who cannot eat): "Discard 1 food per player"."""
    need = len(state.eaters)
    return need, max(0, need - state.food_total)


def _read_hungry(state: State, args: Mapping[str, Any]) -> list[str]:
    """The characters the table names as not eating: exactly as many as the food lacks."""
    not_eating = args.get("not_eating", [])
    if not isinstance(not_eating, (list, tuple)) or not all(isinstance(n, str)
                                                            for n in not_eating):
        raise RuleError(_("'not_eating' must list the characters who do not eat."))
    eaters = state.eaters
    need, short = night_needs(state)
    if len(set(not_eating)) != len(not_eating):
        raise RuleError(_("Name each character who does not eat only once."))
    for name in not_eating:
        if name not in {ch.name for ch in eaters}:
            raise RuleError(_("{name} is not one of the characters who eat tonight ({eaters}).",
                              name=repr(name), eaters=character_names(eaters)))
    if len(not_eating) != short:
        if short == 0:
            raise RuleError(_("There is food for everyone ({food}): everyone eats.",
                              food=food_for(state.food_total, need)))
        raise RuleError(_n("There is {food}: name {n} who does not eat.",
                           "There is {food}: name {n} who do not eat.", "n",
                           food=food_for(state.food_total, need), n=short))
    return list(not_eating)


def _eat(state: State, not_eating: list[str], steps: list) -> State:
    """1. "Discard 1 food per player ... each player who doesn't eat receives 2 Wounds." Perishable
    food goes first: it rots tonight anyway."""
    need, short = night_needs(state)
    eat = need - short
    from_perishable = min(state.food, eat)
    state = replace(state, food=state.food - from_perishable,
                    nonperishable_food=state.nonperishable_food - (eat - from_perishable))
    if eat:
        steps.append(_n("Eat: {n} character eats {food}.", "Eat: {n} characters eat {food}.",
                        "n", n=eat, food=food_of(eat)))
    for name in not_eating:
        ch = state.character(name)
        state = wound_each(state, (ch,), 2, _("{character} does not eat",
                                              character=the_character(ch, start=True)), steps)
    return state


def _moved(to_natural: bool, kind: str, **values):
    """The camp's move in words."""
    said = {
        (False, "shelter"): lambda: _("The camp moves with its Shelter: Roof {roof} to "
                                      "{new_roof}, Palisade {palisade} to {new_palisade}.",
                                      **values),
        (True, "shelter"): lambda: _("The camp moves to a tile with a natural Shelter with its "
                                     "Shelter: Roof {roof} to {new_roof}, Palisade {palisade} "
                                     "to {new_palisade}.", **values),
        (False, "behind"): lambda: _("The camp moves; without a built Shelter the Roof and "
                                     "Palisade stay behind (Roof {roof} to 0, Palisade "
                                     "{palisade} to 0).", **values),
        (True, "behind"): lambda: _("The camp moves to a tile with a natural Shelter; without a "
                                    "built Shelter the Roof and Palisade stay behind (Roof "
                                    "{roof} to 0, Palisade {palisade} to 0).", **values),
        (False, "nothing"): lambda: _("The camp moves; with no Roof or Palisade nothing is "
                                      "lost."),
        (True, "nothing"): lambda: _("The camp moves to a tile with a natural Shelter; with no "
                                     "Roof or Palisade nothing is lost."),
    }
    return said[to_natural, kind]()


def _move_camp(state: State, to_natural: bool, steps: list[str]) -> State:
    """2. "If you have built Shelter: Decrease both Roof and Palisade levels by half (rounded
    down)" - they lose half their level rounded down (Roof 3 to 2, Roof 4 to 2, Palisade 1 to
    1). "If you haven't built Shelter: No consequences for moving, unless you had a Roof or
    Palisade built on an Island tile with Shelter, in which case you lose both (levels drop to
    0)." ``to_natural``: the new tile shows a natural Shelter."""
    if state.shelter:
        roof, pal = state.roof - state.roof // 2, state.palisade - state.palisade // 2
        steps.append(_moved(to_natural, "shelter", roof=state.roof, new_roof=roof,
                            palisade=state.palisade, new_palisade=pal))
    else:
        roof = pal = 0
        steps.append(_moved(to_natural, "behind", roof=state.roof, palisade=state.palisade)
                     if state.roof or state.palisade else _moved(to_natural, "nothing"))
    return replace(state, roof=roof, palisade=pal, natural_shelter=to_natural)


def _sleep(state: State, steps: list) -> State:
    """3. "Sleeping in the Open: If you haven't built Shelter (and your Camp isn't on an Island
    tile with Shelter), each player gets 1 Wound." """
    if state.shelter:
        steps.append(_("Sleep: the Shelter protects everyone."))
        return state
    if state.natural_shelter:
        steps.append(_("Sleep: the natural Shelter of the camp's Island tile protects "
                       "everyone."))
        return state
    return wound_each(state, state.sleepers, 1, _("Sleeping in the open"), steps)


def _clean_up(state: State, steps: list) -> State:
    """5. "Clean Up: Remove black markers from Character cards (marking used skills). Move the
    Round marker to the next round. Pass the First Player token clockwise." """
    state = check_death(state, steps)
    if state.result is not None:
        return state
    if state.round == state.rounds:
        reason = _("Round {round}, the last round, has ended without the scenario's goal: "
                   "the group loses.", round=state.rounds)
        steps.append(reason)
        return replace(state, result="defeat", end_reason=reason, phase="over")
    steps.append(CLEAN_UP)
    seat = state.players.index(state.first_player)
    first = state.players[(seat + 1) % len(state.players)]
    state = replace(state, round=state.round + 1, phase="event", first_player=first)
    steps.append(_("Round {round} begins; {player} is the First Player.", round=state.round,
                   player=first))
    return state


def night(state: State, action: Action) -> State:
    """The Night phase in order: eat, move the camp (optional), sleep, food rots, clean up."""
    args = action.args
    move_camp = read_bool(args, "move_camp", False)
    to_natural = read_bool(args, "natural_shelter", False)
    if "natural_shelter" in args and not move_camp:
        raise RuleError(_("Say whether the new tile has a natural Shelter only when the camp "
                          "moves."))
    not_eating = _read_hungry(state, args)
    steps: list = []
    state = _eat(state, not_eating, steps)
    if move_camp:
        state = _move_camp(state, to_natural, steps)
    state = _sleep(state, steps)
    # 4. Food rots: perishable food is discarded; non-perishable food and the rest stay.
    if state.food:
        steps.append(_("Food rots: {food} discarded; {kept} non-perishable food stays.",
                       food=food_of(state.food), kept=state.nonperishable_food)
                     if state.nonperishable_food else
                     _("Food rots: {food} discarded.", food=food_of(state.food)))
        state = replace(state, food=0)
    state = _clean_up(state, steps)
    return replace(state, last_steps=tuple(steps))
