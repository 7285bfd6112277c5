"""Every language at the table, first step (issue 48): the join page, its refusals at the
door, and the table vote's sentences and screens, each in its reader's language.

The join page is the host's start page rendered with the words of the language the phone's
``Accept-Language`` asks for (so a phone downloads its own language's words only); the table's
language is the host's (``companion --language``). The pseudo-language ``en-XA`` is made from
the templates: drawn in it, any text not from a catalog shows up unbracketed.
"""
from __future__ import annotations

import gzip
import json
import random
import re
from html.parser import HTMLParser

import anyio
import pytest
from hypothesis import given, strategies as st

from companion import join_page, language
from companion.errors import Refused
from companion.join_form import JoinForm
from companion.language import PSEUDO, Words
from companion.rooms import TableService
from companion.static import CompressedFiles, PrecompressedStatic
from companion.store import Store
from companion.testing import play_vote
from testsupport.screens import from_catalogs

# what each language calls the name field, and its Join button
NAME_FIELD = {"en": "Your name", "es": "Tu nombre", "de": "Dein Name", "fr": "Votre nom",
              "pl": "Twoje imię", "ar": "اسمك"}


def get(app, path: str, headers: dict) -> tuple[int, dict, bytes]:
    scope = {"type": "http", "method": "GET", "path": path,
             "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    anyio.run(app, scope, receive, send)
    head = dict((k.decode(), v.decode()) for k, v in sent[0]["headers"])
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return sent[0]["status"], head, body


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The real start page and overlay, as the host serves them (a cache of the test's)."""
    return PrecompressedStatic(None, CompressedFiles(cache=tmp_path_factory.mktemp("cache")))


def page(site, accept: str | None) -> tuple[dict, str]:
    headers = {"accept-encoding": "gzip"} | ({"accept-language": accept} if accept else {})
    status, head, body = get(site, "/join/ABCD", headers)
    assert status == 200 and head["content-type"] == "text/html; charset=utf-8"
    assert "accept-language" in head["vary"]  # a cache never hands one language to another
    return head, gzip.decompress(body).decode()


@pytest.mark.parametrize("accept, lang, direction", [
    ("es-ES,es;q=0.9,en;q=0.8", "es", "ltr"), ("ar-EG,ar;q=0.9,en;q=0.5", "ar", "rtl"),
    ("de-AT", "de", "ltr"), ("fr-CA,fr;q=0.8", "fr", "ltr"), ("pl", "pl", "ltr"),
    ("en-GB,en;q=0.9", "en", "ltr"), ("zh-CN,zh;q=0.9", "en", "ltr"), (None, "en", "ltr"),
    ("ja;q=0.9, pl;q=0.5, de;q=0.7", "de", "ltr")])
def test_the_join_page_speaks_the_phones_language(site, accept, lang, direction):
    _, html = page(site, accept)
    assert f'<html lang="{lang}" dir="{direction}">' in html
    assert f'<label for="first-name">{NAME_FIELD[lang]}</label>' in html
    said = json.loads(re.search(r'data-words="([^"]*)"', html).group(1).replace(
        "&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&"))
    assert set(said) == set(join_page.SAID)  # every sentence the page's script says
    assert said["room"] == Words(lang)(join_page.SAID["room"])
    assert "$" not in html  # no placeholder of the template left unfilled
    # only its own language: no other language's words ride along
    others = [w for other, w in NAME_FIELD.items() if other != lang]
    assert not [w for w in others if w in html]


def test_an_english_phone_gets_the_page_it_always_got(site):
    """The words the e2e tests and players know, and a page a few hundred bytes longer."""
    head, html = page(site, "en-US,en;q=0.9")
    for words in ('<h1 id="first-room">Room</h1>', '<title>Table companion</title>',
                  'type="submit">Join</button>', '>Loading the app…</p>'):
        assert words in html
    assert len(gzip.compress(html.encode())) < 3000


class Texts(HTMLParser):
    """Every text a reader sees or hears on the page: text nodes, labels, the title."""

    def __init__(self):
        super().__init__()
        self.texts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")
        for name, value in attrs:
            if name in ("aria-label", "alt", "title", "placeholder") or (
                    name == "content" and ("name", "description") in attrs):
                self.texts.append(value)
            if name == "data-words":
                self.texts += json.loads(value).values()

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.texts.append(data.strip())


def test_the_join_page_in_the_pseudo_language_has_no_text_outside_the_catalogs(site):
    _, html = page(site, PSEUDO)
    parser = Texts()
    parser.feed(html)
    assert len(parser.texts) >= 15
    outside = [t for t in parser.texts if not from_catalogs(t)]
    assert not outside, f"words not from a catalog: {outside}"


def refusal(accept: str) -> tuple[int, str]:
    app = JoinForm(None, object())
    scope = {"type": "http", "method": "POST", "path": "/join/ABCD",
             "headers": [(b"host", b"companion.test:8550"),
                         (b"origin", b"http://companion.test:8550"),
                         (b"content-type", b"text/plain"), (b"accept-language", accept.encode())],
             "client": ("192.0.2.7", 50000)}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"Ana"}

    async def send(message):
        sent.append(message)

    anyio.run(app, scope, receive, send)
    return sent[0]["status"], json.loads(sent[1]["body"])["refused"]


def test_a_refusal_at_the_door_is_said_in_the_pages_language():
    assert refusal("es-ES,es") == (415, "La página para unirse envía su formulario como JSON.")
    assert refusal("ar") == (415, "ترسل صفحة الانضمام نموذجها بصيغة JSON.")
    assert refusal("en-US") == (415, "The join page sends its form as JSON.")


# --- the table vote, the pilot: its rules' messages and its screens ---------------------------
@pytest.fixture
def room(tmp_path):
    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    code = sv.create_room(sv.host_key, "table_vote")
    for name in ("Ana", "Bruno", "Chloe"):
        sv.join(code, name)
    sv.start(sv.host_key, code, {})
    yield sv, code
    store.close()


def ask(sv, code, question="Pizza?", **more) -> None:
    sv.act(code, sv.host_key, "ask", {"question": question, "candidates": ["Kiwi", "Pear"],
                                       "voters": ["Ana", "Bruno", "Chloe"], **more})


def test_the_table_votes_sentences_are_said_in_the_tables_language(room, host_language):
    sv, code = room
    host_language("ar")
    assert sv.reminders(code) == ("اطرح سؤالًا على الطاولة لفتح تصويت سري.",)
    with pytest.raises(Refused, match="^اكتب السؤال الذي تصوّت عليه الطاولة.$"):
        ask(sv, code, question="")
    host_language("pl")
    ask(sv, code, question="Co jemy?")
    assert sv.reminders(code) == ("Głosowanie: Co jemy?",)  # the question as it was typed
    play_vote(sv, code, random.Random(1))
    history = "\n".join(sv.history(code))
    assert "Stół zapytał: Co jemy?" in history
    assert re.search(r"Wynik: (Kiwi|Pear) [0-3], (Kiwi|Pear) [0-3]", history), history


def test_a_message_is_english_where_nothing_is_converted_yet():
    """``str()`` of a rule's message is its English: every caller not yet converted."""
    from rules.table_vote import GAME, State

    (reminder,) = GAME.reminders(State())
    assert str(reminder) == "Ask the table a question to open a secret vote."
    assert Words("de")(reminder) == "Stell dem Tisch eine Frage, um eine geheime Abstimmung " \
                                    "zu öffnen."


def screens(sv, code):
    from views.phone import PhoneRoom
    from views.screen import Session, Urls
    from views.table import TableRoom
    from views.testing import NowherePage, nowhere

    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    token = sv.join(code, "Dev")[1]
    return TableRoom(session, sv.host_key, code), PhoneRoom(session, code, [token])


def test_the_table_votes_screens_in_the_pseudo_language_show_only_catalog_words(
        room, host_language):
    """Every word of the table vote's own panels (the question form, its buttons, the
    results on the table and on a phone) comes from a catalog: drawn in the pseudo-language,
    each is bracketed; only what the table typed and the digits in its fields are not."""
    from views.testing import words

    host_language(PSEUDO)
    sv, code = room
    table, phone = screens(sv, code)
    for question, more in (("Pizza?", {}), ("Who cooks?", {"open_vote": True})):
        ask(sv, code, question, **more)
        play_vote(sv, code, random.Random(2))
    table.refresh(force=True)
    phone.refresh(force=True)
    panel = table.game_panel
    shown = words(panel.root) + [w for b in panel.actions(panel.shown) for w in words(b)]
    drawn = phone.game_panel.draw(phone.game_panel.inputs(sv.view(code, phone.token)))
    shown += [w for c in drawn for w in words(c)]
    assert any("Pizza?" in w for w in shown) and any("Who cooks?" in w for w in shown)
    outside = [w for w in shown if not (from_catalogs(w) or w.isdigit())]
    assert not outside, f"words not from a catalog: {outside}"
    assert len(shown) > 12, shown


# --- the host's language: the table screen's and the console's ------------------------------
@pytest.mark.parametrize("given, chosen", [("es-MX", "es"), ("ar", "ar"), ("pl_PL", "pl"),
                                           ("en-XA", PSEUDO), ("pt-BR", "en")])
def test_companion_language_picks_a_catalog(given, chosen):
    from companion.__main__ import parse_args

    assert parse_args(["--language", given]).language == chosen


@pytest.mark.parametrize("env, chosen", [({"LANG": "de_DE.UTF-8"}, "de"),
                                         ({"LANGUAGE": "fr_CA:fr:en", "LANG": "C"}, "fr"),
                                         ({"LC_ALL": "ar_EG.UTF-8"}, "ar"),
                                         ({"LANG": "C"}, "en"), ({}, "en")])
def test_the_host_language_defaults_to_the_systems(monkeypatch, env, chosen):
    from companion.__main__ import parse_args

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert parse_args([]).language == chosen


def test_the_console_says_its_lines_in_the_hosts_language(host_language, capsys):
    from companion.__main__ import open_files_line, phone_address

    host_language("de")
    assert open_files_line(1024, 4096) == "Offene Dateien: bis zu 4096 (angehoben von 1024)"
    assert phone_address("0.0.0.0", None, [])[1].startswith("Keine Netzwerkadresse gefunden")
    host_language("en")
    assert open_files_line(8192, 8192) == "Open files: up to 8192 (the most this system allows)"
    # a limit short of a big night's phones adds the sentence saying so, in the same language
    host_language("pl")
    first, short = open_files_line(1024, 1024).split("\n")
    assert first == "Otwarte pliki: do 1024 (najwięcej, ile pozwala ten system)"
    assert short.startswith("Ten system pozwala gospodarzowi otworzyć tylko 1024 plików")


@given(st.text(max_size=80) | st.lists(st.sampled_from(
    ["es", "ar-EG", "pl;q=0.5", "*", "q=", ";q=abc", "de-DE;q=0", "x" * 40, "", "en-XA"]),
    max_size=12).map(",".join))
def test_any_accept_language_gets_an_offered_language_and_no_error(header):
    """A guest's header, whatever it holds, picks one of the catalogs (English if none fits)."""
    chosen = join_page.language_of({b"accept-language": header.encode("utf-8", "replace")})
    assert chosen in language.LANGUAGES + (PSEUDO,)


def test_the_table_votes_screens_in_arabic(room, host_language):
    """The pilot's panels in the table's language: the form, its button, a counted result
    with its numbers and plural forms as Arabic says them, and a phone's results."""
    from views.testing import words

    host_language("ar")
    sv, code = room
    table, phone = screens(sv, code)
    table.refresh(force=True)
    panel = table.game_panel
    shown = words(panel.root) + [w for b in panel.actions(panel.shown) for w in words(b)]
    # a Latin name in an Arabic sentence is isolated (U+2068 ... U+2069): it keeps its place
    assert {"اسأل الطاولة", "السؤال", "افتح التصويت", "\u2068Ana\u2069 يصوّت"} <= set(shown)
    sv.act(code, sv.host_key, "ask", {"question": "Pizza?", "candidates": ["Kiwi", "Pear"],
                                      "voters": ["Ana", "Bruno"]})
    for voter in ("Ana", "Bruno"):
        sv.cast_for(sv.host_key, code, voter, ["Kiwi"])
    play_vote(sv, code, random.Random(0))
    phone.refresh(force=True)
    drawn = phone.game_panel.draw(phone.game_panel.inputs(sv.view(code, phone.token)))
    assert ("\u2068Pizza?\u2069: \u2068Kiwi\u2069 صوتان، \u2068Pear\u2069 0 صوت"
            in [w for c in drawn for w in words(c)])


# --- a language per phone ---------------------------------------------------------------------
def phone_in(sv, code, name: str, lang: str | None):
    """A phone of its own (its own tab's session), seated as ``name``, in language ``lang``
    (None: the host's)."""
    from views.phone import PhoneRoom
    from views.screen import Session, Urls
    from views.testing import NowherePage, nowhere

    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                      language=lang)
    token = sv.join(code, name)[1]
    return PhoneRoom(session, code, [token])


