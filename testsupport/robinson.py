"""Robinson Crusoe games set up and played move by move for the rules tests (tests/rules): a
move applied, a game at a given morale, at night."""
from __future__ import annotations

from rules import TABLE, Action
from rules.robinson import GAME
from rules import TABLE, Action
from rules.robinson import GAME


def english(value):
    """The English the rules always said: ``str()`` of a message (issue 48: the rules say
    messages), a view's message (plain data) read back first, each of a list's or tuple's."""
    from companion.language import from_json
    if isinstance(value, (list, tuple)):
        return type(value)(english(v) for v in value)
    return str(from_json(value)) if isinstance(value, dict) else str(value)


def reminders(state) -> tuple[str, ...]:
    """The reminders' English."""
    return english(GAME.reminders(state))


def act(state, move, actor=TABLE, **args):
    return GAME.apply(state, Action(actor, move, args))


def start(players=("Ann", "Bob", "Cat"), **options):
    """Set up and begin round 1 (its Event phase is skipped)."""
    return act(GAME.setup(players, options), "next_phase")


def wounds(state, name):
    return state.character(name).wounds


def finish_phase(state):
    """Resolve the current phase the quiet way (no snow, blank animals, everyone fed)."""
    if state.phase in ("event", "production", "action"):
        return act(state, "next_phase")
    if state.phase == "morale":
        choice = GAME.view(state, None)["morale_phase"]["choice"]
        return act(state, "resolve_morale", **({"choice": "determination"} if choice else {}))
    if state.phase == "weather":
        quiet = {"rain": 0, "winter": 4, "animals": 0}  # 1 rain cloud, 2 rain clouds, blank
        faces = {d: quiet[d] for d in state.weather[state.round - 1]}
        return act(act(state, "roll_weather", faces=faces), "confirm_weather")
    if state.phase == "night":
        state = act(state, "resources", nonperishable_food=len(state.eaters))
        return act(state, "night")
    raise AssertionError(state.phase)


def skip_to(state, round_, phase):
    while (state.round, state.phase) != (round_, phase):
        state = finish_phase(state)
    return state


def at_morale(level, players=("Ann", "Bob", "Cat"), **options):
    s = start(players, **options)
    return act(s, "morale", by=level) if level else s


def at_night(players=("Ann", "Bob", "Cat"), shelter=True, **options):
    s = start(players, **options)
    if shelter:
        s = act(s, "shelter", built=True)
    return skip_to(s, 1, "night")


def at_action(players=("Ann", "Bob", "Cat"), **options):
    return skip_to(start(players, **options), 1, "action")
