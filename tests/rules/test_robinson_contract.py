"""Robinson Crusoe on the one game contract: the moves each screen is offered, the dice the
app rolls, and history lines written from the states on both sides, each from the rule text."""
import pytest

from rules import TABLE, Action, RuleError
from rules.base import MoveNotAllowed
from rules.robinson import GAME
from testsupport.robinson import english


def act(state, move, actor=TABLE, **args):
    return GAME.apply(state, Action(actor, move, args))


def start(players=("Ann", "Bob"), **options):
    return act(GAME.setup(players, options), "next_phase")


class Dice:
    """A dice source that shows the given faces, one after another, and counts the rolls."""

    def __init__(self, *faces):
        self.faces, self.rolled = list(faces), 0

    def face(self, sides=6):
        self.rolled += 1
        return self.faces.pop(0)


def test_morale_weather_and_night_are_never_offered_a_next_phase():
    """"Each round ... is divided into six crucial phases, executed in this order" - and the
    Morale phase is resolved ("The First Player then either: Discards ... Gains ..."), not
    skipped: the table is not offered to move on before it."""
    s = start()
    assert "next_phase" not in GAME.legal_moves(s, TABLE)
    assert "resolve_morale" in GAME.legal_moves(s, TABLE)
    with pytest.raises(MoveNotAllowed, match="Resolve the Morale phase first"):
        act(s, "next_phase")
    s = act(s, "resolve_morale")
    assert "next_phase" in GAME.legal_moves(s, TABLE)


def test_only_the_first_player_and_the_table_are_offered_the_group_decisions():
    """"This player also manages Determination tokens during the Morale phase and resolves any
    disagreements." Bob is offered his own moves, never the First Player's."""
    s = start(first_player="Ann")
    assert "resolve_morale" in GAME.legal_moves(s, "Ann")
    bob = GAME.legal_moves(s, "Bob")
    assert "resolve_morale" not in bob and "goal_met" not in bob
    assert "wound" in bob and "determination" in bob
    assert GAME.legal_moves(s, "Zed") == ()


def test_a_move_of_the_action_phase_is_offered_only_in_it():
    """"Rest: Taken with 1 pawn. Heal 1 Wound." - one of the Action phase's Actions."""
    s = start()
    assert "rest" not in GAME.legal_moves(s, "Bob")
    while s.phase != "action":
        s = act(s, "resolve_morale") if s.phase == "morale" else act(s, "next_phase")
    assert {"rest", "action_dice", "hunt", "build", "arrange_camp"} <= set(
        GAME.legal_moves(s, "Bob"))


def test_the_setup_offers_only_the_camp_and_the_start():
    """"When the board is ready, start round 1": before it, no Wound, Morale or Weather move."""
    s = GAME.setup(("Ann",), {})
    legal = set(GAME.legal_moves(s, TABLE))
    assert "next_phase" in legal and not {"wound", "morale", "weather_tokens"} & legal


def test_after_the_end_nothing_is_offered():
    """"Players lose immediately if any one of the Character's ... life track reaches its end." """
    s = act(start(), "wound", character="Friday", count=9)
    assert s.phase == "over" and GAME.legal_moves(s, TABLE) == ()


def weather_round_four():
    s = start(("Ann",))
    while (s.round, s.phase) != (4, "weather"):
        if s.phase == "morale":
            s = act(s, "resolve_morale", **({"choice": "determination"} if s.morale >= 2 else {}))
        elif s.phase == "weather":
            s = act(s, "confirm_weather")
        elif s.phase == "night":
            s = act(act(s, "resources", nonperishable_food=1), "night")
        else:
            s = act(s, "next_phase")
    return s


def test_the_app_rolls_the_weather_dice_the_scenario_names():
    """"Check the Scenario card to see which Weather dice to roll this round": scenario 1,
    round 4, the Rain die only. Rolled in the app, its face is kept in the move."""
    s = weather_round_four()
    dice = Dice(3)
    filled = GAME.with_chance(s, Action(TABLE, "roll_weather"), dice)
    assert filled.args == {"faces": {"rain": 3}} and dice.rolled == 1
    assert act(s, "roll_weather", **filled.args).pending_weather == (("rain", 3),)


def test_weather_faces_read_off_the_real_dice_are_kept():
    """"Check the Scenario card to see which Weather dice to roll this round": faces read off
    the real dice are kept as entered, nothing is rolled."""
    s = weather_round_four()
    dice = Dice()
    given = Action(TABLE, "roll_weather", {"faces": {"rain": 1}})
    assert GAME.with_chance(s, given, dice) == given and dice.rolled == 0


def test_the_app_rolls_the_three_action_dice_unless_faces_were_entered():
    """"roll all three dice: Wound die, Success die, and Adventure die. Resolve them in that
    order." Rolled in the app: all three; a face typed off a real die: none is rolled."""
    s = act(act(start(("Ann",)), "resolve_morale"), "next_phase")
    assert s.phase == "action"
    pawn = {"character": "Carpenter", "action": "gather"}
    rolled = GAME.with_chance(s, Action(TABLE, "action_dice", pawn), Dice(0, 5, 0))
    assert rolled.args == pawn | {"wound": 0, "success": 5, "adventure": 0}
    assert act(s, "action_dice", **rolled.args).character("Carpenter").wounds == 1
    typed = Action(TABLE, "action_dice", pawn | {"wound": 2})
    assert GAME.with_chance(s, typed, Dice()) == typed


def test_a_refused_move_rolls_nothing():
    """Only the First Player or the table enters the Weather dice: a refused move rolls none."""
    s = start(("Ann", "Bob"), first_player="Ann")
    dice = Dice()
    with pytest.raises(RuleError):
        GAME.with_chance(s, Action("Bob", "roll_weather"), dice)
    assert dice.rolled == 0


def test_the_history_line_is_written_from_both_states():
    """"Morale +3: ... gain 2 tokens or heal 1 Wound" - the line says what the move did,
    read from the state after it, and describing it changes nothing."""
    s = act(start(("Ann",)), "morale", by=2)
    action = Action(TABLE, "resolve_morale", {"choice": "determination"})
    after = GAME.apply(s, action)
    line = english(GAME.describe(s, action, after))
    assert line.startswith("Round 1, Morale phase — Table: resolve morale.")
    assert "Morale +3: Ann (the Carpenter) gains 2 Determination tokens." in line
    assert s == act(start(("Ann",)), "morale", by=2)  # the state before is left as it was
