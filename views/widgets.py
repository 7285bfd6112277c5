"""Small shared controls: headings, the error line, the QR card, player chips, folds."""
from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import re
import unicodedata
from typing import Any, Callable

import flet as ft

from companion import qr
from companion.language import COMPANION, HOME, LANGUAGES, Message, Speaker, own_name, plain, words

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the shared widgets' words

ACCENT = ft.Colors.AMBER_300
ERROR = ft.Colors.RED_300
OK = ft.Colors.GREEN_300


PRESSABLE = (ft.Button, ft.FilledButton, ft.OutlinedButton, ft.TextButton)
_ANEW = itertools.count(1)


def steady(controls: list[ft.Control], key: str) -> ft.Control:
    """``controls`` in a row keyed ``key``, each button keyed by its words: redrawn with the
    same words (the bar drawn again for a change that left it as it was), a button keeps its
    place on the page, so a press already on its way reaches it (the new button's handler);
    without keys Flet replaces every control, and drops a press that arrives for the old
    one. A button whose words changed is a new one: a press meant for the old is dropped."""
    seen: dict[str, int] = {}
    for control in controls:
        if control.key is not None:
            continue
        if isinstance(control, PRESSABLE) and isinstance(control.content, str):
            n = seen[control.content] = seen.get(control.content, 0) + 1
            control.key = control.content if n == 1 else f"{control.content} ({n})"
        elif getattr(control, "controls", None) or getattr(control, "content", None) or \
                getattr(control, "on_click", None):
            control.key = f"drawn anew {next(_ANEW)}"  # whatever holds a press is replaced
    return ft.Row(controls, key=key, wrap=True, spacing=10, run_spacing=6)


def heading(text: str, size: int = 28, **kw) -> ft.Control:
    """A title a screen reader can jump to (an h2 in the browser's accessibility tree)."""
    # content= by keyword: in Flet 1.0.5 a positional control fills another field of
    # ft.Semantics, and the client draws a grey box
    return ft.Semantics(content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD, **kw),
                        header=True)


def focus_heading(text: str, size: int = 28) -> ft.Control:
    """A heading that focus can move to, as to the new content a screen reader is sent to
    ("Your vote is in."): Flet 1.0.5 focuses only buttons, fields and a KeyboardListener,
    whose focus Flutter gives to the heading's node."""
    return ft.KeyboardListener(content=heading(text, size))


def line(text: str, size: int = 18, **kw) -> ft.Text:
    return ft.Text(text, size=size, **kw)


class ErrorLine(ft.Text):
    """The sentence that says why a request was refused, on the screen that made it."""

    def __init__(self) -> None:
        super().__init__("", color=ERROR, size=18, visible=False, weight=ft.FontWeight.BOLD)

    def show(self, message: str | None) -> None:
        self.value = message or ""
        self.visible = bool(message)


def qr_card(url: str, size: int, caption: str | None = None) -> ft.Container:
    """A QR code on white (dark themes would hide it), big enough to scan across a table."""
    parts: list[ft.Control] = [ft.Image(src=qr.svg(url), width=size, height=size,
                                        semantics_label=f"QR code for {url}")]
    if caption:
        # plain text: a selectable one is read as a disabled, unnamed text box
        parts.append(ft.Text(caption, color=ft.Colors.BLACK, size=16,
                             text_align=ft.TextAlign.CENTER, width=size))
    return ft.Container(ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                  tight=True),
                        bgcolor=ft.Colors.WHITE, padding=16, border_radius=12)


def wifi_card(name: str, password: str | None, size: int) -> ft.Container:
    """The Wi-Fi's QR code (a phone camera offers to join it), named under it for phones that
    cannot scan one."""
    caption = f"Wi-Fi {name}" + (f"\npassword {password}" if password else "")
    return qr_card(qr.wifi(name, password), size, caption)


# Player colours: distinct at a glance on a dark screen, and never the only sign (the initial
# and the name go with them).
PLAYER_COLOURS = [ft.Colors.AMBER_400, ft.Colors.LIGHT_BLUE_300, ft.Colors.PINK_300,
                  ft.Colors.LIGHT_GREEN_400, ft.Colors.DEEP_ORANGE_300, ft.Colors.PURPLE_200,
                  ft.Colors.TEAL_300, ft.Colors.YELLOW_200, ft.Colors.INDIGO_200,
                  ft.Colors.RED_200, ft.Colors.CYAN_200, ft.Colors.LIME_300]


