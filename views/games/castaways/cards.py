"""Castaways on the table screen, the cards played at the table: the Advantage cards (in
order of play), the Team Swap and the Team Leader card's order. Pieces of ``TablePanel``
(table.py), lasting (what the table typed stays) and drawn from their values.
"""
from __future__ import annotations

import flet as ft

from companion.language import Items, Speaker

from ...widgets import line, panel
from .parts import names, counts, order_row, tally

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


class Cards:
    """The Advantage cards, the Team Swap and the Team Leader card, and their handlers."""

    def _build_cards(self) -> tuple[ft.Control, ...]:
        """The Advantage cards, the Team Leader card and the Team Swap (lasting controls)."""
        say = self.say

        def field(words, width: int) -> ft.TextField:
            return ft.TextField(label=say(words), width=width)
        self.adv_player = field(_("Advantage card played by (player)"), 300)
        self.adv_card = field(_("Card name (optional)"), 300)
        self.adv_safe = field(_("Made safe (Castaways, comma-separated)"), 420)
        self.adv_leave = field(_("Sent back to camp by Leave Tribunal (Castaways)"), 420)
        self.adv_extra = field(_("Extra votes (players, like Ben 1)"), 420)
        self.adv_lose = field(_("Lose their vote (players)"), 420)
        self.adv_unsafe = field(_("No longer safe (second round only; Castaways)"), 420)
        self.adv_played = ft.Column(spacing=6)
        self.advantages = panel(say(_("Advantage cards (in order of play)")), [
            self.adv_played, ft.Row([self.adv_player, self.adv_card], wrap=True),
            self.adv_safe, self.adv_leave, self.adv_extra, self.adv_lose, self.adv_unsafe,
            ft.FilledButton(say(_("Play this Advantage card")),
                            on_click=self._play_advantage)])
        self.order = field(_("Team Leader order (players, comma-separated)"), 420)
        self.leader_line = ft.Column(spacing=4)
        self.pass_button = ft.OutlinedButton(say(_("Pass the Team Leader card on")),
                                             on_click=self._do("pass_leader"))
        self.order_row = ft.Row([self.order, ft.TextButton(
            say(_("Set the Team Leader order")), on_click=self._set_order)], wrap=True)
        self.leader = panel(say(_("Team Leader card")), [self.leader_line, self.pass_button,
                                                         self.order_row])
        self.swap_holder = field(_("Team Swap card holder (player)"), 280)
        self.swap_captain = field(_("Second captain (player)"), 280)
        self.swap_slot = ft.Column(spacing=6)
        self.swap_form = ft.Row([self.swap_holder, self.swap_captain,
                                 ft.OutlinedButton(say(_("Play the Team Swap")),
                                                   on_click=self._swap)],
                                wrap=True)
        self.swap = panel(say(_("Team Swap")), [self.swap_slot, self.swap_form])
        return self.advantages, self.swap, self.leader

    def _draw_advantages(self, trib: dict) -> list[ft.Control]:
        played, say = [], self.say
        for i, a in enumerate(trib["advantages"], start=1):
            what = []
            if a["safe"]:
                what.append(_("safe: {castaways}", castaways=Items(a["safe"])))
            if a["leave_tribunal"]:
                what.append(_("back to camp: {castaways}", castaways=Items(a["leave_tribunal"])))
            if a["extra_votes"]:
                what.append(_("extra votes: {tally}", tally=tally(a["extra_votes"])))
            if a["lose_vote"]:
                what.append(_("lose their vote: {players}", players=Items(a["lose_vote"])))
            if a["unsafe"]:
                what.append(_("no longer safe: {castaways}", castaways=Items(a["unsafe"])))
            # a played card: "1. Ben · Idol · safe: Rae; extra votes: Ana 1 vote"
            parts = [say(_("{position}. {player}", position=i, player=a["player"]))]
            parts += [a["card"]] if a["card"] else []
            if what:
                joined = what[0]
                for w in what[1:]:
                    # Translators: what one Advantage card did, part after part
                    joined = _("{first}; {then}", first=joined, then=w)
                parts.append(say(joined))
            row: list[ft.Control] = [line(" · ".join(p for p in parts if p), 18)]
            if i > 1 and "return_advantage" in self.legal:
                row.append(ft.TextButton(say(_("Return card {number} (conflict)", number=i)),
                                         on_click=self._do("return_advantage", index=i)))
            played.append(ft.Row(row, wrap=True))
        if trib["advantage_round"] == 2:
            played.insert(0, line(say(_("Second round of Advantage cards (house rule).")), 18))
        self.adv_played.controls = played or [line(say(_("No Advantage card played yet.")),
                                                   16)]
        return [self.advantages]

    def _draw_swap(self, view: dict) -> list[ft.Control]:
        s = view.get("team_swap")
        self.swap_form.visible = "team_swap" in self.legal
        say = self.say
        if s is None:
            self.swap_slot.controls = [line(say(_(
                "Only from round {round}, and no effect after the merge. The holder names a "
                "second captain.", round=self.data["team_swap_from_round"])), 16)]
            return [self.swap]
        rows: list[ft.Control] = [line(say(_(
            "Captains: {holder} ({holder_team}) and {captain} ({captain_team})",
            holder=s["holder"], holder_team=s["holder_team"], captain=s["captain"],
            captain_team=s["captain_team"])), 18)]
        rows += [line(say(_("{player}: {team}", player=x["player"], team=x["team"])), 16)
                 for x in s["picked"]]
        if "swap_pick" in self.legal:
            rows.append(line(say(_("{player} picks a player:", player=s["turn"])), 20,
                             weight=ft.FontWeight.BOLD))
            rows.append(ft.Row([ft.OutlinedButton(say(_("{player} picks {pick}",
                                                        player=s["turn"], pick=p)),
                                                  on_click=self._do("swap_pick", player=p))
                                for p in s["to_pick"]], wrap=True))
        if "swap_split" in self.legal:
            rows.append(ft.FilledButton(say(_("Split the Castaways in the app")),
                                        on_click=self._do("swap_split")))
        self.swap_slot.controls = rows
        return [self.swap]

    def _draw_leader(self, view: dict, where: dict) -> list[ft.Control]:
        self.leader_line.controls = [
            line(self.say(_("The Team Leader card passes in this order:")), 16),
            order_row(view["leader_order"], where, now=view["team_leader"],
                      now_words=self.say(_("Team Leader")), size=20, say=self.say)]
        self.pass_button.visible = "pass_leader" in self.legal
        self.order_row.visible = "set_leader_order" in self.legal
        return [self.leader]

    def _set_order(self, e=None) -> None:
        self._act("set_leader_order", {"order": names(self.order.value)})

    def _swap(self, e=None) -> None:
        self._act("team_swap", {"holder": (self.swap_holder.value or "").strip(),
                                "captain": (self.swap_captain.value or "").strip()})

    def _play_advantage(self, e=None) -> None:
        args = {"player": (self.adv_player.value or "").strip(),
                "card": (self.adv_card.value or "").strip(),
                "safe": names(self.adv_safe.value),
                "leave_tribunal": names(self.adv_leave.value),
                "extra_votes": counts(self.adv_extra.value),
                "lose_vote": names(self.adv_lose.value),
                "unsafe": names(self.adv_unsafe.value)}
        if self._act("play_advantage", args):
            for f in (self.adv_player, self.adv_card, self.adv_safe, self.adv_leave,
                      self.adv_extra, self.adv_lose, self.adv_unsafe):
                f.value = ""
            self.screen.s.page.update()
