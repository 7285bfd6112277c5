"""Castaways in every language at the table (issue 48): its history lines, the Outcast
Tribunal's refusals, the table's screens and the player's phone say every word through the
game's own catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po).

A whole game is played through the companion (its contract play, the ballot box casting
every vote), and after each move the table's panel, its action bar and every phone's panel
are drawn, with what each phone's screen reader hears, and the history is read. In the
pseudo-language ``en-XA`` (made from the template) every word from a catalog is bracketed: a
word outside the catalogs shows up as it is. In Polish, every line the screens draw differs
from the same line in English (but names and numbers). In Arabic the same screens draw
without error, in Arabic words.
"""
from __future__ import annotations

import random
import re

import pytest

from companion.language import PSEUDO, Words
from testsupport.screens import ScreensRoom, from_catalogs
from views.testing import words

from companion.games import plays as plays_for
from companion.testing import play_through

SEED = 3


def played(tmp_path, seed: int = SEED, table_too: bool = False):
    """Every word Castaways' phone panels drew (and what each phone's reader hears) after each
    move of a whole game, the table's panel and action bar first with ``table_too``; the
    history's lines at the end; the names (players, Castaways, teams) and the phases the game
    went through."""
    play = plays_for("castaways")(seed)
    shown: list[str] = []
    phases: set[str] = set()
    with ScreensRoom(tmp_path, "castaways", play.players, table=table_too) as room:
        sv, code = room.sv, room.code

        def draw(label: str = "") -> None:
            state = sv.state(code)
            if state is None:
                return
            phases.add(state.phase)
            shown.extend(room.table_words() or ())
            for _, mine, view in room.phone_panels():
                # the game's own panel, drawn as the phone draws it (the phone's shared parts
                # around it, its name and the ballot, are the companion's screens)
                for control in mine.draw(mine.inputs(view)) or [mine.root]:
                    shown.extend(words(control))
                shown.extend(mine.news(view))

        room.draw_after_each_move(draw)
        play_through(sv, code, "castaways", play, room.tokens, random.Random(seed), draw)
        draw("end")
        state = sv.state(code)
        names = set(play.players) | {p[0] for p in play.players}
        names |= {c.name for c in state.roster} | set(state.options.team_names)
        names.add(state.options.tribe_name)  # an option's name, typed at setup
        return shown, list(sv.history(code)), names, phases


def outside(shown, names) -> list[str]:
    def said(w: str) -> bool:
        # a fold's button is its said word and how many lines it opens (views/widgets.py
        # Fold writes "(n)" around it: the shared screens' step)
        return (from_catalogs(w) or w.isdigit() or w in names
                or re.fullmatch(r"⟦[^⟧]*⟧ \(\d+\)", w) is not None)
    # a node read as one joins its parts with commas or the tags' " · "
    return sorted({w for w in shown if not (said(w) or any(
        sep in w and all(said(part) for part in w.split(sep)) for sep in (", ", " · ")))})


def test_castaways_phones_and_history_in_the_pseudo_language_show_only_catalog_words(
        tmp_path, host_language):
    """Every word of Castaways' phone panels and of its history through a whole game comes
    from a catalog: drawn in the pseudo-language each is bracketed; only names (players,
    Castaways, teams, initials) and bare digits are not."""
    host_language(PSEUDO)
    shown, history, names, phases = played(tmp_path)
    assert {"picks", "camp", "tribunal"} <= phases, phases
    assert not outside(shown, names), f"words not from a catalog: {outside(shown, names)}"
    assert len(set(shown)) > 30, sorted(set(shown))
    # the history: every line is the game's messages, said in the pseudo-language (a line
    # of the companion's own, "Ana sat down.", is not Castaways' and not converted yet)
    ours = [line for line in history if "⟦" in line]
    assert len(ours) > 20, history
    assert all(from_catalogs(line) for line in ours), [l for l in ours if not from_catalogs(l)]


