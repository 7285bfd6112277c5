"""Castaways on the table screen, the stage: what the table does now, in words (a due Medical
Evacuation, the deal, the face-down picks, the '!' cards and Forced Play at camp, the
Challenge, the Outcast Tribunal), and the die (its faces read off the real die). Pieces of
``TablePanel`` (table.py), each drawn from its own value.
"""
from __future__ import annotations

import flet as ft

from companion.language import Items, Speaker

from ...widgets import ACCENT, ERROR, line, panel
from .parts import Unreadable, face_down_card, faces, order_row, said, tally

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


class Stage:
    """The stage and the die: what the table does now (its buttons are in the action bar:
    show.py)."""

    def _build_dice(self) -> ft.Control:
        """The die's panel, lasting: the faces typed off the real die stay across redraws."""
        say = self.say
        self.faces = ft.TextField(label=say(_("Dice faces read off the real die")), width=320)
        self.dice_for = ft.Column(spacing=4)
        self.dice_box = panel(say(_("The die")), [  # "Roll in the app" is in the action bar
            self.dice_for,
            ft.Row([self.faces, ft.OutlinedButton(say(_("Use the faces typed")),
                                                  on_click=self._use_faces)], wrap=True)])
        return self.dice_box

    def _draw_dice(self, dice: dict | None) -> list[ft.Control]:
        """The die the rules ask for now, and for whom (none: no panel)."""
        if not dice:
            return []
        self.dice_for.controls = self._dice_lines(dice)
        return [self.dice_box]

    def _stage(self, view: dict, where: dict) -> list[ft.Control]:
        legal = self.legal
        out = self._urgent(view)
        if "deal" in legal:
            out.append(line(self.say(_(
                "The app deals: each team gets 3 Physical, 3 Mental and 3 Social Castaways face "
                "down. Each player then picks secretly on their own phone; lay the cards face "
                "up in the lineups afterwards.")), 20))
        if view.get("picks"):
            out += self._picks(view["picks"])
        if view["leader_tie"] and "roll_team_leader" in legal:
            out.append(line(self.say(_("The dice tied: roll again.")), 24, color=ERROR,
                            weight=ft.FontWeight.BOLD))
        if "mark_must_play" in legal:
            out += self._camp(view, where)
        if view.get("challenge"):
            out += self._challenge_stage(view)
        if view.get("tribunal"):
            out += self._tribunal_stage(view)
        return out

    def _urgent(self, view: dict) -> list[ft.Control]:
        """A due Medical Evacuation comes before anything else (confirmed in the bar)."""
        return [ft.Container(line(self.say(_(
            "Medical Evacuation due: {castaway} is still at 0 health since the same stage of "
            "the last round.", castaway=c)), 24, weight=ft.FontWeight.BOLD, color=ERROR),
            padding=10, border=ft.Border.all(2, ERROR), border_radius=8)
            for c in view["pending_evacuations"]]

    def _picks(self, picks: dict) -> list[ft.Control]:
        """The face-down stacks as cards (taken ones ticked), never who took which."""
        rows: list[ft.Control] = []
        for team in picks["face_down"]:
            taken = [str(c["card"]) for c in team["cards"] if c["taken"]]
            rows.append(ft.Column([
                line(self.say(_("{team}: face-down cards taken: {cards}", team=team["team"],
                                cards=Items(taken)) if taken else
                              _("{team}: face-down cards taken: none", team=team["team"])),
                     20),
                ft.Row([face_down_card(c["card"], taken=c["taken"], say=self.say)
                        for c in team["cards"]], wrap=True, spacing=6)],
                spacing=6, tight=True, expand=True))
        return [ft.Row(rows, spacing=20, vertical_alignment=ft.CrossAxisAlignment.START),
                line(self.say(_("Still picking on their phones: {players}",
                                players=Items(picks["still_picking"]))),
                     24, weight=ft.FontWeight.BOLD)]

    def _camp(self, view: dict, where: dict) -> list[ft.Control]:
        out: list[ft.Control] = []
        fp = view.get("forced_play")
        if fp:
            out += [line(self.say(_("Forced Play: {player} plays now", player=fp["turn"])), 30,
                         weight=ft.FontWeight.BOLD, color=ACCENT),
                    order_row(fp["order"], where, now=fp["turn"], done=fp["done"], size=22,
                              now_words=self.say(_("plays now")),
                              done_words=self.say(_("played")), say=self.say),
                    line(self.say(_("No other card may be played until Forced Play is "
                                    "complete.")), 18)]
        rows = [self._bang_row(p, bool(fp)) for p in view["players"] if p["in_game"]]
        out.append(panel(self.say(_("'!' cards (must be played at camp this round)")), rows))
        return out

    def _bang_row(self, p: dict, forced: bool) -> ft.Row:
        n = p["must_play"]
        say, who = self.say, p["name"]
        row: list[ft.Control] = [
            line(say(_n("{player}: {count} '!' card", "{player}: {count} '!' cards", "count",
                        player=who, count=n)), 20),
            ft.OutlinedButton(say(_("{player} holds a '!' card", player=who)),
                              on_click=self._mark(p["name"], n + 1))]
        if n:
            row.append(ft.TextButton(say(_("{player}: one '!' card fewer", player=who)),
                                     on_click=self._mark(p["name"], n - 1)))
            if "play_card" in self.legal and not forced:
                row.append(ft.TextButton(say(_("{player} played a '!' card", player=who)),
                                         on_click=self._do("play_card", player=p["name"],
                                                           must_play=True)))
        return ft.Row(row, wrap=True)

    def _challenge_stage(self, view: dict) -> list[ft.Control]:
        ch, legal = view["challenge"], self.legal
        if ch["evacuation_first"]:  # the rules refuse the rest until it is confirmed
            return [line(self.say(_("The Medical Evacuation comes first: no sit-out, card or "
                                    "result until it is confirmed.")), 22,
                         weight=ft.FontWeight.BOLD, color=ERROR)]
        out: list[ft.Control] = []
        if "sit_out" in legal:
            out.append(line(self.say(_n(
                "{team} sits out {count} Castaway before the card is seen: tick them in the "
                "lineup, then sit them out.", "{team} sits out {count} Castaways before the "
                "card is seen: tick them in the lineup, then sit them out.", "count",
                team=ch["sit_out_team"], count=ch["sit_out_count"])), 22))
        if ch["sit_outs"]:
            out.append(line(self.say(_("Sitting out: {castaways}",
                                       castaways=Items(ch["sit_outs"]))), 22))
        if ch["winner"] is not None:
            out.append(line(self.say(_("{winner} won the Challenge.", winner=ch["winner"])), 30,
                            weight=ft.FontWeight.BOLD, color=ACCENT))
            if ch["note"]:
                out.append(line(said(self.say, ch, "note"), 20))
        return out

    def _tribunal_stage(self, view: dict) -> list[ft.Control]:
        t = view["tribunal"]
        say = self.say
        heading = (_("Outcast Tribunal: {team} · Tribunal Leader: {leader}", team=t["team"],
                     leader=t["leader"]) if t["team"] else
                   _("Outcast Tribunal: everyone · Tribunal Leader: {leader}",
                     leader=t["leader"]))
        out: list[ft.Control] = [line(say(heading), 26, weight=ft.FontWeight.BOLD)]
        if t["handoff"]:
            out.append(line(said(say, t, "handoff"), 18))
        if t["ballot_shown"]:
            out += self._ballot_lines(t)
        if t["last_tally"]:
            out.append(line(say(_("Last count: {tally}", tally=tally(t["last_tally"]))), 22))
        if "vote_twist" in self.legal:
            out.append(line(say(_("Draw the top Vote Twist card: read before or after the "
                                  "vote?")), 22))
        if t["read_twist_now"]:
            out.append(line(say(_("Read and resolve the Vote Twist card now.")), 22))
        if t["lone"]:
            out.append(line(said(say, t, "lone"), 22, weight=ft.FontWeight.BOLD))
        if t["voting"]:
            out.append(line(say(_(
                "Revote between {castaways}: the players vote on their phones (or "
                "pass-and-play); see the secret vote.", castaways=tuple(t["candidates"]))
                if t["revote"] else _("The vote is open: the players vote on their phones (or "
                                      "pass-and-play); see the secret vote.")), 22,
                weight=ft.FontWeight.BOLD, color=ACCENT))
        if t.get("revote_reading"):  # three or more tied: all in the revote (a choice)
            out.append(line(said(say, t, "revote_reading"), 18))
        if t["dice_reason"]:
            out.append(line(said(say, t, "dice_reason"), 24, weight=ft.FontWeight.BOLD))
        if t["done"]:
            out += self._tribunal_done(t)
        return out + [line(u, 18) for u in said(say, t, "unballoted")]

    def _ballot_lines(self, t: dict) -> list[ft.Control]:
        say = self.say
        out = [line(say(_("On the ballot: {castaways}", castaways=Items(t["ballot"]))
                        if t["ballot"] else _("On the ballot: nobody")), 22)]
        if t["safe"]:
            out.append(line(say(_("Safe: {castaways}", castaways=Items(t["safe"]))), 20))
        if t["at_camp"]:
            out.append(line(say(_("Back at camp: {castaways}", castaways=Items(t["at_camp"]))),
                            20))
        # Translators: a voter with extra votes: "Ben (+1)"
        votes = Items(_("{player} (+{count})", player=p, count=t["extra_votes"][p])
                      if t["extra_votes"].get(p) else p for p in t["voters"])
        out.append(line(say(_("Voting players (1 vote each, however many Castaways they own): "
                              "{players}", players=votes) if votes else
                            _("Voting players (1 vote each, however many Castaways they own): "
                              "nobody")), 18))
        return out

    def _tribunal_done(self, t: dict) -> list[ft.Control]:
        out: list[ft.Control] = []
        if t["merge_closed"]:
            out.append(line(said(self.say, t, "merge_closed"), 22, weight=ft.FontWeight.BOLD))
        if t["out"]:
            out.append(line(self.say(_("{castaways} left the game.",
                                       castaways=tuple(t["out"]))), 36,
                            weight=ft.FontWeight.BOLD, color=ACCENT))
        elif not t["merge_closed"]:
            out.append(line(self.say(_("Nobody could be voted out.")), 24))
        if t["read_twist_after"]:
            out.append(line(self.say(_("Now read and resolve the Vote Twist card.")), 22))
        return out

    def _dice_lines(self, dice: dict) -> list[ft.Control]:
        return [line(said(self.say, dice, "what"), 18),
                line(self.say(_("Faces in this order: {names}", names=Items(dice["for"]))),
                     22, weight=ft.FontWeight.BOLD)]

    def _use_faces(self, e=None) -> None:
        dice = self.view.get("dice") or {}
        who = dice.get("for") or []
        try:
            values = faces(self.faces.value, len(who))
        except Unreadable as err:
            return self._say(err.args[0])
        self.faces.value = ""
        self._roll(dict(zip(who, values)))

    def _roll(self, rolls: dict | None = None) -> None:
        """The die the rules ask for now: rolled in the app (no faces) or read off the die."""
        move = "roll_team_leader" if "roll_team_leader" in self.legal else "roll_off"
        self._act(move, {"rolls": rolls} if rolls else {})