def player_colour(index: int) -> str:
    """A seat's colour (``Seat.colour``: given when it sat down, kept when it moves)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def unread(control: ft.Control) -> ft.Control:
    """Shown, but not read out: a label beside it already says it in words."""
    return ft.Semantics(content=control, exclude_semantics=True)


def initial_avatar(name: str, colour: str, size: int, ink: str = ft.Colors.BLACK) -> ft.Control:
    """A player's initial on their colour, always beside their name: a screen reader hears
    the name once, not its initial first ("A", "Ana")."""
    return unread(ft.CircleAvatar(content=ft.Text(name[:1].upper(), color=ink, size=size,
                                                  weight=ft.FontWeight.BOLD),
                                  bgcolor=colour, radius=round(size * 0.9)))


# a seat's phone, said by shape and word as well as colour (a check, a cross and "away", or
# "seat free"): the colours alone are 1.48:1 apart and mean nothing to a colour-blind player
PRESENCE = {"connected": (ft.Icons.CHECK_CIRCLE, OK, None),
            "not connected": (ft.Icons.CANCEL, ERROR, _("away")),
            "seat free": (None, ft.Colors.GREY_400, _("seat free"))}
# each state as a screen reader hears it after the name ("Ana: not connected")
PRESENCE_HEARD = {"connected": _("connected"), "not connected": _("not connected"),
                  "seat free": _("seat free")}
ENGLISH = words("en")  # a chip drawn with no screen's words says the source's


def presence_marks(state: str, size: int, say: Callable[[Any], str] = ENGLISH
                   ) -> list[ft.Control]:
    """The icon and word a person sees for a seat's phone, in the screen's words."""
    icon, colour, word = PRESENCE[state]
    marks: list[ft.Control] = [ft.Icon(icon, size=size, color=colour)] if icon else []
    if word:
        marks.append(ft.Text(say(word), size=size - 6, color=colour,
                             weight=ft.FontWeight.BOLD))
    return marks


def player_chip(name: str, colour: int, *, state: str | None = None,
                size: int = 18, on_click=None, note: Any = "",
                wraps: bool = False, say: Callable[[Any], str] = ENGLISH) -> ft.Container:
    """A player as the table sees them: their colour, initial and name, and for a seat whether
    their phone is connected. A screen reader hears it all once, in words ("Ana: connected"),
    not the initial, the name and the marks one by one. ``wraps``: a long name in big text
    goes on to a second line rather than being cut at the edge (only where the chip's width
    is bounded: a phone's header). ``say``: the screen's words, for the presence words and
    the ``note`` (a message, or a string said as it is)."""
    colour = player_colour(colour)
    heard = PRESENCE_HEARD.get(state, state) if state else ""
    # Translators: a seat's chip as a screen reader hears it ("Ana: connected, shared device")
    spoken = plain(say(_("{name}: {state}, {note}", name=name, state=heard, note=note)
                       if heard and note else
                       _("{name}: {state}", name=name, state=heard) if heard else
                       _("{name}, {note}", name=name, note=note) if note else name))  # speech
    note = say(note)
    parts: list[ft.Control] = [
        initial_avatar(name, colour, size),
        ft.Text(name, size=size, weight=ft.FontWeight.W_600, expand=wraps, expand_loose=wraps),
        *(presence_marks(state, size, say) if state is not None else [])]
    if note:
        parts.append(ft.Text(note, size=size - 4, italic=True))
    return ft.Container(ft.Semantics(content=ft.Row(parts, spacing=6, tight=True), label=spoken,
                                     exclude_semantics=True),
                        padding=ft.Padding(6, 4, 10, 4), border_radius=40,
                        border=ft.Border.all(2, colour), on_click=on_click,
                        ink=on_click is not None)


class Fold(ft.Container):
    """One short line, with a small button that opens the rest (and closes it again); the
    button says which, in words: ``more`` with how many (``count``, else the lines of the
    rest; a ``more`` in a screen's language says where: "Más ({n})", else the catalog puts
    the count after it: "Mostrar más ajustes (3)"), or ``less``. ``say``: the screen's words,
    for the count (a number written the language's way, by Babel) and the words around it."""

    def __init__(self, title: str, rest: list[ft.Control], size: int = 18,
                 more: str = "More", less: str = "Less", count: int | None = None,
                 say: Callable[[Any], str] | None = None) -> None:
        self.more, self.less, self.count = more, less, count
        self.words = say or words()  # the source language's, as the words given are
        self.rest = ft.Column(rest, spacing=6, tight=True, visible=False)
        self.button = ft.TextButton(on_click=self._toggle, visible=bool(rest))
        self._say()
        super().__init__(
            ft.Column([ft.Text(title, size=size, weight=ft.FontWeight.W_600),
                       self.button, self.rest], spacing=2, tight=True),
            bgcolor=ft.Colors.with_opacity(0.12, ACCENT), padding=10, border_radius=8)

    def open(self) -> None:
        self.rest.visible = True
        self._say()

    def _say(self) -> None:
        n = len(self.rest.controls) if self.count is None else self.count
        if self.rest.visible:
            self.button.content = self.less
        elif "{n}" in self.more:  # the count's place said by the words given
            self.button.content = self.more.replace("{n}", self.words(Message("{n}", (("n", n),))))
        else:
            # Translators: a fold's button, its words and how many lines it opens
            self.button.content = self.words(_("{words} ({n})", words=self.more, n=n))

    def _toggle(self, e=None) -> None:
        self.rest.visible = not self.rest.visible
        self._say()
        self.update()


# The words around a phone's move follow the browser's text size up to 130%; the move itself
# (its buttons' labels) follows it all the way (issue 33): at 200% on a small phone, the
# question, the reminders and the header at full size would push the move off the screen.
WORDS_SCALE_CAP = 1.3
BODY_SIZE = 14  # what Flutter draws a Text of no size at
PROBE_SIZE = 10  # px: the probe letter's height at the browser's default text size


class TextScaleProbe(ft.Text):
    """The browser's text size, which Flutter follows and the host cannot ask: an invisible
    letter one line of ``PROBE_SIZE`` px high (so drawn ``PROBE_SIZE`` times the text scale
    high), whose drawn height Flutter sends back; ``on_scale(scale)`` is called with it (1.0:
    the browser's default). Put it last on a screen: it takes a few pixels of room."""

    def __init__(self, on_scale: Callable[[float], None]) -> None:
        super().__init__("M", size=PROBE_SIZE, style=ft.TextStyle(height=1), opacity=0,
                         on_size_change=self._measured)
        self.on_scale = on_scale

    def _measured(self, e) -> None:
        if e.height:
            self.on_scale(round(e.height / PROBE_SIZE, 2))


def cap_text_scale(control: ft.Control, factor: float) -> None:
    """Every Text under ``control`` drawn at ``factor`` times its own size (the size it was
    made with is kept, so capping again, or with 1.0 to undo, is exact). Buttons' labels are
    not Text controls: they keep growing with the browser's text."""
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, TextScaleProbe):
            continue  # it measures the browser's text size: never capped itself
        if isinstance(c, ft.Text):
            base = c.__dict__.setdefault("_base_size", c.size)
            c.size = base if factor == 1 else (base or BODY_SIZE) * factor
        for field in dataclasses.fields(c):
            if field.name.startswith("_"):
                continue
            value = getattr(c, field.name, None)
            stack += [v for v in (value if isinstance(value, list) else [value])
                      if isinstance(v, ft.BaseControl)]


# A right-to-left name in a left-to-right sentence takes its neighbours with it: "علي: 1 vote"
# is drawn "1 :علي vote", and "علي, דנה" swaps the two (the Unicode bidi algorithm); a Latin
# name in an Arabic sentence does the same. Each name put into a sentence whose direction
# differs from the screen's language is isolated (first-strong isolate ... pop directional
# isolate), so it is one letter-like block in the sentence's order. A message's values are
# isolated where a screen says it (``companion.language.Words``); this pass catches the
# names a part drew into a text of its own. A name of the screen's own direction stays byte
# for byte what tests, exports and accessible names compare.
FSI, PDI = "\u2068", "\u2069"


def right_to_left(name: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name)


def left_to_right(name: str) -> bool:
    """Latin (or any left-to-right) letters and none that run right to left."""
    return not right_to_left(name) and any(unicodedata.bidirectional(ch) == "L" for ch in name)


@functools.lru_cache(maxsize=64)
def _isolating(names: tuple[str, ...], rtl: bool = False) -> re.Pattern | None:
    other = left_to_right if rtl else right_to_left  # the names that run the other way
    found = sorted((n for n in set(names) if n and other(n)), key=len, reverse=True)
    if not found:
        return None
    # a name not isolated yet, and not part of a longer word
    return re.compile(r"(?<![\w\u2068])(" + "|".join(map(re.escape, found)) + r")(?![\w\u2069])")


def isolate(text: str, names: tuple[str, ...], rtl: bool = False) -> str:
    """``text`` with every name of ``names`` in it that runs the other way than the screen's
    language (right to left on a left-to-right screen, or the reverse: ``rtl``) isolated (a
    text that is only the name, a chip's, is left as it is: nothing around it to reorder)."""
    pattern = _isolating(names, rtl)
    if pattern is None or not text or text in names:
        return text
    return pattern.sub(lambda m: FSI + m.group(1) + PDI, text)


def isolate_names(control: ft.Control, names: tuple[str, ...], rtl: bool = False) -> None:
    """Every Text and button label under ``control`` with its names that run the other way
    than the screen's language isolated (``isolate``; ``rtl``: a right-to-left screen); what
    a player types (a TextField's value) is never touched."""
    if _isolating(tuple(names), rtl) is None:
        return
    names = tuple(names)
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text) and isinstance(c.value, str):
            c.value = isolate(c.value, names, rtl)
        elif isinstance(c, PRESSABLE) and isinstance(getattr(c, "content", None), str):
            c.content = isolate(c.content, names, rtl)
        for field in dataclasses.fields(c):
            if field.name.startswith("_"):
                continue
            value = getattr(c, field.name, None)
            stack += [v for v in (value if isinstance(value, list) else [value])
                      if isinstance(v, ft.BaseControl)]


