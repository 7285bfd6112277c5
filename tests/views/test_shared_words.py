"""The rest of the shared screens in each screen's language (issue 48, step 3): the setup
form (a game's option labels, sentences and choices, and the form's own words), the seat
chips' presence words, the game titles, the vote's question as a game asks it, a game's own
ballot words and the cause of a host fault. Each is a message said in the language of the
screen that shows it; ``str()`` of it stays the English it was."""
from __future__ import annotations

import json

import pytest

from companion import games, language
from companion.ballots import OPEN, Vote, spec_from_json, spec_to_json
from companion.errors import Fault, Refused
from companion.language import PSEUDO, Speaker, Words, pseudo
from companion.rooms import TableService
from companion.store import DISK_FULL, Store
from rules import Ballot, VoteCall
from rules.base import Option
from views.ballot import BallotForm
from views.games.setup import SetupForm
from views.screen import Session, Urls
from views.table import Rooms, TableRoom
from views.testing import NowherePage, buttons, nowhere, setup_form, words

SURVIVOR = Speaker("survivor", "rules.survivor")  # Survivor's own catalog
COMPANION = Speaker("companion", "companion.language")
PL = Words("pl")


@pytest.fixture
def sv(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"))
    yield service
    language.set_host_language("en")
    service.store.close()


def session(sv) -> Session:
    return Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)


# --- the setup form ---------------------------------------------------------------------------
def test_survivors_options_are_drawn_in_the_tables_language(sv):
    language.set_host_language("pl")
    panel = setup_form(sv, "survivor", ("Ana", "Bruno", "Chloe")).game_panel
    drawn = words(panel.setup_form)
    assert "Gracze mogą głosować na siebie" in drawn  # the box's label
    assert "Kto prowadzi Finałową Radę Plemienną:" in drawn  # a group of choices, named
    assert ("Czy gracz może głosować na siebie? Zasady tego nie zabraniają: Urna ma szczelinę "
            "dla każdego gracza.") in drawn
    assert "Przywódca Rady Plemiennej wybiera, który z nich ją prowadzi." in drawn  # a choice
    assert not [w for w in drawn if "Tribal Council" in w or "vote for themselves" in w]
    # the values stay the rules' own: the game starts as the form says
    assert panel.options() == {"self_vote": True, "final_leader": "tribal_council_leader"}


def test_the_setup_form_in_the_pseudo_language_shows_only_catalog_words(sv):
    language.set_host_language(PSEUDO)
    panel = setup_form(sv, "survivor", ("Ana", "Bruno", "Chloe")).game_panel
    values = {"tribal_council_leader", "seat_order"}  # the radios' values: never shown
    drawn = [w for w in words(panel.setup_form) if w and w not in values]
    assert pseudo("Players may vote for themselves") in drawn
    outside = [w for w in drawn if not (w.startswith("⟦") and w.rstrip(":").endswith("⟧"))]
    assert not outside, outside


def test_a_plain_string_option_is_shown_as_it_is_and_the_forms_own_words_are_translated():
    """An outside game with no catalog gives strings: shown as given. The form's own words
    (the three states of a yes-or-no the rules may decide, a fold's button, a number typed
    wrong) are the companion's, in the screen's language."""
    schemas = [Option("maybe", "bool", None, "Typed by its author.", label="Plain label",
                      fold="more settings").schema(),
               Option("rounds", "int", 3, "How many rounds.", label="Rounds").schema()]
    form = SetupForm(schemas, say=PL)
    drawn = [w for c in form.controls for w in words(c)]
    assert {"Typed by its author.", "Plain label:", "Decydują zasady", "Tak", "Nie"} <= set(drawn)
    (fold,) = form.folds
    assert fold.fold.button.content == "Pokaż: more settings (1)"
    form.fields["rounds"].control.value = "many"
    with pytest.raises(Refused) as refused:
        form.values()
    assert PL(refused.value.args[0]) == "Rounds: wpisz liczbę całkowitą."
    assert str(refused.value) == "Rounds: type a whole number."  # the host's, English


# --- the seat chips ---------------------------------------------------------------------------
def test_the_seat_chips_say_their_phones_presence_in_the_tables_language(sv):
    language.set_host_language("pl")
    code = sv.create_room(sv.host_key, "table_vote")
    for name in ("Ana", "Bruno"):
        sv.join(code, name)
    table = TableRoom(session(sv), sv.host_key, code)
    table.refresh(force=True)
    drawn = words(table.root)
    assert "rozłączono" in drawn and "away" not in drawn
    assert "Ana: telefon rozłączony" in drawn  # what a screen reader hears of the chip
    language.set_host_language(PSEUDO)
    table.refresh(force=True)
    assert Words(PSEUDO)(COMPANION("{name}: {state}", name="Ana", state=COMPANION(
        "not connected"))) in words(table.root)


