"""Castle Party in every language at the table (issue 48): its rules' sentences (refusals,
history lines, reminders, the Clock and its Events, the result) are messages of its own
catalog (rules/castle_party/locale/<lang>/LC_MESSAGES/castle_party.po).

Random games are played through the rules (the contract plays), and after each move every
reminder, every phone's reminders, the history line and every guard's refusal is checked:
each is a message whose values are only messages, numbers, players' names and square names
("C4"), so no English word reaches a screen from outside the catalog; each is said in every
language with that language's words; and ``str()`` of it is the English it always was.

The screens (views/games/castle_party) say every word through the same catalog: drawn through
a whole party in the pseudo-language and in Polish, no English is left (the tests at the end).
"""
from __future__ import annotations

import re

import pytest

from companion.errors import Refused
from companion.language import PSEUDO, Words
from companion.rooms import TableService
from companion.store import Store
from rules import TABLE, RuleError
from rules.words import Message, second_person
from testsupport.screens import ScreensRoom

from companion.games import plays as plays_for
from testsupport.screens import finished_view

LANGUAGES = ("es", "de", "fr", "pl", "ar")
SQUARE = re.compile(r"[A-Z]{1,2}[0-9]{1,2}")


def loose_words(value, players) -> list:
    """The values of a message that no catalog says: a string that is neither a player's name,
    a square's name nor a layout's letter is English pasted into the sentence."""
    if isinstance(value, Message):
        return [w for _, v in value.values for w in loose_words(v, players)]
    if isinstance(value, (tuple, list)):
        return [w for v in value for w in loose_words(v, players)]
    if isinstance(value, str) and value not in players and not SQUARE.fullmatch(value) \
            and len(value) > 1:  # one character: a layout's or a guest's letter, as typed
        return [value]
    return []


def sentences(seeds=range(8)):
    """Every sentence the rules say through random games: (players, line, seat's line)."""
    from rules.castle_party import GAME

    for seed in seeds:
        play = plays_for("castle_party")(seed)
        players = play.players
        state = GAME.setup(play.players, play.options)
        for action in play.actions:
            try:
                after = GAME.apply(state, action)
            except RuleError as refused:
                yield players, refused.args[0], None
                continue
            yield players, GAME.describe(state, action, after), None
            state = after
            for line in GAME.reminders(state):
                yield players, line, None
            for seat in players:
                for line, mine in zip(GAME.reminders(state), GAME.reminders_for(state, seat)):
                    yield players, line, (seat, mine)
            for move in GAME.moves.values():
                if move.allowed is None:
                    continue
                for actor in (TABLE, *players):
                    refusal = move.allowed(state, actor)
                    if refusal:
                        yield players, refusal, None


def test_every_rules_sentence_is_a_catalog_message_in_every_language():
    """Each reminder, history line and guard's refusal is a message with nothing English
    pasted in; in each language it says other words than the English; in the pseudo-language
    it is bracketed (from the catalog)."""
    from rules.castle_party import text

    said_in = {lang: Words(lang) for lang in (*LANGUAGES, PSEUDO)}
    seen = set()
    for players, line, _mine in sentences():
        # the moves' own argument checks too (moves.py, castle.py, scoring.py, figure.py)
        assert isinstance(line, Message), line
        assert line.domain == "castle_party", line
        assert not loose_words(line, players), (line, loose_words(line, players))
        if line.text in seen:
            continue
        seen.add(line.text)
        english = str(line)
        pseudo = said_in[PSEUDO](line)
        assert pseudo.startswith("⟦") and pseudo.endswith("⟧"), pseudo
        for lang in LANGUAGES:
            assert said_in[lang](line) != english, (lang, english)
    assert len(seen) > 40, sorted(seen)
    # the game's things are said inside the sentences in the same language
    assert Words("de")(text.EVENT_WORDS["toast"]) == "Toast auf den Kürbiskönig"
    assert Words("es")(text.ACTION_WORDS["masked_ball"]) == "Baile de máscaras"


