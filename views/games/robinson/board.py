"""Robinson Crusoe: the island drawn as the board draws it.

Tracks with a marker (the round's phases, Morale -3 ... +3, each character's life track with
its Wounds and morale arrows), resources and levels as icon tiles with steppers, dice faces as
dice. Every picture carries its words for screen readers (and for the tests, which read the
screen the way a screen reader does); shapes and numbers, never colour alone, carry the state.
These are drawings only: what a tap does is given by the caller.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.language import Speaker

from ...widgets import ACCENT, initial_avatar, player_colour, printed

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po): the same
# msgids as the rules' (rules/robinson/text.py), so each is one catalog entry
_ = Speaker("robinson", "rules.robinson")

Handler = Callable | None

DIE_COLOURS = {"rain": ft.Colors.ORANGE_400, "winter": ft.Colors.GREY_100,
               "animals": ft.Colors.RED_400}
"""The Weather dice as printed: Rain orange, Winter white, Hungry Animals red."""
ACTION_DIE = ft.Colors.BLUE_GREY_100

FACES: dict[str, list[str]] = {
    "1 rain cloud": [ft.Icons.CLOUD],
    "2 rain clouds": [ft.Icons.CLOUD, ft.Icons.CLOUD],
    "1 snow cloud": [ft.Icons.AC_UNIT],
    "2 snow clouds": [ft.Icons.AC_UNIT, ft.Icons.AC_UNIT],
    "blank": [],
    "Palisade \u22121": [ft.Icons.FENCE, ft.Icons.EXPOSURE_NEG_1],
    "discard 1 food": [ft.Icons.RESTAURANT, ft.Icons.EXPOSURE_NEG_1],
    "fight a beast of strength 3": [ft.Icons.PETS, ft.Icons.LOOKS_3],
    "Wound": [ft.Icons.PERSONAL_INJURY],
    "Success": [ft.Icons.CHECK],
    "Determination": [ft.Icons.STAR, ft.Icons.EXPOSURE_PLUS_2],
    "Adventure": [ft.Icons.QUESTION_MARK],
}
"""What each die face shows, as icons only: a die inside a button adds no words to the
button's name (its caption says the face). A face not listed shows a blank die."""

CAPTIONS = {"fight a beast of strength 3": _("beast 3"), "discard 1 food": _("food -1"),
            "Palisade \u22121": _("Palisade -1"), "Determination": _("2 Determination")}
"""Short words under a die face where the face's full name is long."""
FACE_WORDS = {"1 rain cloud": _("1 rain cloud"), "2 rain clouds": _("2 rain clouds"),
              "1 snow cloud": _("1 snow cloud"), "2 snow clouds": _("2 snow clouds"),
              "blank": _("blank"), "Palisade \u22121": _("Palisade \u22121"),
              "discard 1 food": _("discard 1 food"),
              "fight a beast of strength 3": _("fight a beast of strength 3"),
              "Wound": _("Wound"), "Success": _("Success"), "Determination": _("Determination"),
              "Adventure": _("Adventure")}
"""Each die face's name (the dice's labels are the game's data, in English)."""
WHERE_WORDS = {"done": lambda name: _("{phase} (done)", phase=name),
               "skipped": lambda name: _("{phase} (skipped)", phase=name),
               "now": lambda name: _("{phase} (now)", phase=name)}


def face(label: str, say=str) -> str:
    return say(FACE_WORDS.get(label, label))


def caption(label: str, say=str) -> str:
    return say(CAPTIONS.get(label) or FACE_WORDS.get(label, label))

TILE_ICONS = {"wood": ft.Icons.FOREST, "food": ft.Icons.RESTAURANT,
              "nonperishable_food": ft.Icons.KITCHEN, "fur": ft.Icons.PETS,
              "shelter": ft.Icons.CABIN, "roof": ft.Icons.ROOFING, "palisade": ft.Icons.FENCE,
              "weapon": ft.Icons.HARDWARE, "rain": ft.Icons.CLOUD, "snow": ft.Icons.AC_UNIT,
              "storm": ft.Icons.THUNDERSTORM, "determination": ft.Icons.STAR,
              "round": ft.Icons.FLAG, "hunt": ft.Icons.PETS}

