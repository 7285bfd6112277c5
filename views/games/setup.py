"""The setup form, drawn from a game's option schemas (``Option.schema`` in rules/base.py,
handed to the screens by the companion in ``game_data(code)["options"]``): every game's table
shows its options the same way, and a game's panel writes nothing for an ordinary option.

Each option is its sentence, then its field, named by its label (what a screen reader says):
a box to tick (``bool``), one choice among its values in words (``choice``, an ``int`` with
words, a ``bool`` whose default is None: yes, no or the rules decide; radios, or a row of
buttons with ``buttons``, the chosen value said in words below), a number or a text typed
(``int``, ``text``, on several lines for ``lines``), one of the seated players (``player``,
redrawn when they change), a ``mapping`` with ``parts`` as one field per key. A group of
choices is named by its label in bold before it; options of a ``fold`` are drawn closed
under its title until a tap on "Show ..." opens them (or one of them is not its
default). ``values()`` is
what the table's Start sends; ``fill(options)`` puts the last game's options back ("Play
again").

An option whose typed form needs the game's own reading (characters typed in seat order, a
roster of names and traits) gets the panel's own field (``GamePanel.setup_field``): a
``FormField``, often a ``Typed`` with the game's ``parse`` and ``show``.
"""
from __future__ import annotations

from itertools import groupby
from typing import Any, Callable, Mapping, Sequence

import flet as ft

from companion.errors import Refused
from companion.language import COMPANION, HOME, Speaker, words

from ..widgets import SEATING_WIDTH, Fold, line

_ = Speaker(COMPANION, HOME)  # the form's own words: the companion's catalog
ENGLISH = words("en")  # a form made with no screen's words says the source's

TEXT = 16  # the form's sentences, as the seating panel's
PART_WIDTH = 270  # a part of a mapping: several to a row

EMPTY = object()  # a field left empty: the option's default, sent as nothing


class FormField:
    """What the form asks of a field: its controls (shown after the option's sentence), its
    value read from them (``EMPTY``: left to the default; ``Refused``: a sentence for a bad
    entry), a value put back, and the seated players when they change."""

    group = False  # a group of several controls: its label is said in bold before it

    def __init__(self, label: str, controls: Sequence[ft.Control]) -> None:
        self.label, self.controls = label, list(controls)

    def read(self) -> Any:
        return EMPTY

    def put(self, value: Any) -> None:
        pass

    def seat(self, players: Sequence[str]) -> None:
        pass


class Tick(FormField):
    """A yes or no: a box to tick."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.control = ft.Checkbox(label=schema["label"], value=bool(schema["default"]))
        super().__init__(schema["label"], [self.control])

    def read(self) -> bool:
        return bool(self.control.value)

    def put(self, value: Any) -> None:
        self.control.value = bool(value)


class Typed(FormField):
    """A text field; ``parse`` reads what is typed (the empty field is ``EMPTY``), ``show``
    writes a value back."""

    def __init__(self, label: str, parse: Callable[[str], Any] = lambda typed: typed,
                 show: Callable[[Any], str] = str, *, value: Any = None, hint: str = "",
                 lines: int = 1, width: int = SEATING_WIDTH) -> None:
        self.parse, self.show = parse, show
        self.control = ft.TextField(
            label=label, hint_text=hint or None, width=width, multiline=lines > 1,
            min_lines=min(lines, 3) if lines > 1 else None,
            max_lines=lines if lines > 1 else None, text_size=14 if lines > 1 else None)
        super().__init__(label, [self.control])
        self.put(value)

    def read(self) -> Any:
        typed = (self.control.value or "").strip()
        return self.parse(typed) if typed else EMPTY

    def put(self, value: Any) -> None:
        self.control.value = "" if value is None else self.show(value)


def typed(schema: Mapping[str, Any], width: int = SEATING_WIDTH) -> Typed:
    """A number or a text typed, as its schema says."""
    label = schema["label"]

    def whole(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise Refused(_("{label}: type a whole number.", label=label)) from None
    return Typed(label, whole if schema["kind"] == "int" else lambda text: text,
                 value=schema["default"], lines=schema.get("lines") or 1, width=width)


def _key(value: Any) -> str:
    """A radio's value is text: None (the rules decide) is the empty one."""
    return "" if value is None else str(value)


