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


def from_catalogs(text: str) -> bool:
    return text == "" or (text.startswith("⟦") and text.endswith("⟧"))


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
def host_language():
    """The host's language for one test (``companion --language``), English again after."""
    yield language.set_host_language
    language.set_host_language("en")


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
    assert {"اسأل الطاولة", "السؤال", "افتح التصويت", "Ana يصوّت"} <= set(shown)
    sv.act(code, sv.host_key, "ask", {"question": "Pizza?", "candidates": ["Kiwi", "Pear"],
                                      "voters": ["Ana", "Bruno"]})
    for voter in ("Ana", "Bruno"):
        sv.cast_for(sv.host_key, code, voter, ["Kiwi"])
    play_vote(sv, code, random.Random(0))
    phone.refresh(force=True)
    drawn = phone.game_panel.draw(phone.game_panel.inputs(sv.view(code, phone.token)))
    assert "Pizza?: Kiwi صوتان، Pear 0 صوت" in [w for c in drawn for w in words(c)]
