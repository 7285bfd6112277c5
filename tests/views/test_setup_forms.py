"""Robinson's and Castaways' setup forms, drawn from their option schemas (issue 37): the form
filled as a table fills it gives the options the hand-built forms gave for the same entries
(the same dict, or where a field now always says its value, the same game as the rules set
it up), refuses what the game cannot read with the same sentences, and "Play again" refills
every field. Every game's form names each field for a screen reader."""
from __future__ import annotations

import flet as ft
import pytest

from companion import games
from companion.errors import Refused
from companion.rooms import TableService
from companion.store import Store
from views.games.setup import Pick
from views.widgets import Fold
from views.testing import setup_form

from views.testing import buttons

ROBINSON = games.load("robinson").game
CASTAWAYS = games.load("castaways").game
SIX = ("Ana", "Bruno", "Cleo", "Dan", "Eve", "Fay")


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"))
    yield service
    service.store.close()


def form(svc, key, players):
    return setup_form(svc, key, players).game_panel


def typed(panel, name: str, text: str) -> None:
    """Type into the field of option ``name`` (its first text field)."""
    next(c for c in boxes(panel, name) if isinstance(c, ft.TextField)).value = text


def boxes(panel, name: str) -> list:
    return [c for top in panel.setup_fields.fields[name].controls for c in controls(top)]


def controls(control) -> list:
    """Every control inside ``control``, in the order a screen reader meets them."""
    if control is None:
        return []
    children = getattr(control, "controls", None) or (
        [control.content] if isinstance(getattr(control, "content", None), ft.Control) else [])
    return [control, *(c for child in children for c in controls(child))]


def press(panel, label: str) -> None:
    next(b for b in buttons(panel.setup_form) if b.content == label).on_click(None)


# --- Robinson ---------------------------------------------------------------------------------

def test_robinson_untouched_is_scenario_one_as_the_rules_set_it_up(svc):
    panel = form(svc, "robinson", ("Ana", "Bruno"))
    assert ROBINSON.setup(("Ana", "Bruno"), panel.options()) == \
        ROBINSON.setup(("Ana", "Bruno"), {"scenario": 1})  # what the old form sent


def test_robinson_entries_give_the_options_the_old_form_gave(svc):
    players = ("Ana", "Bruno")
    panel = form(svc, "robinson", players)
    press(panel, "Scenario 3: Jenny needs help!")
    typed(panel, "characters", "cook, Explorer")
    panel.setup_fields.fields["first_player"].put("Bruno")  # the radio tapped
    deaths = panel.setup_fields.fields["wounds_to_death"]
    deaths.parts["Cook"].control.value = "12"
    deaths.parts["Explorer"].control.value = "12"  # its default: not sent
    panel.setup_fields.fields["build_wound_faces"].put(4)
    panel.setup_fields.fields["friday_sleeps_out"].put(True)
    options = panel.options()
    old = {"scenario": 3, "characters": {"Ana": "Cook", "Bruno": "Explorer"},
           "first_player": "Bruno", "wounds_to_death": {"Cook": 12}, "build_wound_faces": 4,
           "friday_sleeps_out": True}
    assert {k: v for k, v in options.items() if k in old} == old
    # the rest is each option's default, said: the same game
    assert {k: v for k, v in options.items() if k not in old} == {
        "friday": None, "friday_counts_as_player": False, "friday_eats": None,
        "friday_weather": None}
    assert ROBINSON.setup(players, options) == ROBINSON.setup(players, old)


def test_robinson_scenario_buttons_say_the_chosen_one_in_words(svc):
    panel = form(svc, "robinson", ("Ana",))
    scenario = panel.setup_fields.fields["scenario"]
    summary = next(s["summary"] for s in panel.game_data()["scenarios"] if s["number"] == 2)
    buttons = list(scenario.box.controls)
    press(panel, "Scenario 2: Cursed Island")
    assert scenario.read() == 2 and scenario.note.value == summary and scenario.note.visible
    ticked = [b.content for b in scenario.box.controls if b.icon == ft.Icons.CHECK]
    assert ticked == ["Scenario 2: Cursed Island"]  # and not by colour alone: the note
    # a screen reader hears the note change: the tapped button says nothing by itself
    assert any(isinstance(c, ft.Semantics) and c.live_region and c.content is scenario.note
               for c in scenario.controls)
    # the same buttons: the focus stays on the one tapped
    assert all(a is b for a, b in zip(buttons, scenario.box.controls, strict=True))


def test_robinson_characters_are_read_as_the_game_reads_them(svc):
    panel = form(svc, "robinson", ("Ana",))
    typed(panel, "characters", "Cook, Soldier")
    with pytest.raises(Refused, match=r"^Name one character for each seated player: 1 seated "
                                      r"\(Ana\), 2 named\.$"):
        panel.options()
    two = form(svc, "robinson", ("Ana", "Bruno"))
    typed(two, "characters", "Cook, Chef")
    with pytest.raises(Refused, match=r"^There is no character 'Chef': choose from Carpenter, "
                                      r"Cook, Explorer\.$"):
        two.options()
    typed(two, "characters", " , ")  # nothing typed but commas: the default draw
    assert "characters" not in two.options()


