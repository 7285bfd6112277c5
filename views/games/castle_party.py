"""Screens of Castle Party: each phone holds its player's whiteboard; the table keeps the Clocks
and reads out the Final Score.

The phone: the castle as a grid of squares (tap one, then pick a guest), a whole group planned
square by square and drawn at once (one figure; it may hang past the edge into the moat), the
special action on each group when it is your turn to speak, the Event to score at each Clock
(for the Toast, every empty square shows what the Pumpkin King would score there), the Final
Score live with the rulebook's breakdown, and the app's reading of what the rulebook leaves open.

The table: the setup (side, the Rave reading, the first player, the board's own layout), whose
turn it is to turn over a card and who speaks now about a special action, the Clocks as they are
revealed, who still owes an Event, everyone's score and breakdown, the winner, and the tally read
out one category at a time. Every move goes to the rules through ``screen.attempt``; nothing here decides what is
allowed: the buttons offered are the moves ``service.legal_moves`` lists for this screen, and the
names come from the game's data (``service.game_data``).
"""
from __future__ import annotations

import flet as ft

from companion.errors import Refused
from ..widgets import ACCENT, ErrorLine, heading, line, panel
from .castle_party_grid import LEGEND, CastleGrid, Words

ORDINALS = {1: "first", 2: "second", 3: "third"}
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def breakdown(score: dict) -> list[str]:
    """The rulebook's breakdown, one line per category."""
    return [f"{label} — {points(pts)}" for label, pts in score["lines"]]


def event_lines(castle: dict, words: Words) -> list[str]:
    return [f"{e['name']}: {points(e['points'])} ({ORDINALS.get(e['clock'], e['clock'])} Clock"
            + (f", Pumpkin King on {words.square(e['square'])})" if e["square"] else ")")
            for e in castle["events"]]


def speaker(view: dict) -> str | None:
    """Who speaks now about a special action on the Shape in play (None: nobody)."""
    return view["group"]["speaker"] if view.get("group") else None


def round_words(view: dict) -> str:
    """The special-action round of the Shape in play, in words for this phone."""
    group, me = view["group"], view["seat"]
    if group is None:
        return "No Shape card in play: special actions wait for the next group."
    head = f"Shape {group['shape']} ({group['revealer']}'s)"
    if group["used_by"]:
        who = "You" if group["used_by"] == me else group["used_by"]
        return f"{head}: {who} used {group['action_name']}; no other special action on it."
    if group["speaker"] == me:
        return f"{head}: your turn to speak. Use a special action on this group, or pass."
    if group["speaker"]:
        return (f"{head}: {group['speaker']} speaks now (the revealer first, then to the "
                f"left).")
    return f"{head}: everybody passed."


def beyond_line(guests: list[str], words: Words) -> str:
    return ("Past the edge of the board, in the moat: "
            + ", ".join(words.guest(g) for g in guests))


def winner_line(view: dict) -> str:
    winners = view["winners"]
    best = view["tally"]["totals"][winners[0]]
    if len(winners) == 1:
        return f"{winners[0]} wins with {points(best)}!"
    return f"{names(winners)} share the victory with {points(best)}."


class Sections:
    """Rebuild a section only when what it shows changed: a button that another player's move
    did not concern stays the same control, so a tap landing during that redraw still counts."""

    def __init__(self) -> None:
        self.keys: dict[int, object] = {}

    def set(self, slot, key: object, build) -> None:
        if self.keys.get(id(slot), self) != key:
            slot.controls = build()
            self.keys[id(slot)] = key