# --- the game titles --------------------------------------------------------------------------
def test_a_games_title_is_said_in_each_screens_language_and_kept_in_english(sv):
    language.set_host_language("pl")
    code = sv.create_room(sv.host_key, "survivor")
    assert sv.room(code).title == "Survivor: The Tribe Has Spoken"  # the record's, readable
    rooms = Rooms(session(sv), sv.host_key)
    rooms.refresh(force=True)
    drawn = words(rooms.root)
    assert "Nowy pokój: Survivor: Plemię przemówiło" in drawn
    assert "Nowy pokój: Głosowanie przy stole" in drawn
    assert any("Survivor: Plemię przemówiło" in w and code in w for w in drawn)  # its room
    table = TableRoom(session(sv), sv.host_key, code)
    table.refresh(force=True)
    assert "Survivor: Plemię przemówiło: zeskanuj kod, żeby dołączyć" in words(table.root)
    opened = sv.history_lines(code)[0]  # "Room X opened for …": the title kept as its message
    assert PL(opened) == f"Otwarto pokój {code}: Survivor: Plemię przemówiło."
    assert str(opened) == f"Room {code} opened for Survivor: The Tribe Has Spoken."
    # a game this host does not have: its stored title, as it is
    assert games.title("no_such_game", "A game of before") == "A game of before"


# --- the vote's question and a game's ballot words --------------------------------------------
def ballot(call: VoteCall, say=PL, send=lambda choices: True) -> BallotForm:
    return BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Fay",
                      send, lambda: None, say=say)


def test_a_games_question_is_kept_as_its_message_and_asked_in_the_phones_language():
    question = SURVIVOR("Who should WIN Survivor?")
    call = VoteCall("final-tribal-council", question, ("Ana", "Bruno"), ("Fay",))
    kept = json.loads(json.dumps(spec_to_json(call)))  # as the votes table keeps it
    assert kept["question"]["domain"] == "survivor"
    assert spec_from_json(kept) == call
    assert "Kto powinien WYGRAĆ Survivor?" in words(ballot(call).root)
    assert pseudo("Who should WIN Survivor?") in words(ballot(call, Words(PSEUDO)).root)
    old = dict(kept, question="Who leads?")  # a vote kept before: a plain string
    assert spec_from_json(old).question == "Who leads?"


def test_survivors_questions_are_messages_of_its_catalog():
    from rules.survivor import voting_box
    from rules.survivor.state import Council, Final

    council = Council(number=2, kind="double", leader="Ana", allotment=(("Ana", 1),))
    single = Council(number=1, kind="single", leader="Ana", allotment=(("Ana", 1),))
    for c, polish in ((council, "Rada Plemienna 2 (Podwójna Eliminacja): kogo wyrzucasz?"),
                      (single, "Rada Plemienna 1 (Pojedyncza Eliminacja): kogo wyrzucasz?")):
        state = _state(council=c)
        call = voting_box.council_call(state)
        assert PL(call.question) == polish
    assert str(voting_box.council_call(_state(council=council)).question) == \
        "Tribal Council 2 (Double Elimination): who do you vote out?"
    final = voting_box.final_call(_state(final=Final(finalists=("Ana", "Bruno"),
                                                     jury=("Chloe",), leader="Ana")))
    assert PL(final.question) == "Kto powinien WYGRAĆ Survivor?"


def _state(**changes):
    from dataclasses import replace

    from rules.survivor import GAME

    state = GAME.setup(("Ana", "Bruno", "Chloe"), {})
    return replace(state, **changes)


def test_a_games_own_ballot_words_as_messages_are_said_in_the_phones_language():
    """``Ballot(_("… {candidate}"), _n("{n} …", "{n} …", "n"))``: the button and the count in
    the voter's language, each with its plural forms; kept with the vote as messages."""
    words_ = Ballot(COMPANION("Vote for {candidate}"),
                    COMPANION.n("{n} vote", "{n} votes", "n"))
    call = VoteCall("v-1", "Pizza?", ("Kiwi", "Pear"), ("Fay",), votes_per_voter=2,
                    ballot=words_)
    form = ballot(call)
    assert "Fay, masz 2 głosy. Jeszcze do wybrania: 2 głosy." in words(form.root)
    assert "Głosuj na: Kiwi" in [b.content for b in buttons(form.root)]
    assert str(words_.count(5)) == "5 votes" and str(words_.button("Kiwi")) == "Vote for Kiwi"
    assert spec_from_json(json.loads(json.dumps(spec_to_json(call)))).ballot == words_
    plain = Ballot("Play", "card", "cards")  # a game with no catalog: as it gives them
    assert plain.count(1) == "1 card" and plain.button("Fail") == "Play Fail"


# --- a host fault -----------------------------------------------------------------------------
def test_a_host_fault_is_said_in_each_screens_language(sv):
    fault = Fault(DISK_FULL)
    assert str(fault) == "The laptop's disk is full: this was not saved. Try again."
    assert PL(fault.args[0]) == "Dysk laptopa jest pełny: tego nie zapisano. Spróbuj ponownie."

    def full(choices):
        raise Fault(DISK_FULL)
    form = ballot(VoteCall("v-1", "Pizza?", ("Kiwi", "Pear"), ("Fay",)), send=full)
    form._choose("Kiwi")()
    form._confirm()
    assert form.error.value == "Dysk laptopa jest pełny: twój głos nie został przyjęty. " \
                               "Spróbuj jeszcze raz."
    language.set_host_language("pl")
    sv.store.fault = DISK_FULL
    rooms = Rooms(session(sv), sv.host_key)
    rooms.refresh(force=True)
    assert ("Dysk laptopa jest pełny: nic nowego się nie zapisuje. Zwolnij na nim trochę "
            "miejsca, potem spróbuj jeszcze raz.") in words(rooms.root)
