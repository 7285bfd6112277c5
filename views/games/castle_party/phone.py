"""Castle Party on a player's phone: your whiteboard, your move first.

At the top, what this phone may do now (turn over the Shape, speak about a special action,
score the Event of a Clock, plan and draw a group); then the whole castle in the phone's width
(tap a square, then pick a guest from the coloured family tiles; the choices show the squares
around it at 44 px, so a tap that landed one square off is put right there); then your score with the
rulebook's breakdown, your special actions, and the app's reading of what the rulebook leaves
open, folded. For the Toast, every empty square shows what the Pumpkin King would score there.
Every move goes to the rules through ``screen.attempt``; the buttons offered are the moves
``service.legal_moves`` lists for this seat.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import flet as ft

from companion.language import Items, Speaker

from ..base import Choices, GamePanel, Shown
from ...screen import SubParts
from ...widgets import ACCENT, ErrorLine, Fold, heading, line, panel, thumb_style
from .figure import figure_picture
from .grid import LEGEND, CastleGrid, Words, Zoom, fit_cell, guest_tile, guest_tiles
from .parts import (ACTION_WORDS, EVENT_WORDS, ORDINAL_WORDS, beyond_line, breakdown,
                    event_lines, fold_words, point_words, round_words, said,
                    speaker)

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
MOVE_WORDS = {"up": _("Move the group up"), "down": _("Move the group down"),
              "left": _("Move the group left"), "right": _("Move the group right")}


def waiting_for(name: str):
    """Why the group is not drawn yet: the special actions are still being settled."""
    return _("Draw it once {name} has used a special action or passed.", name=name)


REVEAL = _("Your turn: turn over the top card of the Shape deck.")


@dataclass(frozen=True)
class Whiteboard(Choices):
    """A player's own choices on their phone."""

    grid: tuple | None = None  # the castle's (layout, square size) the choices below are on
    selected: tuple[int, int] | None = None  # the square whose dialog is open
    grouping: bool = False  # planning a whole group
    plan: tuple[tuple[tuple[int, int], str], ...] = ()  # the planned guests, by square
    toasting: bool = False  # picking the Pumpkin King's square
    # adding the group the table entered (for one Shape): where its ringed guest goes, how it
    # is turned, the Masked Ball's change, or drawing it square by square instead
    shape: int | None = None
    anchor: tuple[int, int] | None = None
    turns: int | None = None
    mask: tuple[int, str] | None = None
    by_hand: bool = False


@dataclass(frozen=True)
class Castle(Shown):
    """What a player's phone draws from."""

    cell: int = 18  # the square size: the whole castle in the phone's width


def settled(mine: Whiteboard, view: dict, legal: frozenset[str], cell: int) -> Whiteboard:
    """The choices that still hold in this state of the game: the Toast only while it may be
    scored, a group planned only while one may be drawn, the group's turn and place only for
    its Shape, squares only on the castle as drawn."""
    castle = next(c for c in view["castles"] if c["player"] == view.get("seat"))
    if "score_event" not in legal or "toast" not in castle["events_left"]:
        mine = replace(mine, toasting=False)
    if not ("place_group" in legal or speaker(view) is not None):  # the party has ended
        mine = replace(mine, grouping=False, plan=())
    shape = view["group"]["shape"] if view["group"] else None
    if shape != mine.shape:  # a new Shape: start from this player's side again
        mine = replace(mine, shape=shape, anchor=None, turns=None, mask=None, by_hand=False)
    grid = (tuple(view["layout"]), cell)
    if grid != mine.grid:
        mine = replace(mine, grid=grid, selected=None, plan=())
    return mine


