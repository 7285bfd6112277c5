"""Robinson Crusoe: what the screens draw for a real table (issue 10) - the phase track with the
phase now marked, one set of sentences for "what to do now" (the table's checklist, the phone's
folded line and the view's Now lines say the same), and the Weather phase's steps given once,
numbered, under the dice. Quotes from shared/rules-texts/robinson-crusoe.txt."""
import pytest

from rules import TABLE, Action
from rules.robinson import GAME
from testsupport.robinson import english, reminders


def act(state, move, actor=TABLE, **args):
    return GAME.apply(state, Action(actor, move, args))


def start(players=("Ann", "Bob", "Cat"), **options):
    return act(GAME.setup(players, options), "next_phase")


def advance(state):
    """The phase resolved quietly (blank Weather faces, a fed group, the camp stays)."""
    if state.phase in ("event", "production", "action"):
        return act(state, "next_phase")
    if state.phase == "morale":
        return act(state, "resolve_morale")
    if state.phase == "weather":
        if state.pending_weather is None and state.dice_this_round:
            quiet = {"rain": 0, "winter": 4, "animals": 0}
            state = act(state, "roll_weather", faces={d: quiet[d] for d in state.dice_this_round})
        return act(state, "confirm_weather")
    return act(act(state, "resources", nonperishable_food=len(state.eaters)), "night")


def skip_to(state, round_, phase):
    while (state.round, state.phase) != (round_, phase):
        state = advance(state)
    return state


def track(state):
    return [(english(p["name"]), p["where"]) for p in GAME.view(state, None)["phase_track"]]


def test_the_phase_track_marks_the_phase_now_and_skips_round_ones_event():
    """"Each round of Robinson Crusoe is divided into six crucial phases, executed in this
    order: 1. Event Phase 2. Morale Phase 3. Production Phase 4. Action Phase 5. Weather Phase
    6. Night Phase" and, of the Event phase, "Skip this phase in the very first round." """
    s = start()
    assert track(s) == [("Event", "skipped"), ("Morale", "now"), ("Production", "next"),
                        ("Action", "next"), ("Weather", "next"), ("Night", "next")]
    s = skip_to(s, 1, "weather")
    assert track(s) == [("Event", "skipped"), ("Morale", "done"), ("Production", "done"),
                        ("Action", "done"), ("Weather", "now"), ("Night", "next")]
    s = skip_to(s, 2, "event")
    assert track(s)[0] == ("Event", "now")
    assert [w for _, w in track(skip_to(s, 2, "night"))] == ["done"] * 5 + ["now"]


def test_before_round_one_no_phase_is_marked():
    """"Place the selected Scenario card near the main board and put the Round marker on the
    "Round 1" space." - before round 1 starts, no phase is under way."""
    assert {w for _, w in track(GAME.setup(("Ann",), {}))} == {"next"}


@pytest.mark.parametrize("phase", ["event", "morale", "production", "action", "weather",
                                   "night"])
def test_what_to_do_now_is_said_once(phase):
    """"The First Player then either: Discards ... Neither discards nor gains ... Gains ..." -
    whatever a phase asks is one set of sentences: the Now lines a screen draws are the
    reminders under the phase line, not a second wording of them."""
    s = skip_to(start(), 2, phase)
    assert english(GAME.view(s, None)["now"]["lines"]) == list(reminders(s)[1:])


def test_sleeping_in_the_open_is_said_for_each_player():
    """"3. Sleeping in the Open: If you haven't built Shelter (and your Camp isn't on an Island
    tile with Shelter), each player gets 1 Wound." """
    s = skip_to(start(), 1, "night")
    assert "Sleep: no Shelter, so each player takes 1 Wound." in reminders(s)
    s = act(s, "shelter", built=True)
    assert "Sleep: the Shelter protects everyone." in reminders(s)


def test_the_weather_steps_are_given_once_in_the_preview():
    """"1. Count total Winter Clouds ... 2. Count total Clouds (Rain and Winter). Compare to
    your current Roof level. ... 3. Resolve effects from the Hungry Animals die. ... 4. Resolve
    Storm tokens" - the steps, in that order, come numbered with the dice (the preview); the
    reminders say which dice to roll and to confirm, without repeating the steps."""
    safe = act(act(start(), "shelter", built=True), "levels", roof=9, weapon=3)
    s = skip_to(safe, 7, "weather")
    lines = reminders(s)
    assert lines[1] == "Roll: Rain die, Winter die, Hungry Animals die."
    assert "Roll them in the app or enter the faces of the real dice." in lines
    s = act(s, "roll_weather", faces={"rain": 3, "winter": 0, "animals": 5})
    steps = english(GAME.view(s, None)["weather_preview"]["steps"])
    order = [next(i for i, t in enumerate(steps) if t.startswith(word))
             for word in ("Snow:", "Rain and snow:", "Hungry Animals:", "Storm:")]
    assert order == sorted(order)
    assert not set(steps) & set(reminders(s))
    assert "Read the steps, then confirm the weather to apply it." in reminders(s)


def test_the_action_phase_reminders_keep_future_resources():
    """"Resources gained in the same Action phase cannot be used for other Actions in that
    same phase." - said in the Action phase, with what waits in Future Resources."""
    s = act(skip_to(start(), 1, "action"), "resources", wood=2)
    text = reminders(s)
    assert any("Future Resources" in t and "cannot pay" in t for t in text)
    assert "In Future Resources now: 2 wood." in text