def test_castaways_table_and_phones_in_the_pseudo_language_show_only_catalog_words(
        tmp_path, host_language):
    """The table's screens too (its panel: the lineups, the stage, the helpers, the players
    and the notes; its action bar): every word through a whole game is from a catalog, the
    rules' sentences in the view said from their messages (``*_said``)."""
    host_language(PSEUDO)
    shown, history, names, phases = played(tmp_path, table_too=True)
    assert {"picks", "camp", "challenge", "tribunal"} <= phases, phases
    assert not outside(shown, names), f"words not from a catalog: {outside(shown, names)}"
    assert len(set(shown)) > 150, len(set(shown))


def test_castaways_table_and_phones_in_polish_leave_no_english(tmp_path, host_language):
    """The same game drawn in English and in Polish: every line of the table's screens and of
    the phones that is more than names and numbers reads differently in Polish."""
    host_language("en")
    english, _, names, _ = played(tmp_path / "en", table_too=True)
    host_language("pl")
    polish, _, _, _ = played(tmp_path / "pl", table_too=True)
    assert len(english) == len(polish)  # the same screens, line for line

    longest_first = sorted(names, key=len, reverse=True)

    def bare(w: str) -> bool:  # names, numbers and their marks only ("1. Ana", "Rae 4")
        for name in longest_first:
            w = w.replace(name, "")
        return not re.sub(r"[\d\s.,:·/()+-]", "", w)
    same = sorted({e for e, p in zip(english, polish) if e == p and not bare(e)})
    assert not same, f"English left on the Polish screens: {same}"


def test_castaways_phones_and_history_in_arabic(tmp_path, host_language):
    """The same game in Arabic: every phone draws, in Arabic words, and the history reads in
    Arabic (the Outcast Tribunal, the votes read)."""
    host_language("ar")
    shown, history, names, phases = played(tmp_path)
    said = "\n".join(shown)
    assert "محكمة الإقصاء" in said or "منبوذ" in said, said[:2000]
    lines = "\n".join(history)
    assert "الجولة" in lines and "محكمة الإقصاء" in lines, lines[:2000]
    for english in ("Outcast Tribunal", "Team Leader", "face-down", "left the game"):
        assert english not in said, english


def test_a_secret_votes_history_line_and_result_in_each_language():
    """The Outcast Tribunal's vote, read and its result, in each language: ``str()`` stays the
    English the rules always wrote; Spanish, German, Polish and Arabic say it their way."""
    from rules.castaways import GAME
    from rules.testing import said

    from testsupport.castaways import T, open_vote, started, to_tribunal

    state = open_vote(to_tribunal(started(), "Team 1"))
    call = GAME.vote_call(state)
    line = said(GAME, state, T("vote_result", key=call.key, tally={"Physical 4": 4}))
    assert str(line) == ("Votes read: Physical 4 4. Physical 4 is out of the game "
                         "(voted out; Ben's Castaway).")
    assert Words("es")(line) == ("Votos leídos: Physical 4 4. Physical 4 queda fuera del juego "
                                 "(expulsado por votación; Náufrago de Ben).")
    assert Words("de")(line) == ("Vorgelesene Stimmen: Physical 4 4. Physical 4 ist aus dem "
                                 "Spiel (hinausgewählt; Schiffbrüchiger von Ben).")
    assert Words("pl")(line) == ("Odczytane głosy: Physical 4 4. Physical 4 odpada z gry "
                                 "(wygłosowany; Rozbitek gracza Ben).")
    assert Words("ar")(line).startswith("الأصوات المقروءة: ")


def test_the_tribunals_refusals_in_the_readers_language():
    """A refusal of the Outcast Tribunal's count is a message: English as before, and each
    language's own sentence with the Castaway's name kept."""
    from rules import RuleError
    from rules.castaways import tribunal_outcome

    with pytest.raises(RuleError) as refused:
        tribunal_outcome({"Mental 1": 1}, attending=("Social 1",))
    message = refused.value.args[0]
    assert str(message) == "Mental 1 is not at this Outcast Tribunal."
    assert Words("fr")(message) == "Mental 1 n’est pas à ce Tribunal des Bannis."
    assert Words("es")(message) == "Mental 1 no está en este Tribunal de Expulsión."


