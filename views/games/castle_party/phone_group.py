"""Castle Party on a player's phone: the group bar, above the castle.

While the table's group waits for this castle, the bar adds it: the group turned as this
player sees it (the Masked Ball's change made), the square of its ringed guest, "Draw the
group here", or "Draw it square by square instead" (then "I have drawn Shape 1's group" says
it is in). Else, while a group may be drawn, a whole group is planned here, square by square,
moved, and drawn in one move.

The bar is a piece of the panel's part (``views.screen.SubParts``): ``bar(view, legal,
choices)`` is what it shows (an ``Adding`` or a ``Planning``, compared with ``==``), and
``GroupBar.draw`` draws from that value alone. Its buttons act through the panel
(``PhonePanel``): its choices, its moves, its dialog.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.language import Items, Speaker

from ...widgets import ACCENT, line, thumb_style
from .figure import figure_picture
from .grid import guest_tile
from .parts import speaker

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

Square = tuple[int, int]
Member = tuple[int, int, str, int]  # row and column from the ringed guest, guest, its index

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
MOVE_WORDS = {"up": _("Move the group up"), "down": _("Move the group down"),
              "left": _("Move the group left"), "right": _("Move the group right")}


def waiting_for(name: str):
    """Why the group is not drawn yet: the special actions are still being settled."""
    return _("Draw it once {name} has used a special action or passed.", name=name)


# what the bar reads of the game and of the player's choices ----------------------------------
def adding(view, legal: frozenset[str], mine) -> bool:
    """The table entered the group and this player has not added it yet (drawing may still
    wait for the special actions); ``mine``: the player's choices (``Whiteboard``)."""
    group = view.get("group")
    return (bool(group) and group["figure"] is not None and not mine.by_hand
            and not mine.toasting and not view["mine"]["added_group"]
            and ("add_group" in legal or speaker(view) is not None))


def facing(view, mine) -> int:
    """How this player sees the group: as they turned it, else as they saw the last one."""
    if mine.turns is not None:
        return mine.turns
    return view["mine"]["facing"] if view else 0


def members(group: dict, turns: int, mask: tuple[int, str] | None) -> tuple[Member, ...]:
    """The group turned this player's way, the Masked Ball's change applied."""
    return tuple((m[0], m[1], mask[1] if mask and m[3] == mask[0] else m[2], m[3])
                 for m in group["turned"][turns])


def ghost(anchor: Square | None, turned: tuple[Member, ...]) -> dict[Square, str]:
    """Where the group's guests go, its ringed guest on ``anchor`` (none before a tap)."""
    if anchor is None:
        return {}
    r, c = anchor
    return {(r + dr, c + dc): g for dr, dc, g, _ in turned}


def on_board(layout, at: Square) -> bool:
    return 0 <= at[0] < len(layout) and 0 <= at[1] < len(layout[0])


@dataclass(frozen=True)
class Adding:
    """The bar adding the table's group to this castle."""

    shape: int
    members: tuple[Member, ...]  # turned this player's way, the Masked Ball's change made
    masked: bool  # this player used the Masked Ball: a tap on a Monster changes its family
    anchor: Square | None  # the square tapped for the ringed guest
    outside: int  # the group's guests past the edge, in the moat
    may_add: bool  # "add_group" is offered (else the special actions are being settled)
    speaker: str | None  # who speaks now about a special action


@dataclass(frozen=True)
class Planning:
    """The bar planning a whole group (and saying a group drawn by hand is in)."""

    drawn_by_hand: int | None  # the Shape whose group this player draws square by square
    grouping: bool  # planning now (else the button that starts it)
    plan: tuple[tuple[Square, str, bool], ...]  # square, guest, on the whiteboard
    may_draw: bool  # "place_group" is offered
    speaker: str | None


