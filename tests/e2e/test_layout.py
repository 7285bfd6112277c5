"""Every phase of every game fits every screen (issue 19): phones of 360x640, 390x844 and
430x932, table screens of 1024x768, 1280x800 and 1920x1080.

Each game is played through the companion from its seating to its end (the table moving the
game on, the ballot box casting every vote: ``companion.testing.play_through``). Before the
start, at the start, at each phase the game enters and at each step of each kind of vote
(open, closed, being read, counted), the table screen and the phone of the player who must
act now (the first in seat order; else seat 1's) are resized to every size and measured as a
person sees them, from the accessibility tree Flutter draws (``layout.js``):

- the phone: the player's own move (the first control they can use) lies wholly inside the
  first screen; nothing scrolls sideways; no control runs into the right edge, nor is set
  wider than the room it has (which Flutter clips where the tree cannot tell);
- the phone at the browser's 200% text size (360x640, the phone of the player who must act,
  each time it offers a move not measured yet: each phase's move, each move within a phase
  after the play's moves, each ballot as it opens; that phone alone, that size alone): the
  same, their move (a ballot's first choice) wholly inside the first screen (issue 33); and
  every phone is one as Flutter sees it (a mobile platform: a phone's sizes);
- both, once each moment: nothing a screen reader stumbles on (a control, heading or
  picture without a name, a disabled text field, the same words twice in a row);
- the table: the phase line big at the top; the table's next step in the action bar, wholly
  on screen without scrolling, 48 px tall; no control runs into the right edge.

The host is the real app (Flet behind the door, uvicorn) in this process, so that the test
moves the game through the companion as the gallery does; the phones take the phone's path
(``companion.test``), the table screen 127.0.0.1.
"""
from __future__ import annotations

import dataclasses
import os
import random
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import flet as ft
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import testsupport
from companion import games
from companion.flet_seam import flet_sessions
from companion.language import (COMPANION, HOME, PSEUDO, Speaker, host_words,
                                set_host_language, words)
from companion.games import plays as plays_for
from companion.testing import play_through
from testsupport.browser import PHONE, PHONE_NAME, TABLE
from testsupport.flet_page import WAIT_S, open_page, settle
from testsupport.live import Live
from testsupport.real_table import SEEDS, at_a_real_table
from views.phone import PhoneRoom
from views.screen import Screen
from views.widgets import WORDS_SCALE_CAP

pytestmark = pytest.mark.e2e

_ = Speaker(COMPANION, HOME)

PHONES = ((360, 640), (390, 844), (430, 932))
# the browser's text size at 200% (issue 33), on the smallest phone, for the player who must
# act, at each move it offers (each phase's, each within a phase, each kind of ballot)
BIG_TEXT, BIG_TEXT_PHONE = 200, (360, 640)
TABLES = ((1024, 768), (1280, 800), (1920, 1080))
# controls on every seated phone that are not a move: they come after it, by design
NOT_A_MOVE = ("Add a player to this phone", "Back to the table screen")
# Issue 48: the same play in Arabic (the whole layout mirrored) and in the pseudo-language
# (every word about 40% longer, as German runs), the table in the host's language and each
# phone in its browser's; one phone size and one table size each (the play is the same).
LANGUAGES = {"ar": "ar-EG", PSEUDO: PSEUDO}
LANGUAGE_PHONES, LANGUAGE_TABLES = ((390, 844),), ((1280, 800),)
# Both run, in CI too (on 2026-12-08 the five games' Arabic plays took 2 min 13 s, their
# pseudo-language plays 2 min 35 s, on the loaded 2-core machine): COMPANION_LAYOUT_LANGUAGES
# picks ("ar", "en-XA", "ar,en-XA"; "0": English alone). They find what the English run misses:
# readability is checked at the first size measured, 1280x800 here (cards side by side read
# line by line across them), and a table's phase line left a move behind.
_ASKED = os.environ.get("COMPANION_LAYOUT_LANGUAGES", "all")
MEASURED_LANGUAGES = list(LANGUAGES) if _ASKED in ("all", "1") else [
    code for code in _ASKED.split(",") if code in LANGUAGES]
