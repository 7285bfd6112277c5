"""Castaways on the table screen: ``TablePanel``, what it draws. The game's screens are
described in __init__.py; the table's lasting controls and the moves they send are in
controls.py, its show and its next steps for the action bar in show.py.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
import flet as ft

from companion.language import Items, Speaker

from ..base import Shown, colours
from ...widgets import ACCENT, ERROR, line, panel
from .parts import (
    ARCHETYPES, WARN, bold, castaway_tile, cut_lines, face_down_card, holder_lines, lock_words,
    gone_how, order_row, person, said, tally,
)
from .controls import TableControls
from .phone import castaways_of, owner_words
from .show import TableActions, final_show, head_tiles, merge_show, tribunal_steps

__all__ = ["TablePanel"]

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


@dataclass(frozen=True)
class Camp(Shown):
    """What the table's panel draws from."""

    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)


class TablePanel(TableActions, TableControls):
    """The table screen's Castaways panel: what it draws (the controls are made once in
    ``TableControls``; the moves they send are there too; the next steps for the action bar
    in ``TableActions``)."""

    # -- drawing ----------------------------------------------------------------------------
    def inputs(self, view, vote=None) -> Camp:
        """The view, the moves, the table's choices (but for a Castaway that has left the
        game, and a step the rules no longer offer) and the players' colours."""
        legal = self.offered()
        alive = {c["name"] for c in castaways_of(view)}
        mine = self.choices
        mine = replace(mine, selected=tuple(c for c in mine.selected if c in alive),
                       confirm=mine.confirm if mine.confirm and mine.confirm[1] in alive
                       else None, asking=mine.asking if mine.asking in legal else None)
        return Camp(view, legal, mine, colours(self.screen))

    def draw(self, shown: Camp) -> None:
        self.shown = shown
        self.view = view = shown.view
        legal = shown.legal
        where = dict(shown.colours)
        say = self.say
        self.head.controls = head_tiles(view, where, say) + (
            [tribunal_steps(view["tribunal"], say)] if view.get("tribunal") else [])
        self.show.controls = (merge_show(view, say) if view["merge_checklist"] and
                              "confirm_merge" in legal else []) + (
            final_show(view, where, say) if view.get("final") else [])
        self.lineups.controls = self._lineups(view, where) if view.get("teams") else []
        self.stage.controls = self._stage(view, where)
        # the lineups come first; only the secret picks (face-down cards) go before them
        first, then = ((self.stage, self.lineups) if view.get("picks") else
                       (self.lineups, self.stage))
        at = self.root.controls.index(self.show) + 1
        self.root.controls[at:at + 2] = [first, then]
        self.dice_box.visible = bool(view.get("dice"))
        if view.get("dice"):
            self.dice_for.controls = self._dice_lines(view)
        self.selection.visible = "adjust_health" in legal
        if self.selection.visible:
            self._draw_selection(view)
        self.challenge.visible = "challenge_penalty" in legal  # the card is revealed
        if self.challenge.visible:
            self._draw_challenge(view)
        self.advantages.visible = "play_advantage" in legal
        if self.advantages.visible:
            self._draw_advantages(view["tribunal"])
        self.swap.visible = "team_swap" in legal or bool(view.get("team_swap"))
        if self.swap.visible:
            self._draw_swap(view)
        self.leader.visible = view["in_round"]
        if view["in_round"]:
            self._draw_leader(view, where)
        self.people.controls = self._people(view)

    def _draw_leader(self, view: dict, where: dict) -> None:
        self.leader_line.controls = [
            line(self.say(_("The Team Leader card passes in this order:")), 16),
            order_row(view["leader_order"], where, now=view["team_leader"],
                      now_words=self.say(_("Team Leader")), size=20, say=self.say)]
        self.pass_button.visible = "pass_leader" in self.legal
        self.order_row.visible = "set_leader_order" in self.legal

    # -- what the table does now (its buttons are in the action bar: show.py) ------
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

    def _dice_lines(self, view: dict) -> list[ft.Control]:
        dice = view["dice"]
        return [line(said(self.say, dice, "what"), 18),
                line(self.say(_("Faces in this order: {names}", names=Items(dice["for"]))),
                     22, weight=ft.FontWeight.BOLD)]

    # -- the lineups ------------------------------------------------------------------------
    def _lineups(self, view: dict, where: dict) -> list[ft.Control]:
        """The lineups face up, with their gauges: two teams side by side (one tribe after
        the merge), each headed by its players in their colours, the Team Leader starred."""
        teams = view["teams"]
        tick = "adjust_health" in self.legal
        leader = view.get("team_leader")

        def tile(c: dict, width: int) -> ft.Control:
            return castaway_tile(c, self.top, selected=c["name"] in self.selected,
                                 on_select=self._toggle(c["name"]) if tick else None,
                                 width=width, say=self.say)

        def players(team: str) -> ft.Row:
            return ft.Row([person(p["name"], where, 14, lead=p["name"] == leader,
                                  say=self.say)
                           for p in view["players"] if p["team"] == team and p["in_game"]],
                          wrap=True, spacing=6, run_spacing=4)

        width = 232 if len(teams) == 1 else 196
        cols = []
        for t in teams:
            alone = ([line(said(self.say, t, "no_players"), 16, color=WARN)]
                     if t.get("no_players") else [])
            cols.append(ft.Column([
                ft.Row([bold(self.say(_n("{team} · {count} Castaway",
                                         "{team} · {count} Castaways", "count",
                                         team=t["name"], count=len(t["lineup"]))), 24),
                        players(t["name"])], wrap=True, spacing=12), *alone,
                ft.Row([tile(c, width) for c in t["lineup"]], wrap=True, spacing=8,
                       run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)],
                spacing=6, expand=True))
        return [ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)]

    def _draw_selection(self, view: dict) -> None:
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

    def _draw_challenge(self, view: dict) -> None:
        say = self.say
        buttons: list[ft.Control] = []
        if not view["merged"]:
            buttons += [ft.OutlinedButton(say(_("Penalty to {team} (skips sit-outs and ticked)",
                                                team=t)),
                                          on_click=self._penalty(t))
                        for t in view["team_names"]]
        buttons.append(ft.OutlinedButton(say(_("Penalty to the ticked Castaways")),
                                         on_click=self._penalty(None)))
        self.penalty_buttons.controls = [
            line(say(_("A team penalty skips Castaways that sat out; tick those that never got "
                       "to compete to skip them too.")), 16), ft.Row(buttons, wrap=True)]
        ch = view["challenge"]
        self.cut.visible = "challenge_roll_off" in self.legal
        self.cut_lines.controls = cut_lines(ch, say) + (
            [line(say(_("The die showed: {rolls}", rolls=rolled(view["last_roll"]))),
                  18, color=ACCENT)] if view["last_roll"] else [])
        self.cut_out.visible = bool(ch) and not ch["reroll"]
        self.coconut.visible = "coconut_toss" in self.legal
        if self.coconut.visible:
            self._draw_coconut(view)

    def _draw_coconut(self, view: dict) -> None:
        self.holders_line.controls = holder_lines(view["challenge"]["bag_holders"],
                                                  self.say) + [
            ft.TextButton(self.say(_("Tick the strongest as bag holders")),
                          on_click=self._tick_holders)]
        if not self.coconut_fields:
            a, b = view["team_names"]
            for t, rival in ((a, b), (b, a)):
                self.coconut_fields[t] = ft.TextField(
                    label=self.say(_("{team}'s throws at {rival}'s bag holders, in order",
                                     team=t, rival=rival)), width=380)
            self.coconut_rows.controls = list(self.coconut_fields.values())

    def _draw_advantages(self, trib: dict) -> None:
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

    def _draw_swap(self, view: dict) -> None:
        s = view.get("team_swap")
        self.swap_form.visible = "team_swap" in self.legal
        say = self.say
        if s is None:
            self.swap_slot.controls = [line(say(_(
                "Only from round {round}, and no effect after the merge. The holder names a "
                "second captain.", round=self.data["team_swap_from_round"])), 16)]
            return
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

    def _people(self, view: dict) -> list[ft.Control]:
        rows, say = [], self.say
        for p in view["players"]:
            marks = [p["team"] or ""]
            if p["team_leader"]:
                marks.append(say(_("Team Leader")))
            if p["tribunal_leader"]:
                marks.append(say(_("Tribunal Leader")))
            if not p["in_game"]:
                marks.append(say(_("out of the game")))
            # a player and their marks, one after the other ("Ana · Team 1 · Team Leader")
            rows.append(line(" · ".join([p["name"], *(m for m in marks if m)]), 18))
        out: list[ft.Control] = [panel(say(_("Players")), rows)]
        if view["departed"]:
            out.append(panel(say(_("Left the game (owner revealed)")), [
                line(said(say, view, "owner_choice"), 15),
                *[line(say(_("{castaway} ({archetype}) · {gone}", castaway=d["name"],
                             archetype=ARCHETYPES.get(d["archetype"], d["archetype"]),
                             gone=gone_words(d, named=False))), 18)
                  for d in view["departed"]]]))
        out.append(panel(say(_("Setup notes")), [line(n, 15) for n in said(say, view, "notes")]))
        return out


def gone_words(d: dict, named: bool = True):
    """How a Castaway left, in words: "Physical 4 (voted out, round 3) · Ben's Castaway", or
    without its name "voted out, round 3 · Ben's Castaway"."""
    how = gone_how(d)
    if named and d.get("instead_of"):
        return _("{castaway} ({how}, in place of {safe}, round {round}) · {owner}",
                 castaway=d["name"], how=how, safe=d["instead_of"], round=d["round"],
                 owner=owner_words(d))
    if named:
        return _("{castaway} ({how}, round {round}) · {owner}", castaway=d["name"], how=how,
                 round=d["round"], owner=owner_words(d))
    if d.get("instead_of"):
        return _("{how}, round {round}, in place of {safe} · {owner}", how=how,
                 round=d["round"], safe=d["instead_of"], owner=owner_words(d))
    return _("{how}, round {round} · {owner}", how=how, round=d["round"], owner=owner_words(d))


def rolled(rolls: dict) -> Items:
    """The die as it showed, for each: "Team 1 4, Team 2 2" (a name and its face)."""
    # Translators: whose roll and the face it showed: "Team 1 4"
    return Items(_("{name} {face}", name=w, face=v) for w, v in rolls.items())