def test_a_phones_own_lines_are_said_to_you():
    """A reminder naming the phone's own player is said to "you" as the English always was
    (``second_person``), and the main ones (whose turn, who speaks, who adds the group, the
    Clock's Event) by a catalog message, so in every language."""
    to_you = 0
    for _players, line, mine in sentences(range(6)):
        if mine is None:
            continue
        seat, said = mine
        assert str(said) == second_person(str(line), seat)
        if str(said) != str(line) and isinstance(said, Message):
            to_you += 1
            assert Words("pl")(said) != Words("pl")(line)
    assert to_you > 20


def test_castle_partys_sentences_reach_the_table_in_its_language(tmp_path, host_language):
    """A reminder, a refusal and a history line of Castle Party in the table's language; a
    phone's own turn to "you"; ``str()`` stays the English."""
    from rules.castle_party import GAME

    store = Store(tmp_path / "companion.db")
    try:
        sv = TableService(store)
        code = sv.create_room(sv.host_key, "castle_party")
        tokens = {name: sv.join(code, name)[1] for name in ("Ana", "Bruno", "Chloe")}
        sv.start(sv.host_key, code, {"side": "basic", "first_player": "Ana"})
        host_language("es")
        assert sv.reminders(code)[0] == ("Preparad el juego; luego Ana da la vuelta a una carta "
                                         "de Forma")
        assert sv.reminders(code, tokens["Ana"])[0] == ("Preparad el juego; luego das la vuelta "
                                                        "a una carta de Forma")
        assert str(GAME.reminders_for(sv.state(code), "Ana")[0]) == (
            "Set up; then you turn over a Shape card")  # the English it always said
        host_language("de")
        with pytest.raises(Refused, match="^Ana ist dran, die oberste Karte des Form-Stapels "
                                          "aufzudecken.$"):
            sv.act(code, tokens["Bruno"], "reveal_shape", {})
        host_language("fr")
        sv.act(code, tokens["Ana"], "reveal_shape", {})
        history = "\n".join(sv.history(code))
        assert "Ana a retourné la Forme 1." in history, history
        host_language("ar")
        assert sv.reminders(code)[0] == "الشكل 1: الدور الآن لـ\u2068Ana\u2069"  # isolated
        state = sv.state(code)
        assert str(GAME.reminders(state)[0]) == "Shape 1: Ana speaks now"
    finally:
        store.close()