class Pick(FormField):
    """One value among several, each in words: radios, or a row of buttons (the chosen one
    filled); the chosen value's note (else its words) is said below, never by colour alone."""

    group = True

    def __init__(self, schema: Mapping[str, Any], say: Callable[[Any], str] = ENGLISH) -> None:
        self.kind, self.default, self.say = schema["kind"], schema["default"], say
        words = {v: w for v, w in schema.get("words") or ()}
        if self.kind == "bool":  # three states: the rules decide, yes, no
            words = {None: say(_("The rules decide")), True: say(_("Yes")),
                     False: say(_("No")), **words}
        self.words = words
        self.notes = {v: n for v, n in schema.get("notes") or ()}
        self.buttons = bool(schema.get("buttons"))
        self.chosen = self.default  # the buttons' value (radios keep theirs in the group)
        self.box = ft.Row(wrap=True, spacing=8, run_spacing=8) if self.buttons else \
            ft.RadioGroup(ft.Row(), value=_key(self.default), on_change=self._said)
        self.note = line("", TEXT, weight=ft.FontWeight.BOLD, visible=False)
        # a tapped button says nothing by itself: a screen reader hears the note change
        said = ft.Semantics(content=self.note, live_region=True) if self.buttons else self.note
        super().__init__(schema["label"], [self.box, *(
            [said] if self.notes or self.buttons else [])])
        self.values: list[Any] = []
        if self.kind != "player":  # a player's values are the seated players (``seat``)
            self.offer(list(schema.get("allowed") or ()) if self.kind == "choice"
                       else list(words))

    def offer(self, values: Sequence[Any]) -> None:
        """The values to choose from, in words; radios each on a line of their own once one
        is long."""
        self.values = list(values)
        said = [(v, self.words.get(v, str(v))) for v in self.values]
        if self.buttons:
            self.box.controls = [ft.OutlinedButton(w, on_click=self._tapped(v))
                                 for v, w in said]
            self._mark()
        else:
            radios = [ft.Radio(value=_key(v), label=w) for v, w in said]
            self.box.content = ft.Column(radios, tight=True, spacing=0) \
                if any(len(w) > 40 for _, w in said) else \
                ft.Row(radios, wrap=True, spacing=4, run_spacing=0)
        self._said()

    def _mark(self) -> None:
        """The chosen button filled and ticked, the same buttons kept: a tap leaves the
        keyboard's and the screen reader's focus on the button tapped."""
        for value, button in zip(self.values, self.box.controls):
            chosen = value == self.chosen
            button.icon = ft.Icons.CHECK if chosen else None
            button.style = ft.ButtonStyle(
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None)

    def _tapped(self, value: Any):
        def handler(e=None) -> None:
            self.put(value)
        return handler

    def _said(self, e=None) -> None:
        """Below the choices, the chosen value in words (a button's fill is not enough)."""
        value = self.read()
        note = self.notes.get(value) or (self.buttons and self.say(
            _("Chosen: {choice}.", choice=self.words.get(value, str(value)))))
        self.note.value, self.note.visible = note or "", bool(note)

    def read(self) -> Any:
        if self.buttons:
            return self.chosen
        value = self.box.value
        return next((v for v in (*self.values, *self.words) if _key(v) == value),
                    value or EMPTY)

    def put(self, value: Any) -> None:
        """Choose ``value`` (one the form does not offer is left as it is; a player's name
        is kept until the players are seated)."""
        if self.kind != "player" and value not in self.values and (
                value is not None or self.buttons):  # radios: None leaves them all unset
            return
        if self.buttons:
            self.chosen = value
            self._mark()
            self._said()
        else:
            self.box.value = _key(value)
            self._said()

    def seat(self, players: Sequence[str]) -> None:
        """A player option offers the seated players (a chosen one who left: the default)."""
        if self.kind != "player":
            return
        if self.read() not in (None, EMPTY, *players):
            self.put(None)
        self.offer([None, *players])


class Parts(FormField):
    """A mapping drawn as one field per key (``parts``): only the parts that differ from
    their default are given, and nothing when none does."""

    group = True

    def __init__(self, schema: Mapping[str, Any], say: Callable[[Any], str] = ENGLISH) -> None:
        self.defaults = {p["name"]: p["default"] for p in schema["parts"]}
        self.parts = {p["name"]: field(p, PART_WIDTH, say) for p in schema["parts"]}
        super().__init__(schema["label"], [ft.Row(
            [c for part in self.parts.values() for c in part.controls], wrap=True)])

    def read(self) -> Any:
        read = {key: part.read() for key, part in self.parts.items()}
        changed = {key: value for key, value in read.items()
                   if value is not EMPTY and value != self.defaults[key]}
        return changed or EMPTY

    def put(self, value: Any) -> None:
        given = value if isinstance(value, Mapping) else {}
        for key, part in self.parts.items():
            part.put(given.get(key, self.defaults[key]))