def said_on(phone) -> list[str]:
    from views.testing import words

    phone.refresh(force=True)
    return [w for c in phone.root.controls for w in words(c)]


def test_two_phones_in_two_languages_see_the_same_vote_each_in_its_own(room, host_language):
    """The table in English, one phone in Spanish and one in Polish: the same counted vote,
    its result and its plurals said in each phone's language, the names and the question as
    typed; the table's screen stays in the host's language."""
    from views.testing import words

    host_language("en")
    sv, code = room
    spanish, polish = phone_in(sv, code, "Eli", "es"), phone_in(sv, code, "Fay", "pl")
    table, _ = screens(sv, code)
    ask(sv, code, "Pizza?", voters=["Ana", "Bruno", "Chloe"])
    for voter in ("Ana", "Bruno", "Chloe"):
        sv.cast_for(sv.host_key, code, voter, ["Kiwi"])
    play_vote(sv, code, random.Random(0))
    es, pl = said_on(spanish), said_on(polish)
    assert "Resultados" in es and "Wyniki" in pl, (es, pl)
    assert "Pizza?: Kiwi 3 votos, Pear 0 votos" in es, es
    assert "Pizza?: Kiwi 3 głosy, Pear 0 głosów" in pl, pl
    assert not set(es) & {"Results", "Wyniki"} and "Resultados" not in pl
    table.refresh(force=True)
    assert "Earlier results" in words(table.game_panel.root)  # the host's language


