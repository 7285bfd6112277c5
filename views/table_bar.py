"""The table's action bar: its next steps, always in the same place (start, the game's and
the vote's steps, play again or another game, undo, each asked first where it cannot be
taken back). A piece of ``TableRoom``."""
from __future__ import annotations

import flet as ft

from companion import games
from companion.language import COMPANION, HOME, Items, Speaker

from .ballot import big_button
from .widgets import line, steady

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the shared screens' words


class ActionBar:
    """The action bar's part of a ``TableRoom``."""

    def __init__(self, room) -> None:
        self.room = room

    def now(self) -> object:
        room = self.room
        sv = room.service
        shown = sv.room(room.code)
        # what "Play again" and "Another game" say and offer, once they are offered
        again = (games.title(shown.game_key, shown.title),
                 tuple(s.name for s in room.seats.seats()),
                 sv.game(room.code).late_join,
                 tuple((e.key, e.said) for e in games.entries()
                       if e.playable and e.key in sv.offered)
                 ) if self._may_play_again() else None
        return (shown.started, shown.ended, room.confirm,
                room.vote_panel.steps_inputs(sv.vote(room.code)), room._game_now(), again)

    def _may_play_again(self) -> bool:
        """Once the game is over (or for the table vote, which never ends by itself): the
        same players, the next game, one tap away."""
        sv, code = self.room.service, self.room.code
        room = sv.room(code)
        if not room.started or room.ended or room.next_room:
            return False
        return bool(sv.game(code).late_join or sv.outcome(code) is not None)

    def draw(self, shown: tuple) -> list[ft.Control]:
        started, ended, confirm, vote_steps, game, again = shown
        room = self.room
        steps: list[ft.Control] = []
        say = room.words
        if not started and not ended:
            steps.append(big_button(say(_("Start the game")), self._start))
        if game is not None:  # the game's next steps
            steps += room.game_panel.actions(game)
        steps += room.vote_panel.actions(vote_steps)
        if again:  # the next game, after what is left of this one
            steps += self._again_steps(confirm, again, first=not steps)
        if confirm and confirm[0] in ("again", "another"):
            pass  # asked above, in place of the undo
        elif confirm and confirm[0] == "undo":
            steps += [line(say(_("Undo the last move?")), 20),
                      big_button(say(_("Yes, undo it")), self._undo),
                      big_button(say(_("No, keep it")), self._cancel, outlined=True)]
        elif started:
            steps.append(big_button(say(_("Undo the last move")), room.ask(("undo", "")),
                                    outlined=True))
        return [steady(steps, "action bar")]

    def _again_steps(self, confirm, again: tuple, first: bool = True) -> list[ft.Control]:
        what = confirm[0] if confirm else None
        title, seated, late_join, offered = again
        ask, say = self.room.ask, self.room.words
        names = Items(seated) if seated else _("nobody")
        if what == "again":
            return [line(say(_("Play {title} again with {names}? Every phone moves to the "
                               "new room, seated.", title=title, names=names)), 20),
                    big_button(say(_("Yes, play again")), self._play_again(None)),
                    big_button(say(_("No")), self._cancel, outlined=True)]
        if what == "another":
            return [line(say(_("Which game next, with {names}?", names=names)), 20),
                    *[big_button(say(_("Next: {title}", title=title)), self._play_again(key),
                                 outlined=True)
                      for key, title in offered],
                    big_button(say(_("No")), self._cancel, outlined=True)]
        steps = []
        if not late_join:
            steps.append(big_button(say(_("Play again")), ask(("again", "")),
                                    outlined=not first))
        steps.append(big_button(say(_("Another game")), ask(("another", "")),
                                outlined=True))
        return steps

    def _play_again(self, game_key: str | None):
        room = self.room

        def handler(e=None):
            room.confirm = None
            room.attempt(room.error, room.service.play_again, room.host_key, room.code,
                         game_key)
            room.refresh()  # the room now names its next one: this screen follows it
        return handler

    def _start(self, e=None) -> None:
        """Start with the options of the game's setup form (names, scenario, side...)."""
        room = self.room
        room.attempt(room.error, lambda: room.service.start(room.host_key, room.code,
                                                            room.game_panel.options()))

    def _cancel(self, e=None) -> None:
        self.room.confirm = None
        self.room.refresh()

    def _undo(self, e=None) -> None:
        room = self.room
        room.confirm = None
        room.attempt(room.error, room.service.undo, room.host_key, room.code)
        room.refresh()
