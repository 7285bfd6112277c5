"""What every screen shares: the session it lives in, and one way to redraw.

A screen lays out its lasting controls once (``layout``: text fields live there, so nobody
loses what they are typing) and is drawn in parts. Each part is a slot with its inputs (one
comparable value: everything it shows, read from the service and the screen's own choices) and
a drawing made from exactly that value. When the room's hub says its state changed, only the
parts whose inputs changed are redrawn and sent, so a vote cast on one phone updates one line of
the table screen at once, and the other phones redraw nothing. A draw reads nothing else (but
what is fixed when the screen is made: callbacks, the room's code, lasting controls), so what
it shows can never change without its inputs changing.
"""
from __future__ import annotations

import asyncio
import contextvars
import gc
import logging
import threading
from dataclasses import dataclass, field
from typing import Awaitable, Callable

import flet as ft

from companion.errors import GameFault, Refused
from companion.language import Words, host_words, plain, words
from companion.rooms import TableService

from .widgets import ERROR, PRESSABLE, cap_text_scale, isolate_names

log = logging.getLogger(__name__)

PREFIX = "companion."
LANGUAGE = f"{PREFIX}language"  # the language picked on this browser's switch (issue 48)
# this browser's player reads with a screen reader: its page turns the accessibility tree on
# at every start (companion/web/boot.js keeps it; issue 53)
READER = f"{PREFIX}reader"


@dataclass
class Urls:
    """Where phones reach this host (the LAN address, not what the browser typed)."""

    base: str  # http://192.168.1.20:8550
    # the Wi-Fi the phones join first (a hotspot on the laptop, a travel router), if given
    wifi_name: str | None = None
    wifi_password: str | None = None
    # the host key's fingerprint when the seal is on (companion/seal.py): the join QR code
    # carries it in the fragment, which the phone checks and no browser sends
    seal: str | None = None

    def join(self, code: str) -> str:
        return f"{self.base}/join/{code}" + (f"#seal={self.seal}" if self.seal else "")

    def rejoin(self, code: str, token: str) -> str:
        return f"{self.base}/join/{code}?t={token}"

    def table(self, host_key: str) -> str:
        return f"{self.base}/table?k={host_key}"


@dataclass
class Part:
    """One slot of a screen: its ``inputs`` (a comparable value, e.g. a tuple or a frozen
    dataclass) and how to draw it from that value.

    ``draw(value)`` returns the slot's new controls, or None when it updated lasting controls
    itself.
    """

    slot: ft.Column
    inputs: Callable[[], object]
    draw: Callable[[object], list[ft.Control] | None]
    # what a screen reader says when the slot's news changes ("Your vote is in."), or None
    news: Callable[[], str | None] | None = None
    # with its news, focus moves to its first button (a new ballot's); a callable: when it says
    focus: bool | Callable[[], bool] = False
    last: object = None
    drawn: bool = False
    said: str | None = None


class SubParts:
    """A part's keyed sub-parts: the pieces one part draws (a panel's status line, its
    buttons, its score sheet), each in a lasting slot of its own, redrawn from its own value
    only when that value changed. A piece the change did not concern keeps its controls: it is
    not sent again, and a press landing during the part's redraw still reaches its button.
    As for a part, ``draw`` is given the value and draws from it; the value is what the piece
    shows (the game's view, or the pieces of it the piece shows), compared with ``==`` like a
    part's inputs (not a signature written beside the drawing)."""

    def __init__(self) -> None:
        self._drawn: dict[int, object] = {}  # each slot's value, as last drawn

    def draw(self, slot: ft.Column, value: object,
             draw: Callable[[object], list[ft.Control]]) -> None:
        if id(slot) in self._drawn and self._drawn[id(slot)] == value:
            return
        controls = draw(value)
        slot.controls = controls
        slot.visible = bool(controls)  # an empty slot takes no room
        self._drawn[id(slot)] = value  # only once drawn: a failed draw is retried