def printed(box: ft.Row | ft.Column, rtl: bool) -> ft.Row | ft.Column:
    """``box`` as printed cardboard reads (a castle's columns A to M, a life track): left to
    right on a right-to-left screen too. Flet never sends ``rtl=False`` (a property equal to
    its default stays on the host), so no Directionality can be asked for: on such a screen a
    row gets its children reversed (a right-to-left row lays its first on the right) and is
    packed to the left, a column of rows is aligned to the left. A wrapping row's lines would
    run in the wrong order: a printed row does not wrap on a right-to-left screen."""
    if not rtl:
        return box
    if isinstance(box, ft.Row):
        box.controls = list(reversed(box.controls))
        box.alignment = {ft.MainAxisAlignment.START: ft.MainAxisAlignment.END,
                         ft.MainAxisAlignment.END: ft.MainAxisAlignment.START}.get(
            box.alignment, box.alignment)
        box.wrap = False
    else:
        box.horizontal_alignment = {ft.CrossAxisAlignment.START: ft.CrossAxisAlignment.END,
                                    ft.CrossAxisAlignment.END: ft.CrossAxisAlignment.START}.get(
            box.horizontal_alignment, box.horizontal_alignment)
    return box


PAGE_PADDING = 16  # around every screen; what sizes itself to the width leaves it out

