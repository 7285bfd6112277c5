"""Robinson Crusoe: the Weather phase's pieces: the dice entered from the real ones (as die
faces to tap), the faces rolled, and the phase step by step as those faces make it."""
from __future__ import annotations

import flet as ft

from companion.language import Speaker, from_json

from . import board
from .board import DIE_COLOURS
from .parts import Piece, with_pair

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog


class Faces(Piece):
    """What rolling the Weather dice with the faces entered sends (the steps' button too)."""

    def use_faces(self):
        entered = (self.view.get("weather_preview") or {}).get("faces") or {}
        return self._move("roll_weather",
                          lambda: {"faces": {**entered, **dict(self.choices.weather_faces)}},
                          then=self._clear_weather)

    def _clear_weather(self) -> None:
        self.choose(weather_faces=())


class Weather(Faces):
    """The dice entered from the real ones (as die faces to tap) and the faces rolled (the
    phase step by step: ``WeatherSteps``)."""

    KEYS = ("weather_dice", "weather_preview", "dice")
    MOVES = frozenset({"roll_weather"})
    CHOSEN = ("weather_faces",)

    def controls(self) -> list[ft.Control]:
        v = self.view
        preview = v.get("weather_preview")
        out: list[ft.Control] = []
        if v["weather_dice"] and self.can("roll_weather"):
            out += self.weather_entry((preview or {}).get("faces") or {})
        if preview is not None:
            if preview["faces"]:
                out.append(board.dice_row(preview["faces"], v["dice"]["weather"], DIE_COLOURS,
                                          self.die_names(), 56 if self.table else 40,
                                          self.say))
        return out

    def weather_entry(self, entered: dict) -> list[ft.Control]:
        v = self.view
        out: list[ft.Control] = [self.t(self.s(_("Tap the face each real die shows:")),
                                        self.size - 2)]
        for d in v["weather_dice"]:
            labels, name = v["dice"]["weather"][d], self.die_names()[d]
            have = dict(self.drawn.weather_faces).get(d, entered.get(d))
            buttons = [self.t(name, self.size - 2)]
            for label in dict.fromkeys(labels):
                index = labels.index(label)
                handler = self._choose(lambda d=d, i=index: self.choose(
                    weather_faces=with_pair(self.choices.weather_faces, d, i)))
                chosen = have is not None and labels[have] == label
                buttons.append(board.face_button(name, label, DIE_COLOURS[d],
                                                 56 if self.table else 40, chosen, handler,
                                                 self.say))
            out.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6,
                              vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if v["weather_preview"] is not None:  # entered again: the bar holds only Confirm
            out.append(self.row([self.button(self.s(_("Roll again in the app")), self._move(
                "roll_weather", then=self._clear_weather)),
                self.button(self.s(_("Use the faces entered")), self.use_faces())]))
        return out


class WeatherSteps(Piece):
    """The Weather phase step by step, as the faces rolled make it (nothing applied yet)."""

    KEYS = ("weather_preview",)

    def controls(self) -> list[ft.Control]:
        preview = self.view.get("weather_preview")
        if preview is None:
            return []
        return [self.bold(self.s(_("The Weather phase, step by step:")))] + [
            self.t(self.s(_("{number}. {step}", number=i, step=from_json(s))), self.size - 2)
            for i, s in enumerate(preview["steps"], start=1)]