@dataclass
class Session:
    page: ft.Page
    service: TableService
    urls: Urls
    prefs: ft.SharedPreferences
    navigate: Callable[[str], Awaitable[None]]
    speaker: ft.SemanticsService | None = None  # says a screen's news to a screen reader
    # (seconds gathered before speaking, seconds between two announcements): see ``Voice``
    voice_timing: tuple[float, float] | None = None
    # names typed on the join page that this tab has taken (their ids): each seats once
    typed_taken: set[str] = field(default_factory=set)
    # seat passes this tab took, by room: its own copy of what the browser is asked to keep
    passes_taken: dict[str, list[str]] = field(default_factory=dict)
    # the host key once this tab has shown it is the table: its later screens need no key in
    # their address (which the browser's history would keep)
    host_key: str | None = None
    # a join screen of this tab has read the browser's settings (or known there were none)
    settings_read: bool = False
    voice: "Voice | None" = field(default=None, init=False, repr=False)  # made on first use
    # this tab's language (a phone's: its seat's, its pick, else its browser's); None: the
    # host's (the table's, ``companion --language``)
    language: str | None = None
    picked: bool = False  # the language was picked on a switch (kept with the seats then)
    # draws this tab's screen again (its words changed): set by the app
    reopen: Callable[[], Awaitable[None]] | None = None
    # the next screen says what it shows as it opens: its reader's page turned the tree on
    # as the app took over from the join page, with no focus anywhere to start reading from
    read_opening: bool = False
    # the tab's accessibility tree is on (a screen reader is there): ``handover.reader_on``
    reader: bool = False