class PhonePanel(GamePanel):
    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.words = Words(self.data, self.say)
        self.view: dict = {}
        self.grid: CastleGrid | None = None
        self.choices = Whiteboard()
        self.dialog: ft.AlertDialog | None = None
        self.dialog_error = ErrorLine()
        self.pieces = SubParts()  # each piece of the castle redrawn from its own value

        self.error = ErrorLine()
        self.result = line("", 30, weight=ft.FontWeight.BOLD, color=ACCENT, visible=False)
        self.events = ft.Column(spacing=8)
        self.speak = ft.Column(spacing=8)
        self.reveal = ft.Column(spacing=8)
        self.group_bar = ft.Column(spacing=8)
        self.grid_slot = ft.Column()
        self.beyond = line("", 15, visible=False)
        self.note = line("", 14, italic=True, color=ft.Colors.WHITE_70)
        self.score = ft.Column(spacing=4)
        self.final = ft.Column(spacing=4)  # the Final Score, above the castle once it is over
        self.noted = ft.Column(spacing=4)
        self.specials = ft.Column(spacing=8)
        self.more = ft.Column()
        self.root = ft.Column([
            self.result, self.final, self.reveal, self.speak, self.events, self.error,
            self.group_bar,
            self.grid_slot, self.beyond, self.note, self.score, self.noted,
            panel(self.say(_("Special actions")), [self.specials]), self.more], spacing=12)

    # helpers ---------------------------------------------------------------------------
    @property
    def page(self) -> ft.Page:
        return self.screen.s.page

    # the choices (as drawn once ``draw`` has taken them, and changed since by taps)
    selected = property(lambda self: self.choices.selected)
    grouping = property(lambda self: self.choices.grouping)
    plan = property(lambda self: dict(self.choices.plan))
    toasting = property(lambda self: self.choices.toasting)
    anchor = property(lambda self: self.choices.anchor)
    turns = property(lambda self: self.choices.turns)
    mask = property(lambda self: self.choices.mask)
    by_hand = property(lambda self: self.choices.by_hand)

    def _chose(self, **choices) -> None:
        """Change this player's choices and draw them."""
        self.choose(**choices)
        self.screen.refresh()

    def mine(self) -> dict:
        seat = self.view.get("seat")
        return next(c for c in self.view["castles"] if c["player"] == seat)

    def act(self, error: ErrorLine, move: str, args: dict) -> bool:
        return self.send(error, move, args)

    def touched(self) -> None:
        """A tap that stays on this phone (a square, a planned guest) still counts as use:
        a shared device keeps this player's screen open meanwhile."""
        handover = getattr(self.screen, "handover", None)
        if handover is not None:
            handover.touched()

    # drawing ---------------------------------------------------------------------------
    def inputs(self, view) -> Castle:
        """The view, the moves, this player's choices that still hold, and the square's
        size (a phone turned sideways draws its castle again to fit)."""
        if not view:
            return Castle(view)
        legal = self.offered()
        cell = fit_cell(self.width(), max(len(row) for row in view["layout"]))
        return Castle(view, legal, settled(self.choices, view, legal, cell), cell)

    def news(self, view: dict) -> tuple[str, ...]:
        """What this player's screen reader hears: their turn to turn a card over, to speak,
        to add the group, and the result with their Final Score (the reminder line says each
        Clock's Event)."""
        if not view:
            return ()
        castle, legal = self.mine(), self.legal
        say = self.say
        final = say(_("Your Final Score: {points}.",
                      points=point_words(castle["score"]["total"])))
        if view.get("result"):
            return (said(view, "result", say), final)
        facts = []
        if "reveal_shape" in legal and not self._adding():
            facts.append(say(REVEAL))
        if legal & {"special_action", "pass_special"}:
            facts.append(round_words(view, say))
        if self._adding():
            facts.append(say(_("Your turn: add Shape {shape}'s group to your castle.",
                               shape=view["group"]["shape"])))
        if castle["finished"]:
            facts.append(final)
        return tuple(facts)

    def draw(self, shown: Castle) -> None:
        self.shown, self.view = shown, shown.view
        if not shown.view:
            return None
        self.choices = shown.choices  # those that still hold, from now on
        layout, cell = tuple(shown.view["layout"]), shown.cell
        if self.grid is None or self.grid.layout != layout or self.grid.cell != cell:
            self.grid = CastleGrid(layout, self._tap, self.words, cell)
            self.grid_slot.controls = [self.grid.root]
        self._render()
        return None

    def _render(self) -> None:
        view, castle = self.view, self.mine()
        self.result.value = said(view, "result", self.say) or ""
        self.result.visible = bool(view.get("result"))
        self.note.value = said(view, "notes", self.say)[0] if view["layout_is_default"] else ""
        self.note.visible = view["layout_is_default"]
        # each piece drawn from its value: what it shows of the view, the moves and the choices
        # (the group bar's value lists what the panel's helpers read for it, as drawn now)
        legal, adding, mine = self.legal, self._adding(), view["mine"]
        self.pieces.draw(self.reveal, "reveal_shape" in legal and not adding,  # your group first
                         self._draw_reveal)
        preview = mine["event_points"]  # (the Toast's squares are shown in the castle's dialog)
        self.pieces.draw(self.events, (len(castle["events"]),
                                       tuple((e, preview[e] if e != "toast" else None)
                                             for e in castle["events_left"]), self.toasting)
                         if "score_event" in legal else None,
                         lambda v: self._draw_events(*v) if v else [])
        self.pieces.draw(self.speak, (legal & {"special_action", "pass_special"},
                                      tuple(mine["special_actions_left"]),
                                      round_words(view, self.say)),
                         lambda v: self._draw_speak(*v))
        self.pieces.draw(self.group_bar, (legal, replace(self.choices, selected=None),
                                          view["group"], adding, mine["added_group"],
                                          mine["masked_ball"], mine["facing"], view["layout"]),
                         lambda v: self._draw_adding() if adding
                         else self._draw_group_bar(castle))
        self.beyond.value = (beyond_line(castle["beyond"], self.words, self.say)
                             if castle["beyond"] else "")
        self.beyond.visible = bool(castle["beyond"])
        self.pieces.draw(self.noted, (tuple(event_lines(castle, self.words, self.say)),
                                      "score_event" in legal),
                         lambda v: self._draw_noted(*v))
        self.pieces.draw(self.more, (tuple(said(view, "notes", self.say)[-1:]),
                                     tuple(said(view, "choices", self.say))),
                         lambda v: [Fold(self.say(_("About this castle and the rules")), [
                             line(t, 14, color=ft.Colors.WHITE_70)
                             for t in [self.say(LEGEND), *v[0], *v[1]]], 16,
                                         **fold_words(self.say))])
        toast = None
        if self.toasting:
            toast = {(r, c): p for r, c, p in view["mine"]["event_points"].get("toast", [])}
        planned = self._ghost() if self._adding() else self.plan
        self.grid.paint(castle["guests"], selected=self.selected, planned=planned, toast=toast)
        self.pieces.draw(self.specials, (tuple(castle["special_actions"].items()),
                                         round_words(view, self.say)),
                         lambda v: self._draw_specials(*v))
        self._draw_score(view, castle)

    def _draw_reveal(self, revealing: bool) -> list[ft.Control]:
        """Your turn to turn over the top card: the table or your phone says it is done."""
        if not revealing:
            return []
        say = self.say
        return [line(say(REVEAL), 20,
                     weight=ft.FontWeight.BOLD, color=ACCENT),
                ft.FilledButton(say(_("I turned over a Shape card")), style=thumb_style(),
                                on_click=lambda e=None: self.act(self.error, "reveal_shape", {})),
                line(say(_("A Clock card instead? The table screen marks it.")), 15)]

    def _draw_events(self, scored: int, left: tuple[tuple[str, int | None], ...],
                     toasting: bool) -> list[ft.Control]:
        """A Clock is out: score one Event now (your move, on top); ``left``: each Event not
        scored yet, with its points now (the Toast's depend on the square)."""
        say = self.say
        clock = ORDINAL_WORDS.get(scored + 1, "")
        parts: list[ft.Control] = [line(say(_("The {ordinal} Clock: score one Event now",
                                              ordinal=clock)), 22,
                                        weight=ft.FontWeight.BOLD, color=ACCENT)]
        for event, worth in left:
            if event != "toast":
                parts.append(ft.FilledButton(
                    say(_("Score the {event}: {points}", event=EVENT_WORDS[event],
                          points=point_words(worth))),
                    style=thumb_style(), on_click=self._score(event)))
            elif toasting:
                parts += [line(say(_("Tap an empty square for the Pumpkin King: each shows "
                                     "what he would score there.")), 18),
                          ft.TextButton(say(_("Cancel the Toast")),
                                        on_click=self._cancel_toast)]
            else:
                parts.append(ft.FilledButton(say(_("Toast to the Pumpkin King: pick a square")),
                                             style=thumb_style(), on_click=self._start_toast))
        return parts

    def _draw_noted(self, noted: tuple[str, ...], scoring: bool) -> list[ft.Control]:
        if noted:
            # Translators: between the Events noted ("Conga: 5 points (first Clock); ...")
            joined = self.say(_("; ")).join(noted)
            return [line(self.say(_("Events noted: {events}", events=joined)), 16)]
        if not scoring:
            return [line(self.say(_("Events: none scored yet (one at each Clock).")), 16)]
        return []

    def _may_plan(self) -> bool:
        """A group can be drawn now, or once the special actions on the Shape are settled."""
        return "place_group" in self.legal or speaker(self.view) is not None

    # the group the table entered ------------------------------------------------------------
    def _adding(self) -> bool:
        """The table entered the group and this player has not added it yet (drawing may
        still wait for the special actions)."""
        group = self.view.get("group")
        return (bool(group) and group["figure"] is not None and not self.by_hand
                and not self.toasting and not self.view["mine"]["added_group"]
                and ("add_group" in self.legal or speaker(self.view) is not None))

    def _turns(self) -> int:
        """How this player sees the group: as they turned it, else as they saw the last one."""
        if self.turns is not None:
            return self.turns
        return self.view["mine"]["facing"] if self.view else 0

    def _members(self) -> list[list]:
        """The group turned this player's way, the Masked Ball's change applied."""
        members = [list(m) for m in self.view["group"]["turned"][self._turns()]]
        for m in members:
            if self.mask and m[3] == self.mask[0]:
                m[2] = self.mask[1]
        return members

    def _ghost(self) -> dict[tuple[int, int], str]:
        if self.anchor is None:
            return {}
        r, c = self.anchor
        return {(r + dr, c + dc): g for dr, dc, g, _ in self._members()}

    def _draw_adding(self) -> list[ft.Control]:
        group, members, say = self.view["group"], self._members(), self.say
        ringed = self.words.guest_word(members[0][2])
        masked = self.view["mine"]["masked_ball"]
        turn_buttons = ft.Column([
            ft.OutlinedButton(say(_("Turn left")), icon=ft.Icons.ROTATE_LEFT,
                              style=thumb_style(), on_click=self._turn(-1)),
            ft.OutlinedButton(say(_("Turn right")), icon=ft.Icons.ROTATE_RIGHT,
                              style=thumb_style(), on_click=self._turn(1))], spacing=6,
            tight=True)
        picture = figure_picture(members, self.words, 40,
                                 on_tap=self._mask_pick if masked else None)
        parts: list[ft.Control] = [
            line(say(_("Add Shape {shape}'s group", shape=group["shape"])), 22,
                 weight=ft.FontWeight.BOLD,
                 color=ACCENT),
            ft.Row([picture, turn_buttons], spacing=18, wrap=True,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        if self.anchor is None:
            parts.append(line(say(_("Turn it to match the cards as you see them, then tap the "
                                    "square for the ringed {guest}.", guest=ringed)), 16))
        else:
            ghost = self._ghost()
            outside = sum(1 for at in ghost if not self._on_board(at))
            square = self.words.square(self.anchor)
            parts.append(line(say(
                _("Ringed {guest} on {square}; {n} past the edge, in the moat. Tap another "
                  "square to move it.", guest=ringed, square=square, n=outside) if outside else
                _("Ringed {guest} on {square}. Tap another square to move it.", guest=ringed,
                  square=square)), 16))
            if "add_group" in self.legal:
                parts.append(ft.FilledButton(say(_("Draw the group here")), style=thumb_style(),
                                             icon=ft.Icons.CHECK, on_click=self._add_group))
            else:
                parts.append(line(say(waiting_for(speaker(self.view))), 16, color=ACCENT))
        if masked:
            parts.append(line(say(_("Masked Ball: tap a Monster of the group to draw it as "
                                    "another family (on your castle only).")), 15))
        parts.append(ft.TextButton(say(_("Draw it square by square instead")),
                                   on_click=self._by_hand))
        return parts

    def _turn(self, step: int):
        def handler(e=None):
            self.touched()
            self._chose(turns=(self._turns() + step) % 4)
        return handler

    def _by_hand(self, e=None) -> None:
        self._chose(by_hand=True, anchor=None)

    def _mask_pick(self, index: int):
        """The Masked Ball: which family this Monster is drawn as (Kings and Unicorns stay)."""
        def handler(e=None):
            self.touched()
            was = self.view["group"]["figure"][index][2]

            def choose(guest: str | None):
                def pick(e=None):
                    self.choose(mask=None if guest is None else (index, guest))
                    self._close()
                return pick
            others = [g for g in self.data["families"] if g != was]
            say = self.say
            self._open(say(_("Masked Ball: draw the {guest} as",
                             guest=self.words.guest_word(was))), [
                ft.Row([guest_tile(g, say(_("Draw it as {guest}",
                                            guest=self.words.article_word(g))), choose(g),
                                   self.words) for g in others], wrap=True, spacing=8,
                       run_spacing=8),
                ft.TextButton(say(_("No change: draw it as it is")), on_click=choose(None))])
        return handler

    def _add_group(self, e=None) -> None:
        args: dict = {"at": list(self.anchor), "turns": self._turns()}
        if self.mask:
            args["masked"] = {"index": self.mask[0], "guest": self.mask[1]}
        if self.act(self.error, "add_group", args):
            self._chose(anchor=None, mask=None)

    def _draw_group_bar(self, castle: dict) -> list[ft.Control]:
        if not self._may_plan():
            return []
        done: list[ft.Control] = []
        group = self.view.get("group")
        if (self.by_hand and group and group["figure"] is not None and "add_group" in self.legal
                and not self.view["mine"]["added_group"]):
            # the next card waits for every castle: say when the group drawn by hand is in
            done = [ft.FilledButton(self.say(_("I have drawn Shape {shape}'s group",
                                               shape=group["shape"])),
                                    style=thumb_style(), icon=ft.Icons.CHECK,
                                    on_click=self._drawn_by_hand)]
        return done + self._group_planner(castle)

    def _drawn_by_hand(self, e=None) -> None:
        self.act(self.error, "add_group", {"by_hand": True})

    def _group_planner(self, castle: dict) -> list[ft.Control]:
        say = self.say
        if not self.grouping:
            return [ft.OutlinedButton(say(_("Draw a whole group at once")), style=thumb_style(),
                                      on_click=self._start_group)]
        plan = sorted(self.plan.items())
        what = (say(_("Group: {guests}", guests=Items(self._where(at, g) for at, g in plan)))
                if plan else say(_("Group: nobody yet")))
        draw: ft.Control = (
            ft.FilledButton(say(_n("Draw the group ({n} guests)", "Draw the group ({n} guests)",
                                   "n", n=len(plan))), style=thumb_style(),
                            on_click=self._draw_group)
            if "place_group" in self.legal else
            line(say(waiting_for(speaker(self.view))), 16, color=ACCENT))
        return [
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

    def _on_board(self, at: tuple[int, int]) -> bool:
        rows, columns = len(self.view["layout"]), len(self.view["layout"][0])
        return 0 <= at[0] < rows and 0 <= at[1] < columns

    def _where(self, at: tuple[int, int], guest: str):
        """A planned guest and where: "Vampire on C4", "Vampire past the edge (moat)"."""
        if self._on_board(at):
            return _("{guest} on {square}", guest=self.words.guest_word(guest),
                     square=self.words.square(at))
        return _("{guest} past the edge (moat)", guest=self.words.guest_word(guest))

    def _draw_speak(self, moves: frozenset[str], left: tuple[str, ...],
                    round_line: str) -> list[ft.Control]:
        """Your turn to speak about a special action on this group: your move, on top."""
        say = self.say
        buttons: list[ft.Control] = []
        if "special_action" in moves:
            buttons += [ft.Button(say(_("Use {action} on this group", action=ACTION_WORDS[key])),
                                  style=thumb_style(),
                                  icon=ft.Icons.CHECK_BOX_OUTLINE_BLANK,
                                  on_click=self._confirm_special(key))
                        for key in left]
        if "pass_special" in moves:
            buttons.append(ft.OutlinedButton(say(_("Pass: no special action from me")),
                                             style=thumb_style(), on_click=self._pass_special))
        if not buttons:
            return []
        return [line(round_line, 20, weight=ft.FontWeight.BOLD, color=ACCENT),
                ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)]

    def _draw_specials(self, used: tuple[tuple[str, bool], ...],
                       round_line: str) -> list[ft.Control]:
        say = self.say
        rows = [line(say(_("One special action per group at most; each of yours once a game; "
                           "every one left unused scores 2 points.")), 15),
                line(round_line, 16)]
        for key in self.data["special_action_names"]:
            name = ACTION_WORDS[key]
            # Ticked on the whiteboard: "You cannot use it again for the rest of the game".
            if dict(used)[key]:
                # wraps: a longer language's words never widen the phone
                rows.append(ft.Row([ft.Icon(ft.Icons.CHECK_BOX, size=18),
                                    line(say(_("{action}: used", action=name)), 16)],
                                   spacing=6, wrap=True))
            else:
                rows.append(line(say(_("{action}: not used yet", action=name)), 16))
        return rows

    def _draw_score(self, view: dict, castle: dict) -> None:
        score = castle["score"]
        final = view["over"] or castle["finished"]
        say, total = self.say, point_words(score["total"])
        title = say(_("Final Score: {points}", points=total) if final
                    else _("Your score now: {points}", points=total))
        parts: list[ft.Control] = [heading(title, 26)]
        parts += [line(t, 16) for t in breakdown(score, say)]
        totals = view["tally"]["totals"]
        everyone = " · ".join(say(_("{player} {n}", player=p, n=totals[p]))
                              for p in view["players"])
        parts.append(line(say(_("Everyone now: {scores}", scores=everyone)), 16))
        scored = [panel(say(_("Your score")), parts)]
        self.final.controls, self.score.controls = (scored, []) if view["over"] else ([], scored)

    # the grid and its dialog -----------------------------------------------------------
    def _tap(self, at: tuple[int, int]) -> None:
        self.touched()
        if self._adding():  # the group the table entered goes here: shown, not yet drawn
            self.error.show(None)
            self._chose(anchor=at)
            return
        self._chose(selected=at)
        title, controls = self._choices(at)
        if self.dialog is not None and self.dialog.open:  # a tap in the zoom: the same
            self.dialog.title.value = title                # dialog, now for that square
            self.dialog.content.controls = [*controls, self.dialog_error]
            self.dialog_error.show(None)
            self.page.update()
        else:
            self._open(title, controls)

    def _choices(self, at: tuple[int, int]) -> tuple[str, list[ft.Control]]:
        """What this phone may do on a square now, under a zoom of the squares around it."""
        castle = self.mine()
        r, c = at
        kind, guest = self.view["layout"][r][c], castle["guests"][r][c]
        name, words = self.words.square(at), self.words
        toast = {(tr, tc): p for tr, tc, p in
                 self.view["mine"]["event_points"].get("toast", [])} if self.toasting else None
        zoom = Zoom(at, self.view["layout"], castle["guests"], words, self._tap,
                    selected=at, planned=self.plan, toast=toast)
        controls: list[ft.Control] = [zoom.root]
        say = self.say
        if self.toasting:
            label = say(_("Toast the Pumpkin King on {square}: {points}", square=name,
                          points=point_words(toast[at])) if at in toast else
                        _("Toast the Pumpkin King on {square}", square=name))
            controls.append(ft.FilledButton(label, style=thumb_style(), on_click=self._toast(at)))
        elif self.grouping:
            if at in self.plan:
                controls.append(ft.FilledButton(say(_("Take {square} out of the group",
                                                      square=name)),
                                                style=thumb_style(), on_click=self._unplan(at)))
            else:
                controls += guest_tiles(self.data, words,
                                        lambda g: say(_("Add {guest} to the group",
                                                        guest=words.article_word(g))),
                                        self._plan(at))
        elif guest == "." and "place" in self.legal:
            controls += guest_tiles(self.data, words,
                                    lambda g: say(_("Draw {guest}", guest=words.article_word(g))),
                                    self._place(at))
        elif guest != "." and "remove" in self.legal:
            controls.append(ft.FilledButton(say(_("Erase {guest} on {square}",
                                                  guest=words.article_word(guest), square=name)),
                                            style=thumb_style(), on_click=self._erase(at)))
        else:  # nothing this phone may do on a square now: say what the table waits for
            controls.append(line(said(self.view, "turn", say)
                                 or say(_("Every castle is final now.")), 16))
        return say(_("{square}: {what}", square=name,
                     what=words.square_words(kind, guest))), controls

    def _open(self, title: str, controls: list[ft.Control]) -> None:
        self.dialog_error = ErrorLine()
        self.dialog = ft.AlertDialog(
            title=ft.Text(title, size=20),
            content=ft.Column([*controls, self.dialog_error], tight=True,
                              scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(self.say(_("Cancel")), on_click=self._close)],
            on_dismiss=self._dismissed)
        self.page.show_dialog(self.dialog)
        self.page.update()

    def _close(self, e=None) -> None:
        if self.dialog is not None and self.dialog.open:
            self.page.pop_dialog()
        self.dialog = None
        self._chose(selected=None)
        self.page.update()

    def _dismissed(self, e=None) -> None:
        """Tapped outside the dialog: nothing chosen, the square is no longer selected."""
        if e is not None and getattr(e, "control", None) is not self.dialog:
            return  # an older dialog closing late
        self.dialog = None
        self._chose(selected=None)

    def _place(self, at):
        def for_guest(g: str):
            def handler(e=None):
                if self.act(self.dialog_error, "place", {"square": list(at), "guest": g}):
                    self._close()
            return handler
        return for_guest

    def _erase(self, at):
        def handler(e=None):
            if self.act(self.dialog_error, "remove", {"square": list(at)}):
                self._close()
        return handler

    def _toast(self, at):
        def handler(e=None):
            if self.act(self.dialog_error, "score_event",
                        {"event": "toast", "square": list(at)}):
                self.choose(toasting=False)
                self._close()
        return handler

    # groups (planned here, drawn in one move) ---------------------------------------------
    def _start_group(self, e=None) -> None:
        self.touched()
        self._chose(grouping=True, plan=(), toasting=False)

    def _stop_group(self, e=None) -> None:
        self._chose(grouping=False, plan=())

    def _clear_group(self, e=None) -> None:
        self._chose(plan=())

    def _plan(self, at):
        def for_guest(g: str):
            def handler(e=None):
                self.touched()
                self.choose(plan=tuple(sorted({**self.plan, at: g}.items())))
                self._close()
            return handler
        return for_guest

    def _unplan(self, at):
        def handler(e=None):
            self.choose(plan=tuple((sq, g) for sq, g in self.choices.plan if sq != at))
            self._close()
        return handler

    def _move(self, direction: str):
        def handler(e=None):
            self.touched()
            dr, dc = MOVES[direction]
            rows, columns = len(self.view["layout"]), len(self.view["layout"][0])
            moved = {(r + dr, c + dc): g for (r, c), g in self.plan.items()}
            self.error.show(None)
            if moved and not any(0 <= r < rows and 0 <= c < columns for r, c in moved):
                self.error.show(self.say(_("Keep at least one guest of the group on the "
                                           "whiteboard.")))
            else:
                self.choose(plan=tuple(sorted(moved.items())))
            self.screen.refresh()
        return handler

    def _draw_group(self, e=None) -> None:
        group = [{"square": list(at), "guest": g} for at, g in sorted(self.plan.items())]
        if self.act(self.error, "place_group", {"group": group}):
            self._chose(grouping=False, plan=())

    # special actions and Events ----------------------------------------------------------
    def _confirm_special(self, key: str):
        """A special action is used once a game: ask first."""
        def handler(e=None):
            self.touched()
            name, group, say = ACTION_WORDS[key], self.view["group"], self.say

            def use(e=None):
                if self.act(self.dialog_error, "special_action", {"action": key}):
                    self._close()
            self._open(say(_("Use {action} on Shape {shape}?", action=name, shape=group["shape"])
                           if group else _("Use {action}?", action=name)), [
                line(say(_("You use it once a game, and nobody else uses a special action on "
                           "this group.")), 16),
                ft.FilledButton(say(_("Yes, use {action}", action=name)), style=thumb_style(),
                                on_click=use)])
        return handler

    def _pass_special(self, e=None) -> None:
        self.act(self.error, "pass_special", {})

    def _score(self, event: str):
        def handler(e=None):
            self.act(self.error, "score_event", {"event": event})
        return handler

    def _start_toast(self, e=None) -> None:
        self.touched()
        self.error.show(None)
        self._chose(toasting=True, grouping=False, plan=())

    def _cancel_toast(self, e=None) -> None:
        self._chose(toasting=False)