def test_a_phone_switches_its_language_in_one_tap_and_its_seat_keeps_it(tmp_path):
    """The switch lists the six languages by their own names; a tap redraws the phone in
    the language tapped and keeps it with the seat, which a restarted host still knows, and
    a reload of the phone (its browser's language another) opens in it."""
    from views.app import phone_language
    from views.screen import Session, Urls
    from views.testing import NowherePage, buttons, nowhere, words

    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    code = sv.create_room(sv.host_key, "table_vote")
    phone = phone_in(sv, code, "Ana", "en")
    shown = said_on(phone)
    # folded: one button says the language in use, and no other script is drawn until a tap
    assert "Language: English" in shown and "العربية" not in shown
    (switch,) = [b for b in buttons(phone.root)
                 if getattr(b, "content", None) == "Language: English"]
    switch.on_click(None)  # opened in place (a forced redraw would fold it again)
    shown = [w for c in phone.root.controls for w in words(c)]
    assert {"Español", "Deutsch", "Français", "Polski", "العربية"} <= set(shown)
    (tap,) = [b for b in buttons(phone.root) if getattr(b, "content", None) == "Deutsch"]
    tap.on_click(None)
    assert phone.s.language == "de" and phone.words.language == "de"
    assert sv.seat_by_token(code, phone.token).language == "de"
    assert not [b for b in buttons(phone.root) if getattr(b, "content", None) == "Deutsch"]
    token = phone.token
    store.close()

    store = Store(tmp_path / "companion.db")  # the host restarted
    sv = TableService(store)
    assert sv.seat_by_token(code, token).language == "de"
    reloaded = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    phone_language(reloaded, [sv.seat_by_token(code, token).language], "fr")
    assert reloaded.language == "de"  # the seat's, over what the browser kept
    fresh = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    phone_language(fresh, [None], "pl")
    assert fresh.language == "pl"  # no seat's yet: the browser's pick
    for bad in ("xx", "", "en-XA'; DROP TABLE seats", None):
        phone_language(fresh, [None], bad)
        with pytest.raises(Refused):
            sv.set_language(code, token, bad)
    assert sv.seat_by_token(code, token).language == "de"
    with pytest.raises(Refused):  # only the seat's own pass sets its language
        sv.set_language(code, "not-a-pass", "es")
    store.close()