# what sits in the seating column of a 1024 px table screen (551 px of room): a setup form's
# fields, the seat ring
SEATING_WIDTH = 520

# a thumb's button: 48 px tall or more at the browser's default text size, and taller as its
# label grows with the browser's text size (issue 33): padded around the label, never given a
# height, which would keep the button's height while its words doubled
THUMB_PADDING = ft.Padding.symmetric(vertical=14, horizontal=20)


# a phone button's corners: rounded, not the stadium's half circles, which a label of three
# lines at 200% text stuck out of (issue 53)
THUMB_SHAPE = ft.RoundedRectangleBorder(radius=16)

# the keyboard focus: a ring, not the faint change of fill (WCAG 2.2's focus appearance: 3 px
# drawn outside the button, on the dark page, so the same pixels change by far more than 3:1
# between unfocused and focused; tests/views/test_big_text.py)
FOCUS_RING = "#FFFFFF"
FOCUS_SIDE = {ft.ControlState.FOCUSED: ft.BorderSide(
    3, FOCUS_RING, stroke_align=ft.BorderSideStrokeAlign.OUTSIDE)}


def thumb_style(**style) -> ft.ButtonStyle:
    """A phone button's style: its label padded to a thumb's height, however big the text."""
    style.setdefault("shape", THUMB_SHAPE)
    return ft.ButtonStyle(padding=THUMB_PADDING, **style)


