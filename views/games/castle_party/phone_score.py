"""Castle Party on a player's phone: the lines around the castle. The result once the party is
over; your score with the rulebook's breakdown and everyone's (your Final Score above the
castle at the end); the guests past the edge; the default layout's note; the Events noted;
your special actions, used or not; and, folded, the legend and the app's reading of what the
rulebook leaves open.

Each is a piece of the panel's part (``views.screen.SubParts``): the ``*_of`` functions say what
it shows (compared with ``==``), and ``Sheet``'s methods draw from that value alone.
"""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from ...widgets import ACCENT, Fold, heading, line, panel
from .grid import LEGEND
from .parts import (ACTION_WORDS, beyond_line, breakdown, event_lines, fold_words, point_words,
                    round_words, said)

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")

Score = tuple[bool, dict, tuple[tuple[str, int], ...]]


def result_of(view, say) -> str | None:
    """Who won, once the party is over."""
    return (said(view, "result", say) or "") if view.get("result") else None


def note_of(view, say) -> str | None:
    """The default layout's note (how the app draws the rulebook's board)."""
    return said(view, "notes", say)[0] if view["layout_is_default"] else None


def beyond_of(castle: dict, words, say) -> str | None:
    """The guests drawn past the edge of the board, in the moat."""
    return beyond_line(castle["beyond"], words, say) if castle["beyond"] else None


def score_of(view, castle: dict) -> Score:
    """This player's score (final once their castle is, or the party over), and everyone's."""
    totals = view["tally"]["totals"]
    return (bool(view["over"] or castle["finished"]), castle["score"],
            tuple((p, totals[p]) for p in view["players"]))


def noted_of(castle: dict, legal: frozenset[str], words, say) -> tuple[tuple[str, ...], bool]:
    """The Events noted so far, and whether one may be scored now."""
    return tuple(event_lines(castle, words, say)), "score_event" in legal


def specials_of(view, castle: dict, say) -> tuple[tuple[tuple[str, bool], ...], str]:
    """This player's special actions, each used or not, and the group's round."""
    return tuple(castle["special_actions"].items()), round_words(view, say)


def more_of(view, say) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The app's notes and its reading of what the rulebook leaves open."""
    return tuple(said(view, "notes", say)[-1:]), tuple(said(view, "choices", say))


class Sheet:
    """The lines around a player's castle (``panel``: its ``PhonePanel``, for its words)."""

    def __init__(self, panel) -> None:
        self.panel = panel

    def result(self, shown: str | None) -> list[ft.Control]:
        if shown is None:
            return []
        return [line(shown, 30, weight=ft.FontWeight.BOLD, color=ACCENT)]

    def note(self, shown: str | None) -> list[ft.Control]:
        if shown is None:
            return []
        return [line(shown, 14, italic=True, color=ft.Colors.WHITE_70)]

    def beyond(self, shown: str | None) -> list[ft.Control]:
        return [] if shown is None else [line(shown, 15)]

    def score(self, shown: Score | None) -> list[ft.Control]:
        if shown is None:
            return []
        final, mine, totals = shown
        say, total = self.panel.say, point_words(mine["total"])
        title = say(_("Final Score: {points}", points=total) if final
                    else _("Your score now: {points}", points=total))
        parts: list[ft.Control] = [heading(title, 26)]
        parts += [line(t, 16) for t in breakdown(mine, say)]
        everyone = " · ".join(say(_("{player} {n}", player=p, n=n)) for p, n in totals)
        parts.append(line(say(_("Everyone now: {scores}", scores=everyone)), 16))
        return [panel(say(_("Your score")), parts)]

    def noted(self, shown: tuple[tuple[str, ...], bool]) -> list[ft.Control]:
        lines, scoring = shown
        say = self.panel.say
        if lines:
            # Translators: between the Events noted ("Conga: 5 points (first Clock); ...")
            joined = say(_("; ")).join(lines)
            return [line(say(_("Events noted: {events}", events=joined)), 16)]
        if not scoring:
            return [line(say(_("Events: none scored yet (one at each Clock).")), 16)]
        return []

    def specials(self, shown: tuple[tuple[tuple[str, bool], ...], str]) -> list[ft.Control]:
        used, round_line = dict(shown[0]), shown[1]
        say = self.panel.say
        rows = [line(say(_("One special action per group at most; each of yours once a game; "
                           "every one left unused scores 2 points.")), 15),
                line(round_line, 16)]
        for key in self.panel.data["special_action_names"]:
            name = ACTION_WORDS[key]
            # Ticked on the whiteboard: "You cannot use it again for the rest of the game".
            if used[key]:
                # wraps: a longer language's words never widen the phone
                rows.append(ft.Row([ft.Icon(ft.Icons.CHECK_BOX, size=18),
                                    line(say(_("{action}: used", action=name)), 16)],
                                   spacing=6, wrap=True))
            else:
                rows.append(line(say(_("{action}: not used yet", action=name)), 16))
        return [panel(say(_("Special actions")), [ft.Column(rows, spacing=8)])]

    def more(self, shown: tuple[tuple[str, ...], tuple[str, ...]]) -> list[ft.Control]:
        say = self.panel.say
        notes, choices = shown
        return [Fold(say(_("About this castle and the rules")), [
            line(t, 14, color=ft.Colors.WHITE_70) for t in [say(LEGEND), *notes, *choices]], 16,
            **fold_words(say))]