def test_a_database_from_before_languages_opens_and_gains_the_column(tmp_path):
    import sqlite3

    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    code = sv.create_room(sv.host_key, "table_vote")
    _, token = sv.join(code, "Ana")
    store.close()
    with sqlite3.connect(tmp_path / "companion.db") as conn:  # as a file of before was
        conn.execute("ALTER TABLE seats DROP COLUMN language")
    store = Store(tmp_path / "companion.db")
    sv = TableService(store)
    assert sv.seat_by_token(code, token).language is None
    sv.set_language(code, token, "ar")
    assert sv.seat_by_token(code, token).language == "ar"
    store.close()


def test_play_again_keeps_each_seats_language(room):
    sv, code = room
    spanish = phone_in(sv, code, "Dev", "es")
    sv.set_language(code, spanish.token, "es")
    nxt = sv.play_again(sv.host_key, code)
    assert sv.seat_by_token(nxt, spanish.token).language == "es"


# --- the log keeps messages, not English -------------------------------------------------------
def test_the_log_keeps_messages_and_each_screen_says_them_in_its_language(room, host_language):
    """A history line is kept as its message (text, values, domain...), not as words: the
    table in German and in Arabic say the same line each its way, and a restarted host
    still does; the English of a message is what the line always said."""
    import sqlite3

    from companion.language import Message, words
    from views.testing import words as texts

    sv, code = room
    ask(sv, code, "Pizza?")
    play_vote(sv, code, random.Random(1))
    lines = sv.history_lines(code)
    asked = next(m for m in lines if isinstance(m, Message) and "{question}" in m.text)
    assert str(asked) == "The table asked: Pizza?"
    assert words("de")(asked) == "Der Tisch fragte: Pizza?", words("de")(asked)
    assert words("pl")(asked) == "Stół zapytał: Pizza?"
    host_language("es")
    assert "La mesa preguntó: Pizza?" in sv.history(code)  # the host's, for the console
    data = sv.store.one("SELECT data FROM log WHERE room = ? AND kind = 'action' AND "
                              "data LIKE '%asked%'", (code,))["data"]
    kept = json.loads(data)["line"]
    assert kept["text"] == "The table asked: {question}" and kept["domain"] == "table_vote"
    assert kept["values"] == {"question": "Pizza?"}
    host_language("en")
    table, _ = screens(sv, code)
    table.s.language = "de"  # a table tab in German
    table.refresh(force=True)
    assert any("Der Tisch fragte: Pizza?" in w for w in texts(table.root)), texts(table.root)
    path = sv.store.path
    with sqlite3.connect(path) as conn:  # a line from a log of before: plain English
        seq = conn.execute("SELECT MAX(seq) FROM log WHERE room = ?", (code,)).fetchone()[0]
        conn.execute("INSERT INTO log VALUES (?, ?, 'action', ?)",
                     (code, seq + 1, json.dumps({"move": "x", "args": {}, "actor": "table",
                                                 "line": "Ana drew a card."})))
    again = Store(path)  # the host restarted on that file
    assert "Ana drew a card." in TableService(again).history(code)
    assert "Der Tisch fragte: Pizza?" in map(words("de"), TableService(again).history_lines(code))
    again.close()