def test_robinson_wounds_to_death_one_field_per_character(svc):
    panel = form(svc, "robinson", ("Ana",))
    labels = [b.label for b in boxes(panel, "wounds_to_death") if isinstance(b, ft.TextField)]
    assert "Cook: Wounds to death (12–13)" in labels and len(labels) == 5
    deaths = panel.setup_fields.fields["wounds_to_death"]
    deaths.parts["Cook"].control.value = "twelve"
    with pytest.raises(Refused, match="Cook: Wounds to death .12–13.: type a whole number"):
        panel.options()
    deaths.parts["Cook"].control.value = ""  # empty: its default
    assert "wounds_to_death" not in panel.options()


def test_robinson_scenario_six_weather_typed(svc):
    panel = form(svc, "robinson", ("Ana",))
    press(panel, "Scenario 6: Family Robinson")
    rounds = ROBINSON.setup(("Ana",), {"scenario": 6}).rounds
    typed(panel, "scenario6_weather", ", ".join(["none", "Rain", "rain+winter"] * 4))
    schedule = panel.options()["scenario6_weather"]
    assert schedule[:3] == [[], ["rain"], ["rain", "winter"]] and len(schedule) == rounds
    assert ROBINSON.setup(("Ana",), panel.options()).weather_edited


def test_robinson_friday_three_states(svc):
    """Friday: the rules decide (2 players: he joins), joins, or stays out (a house rule the
    old form could not set)."""
    panel = form(svc, "robinson", ("Ana", "Bruno"))
    friday = panel.setup_fields.fields["friday"]
    assert isinstance(friday, Pick) and friday.read() is None
    assert [r.label for r in controls(friday.box) if isinstance(r, ft.Radio)] == [
        "As the rules say: in a 2-player game", "Friday joins", "Without Friday"]
    friday.box.value = "False"  # the radio tapped
    assert panel.options()["friday"] is False
    assert not any(c.name == "Friday"
                   for c in ROBINSON.setup(("Ana", "Bruno"), panel.options()).characters)


def test_robinson_play_again_refills_every_field(svc):
    players = ("Ana", "Bruno")
    options = {"scenario": 6, "characters": {"Ana": "Carpenter", "Bruno": "Cook"},
               "first_player": "Bruno", "friday": False, "friday_counts_as_player": True,
               "friday_eats": False, "wounds_to_death": {"Cook": 12, "Friday": 3},
               "build_wound_faces": 4, "scenario6_weather": [["rain"]] * 12}
    panel = form(svc, "robinson", players)
    panel.fill_setup(options)
    assert panel.options() == {**options, "friday_sleeps_out": None, "friday_weather": None}


def test_robinson_seldom_changed_settings_are_folded(svc):
    """Friday's four settings and the two unconfirmed values are drawn closed under their
    titles (``Option.fold``): the form shows the scenario, characters, First Player and
    whether Friday joins, and a tap opens the rest, the button saying in words what it shows
    or hides. Folded fields still give their values."""
    panel = form(svc, "robinson", ("Ana", "Bruno"))
    folds = {fold.title: fold.fold for fold in panel.setup_fields.folds}
    assert {f.title: list(f.fields) for f in panel.setup_fields.folds} == {
        "Friday's settings": ["friday_counts_as_player", "friday_eats", "friday_sleeps_out",
                              "friday_weather"],
        "the unconfirmed values": ["wounds_to_death", "build_wound_faces"]}
    assert [f.button.content for f in folds.values()] == [
        "Show Friday's settings (4)", "Show the unconfirmed values (2)"]
    assert not any(f.rest.visible for f in folds.values())
    friday = folds["Friday's settings"]
    friday.open()  # what the button's tap does (``Fold._toggle``), but for the page's update
    assert friday.rest.visible and friday.button.content == "Hide Friday's settings"
    assert list(folds.values()) == [c for c in panel.setup_fields.controls
                                    if isinstance(c, Fold)]
    shown = [c for top in panel.setup_fields.controls if not isinstance(top, Fold)
             for c in controls(top)]
    assert panel.setup_fields.fields["friday"].box in shown  # whether he joins stays in view
    assert panel.setup_fields.fields["build_wound_faces"].box not in shown
    typed(panel, "wounds_to_death", "12")  # the Carpenter's, typed in the opened fold
    assert panel.options()["wounds_to_death"] == {"Carpenter": 12}


def test_robinson_play_again_opens_a_fold_whose_setting_changed(svc):
    """What a game starts with is never hidden: "Play again" with Friday eating at night
    opens Friday's fold; the unconfirmed values, all at their defaults, stay closed."""
    panel = form(svc, "robinson", ("Ana", "Bruno"))
    panel.fill_setup({"scenario": 2, "friday_eats": True})
    folds = {fold.title: fold.fold.rest.visible for fold in panel.setup_fields.folds}
    assert folds == {"Friday's settings": True, "the unconfirmed values": False}


# --- Castaways --------------------------------------------------------------------------------

