"""What just happened, on each phone (issue 48's "Done when": each phone's history line in its
own language): a phone shows the room's last history line, the table's public one, rendered
in the phone's language from the log's message, after the move; it is seen, not said again
(the player's own move is said once, as "Done: ...")."""
from __future__ import annotations

from companion.language import Message, Words
from testsupport.screens import ScreensRoom, Speaker, TaskPage, texts
from views.phone import PhoneRoom
from views.screen import Session, Urls
from views.testing import nowhere

LANGUAGES = {"Ana": "es", "Bruno": "pl", "Chloe": "ar"}


def started(room: ScreensRoom) -> None:
    sv = room.sv
    sv.start(sv.host_key, room.code, {})
    sv.act(room.code, sv.host_key, "start", {"first_player": "Ana"})


def history(language: str, line) -> str:
    """The phone's line as the catalogs say it in ``language`` (the table's own words)."""
    say = Words(language)
    return say(Message("History: {line}", (("line", say(line)),), "companion",
                       "companion.language"))


def last_line_part(phone: PhoneRoom) -> int:
    """Where the last history line's part sits among the phone's parts."""
    index, = [i for i, part in enumerate(phone.parts)
              if part.draw == phone.game.draw_last_line]
    return index


def test_each_phone_shows_the_last_history_line_in_its_language_after_the_move(tmp_path):
    with ScreensRoom(tmp_path, "survivor", list(LANGUAGES), languages=LANGUAGES) as room:
        started(room)
        sv, code = room.sv, room.code
        sv.act(code, room.tokens["Ana"], "draw_action", {})  # Ana's move: a public line
        last = sv.history_lines(code)[-1]
        assert Words("en")(last).startswith("Ana drew an Action card")  # the move's line
        # the table's public history, the same line: a phone sees what the table shows
        room.table.refresh(force=True)
        assert history("en", last) in texts(room.table.root)
        seen = set()
        for phone, name in zip(room.phones, LANGUAGES):
            phone.refresh(force=True)
            language = LANGUAGES[name]
            want = history(language, last)
            seen.add(want)
            assert Words("en")(last) not in want, (name, want)  # not the English line
            at = last_line_part(phone)
            assert texts(phone.parts[at].slot) == [want], name
            # after the player's move (the game panel) and what happens now, never before
            game_at, = [i for i, p in enumerate(phone.parts) if p.draw == phone._draw_game]
            assert at > game_at
            assert texts(phone.parts[game_at].slot), f"{name}'s phone shows no move"
        assert len(seen) == 3  # three languages, three lines


def test_no_line_before_the_game(tmp_path):
    """Before the start, and with no line yet, a phone shows no history line."""
    with ScreensRoom(tmp_path, "survivor", list(LANGUAGES), languages=LANGUAGES) as room:
        for phone in room.phones:
            phone.refresh(force=True)
            assert texts(phone.parts[last_line_part(phone)].slot) == []


def test_the_line_is_seen_not_said_twice(tmp_path):
    """Ana's own move is said once, "Done: ..." in her language; the line she sees after it
    adds no second announcement."""
    with ScreensRoom(tmp_path, "survivor", list(LANGUAGES), table=False) as room:
        started(room)
        sv, code = room.sv, room.code
        speaker = Speaker()
        session = Session(TaskPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                          speaker=speaker, voice_timing=(0, 0))
        session.language = "es"
        phone = PhoneRoom(session, code, [room.tokens["Ana"]])
        phone.refresh()  # as it opens: read by the reader itself
        before = len(sv.history_lines(code))
        sv.act(code, room.tokens["Ana"], "draw_action", {})
        phone.move_taken(before)
        phone.refresh()
        line = sv.history_lines(code)[-1]
        assert texts(phone.parts[last_line_part(phone)].slot) == [history("es", line)]
        heard = " ".join(speaker.said)
        assert heard.count(Words("es")(line)) == 1, speaker.said  # "Hecho: ...", once
        assert history("es", line) not in heard