def test_a_games_refusal_is_said_in_each_phones_language(room, host_language):
    from views.testing import words

    sv, code = room
    spanish = phone_in(sv, code, "Eli", "es")
    german = phone_in(sv, code, "Fay", "de")
    for phone in (spanish, german):
        phone.attempt(phone.error, sv.act, code, sv.host_key, "ask",
                      {"question": "", "candidates": ["Kiwi", "Pear"], "voters": ["Ana"]})
    assert spanish.error.value == "Escribe la pregunta que vota la mesa."
    assert german.error.value == "Gib die Frage ein, über die der Tisch abstimmt."
    with pytest.raises(Refused) as refused:
        ask(sv, code, question="")
    assert str(refused.value) == "Type the question the table votes on."  # the host's


def test_the_tables_switch_sets_the_tables_language(room, host_language):
    """The table's first screen lists the languages; a tap makes it the table's (the host's)
    language, and the table's screens say their words in it; phones keep their own."""
    from companion.language import host_words
    from views.screen import Session, Urls
    from views.table import Rooms
    from views.testing import NowherePage, buttons, nowhere, words

    host_language("en")
    sv, code = room
    spanish = phone_in(sv, code, "Eli", "es")
    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                      reopen=lambda: nowhere("/table"))  # its tab drawn again
    rooms = Rooms(session, sv.host_key)
    rooms.refresh(force=True)
    (switch,) = [b for b in buttons(rooms.root)
                 if getattr(b, "content", None) == "Language: English"]
    switch.on_click(None)
    (tap,) = [b for b in buttons(rooms.root) if getattr(b, "content", None) == "Polski"]
    tap.on_click(None)
    assert host_words().language == "pl" and rooms.words.language == "pl"
    table, _ = screens(sv, code)
    table.refresh(force=True)
    assert "Zapytaj stół" in words(table.game_panel.root)  # the table vote's, in Polish
    assert spanish.words.language == "es"