# COMPANION_LAYOUT_PICTURES=DIR: each screen measured is also written there as a picture
# (<game>-<language>-<phase>-<moment>-<table or phone>-<size>.png), to see what was measured
PICTURES = os.environ.get("COMPANION_LAYOUT_PICTURES")

NODES_JS = (Path(testsupport.__file__).with_name("layout.js")).read_text()


@dataclass
class Node:
    """One node of Flutter's accessibility tree, where it is on the screen (CSS pixels)."""

    depth: int
    parent: int  # the index of the node it lies in (-1: none)
    role: str
    label: str
    control: bool  # something a finger can use: a button, a field, a box to tick...
    disabled: bool
    left: float
    right: float
    top: float
    bottom: float
    scroll_x: float  # how far it scrolls sideways (0: it does not)
    scroll_y: bool  # it scrolls up and down

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def __str__(self) -> str:
        return (f"{self.role or 'text'} {self.label!r} at x {self.left:.0f}-{self.right:.0f}, "
                f"y {self.top:.0f}-{self.bottom:.0f}")


SESSION_JS = "() => sessionStorage.getItem('_flet_session_id')"  # the page's Flet session
# how tall the page's words are: every text node's height together
TEXT_HEIGHT_JS = """() => [...document.querySelectorAll('flt-semantics')]
    .filter(e => !e.getAttribute('role') && !e.querySelector('flt-semantics'))
    .reduce((sum, e) => sum + e.getBoundingClientRect().height, 0)"""


GROWN_JS = f"before => ({TEXT_HEIGHT_JS})() > before * 1.3"
SHRUNK_JS = f"before => ({TEXT_HEIGHT_JS})() < before / 1.3"


@contextmanager
def text_size(page, percent: int):
    """The browser's text size set to ``percent``, as a person sets it in the browser's
    settings: Flutter's web engine reads the document's root font size (16 px is 100%) as its
    text scale factor, and follows a change of it. Waits until the words have grown; back to
    the browser's default after, once they have shrunk again."""
    def resize_text(size: str, until: str) -> None:
        before = page.evaluate(TEXT_HEIGHT_JS)
        page.evaluate("size => { document.documentElement.style.fontSize = size; }", size)
        page.wait_for_function(until, arg=before)
    resize_text(f"{percent}%", GROWN_JS)
    try:
        yield
    finally:
        resize_text("", SHRUNK_JS)


def served_page(page) -> ft.Page | None:
    """The host's side of this browser page (its Flet session's page)."""
    session_id = page.evaluate(SESSION_JS)
    for session in flet_sessions():
        if session.id == session_id:
            return session.page
    return None


def side(padding) -> float:
    """A padding's left and right together (a number: on every side)."""
    if isinstance(padding, (int, float)):
        return 2 * padding
    return (getattr(padding, "left", 0) or 0) + (getattr(padding, "right", 0) or 0)


BREAKPOINTS = {"xs": 0, "sm": 576, "md": 768, "lg": 992, "xl": 1200, "xxl": 1400}


def span(col, width: float) -> float:
    """How many of a ResponsiveRow's 12 columns a child takes in a row ``width`` wide."""
    if isinstance(col, (int, float)):
        return col
    if not isinstance(col, dict):
        return 12
    fits = [(BREAKPOINTS[k], v) for k, v in col.items() if BREAKPOINTS.get(k, 1e9) <= width]
    return max(fits)[1] if fits else 12


def set_too_wide(served: ft.Page) -> list[str]:
    """Controls the screen gives a width wider than the room the screen has for them: Flutter
    clips them at the edge, where the accessibility tree cannot tell them from a control
    that spans the width (the room shrinks by the paddings around them)."""
    problems: list[str] = []
    room = served.width - side(served.padding)
    stack = [(c, room) for c in list(served.controls)]
    while stack:
        control, room = stack.pop()
        if not isinstance(control, ft.BaseControl) or control.visible is False:
            continue
        width = getattr(control, "width", None)
        if isinstance(width, (int, float)) and width > room + 0.5:
            what = getattr(control, "content", None)
            problems.append(f"{type(control).__name__} {what if isinstance(what, str) else ''}"
                            f" is set {width:.0f} px wide in {room:.0f} px of room")
        if getattr(control, "scroll", None) and isinstance(control, ft.Row):
            continue  # a row that scrolls sideways: reported by the tree if it does
        inner = (room if not isinstance(width, (int, float)) else min(room, width)) \
            - side(getattr(control, "padding", 0) or 0) - side(getattr(control, "margin", 0) or 0)
        if isinstance(control, ft.ResponsiveRow):  # each child has its columns' share
            stack += [(c, inner * span(c.col, inner) / 12) for c in control.controls]
            continue
        for field in dataclasses.fields(control):
            if field.name.startswith("_"):
                continue
            value = getattr(control, field.name, None)
            children = value if isinstance(value, list) else [value]
            stack += [(c, inner) for c in children if isinstance(c, ft.BaseControl)]
    return problems