def bar(view, legal: frozenset[str], mine) -> Adding | Planning | None:
    """What the group bar shows now (None: nothing, the party has ended)."""
    if adding(view, legal, mine):
        turned = members(view["group"], facing(view, mine), mine.mask)
        outside = sum(1 for at in ghost(mine.anchor, turned)
                      if not on_board(view["layout"], at))
        return Adding(view["group"]["shape"], turned, view["mine"]["masked_ball"], mine.anchor,
                      outside, "add_group" in legal, speaker(view))
    if not ("place_group" in legal or speaker(view) is not None):
        return None
    group = view.get("group")
    by_hand = (group["shape"] if mine.by_hand and group and group["figure"] is not None
               and "add_group" in legal and not view["mine"]["added_group"] else None)
    plan = tuple((at, g, on_board(view["layout"], at))
                 for at, g in sorted(dict(mine.plan).items())) if mine.grouping else ()
    return Planning(by_hand, mine.grouping, plan, "place_group" in legal, speaker(view))


class GroupBar:
    """The group bar of a player's phone (``panel``: its ``PhonePanel``)."""

    def __init__(self, panel) -> None:
        self.panel = panel

    def draw(self, shown: Adding | Planning | None) -> list[ft.Control]:
        if isinstance(shown, Adding):
            return self._adding(shown)
        if isinstance(shown, Planning):
            return self._planning(shown)
        return []

    def _adding(self, shown: Adding) -> list[ft.Control]:
        say, words = self.panel.say, self.panel.words
        ringed = words.guest_word(shown.members[0][2])
        turn_buttons = ft.Column([
            ft.OutlinedButton(say(_("Turn left")), icon=ft.Icons.ROTATE_LEFT,
                              style=thumb_style(), on_click=self._turn(-1)),
            ft.OutlinedButton(say(_("Turn right")), icon=ft.Icons.ROTATE_RIGHT,
                              style=thumb_style(), on_click=self._turn(1))], spacing=6,
            tight=True)
        picture = figure_picture(list(shown.members), words, 40,
                                 on_tap=self._mask_pick if shown.masked else None)
        parts: list[ft.Control] = [
            line(say(_("Add Shape {shape}'s group", shape=shown.shape)), 22,
                 weight=ft.FontWeight.BOLD,
                 color=ACCENT),
            ft.Row([picture, turn_buttons], spacing=18, wrap=True,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        if shown.anchor is None:
            parts.append(line(say(_("Turn it to match the cards as you see them, then tap the "
                                    "square for the ringed {guest}.", guest=ringed)), 16))
        else:
            square = words.square(shown.anchor)
            parts.append(line(say(
                _("Ringed {guest} on {square}; {n} past the edge, in the moat. Tap another "
                  "square to move it.", guest=ringed, square=square, n=shown.outside)
                if shown.outside else
                _("Ringed {guest} on {square}. Tap another square to move it.", guest=ringed,
                  square=square)), 16))
            if shown.may_add:
                parts.append(ft.FilledButton(say(_("Draw the group here")), style=thumb_style(),
                                             icon=ft.Icons.CHECK, on_click=self._add_group))
            else:
                parts.append(line(say(waiting_for(shown.speaker)), 16, color=ACCENT))
        if shown.masked:
            parts.append(line(say(_("Masked Ball: tap a Monster of the group to draw it as "
                                    "another family (on your castle only).")), 15))
        parts.append(ft.TextButton(say(_("Draw it square by square instead")),
                                   on_click=self._by_hand))
        return parts

    def _planning(self, shown: Planning) -> list[ft.Control]:
        say = self.panel.say
        done: list[ft.Control] = []
        if shown.drawn_by_hand is not None:
            # the next card waits for every castle: say when the group drawn by hand is in
            done = [ft.FilledButton(say(_("I have drawn Shape {shape}'s group",
                                          shape=shown.drawn_by_hand)),
                                    style=thumb_style(), icon=ft.Icons.CHECK,
                                    on_click=self._drawn_by_hand)]
        if not shown.grouping:
            return done + [ft.OutlinedButton(say(_("Draw a whole group at once")),
                                             style=thumb_style(), on_click=self._start_group)]
        what = (say(_("Group: {guests}", guests=Items(self._where(*p) for p in shown.plan)))
                if shown.plan else say(_("Group: nobody yet")))
        draw: ft.Control = (
            ft.FilledButton(say(_n("Draw the group ({n} guests)", "Draw the group ({n} guests)",
                                   "n", n=len(shown.plan))), style=thumb_style(),
                            on_click=self._draw_group)
            if shown.may_draw else
            line(say(waiting_for(shown.speaker)), 16, color=ACCENT))
        return done + [
            line(what, 18, weight=ft.FontWeight.BOLD),
            ft.Row([draw,
                    ft.TextButton(say(_("Clear the group")), on_click=self._clear_group),
                    ft.TextButton(say(_("Stop planning")), on_click=self._stop_group)],
                   wrap=True),
            ft.Row([ft.OutlinedButton(say(MOVE_WORDS[d]), on_click=self._move(d))
                    for d in MOVES], wrap=True, spacing=6),
            line(say(_("Tap squares and pick each guest, as you see the group from your seat "
                       "(one figure, touching by the sides); it may hang past the edge into "
                       "the moat.")), 15)]

    def _where(self, at: Square, guest: str, board: bool):
        """A planned guest and where: "Vampire on C4", "Vampire past the edge (moat)"."""
        words = self.panel.words
        if board:
            return _("{guest} on {square}", guest=words.guest_word(guest),
                     square=words.square(at))
        return _("{guest} past the edge (moat)", guest=words.guest_word(guest))

    # the group the table entered --------------------------------------------------------------
    def _turn(self, step: int):
        def handler(e=None):
            panel = self.panel
            panel.touched()
            panel.choose_and_draw(turns=(facing(panel.view, panel.choices) + step) % 4)
        return handler

    def _by_hand(self, e=None) -> None:
        self.panel.choose_and_draw(by_hand=True, anchor=None)

    def _mask_pick(self, index: int):
        """The Masked Ball: which family this Monster is drawn as (Kings and Unicorns stay)."""
        def handler(e=None):
            panel = self.panel
            panel.touched()
            was = panel.view["group"]["figure"][index][2]

            def choose(guest: str | None):
                def pick(e=None):
                    panel.choose(mask=None if guest is None else (index, guest))
                    panel.dialog.close()
                return pick
            others = [g for g in panel.data["families"] if g != was]
            say, words = panel.say, panel.words
            panel.dialog.open(say(_("Masked Ball: draw the {guest} as",
                                    guest=words.guest_word(was))), [
                ft.Row([guest_tile(g, say(_("Draw it as {guest}",
                                            guest=words.article_word(g))), choose(g),
                                   words) for g in others], wrap=True, spacing=8,
                       run_spacing=8),
                ft.TextButton(say(_("No change: draw it as it is")), on_click=choose(None))])
        return handler

    def _add_group(self, e=None) -> None:
        panel = self.panel
        mine = panel.choices
        args: dict = {"at": list(mine.anchor), "turns": facing(panel.view, mine)}
        if mine.mask:
            args["masked"] = {"index": mine.mask[0], "guest": mine.mask[1]}
        if panel.act(panel.error, "add_group", args):
            panel.choose_and_draw(anchor=None, mask=None)

    def _drawn_by_hand(self, e=None) -> None:
        self.panel.act(self.panel.error, "add_group", {"by_hand": True})

    # a group planned here, drawn in one move --------------------------------------------------
    def _start_group(self, e=None) -> None:
        self.panel.touched()
        self.panel.choose_and_draw(grouping=True, plan=(), toasting=False)

    def _stop_group(self, e=None) -> None:
        self.panel.choose_and_draw(grouping=False, plan=())

    def _clear_group(self, e=None) -> None:
        self.panel.choose_and_draw(plan=())

    def _move(self, direction: str):
        def handler(e=None):
            panel = self.panel
            panel.touched()
            dr, dc = MOVES[direction]
            layout = panel.view["layout"]
            moved = {(r + dr, c + dc): g for (r, c), g in dict(panel.choices.plan).items()}
            panel.error.show(None)
            if moved and not any(on_board(layout, at) for at in moved):
                panel.error.show(panel.say(_("Keep at least one guest of the group on the "
                                             "whiteboard.")))
            else:
                panel.choose(plan=tuple(sorted(moved.items())))
            panel.screen.refresh()
        return handler

    def _draw_group(self, e=None) -> None:
        panel = self.panel
        group = [{"square": list(at), "guest": g}
                 for at, g in sorted(dict(panel.choices.plan).items())]
        if panel.act(panel.error, "place_group", {"group": group}):
            panel.choose_and_draw(grouping=False, plan=())