# --- the ballot and the phone's first screen (shared screens, issue 48) ------------------------
def ballot_texts(sv, code, phones: dict, table=None) -> dict:
    """Every text each phone shows and says through one vote, from its ballot to the result:
    the ballot, a choice made, the confirm step, the vote in, the box read, the result (what
    its reader hears too); and the table's vote panel and steps at each stage, if given."""
    from views.testing import words

    seen = {key: [] for key in [*phones, "table"]}

    def draw(stage: str) -> None:
        for key, phone in phones.items():
            seen[key] += said_on(phone)
            seen[key].append(phone._vote_news() or "")
        if table is not None:
            vote, panel = sv.vote(code), table.vote_panel
            seen["table"] += [w for c in panel.draw(panel.inputs(vote)) or [] for w in words(c)]
            seen["table"] += [w for c in panel.actions(panel.steps_inputs(vote)) for w in words(c)]
            seen["table"].append(panel.news(vote) or "")

    draw("open")
    for key, phone in phones.items():
        heard = seen[key]
        phone.form.tell = lambda said, focus, heard=heard: heard.append(said)
        phone.form._choose("Kiwi")()
        seen[key] += [w for c in phone.root.controls for w in words(c)]  # the confirm step
        phone.form._change()
        phone.form._choose("Pear")()
        phone.form._confirm()
    draw("voted")
    if table is not None:  # closing short is asked first: its question drawn too
        panel = table.vote_panel
        panel.asking_close = sv.vote(code).id
        seen["table"] += [w for c in panel.actions(panel.steps_inputs(sv.vote(code)))
                          for w in words(c)]
        panel.asking_close = None
    play_vote(sv, code, random.Random(3), lambda label: draw(label))
    return seen


