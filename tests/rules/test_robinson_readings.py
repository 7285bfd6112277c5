"""Robinson Crusoe, issue 35: the readings the app chose where the rules are open, each said in
the "How this app reads the rules" fold (the view's "choices") and tested here, so that a
change of behaviour fails (rules-texts/robinson-crusoe.txt, robinson-crusoe-facts.md)."""
import pytest

from rules.robinson import GAME

from testsupport.robinson import act, at_morale, at_night, start, wounds
from testsupport.robinson import english


def choices(state):
    return {k: english(v) for k, v in GAME.view(state, None)["choices"].items()}


def test_a_wound_passes_a_morale_arrow_when_the_marker_reaches_its_space():
    """"A Wound that passes a morale arrow lowers Morale by 1." The Carpenter (13 Wounds to
    death) has an arrow at remaining life 8: the 5th Wound reaches it and Morale drops then,
    not on the 6th Wound that moves beyond it."""
    s = act(start(), "wound", character="Carpenter", count=5)
    assert (wounds(s, "Carpenter"), s.morale) == (5, -1)
    s = act(s, "wound", character="Carpenter")
    assert s.morale == -1
    assert choices(s)["arrows"].startswith('Choice: a Wound "passes" a morale arrow when the '
                                           "Wound marker reaches the arrow's space")


def test_at_morale_plus_three_the_first_players_own_character_heals():
    """"The First Player then either ... Gains the indicated number of Determination tokens (at
    the highest level, they can choose to gain 2 tokens or heal 1 Wound)." In a game of several,
    the Wound healed is the First Player's own character's: Ann's Carpenter, not Bob's Cook."""
    s = at_morale(3)
    s = act(act(s, "wound", character="Carpenter"), "wound", character="Cook")
    s = act(s, "resolve_morale", choice="heal")
    assert (wounds(s, "Carpenter"), wounds(s, "Cook")) == (0, 1)
    assert choices(s)["top_morale"].startswith("Choice: at Morale +3 the Wound healed is the "
                                               "First Player's own character's")


def test_two_players_play_with_friday_and_without_him_only_as_a_house_rule():
    """"In a 2-player game, you gain an additional character: Friday." He joins by default;
    the setup option ``friday`` can leave him out, and the fold then says it is a house rule."""
    with_him = start(("Ann", "Bob"))
    assert with_him.character("Friday") is not None
    assert "no_friday" not in choices(with_him)
    without = start(("Ann", "Bob"), friday=False)
    assert without.character("Friday") is None
    assert choices(without)["no_friday"].startswith("House rule: this 2-player game plays "
                                                    "without Friday")
    sentence = english({o.name: o.sentence for o in GAME.options}["friday"])
    assert "without him is a house rule" in sentence


def test_perishable_food_is_eaten_before_food_that_keeps():
    """"Eat: Discard 1 food per player" and "Food Rots: Unless you have food that doesn't rot
    ... all remaining food ... is discarded." Three eat from 2 perishable and 2 non-perishable
    food: both perishable go first, so 1 non-perishable is left (not 0 with 1 rotting)."""
    s = act(at_night(), "resources", food=2, nonperishable_food=2)
    s = act(s, "night")
    assert (s.food, s.nonperishable_food) == (0, 1)
    assert [ch.wounds for ch in s.characters] == [0, 0, 0]
    assert choices(s)["food"].startswith("Choice: food is eaten and discarded perishable first")


def test_four_players_at_top_morale_arranging_the_camp_just_gains_the_tokens():
    """l.116: "Arranging the Camp: Gain 2 Determination tokens and increase Morale by 1
    (unless at max Morale, then just gain tokens)"; l.84: "(in a 4-player game, choose one)".
    At +3, Morale gains nothing: choosing it is refused in words (issue 52), the tokens are
    gained."""
    from rules import RuleError
    from testsupport.robinson import act, at_action
    s = act(at_action(("A", "B", "C", "D")), "morale", by=3)
    assert s.morale == 3
    with pytest.raises(RuleError) as refused:
        act(s, "arrange_camp", character="Cook", choice="morale")
    assert str(refused.value) == (
        "Morale is at its top (+3): Arranging the Camp just gains 2 Determination tokens "
        "(\"unless at max Morale, then just gain tokens\"). Choose Determination.")
    t = act(s, "arrange_camp", character="Cook", choice="determination")
    assert (t.morale, t.character("Cook").determination) == (3, 2)
    assert any(r.startswith("Arranging the Camp with 4 players at Morale +3")
               for r in GAME.readings)
