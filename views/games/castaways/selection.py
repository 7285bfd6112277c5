"""Castaways on the table screen, the Selected Castaways: the Castaways ticked in the
lineups, their health changed or set, a removal confirmed (a last Social kept safe: the next
most appropriate Castaway in its place), the zero-health locks in words. A piece of
``TablePanel`` (table.py), lasting (the health typed stays) and drawn from its value.
"""
from __future__ import annotations

import flet as ft

from companion.language import Items, Speaker

from ...widgets import ERROR, line, panel
from .lineups import gone_words
from .parts import lock_words, said
from .phone import castaways_of

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


class Selection:
    """The Selected Castaways panel and the handlers of its buttons."""

    def _build_selection(self) -> ft.Control:
        say = self.say
        self.set_value = ft.TextField(label=say(_("Health value (0 to 10)")), width=200)
        self.picked = ft.Column(spacing=6)
        self.confirm_slot = ft.Column(spacing=6)
        # (not "actions": that name is the table screen's hook for the action bar)
        self.selection = panel(say(_("Selected Castaways")), [
            self.picked,
            ft.Row([self.set_value, ft.OutlinedButton(say(_("Set health")),
                                                      on_click=self._set_health)], wrap=True),
            self.confirm_slot])
        return self.selection

    def _draw_selection(self, view: dict) -> list[ft.Control]:
        """The ticked Castaways and what the table may do to them (``view``: the lineups
        and the departed; the ticks and the moves as the panel shows them)."""
        sel, legal, say = self.selected, self.legal, self.say
        rows: list[ft.Control] = [line(say(
            _("Ticked: {castaways}", castaways=Items(sel)) if sel else
            _("Tick Castaways in the lineups to change their health or take them out.")), 18)]
        if sel:
            rows.append(ft.Row([
                ft.FilledButton(say(_("-1 health")), on_click=self._health(-1)),
                ft.FilledButton(say(_("+1 health")), on_click=self._health(+1)),
                ft.TextButton(say(_("Untick all")), on_click=self._untick)], wrap=True))
        if len(sel) == 1:
            c = sel[0]
            ways = [("medical_evacuation", _("Medical Evacuation…"), "medical"),
                    ("remove_castaway", _("Quits the game…"), "quit"),
                    ("remove_castaway", _("Out by a card…"), "card")]
            buttons = [ft.OutlinedButton(say(words), on_click=self._ask(how, c))
                       for move, words, how in ways if move in legal]
            if "grant_amulet" in legal:
                buttons.append(ft.OutlinedButton(say(_("Give a Safety Amulet")),
                                                 on_click=self._do("grant_amulet", castaway=c)))
            buttons.append(ft.TextButton(say(_("Move up in the lineup")),
                                         on_click=self._move_up))
            rows.append(ft.Row(buttons, wrap=True))
        # the zero-health locks, in words, beside the controls that heal or evacuate
        rows += [line(say(_("{castaway}: {lock}", castaway=c["name"],
                            lock=lock_words(c, say))), 18, weight=ft.FontWeight.BOLD,
                      color=ERROR) for c in castaways_of(view) if c.get("zero_lock")]
        self.picked.controls = rows
        self.confirm_slot.controls = self._last_out(view) + self._confirming(view)
        return [self.selection]

    def _last_out(self, view: dict) -> list[ft.Control]:
        if not view["departed"]:  # the latest departure, where the table just tapped
            return []
        d = view["departed"][-1]
        return [line(self.say(_("Last out: {gone}", gone=gone_words(d))), 18,
                     weight=ft.FontWeight.BOLD)]

    def _confirming(self, view: dict) -> list[ft.Control]:
        if not self.confirm:
            return []
        how, c = self.confirm
        safe = next((x for x in castaways_of(view)
                     if x["name"] == c and x["last_social_safe"]), None)
        if safe is not None and how in ("medical", "card"):
            return self._in_its_place(view, safe)
        say = self.say
        words = {"medical": (_("Medical Evacuation of {castaway}: {castaway} leaves the game "
                               "and its owner is revealed. Sure?", castaway=c),
                             _("Yes, evacuate {castaway}", castaway=c)),
                 "quit": (_("Quitting of {castaway}: {castaway} leaves the game and its owner "
                            "is revealed. Sure?", castaway=c),
                          _("Yes, {castaway} quits", castaway=c)),
                 "card": (_("Out by a card of {castaway}: {castaway} leaves the game and its "
                            "owner is revealed. Sure?", castaway=c),
                          _("Yes, {castaway} is out", castaway=c))}[how]
        return [line(say(words[0]), 20, weight=ft.FontWeight.BOLD, color=ERROR),
                ft.Row([ft.FilledButton(say(words[1]), on_click=self._confirmed),
                        ft.TextButton(say(_("No, keep them")), on_click=self._cancel)],
                       wrap=True)]

    def _in_its_place(self, view: dict, safe: dict) -> list[ft.Control]:
        """A last Social kept safe at 12 or more: "the next most appropriate castaway is out"
        in its place; the table confirms the proposal or one tied with it."""
        how, c = self.confirm
        ranked = safe["in_its_place"]
        say = self.say
        out: list[ft.Control] = [line(say(
            _("{castaway} is the last Social of {team} and is safe before the merge: the next "
              "most appropriate Castaway is out instead. Proposed: {proposed} (lowest health "
              "in {team}).", castaway=c, team=safe["team"], proposed=ranked[0]) if ranked else
            _("{castaway} is the last Social of {team} and is safe before the merge: the next "
              "most appropriate Castaway is out instead. Nobody else can go.", castaway=c,
              team=safe["team"])), 20, weight=ft.FontWeight.BOLD, color=ERROR),
            line(said(say, view, "in_place_choice"), 16)]
        move = "medical_evacuation" if how == "medical" else "remove_castaway"
        extra = {} if how == "medical" else {"reason": "card"}
        buttons: list[ft.Control] = [
            (ft.FilledButton if i == 0 else ft.OutlinedButton)(
                say(_("Yes, {castaway} is out instead", castaway=x) if i == 0 else
                    _("{castaway} is out instead (tied)", castaway=x)),
                on_click=self._instead(move, x, c, extra))
            for i, x in enumerate(ranked)]
        buttons.append(ft.TextButton(say(_("No, keep them")), on_click=self._cancel))
        return out + [ft.Row(buttons, wrap=True)]

    def _health(self, delta: int):
        def handler(e=None):
            self._act("adjust_health", {"castaways": list(self.selected), "delta": delta})
        return handler

    def _set_health(self, e=None) -> None:
        if len(self.selected) != 1:
            return self._say(_("Tick one Castaway to set its health."))
        try:
            value = int((self.set_value.value or "").strip())
        except ValueError:
            return self._say(_("Type the health as a whole number, like 4."))
        if self._act("set_health", {"castaway": self.selected[0], "value": value}):
            self.set_value.value = ""

    def _untick(self, e=None) -> None:
        self._chose(selected=(), confirm=None)

    def _ask(self, how: str, castaway: str):
        def handler(e=None):
            self._chose(confirm=(how, castaway))
        return handler

    def _cancel(self, e=None) -> None:
        self._chose(confirm=None)

    def _confirmed(self, e=None) -> None:
        how, c = self.confirm
        if how == "medical":
            ok = self._act("medical_evacuation", {"castaway": c})
        else:
            ok = self._act("remove_castaway", {"castaway": c, "reason": how})
        self._chose(confirm=None, selected=tuple(x for x in self.selected if not ok or x != c))

    def _instead(self, move: str, castaway: str, safe: str, extra: dict):
        def handler(e=None):
            self._act(move, {"castaway": castaway, "instead_of": safe, **extra})
            self._chose(confirm=None)
        return handler

    def _move_up(self, e=None) -> None:
        c = self.selected[0]
        for t in self.view["teams"]:
            order = [x["name"] for x in t["lineup"]]
            if c in order:
                i = order.index(c)
                if i == 0:
                    return self._say(_("{castaway} is already first in the lineup.",
                                             castaway=c))
                order[i - 1], order[i] = order[i], order[i - 1]
                self._act("arrange_lineup", {"team": t["name"], "order": order})
                return