class Screen:
    """Base of the table's and the phones' screens."""

    topic: str | None = None  # the hub topic it listens to (a room code, or "rooms")
    # a screen the whole table watches (the table's): told of a change first, and its frame
    # leaves before the phones' screens start their redraws
    leads = False
    # the words drawn at this times their size: under 1 where the browser's text is bigger
    # than the screen's words may follow (a phone: ``WORDS_SCALE_CAP``)
    words_factor = 1.0

    def __init__(self, session: Session) -> None:
        self.s = session
        self.service = session.service
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=14)
        self._sub: int | None = None
        self._scheduled = False  # True while a redraw is on its way
        self._drawing = self._again = False  # a redraw under way; another change meanwhile
        self._again_forced = False  # the redraw asked meanwhile was a forced one
        self.parts: list[Part] = []
        self._capped_at = 1.0  # the words_factor the words were last drawn at
        self._asked: dict | None = None  # what this redraw read already (see ``once``)
        # the sentence of a game that failed or ran past its deadline (deadline.py), said at
        # the top of the screen while it lasts; the parts it kept from drawing stay as they were
        self.game_fault: ft.Text | None = None

    async def start(self) -> None:
        # Redraws triggered by another session's request run later, in this session's own
        # context: Flet services (Wakelock…) then belong to this page, and the request that
        # caused the change is answered first.
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()
        if self.topic and not gone(self.s.page):  # a phone that left while it was drawn
            self._subscribe()
        self.refresh(force=True)

    @property
    def words(self) -> Words:
        """This screen's words: its tab's language, else the host's (``GamePanel.say``)."""
        return words(self.s.language) if self.s.language else host_words()

    def _subscribe(self) -> None:
        self._sub = self.service.hub.subscribe(self.topic, self._changed, first=self.leads)

    def stop(self) -> None:
        if self._sub is not None:
            self.service.hub.unsubscribe(self._sub)
            self._sub = None

    def disconnected(self) -> None:
        """The browser went away (closed, asleep, out of Wi-Fi): stop redrawing for nobody."""
        self.stop()

    def reconnected(self) -> None:
        """The same browser came back: listen again and send what changed meanwhile."""
        if self.topic and self._sub is None:
            self._subscribe()
        self.refresh(force=True)

    def resized(self) -> None:
        """The browser's window changed size (a phone turned, a window dragged): the parts
        whose inputs hold the width (``self.s.page.width``) redraw, and only those."""
        if self.root.controls:
            self.refresh()

    def inputs(self) -> object:
        """What the body is drawn from (``draw`` is given it); when unchanged, its redraw is
        skipped. By default a new value each time: always redrawn."""
        return object()

    def layout(self) -> list[ft.Control]:
        """The lasting controls, made once; by default one part, the body, drawn by ``draw``."""
        self.body = self.part(self.inputs, self.draw, news=self.news)
        return [self.body]

    def news(self) -> str | None:
        """What a screen reader hears when the body's news changes (see ``tell``)."""
        return None

    def part(self, inputs: Callable[[], object],
             draw: Callable[[object], list[ft.Control] | None],
             lasting: list[ft.Control] | None = None,
             news: Callable[[], str | None] | None = None,
             focus: bool | Callable[[], bool] = False) -> ft.Column:
        """A slot of the screen, redrawn when the value ``inputs()`` returns changes: ``draw``
        is given that value and draws from it alone. ``lasting`` controls stay in the slot and
        ``draw`` updates them; ``news`` is what a screen reader hears when it changes,
        ``focus`` moves the reader to the slot's first button then (see ``tell``)."""
        slot = ft.Column(lasting or [], spacing=12)
        self.parts.append(Part(slot, inputs, draw, news, focus))
        return slot

    def draw(self, shown) -> list[ft.Control] | None:
        """The body, drawn from what ``inputs`` returned."""
        raise NotImplementedError

    def wants(self, what: str) -> bool:
        """Whether a change of this screen's topic can change what it shows (by default any
        change can; a phone skips another seat's ballot, see PhoneRoom)."""
        return True

    def _changed(self, what: str) -> None:
        # changes that come faster than the screen redraws (100 ballots in a burst) make one
        # redraw, of what is there by then, not one each
        if self._scheduled or not self.wants(what):
            return
        self._scheduled = True
        self._loop.call_soon_threadsafe(self._redraw if self.leads else self._after_leads,
                                        context=self._context)

    def _after_leads(self) -> None:
        # one more turn of the loop: the leading screens' frames, queued by their redraws
        # meanwhile, are sent before this screen's redraw takes the loop
        self._loop.call_soon(self._redraw, context=self._context)

    def _redraw(self) -> None:
        self._scheduled = False  # a change from now on schedules the next redraw
        if self._sub is None:
            return  # the screen was left meanwhile
        # drawn here, in the change's own turn of the loop: a redraw run as a task of its own
        # (on_the_loop, so that its reads of a slow game hand the loop back) came after the
        # focus moves its parts ask for, and a new ballot's first choice never took the focus
        # (tests/e2e/test_screen_reader.py). A tap's wait still hands the loop back (mend 6).
        try:
            self.refresh()
        except Exception:  # a screen whose room vanished must not break the others
            log.exception("redraw failed")

    def once(self, key: str, read: Callable[[], object]) -> object:
        """``read()``, read once per redraw however many parts ask for it (the seats and
        who is connected, in many parts' inputs); outside a redraw, read each time."""
        if self._asked is None:
            return read()
        if key not in self._asked:
            self._asked[key] = read()
        return self._asked[key]

    def _face_the_language(self) -> bool:
        """The page runs right to left in a right-to-left language (Arabic): Flutter mirrors
        the whole layout, rows, paddings and text alike. True: it turned."""
        page, rtl = self.s.page, self.words.rtl
        if bool(getattr(page, "rtl", False)) == rtl:
            return False
        page.rtl = rtl
        return True

    def refresh(self, force: bool = False) -> None:
        """Redraw the parts whose inputs changed (all of them with ``force``). A redraw asked
        while one is under way (a tap's, its handler waiting for a slow game with some parts
        read: loop_bridge.py; the hub's for a change committed meanwhile) is not drawn beside
        it, which the waiting one would then overwrite with what it read before the change
        (the Robinson table left a move behind): the one under way draws once more after."""
        if self._drawing:
            self._again = True
            self._again_forced = self._again_forced or force
            return
        self._drawing = True
        try:
            while True:
                self._again = self._again_forced = False
                self._asked = {}
                try:
                    self._refresh(force)
                except Exception:
                    if not self._again:
                        raise
                    log.exception("redraw failed; drawn once more for a later change")
                finally:
                    self._asked = None
                if not self._again:
                    return
                force = self._again_forced
        finally:
            self._drawing = False

    def _refresh(self, force: bool) -> None:
        first = not self.root.controls
        turned = self._face_the_language()
        if first:
            self.root.controls = self.layout()
        changed, faults = [], []
        for part in self.parts:
            try:
                now = part.inputs()
                if force or not part.drawn or now != part.last:
                    controls = part.draw(now)
                    if controls is not None:
                        part.slot.controls = controls
                        part.slot.visible = bool(controls)  # an empty slot takes no room
                    part.last, part.drawn = now, True  # only once drawn: a failed draw is retried
                    changed.append(part.slot)
                    self.tell(part, first)
            except GameFault as e:  # the game's code failed: said, the other parts drawn
                faults.append(str(e))
        names = self.names()
        for slot in changed:  # names of the other direction keep their place in sentences
            isolate_names(slot, names, self.words.rtl)
        if self._say_game_fault(faults[0] if faults else None):
            changed.append(self.root)
        if first and self.s.read_opening:
            self.s.read_opening = False
            announce(self.s, joined(shown_words(self.root.controls)))
        if self.words_factor != 1 or self._capped_at != 1:
            cap_text_scale(self.root, self.words_factor)
            self._capped_at = self.words_factor
        try:
            if first or force or turned:
                self.s.page.update()
            else:  # only what changed goes over the wire, not a diff of the whole page
                for slot in changed:
                    slot.update()
        except (RuntimeError, AttributeError):  # the session went away meanwhile
            log.debug("update of a closed session skipped", exc_info=True)

    def _say_game_fault(self, sentence: str | None) -> bool:
        """Show (or take away) the game's fault at the top of the screen; whether it changed."""
        shown = self.game_fault
        if sentence is None and (shown is None or not shown.visible):
            return False
        if shown is None:
            shown = self.game_fault = ft.Text(size=22, color=ERROR, weight=ft.FontWeight.BOLD)
            self.root.controls.insert(0, shown)
        if shown.visible == bool(sentence) and shown.value == (sentence or shown.value):
            return False
        shown.visible = bool(sentence)
        shown.value = sentence or shown.value
        if sentence:
            announce(self.s, sentence)
        return True

    def tell(self, part: Part, first: bool) -> None:
        """A screen reader hears the part's news once each time it changes (a sighted player
        sees it change), and for a part that asks it, focus moves to its first button (the
        new ballot's first choice). What a screen showed as it opened the reader reads."""
        said = part.news() if part.news else None
        if said == part.said:
            return
        part.said = said
        if said and not first:
            announce(self.s, said)
            focus = part.focus() if callable(part.focus) else part.focus
            button = first_button(part.slot.controls) if focus else None
            if button is not None:
                move_focus(self.s, button)

    def names(self) -> tuple[str, ...]:
        """The players' names this screen may put into sentences (its room's seats)."""
        code = getattr(self, "code", None)
        if not isinstance(code, str):  # (a join screen's code is the field typed into)
            return ()
        try:
            return self.once("names", lambda: tuple(s.name for s in self.service.seats(code)))
        except Refused:
            return ()

    # a tap anywhere on the screen, on its empty parts too, is told to ``touched`` (the app
    # wraps the screen in a tap detector): a shared phone's idle blank starts again
    counts_taps = False

    def touched(self) -> None:
        """The player pressed a key on this screen (a screen reader's Tab included) or
        tapped it: a shared phone's idle blank starts again (``PhoneRoom``)."""

    def say(self, words: str | None, focus_on: ft.Control | None = None) -> None:
        """Tell the reader what a press changed on this screen (a confirm step, a ballot
        opened, a seat taken), and move the focus to where the player acts next."""
        if words:
            announce(self.s, words)
        if focus_on is not None:
            move_focus(self.s, focus_on)

    def attempt(self, error_line, fn: Callable, *args, **kwargs):
        """Run a request; a refusal becomes the sentence on this screen and changes nothing."""
        error_line.show(None)
        try:
            result = fn(*args, **kwargs)
        except Refused as e:  # the companion's refusal, or the game's sentence passed on by it
            said = self.words(e.args[0]) if len(e.args) == 1 else str(e)
            error_line.show(said)  # a game's refusal is a message: said in this screen's language
            announce(self.s, said)  # a reader hears it too: the press changed nothing
            result = None
        else:
            result = True if result is None else result
        self.s.page.update()  # the hub's redraw may have switched auto-update off
        return result