DIM = ft.Colors.WHITE_38
INK = ft.Colors.BLACK_87


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# --- dice -------------------------------------------------------------------------------------
def die(label: str, colour: str, size: int) -> ft.Container:
    """One face of a die, drawn: a rounded square of the die's colour with the face's icons."""
    icons = FACES.get(label, [])
    inner = size * (0.42 if len(icons) > 1 else 0.6)
    return ft.Container(
        ft.Row([ft.Icon(i, size=inner, color=INK) for i in icons], spacing=0, tight=True,
               alignment=ft.MainAxisAlignment.CENTER),
        width=size, height=size, bgcolor=colour, border_radius=size * 0.18,
        alignment=ft.Alignment.CENTER, border=ft.Border.all(2, ft.Colors.BLACK_45))


def face_button(die_name: str, label: str, colour: str, size: int, chosen: bool,
                on_click: Handler, say=str) -> ft.Control:
    """A die face to tap when it is what the real die shows; named "Rain die: 1 rain cloud"
    (and "(chosen)" once picked, said in words and by a thick amber frame). ``say``: the
    screen's words."""
    name = say(_("{die}: {face}", die=die_name, face=face(label, say)))
    shown = caption(label, say)
    if chosen:
        name, shown = say(_("{label} (chosen)", label=name)), say(_("{label} (chosen)",
                                                                    label=shown))
    return ft.Button(
        content=ft.Column([die(label, colour, size),
                           ft.Text(shown, size=12 if size < 50 else 14, semantics_label=name,
                                   weight=ft.FontWeight.BOLD if chosen else None,
                                   text_align=ft.TextAlign.CENTER)],
                          spacing=2, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        on_click=on_click,
        style=ft.ButtonStyle(
            padding=ft.Padding(6, 6, 6, 4), shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(4 if chosen else 1, ACCENT if chosen else ft.Colors.WHITE_24),
            bgcolor=ft.Colors.with_opacity(0.25, ACCENT) if chosen else ft.Colors.TRANSPARENT))


def dice_row(faces: dict[str, int], dice: dict, colours: dict, titles: dict,
             size: int, say=str) -> ft.Row:
    """The faces rolled, as dice, each with its die's name under it (``titles``: each die's
    name in the screen's words)."""
    out = []
    for d, index in faces.items():
        label = dice[d][index]
        out.append(ft.Column([die(label, colours[d], size),
                              ft.Text(caption(label, say), size=14,
                                      semantics_label=say(_("{die}: {face}", die=titles[d],
                                                            face=face(label, say))))],
                             spacing=2, tight=True,
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Row(out, spacing=12, wrap=True)


def round_dice(names: list[str], titles: dict, sentence: str, size: int,
               say=str) -> ft.Control:
    """This round's Weather dice as blank dice of their colours (none: the words say so)."""
    dice = [ft.Container(ft.Icon(ft.Icons.CASINO, size=size * 0.6, color=INK), width=size,
                         height=size, bgcolor=DIE_COLOURS[d], border_radius=size * 0.18,
                         alignment=ft.Alignment.CENTER) for d in names]
    words = ft.Text(say(_("Weather dice") if names else _("No Weather die")),
                    size=max(14, size * 0.4),
                    semantics_label=sentence)
    return ft.Row([words, *dice], spacing=6, tight=True,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


# --- tracks -----------------------------------------------------------------------------------
def phase_track(track: list[dict], size: int, say=str) -> ft.Row:
    """Event > Morale > Production > Action > Weather > Night, the phase now marked."""
    cells: list[ft.Control] = []
    for i, p in enumerate(track):
        where = p["where"]
        now = where == "now"
        label = p["name"] if where == "next" else say(WHERE_WORDS[where](p["name"]))
        text = ft.Text(p["name"].upper() if now else p["name"], size=size,
                       semantics_label=label, italic=where == "skipped",
                       weight=ft.FontWeight.BOLD if now else None,
                       color=ft.Colors.BLACK if now else DIM if where != "next" else None)
        parts: list[ft.Control] = ([ft.Icon(ft.Icons.CHECK, size=size, color=DIM)]
                                   if where == "done" else [])
        cells.append(ft.Container(ft.Row([*parts, text], spacing=2, tight=True),
                                  padding=ft.Padding(8, 4, 8, 4), border_radius=8,
                                  bgcolor=ACCENT if now else None,
                                  border=ft.Border.all(1, ft.Colors.WHITE_24)))
        if i < len(track) - 1:
            cells.append(ft.Icon(ft.Icons.CHEVRON_RIGHT, size=size, color=DIM))
    return ft.Row(cells, spacing=2, wrap=True, run_spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def morale_track(level: int, cell: int, steppers: list[ft.Control], say=str) -> ft.Row:
    """The Morale track, -3 ... +3, its white marker on the level now (a ring and the words
    "marker"); below zero costs Determination, above gains it."""
    cells = []
    for n in range(-3, 4):
        here = n == level
        tint = (ft.Colors.RED_900 if n < 0 else ft.Colors.GREEN_900 if n > 0
                else ft.Colors.GREY_800)
        cells.append(ft.Container(
            ft.Text(signed(n), size=cell * 0.45, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.BLACK if here else None,
                    semantics_label=say(_("Morale {level}: the marker", level=signed(n)) if here
                                        else _("Morale {level}", level=signed(n)))),
            width=cell, height=cell, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.WHITE if here else tint, border_radius=cell / 2 if here else 6,
            border=ft.Border.all(4, ACCENT) if here else None))
    head = ft.Column([ft.Icon(ft.Icons.SENTIMENT_SATISFIED, size=cell * 0.6),
                      ft.Text(say(_("Morale")), size=max(14, cell * 0.3))], spacing=0,
                     tight=True,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Row([head, *cells, *steppers], spacing=4, wrap=True,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def life_track(ch: dict, cell: int, rtl: bool = False) -> ft.Row:
    """A character's life track: a red cross for each Wound taken, a down arrow on each morale
    arrow (thick frame; dim once passed), a broken heart at the end (death). Printed on the
    character's board: left to right on a right-to-left screen too (``rtl``)."""
    arrows = set(ch["arrows"])
    boxes = []
    for i in range(1, ch["death_at"] + 1):
        hurt = i <= ch["wounds"]
        icon = (ft.Icons.CLOSE if hurt else ft.Icons.HEART_BROKEN if i == ch["death_at"]
                else ft.Icons.SOUTH if i in arrows else None)
        boxes.append(ft.Container(
            ft.Icon(icon, size=cell - 8, color=ft.Colors.WHITE if hurt else
                    ACCENT if i in arrows else None) if icon else None,
            width=cell, height=cell + 4, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.RED_800 if hurt else None,
            border=ft.Border.all(3 if i in arrows else 1,
                                 ACCENT if i in arrows else ft.Colors.WHITE_54),
            border_radius=4))
    return printed(ft.Row(boxes, spacing=3, wrap=True, run_spacing=3), rtl)


# --- tiles ------------------------------------------------------------------------------------
def stepper(words: str, icon: str, on_click: Handler, size: int) -> ft.IconButton:
    """A + or - button named in words ("Wood +1")."""
    return ft.IconButton(ft.Icon(icon, semantics_label=words, size=size), on_click=on_click,
                         style=ft.ButtonStyle(side=ft.BorderSide(1, ft.Colors.WHITE_38)))


def tile(key: str, name: str, value: str, words: str, size: int,
         steppers: list[ft.Control] = (), note: str = "") -> ft.Container:
    """A resource or a level as a tile: its icon, its name, its number big, its steppers."""
    parts: list[ft.Control] = [
        ft.Row([ft.Icon(TILE_ICONS.get(key, ft.Icons.CIRCLE), size=size),
                ft.Text(name, size=max(14, size * 0.55))], spacing=4, tight=True),
        ft.Text(value, size=size * 1.15, weight=ft.FontWeight.BOLD, semantics_label=words)]
    if note:
        parts.append(ft.Text(note, size=max(12, size * 0.45), italic=True))
    if steppers:
        parts.append(ft.Row(list(steppers), spacing=4, tight=True))
    return ft.Container(ft.Column(parts, spacing=2, tight=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding(10, 6, 10, 6), border_radius=10,
                        border=ft.Border.all(1, ft.Colors.WHITE_24),
                        bgcolor=ft.Colors.with_opacity(0.06, ft.Colors.WHITE))


def initial_chip(name: str, position: int | None, size: int) -> ft.Control:
    """A player's colour and initial (Friday, no player: a white chip with an F)."""
    colour = ft.Colors.WHITE if position is None else player_colour(position)
    return initial_avatar(name, colour, size)