# --- the table screen -----------------------------------------------------------------------
class TablePanel:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.words = Words(self.data)
        self.error = ErrorLine()
        self.view: dict = {}
        self.legal: set[str] = set()
        self.read = 0  # categories read out so far, once the party is over
        self.setup_form = self._setup_form()
        self.layout_box = self._layout_box()
        self.sections = Sections()
        self.turn = ft.Column(spacing=10)
        self.clocks = ft.Column(spacing=10)
        self.tally = ft.Column(spacing=8)
        self.castles = ft.Row(wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)
        self.choices = ft.Column(spacing=4)
        self.root = ft.Column([self.error, panel("Whose turn", [self.turn]),
                               panel("Clocks", [self.clocks]), self.layout_box,
                               self.tally, self.castles,
                               panel("How this app reads the rulebook", [self.choices])],
                              spacing=14)

    # setup -----------------------------------------------------------------------------
    def _setup_form(self) -> ft.Column:
        """Before the start: lasting controls, read by options()."""
        self.rave = ft.Checkbox(label="Play the Rave side (advanced: five gathering points)",
                                value=False)
        self.reading = ft.RadioGroup(ft.Column([
            ft.Radio(value="on", label="On: a Monster standing on its gathering point "
                                       "(default)"),
            ft.Radio(value="touching", label="Touching: a Monster on its gathering point or "
                                             "next to it (sharing a side)")], tight=True),
            value="on")
        self.first = ft.TextField(
            label="First player: who most recently went to a party (empty: the first seated)",
            width=560)
        self.layout_field = ft.TextField(
            label="Your board's layout, one line per row (empty: the default grid)",
            multiline=True, min_lines=3, max_lines=14, width=560, text_size=14)
        return ft.Column([
            line("Castle Party: 2 to 4 players.", 20, weight=ft.FontWeight.BOLD),
            self.rave,
            line(f"Rave side, gathering points: {self.data['gathering_rule']}. Which reading "
                 f"does your table use?", 16),
            self.reading,
            self.first,
            line("Play passes to the left in seat order.", 16),
            line("Shape deck: shuffle the 20 Shape cards into four piles of five, shuffle a "
                 "Clock into three of them, and put the pile without a Clock on top.", 16),
            line(self.data["approximation_note"], 16, italic=True),
            line(self.data["layout_characters"], 16),
            self.layout_field,
            ft.OutlinedButton("Copy the default layout into the field",
                              on_click=self._copy_default),
        ], spacing=8)

    def _layout_box(self) -> ft.Container:
        """In play, before anybody draws: the table can still set its own grid."""
        self.layout_edit = ft.TextField(
            label="Castle layout for every player (empty: tap below for the default)",
            multiline=True, min_lines=3,
            max_lines=14, width=560, text_size=14)
        self.layout_error = ErrorLine()
        self.layout_note = line("", 16, italic=True)
        return panel("Castle layout (before anybody draws)", [
            self.layout_note,
            line("Type your board's grid: . castle square, ^ in front of a window, ~ moat, "
                 "= drawbridge, # no square; s w v g f a Rave gathering point. Undo takes a "
                 "change back.", 16),
            self.layout_edit,
            ft.Row([ft.FilledButton("Use this layout for every castle", on_click=self._set_layout),
                    ft.OutlinedButton("Put the default grid in the field",
                                      on_click=self._default_layout)],
                   wrap=True),
            self.layout_error])

    def _side(self) -> str:
        return "rave" if self.rave.value else "basic"

    def options(self) -> dict:
        options = {"side": self._side(), "gathering": self.reading.value or "on"}
        layout = (self.layout_field.value or "").strip()
        if layout:
            options["layout"] = layout
        first = (self.first.value or "").strip()
        if first:
            seated = [s.name for s in self.screen.service.seats(self.screen.code)]
            match = [n for n in seated if n.casefold() == first.casefold()]
            if not match:
                raise Refused(f"Nobody called {first} is seated: pick one of "
                              f"{names(seated) if seated else 'the seated players'}.")
            options["first_player"] = match[0]
        return options

    def _copy_default(self, e=None) -> None:
        self.layout_field.value = self.data["default_layouts"][self._side()]

    def _set_layout(self, e=None) -> None:
        self.screen.attempt(self.layout_error, self.screen.service.act, self.screen.code,
                            self.screen.host_key, "set_layout",
                            {"layout": self.layout_edit.value or ""})

    def _default_layout(self, e=None) -> None:
        self.layout_edit.value = self.data["default_layouts"][self.view.get("side", "basic")]

    # drawing ---------------------------------------------------------------------------
    def signature(self, view, vote) -> object:
        return (repr(view), self.read)

    def draw(self, view: dict, vote=None) -> None:
        self.view = view
        if not view:
            return
        self.legal = set(self.screen.service.legal_moves(self.screen.code, self.screen.host_key))
        legal = tuple(sorted(self.legal))
        self.layout_box.visible = "set_layout" in self.legal
        self.layout_note.value = (self.data["approximation_note"] if view["layout_is_default"]
                                  else "This table set its own layout.")
        if not view["over"]:
            self.read = 0
        self.sections.set(self.turn, (view["turn"], repr(view["group"]), view["over"],
                                      tuple(view["waiting_for_event"]), legal),
                          lambda: self._draw_turn(view))
        self.sections.set(self.clocks, (view["clocks_revealed"], tuple(view["waiting_for_event"]),
                                        speaker(view), legal),
                          lambda: self._draw_clocks(view))
        self.sections.set(self.choices, tuple(view["choices"]),
                          lambda: [line(t, 16) for t in view["choices"]])
        self.sections.set(self.tally, (repr(view["tally"]), view["over"], self.read),
                          lambda: self._draw_tally(view))
        self._draw_castles(view)

    def _draw_turn(self, view: dict) -> list[ft.Control]:
        """Who turns over the next card, or who speaks now about a special action."""
        if view["turn"] is None:
            return [line("No more cards: the third Clock has ended the party.", 22)]
        parts: list[ft.Control] = [line(view["turn"], 28, weight=ft.FontWeight.BOLD)]
        group = view["group"]
        if group and "pass_special" in self.legal:
            passed = f" (passed: {names(group['passed'])})" if group["passed"] else ""
            parts.append(line(f"Order: {names(group['order'])}{passed}. One special action "
                              f"per group at most.", 18))
            parts.append(ft.Row([
                ft.FilledButton(f"{group['speaker']} passes",
                                on_click=self._act("pass_special", {})),
                ft.OutlinedButton("Everybody left passes",
                                  on_click=self._act("pass_special", {"everyone": True}))],
                wrap=True))
        elif "reveal_shape" in self.legal:
            parts.append(ft.FilledButton(f"{view['next_revealer']} turned over a Shape card",
                                         on_click=self._act("reveal_shape", {})))
            parts.append(line("A Clock card instead? Mark it in the Clocks below.", 16))
        parts.append(line(f"Shapes turned over: {view['shapes_revealed']} of "
                          f"{view['shape_cards']}", 16))
        return parts

    def _act(self, move: str, args: dict):
        def handler(e=None):
            self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                                self.screen.host_key, move, args)
        return handler

    def _draw_clocks(self, view: dict) -> list[ft.Control]:
        n, total = view["clocks_revealed"], view["clocks_total"]
        parts: list[ft.Control] = [line(f"Clocks revealed: {n} of {total}", 30,
                                        weight=ft.FontWeight.BOLD)]
        waiting = view["waiting_for_event"]
        if waiting:
            parts.append(line(f"Waiting for an Event from {names(waiting)}", 24, color=ACCENT))
        elif n:
            parts.append(line(f"Every player has scored an Event for the {ORDINALS[n]} Clock.",
                              22))
        if speaker(view):
            parts.append(line(f"A Clock comes after this group: first {speaker(view)} uses a "
                              f"special action or passes.", 16))
        elif "reveal_clock" in self.legal:
            parts.append(ft.FilledButton(f"Mark the {ORDINALS[n + 1]} Clock as revealed",
                                         on_click=self._reveal_clock))
            parts.append(line("When a Clock card turns up, tap it here: every phone then "
                              "scores one Event.", 16))
        return parts

    def _reveal_clock(self, e=None) -> None:
        self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                            self.screen.host_key, "reveal_clock", {})

    def _category_line(self, name: str, values: list[int], players: list[str],
                       size: int = 22, **kw) -> ft.Text:
        return line(f"{name} — " + " · ".join(f"{p}: {v}" for p, v in zip(players, values)),
                    size, **kw)

    def _draw_tally(self, view: dict) -> list[ft.Control]:
        tally, players = view["tally"], view["players"]
        cats = tally["categories"]
        totals_line = line("Total — " + " · ".join(f"{p}: {points(tally['totals'][p])}"
                                                   for p in players), 28,
                           weight=ft.FontWeight.BOLD)
        rows: list[ft.Control] = []
        if not view["over"]:
            rows = [self._category_line(c["name"], [tally["points"][p][i] for p in players],
                                        players, 20) for i, c in enumerate(cats)]
            return [panel("Scores so far (live, changing as castles change)",
                          [*rows, totals_line])]
        rows.append(line(winner_line(view), 36, weight=ft.FontWeight.BOLD, color=ACCENT))
        rows.append(totals_line)
        rows.append(line(f"Read out: {self.read} of {len(cats)} categories", 20))
        for i, c in enumerate(cats[:self.read]):
            last = i == self.read - 1
            rows.append(self._category_line(c["name"], [tally["points"][p][i] for p in players],
                                            players, 30 if last else 20,
                                            weight=ft.FontWeight.BOLD if last else None))
        buttons = []
        if self.read < len(cats):
            buttons += [ft.FilledButton("Read out the next category", on_click=self._read_next),
                        ft.OutlinedButton("Show the whole tally", on_click=self._read_all)]
        else:
            buttons.append(ft.OutlinedButton("Read it out again", on_click=self._read_again))
        rows.append(ft.Row(buttons, wrap=True))
        return [panel("Final Score", rows)]

    def _read_next(self, e=None) -> None:
        self.read = min(self.read + 1, len(self.view["tally"]["categories"]))
        self.draw(self.view)

    def _read_all(self, e=None) -> None:
        self.read = len(self.view["tally"]["categories"])
        self.draw(self.view)

    def _read_again(self, e=None) -> None:
        self.read = 0
        self.draw(self.view)

    def _draw_castles(self, view: dict) -> None:
        hide = view["over"] and self.read < len(view["tally"]["categories"])
        cards = []
        for castle in view["castles"]:
            score = castle["score"]
            names = self.data["special_action_names"]
            used = [names[k] for k, v in castle["special_actions"].items() if v]
            parts: list[ft.Control] = [
                line(f"Special actions used: {', '.join(used) or 'none'}", 18)]
            parts += [line(t, 18) for t in event_lines(castle, self.words)]
            if castle["beyond"]:
                parts.append(line(beyond_line(castle["beyond"], self.words), 16))
            if castle["owes_event"]:
                parts.append(line(f"{castle['player']} still owes an Event", 18, color=ACCENT))
            if not hide:
                parts += [line(t, 16) for t in breakdown(score)]
            title = castle["player"] + ("" if hide else f": {points(score['total'])}")
            cards.append(ft.Container(panel(title, parts), width=340))
        self.castles.controls = cards


