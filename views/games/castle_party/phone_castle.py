"""Castle Party on a player's phone: the castle, whole in the phone's width, and what a tap on
one of its squares offers.

The castle is a piece of the panel's part (``views.screen.SubParts``): ``painted(view,
choices, cell, planned)`` is what it shows (a ``Painted``, compared with ``==``), and
``PhoneCastle.draw`` paints the lasting grid from that value alone (``CastleGrid``: made once
per layout and square size, so a change sends a few squares, not the board). A tap opens the
square's choices under a zoom of the squares around it (``grid.Zoom``): draw a guest, erase
one, toast the Pumpkin King there, or plan the square into a group; a tap in the zoom moves the
same dialog to that square. The phone's one ``Dialog`` also asks "Yes, use Lights Out" and the
Masked Ball's family.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.language import Speaker

from ...widgets import ErrorLine, line, thumb_style
from .grid import CastleGrid, Zoom, guest_tiles
from .parts import own_castle, point_words, said
from .phone_group import adding

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")

Square = tuple[int, int]


def toast_points(view, toasting: bool) -> dict[Square, int] | None:
    """While the Toast is being scored: what the Pumpkin King would score on each square."""
    if not toasting:
        return None
    return {(r, c): p for r, c, p in view["mine"]["event_points"].get("toast", [])}


@dataclass(frozen=True)
class Painted:
    """The castle as this phone shows it."""

    layout: tuple[str, ...]
    cell: int  # the square's size: the whole castle in the phone's width
    guests: tuple[str, ...]  # each row's guests ("." none)
    selected: Square | None  # the square whose dialog is open
    planned: tuple[tuple[Square, str], ...]  # a group planned, or the table's being added
    toast: tuple[tuple[Square, int], ...] | None  # the Toast's points per square, while scored


def painted(view, mine, cell: int, planned: dict[Square, str]) -> Painted:
    """What the castle shows: this player's guests, the square selected, the group planned
    (``planned``) and the Toast's points (``mine``: the player's choices)."""
    castle = own_castle(view)
    toast = toast_points(view, mine.toasting)
    return Painted(tuple(view["layout"]), cell, tuple(castle["guests"]), mine.selected,
                   tuple(sorted(planned.items())),
                   None if toast is None else tuple(sorted(toast.items())))


class Dialog:
    """The phone's one dialog over its screen (a square's choices, a special action's "Yes",
    the Masked Ball's family): a choice, "Cancel" or a tap outside closes it, and the square is
    no longer selected."""

    def __init__(self, panel) -> None:
        self.panel = panel
        self.shown: ft.AlertDialog | None = None
        self.error = ErrorLine()  # the refusal of a move made in it

    @property
    def is_open(self) -> bool:
        return self.shown is not None and self.shown.open

    def open(self, title: str, controls: list[ft.Control]) -> None:
        page = self.panel.page
        self.error = ErrorLine()
        self.shown = ft.AlertDialog(
            title=ft.Text(title, size=20),
            content=ft.Column([*controls, self.error], tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(self.panel.say(_("Cancel")), on_click=self.close)],
            on_dismiss=self._dismissed)
        page.show_dialog(self.shown)
        page.update()

    def again(self, title: str, controls: list[ft.Control]) -> None:
        """The dialog open, now for another square (a tap in its zoom)."""
        self.shown.title.value = title
        self.shown.content.controls = [*controls, self.error]
        self.error.show(None)
        self.panel.page.update()

    def close(self, e=None) -> None:
        if self.is_open:
            self.panel.page.pop_dialog()
        self.shown = None
        self.panel.choose_and_draw(selected=None)
        self.panel.page.update()

    def _dismissed(self, e=None) -> None:
        """Tapped outside the dialog: nothing chosen, the square is no longer selected."""
        if e is not None and getattr(e, "control", None) is not self.shown:
            return  # an older dialog closing late
        self.shown = None
        self.panel.choose_and_draw(selected=None)


class PhoneCastle:
    """The castle of a player's phone (``panel``: its ``PhonePanel``)."""

    def __init__(self, panel) -> None:
        self.panel = panel
        self.grid: CastleGrid | None = None

    def draw(self, shown: Painted) -> list[ft.Control]:
        grid = self.grid
        if grid is None or grid.layout != shown.layout or grid.cell != shown.cell:
            grid = self.grid = CastleGrid(shown.layout, self.tap, self.panel.words, shown.cell)
        grid.paint(list(shown.guests), selected=shown.selected, planned=dict(shown.planned),
                   toast=None if shown.toast is None else dict(shown.toast))
        return [grid.root]

    def tap(self, at: Square) -> None:
        panel = self.panel
        panel.touched()
        if adding(panel.view, panel.legal, panel.choices):  # the group the table entered
            panel.error.show(None)                            # goes here: shown, not yet drawn
            panel.choose_and_draw(anchor=at)
            return
        panel.choose_and_draw(selected=at)
        title, controls = self.offers(at)
        if panel.dialog.is_open:  # a tap in the zoom: the same dialog, now for that square
            panel.dialog.again(title, controls)
        else:
            panel.dialog.open(title, controls)

    def offers(self, at: Square) -> tuple[str, list[ft.Control]]:
        """What this phone may do on a square now, under a zoom of the squares around it."""
        panel = self.panel
        view, mine, legal, words, say = (panel.view, panel.choices, panel.legal, panel.words,
                                         panel.say)
        castle = own_castle(view)
        plan = dict(mine.plan)
        r, c = at
        kind, guest = view["layout"][r][c], castle["guests"][r][c]
        name = words.square(at)
        toast = toast_points(view, mine.toasting)
        zoom = Zoom(at, view["layout"], castle["guests"], words, self.tap,
                    selected=at, planned=plan, toast=toast)
        controls: list[ft.Control] = [zoom.root]
        if mine.toasting:
            label = say(_("Toast the Pumpkin King on {square}: {points}", square=name,
                          points=point_words(toast[at])) if at in toast else
                        _("Toast the Pumpkin King on {square}", square=name))
            controls.append(ft.FilledButton(label, style=thumb_style(), on_click=self._toast(at)))
        elif mine.grouping:
            if at in plan:
                controls.append(ft.FilledButton(say(_("Take {square} out of the group",
                                                      square=name)),
                                                style=thumb_style(), on_click=self._unplan(at)))
            else:
                controls += guest_tiles(panel.data, words,
                                        lambda g: say(_("Add {guest} to the group",
                                                        guest=words.article_word(g))),
                                        self._plan(at))
        elif guest == "." and "place" in legal:
            controls += guest_tiles(panel.data, words,
                                    lambda g: say(_("Draw {guest}", guest=words.article_word(g))),
                                    self._place(at))
        elif guest != "." and "remove" in legal:
            controls.append(ft.FilledButton(say(_("Erase {guest} on {square}",
                                                  guest=words.article_word(guest), square=name)),
                                            style=thumb_style(), on_click=self._erase(at)))
        else:  # nothing this phone may do on a square now: say what the table waits for
            controls.append(line(said(view, "turn", say)
                                 or say(_("Every castle is final now.")), 16))
        return say(_("{square}: {what}", square=name,
                     what=words.square_words(kind, guest))), controls

    def _place(self, at: Square):
        def for_guest(g: str):
            def handler(e=None):
                panel = self.panel
                if panel.act(panel.dialog.error, "place", {"square": list(at), "guest": g}):
                    panel.dialog.close()
            return handler
        return for_guest

    def _erase(self, at: Square):
        def handler(e=None):
            panel = self.panel
            if panel.act(panel.dialog.error, "remove", {"square": list(at)}):
                panel.dialog.close()
        return handler

    def _toast(self, at: Square):
        def handler(e=None):
            panel = self.panel
            if panel.act(panel.dialog.error, "score_event",
                         {"event": "toast", "square": list(at)}):
                panel.choose(toasting=False)
                panel.dialog.close()
        return handler

    def _plan(self, at: Square):
        def for_guest(g: str):
            def handler(e=None):
                panel = self.panel
                panel.touched()
                panel.choose(plan=tuple(sorted({**dict(panel.choices.plan), at: g}.items())))
                panel.dialog.close()
            return handler
        return for_guest

    def _unplan(self, at: Square):
        def handler(e=None):
            panel = self.panel
            panel.choose(plan=tuple((sq, g) for sq, g in panel.choices.plan if sq != at))
            panel.dialog.close()
        return handler
