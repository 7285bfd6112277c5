"""The setup form, drawn from a game's option schemas (``Option.schema`` in rules/base.py,
handed to the screens by the companion in ``game_data(code)["options"]``): every game's table
shows its options the same way, and a game's panel writes nothing for an ordinary option.

Each option is its sentence, then its field, named by its label (what a screen reader says):
a box to tick (``bool``), one choice among its values in words (``choice``, or an ``int``
with words), a number or a text typed (``int``, ``text``, on several lines for ``lines``),
one of the seated players (``player``, redrawn when they change). ``values()`` is what the
table's Start sends; ``fill(options)`` puts the last game's options back ("Play again").
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import flet as ft

from companion.errors import Refused

from ..widgets import SEATING_WIDTH, line

TEXT = 16  # the form's sentences, as the seating panel's


class Field:
    """One option on the form: its controls, and its value read from them and put back."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.name, self.kind = schema["name"], schema["kind"]
        self.label, self.default = schema["label"], schema["default"]
        self.allowed = list(schema.get("allowed") or ())
        self.words = {v: w for v, w in schema.get("words") or ()}
        self.control = self._control(schema)

    def _control(self, schema: Mapping[str, Any]) -> ft.Control:
        if self.kind == "bool":
            return ft.Checkbox(label=self.label, value=bool(self.default))
        if self.kind in ("choice", "player") or (self.kind == "int" and self.words):
            return ft.RadioGroup(ft.Row(wrap=True, spacing=4, run_spacing=0),
                                 value=self._key(self.default))
        lines = schema.get("lines") or 1
        return ft.TextField(label=self.label, width=SEATING_WIDTH,
                            value="" if self.default is None else str(self.default),
                            multiline=lines > 1, min_lines=min(lines, 3) if lines > 1 else None,
                            max_lines=lines if lines > 1 else None,
                            text_size=14 if lines > 1 else None)

    @staticmethod
    def _key(value: Any) -> str:
        """A radio's value is text: None (the rules decide) is the empty one."""
        return "" if value is None else str(value)

    def radios(self, values: Sequence[tuple[Any, str]]) -> None:
        """The values to choose from, in words, each on a line of its own once one is long."""
        long = any(len(w) > 40 for _, w in values)
        radios = [ft.Radio(value=self._key(v), label=w) for v, w in values]
        self.control.content = ft.Column(radios, tight=True, spacing=0) if long else \
            ft.Row(radios, wrap=True, spacing=4, run_spacing=0)

    def seat(self, players: Sequence[str]) -> None:
        """A player option offers the seated players (a chosen one who left: the default)."""
        if self.kind != "player":
            return
        if self.control.value not in ("", *players):
            self.control.value = ""
        self.radios([(None, self.words.get(None, "The rules decide")),
                     *((p, p) for p in players)])

    def read(self) -> Any:
        """The value as typed or chosen; ``Field.EMPTY`` for a field left to the default."""
        value = self.control.value
        if self.kind == "bool":
            return bool(value)
        if isinstance(self.control, ft.RadioGroup):
            return next((v for v in (*self.allowed, *self.words) if self._key(v) == value),
                        value or EMPTY)
        typed = (value or "").strip()
        if not typed:
            return EMPTY
        if self.kind == "int":
            try:
                return int(typed)
            except ValueError:
                raise Refused(f"{self.label}: type a whole number.") from None
        return typed if self.kind == "text" else value

    def put(self, value: Any) -> None:
        """Show ``value`` (a choice the form does not offer is left as it is)."""
        if self.kind == "bool":
            self.control.value = bool(value)
        elif isinstance(self.control, ft.RadioGroup):
            if self.kind == "player" or value in (*self.allowed, *self.words, None):
                self.control.value = self._key(value)
        else:
            self.control.value = "" if value is None else str(value)


EMPTY = object()  # a field left empty: the option's default, sent as nothing


class SetupForm:
    """The fields of a game's options, in the schemas' order, each after its sentence
    (``beside(name)``: what the game shows after an option's field, e.g. a button)."""

    def __init__(self, schemas: Sequence[Mapping[str, Any]],
                 beside: Callable[[str], list[ft.Control]] = lambda name: []) -> None:
        self.fields = {s["name"]: Field(s) for s in schemas}
        self.controls: list[ft.Control] = []
        for schema in schemas:
            field = self.fields[schema["name"]]
            if isinstance(field.control, ft.RadioGroup):  # a group: its label names it
                self.controls.append(line(field.label + ":", TEXT, weight=ft.FontWeight.BOLD))
                field.radios([(v, field.words.get(v, str(v))) for v in field.allowed])
            self.controls += [line(schema["sentence"], TEXT), field.control,
                              *beside(schema["name"])]

    def values(self) -> dict[str, Any]:
        """The options for ``GAME.setup``: a field left empty is left out (its default)."""
        read = {name: field.read() for name, field in self.fields.items()}
        return {name: value for name, value in read.items() if value is not EMPTY}

    def fill(self, options: Mapping[str, Any]) -> None:
        """Each field as ``options`` has it (the last game's); the rest keep theirs."""
        for name, field in self.fields.items():
            if name in options:
                field.put(options[name])

    def seat(self, players: Sequence[str]) -> None:
        for field in self.fields.values():
            field.seat(players)