def test_castaways_untouched_gives_the_old_forms_options(svc):
    assert form(svc, "castaways", SIX).options() == {
        "team_names": ["Team 1", "Team 2"], "tribe_name": "Merged tribe", "team_swap": False,
        "pass_leader_each_round": True, "second_advantage_round": False}


def test_castaways_entries_give_the_old_forms_options(svc):
    panel = form(svc, "castaways", SIX)
    first, second = panel.setup_fields.fields["team_names"].boxes
    first.value, second.value = "Sharks", " Eagles "
    typed(panel, "tribe_name", "Islanders")
    typed(panel, "teams", "Ana, Cleo, Eve")
    social = next(b for b in boxes(panel, "castaways")
                  if isinstance(b, ft.TextField) and b.label.startswith("Social Castaway names"))
    social.value = "Sal, Sue, Sid, Sam, Sia, Sol"
    traits = next(b for b in boxes(panel, "castaways") if b.label.startswith("Trait values"))
    traits.value = "Sal: Strength 7, Speed 6\n\nPhysical 2: Balance 5"
    panel.setup_fields.fields["team_swap"].control.value = True
    options = panel.options()
    roster = ([{"name": f"Physical {i}", "archetype": "Physical"} for i in range(1, 7)]
              + [{"name": f"Mental {i}", "archetype": "Mental"} for i in range(1, 7)]
              + [{"name": n, "archetype": "Social"} for n in ("Sal", "Sue", "Sid", "Sam",
                                                               "Sia", "Sol")])
    roster[1]["traits"] = {"Balance": 5}
    roster[12]["traits"] = {"Strength": 7, "Speed": 6}
    assert options == {
        "team_names": ["Sharks", "Eagles"], "tribe_name": "Islanders",
        "teams": {"Sharks": ["Ana", "Cleo", "Eve"], "Eagles": ["Bruno", "Dan", "Fay"]},
        "castaways": roster, "team_swap": True, "pass_leader_each_round": True,
        "second_advantage_round": False}
    CASTAWAYS.setup(SIX, options)  # the rules take it


@pytest.mark.parametrize("field, text, refusal", [
    ("teams", "Ana, Zed", "Zed is not seated at this table."),
    ("castaways", "Sal, Sue",
     "Type 6 Physical Castaway names, comma-separated (2 typed), or leave the field empty."),
])
def test_castaways_refusals(svc, field, text, refusal):
    panel = form(svc, "castaways", SIX)
    typed(panel, field, text)
    with pytest.raises(Refused, match=f"^{refusal.replace('(', '.').replace(')', '.')}$"):
        panel.options()


def test_castaways_traits_of_nobody_are_refused(svc):
    panel = form(svc, "castaways", SIX)
    traits = next(b for b in boxes(panel, "castaways") if b.label.startswith("Trait values"))
    traits.value = "Zed: Strength 7"
    with pytest.raises(Refused, match="^There is no Castaway called Zed for its traits.$"):
        panel.options()
    traits.value = "Strength 7"
    with pytest.raises(Refused, match="one Castaway per line"):
        panel.options()


def test_castaways_play_again_refills_every_field(svc):
    panel = form(svc, "castaways", SIX)
    first, _ = panel.setup_fields.fields["team_names"].boxes
    first.value = "Sharks"
    typed(panel, "teams", "Ana, Bruno, Dan")
    typed(panel, "castaways", "P1, P2, P3, P4, P5, P6")
    panel.setup_fields.fields["pass_leader_each_round"].control.value = False
    options = panel.options()
    again = form(svc, "castaways", SIX)
    again.fill_setup(options)
    assert again.options() == options
    assert next(b.value for b in boxes(again, "castaways") if isinstance(b, ft.TextField)
                and b.label.startswith("Mental")) == ""  # the numbered defaults stay out


# --- every game: a screen reader names each field ------------------------------------------

@pytest.mark.parametrize("key", [e.key for e in games.entries() if e.playable and e.game.options])
def test_every_field_of_the_setup_form_is_named(svc, key):
    """A text field, a box and a radio carry their label; a group of radios or buttons comes
    after its label in bold text; buttons carry their words."""
    panel = form(svc, key, SIX[:ROBINSON.max_players] if key == "robinson" else
                 SIX[:games.load(key).game.max_players])
    seen = controls(panel.setup_form)
    assert seen, f"{key} has options but no setup form"
    for i, c in enumerate(seen):
        if isinstance(c, (ft.TextField, ft.Checkbox, ft.Radio)):
            assert c.label, f"{key}: a field without a label"
        if isinstance(c, (ft.FilledButton, ft.OutlinedButton)):
            assert isinstance(c.content, str) and c.content
        if isinstance(c, ft.RadioGroup) or (isinstance(c, ft.Row) and any(
                isinstance(b, (ft.FilledButton, ft.OutlinedButton)) for b in c.controls)
                and c in panel.setup_fields.controls):
            before = [t for t in seen[:i] if isinstance(t, ft.Text)]
            label = next(t for t in reversed(before) if t.weight == ft.FontWeight.BOLD)
            assert label.value.endswith(":")
