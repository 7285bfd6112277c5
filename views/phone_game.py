"""The game on a player's phone: the seat's game panel (each seat on a device keeps its own)
with its news for the screen reader, what happens now, folded into one line after the move,
and what just happened: the room's last history line. A piece of ``PhoneRoom``."""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN
from companion.language import COMPANION, HOME, Speaker

from companion import games

from .games import screens_of
from .widgets import line, now_line

_ = Speaker(COMPANION, HOME)  # the companion's catalog: every phone's shared words


class GameSlot:
    """The game panel's part of a ``PhoneRoom``, and the reminders' part after it."""

    def __init__(self, room) -> None:
        self.room = room
        self.panels: dict[str, object] = {}  # each seat's own game panel
        self.heard: dict[str | None, tuple[str, ...]] = {}  # each seat's game news, as last said

    def moving(self) -> bool:
        """This seat has a game move to make (no ballot of its own open)."""
        return self.room.once("moving", self._read_moving)

    def _read_moving(self) -> bool:
        room = self.room
        seat, vote = room._seated(), room.service.vote(room.code, room.token)
        if seat is None or (vote is not None and vote.status == OPEN):
            return False
        return room.service.needs_action(room.code, room.token)

    def view(self):
        """The game's view for the seat on screen, read once per redraw."""
        room = self.room
        return room.once("view", lambda: room.service.view(room.code, room.token))

    def panel(self):
        """The game panel of the seat on screen (each seat on a device keeps its own)."""
        room = self.room
        if room.token not in self.panels:
            game = screens_of(room.service.room(room.code).game_key)
            self.panels[room.token] = game.PhonePanel(room)
        room.game_panel = self.panels[room.token]
        return room.game_panel

    def now(self) -> object:
        """The seat on screen and its game panel's inputs (each seat on a device keeps its
        own panel)."""
        if self.room._seated() is None:
            return None
        return self.room.token, self.panel().inputs(self.view())

    def draw(self, shown: tuple | None) -> list[ft.Control]:
        if shown is None:
            return []
        token, inputs = shown
        panel = self.panels[token]
        controls = panel.draw(inputs)
        # a game with no catalog in this phone's language: said once, above its panel
        room = self.room
        note = games.untranslated(room.service.room(room.code).game_key, room.words.language)
        return [*([line(room.words(note), 14)] if note else []),
                *([panel.root] if controls is None else controls)]

    def news(self) -> str | None:
        """What a screen reader hears of the game: the sentences the game panel says now and
        did not say at its last redraw."""
        if self.room._seated() is None:
            return None
        token = self.room.token
        facts = tuple(self.panel().news(self.view()))
        before, self.heard[token] = self.heard.get(token, ()), facts
        return " ".join(f for f in facts if f not in before) or None

    # --- what happens now ----------------------------------------------------------------
    def reminders_now(self) -> tuple:
        """What happens now, as this seat's own phone says it (to "you")."""
        room = self.room
        return tuple(map(room.words, room.service.reminder_messages(room.code, room.token))) \
            if room._seated() else ()

    def reminder_news(self) -> str | None:
        """The first line of what happens now, unless the game panel says it (with the
        focus on the move it asks for)."""
        first = next(iter(self.reminders_now()), None)
        return None if first in self.heard.get(self.room.token, ()) else first

    def draw_reminders(self, reminders: tuple) -> list[ft.Control]:
        """The reminders folded into one short line, right after the player's own move (the
        ballot, the game panel), so they never push the move down."""
        say = self.room.words
        # Translators: a button that opens the rest of the lines; {n}: how many
        more = say(_("More ({n})"))  # said with {n} kept: the fold counts its lines
        return [now_line(reminders, more=more, less=say(_("Less")))] if reminders \
            else []

    # --- what just happened --------------------------------------------------------------
    def last_line_now(self) -> str | None:
        """The room's newest history line, in this phone's language, once the game started:
        the table's own public history (``history_lines``: a secret move leaves no line), so
        a phone shows nothing its seat could not read on the table."""
        room = self.room
        if room.seat() is None or not room.service.room(room.code).started:
            return None
        lines = room.service.history_lines(room.code)
        return room.words(lines[-1]) if lines else None

    def draw_last_line(self, last: str | None) -> list[ft.Control]:
        """What just happened, for a player who looked away: one short line after the move
        and the reminders. Not announced: the player's own move is said as "Done: ..."
        (``PhoneRoom.move_taken``), others' as their game news."""
        if not last:
            return []
        say = self.room.words
        return [line(say(_("History: {line}", line=last)), 14, max_lines=2,
                     overflow=ft.TextOverflow.ELLIPSIS, color=ft.Colors.WHITE_70)]