class Redrawn:
    """The size the host last drew each page at: when its screen started, and each time a
    resize reached it (the screens' ``start`` and ``resized`` are watched in this process,
    where the host runs). A resize that comes while a screen is still being made is drawn by
    its start, at the page's new size."""

    def __init__(self, monkeypatch) -> None:
        self.sizes: dict[str, tuple[float, float]] = {}
        resized, start = Screen.resized, Screen.start

        def drawn(screen) -> None:
            page = screen.s.page
            self.sizes[page.session.id] = (page.width, page.height)

        def watched_resized(screen) -> None:
            resized(screen)
            drawn(screen)

        async def watched_start(screen) -> None:
            await start(screen)
            drawn(screen)
        monkeypatch.setattr(Screen, "resized", watched_resized)
        monkeypatch.setattr(Screen, "start", watched_start)
        # the factor each phone last drew its words at, once the browser's text size reached it
        self.words: dict[str, float] = {}
        text_scaled = PhoneRoom._text_scaled

        def watched_text_scaled(screen, scale: float) -> None:
            text_scaled(screen, scale)
            self.words[screen.s.page.session.id] = screen.words_factor
        monkeypatch.setattr(PhoneRoom, "_text_scaled", watched_text_scaled)

    def wait_words(self, page, factor: float) -> None:
        """Until the host has drawn the phone's words at ``factor`` (it hears of the browser's
        text size from the phone, then caps the words: a round trip a person waits out)."""
        deadline = time.monotonic() + WAIT_S
        while abs(self.words.get(page.evaluate(SESSION_JS), 1.0) - factor) > 0.005:
            assert time.monotonic() < deadline, \
                f"the host never drew {page.url}'s words at {factor:.2f} of the text size"
            page.wait_for_timeout(50)  # polling the host, not a wait for the screen

    def wait(self, page, width: int, height: int) -> None:
        deadline = time.monotonic() + WAIT_S
        # read each time: a page just opened may not have its session yet
        while self.sizes.get(page.evaluate(SESSION_JS)) != (width, height):
            assert time.monotonic() < deadline, \
                f"the host never drew {page.url} at {width}x{height}"
            page.wait_for_timeout(50)  # polling the host, not a wait for the screen


def measure(page, width: int, height: int, redrawn: Redrawn) -> tuple[list[Node], float]:
    """Resize the page and wait until it is drawn again, as a person waits for a phone
    turned sideways: Flutter lays out what it has at once, and the host draws again what
    depends on the width (the castle's squares) once the browser has told it the new size.
    Then read its nodes, and the page's own scrolling width (the browser's, outside Flutter)."""
    if page.viewport_size != {"width": width, "height": height}:
        page.set_viewport_size({"width": width, "height": height})
    redrawn.wait(page, width, height)  # a page just opened: until its screen has started
    page.wait_for_function("w => { const root = document.querySelector('flt-semantics');"
                           " return root && Math.round(root.getBoundingClientRect().width) == w; }",
                           arg=width)
    settle(page, 250)
    found = page.evaluate(NODES_JS)
    served = served_page(page)
    return ([Node(**n) for n in found["nodes"]], found["page_width"],
            set_too_wide(served) if served else [])


def picture(page, key: str, language: str, label: str, who: str, width: int,
            height: int) -> None:
    """The screen just measured as a picture in ``PICTURES`` (when set)."""
    if PICTURES:
        name = f"{key}-{language}-{label}-{who}-{width}x{height}.png".replace(" ", "_")
        Path(PICTURES).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(PICTURES) / name))


