"""Castle Party on a player's phone: your move, at the top. Turn over the top card of the
Shape deck; speak about a special action on the group (use one, or pass); score one Event at a
Clock (the Toast by picking the Pumpkin King's square on the castle).

Each is a piece of the panel's part (``views.screen.SubParts``): ``revealing``, ``speaking``
and ``scoring`` say what it shows (compared with ``==``), and ``YourMove``'s ``reveal``,
``speak`` and ``events`` draw from that value alone. The buttons act through the panel
(``PhonePanel``).
"""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from ...widgets import ACCENT, line, thumb_style
from .parts import ACTION_WORDS, EVENT_WORDS, ORDINAL_WORDS, point_words, round_words

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")

REVEAL = _("Your turn: turn over the top card of the Shape deck.")
SPEAKING = frozenset({"special_action", "pass_special"})

Scoring = tuple[int, tuple[tuple[str, "int | None"], ...], bool]


def revealing(legal: frozenset[str], adding: bool) -> bool:
    """This player turns over the next card (after adding the group, if theirs waits)."""
    return "reveal_shape" in legal and not adding


def speaking(view, legal: frozenset[str], say) -> tuple[frozenset[str], tuple[str, ...], str]:
    """This player's say on the group (use which special action, or pass), and the round."""
    return (legal & SPEAKING, tuple(view["mine"]["special_actions_left"]),
            round_words(view, say))


def scoring(view, castle: dict, legal: frozenset[str], toasting: bool) -> Scoring | None:
    """A Clock is out: the Events scored so far, each Event left with its points now (the
    Toast's depend on the square: shown on the castle), and whether the Toast is being picked;
    None while no Event may be scored."""
    if "score_event" not in legal:
        return None
    preview = view["mine"]["event_points"]
    return (len(castle["events"]),
            tuple((e, preview[e] if e != "toast" else None) for e in castle["events_left"]),
            toasting)


class YourMove:
    """The moves at the top of a player's phone (``panel``: its ``PhonePanel``)."""

    def __init__(self, panel) -> None:
        self.panel = panel

    def reveal(self, revealing: bool) -> list[ft.Control]:
        """Your turn to turn over the top card: the table or your phone says it is done."""
        if not revealing:
            return []
        panel = self.panel
        say = panel.say
        return [line(say(REVEAL), 20,
                     weight=ft.FontWeight.BOLD, color=ACCENT),
                ft.FilledButton(say(_("I turned over a Shape card")), style=thumb_style(),
                                on_click=lambda e=None: panel.act(panel.error, "reveal_shape",
                                                                  {})),
                line(say(_("A Clock card instead? The table screen marks it.")), 15)]

    def speak(self, shown: tuple[frozenset[str], tuple[str, ...], str]) -> list[ft.Control]:
        """Your turn to speak about a special action on this group: your move, on top."""
        moves, left, round_line = shown
        say = self.panel.say
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

    def events(self, shown: Scoring | None) -> list[ft.Control]:
        """A Clock is out: score one Event now (your move, on top)."""
        if shown is None:
            return []
        scored, left, toasting = shown
        say = self.panel.say
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

    # special actions and Events ----------------------------------------------------------
    def _confirm_special(self, key: str):
        """A special action is used once a game: ask first."""
        def handler(e=None):
            panel = self.panel
            panel.touched()
            name, group, say = ACTION_WORDS[key], panel.view["group"], panel.say

            def use(e=None):
                if panel.act(panel.dialog.error, "special_action", {"action": key}):
                    panel.dialog.close()
            panel.dialog.open(say(_("Use {action} on Shape {shape}?", action=name,
                                    shape=group["shape"])
                                  if group else _("Use {action}?", action=name)), [
                line(say(_("You use it once a game, and nobody else uses a special action on "
                           "this group.")), 16),
                ft.FilledButton(say(_("Yes, use {action}", action=name)), style=thumb_style(),
                                on_click=use)])
        return handler

    def _pass_special(self, e=None) -> None:
        self.panel.act(self.panel.error, "pass_special", {})

    def _score(self, event: str):
        def handler(e=None):
            self.panel.act(self.panel.error, "score_event", {"event": event})
        return handler

    def _start_toast(self, e=None) -> None:
        panel = self.panel
        panel.touched()
        panel.error.show(None)
        panel.choose_and_draw(toasting=True, grouping=False, plan=())

    def _cancel_toast(self, e=None) -> None:
        self.panel.choose_and_draw(toasting=False)