# --- a player's phone -----------------------------------------------------------------------
class PhonePanel:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.words = Words(self.data)
        self.view: dict = {}
        self.legal: set[str] = set()
        self.grid: CastleGrid | None = None
        self.selected: tuple[int, int] | None = None
        self.grouping = False
        self.plan: dict[tuple[int, int], str] = {}
        self.toasting = False
        self.dialog: ft.AlertDialog | None = None
        self.dialog_error = ErrorLine()
        self.sections = Sections()

        self.error = ErrorLine()
        self.notes = ft.Column(spacing=4)
        self.events = ft.Column(spacing=8)
        self.speak = ft.Column(spacing=8)
        self.reveal = ft.Column(spacing=8)
        self.beyond = line("", 15, visible=False)
        self.choices = ft.Column(spacing=2)
        self.group_bar = ft.Column(spacing=8)
        self.grid_slot = ft.Row(scroll=ft.ScrollMode.AUTO)
        self.specials = ft.Column(spacing=8)
        self.score = ft.Column(spacing=4)
        self.root = ft.Column([
            self.notes, self.events, self.speak, self.reveal, self.error, self.group_bar, self.grid_slot,
            self.beyond, line(LEGEND, 13, color=ft.Colors.WHITE_70),
            panel("Special actions", [self.specials]),
            self.score, self.choices], spacing=12)

    # helpers ---------------------------------------------------------------------------
    @property
    def page(self) -> ft.Page:
        return self.screen.s.page

    def mine(self) -> dict:
        seat = self.view.get("seat")
        return next(c for c in self.view["castles"] if c["player"] == seat)

    def act(self, error: ErrorLine, move: str, args: dict) -> bool:
        return bool(self.screen.attempt(error, self.screen.service.act, self.screen.code,
                                        self.screen.token, move, args))

    # drawing ---------------------------------------------------------------------------
    def signature(self, view) -> object:
        return repr(view)

    def draw(self, view: dict) -> None:
        self.view = view
        if not view:
            return None
        self.legal = set(self.screen.service.legal_moves(self.screen.code, self.screen.token))
        castle = self.mine()
        if "score_event" not in self.legal or "toast" not in castle["events_left"]:
            self.toasting = False
        if not self._may_plan():  # the third Clock has ended the party: castles are final
            self.grouping, self.plan = False, {}
        layout = tuple(view["layout"])
        if self.grid is None or self.grid.layout != layout:
            self.grid = CastleGrid(layout, self._tap, self.words)
            self.grid_slot.controls = [self.grid.root]
            self.selected, self.plan = None, {}
        self._render()
        return None

    def _render(self) -> None:
        view, castle = self.view, self.mine()
        self.notes.controls = ([line(n, 14, italic=True, color=ft.Colors.WHITE_70)
                                for n in view["notes"]] if view["layout_is_default"] else [])
        preview, legal = view["mine"]["event_points"], tuple(sorted(self.legal))
        self.sections.set(self.reveal, (legal, view["turn"]), self._draw_reveal)
        self.sections.set(self.events, (legal, repr(castle["events"]),
                                        tuple(castle["events_left"]), self.toasting,
                                        preview.get("fireworks"), preview.get("conga")),
                          lambda: self._draw_events(view, castle))
        self.sections.set(self.speak, (legal, repr(view["group"]),
                                       tuple(view["mine"]["special_actions_left"])),
                          lambda: self._draw_speak(view))
        self.sections.set(self.group_bar, (legal, self.grouping,
                                           tuple(sorted(self.plan.items())), speaker(view)),
                          lambda: self._draw_group_bar(castle))
        self.beyond.value = beyond_line(castle["beyond"], self.words) if castle["beyond"] else ""
        self.beyond.visible = bool(castle["beyond"])
        self.sections.set(self.choices, tuple(view["choices"]), lambda: [
            line(t, 13, color=ft.Colors.WHITE_70) for t in view["choices"]])
        toast = None
        if self.toasting:
            toast = {(r, c): p for r, c, p in view["mine"]["event_points"].get("toast", [])}
        self.grid.paint(castle["guests"], selected=self.selected, planned=self.plan, toast=toast)
        self.sections.set(self.specials, (repr(castle["special_actions"]), repr(view["group"])),
                          lambda: self._draw_specials(castle))
        self._draw_score(view, castle)

    def _draw_reveal(self) -> list[ft.Control]:
        """Your turn to turn over the top card: the table or your phone says it is done."""
        if "reveal_shape" not in self.legal:
            return []
        return [line(self.view["turn"], 20, weight=ft.FontWeight.BOLD, color=ACCENT),
                ft.FilledButton("I turned over a Shape card",
                                on_click=lambda e=None: self.act(self.error, "reveal_shape", {})),
                line("A Clock card instead? The table screen marks it.", 15)]

    def _draw_events(self, view: dict, castle: dict) -> list[ft.Control]:
        parts: list[ft.Control] = []
        if "score_event" in self.legal:
            clock = ORDINALS.get(len(castle["events"]) + 1, "")
            preview = view["mine"]["event_points"]
            parts.append(line(f"The {clock} Clock: score one Event now", 22,
                              weight=ft.FontWeight.BOLD, color=ACCENT))
            for event in castle["events_left"]:
                if event == "toast":
                    if self.toasting:
                        parts += [line("Tap an empty square for the Pumpkin King: each shows "
                                       "what he would score there.", 18),
                                  ft.TextButton("Cancel the Toast", on_click=self._cancel_toast)]
                    else:
                        parts.append(ft.FilledButton(
                            "Toast to the Pumpkin King: pick a square",
                            on_click=self._start_toast))
                else:
                    parts.append(ft.FilledButton(
                        f"Score the {self.data['event_names'][event]}: "
                        f"{points(preview[event])}",
                        on_click=self._score(event)))
        noted = event_lines(castle, self.words)
        if noted:
            parts.append(line("Events noted: " + "; ".join(noted), 16))
        elif "score_event" not in self.legal:
            parts.append(line("Events: none scored yet (one at each Clock).", 16))
        return parts

    def _may_plan(self) -> bool:
        """A group can be drawn now, or once the special actions on the Shape are settled."""
        return "place_group" in self.legal or speaker(self.view) is not None

    def _draw_group_bar(self, castle: dict) -> list[ft.Control]:
        if not self._may_plan():
            return []
        if not self.grouping:
            return [ft.OutlinedButton("Draw a whole group at once", on_click=self._start_group)]
        plan = sorted(self.plan.items())
        what = (", ".join(f"{self.words.guest(g)} {self._where(at)}" for at, g in plan)
                if plan else "nobody yet")
        draw: ft.Control = (
            ft.FilledButton(f"Draw the group ({len(plan)} guests)", on_click=self._draw_group)
            if "place_group" in self.legal else
            line(f"Draw it once {speaker(self.view)} has used a special action or passed.", 16,
                 color=ACCENT))
        return [
            line("Planning a group as you see it from your seat: tap squares and pick each "
                 "guest (one figure, touching by the sides), move it if needed, then draw it. "
                 "It may hang past the edge of the board into the moat.", 16),
            line(f"Group: {what}", 18, weight=ft.FontWeight.BOLD),
            ft.Row([ft.OutlinedButton(f"Move the group {d}", on_click=self._move(d))
                    for d in MOVES], wrap=True, spacing=6),
            ft.Row([draw,
                    ft.TextButton("Clear the group", on_click=self._clear_group),
                    ft.TextButton("Stop planning", on_click=self._stop_group)], wrap=True)]

    def _on_board(self, at: tuple[int, int]) -> bool:
        rows, columns = len(self.view["layout"]), len(self.view["layout"][0])
        return 0 <= at[0] < rows and 0 <= at[1] < columns

    def _where(self, at: tuple[int, int]) -> str:
        return f"on {self.words.square(at)}" if self._on_board(at) else "past the edge (moat)"

    def _draw_speak(self, view: dict) -> list[ft.Control]:
        """Your turn to speak about a special action on this group: your move, on top."""
        names = self.data["special_action_names"]
        buttons: list[ft.Control] = []
        if "special_action" in self.legal:
            buttons += [ft.Button(f"Use {names[key]} on this group",
                                  icon=ft.Icons.CHECK_BOX_OUTLINE_BLANK,
                                  on_click=self._confirm_special(key))
                        for key in view["mine"]["special_actions_left"]]
        if "pass_special" in self.legal:
            buttons.append(ft.OutlinedButton("Pass: no special action from me",
                                             on_click=self._pass_special))
        if not buttons:
            return []
        return [line(round_words(view), 20, weight=ft.FontWeight.BOLD, color=ACCENT),
                ft.Row(buttons, wrap=True, spacing=6)]

    def _draw_specials(self, castle: dict) -> list[ft.Control]:
        rows = [line("One special action per group at most; each of yours once a game; every "
                     "one left unused scores 2 points.", 15),
                line(round_words(self.view), 16)]
        for key, name in self.data["special_action_names"].items():
            # Ticked on the whiteboard: "You cannot use it again for the rest of the game".
            if castle["special_actions"][key]:
                rows.append(ft.Row([ft.Icon(ft.Icons.CHECK_BOX, size=18),
                                    line(f"{name}: used", 16)], spacing=6))
            else:
                rows.append(line(f"{name}: not used yet", 16))
        return rows

    def _draw_score(self, view: dict, castle: dict) -> None:
        score = castle["score"]
        final = view["over"] or castle["finished"]
        title = (f"Final Score: {points(score['total'])}" if final
                 else f"Your score now: {points(score['total'])}")
        parts: list[ft.Control] = [heading(title, 26)]
        parts += [line(t, 16) for t in breakdown(score)]
        totals = view["tally"]["totals"]
        parts.append(line("Everyone now: " + " · ".join(f"{p} {totals[p]}"
                                                        for p in view["players"]), 16))
        if view["over"]:
            parts.append(line(winner_line(view), 22, weight=ft.FontWeight.BOLD, color=ACCENT))
        self.score.controls = [panel("Score", parts)]

    # the grid and its dialog -----------------------------------------------------------
    def _tap(self, at: tuple[int, int]) -> None:
        castle = self.mine()
        r, c = at
        kind, guest = self.view["layout"][r][c], castle["guests"][r][c]
        name, words = self.words.square(at), self.words
        self.selected = at
        controls: list[ft.Control] = []
        if self.toasting:
            toast = {(tr, tc): p for tr, tc, p in
                     self.view["mine"]["event_points"].get("toast", [])}
            label = f"Toast the Pumpkin King on {name}"
            if at in toast:
                label += f": {points(toast[at])}"
            controls.append(ft.FilledButton(label, on_click=self._toast(at)))
        elif self.grouping:
            if at in self.plan:
                controls.append(ft.FilledButton(f"Take {name} out of the group",
                                                on_click=self._unplan(at)))
            else:
                controls += self._guest_buttons(lambda g: f"Add {words.with_article(g)} to "
                                                          f"the group", self._plan(at))
        elif guest == "." and "place" in self.legal:
            controls += self._guest_buttons(lambda g: f"Draw {words.with_article(g)}",
                                            self._place(at))
        elif guest != "." and "remove" in self.legal:
            controls.append(ft.FilledButton(f"Erase {words.with_article(guest)} on {name}",
                                            on_click=self._erase(at)))
        else:  # nothing this phone may do on a square now: say what the table waits for
            controls.append(line(self.view["turn"] or "Every castle is final now.", 16))
        self._render()
        self._open(f"{name}: {words.square_words(kind, guest)}", controls)

    def _guest_buttons(self, label, handler) -> list[ft.Control]:
        def button(g: str) -> ft.Control:
            return ft.Button(label(g), on_click=handler(g))
        return [ft.Row([button(g) for g in self.data["families"]], wrap=True, spacing=6),
                ft.Row([button(g) for g in self.data["kings"]], wrap=True, spacing=6),
                ft.Row([button("U")], wrap=True)]

    def _open(self, title: str, controls: list[ft.Control]) -> None:
        self.dialog_error = ErrorLine()
        self.dialog = ft.AlertDialog(
            title=ft.Text(title, size=20),
            content=ft.Column([*controls, self.dialog_error], tight=True,
                              scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton("Cancel", on_click=self._close)],
            on_dismiss=self._dismissed)
        self.page.show_dialog(self.dialog)
        self.page.update()

    def _close(self, e=None) -> None:
        self.selected = None
        if self.dialog is not None and self.dialog.open:
            self.page.pop_dialog()
        self.dialog = None
        if self.view:
            self._render()
        self.page.update()

    def _dismissed(self, e=None) -> None:
        """Tapped outside the dialog: nothing chosen, the square is no longer selected."""
        if e is not None and getattr(e, "control", None) is not self.dialog:
            return  # an older dialog closing late
        self.selected, self.dialog = None, None
        if self.view:
            self._render()

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
                self.toasting = False
                self._close()
        return handler

    # groups (planned here, drawn in one move) ---------------------------------------------
    def _start_group(self, e=None) -> None:
        self.grouping, self.plan, self.toasting = True, {}, False
        self._render()

    def _stop_group(self, e=None) -> None:
        self.grouping, self.plan = False, {}
        self._render()

    def _clear_group(self, e=None) -> None:
        self.plan = {}
        self._render()

    def _plan(self, at):
        def for_guest(g: str):
            def handler(e=None):
                self.plan[at] = g
                self._close()
            return handler
        return for_guest

    def _unplan(self, at):
        def handler(e=None):
            self.plan.pop(at, None)
            self._close()
        return handler

    def _move(self, direction: str):
        def handler(e=None):
            dr, dc = MOVES[direction]
            rows, columns = len(self.view["layout"]), len(self.view["layout"][0])
            moved = {(r + dr, c + dc): g for (r, c), g in self.plan.items()}
            self.error.show(None)
            if moved and not any(0 <= r < rows and 0 <= c < columns for r, c in moved):
                self.error.show("Keep at least one guest of the group on the whiteboard.")
            else:
                self.plan = moved
            self._render()
        return handler

    def _draw_group(self, e=None) -> None:
        group = [{"square": list(at), "guest": g} for at, g in sorted(self.plan.items())]
        if self.act(self.error, "place_group", {"group": group}):
            self.grouping, self.plan = False, {}
            self._render()

    # special actions and Events ----------------------------------------------------------
    def _confirm_special(self, key: str):
        """A special action is used once a game: ask first."""
        def handler(e=None):
            name, group = self.data["special_action_names"][key], self.view["group"]
            shape = f" on Shape {group['shape']}" if group else ""

            def use(e=None):
                if self.act(self.dialog_error, "special_action", {"action": key}):
                    self._close()
            self._open(f"Use {name}{shape}?", [
                line("You use it once a game, and nobody else uses a special action on this "
                     "group.", 16),
                ft.FilledButton(f"Yes, use {name}", on_click=use)])
        return handler

    def _pass_special(self, e=None) -> None:
        self.act(self.error, "pass_special", {})

    def _score(self, event: str):
        def handler(e=None):
            self.act(self.error, "score_event", {"event": event})
        return handler

    def _start_toast(self, e=None) -> None:
        self.toasting, self.grouping, self.plan = True, False, {}
        self.error.show(None)
        self._render()

    def _cancel_toast(self, e=None) -> None:
        self.toasting = False
        self._render()