def content_box(nodes: list[Node], width: int, height: int) -> tuple[float, float, float]:
    """The content's left and right edges and the first screen's bottom edge: the page's
    padding is where the leftmost content starts (the phase line, the phone's header)."""
    pad = min((n.left for n in nodes if n.depth >= 3 and n.right > n.left), default=0)
    return pad, width - pad, height - pad


def cut_off(nodes: list[Node], width: int, height: int) -> list[str]:
    """Controls that run into the right edge of the content (cut off there, or wider than
    their room: a row that does not wrap) or lie beyond it. A control that spans the whole
    width starts at the left edge; nothing on these screens is pushed to the right edge."""
    left, right, _ = content_box(nodes, width, height)
    problems = []
    for n in nodes:
        if not n.control:
            continue
        if n.left >= right - 0.5:
            problems.append(f"{n} lies beyond the right edge ({right:.0f})")
        elif n.right >= right - 0.5 and n.left > left + 0.5:
            problems.append(f"{n} runs into the right edge ({right:.0f}): cut off")
    return problems


def sideways(nodes: list[Node], page_width: float, width: int) -> list[str]:
    problems = [f"{n} scrolls sideways by {n.scroll_x:.0f} px" for n in nodes if n.scroll_x > 1]
    if page_width > width + 0.5:
        problems.append(f"the page is {page_width:.0f} px wide in a {width} px screen")
    return problems


def mirrored(nodes: list[Node], width: int) -> list[Node]:
    """A right-to-left screen read as its mirror image, so that every rule written for a
    left-to-right one (the start edge on the left, the content's padding, cut off at the end
    edge) holds for it unchanged."""
    return [dataclasses.replace(n, left=width - n.right, right=width - n.left) for n in nodes]


def check_phone(nodes: list[Node], page_width: float, width: int, height: int,
                must_act: bool, not_a_move=NOT_A_MOVE) -> list[str]:
    problems = sideways(nodes, page_width, width) + cut_off(nodes, width, height)
    if must_act:
        _, _, bottom = content_box(nodes, width, height)
        moves = [n for n in nodes if n.control and not n.disabled and n.label not in not_a_move]
        if not moves:
            problems.append("the player must act, and the phone offers nothing to do")
        elif not (moves[0].top >= 0 and moves[0].bottom < bottom - 0.5):
            # a control cut by the bottom of the screen ends exactly there: not wholly inside
            problems.append(f"the player's move, {moves[0]}, is not wholly inside the "
                            f"first screen (it ends at {bottom:.0f})")
    return problems


def big_text(page, redrawn: Redrawn) -> list[str]:
    """The player's move at the browser's biggest text, on the smallest phone (the page is
    drawn at that size already), once the host has capped its words."""
    with text_size(page, BIG_TEXT):
        redrawn.wait_words(page, min(1.0, WORDS_SCALE_CAP / (BIG_TEXT / 100)))
        settle(page, 250)
        found = page.evaluate(NODES_JS)
    redrawn.wait_words(page, 1.0)  # back at the browser's default before the next measure
    width, height = BIG_TEXT_PHONE
    return check_phone([Node(**n) for n in found["nodes"]], found["page_width"], width, height,
                       must_act=True)


def not_a_phone(page) -> list[str]:
    """A phone context that Flutter does not take for a phone sizes every button for a mouse
    (32 px tall): the test would measure a screen no phone shows (issue 33)."""
    platform = getattr(served_page(page), "platform", None)
    if platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
        return []
    return [f"Flutter took the phone for {platform}: not a phone's user agent?"]


NAMED = {"button", "checkbox", "radio", "switch", "slider", "link", "tab", "menuitem",
         "textbox", "combobox", "heading", "img"}  # what a reader says by its name


TABLE_CELLS = {"cell", "gridcell", "row", "columnheader", "rowheader"}  # read with their
# row and column, so the same number twice (a score sheet's 0s) is no stumble


