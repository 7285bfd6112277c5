"""Survivor: The Tribe Has Spoken in every language at the table (issue 48): its rules'
sentences and its screens say every word through its own catalog
(rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po).

A whole game is played through the companion (its contract play's policy, the ballot box
casting every vote), and after each move the table's panel, its action bar and every phone's
panel are drawn. In the pseudo-language ``en-XA`` (made from the template) every word from a
catalog is bracketed: a word outside the catalogs shows up as it is. In Arabic the same
screens draw without error, right to left, in Arabic words.
"""
from __future__ import annotations

import random

import pytest

from companion.errors import Refused
from companion.games import plays as plays_for
from companion.language import PSEUDO, Words
from companion.rooms import TableService
from companion.store import Store
from companion.testing import play_through
from testsupport.screens import ScreensRoom, from_catalogs
from views.testing import words


def played(tmp_path, seed: int = 4) -> tuple[list[str], tuple[str, ...], set[str]]:
    """Every word Survivor's own panels drew (table, action bar, phones, what each phone's
    reader hears) after each move of a whole game; the players; the phase it ended in."""
    play = plays_for("survivor")(seed)
    shown: list[str] = []
    with ScreensRoom(tmp_path, "survivor", play.players) as room:
        def draw(label: str = "") -> None:
            table = room.table_words()
            if table is None:
                return
            shown.extend(table)
            for _, mine, view in room.phone_panels():
                shown.extend(words(mine.root))
                shown.extend(mine.news(view))

        room.draw_after_each_move(draw)
        play_through(room.sv, room.code, "survivor", play, room.tokens, random.Random(seed),
                     draw)
        draw("end")
        return shown, play.players, {room.sv.state(room.code).phase}


def test_survivors_screens_in_the_pseudo_language_show_only_catalog_words(
        tmp_path, host_language):
    """Every word of Survivor's panels through a whole game comes from a catalog: drawn in
    the pseudo-language each is bracketed; only the players' names (and initials) and bare
    digits are not."""
    host_language(PSEUDO)
    shown, players, end = played(tmp_path)
    assert end == {"over"}, "the play did not reach the Sole Survivor"
    # a player's name or initial, digits; a card's face is read as one node, its words joined
    # by commas ("Immunity Idol, Ana")
    ours = set(players) | {p[0] for p in players}

    def said(w: str) -> bool:
        return from_catalogs(w) or w.isdigit() or w in ours
    outside = sorted({w for w in shown if not (said(w) or (", " in w and all(
        said(part) for part in w.split(", "))))})
    assert not outside, f"words not from a catalog: {outside}"
    assert len(set(shown)) > 60, sorted(set(shown))


def test_survivors_screens_in_arabic(tmp_path, host_language):
    """The same game in Arabic: every screen draws, and its words are Arabic (the step track,
    the Tribal Council, the Sole Survivor)."""
    host_language("ar")
    shown, players, end = played(tmp_path)
    assert end == {"over"}
    said = "\n".join(shown)
    for arabic in ("مجلس القبيلة", "الناجي الوحيد", "لجنة التحكيم"):
        assert arabic in said, arabic
    # nothing English left but names (the Latin letters of the players' names)
    assert "Tribal Council" not in said and "Sole Survivor" not in said


def test_survivors_rules_say_their_sentences_in_the_tables_language(tmp_path, host_language):
    """A refusal, a reminder and a history line of Survivor reach the table in its language;
    ``str()`` of the rules' message stays the English the rule text uses."""
    from rules.survivor import GAME

    store = Store(tmp_path / "companion.db")
    try:
        sv = TableService(store)
        code = sv.create_room(sv.host_key, "survivor")
        tokens = {name: sv.join(code, name)[1] for name in ("Ana", "Bruno", "Chloe")}
        sv.start(sv.host_key, code, {})
        sv.act(code, sv.host_key, "start", {"first_player": "Ana"})
        host_language("es")
        assert sv.reminders(code)[0] == "Turno de Ana: ¡Quita, Juega (o no) y luego Roba!"
        # Ana's own phone says it to her, in her language too
        assert sv.reminders(code, tokens["Ana"])[0] == "Tu turno: ¡Quita, Juega (o no) y luego " \
                                                       "Roba!"
        assert str(GAME.reminders_for(sv.state(code), "Ana")[0]) == (
            "Your turn: Steal, Play (or don't), then Draw!")  # the English it always said
        host_language("de")
        with pytest.raises(Refused, match="^Ana ist dran: Nur Ana zieht jetzt.$"):
            sv.act(code, tokens["Bruno"], "draw_action", {})
        host_language("pl")
        sv.act(code, sv.host_key, "draw_tribal_council", {"kind": "single"})
        history = "\n".join(sv.history(code))
        assert ("Ana dobrał Kartę Rady Plemiennej z Pojedynczą Eliminacją i prowadzi Radę "
                "Plemienną 1.") in history, history
        state = sv.state(code)
        assert str(GAME.reminders(state)[0]) == "Tribal Council 1, Single Elimination, led by Ana"
        assert Words("fr")(GAME.reminders(state)[0]) == ("Conseil 1, Élimination simple, mené "
                                                         "par Ana")
        assert Words("fr")(GAME.reminders_for(state, "Ana")[0]) == (
            "Conseil 1, Élimination simple, mené par vous")
        assert str(GAME.reminders_for(state, "Ana")[0]) == (
            "Tribal Council 1, Single Elimination, led by you")
    finally:
        store.close()


def test_a_phones_own_lines_are_said_to_you_in_its_language():
    """Through many random games, a reminder that names the phone's own player is said to
    "you" as the English always was, and by a message of the catalog (so in every language):
    only a leader choosing among players that include themselves ("which of you") is left
    in English for now."""
    from rules.survivor import GAME
    from rules.survivor.text import reminders
    from rules.words import Message, second_person

    english_only, translated = set(), 0
    for seed in range(12):
        play = plays_for("survivor")(seed)
        state = GAME.setup(play.players, play.options)
        for action in play.actions:
            try:
                state = GAME.apply(state, action)
            except Exception:  # a play keeps some moves the rules refuse
                continue
            for line, *mine in zip(reminders(state), *(GAME.reminders_for(state, seat)
                                                       for seat in play.players)):
                for seat, said in zip(play.players, mine):
                    assert str(said) == second_person(str(line), seat)
                    if str(said) != str(line):
                        if isinstance(said, Message):
                            translated += 1
                            assert Words("de")(said) != Words("de")(line)
                        else:
                            english_only.add(line.text)
    assert translated > 100
    assert english_only <= {"{question} {leader} decides on their phone, or on the table "
                            "device handed to them."}