def announce(session: Session, words: str) -> None:
    """Say ``words`` to a screen reader, joined with whatever else this change says (see
    ``Voice``)."""
    voice = voice_of(session)
    if voice is not None and words:
        voice.say(plain(words))  # speech has no visual order: no bidi isolates


def voice_of(session: Session) -> "Voice | None":
    if session.speaker is None:
        return None
    if session.voice is None:
        session.voice = Voice(session.page, session.speaker,
                              *(session.voice_timing or (GATHER, GAP)))
    return session.voice


def move_focus(session: Session, control: ft.Control) -> None:
    """Move the reader's focus to ``control``; what the change says waits until it has
    moved (see ``Voice.focus``)."""
    voice = voice_of(session)
    if voice is not None:
        voice.focus(control)
    else:
        session.page.run_task(_quietly, control.focus)


# Flutter writes an announcement into one hidden aria-live element and empties it 300 ms
# later (its timer, not the reader, decides): a second one within that time replaces the
# first before the reader reads it, and the first's timer cuts the second short (Orca heard
# 23 of 39, issue 53). So what a change tells its reader is gathered briefly (a press's own
# line and the redraw it causes arrive milliseconds apart) and said as one announcement, and
# the next waits until the last has had its whole time in the element and some to spare.
GATHER = 0.15
GAP = 0.9
# Orca drops the announcements it has not spoken yet when the focus moves (it speaks the
# newly focused control instead): a change that moves the focus says its news once the
# browser has moved it, and a frame later (waiting this long at most)
FOCUS_WAIT = 3.0


