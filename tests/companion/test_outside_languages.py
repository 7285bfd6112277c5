"""Issue 48's leftovers: an outside game carries its own catalogs (examples/resistance), a
game with none is shown in its source language with one sentence saying so (never a crash),
a name whose letters run the other way than its sentence's is isolated, and the shared
base's refusals and the Fold's count are said in each screen's language."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion import games
from companion.language import FSI, PDI, Speaker, plain, words
from rules import RuleError
from rules.base import BaseGame, Option

ROOT = Path(__file__).resolve().parents[2]
_ = Speaker("companion", "companion.language")


def test_a_latin_name_in_an_arabic_sentence_and_an_arabic_name_in_a_latin_one_are_isolated():
    sat = _("{name} sat down.", name="Ana")
    assert words("ar")(sat) == f"جلس {FSI}Ana{PDI}."
    assert words("en")(sat) == "Ana sat down."  # same direction: byte for byte as before
    arabic = _("{name} sat down.", name="علي")
    assert words("en")(arabic) == f"{FSI}علي{PDI} sat down."
    assert words("ar")(arabic) == "جلس علي."
    assert plain(words("en")(arabic)) == "علي sat down."  # what speech is given
    # a tally's order holds: the name, then its count ("علي: 1 vote", not "1 :علي vote")
    from rules.words import Items
    tally = _("Tally: {tally}", tally=Items(["علي 1"]))
    assert words("en")(tally).startswith("Tally: " + FSI + "علي")


def test_option_refusals_are_said_in_the_screens_language():
    option = Option("rounds", "int", 3, "How many rounds.", allowed=(1, 9), label="Rounds")
    with pytest.raises(RuleError) as refused:
        option.check(12)
    assert str(refused.value) == "Rounds: a whole number from 1 to 9."  # the host's English
    assert words("es")(refused.value.args[0]) == "Rounds: un número entero de 1 a 9."
    choice = Option("side", "choice", "left", "Which side.", allowed=("left", "right", "up"))
    with pytest.raises(RuleError) as refused:
        choice.check("down")
    assert str(refused.value) == "Side: choose left, right or up."
    assert words("pl")(refused.value.args[0]) == "Side: wybierz left, right lub up."


def test_castaways_options_are_messages_of_its_catalog():
    game = games.load("castaways").game
    said = {o.name: words("de")(o.label) for o in game.options}
    assert said["team_swap"] == "Teamtausch-Karte im Spiel"
    tribe = next(o for o in game.options if o.name == "tribe_name")
    assert "à 10 Naufragés" in words("fr")(tribe.sentence) and str(tribe.sentence).startswith("The name")


def test_the_folds_count_is_said_through_the_catalog():
    from views.widgets import Fold
    import flet as ft

    fold = Fold("Title", [ft.Text("a"), ft.Text("b")], more="Mostrar más", say=words("es"))
    assert fold.button.content == "Mostrar más (2)"
    assert Fold("T", [ft.Text("a")], more="Show more").button.content == "Show more (1)"


@pytest.fixture
def resistance(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "resistance"))
    for name in [n for n in sys.modules if n == "resistance" or n.startswith("resistance.")]:
        monkeypatch.delitem(sys.modules, name)
    from resistance.rules import GAME
    return GAME


def test_an_outside_game_ships_its_own_catalogs(resistance):
    assert words("es")(resistance.title) == "La Resistencia (ejemplo)"
    assert words("ar")(resistance.vote_call(resistance.new_game(("A", "B"), {}))
                       or _("x")) == "x"  # no vote open: nothing asked
    refusal = resistance.ballot_refusal(
        type("S", (), {"roles": (("Ana", "resistance"),)})(), None, "Ana", ["Fail"])
    assert words("de")(refusal).startswith("Du bist im Widerstand")


class NoWords(BaseGame):  # a game with no catalog beside it (this folder has no locale/)
    key, title, min_players, max_players = "no_words", "No Words", 2, 4
    moves = {}

    def new_game(self, players, options):
        return {"players": players}


def test_a_game_with_no_catalog_is_said_once_in_its_source_language(monkeypatch):
    assert games.untranslated("castaways", "ar") is None  # a game with its catalogs
    monkeypatch.setitem(games.REGISTRY, "no_words", "declared")
    monkeypatch.setattr(games, "load", lambda key: games.Entry(key, "No Words", NoWords()))
    note = games.untranslated("no_words", "es")
    assert words("es")(note) == "No Words aún no tiene textos en español: se muestra en inglés."
    assert games.untranslated("no_words", "en") is None  # its own language: nothing to say


def test_a_screen_isolates_the_names_drawn_outside_messages_that_run_the_other_way():
    """What a part draws into a text of its own (not a message) is isolated by the screen's
    pass: on an Arabic screen the Latin names, on an English one the Arabic names."""
    from views.widgets import isolate

    names = ("Ana", "علي")
    assert isolate("علي: 1 vote, Ana: 2", names) == f"{FSI}علي{PDI}: 1 vote, Ana: 2"
    assert isolate("Ana: صوت واحد، علي", names, rtl=True) == f"{FSI}Ana{PDI}: صوت واحد، علي"
    assert isolate("Ana", names, rtl=True) == "Ana"  # a chip: the name alone
    once = isolate("Ana: صوت", names, rtl=True)
    assert isolate(once, names, rtl=True) == once  # never twice