def unreadable(nodes: list[Node]) -> list[str]:
    """What a screen reader stumbles on (issue 33): a control, heading or picture without a
    name, a text field it is told is disabled (a caption drawn as one), the same words read
    twice in a row (an initial before its name, a label doubled)."""
    problems = [f"a {n.role} without a name, at x {n.left:.0f}, y {n.top:.0f}"
                for n in nodes if n.role in NAMED and not n.label]
    problems += [f"a disabled text field: {n}" for n in nodes if n.role == "textbox"
                 and n.disabled]
    problems += [f"read twice in a row: {b}" for a, b in zip(nodes, nodes[1:])
                 if a.label and (a.label, a.role) == (b.label, b.role)
                 and a.role not in TABLE_CELLS]
    return problems


def inside(nodes: list[Node], i: int, outer: int) -> bool:
    while i >= 0:
        if i == outer:
            return True
        i = nodes[i].parent
    return False


def check_table(nodes: list[Node], width: int, height: int, started: bool) -> list[str]:
    """The table screen: fixed at the top the phase, then the middle that scrolls (the game,
    the vote), then fixed at the bottom the action bar."""
    problems = cut_off(nodes, width, height)
    texts = [n for n in nodes if n.depth >= 3 and not n.control and n.label]
    if started and not (texts and texts[0].height >= 40 and texts[0].top < 200):
        problems.append(f"the phase line is not big at the top: {texts[:1]}")
    middle = next((i for i, n in enumerate(nodes) if n.scroll_y and n.depth >= 3), None)
    if middle is None:  # nothing scrolls: every control is on the screen
        bar = [n for n in nodes if n.control]
    else:  # the action bar: the controls after the middle, outside it
        bar = [n for i, n in enumerate(nodes)
               if i > middle and n.control and not inside(nodes, i, middle)]
        if not bar:
            problems.append("no action bar below the game")
        elif bar[0].height < 47.5:
            problems.append(f"the action bar's first step is {bar[0].height:.0f} px tall, "
                            f"under 48: {bar[0]}")
    for n in bar:
        if n.top < 0 or n.bottom > height + 0.5:
            problems.append(f"the action bar's {n} is not wholly on the screen")
    return problems


class Watched:
    """The service as the play moves the game: ``moved()`` after each move it makes (the
    screens' own moves go to the service itself, on the host's loop)."""

    def __init__(self, service, moved) -> None:
        self._service, self._moved = service, moved

    def __getattr__(self, name: str):
        return getattr(self._service, name)

    def act(self, *args, **kwargs):
        result = self._service.act(*args, **kwargs)
        self._moved()
        return result


def moment_key(label: str, phase: str) -> tuple[str, str]:
    """One measure per phase and per step of each kind of vote (a revote looks the same)."""
    parts = label.split("-")
    if parts[0] == "vote":
        return (phase, "-".join(parts[:2]))
    return (phase, "")