def field(schema: Mapping[str, Any], width: int = SEATING_WIDTH,
          say: Callable[[Any], str] = ENGLISH) -> FormField:
    """The form's field for an option (its schema said in the screen's words: ``said``), by
    its kind; ``say`` says the form's own words."""
    kind = schema["kind"]
    if kind == "bool":
        return Pick(schema, say) if schema["default"] is None else Tick(schema)
    if kind in ("choice", "player") or (kind == "int" and schema.get("words")):
        return Pick(schema, say)
    if kind == "mapping" and schema.get("parts"):
        return Parts(schema, say)
    return typed(schema, width)


def said(schema: Mapping[str, Any], say: Callable[[Any], str]) -> dict[str, Any]:
    """An option's schema with its words in the screen's language: its label, sentence, fold
    title, the words of its values and their notes may be messages of the game's catalog
    (``rules.words.Message``), or plain strings (a game with no catalog: said as they are).
    Every field, the game's own (``GamePanel.setup_field``) too, gets plain strings."""
    def pairs(key: str) -> list:
        return [[value, say(words)] for value, words in schema.get(key) or ()]
    return {**schema, "label": say(schema.get("label") or schema["name"]),
            "sentence": say(schema.get("sentence")), "fold": say(schema.get("fold") or ""),
            "words": pairs("words"), "notes": pairs("notes"),
            "parts": [said(part, say) for part in schema.get("parts") or ()]}


class FoldedOptions:
    """Options a table seldom changes, folded under a title (``Option.fold``) in the
    screens' ``Fold``, its button saying what it shows and how many settings, or what it
    hides (the title reads after "Show"). ``options``: each option's name, field, default
    and controls."""

    def __init__(self, title: str,
                 options: list[tuple[str, FormField, Any, list[ft.Control]]],
                 say: Callable[[Any], str] = ENGLISH) -> None:
        self.title = title
        self.fields = {name: (made, default) for name, made, default, _ in options}
        # the button names what it opens: a reader moving from button to button hears it
        self.fold = Fold(title[:1].upper() + title[1:], [c for *_, drawn in options
                                                         for c in drawn], TEXT,
                         more=say(_("Show {title}", title=title)),
                         less=say(_("Hide {title}", title=title)), count=len(options),
                         say=say)

    def open_if_changed(self) -> None:
        """Open once a setting in it is not its default (the last game's, put back): what a
        game starts with is never hidden from the table."""
        def changed(made: FormField, default: Any) -> bool:
            try:
                return made.read() not in (EMPTY, default)
            except Refused:  # a typed entry the game cannot read: the table must see it
                return True
        if any(changed(made, default) for made, default in self.fields.values()):
            self.fold.open()


class SetupForm:
    """The fields of a game's options, in the schemas' order, each after its sentence
    (``beside(name)``: what the game shows after an option's field, e.g. a button;
    ``own(schema)``: the game's own field for an option, or None for the form's); options
    of the same ``fold`` next to each other are drawn in one ``FoldedOptions``. ``say``: the
    screen's words (``GamePanel.say``), for the schemas' messages and the form's own words."""

    def __init__(self, schemas: Sequence[Mapping[str, Any]],
                 beside: Callable[[str], list[ft.Control]] = lambda name: [],
                 own: Callable[[Mapping[str, Any]], FormField | None] = lambda schema: None,
                 say: Callable[[Any], str] = ENGLISH) -> None:
        self.fields: dict[str, FormField] = {}
        self.folds: list[FoldedOptions] = []
        self.controls: list[ft.Control] = []
        schemas = [said(schema, say) for schema in schemas]
        for title, group in groupby(schemas, lambda schema: schema.get("fold") or ""):
            options = []
            for schema in group:
                made = self.fields[schema["name"]] = own(schema) or field(schema, say=say)
                drawn = [line(made.label + ":", TEXT, weight=ft.FontWeight.BOLD)] \
                    if made.group else []  # a group: its label names it
                drawn += [line(schema["sentence"], TEXT), *made.controls,
                          *beside(schema["name"])]
                options.append((schema["name"], made, schema["default"], drawn))
            if title:
                self.folds.append(FoldedOptions(title, options, say))
                self.controls.append(self.folds[-1].fold)
            else:
                self.controls += [c for *_, drawn in options for c in drawn]

    def values(self) -> dict[str, Any]:
        """The options for ``GAME.setup``: a field left empty is left out (its default)."""
        read = {name: field.read() for name, field in self.fields.items()}
        return {name: value for name, value in read.items() if value is not EMPTY}

    def fill(self, options: Mapping[str, Any]) -> None:
        """Each field as ``options`` has it (the last game's); the rest keep theirs."""
        for name, field in self.fields.items():
            if name in options:
                field.put(options[name])
        for fold in self.folds:
            fold.open_if_changed()

    def seat(self, players: Sequence[str]) -> None:
        for field in self.fields.values():
            field.seat(players)