class Voice:
    """A browser tab's one voice to its screen reader: sentences said within ``gather``
    seconds are one announcement, in the order they were said (a screen says its parts top
    down: the hand-over, the vote, the game, the reminders); an announcement is never
    followed by the next within ``gap`` seconds; what comes meanwhile waits, joined, and is
    never dropped. With both 0 each sentence is said at once (tests without a loop)."""

    def __init__(self, page, speaker, gather: float = GATHER, gap: float = GAP) -> None:
        self.page, self.speaker = page, speaker
        self.gather, self.gap = gather, gap
        self.pending: list[str] = []
        self.speaking = False  # a task is saying (or about to say) what is pending
        self.said = 0  # announcements made (a test's count)
        # a sentence may come from a worker thread (a game's code off the loop): the pending
        # list and the flag change together
        self._lock = threading.Lock()
        self.focusing = 0  # focus moves asked of the browser and not done yet

    def focus(self, control: ft.Control) -> None:
        """Move the focus to ``control``; what is pending is said after it has moved."""
        with self._lock:
            self.focusing += 1
        try:
            self.page.run_task(_moving, control.focus, self)
        except Exception as e:  # a page that left: nothing to move
            with self._lock:
                self.focusing -= 1
            log.debug("focus not moved: %s", e)

    def say(self, words: str) -> None:
        with self._lock:
            if words not in self.pending:  # two parts saying the same sentence: once
                self.pending.append(words)
            start, self.speaking = not self.speaking, True
        if start:
            try:
                self.page.run_task(self._speak)
            except Exception as e:  # a page that left cannot hear: nothing to report
                with self._lock:
                    self.speaking = False
                log.debug("not said to the screen reader: %s", e)

    def take(self) -> str | None:
        """What is pending, as one announcement, or None (then the voice stops: the next
        sentence starts it again)."""
        with self._lock:
            words, self.pending = joined(self.pending), []
            if not words:
                self.speaking = False
        return words or None

    async def _speak(self) -> None:
        try:
            if self.gather:
                await asyncio.sleep(self.gather)
                await self._after_focus()
            while (words := self.take()) is not None:
                self.said += 1
                await _quietly(self.speaker.announce_message, words)
                if self.gap:
                    await asyncio.sleep(self.gap)
        except BaseException:  # cancelled with the session: a later sentence starts again
            with self._lock:
                self.speaking = False
            raise

    async def _after_focus(self) -> None:
        """Until no focus move is under way (then a frame more, for the browser to show it
        to the reader), FOCUS_WAIT at most."""
        loop = asyncio.get_running_loop()
        deadline, waited = loop.time() + FOCUS_WAIT, False
        while self.focusing and loop.time() < deadline:
            waited = True
            await asyncio.sleep(0.05)
        if waited:
            await asyncio.sleep(self.gather)


async def _moving(focus, voice: Voice) -> None:
    """The browser moves the focus (``focus()`` returns once it has); then the voice may
    speak."""
    try:
        await _quietly(focus)
    finally:
        with voice._lock:
            voice.focusing -= 1


def joined(sentences: list[str]) -> str:
    """Sentences as one announcement: each ends in a stop, so the reader pauses between
    (one sentence is said as it is)."""
    sentences = [s for s in sentences if s and s.strip()]
    if len(sentences) == 1:
        return sentences[0]
    return " ".join(s if s.rstrip()[-1:] in ".!?:;…" else s.rstrip() + "."
                    for s in sentences)


def shown_words(controls: list[ft.Control]) -> list[str]:
    """The lines a screen shows, in order, as its reader reads them; not the buttons' and
    fields' names (the focus reaches those, one Tab each)."""
    out: list[str] = []

    def walk(control) -> None:
        if not isinstance(control, ft.Control) or control.visible is False \
                or getattr(control, "opacity", None) == 0 \
                or isinstance(control, (*PRESSABLE, ft.IconButton, ft.TextField)):
            return
        if isinstance(control, ft.Semantics) and control.exclude_semantics:
            if control.label:  # (a chip: "Ana: connected", said once)
                out.append(control.label)
            return
        if isinstance(control, ft.Text):
            words = control.semantics_label or control.value
            if isinstance(words, str) and words.strip():
                out.append(words.strip())
            return
        for inner in (getattr(control, "content", None), *getattr(control, "controls", ())):
            walk(inner)

    for control in controls:
        walk(control)
    return out