@pytest.mark.parametrize("language", ["en", *MEASURED_LANGUAGES])
@pytest.mark.parametrize("key", list(games.REGISTRY))
def test_every_phase_fits_every_screen(key, language, browser, tmp_path, monkeypatch):
    play = at_a_real_table(plays_for(key)(SEEDS.get(key, 0)))
    live = Live(tmp_path, address=PHONE_NAME).start()
    sv = live.service
    game = games.load(key).game
    redrawn = Redrawn(monkeypatch)
    host_language = host_words().language
    set_host_language(language)  # the table in the language measured, as --language sets it
    say = words(language)
    in_english = language == "en"
    phone_sizes = PHONES if in_english else LANGUAGE_PHONES
    table_sizes = TABLES if in_english else LANGUAGE_TABLES
    not_a_move = tuple(say(m) for m in (_("Add a player to this phone"),
                                         _("Back to the table screen")))

    def facing(nodes: list[Node], width: int) -> list[Node]:
        return mirrored(nodes, width) if say.rtl else nodes
    try:
        code = sv.create_room(sv.host_key, key)
        tokens = {name: sv.join(code, name)[1] for name in play.players}
        table = open_page(browser.new_context(**TABLE).new_page(),
                          f"{live.base}/table/{code}?k={sv.host_key}")
        phones: dict = {}

        def phone(name: str):
            """The player's phone, opened the first time they are the one to act (a phone is
            a browser: ten players' phones would load the machine for nothing)."""
            if name not in phones:
                phones[name] = open_page(browser.new_context(
                    **PHONE, locale=LANGUAGES.get(language, "en-GB")).new_page(),
                                         f"{live.phone_base}/join/{code}?t={tokens[name]}")
            return phones[name]
        problems: list[str] = []
        measured: set[tuple[str, str]] = set()

        def at(label: str) -> None:
            state = sv.state(code)
            phase = game.phase(state) if state is not None else "seating"
            if moment_key(label, phase) in measured:
                return
            measured.add(moment_key(label, phase))
            started = state is not None
            if started:  # the table has drawn the moment once its phase line says it
                reminders = sv.reminders(code)
                line = reminders[0] if reminders else say(games.title(key, sv.room(code).title))
                try:
                    table.get_by_text(line, exact=True).first.wait_for()
                except PlaywrightTimeout:  # said with what it shows; the play goes on
                    picture(table, key, language, f"{phase}-{label}", "table-stale", 0, 0)
                    shown = [n.label for n in measure(table, *table_sizes[0], redrawn)[0]
                             if n.label][:4]
                    problems.append(f"{key} at {label} ({phase}): the table never said "
                                    f"{line!r}; it shows {shown}")
                    return
            acting = [n for n in play.players
                      if started and sv.needs_action(code, tokens[n])]
            name = (acting or list(play.players))[0]
            where = f"{key} at {label} ({phase})"
            for width, height in table_sizes:
                nodes, _, wide = measure(table, width, height, redrawn)
                picture(table, key, language, f"{phase}-{label}", "table", width, height)
                nodes = facing(nodes, width)
                read = unreadable(nodes) if (width, height) == table_sizes[0] else []
                problems.extend(f"{where}, table {width}x{height}: {p}"
                                for p in wide + read + check_table(nodes, width, height, started))
            for width, height in phone_sizes:
                nodes, page_width, wide = measure(phone(name), width, height, redrawn)
                picture(phone(name), key, language, f"{phase}-{label}", "phone", width,
                        height)
                nodes = facing(nodes, width)
                read = unreadable(nodes) if (width, height) == phone_sizes[0] else []
                problems.extend(f"{where}, {name}'s phone {width}x{height}: {p}"
                                for p in wide + read + not_a_phone(phone(name))
                                + check_phone(nodes, page_width, width, height, bool(acting),
                                              not_a_move))
                if (in_english and acting and (width, height) == BIG_TEXT_PHONE
                        and big_moment(name)):
                    problems.extend(f"{where}, {name}'s phone {width}x{height} at "
                                    f"{BIG_TEXT}% text: {p}"
                                    for p in big_text(phone(name), redrawn))

        big_seen: set = set()

        def big_moment(name: str) -> bool:
            """A move (or ballot) not yet measured at 200% text for the phase: the phase, the
            moves the phone offers, whether a ballot waits for it."""
            vote = sv.vote(code)
            voting = bool(vote and vote.status == "open" and name in vote.waiting_for)
            moment = (game.phase(sv.state(code)), sv.legal_moves(code, tokens[name]), voting)
            if moment in big_seen:
                return False
            big_seen.add(moment)
            return True

        def moved() -> None:
            """After each move: the acting phone at 200% text on the smallest phone, when it
            offers a move not measured yet (a move within a phase: the Night's hungry, the
            Clock's Event), the one measure a move adds."""
            state = sv.state(code)
            if state is None or game.outcome(state) is not None:
                return
            acting = [n for n in play.players if sv.needs_action(code, tokens[n])]
            if not in_english or not acting or not big_moment(acting[0]):
                return
            name, (width, height) = acting[0], BIG_TEXT_PHONE
            measure(phone(name), width, height, redrawn)
            where = f"{key} after a move ({game.phase(state)})"
            problems.extend(f"{where}, {name}'s phone {width}x{height} at {BIG_TEXT}% text: {p}"
                            for p in big_text(phone(name), redrawn))

        at("seating")
        play_through(Watched(sv, moved), code, key, play, tokens,
                     random.Random(SEEDS.get(key, 0)), at)
        phases_seen = {phase for phase, _ in measured}
        assert len(phases_seen) >= 2, measured  # the play went somewhere
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
    finally:
        set_host_language(host_language)
        live.stop()