def test_the_tribunals_reminders_said_to_you_in_each_language():
    """Through random games, a reminder that names the phone's own player is said to "you" as
    the English always was (``second_person``), and where the Castaways catalog has its
    second-person message (the Tribunal Leader, the die, the winner) in every language. The
    lines still English (the Team Leader card's hand-offs, camp and setup reminders) are
    the next step's."""
    from rules.castaways import GAME
    from rules.castaways.text import reminders
    from rules.words import Message, second_person

    translated, leader_lines = 0, 0
    for seed in range(8):
        play = plays_for("castaways")(seed)
        state = GAME.setup(play.players, play.options)
        for action in play.actions:
            try:
                state = GAME.apply(state, action)
            except Exception:  # a play keeps some moves the rules refuse
                continue
            lines = reminders(state)
            for seat in play.players:
                for line, said in zip(lines, GAME.reminders_for(state, seat)):
                    assert str(said) == second_person(str(line), seat)
                    if str(said) != str(line) and isinstance(said, Message):
                        translated += 1
                        assert Words("es")(said) != Words("es")(line)
                        if said.text == "You are the Tribunal Leader.":
                            leader_lines += 1
                            assert Words("pl")(said) == "Jesteś Liderem Trybunału."
    assert translated > 20 and leader_lines > 10, (translated, leader_lines)


def test_a_tribunal_reminder_in_the_tables_language():
    from rules.castaways import GAME
    from testsupport.castaways import open_vote, started, to_tribunal

    state = open_vote(to_tribunal(started(), "Team 1"))
    lines = GAME.reminders(state)
    team = state.tribunal.team  # the team that lost the Challenge
    assert str(lines[0]) == f"Round 1 · Outcast Tribunal ({team})"
    assert Words("de")(lines[0]) == f"Runde 1 · Tribunal der Verstoßenen ({team})"
    vote = next(line for line in lines if str(line).startswith("Vote secretly"))
    assert Words("ar")(vote) == "صوّتوا سرًّا على هواتفكم. تُقرأ الأصوات واحدًا واحدًا."
    assert Words("fr")(vote) == "Votez en secret sur vos téléphones. Les voix sont lues une à une."


def test_a_count_the_tribunal_refuses_is_said_in_the_readers_language():
    """The Outcast Tribunal's move refusals (outcast.py) are messages too: a name that was
    not on the ballot, in German and Arabic, the English as before."""
    from rules import RuleError
    from rules.castaways import GAME

    from testsupport.castaways import T, open_vote, started, to_tribunal

    state = open_vote(to_tribunal(started(), "Team 1"))
    call = GAME.vote_call(state)
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, T("vote_result", key=call.key, tally={"Zed": 1}))
    message = refused.value.args[0]
    assert str(message) == "Zed was not on the ballot."
    assert Words("de")(message) == "Zed stand nicht auf dem Stimmzettel."
    assert Words("ar")(message) == "لم يكن \u2068Zed\u2069 في ورقة التصويت."  # isolated


def test_the_views_sentences_travel_as_messages_with_their_english():
    """Every sentence the rules compose into the view (``key``, its English) travels beside it
    as its message in plain JSON (``key_said``): read back with ``companion.language
    .from_json`` it says that same English, and in Polish something else. So a screen repeats
    none of the rules' msgids and still says them in its own language."""
    import json

    from rules.castaways import GAME
    from companion.language import from_json

    def pairs(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("_said"):
                    yield node[key[:-len("_said")]], value
                else:
                    yield from pairs(value)
        elif isinstance(node, list):
            for value in node:
                yield from pairs(value)

    seen, translated = set(), 0
    for seed in range(4):
        play = plays_for("castaways")(seed)
        state = GAME.setup(play.players, play.options)
        for action in play.actions:
            try:
                state = GAME.apply(state, action)
            except Exception:  # a play keeps some moves the rules refuse
                continue
            view = GAME.view(state, None)
            json.dumps(view)  # plain JSON, messages and all
            for english, said in pairs(view):
                if isinstance(english, list):
                    assert [str(from_json(s)) for s in said] == english
                    continue
                assert (english is None) == (said is None)
                if english is not None:
                    message = from_json(said)
                    assert str(message) == english
                    seen.add(getattr(message, "text", english))
                    translated += Words("pl")(message) != english
    assert len(seen) > 10 and translated > 10, (len(seen), translated)