def test_the_ballot_on_a_spanish_and_a_polish_phone_is_wholly_in_their_language(
        room, host_language):
    """A Spanish phone and a Polish one vote beside an English one: every word of their
    ballot, from the first screen of it to the result, and what their readers hear, is
    their own language's; only the names, the question and the candidates as typed, the
    digits and the languages' own names on the switch are the English phone's too."""
    host_language("en")
    sv, code = room
    phones = {lang: phone_in(sv, code, name, lang)
              for lang, name in (("es", "Eli"), ("pl", "Fay"), ("en", "Gus"))}
    ask(sv, code, "Pizza?", voters=["Ana", "Eli", "Fay", "Gus"])
    seen = ballot_texts(sv, code, phones)
    typed = {"", "Pizza?", "Kiwi", "Pear", "Ana", "Eli", "Fay", "Gus", "E", "F", "G",
             "M",  # the text size probe's letter, never seen (views/widgets.TextScaleProbe)
             *map(language.own_name, language.LANGUAGES)}
    english = set(seen["en"]) - typed
    assert {"Secret vote: nobody will see how you vote.", "Vote for Kiwi", "Confirm my vote",
            "Your vote is in.", "Final tally: Pizza?"} <= english, english
    for lang in ("es", "pl"):
        shared = (set(seen[lang]) & english) - {w for w in english if w.isdigit()}
        assert not shared, f"{lang}: English on the ballot: {shared}"
    es, pl = set(seen["es"]), set(seen["pl"])
    assert {"Votación secreta: nadie verá cómo votas.", "Votar a Kiwi", "Confirmar mi voto",
            "Eli, tienes 1 voto. Elige 1 voto más.", "Tu voto está en la urna.",
            "Votas a: Pear. Confirma tu voto o cámbialo.", "Recuento final: Pizza?"} <= es, es
    assert {"Głosowanie tajne: nikt nie zobaczy, jak głosujesz.", "Głosuj na: Kiwi",
            "Fay, masz 1 głos. Wybierz jeszcze 1 głos.", "Twój głos jest w urnie.",
            "Wynik końcowy: Pizza?"} <= pl, pl
    tallies = [w for w in seen["pl"] if re.fullmatch(r"(Kiwi|Pear): \d g\w+", w)]
    assert tallies and all(w.endswith((" 1 głos", " głosy", " głosów")) for w in tallies)


def test_the_ballot_and_the_phones_first_screen_in_the_pseudo_language(room, host_language):
    """Drawn in en-XA, the ballot on a phone (each step, what its reader hears), the table's
    vote panel and its steps through the reading, a phone's first screen in a room (the join
    form, "Join as") and the landing screen show no text outside the catalogs: only names,
    the question and candidates as typed, digits, and the languages' names on the switch.
    The game's title is the game's own message (``games.title``)."""
    from views.phone import Landing, PhoneRoom
    from views.screen import Session, Urls
    from views.testing import NowherePage, nowhere, words

    host_language(PSEUDO)
    sv, code = room
    phone = phone_in(sv, code, "Eli", None)
    table, _ = screens(sv, code)
    ask(sv, code, "Pizza?", voters=["Ana", "Eli", "Bruno"])
    seen = ballot_texts(sv, code, {"eli": phone}, table)
    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    first = PhoneRoom(session, code, [], player=("Zoe", 2))
    first.refresh(force=True)
    landing = Landing(Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere))
    shown = [*seen["eli"], *seen["table"], *said_on(first),
             *[w for c in landing.layout() for w in words(c)]]
    typed = {"", "Pizza?", "Kiwi", "Pear", "Ana", "Bruno", "Chloe", "Eli", "Dev", "E", "Zoe",
             "M",  # the text size probe's letter, never seen (views/widgets.TextScaleProbe)
             *map(language.own_name, language.LANGUAGES)}
    outside = {w for w in shown if not (from_catalogs(w) or w in typed or
                                        w.rstrip("…").isdigit())}
    assert not outside, f"words not from a catalog: {outside}"
    drawn = set(shown)
    for english in ("Your name", "Take a seat", "Join as Zoe", "Room code",
                    "Secret vote: nobody will see how you vote.", "Read the next ballot"):
        assert language.pseudo(english) in drawn or any(
            w.startswith("⟦") and english.split()[0].translate(language._ACCENTS) in w
            for w in drawn), english
    assert len(drawn) > 30, drawn


