"""Robinson Crusoe: Adventures on the Cursed Island in every language at the table (issue 48),
first step: every refusal its rules say comes from its own catalog
(rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po), in the game's published terms where
the glossary (rules/robinson/locale/glossary-<lang>.md) has them.

Random sequences of moves (the property test's moves, sensible and not) are made against the
rules; every move refused is said in the pseudo-language ``en-XA`` (made from the template,
each catalog word bracketed: a word outside the catalog shows up as it is) and in each
language. ``str()`` of a refusal stays the English the rules always said (the rules' own
tests check that English word for word).

The history lines, the reminders, the view's sentences and the screens' own words:
tests/companion/test_robinson_screens.py.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import Refused
from companion.language import LANGUAGES, PSEUDO, SOURCE, Message, Words
from companion.rooms import TableService
from companion.store import Store
from rules import TABLE, Action, RuleError
from rules.robinson import GAME

from testsupport.robinson_moves import NAMES, draw_action

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def refusals(data, count: int, scenario: int, moves: int = 40):
    """The refusals of a random sequence of moves: (the action, the RuleError)."""
    state = GAME.setup(NAMES[:count], {"scenario": scenario})
    state = GAME.apply(state, Action(TABLE, "next_phase", {}))
    for _ in range(moves):
        action = draw_action(data, state)
        if action.move not in GAME.moves or action.actor not in (TABLE, *state.players):
            continue  # the base's own refusals ("no move called ...", "not playing")
        try:
            state = GAME.apply(state, action)
        except RuleError as err:
            yield action, err
        if state.phase == "over":
            return


@settings(max_examples=60, deadline=None)
@given(data=st.data(), count=st.integers(1, 4), scenario=st.integers(1, 6))
def test_every_refusal_comes_from_robinsons_catalog(data, count, scenario):
    """In ``en-XA`` a refusal is one bracketed catalog sentence (its values inside); in each
    language it is not the English; its ``str()`` is the English."""
    pseudo = Words(PSEUDO)
    for action, err in refusals(data, count, scenario):
        message = err.args[0]
        assert isinstance(message, Message), (action, message)
        assert message.domain == "robinson", (action, message)
        said = pseudo(message)
        assert said.startswith("⟦") and said.endswith("⟧"), (action, said)
        english = str(err)
        assert english == str(message) and "⟦" not in english
        for lang in OTHERS:
            assert Words(lang)(message) != english, (lang, action, english)


def test_the_words_inside_a_refusal_are_translated_too():
    """A refusal names the characters, the dice and the choices in the reader's words."""
    state = GAME.apply(GAME.setup(("Ann", "Bob"), {}), Action(TABLE, "next_phase", {}))
    with pytest.raises(RuleError) as err:
        GAME.apply(state, Action("Bob", "wound", {"character": "Carpenter"}))
    assert str(err.value) == ("Only Ann (who plays the Carpenter) or the table screen can do "
                              "that for the Carpenter.")
    assert Words("pl")(err.value.args[0]) == ("Tylko Ann albo ekran stołu może to zrobić: "
                                              "Cieśla to postać, którą gra Ann.")
    with pytest.raises(RuleError) as err:
        GAME.apply(state, Action(TABLE, "place_weather_die", {"die": "hail"}))
    assert str(err.value) == ("The Weather die must be the Rain die, the Winter die or the "
                              "Hungry Animals die.")
    assert Words("de")(err.value.args[0]) == ("Der Wetterwürfel: muss der Regenwürfel, der "
                                              "Winterwürfel oder der Würfel der hungrigen Tiere "
                                              "sein.")
    with pytest.raises(RuleError) as err:
        GAME.apply(state, Action(TABLE, "heal", {"character": "Cook", "count": 2}))
    # CLDR's plural forms: Polish "2 Rany", "5 Ran"; Arabic's two is the noun's dual
    assert Words("pl")(err.value.args[0]) == "Kucharz ma tylko 0 Ran do wyleczenia."
    assert Words("es")(err.value.args[0]) == "El Cocinero solo tiene 0 Heridas que curar."


def test_robinsons_refusals_reach_the_table_in_its_language(tmp_path, host_language):
    """A refused move is said on the table in the host's language, through the companion."""
    store = Store(tmp_path / "companion.db")
    try:
        sv = TableService(store)
        code = sv.create_room(sv.host_key, "robinson")
        tokens = {name: sv.join(code, name)[1] for name in ("Ana", "Bruno")}
        sv.start(sv.host_key, code, {})
        sv.act(code, sv.host_key, "next_phase", {})
        host_language("pl")
        with pytest.raises(Refused, match=r"^Tylko Pierwszy Gracz \(Ana\) albo ekran stołu "
                                          r"przechodzi do następnej fazy\.$"):
            sv.act(code, tokens["Bruno"], "next_phase", {})
        host_language("fr")
        with pytest.raises(Refused, match="^Cela se fait pendant la phase d'Action.$"):
            sv.act(code, sv.host_key, "rest", {"character": "Cook"})
        host_language("ar")
        with pytest.raises(Refused, match="^هذا من مرحلة الأفعال.$"):
            sv.act(code, sv.host_key, "rest", {"character": "Cook"})
    finally:
        store.close()


def test_robinsons_panels_say_their_own_words_in_the_screens_language(tmp_path, host_language):
    """The panels' own words (views/games/robinson/panels.py) in the screen's language: a
    phone's line for its player, what its reader hears, the table's Shelter panel; the parts
    drawn from the view's English sentences come next (handoff/lang48f.md)."""
    from views.phone import PhoneRoom
    from views.screen import Session, Urls
    from views.table import TableRoom
    from views.testing import NowherePage, nowhere, words

    store = Store(tmp_path / "companion.db")
    try:
        sv = TableService(store)
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        code = sv.create_room(sv.host_key, "robinson")
        tokens = {name: sv.join(code, name)[1] for name in ("Ana", "Bruno")}
        sv.start(sv.host_key, code, {})
        sv.act(code, sv.host_key, "next_phase", {})
        host_language("pl")
        table = TableRoom(session, sv.host_key, code)
        ana = PhoneRoom(session, code, [tokens["Ana"]])
        table.refresh(force=True)
        ana.refresh(force=True)
        heard = ana.game_panel.news(sv.view(code, tokens["Ana"]))
        assert heard == ("Grasz jako Cieśla: Rany 0 z 13, Determinacja 0.",
                         "Jesteś Pierwszym Graczem: decyzje grupy należą do ciebie.")
        assert "Grasz jako Cieśla: Rany 0 z 13, Determinacja 0" in words(ana.game_panel.root)
        shown = words(table.game_panel.root)
        assert "Jeszcze nie ma Schronienia: każdy gracz dostaje 1 Ranę każdej nocy i nie ma " \
               "Dachu ani Palisady." in shown, shown
        host_language("en")
        ana.refresh(force=True)  # English as it always was
        assert ana.game_panel.news(sv.view(code, tokens["Ana"]))[0] == (
            "You play the Carpenter: 0 of 13 Wounds, Determination 0.")
    finally:
        store.close()