def words(control) -> list[str]:
    """Every string of a control tree, the score sheet's table and the chart's bars and
    labels included (``views.testing.words`` walks rows and columns of controls only)."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        for attr in ("value", "label", "tooltip", "semantics_label", "content"):
            if isinstance(getattr(c, attr, None), str):
                found.append(getattr(c, attr))
        for attr in ("controls", "content", "actions", "columns", "rows", "cells", "groups",
                     "rods", "bottom_axis", "labels", "label"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else
                         [] if child is None or isinstance(child, (str, int, float)) else [child])
    return found



def test_the_score_sheet_and_its_readout_in_each_language():
    """The table's score sheet and the Final Score read out (views/games/castle_party/
    sheet.py) say their labels, the categories and the winner in the screen's language; in
    English the winner's line is the rules' own."""
    from views.games.castle_party.sheet import Readout, result_words

    view = finished_view()
    assert result_words(view) == view["result"]
    n = len(view["tally"]["categories"])
    for lang, expected in (("de", "Kategorie"), ("es", "Categoría"), ("pl", "Kategoria"),
                           ("fr", "Catégorie"), ("ar", "الفئة")):
        readout = Readout(lambda read: None, Words(lang))
        shown = [w for c in readout.controls(view, {}, n) for w in words(c)]
        assert expected in shown, (lang, shown)
        assert "Total" not in shown or lang in ("es", "fr"), (lang, shown)  # their word too
    pseudo = Readout(lambda read: None, Words(PSEUDO))
    shown = [w for read in (0, 1, n) for c in pseudo.controls(view, {}, read) for w in words(c)]
    shown += [w for b in pseudo.actions(view, 1) for w in words(b)]
    players = set(view["players"]) | {p[0] for p in view["players"]}  # names, initials
    outside = {w for w in shown
               if not (w.startswith("⟦") or w in players or w.lstrip("-").isdigit() or w == "?")}
    assert not outside, outside


# -- the screens: the table's and every phone's, through a whole play ---------------------------
MARKS = {" ", "^", "~", "=", "?", "/"}  # an empty square's mark, the sheet's hidden total


def screens_played(tmp_path, seed: int = 0) -> tuple[list[str], tuple[str, ...], bool]:
    """Every word Castle Party's own panels drew (the table's panel and action bar, every
    phone's panel, what each phone's reader hears, and each phone's choices on a square of its
    castle, the dialog a tap opens) after each move of a contract play; the players; whether
    the party reached its Final Score."""
    import random

    from companion.testing import play_through

    play = plays_for("castle_party")(seed)
    shown: list[str] = []
    with ScreensRoom(tmp_path, "castle_party", play.players) as room:
        def draw(label: str = "") -> None:
            table = room.table_words(words)
            if table is None:
                return
            shown.extend(table)
            for _, mine, view in room.phone_panels():
                if not mine.view:
                    continue
                shown.extend(words(mine.root))
                shown.extend(mine.news(view))
                title, controls = mine.castle.offers((3, 3))  # a castle square: what a tap opens
                shown.append(title)
                shown.extend(w for c in controls for w in words(c))

        room.draw_after_each_move(draw)
        play_through(room.sv, room.code, "castle_party", play, room.tokens,
                     random.Random(seed), draw)
        draw("end")
        return shown, play.players, bool(room.sv.state(room.code).over)


def test_castle_partys_screens_in_the_pseudo_language_show_only_catalog_words(
        tmp_path, host_language):
    """Every word of Castle Party's screens through a whole party comes from a catalog: drawn
    in the pseudo-language each is bracketed; only the players' names and initials, square
    names ("C4"), column letters, digits and an empty square's mark are not."""
    host_language(PSEUDO)
    shown, players, over = screens_played(tmp_path)
    assert over, "the play did not reach the Final Score"
    ours = set(players) | {p[0] for p in players}

    def said(w: str) -> bool:
        return (w == "" or (w.startswith("⟦") and w.endswith("⟧")) or w in ours or w in MARKS
                or w.lstrip("-").isdigit() or bool(SQUARE.fullmatch(w))
                or (w.isalpha() and w.isupper() and len(w) <= 2))  # a column's letters
    outside = sorted({w for w in shown if not said(w)})
    assert not outside, f"words not from a catalog: {outside}"
    assert len(set(shown)) > 80, sorted(set(shown))


ENGLISH_TERMS = ("Shape", "Clock", "Event", "special action", "Special action", "castle",
                 "Castle", "Score", "score", "group", "moat", "Square", "guest", "Pumpkin")


def test_castle_partys_screens_in_polish(tmp_path, host_language):
    """The same party in Polish: every screen draws, in the edition's words (Kształt, Zegar,
    Wydarzenie), and no game term is left in English."""
    host_language("pl")
    shown, players, over = screens_played(tmp_path)
    assert over
    said = "\n".join(shown)
    for polish in ("Kształt", "Zegar", "Wydarzeni", "akcj", "zamk", "Wynik końcowy"):
        assert polish in said, polish
    english = sorted({w for w in shown for term in ENGLISH_TERMS if term in w})
    assert not english, english


def test_the_moves_own_argument_checks_are_said_in_each_language():
    """A castle's, a move's and the scoring's own refusals are messages of the catalog: the
    English they always said, and the reader's language on a screen."""
    from rules.castle_party import BASIC_LAYOUT, Castle, score

    castle = Castle.empty(BASIC_LAYOUT).place((2, 2), "V")
    with pytest.raises(RuleError) as taken:
        castle.place((2, 2), "W")
    refusal = taken.value.args[0]
    assert isinstance(refusal, Message) and str(refusal) == "C3 already holds a Vampire."
    assert Words("de")(refusal) == "C3 enthält schon einen Vampir."
    assert Words("pl")(refusal) == "Na C3 narysowano już Wampira."
    with pytest.raises(RuleError) as taken:
        score(castle, gathering="near")
    refusal = taken.value.args[0]
    assert str(refusal).startswith('The gathering-point reading is "on"')
    assert Words("fr")(refusal).startswith("La lecture des points de rendez-vous")
    assert Words(PSEUDO)(refusal).startswith("⟦")