def test_the_companions_refusals_and_events_are_said_in_each_screens_language(
        room, host_language):
    """The companion's own sentences are messages too: a refusal reaches a Spanish phone in
    Spanish and the host's console in English; its events ("Eli sat down.") stay messages in
    the log, each history line said in the reader's language."""
    from companion.language import from_json, to_json
    from views.widgets import ErrorLine

    host_language("en")
    sv, code = room
    spanish = phone_in(sv, code, "Eli", "es")
    with pytest.raises(Refused, match="^The game has already started.$"):
        sv.start(sv.host_key, code, {})
    error = ErrorLine()
    assert spanish.attempt(error, sv.start, sv.host_key, code, {}) is None
    assert error.value == "La partida ya ha empezado."  # the table's English, the phone's own
    assert spanish.attempt(error, sv.join, code, "eli") is None
    assert error.value.startswith("El asiento de Eli lo tiene otro teléfono.")
    lines = sv.history_lines(code)
    sat = next(line for line in lines if str(line) == "Eli sat down.")
    assert from_json(to_json(sat)) == sat  # kept as its parts, not its words
    # in Arabic a Latin name is isolated (U+2068 ... U+2069), so it keeps its place
    assert Words("pl")(sat) == "Eli siada do stołu." and Words("ar")(sat) == "جلس \u2068Eli\u2069."
    assert "The game started with Ana, Bruno, Chloe." in sv.history(code)  # as it was
    started = next(line for line in lines if str(line).startswith("The game started"))
    assert Words("de")(started) == "Das Spiel begann mit Ana, Bruno, Chloe."
    assert Words("ar")(started) == "بدأت اللعبة مع \u2068Ana\u2069، \u2068Bruno\u2069، \u2068Chloe\u2069."


def test_the_table_screen_in_the_pseudo_language(room, host_language):
    """The table screen before and after a counted vote, and its rooms list, drawn in en-XA:
    no text outside the catalogs but names, the question, digits, the rooms' codes in the
    QR card and the languages' names. The seat chips' presence words are messages too."""
    from views.screen import Session, Urls
    from views.table import Rooms, TableRoom
    from views.testing import NowherePage, nowhere, words

    host_language(PSEUDO)
    sv = room[0]  # the fixture's service: a room of its own, seated here
    code = sv.create_room(sv.host_key, "table_vote")
    for name in ("Ana", "Bruno"):
        sv.join(code, name)
    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    table = TableRoom(session, sv.host_key, code)
    table.refresh(force=True)
    shown = words(table.root)
    sv.start(sv.host_key, code, {})
    ask(sv, code, "Pizza?", voters=["Ana", "Bruno"])
    play_vote(sv, code, random.Random(1))
    table.refresh(force=True)
    shown += words(table.root)
    rooms = Rooms(session, sv.host_key)
    rooms.refresh(force=True)
    shown += words(rooms.root)
    join = f"http://127.0.0.1:8550/join/{code}"
    allowed = {"", "Ana", "Bruno", "A", "B", "Pizza?", "Kiwi", "Pear", join, f"QR code for {join}",
               *map(language.own_name, language.LANGUAGES)}
    outside = {w for w in shown if not (from_catalogs(w) or w in allowed or w.isdigit())}
    assert not outside, f"words not from a catalog: {outside}"
    assert language.pseudo("Start the game") in shown and len(set(shown)) > 40