# a KeyboardListener: a heading focus can move to (``widgets.focus_heading``)
FOCUSABLE = (*PRESSABLE, ft.KeyboardListener)


def first_button(controls: list[ft.Control]) -> ft.Control | None:
    """The first enabled, visible button among ``controls`` and inside them."""
    for control in controls:
        if not getattr(control, "visible", True):
            continue
        if isinstance(control, FOCUSABLE) and not control.disabled:
            return control
        inner = [c for c in (getattr(control, "content", None),) if isinstance(c, ft.Control)]
        found = first_button(inner + list(getattr(control, "controls", None) or []))
        if found is not None:
            return found
    return None


async def _quietly(call, *args) -> None:
    """A browser that left meanwhile cannot hear: nothing to report."""
    try:
        await call(*args)
    except Exception as e:
        log.debug("not said to the screen reader: %s", e)


def gone(page: ft.Page) -> bool:
    """The browser of this page has left (closed, asleep, out of Wi-Fi) and not come back."""
    return page.session.connection is None


PREF_WAIT = 5.0  # Flet waits for the browser's answer forever; a screen must not


async def read_pref(prefs: ft.SharedPreferences, key: str, tries: int = 3):
    """The browser's stored value; a browser slow to answer or still reconnecting gets
    asked again, then the screen goes on without it."""
    for attempt in range(tries):
        try:
            return await asyncio.wait_for(prefs.get(key), PREF_WAIT)
        except (RuntimeError, TimeoutError, asyncio.TimeoutError):
            if not _away(prefs):  # a browser that left cannot answer: nothing to report
                log.warning("the browser did not answer for %s (try %d)", key, attempt + 1)
            await asyncio.sleep(0.5)
    return None


async def read_prefs(prefs: ft.SharedPreferences, keys: list[str]) -> dict:
    """Several stored values, all asked for before the first answer: one round trip of the
    websocket for all of them, not one each (a crowded Wi-Fi makes each ~0.2 s)."""
    keys = list(dict.fromkeys(keys))
    return dict(zip(keys, await asyncio.gather(*(read_pref(prefs, key) for key in keys))))


def keep_pref(page: ft.Page, prefs: ft.SharedPreferences, key: str, value, tries: int = 5):
    """Store a value in the browser without holding up the screen; a slow browser gets
    asked again. The screen already has the value; the browser keeps it for reloads."""
    async def store():
        for attempt in range(tries):
            try:
                await asyncio.wait_for(prefs.set(key, value), PREF_WAIT)
                return
            except (RuntimeError, TimeoutError, asyncio.TimeoutError):
                if not gone(page):
                    log.warning("the browser did not store %s (try %d)", key, attempt + 1)
                await asyncio.sleep(1.0)
    page.run_task(store)


def forget_pref(page: ft.Page, prefs: ft.SharedPreferences, key: str) -> None:
    """Remove a value from the browser without holding up the screen (once: a value that
    stays is read again harmlessly)."""
    async def remove():
        try:
            await asyncio.wait_for(prefs.remove(key), PREF_WAIT)
        except (RuntimeError, TimeoutError, asyncio.TimeoutError):
            log.warning("the browser did not remove %s", key)
    page.run_task(remove)


def _away(prefs: ft.SharedPreferences) -> bool:
    try:
        return gone(prefs.page)
    except RuntimeError:  # the service is not on a page (yet)
        return False


def warm() -> None:
    """Load now what a host's first session would otherwise wait for: Flet imports each
    control's (and its sessions' components') module on its first use (the theme's alone
    took ~0.7 s), so the first table screen and the first phone stalled on them. The host
    calls this before it prints the table's address."""
    for name, module in getattr(ft, "_LAZY", {}).items():  # (a Flet 1.0.5 internal)
        if module.startswith(("flet.controls.", "flet.components.")):
            try:
                getattr(ft, name)
            except (AttributeError, ImportError):  # loaded on first use, as without this
                log.debug("not loaded ahead: %s", name)
    # what the start made (modules, classes, the service) lives as long as the host: the
    # collector's full passes, which stop every session, need not walk it each time
    gc.collect()
    gc.freeze()