def focus_ring_themes() -> dict:
    """The theme's button styles (every kind of button): the focus ring, the rest as Flet's."""
    style = ft.ButtonStyle(side=FOCUS_SIDE)
    return dict(button_theme=ft.ButtonTheme(style=style),
                filled_button_theme=ft.FilledButtonTheme(style=style),
                outlined_button_theme=ft.OutlinedButtonTheme(style=style),
                text_button_theme=ft.TextButtonTheme(style=style),
                icon_button_theme=ft.IconButtonTheme(style=style))


# a thumb's button: the whole width of a phone, a half or a third of a tablet or a table screen
THUMB_WIDTH = {"xs": 12, "sm": 8, "md": 6, "lg": 4}


def thumb_wide(button: ft.Control) -> ft.Control:
    """A phone's button as wide as the screen's content, on a 360 px phone as on a 430 px one
    (Flutter sizes it: a phone turned sideways needs no redraw); narrower on a wide screen."""
    button.col = THUMB_WIDTH
    return ft.ResponsiveRow([button])


def now_line(lines, size: int = 18, more: str = "More", less: str = "Less") -> ft.Control:
    """What happens now, folded into one short line that opens on a tap (the rest of the
    reminders inside), so the player's own move stays on the first screen; ``more`` and
    ``less`` are its button's words in the screen's language."""
    lines = [t for t in lines if t]
    if not lines:
        return ft.Container(visible=False)
    return Fold(lines[0], [ft.Text(t, size=size - 2) for t in lines[1:]], size, more, less)


def panel(title: str, controls: list[ft.Control]) -> ft.Container:
    return ft.Container(
        ft.Column([heading(title, 22), *controls], tight=True,
                  spacing=8),
        padding=14, border_radius=10, border=ft.Border.all(1, ft.Colors.WHITE_24))


def clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class TimerLine(ft.Text):
    """The discussion timer, ticking once a second on its own while it runs."""

    def __init__(self, seconds_left, size: int = 24) -> None:
        super().__init__("", size=size, weight=ft.FontWeight.BOLD)
        self.seconds_left = seconds_left  # () -> int | None, read from the service
        self._task: asyncio.Task | None = None

    def _words(self, left: int | None) -> str:
        if left is None:
            return ""
        return "Discussion time is up" if left == 0 else f"Discussion: {clock(left)} left"

    def sync(self) -> None:
        left = self.seconds_left()
        self.value = self._words(left)
        self.visible = left is not None  # no line at all for a timer that is not running
        if left and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(1)
            left = self.seconds_left()
            self.value = self._words(left)
            self.visible = left is not None
            try:
                self.update()
            except (RuntimeError, AttributeError):  # the screen is gone
                return
            if not left:
                return

    def stop(self) -> None:
        if self._task:
            self._task.cancel()


def language_switch(current: str, pick: Callable[[str], object],
                    languages=None) -> ft.Control:
    """The screen's language: one button that says the one in use ("Idioma: Español"); a
    tap opens the six by their own names ("Polski", "العربية"), the one in use marked and not
    a button, and a tap on one calls ``pick(language)``. Folded, so that a screen draws no
    other script's letters until someone opens it: a table of Latin names fetches no Arabic
    font for the word "العربية" (tests/e2e/test_scripts.py)."""
    def chose(language: str):
        def handler(e=None):
            return pick(language)
        return handler

    def open_all(e=None):
        items = []
        for language in languages or LANGUAGES:
            name = own_name(language)
            if language == current:
                items.append(ft.Container(ft.Text(name, size=16, weight=ft.FontWeight.BOLD,
                                                  color=ACCENT),
                                          padding=ft.Padding(12, 8, 12, 8),
                                          key=f"language {language}"))
            else:
                items.append(ft.TextButton(name, on_click=chose(language),
                                           key=f"language {language}"))
        # no icon: each name says itself, and the served icon font stays cut to the screens' own
        holder.controls = [ft.Row(items, wrap=True, spacing=2, run_spacing=0,
                                  vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        try:
            holder.update()
        except RuntimeError:  # not on a page (a test's screen): its next redraw shows it
            pass

    said = words(current)(_("Language: {name}", name=own_name(current)))
    holder = ft.Column([ft.TextButton(said, on_click=open_all, key="language switch")],
                       spacing=0)
    return holder
