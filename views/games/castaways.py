"""Screens of Castaways: the table runs the round, the phones keep each player's secret.

Table screen: setup form, the deal, the Team Leader die, two lineups side by side (one tribe
after the merge) with health gauges readable across a table, the zero-health lock in words,
the phase controls (Forced Play, the Challenge helpers, the Outcast Tribunal's steps, the
merge checklist, the Final Outcast Tribunal), Medical Evacuation with a confirmation.
Phone: my Castaways (secret: only this phone knows them until they leave the game), their
health, the phase, my picks, my Forced Play turn; the ballot is the room's.

Players are the people; Castaways are the characters on the cards. No rule lives here: every
move goes to the rules, whose refusal is shown as their sentence.
"""
from __future__ import annotations

from typing import Any

import flet as ft

from companion import dice
from companion.errors import Refused

from ..widgets import ACCENT, ERROR, ErrorLine, heading, line, panel
from .castaways_parts import (
    PHASE_NEXT, ROUND_PHASES, WARN, Unreadable, bold, castaway_card, counts, cut_lines, faces,
    holder_lines, lock_words, names, plural, requirements, shuffled_deal, shuffled_split,
    traits_lines,
)

ARCHETYPES = ("Physical", "Mental", "Social")

PLAYER_COUNTS = (
    "Castaways per player: 5–6 players pick 3 each · 7–8 players pick 2 each · "
    "9 players pick 2 each (the rule text skips 9; the 18 Castaways allow it) · "
    "10–18 players pick 1 each. Fewer than 5 or more than 18 players cannot play. "
    "Castaways nobody picks stay in the game, owned by nobody.")


def bangs(n: int) -> str:
    return plural(n, "'!' card")


def owner_words(d: dict) -> str:
    return f"{d['owner']}'s Castaway" if d.get("owner") else "owned by nobody"


def _castaways(view: dict) -> list[dict]:
    return [c for t in view.get("teams", []) for c in t["lineup"]]


class TablePanel:
    """The table screen's Castaways panel."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.view: dict = {}
        self.error = ErrorLine()
        self.selected: list[str] = []
        self.confirm: tuple[str, str] | None = None  # (how, Castaway) awaiting "Yes"
        self.rolled: tuple | None = None  # (for whom, the last roll in words)

        self._build_setup()

        # -- the game (lasting containers; slots inside are redrawn) -------------------------
        self.head = ft.Column(spacing=6)
        self.stage = ft.Column(spacing=8)

        self.faces = ft.TextField(label="Dice faces read off the real die", width=320)
        self.dice_for = ft.Column(spacing=4)
        self.dice_box = panel("The die", [
            self.dice_for, self.faces,
            ft.Row([ft.FilledButton("Roll in the app", on_click=self._roll_in_app),
                    ft.OutlinedButton("Use the faces typed", on_click=self._use_faces)],
                   wrap=True)])

        self.lineups = ft.Column(spacing=8)

        self.set_value = ft.TextField(label="Health value (0 to 10)", width=200)
        self.picked = ft.Column(spacing=6)
        self.confirm_slot = ft.Column(spacing=6)
        self.actions = panel("Selected Castaways", [
            self.picked,
            ft.Row([self.set_value, ft.OutlinedButton("Set health", on_click=self._set_health)],
                   wrap=True),
            self.confirm_slot])

        self._build_challenge()

        self._build_tribunal_and_camp()

        self.people = ft.Column(spacing=8)
        self.root = ft.Column([
            self.head, self.error, self.stage, self.dice_box, self.lineups, self.actions,
            self.challenge, self.advantages, self.swap, self.leader, self.people], spacing=14,
            visible=False)

    def _build_tribunal_and_camp(self) -> None:
        """The Advantage cards, the Team Leader card and the Team Swap (lasting controls)."""
        self.adv_player = ft.TextField(label="Advantage card played by (player)", width=300)
        self.adv_card = ft.TextField(label="Card name (optional)", width=300)
        self.adv_safe = ft.TextField(label="Made safe (Castaways, comma-separated)", width=420)
        self.adv_leave = ft.TextField(label="Sent back to camp by Leave Tribunal (Castaways)",
                                      width=420)
        self.adv_extra = ft.TextField(label="Extra votes (players, like Ben 1)", width=420)
        self.adv_lose = ft.TextField(label="Lose their vote (players)", width=420)
        self.adv_unsafe = ft.TextField(label="No longer safe (second round only; Castaways)",
                                       width=420)
        self.adv_played = ft.Column(spacing=6)
        self.advantages = panel("Advantage cards (in order of play)", [
            self.adv_played, ft.Row([self.adv_player, self.adv_card], wrap=True),
            self.adv_safe, self.adv_leave, self.adv_extra, self.adv_lose, self.adv_unsafe,
            ft.FilledButton("Play this Advantage card", on_click=self._play_advantage)])

        self.order = ft.TextField(label="Team Leader order (players, comma-separated)",
                                  width=420)
        self.leader_line = ft.Column(spacing=4)
        self.leader = panel("Team Leader card", [
            self.leader_line,
            ft.Row([ft.OutlinedButton("Pass the Team Leader card on", on_click=self._pass)],
                   wrap=True),
            ft.Row([self.order, ft.TextButton("Set the Team Leader order",
                                              on_click=self._set_order)], wrap=True)])

        self.swap_holder = ft.TextField(label="Team Swap card holder (player)", width=280)
        self.swap_captain = ft.TextField(label="Second captain (player)", width=280)
        self.swap_slot = ft.Column(spacing=6)
        self.swap_form = ft.Row([self.swap_holder, self.swap_captain,
                                 ft.OutlinedButton("Play the Team Swap", on_click=self._swap)],
                                wrap=True)
        self.swap = panel("Team Swap", [self.swap_slot, self.swap_form])

    def _build_setup(self) -> None:
        """The setup form (lasting: what the table typed stays)."""
        self.team1 = ft.TextField(label="Team 1 name", hint_text="Team 1", width=220)
        self.team2 = ft.TextField(label="Team 2 name", hint_text="Team 2", width=220)
        self.tribe = ft.TextField(label="Merged tribe name", hint_text="Merged tribe", width=220)
        self.team1_players = ft.TextField(
            label="Team 1 players (comma-separated; empty: alternate around the table)",
            width=560)
        self.archetype_names = {a: ft.TextField(
            label=f"{a} Castaway names (6, comma-separated; empty: {a} 1 … {a} 6)", width=560)
            for a in ARCHETYPES}
        self.traits = ft.TextField(
            label="Trait values (optional), one Castaway per line: Rae: Strength 7, Speed 6",
            multiline=True, min_lines=2, max_lines=6, width=560)
        self.team_swap = ft.Checkbox(label="Team Swap card in the game (advised off in a "
                                           "first game)", value=False)
        self.pass_each_round = ft.Checkbox(label="Team Leader card passes every round",
                                           value=True)
        self.second_round = ft.Checkbox(label="Second round of Advantage cards (house rule)",
                                        value=False)
        self.setup_form = ft.Column([
            line("Castaways setup", 20, weight=ft.FontWeight.BOLD),
            line(PLAYER_COUNTS, 16),
            ft.Row([self.team1, self.team2, self.tribe], wrap=True),
            self.team1_players, *self.archetype_names.values(), self.traits,
            self.team_swap, self.pass_each_round, self.second_round], spacing=8)

    def _build_challenge(self) -> None:
        """The Challenge helpers: penalties, obstacle stages, the field cut by the die, the
        Coconut Toss (lasting controls; their slots are redrawn)."""
        self.penalty = ft.TextField(label="Penalty (health points)", value="1", width=200)
        self.penalty_buttons = ft.Column(spacing=6)
        self.stage_req = ft.TextField(
            label="Obstacle stage traits, e.g. Strength 7, Speed 6, Balance 7", width=420)
        self.coconut_fields: dict[str, ft.TextField] = {}
        self.coconut_rows = ft.Column(spacing=6)
        self.tiebreak = ft.TextField(label="Coconut Toss tiebreak dice, one per team", width=320)
        self.holders_line = ft.Column(spacing=4)
        self.coconut = ft.Column([
            line("Coconut Toss: each team's bag holders are its 3 strongest competing "
                 "Castaways (never a sit-out). Each team throws the die at the OTHER team's "
                 "bag holders; the fewest throws to knock out all 3 wins.", 16),
            self.holders_line, self.coconut_rows, self.tiebreak,
            ft.FilledButton("Score the Coconut Toss", on_click=self._coconut)], spacing=6)
        self.cut_out = ft.TextField(label="How many of the ticked go out", width=260)
        self.cut_faces = ft.TextField(label="Die faces for them, read off the real die",
                                      width=320)
        self.cut_lines = ft.Column(spacing=4)
        self.cut = ft.Column([
            self.cut_lines, ft.Row([self.cut_out, self.cut_faces], wrap=True),
            ft.Row([ft.FilledButton("Roll the die in the app for them",
                                    on_click=self._cut_in_app),
                    ft.OutlinedButton("Use these die faces", on_click=self._cut_faces)],
                   wrap=True)], spacing=6)
        self.challenge = panel("Challenge helpers", [
            ft.Row([self.penalty], wrap=True), self.penalty_buttons,
            ft.Row([self.stage_req, ft.OutlinedButton("Score the stage for the ticked Castaways",
                                                      on_click=self._obstacle)], wrap=True),
            self.cut, self.coconut])

    # -- setup ------------------------------------------------------------------------------
    def options(self) -> dict:
        seats = [s.name for s in self.screen.service.seats(self.screen.code)]
        t1 = (self.team1.value or "").strip() or "Team 1"
        t2 = (self.team2.value or "").strip() or "Team 2"
        opts: dict[str, Any] = {
            "team_names": [t1, t2],
            "tribe_name": (self.tribe.value or "").strip() or "Merged tribe",
            "team_swap": bool(self.team_swap.value),
            "pass_leader_each_round": bool(self.pass_each_round.value),
            "second_advantage_round": bool(self.second_round.value)}
        first = names(self.team1_players.value)
        if first:
            unknown = [p for p in first if p not in seats]
            if unknown:
                raise Refused(f"{unknown[0]} is not seated at this table.")
            opts["teams"] = {t1: first, t2: [p for p in seats if p not in first]}
        typed = {a: names(f.value) for a, f in self.archetype_names.items()}
        try:
            traits = traits_lines(self.traits.value)
        except Unreadable as e:
            raise Refused(str(e)) from e
        if any(typed.values()) or traits:
            roster = []
            for a in ARCHETYPES:
                given = typed[a] or [f"{a} {i}" for i in range(1, 7)]
                if len(given) != 6:
                    raise Refused(f"Type 6 {a} Castaway names, comma-separated "
                                  f"({len(given)} typed), or leave the field empty.")
                roster += [{"name": n, "archetype": a} for n in given]
            known = {c["name"] for c in roster}
            for name in traits:
                if name not in known:
                    raise Refused(f"There is no Castaway called {name} for its traits.")
            for c in roster:
                if c["name"] in traits:
                    c["traits"] = traits[c["name"]]
            opts["castaways"] = roster
        return opts

    # -- drawing ----------------------------------------------------------------------------
    def signature(self, view, vote) -> object:
        return (repr(view), tuple(self.selected), self.confirm, self.rolled)

    def draw(self, view: dict, vote) -> None:
        self.view = view
        phase = view["phase"]
        alive = {c["name"] for c in _castaways(view)}
        self.selected = [c for c in self.selected if c in alive]
        if self.confirm and self.confirm[1] not in alive:
            self.confirm = None
        in_round = phase in ROUND_PHASES
        trib = view.get("tribunal") or {}

        self.head.controls = self._head(view)
        self.stage.controls = self._stage(view)
        dice_now = phase == "team_leader" or trib.get("step") == "dice"
        self.dice_box.visible = dice_now
        if dice_now:
            self.dice_for.controls = self._dice_lines(view)
        self.lineups.controls = self._lineups(view) if view.get("teams") else []
        self.actions.visible = in_round
        if in_round:
            self._draw_actions(view)
        revealed = phase == "challenge" and (view.get("challenge") or {}).get("revealed")
        self.challenge.visible = bool(revealed)
        if revealed:
            self._draw_challenge(view)
        self.advantages.visible = trib.get("step") == "advantages"
        if self.advantages.visible:
            self._draw_advantages(trib)
        swap_on = (phase == "camp" and view["team_swap_option"] and not view["merged"])
        self.swap.visible = swap_on or bool(view.get("team_swap"))
        if self.swap.visible:
            self._draw_swap(view)
        self.leader.visible = in_round
        if in_round:
            order = ", then ".join(view["leader_order"])
            self.leader_line.controls = [
                line(f"Team Leader: {view['team_leader']}", 22, weight=ft.FontWeight.BOLD),
                line(f"The card passes: {order}", 16)]
        self.people.controls = self._people(view)

    def _head(self, view: dict) -> list[ft.Control]:
        phase = view["phase"]
        title = view["phase_title"]
        if view["round"] and phase in ROUND_PHASES:
            title = f"Round {view['round']} · {title}"
        count = (f"{view['castaways_left']} Castaways in the game · "
                 + ("merged" if view["merged"] else f"merge at {view['merge_at']}")
                 if view["castaways_left"] else
                 f"Each player picks {plural(view['castaways_per_player'], 'Castaway')}")
        if view.get("team_leader") and phase in ROUND_PHASES:
            count += f" · Team Leader: {view['team_leader']}"
        return [heading(title, 34), line(count, 20)]

    # -- phase controls ---------------------------------------------------------------------
    def _stage(self, view: dict) -> list[ft.Control]:
        phase = view["phase"]
        out: list[ft.Control] = []
        for c in view["pending_evacuations"]:
            out.append(ft.Container(ft.Column([
                line(f"Medical Evacuation due: {c} is still at 0 health since the same stage "
                     "of the last round.", 22, weight=ft.FontWeight.BOLD, color=ERROR),
                ft.FilledButton(f"Confirm the Medical Evacuation of {c}",
                                on_click=self._do("medical_evacuation", castaway=c))],
                tight=True), padding=10, border=ft.Border.all(2, ERROR), border_radius=8))
        if view["merge_checklist"]:
            out.append(panel("Merge! One tribe now: the checklist", [
                *[line(f"{i}. {item}", 20)
                  for i, item in enumerate(view["merge_checklist"], start=1)],
                ft.FilledButton("Merge checklist done", on_click=self._do("confirm_merge"))]))
        if phase == "deal":
            out += [line("The app deals: each team gets 3 Physical, 3 Mental and 3 Social "
                         "Castaways face down. Each player then picks secretly on their own "
                         "phone; lay the cards face up in the lineups afterwards.", 18),
                    ft.FilledButton("Deal the Castaways", on_click=self._deal)]
        elif phase == "picks":
            picks = view["picks"]
            for team in picks["face_down"]:
                taken = [str(c["card"]) for c in team["cards"] if c["taken"]]
                out.append(line(f"{team['team']}: face-down cards taken: "
                                + (", ".join(taken) or "none"), 20))
            out.append(line("Still picking on their phones: "
                            + ", ".join(picks["still_picking"]), 22, weight=ft.FontWeight.BOLD))
        elif phase == "team_leader":
            if view["leader_tie"]:
                out.append(line("The dice tied: roll again.", 22, color=ERROR,
                                weight=ft.FontWeight.BOLD))
        elif phase in ("daily_mail", "camp_life", "camp"):
            out += self._camp(view)
        elif phase == "challenge":
            out += self._challenge_stage(view)
        elif phase == "tribunal":
            out += self._tribunal_stage(view)
        elif phase == "final":
            f = view["final"]
            out += [line(f"{f['finalists'][0]} and {f['finalists'][1]} pitch their case to "
                         "the Outcast Panel.", 24, weight=ft.FontWeight.BOLD),
                    line("Outcast Panel: " + ", ".join(f["panel"]), 20)]
            if f["before_merge"]:
                out.append(line(f["before_merge"], 18))
            if f["last_tally"]:
                out.append(line("Last count: " + self._tally(f["last_tally"]), 20))
            if not f["voting"]:
                out.append(ft.FilledButton("Open the Outcast Panel's vote",
                                           on_click=self._do("open_final_vote")))
            else:
                out.append(line("The Outcast Panel votes on their phones for the player who "
                                "should win.", 20))
        elif phase == "over":
            out.append(heading(f"{view['winner']} wins Castaways!", 44))
            out.append(line("Every owner is revealed in the lineups below.", 18))
        trib = view.get("tribunal")
        if phase in PHASE_NEXT and not (trib and trib["step"] != "done"):
            out.append(ft.FilledButton(PHASE_NEXT[phase], on_click=self._do("next_phase")))
        return out

    def _camp(self, view: dict) -> list[ft.Control]:
        out: list[ft.Control] = []
        fp = view.get("forced_play")
        if fp:
            out.append(line(f"Forced Play: {fp['turn']} plays now", 30,
                            weight=ft.FontWeight.BOLD, color=ACCENT))
            out.append(line("Order: " + ", ".join(
                f"{i}. {p}" + (" (played)" if p in fp["done"] else
                               " (plays now)" if p == fp["turn"] else "")
                for i, p in enumerate(fp["order"], start=1)), 20))
            out.append(line("No other card may be played until Forced Play is complete.", 16))
            out.append(ft.OutlinedButton(f"{fp['turn']} played their '!' card",
                                         on_click=self._do("play_card", player=fp["turn"],
                                                           must_play=True)))
        rows = []
        for p in view["players"]:
            if not p["in_game"]:
                continue
            n = p["must_play"]
            row: list[ft.Control] = [line(f"{p['name']}: {bangs(n)}", 20),
                                     ft.OutlinedButton(f"{p['name']} holds a '!' card",
                                                       on_click=self._mark(p["name"], n + 1))]
            if n:
                row.append(ft.TextButton(f"{p['name']}: one '!' card fewer",
                                         on_click=self._mark(p["name"], n - 1)))
                if view["phase"] == "camp" and not fp:
                    row.append(ft.TextButton(f"{p['name']} played a '!' card",
                                             on_click=self._do("play_card", player=p["name"],
                                                               must_play=True)))
            rows.append(ft.Row(row, wrap=True))
        out.append(panel("'!' cards (must be played at camp this round)", rows))
        holders = [p for p in view["players"] if p["in_game"] and p["must_play"]]
        if view["phase"] == "camp" and holders and not fp:
            out.append(ft.FilledButton("Start Forced Play", on_click=self._do("start_forced_play")))
        return out

    def _challenge_stage(self, view: dict) -> list[ft.Control]:
        ch = view["challenge"]
        out: list[ft.Control] = []
        if ch["evacuation_first"]:  # the rules refuse the rest until it is confirmed
            return [line("The Medical Evacuation comes first: no sit-out, card or result until "
                         "it is confirmed.", 22, weight=ft.FontWeight.BOLD, color=ERROR)]
        if ch["sit_out_count"] and not ch["revealed"]:
            out.append(line(f"{ch['sit_out_team']} sits out "
                            f"{plural(ch['sit_out_count'], 'Castaway')} before the card is "
                            "seen: tick them in the lineup, then sit them out.", 20))
            out.append(ft.OutlinedButton("Sit out the ticked Castaways",
                                         on_click=self._with_selected("sit_out")))
        if ch["sit_outs"]:
            out.append(line("Sitting out: " + ", ".join(ch["sit_outs"]), 20))
        if not ch["revealed"]:
            out.append(ft.FilledButton("Reveal the Challenge card",
                                       on_click=self._do("reveal_challenge")))
        elif ch["winner"] is None:
            if view["merged"]:
                out.append(ft.FilledButton(
                    "The ticked Castaway won (Individual Safety Amulet)",
                    on_click=self._winner_selected))
            else:
                out.append(ft.Row([ft.FilledButton(f"{t} won the Challenge",
                                                   on_click=self._do("challenge_result",
                                                                     winner=t))
                                   for t in view["team_names"]], wrap=True))
        else:
            out.append(line(f"{ch['winner']} won the Challenge.", 24,
                            weight=ft.FontWeight.BOLD, color=ACCENT))
            if ch["note"]:
                out.append(line(ch["note"], 20))
        return out

    def _tribunal_stage(self, view: dict) -> list[ft.Control]:
        t = view["tribunal"]
        out: list[ft.Control] = [
            line(f"Outcast Tribunal: {t['team'] or 'everyone'} · Tribunal Leader: "
                 f"{t['leader']}", 22, weight=ft.FontWeight.BOLD)]
        if t["handoff"]:
            out.append(line(t["handoff"], 18))
        step = t["step"]
        if step in ("advantages", "vote", "dice", "done"):
            out.append(line("On the ballot: " + (", ".join(t["ballot"]) or "nobody"), 18))
            if t["safe"]:
                out.append(line("Safe: " + ", ".join(t["safe"]), 18))
            if t["at_camp"]:
                out.append(line("Back at camp: " + ", ".join(t["at_camp"]), 18))
            votes = ", ".join(f"{p}" + (f" (+{t['extra_votes'][p]})"
                                        if t["extra_votes"].get(p) else "")
                              for p in t["voters"])
            out.append(line(f"Voting players (1 vote each, however many Castaways they own): "
                            f"{votes or 'nobody'}", 18))
        if t["last_tally"]:
            out.append(line("Last count: " + self._tally(t["last_tally"]), 20))
        if step == "incite":
            out.append(ft.FilledButton("Tribal Twist Incite card played",
                                       on_click=self._do("tribal_twist")))
        elif step == "vote_twist":
            out.append(line("Draw the top Vote Twist card:", 20))
            out.append(ft.Row([
                ft.FilledButton("Vote Twist: read before the vote",
                                on_click=self._do("vote_twist", timing="before")),
                ft.FilledButton("Vote Twist: read after the vote",
                                on_click=self._do("vote_twist", timing="after"))], wrap=True))
        elif step == "advantages":
            if t["vote_twist"] == "before" and not t["out"]:
                out.append(line("Read and resolve the Vote Twist card now.", 20))
            if t["lone"]:
                out.append(line(t["lone"], 20, weight=ft.FontWeight.BOLD))
            buttons = [ft.FilledButton("Open the vote", on_click=self._do("open_vote"))]
            if not t["double_vote_out"]:
                buttons.append(ft.OutlinedButton("Double Vote Out",
                                                 on_click=self._do("double_vote_out")))
            out.append(ft.Row(buttons, wrap=True))
        elif step == "vote":
            out.append(line(("Revote between " + " and ".join(t["candidates"]) if t["revote"]
                             else "The vote is open") + ": the players vote on their phones "
                            "(or pass-and-play); see the secret vote.", 22,
                            weight=ft.FontWeight.BOLD, color=ACCENT))
        elif step == "dice":
            out.append(line(t["dice_reason"], 22, weight=ft.FontWeight.BOLD))
        elif step == "done":
            out += self._tribunal_done(view, t)
        out += [line(u, 18) for u in t["unballoted"]]
        return out

    def _tribunal_done(self, view: dict, t: dict) -> list[ft.Control]:
        out: list[ft.Control] = []
        if t["merge_closed"]:
            out.append(line(t["merge_closed"], 22, weight=ft.FontWeight.BOLD))
        if t["out"]:
            out.append(line(" and ".join(t["out"]) + " left the game.", 26,
                            weight=ft.FontWeight.BOLD, color=ACCENT))
        elif not t["merge_closed"]:
            out.append(line("Nobody could be voted out.", 22))
        if t["vote_twist"] == "after":
            out.append(line("Now read and resolve the Vote Twist card.", 20))
        merged_here = view["merged"] and t["team"] is not None  # this Tribunal is over
        if not t["double_vote_out"] and t["out"] and not merged_here:
            out.append(ft.OutlinedButton("Double Vote Out",
                                         on_click=self._do("double_vote_out")))
        return out

    @staticmethod
    def _tally(pairs: dict) -> str:
        """Votes per name, most first; names with no vote are left out."""
        ranked = sorted(((c, n) for c, n in pairs.items() if n), key=lambda cn: -cn[1])
        return ", ".join(f"{c} {plural(n, 'vote')}" for c, n in ranked) or "no votes"

    def _dice_lines(self, view: dict) -> list[ft.Control]:
        who = self._dice_targets(view)
        what = ("Each team rolls the die; the highest holds the Team Leader card first."
                if view["phase"] == "team_leader" else
                "The Tribunal Leader rolls for each; the lowest is out, lowest tied roll again.")
        out = [line(what, 18), line("Faces in this order: " + ", ".join(who), 22,
                                    weight=ft.FontWeight.BOLD)]
        if self.rolled and self.rolled[0] == tuple(who):
            out.append(line(self.rolled[1], 20, color=ACCENT))
        return out

    def _dice_targets(self, view: dict) -> list[str]:
        if view["phase"] == "team_leader":
            return list(view["team_names"])
        return list((view.get("tribunal") or {}).get("dice_for") or [])

    # -- the lineups ------------------------------------------------------------------------
    def _lineups(self, view: dict) -> list[ft.Control]:
        teams = view["teams"]
        tick = view["phase"] in ROUND_PHASES
        locks = view["phase"] not in ("final", "over")  # no more rounds: no lock to meet
        leader = view.get("team_leader")

        def card(c: dict, width=None) -> ft.Control:
            return castaway_card(c, selected=c["name"] in self.selected,
                                 on_select=self._toggle(c["name"]) if tick else None,
                                 width=width, show_lock=locks)

        if len(teams) == 1:  # one tribe after the merge
            t = teams[0]
            return [bold(f"{t['name']} · {plural(len(t['lineup']), 'Castaway')}", 26),
                    ft.Row([card(c, 350) for c in t["lineup"]], wrap=True, spacing=8,
                           run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)]
        cols = []
        for t in teams:
            players = [p["name"] for p in view["players"] if p["team"] == t["name"]
                       and p["in_game"]]
            who = ", ".join(p + (" (Team Leader)" if p == leader else "") for p in players)
            alone = [line(t["no_players"], 16, color=WARN)] if t.get("no_players") else []
            cols.append(ft.Column([
                bold(f"{t['name']} · {plural(len(t['lineup']), 'Castaway')}", 26),
                line(f"Players: {who or 'none'}", 16), *alone,
                *[card(c) for c in t["lineup"]]], spacing=6, expand=True))
        return [ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START, spacing=12)]

    def _toggle(self, name: str):
        def handler(e=None):
            if name in self.selected:
                self.selected.remove(name)
            else:
                self.selected.append(name)
            self.confirm = None
            self.screen.refresh()
        return handler

    def _draw_actions(self, view: dict) -> None:
        sel = self.selected
        one = len(sel) == 1
        rows: list[ft.Control] = [line(
            "Ticked: " + ", ".join(sel) if sel else
            "Tick Castaways in the lineups to change their health or take them out.", 18)]
        if sel:
            rows.append(ft.Row([
                ft.FilledButton("-1 health", on_click=self._health(-1)),
                ft.FilledButton("+1 health", on_click=self._health(+1)),
                ft.TextButton("Untick all", on_click=self._untick)], wrap=True))
        if one:
            c = sel[0]
            rows.append(ft.Row([
                ft.OutlinedButton("Medical Evacuation…", on_click=self._ask("medical", c)),
                ft.OutlinedButton("Quits the game…", on_click=self._ask("quit", c)),
                ft.OutlinedButton("Out by a card…", on_click=self._ask("card", c)),
                ft.OutlinedButton("Give a Safety Amulet",
                                  on_click=self._do("grant_amulet", castaway=c)),
                ft.TextButton("Move up in the lineup", on_click=self._move_up)], wrap=True))
        # the zero-health locks, in words, beside the controls that heal or evacuate
        rows += [line(f"{c['name']}: {lock_words(c)}", 18, weight=ft.FontWeight.BOLD,
                      color=ERROR) for c in _castaways(view) if c.get("zero_lock")]
        self.picked.controls = rows
        confirm: list[ft.Control] = []
        if view["departed"]:  # the latest departure, where the table just tapped
            d = view["departed"][-1]
            place = f", in place of {d['instead_of']}" if d.get("instead_of") else ""
            confirm.append(line(f"Last out: {d['name']} ({d['how']}{place}, round {d['round']}) "
                                "· " + owner_words(d), 18, weight=ft.FontWeight.BOLD))
        safe = next((x for x in _castaways(view) if self.confirm and x["name"] == self.confirm[1]
                     and x["last_social_safe"]), None)
        if safe is not None and self.confirm[0] in ("medical", "card"):
            confirm += self._in_its_place(view, safe)
        elif self.confirm:
            how, c = self.confirm
            words = {"medical": ("Medical Evacuation", f"Yes, evacuate {c}"),
                     "quit": ("Quitting", f"Yes, {c} quits"),
                     "card": ("Out by a card", f"Yes, {c} is out")}[how]
            confirm += [line(f"{words[0]} of {c}: {c} leaves the game and its owner is revealed. "
                            "Sure?", 20, weight=ft.FontWeight.BOLD, color=ERROR),
                       ft.Row([ft.FilledButton(words[1], on_click=self._confirmed),
                               ft.TextButton("No, keep them", on_click=self._cancel)],
                              wrap=True)]
        self.confirm_slot.controls = confirm

    def _in_its_place(self, view: dict, safe: dict) -> list[ft.Control]:
        """A last Social kept safe at 12 or more: "the next most appropriate castaway is out"
        in its place; the table confirms the proposal or one tied with it."""
        how, c = self.confirm
        ranked = safe["in_its_place"]
        out: list[ft.Control] = [line(
            f"{c} is the last Social of {safe['team']} and is safe before the merge: the next "
            "most appropriate Castaway is out instead." + (
                f" Proposed: {ranked[0]} (lowest health in {safe['team']})." if ranked
                else " Nobody else can go."), 20, weight=ft.FontWeight.BOLD, color=ERROR),
            line(view["in_place_choice"], 16)]
        move = "medical_evacuation" if how == "medical" else "remove_castaway"
        extra = {} if how == "medical" else {"reason": "card"}
        buttons: list[ft.Control] = [
            (ft.FilledButton if i == 0 else ft.OutlinedButton)(
                f"Yes, {x} is out instead" if i == 0 else f"{x} is out instead (tied)",
                on_click=self._instead(move, x, c, extra))
            for i, x in enumerate(ranked)]
        buttons.append(ft.TextButton("No, keep them", on_click=self._cancel))
        return out + [ft.Row(buttons, wrap=True)]

    def _instead(self, move: str, castaway: str, safe: str, extra: dict):
        def handler(e=None):
            self.confirm = None
            self._act(move, {"castaway": castaway, "instead_of": safe, **extra})
            self.screen.refresh()
        return handler

    def _draw_challenge(self, view: dict) -> None:
        buttons: list[ft.Control] = []
        if not view["merged"]:
            buttons += [ft.OutlinedButton(f"Penalty to {t} (skips sit-outs and ticked)",
                                          on_click=self._penalty(t))
                        for t in view["team_names"]]
        buttons.append(ft.OutlinedButton("Penalty to the ticked Castaways",
                                         on_click=self._penalty(None)))
        self.penalty_buttons.controls = [
            line("A team penalty skips Castaways that sat out; tick those that never got to "
                 "compete to skip them too.", 16), ft.Row(buttons, wrap=True)]
        ch = view["challenge"]
        self.cut_lines.controls = cut_lines(ch) + (
            [line(self.rolled[1], 18, color=ACCENT)] if self.rolled and self.rolled[0] == "cut"
            else [])
        self.cut_out.visible = not ch["reroll"]
        self.coconut.visible = not view["merged"]
        if view["merged"]:
            return
        self.holders_line.controls = holder_lines(ch["bag_holders"]) + [ft.TextButton(
            "Tick the strongest as bag holders", on_click=self._tick_holders)]
        if not self.coconut_fields:
            a, b = view["team_names"]
            for t, rival in ((a, b), (b, a)):
                self.coconut_fields[t] = ft.TextField(
                    label=f"{t}'s throws at {rival}'s bag holders, in order", width=380)
            self.coconut_rows.controls = [
                ft.Row([f, ft.TextButton(f"Roll a die for {t}", on_click=self._coconut_die(t))],
                       wrap=True) for t, f in self.coconut_fields.items()]

    def _draw_advantages(self, trib: dict) -> None:
        played = []
        for i, a in enumerate(trib["advantages"], start=1):
            what = []
            if a["safe"]:
                what.append("safe: " + ", ".join(a["safe"]))
            if a["leave_tribunal"]:
                what.append("back to camp: " + ", ".join(a["leave_tribunal"]))
            if a["extra_votes"]:
                what.append("extra votes: " + self._tally(a["extra_votes"]))
            if a["lose_vote"]:
                what.append("lose their vote: " + ", ".join(a["lose_vote"]))
            if a["unsafe"]:
                what.append("no longer safe: " + ", ".join(a["unsafe"]))
            row: list[ft.Control] = [line(f"{i}. {a['player']}" + (f" · {a['card']}"
                                                                    if a["card"] else "")
                                          + (" · " + "; ".join(what) if what else ""), 18)]
            if i > 1:
                row.append(ft.TextButton(f"Return card {i} (conflict)",
                                         on_click=self._do("return_advantage", index=i)))
            played.append(ft.Row(row, wrap=True))
        if trib["advantage_round"] == 2:
            played.insert(0, line("Second round of Advantage cards (house rule).", 18))
        self.adv_played.controls = played or [line("No Advantage card played yet.", 16)]

    def _draw_swap(self, view: dict) -> None:
        s = view.get("team_swap")
        self.swap_form.visible = s is None and not view.get("merged")
        if s is None:
            self.swap_slot.controls = [line("Only from round 3, and no effect after the merge. "
                                            "The holder names a second captain.", 16)]
            return
        rows: list[ft.Control] = [line(f"Captains: {s['holder']} ({s['holder_team']}) and "
                                       f"{s['captain']} ({s['captain_team']})", 18)]
        rows += [line(f"{x['player']}: {x['team']}", 16) for x in s["picked"]]
        if s["turn"]:
            rows.append(line(f"{s['turn']} picks a player:", 20, weight=ft.FontWeight.BOLD))
            rows.append(ft.Row([ft.OutlinedButton(f"{s['turn']} picks {p}",
                                                  on_click=self._do("swap_pick", player=p))
                                for p in s["to_pick"]], wrap=True))
        else:
            rows.append(ft.FilledButton("Split the Castaways in the app",
                                        on_click=self._split))
        self.swap_slot.controls = rows

    def _people(self, view: dict) -> list[ft.Control]:
        out: list[ft.Control] = []
        rows = []
        for p in view["players"]:
            marks = [p["team"] or ""]
            if p["team_leader"]:
                marks.append("Team Leader")
            if p["tribunal_leader"]:
                marks.append("Tribunal Leader")
            if not p["in_game"]:
                marks.append("out of the game")
            rows.append(line(f"{p['name']} · " + " · ".join(m for m in marks if m), 18))
        out.append(panel("Players", rows))
        if view["departed"]:
            out.append(panel("Left the game (owner revealed)", [
                line(view["owner_choice"], 15),
                *[line(f"{d['name']} ({d['archetype']}) · {d['how']}, round {d['round']}"
                       + (f", in place of {d['instead_of']}" if d.get("instead_of") else "")
                       + " · " + owner_words(d), 18)
                  for d in view["departed"]]]))
        out.append(panel("Setup notes", [line(n, 15) for n in view["notes"]]))
        return out

    # -- moves ------------------------------------------------------------------------------
    def _act(self, move: str, args: dict | None = None) -> bool:
        return bool(self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                                        self.screen.host_key, move, args or {}))

    def _say(self, message: str) -> None:
        self.error.show(message)
        self.screen.s.page.update()

    def _do(self, move: str, **args):
        def handler(e=None):
            self._act(move, args)
        return handler

    def _mark(self, player: str, count: int):
        def handler(e=None):
            self._act("mark_must_play", {"player": player, "count": max(0, count)})
        return handler

    def _deal(self, e=None) -> None:
        view = self.view
        self._act("deal", {"teams": shuffled_deal(view["roster"], view["team_names"])})

    def _rolls(self, values: list[int]) -> None:
        view = self.view
        who = self._dice_targets(view)
        if view["phase"] == "team_leader":
            self._act("roll_team_leader", {"rolls": dict(zip(who, values))})
        else:
            self._act("roll_off", {"rolls": dict(zip(who, values))})

    def _roll_in_app(self, e=None) -> None:
        who = self._dice_targets(self.view)
        values = dice.rolls(len(who))
        self.rolled = (tuple(who), "Rolled in the app: "
                       + ", ".join(f"{w} {v}" for w, v in zip(who, values)))
        self._rolls(values)

    def _use_faces(self, e=None) -> None:
        who = self._dice_targets(self.view)
        try:
            values = faces(self.faces.value, len(who))
        except Unreadable as err:
            return self._say(str(err))
        self.rolled = (tuple(who), "Read off the die: "
                       + ", ".join(f"{w} {v}" for w, v in zip(who, values)))
        self.faces.value = ""
        self._rolls(values)

    def _health(self, delta: int):
        def handler(e=None):
            self._act("adjust_health", {"castaways": list(self.selected), "delta": delta})
        return handler

    def _set_health(self, e=None) -> None:
        if len(self.selected) != 1:
            return self._say("Tick one Castaway to set its health.")
        try:
            value = int((self.set_value.value or "").strip())
        except ValueError:
            return self._say("Type the health as a whole number from 0 to 10.")
        if self._act("set_health", {"castaway": self.selected[0], "value": value}):
            self.set_value.value = ""

    def _untick(self, e=None) -> None:
        self.selected, self.confirm = [], None
        self.screen.refresh()

    def _ask(self, how: str, castaway: str):
        def handler(e=None):
            self.confirm = (how, castaway)
            self.screen.refresh()
        return handler

    def _cancel(self, e=None) -> None:
        self.confirm = None
        self.screen.refresh()

    def _confirmed(self, e=None) -> None:
        how, c = self.confirm
        self.confirm = None
        if how == "medical":
            ok = self._act("medical_evacuation", {"castaway": c})
        else:
            ok = self._act("remove_castaway", {"castaway": c, "reason": how})
        if ok and c in self.selected:
            self.selected.remove(c)
        self.screen.refresh()

    def _move_up(self, e=None) -> None:
        c = self.selected[0]
        for t in self.view["teams"]:
            order = [x["name"] for x in t["lineup"]]
            if c in order:
                i = order.index(c)
                if i == 0:
                    return self._say(f"{c} is already first in the lineup.")
                order[i - 1], order[i] = order[i], order[i - 1]
                self._act("arrange_lineup", {"team": t["name"], "order": order})
                return

    def _with_selected(self, move: str):
        def handler(e=None):
            self._act(move, {"castaways": list(self.selected)})
        return handler

    def _winner_selected(self, e=None) -> None:
        if len(self.selected) != 1:
            return self._say("Tick the one Castaway who won the Challenge.")
        self._act("challenge_result", {"winner": self.selected[0]})

    def _penalty(self, team: str | None):
        def handler(e=None):
            try:
                points = int((self.penalty.value or "").strip())
            except ValueError:
                return self._say("Type the penalty as a number of health points, like 1.")
            args: dict[str, Any] = {"delta": -abs(points)}
            if team is None:
                args["castaways"] = list(self.selected)
            else:
                args["team"] = team
                lineup = next((t["lineup"] for t in self.view["teams"] if t["name"] == team), [])
                mine = {c["name"] for c in lineup}
                args["did_not_compete"] = [c for c in self.selected if c in mine]
            self._act("challenge_penalty", args)
        return handler

    def _obstacle(self, e=None) -> None:
        try:
            need = requirements(self.stage_req.value)
        except Unreadable as err:
            return self._say(str(err))
        self._act("obstacle_stage", {"requirements": need, "castaways": list(self.selected)})

    def _coconut_die(self, team: str):
        def handler(e=None):
            field = self.coconut_fields[team]
            field.value = ((field.value or "").strip() + f" {dice.roll()}").strip()
            self.screen.s.page.update()
        return handler

    def _coconut(self, e=None) -> None:
        team_of = {c["name"]: c["team"] for c in _castaways(self.view)}
        holders = {t: [c for c in self.selected if team_of.get(c) == t]
                   for t in self.coconut_fields}
        try:
            rolls = {t: [int(x) for x in (f.value or "").replace(",", " ").split()]
                     for t, f in self.coconut_fields.items()}
            tie = (self.tiebreak.value or "").strip()
            args: dict[str, Any] = {"holders": holders, "rolls": rolls}
            if tie:
                args["tiebreak"] = dict(zip(self.coconut_fields, faces(tie, 2)))
        except (ValueError, Unreadable) as err:
            return self._say(str(err) if isinstance(err, Unreadable) else
                             "Type the dice rolls as numbers, like 4 6 2.")
        self._act("coconut_toss", args)

    def _tick_holders(self, e=None) -> None:
        holders = (self.view.get("challenge") or {}).get("bag_holders") or {}
        self.selected = [c for h in holders.values() for c in h["sure"]]
        self.confirm = None
        self.screen.refresh()

    def _cut_targets(self) -> list[str]:
        ch = self.view.get("challenge") or {}
        return list(ch.get("reroll") or self.selected)

    def _cut(self, values: list[int], how: str) -> None:
        who = self._cut_targets()
        args: dict[str, Any] = {"rolls": dict(zip(who, values))}
        if not (self.view.get("challenge") or {}).get("reroll"):
            try:
                args["out"] = int((self.cut_out.value or "").strip())
            except ValueError:
                return self._say("Type how many of the ticked Castaways go out, like 2.")
        self.rolled = ("cut", f"{how}: " + ", ".join(f"{w} {v}" for w, v in zip(who, values)))
        if self._act("challenge_roll_off", args):
            self.cut_faces.value = ""
            self.selected = []
            self.screen.refresh()

    def _cut_in_app(self, e=None) -> None:
        self._cut(dice.rolls(len(self._cut_targets())), "Rolled in the app")

    def _cut_faces(self, e=None) -> None:
        try:
            values = faces(self.cut_faces.value, len(self._cut_targets()))
        except Unreadable as err:
            return self._say(str(err))
        self._cut(values, "Read off the die")

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

    def _pass(self, e=None) -> None:
        self._act("pass_leader", {})

    def _set_order(self, e=None) -> None:
        self._act("set_leader_order", {"order": names(self.order.value)})

    def _swap(self, e=None) -> None:
        self._act("team_swap", {"holder": (self.swap_holder.value or "").strip(),
                                "captain": (self.swap_captain.value or "").strip()})

    def _split(self, e=None) -> None:
        s = self.view["team_swap"]
        self._act("swap_split", {"teams": shuffled_split(
            _castaways(self.view), s["holder_team"], s["captain_team"])})


class PhonePanel:
    """A player's phone: their own Castaways (secret), health, phase, turn and duties."""

    def __init__(self, screen) -> None:
        self.screen = screen

    def signature(self, view) -> object:
        return repr(view)

    def _act(self, move: str, args: dict | None = None) -> None:
        self.screen.attempt(self.screen.error, self.screen.service.act, self.screen.code,
                            self.screen.token, move, args or {})

    def _do(self, move: str, **args):
        def handler(e=None):
            self._act(move, args)
        return handler

    def draw(self, view: dict) -> list[ft.Control]:
        me = view.get("me") or {}
        phase = view["phase"]
        title = view["phase_title"]
        if view["round"] and phase in ROUND_PHASES:
            title = f"Round {view['round']} · {title}"
        out: list[ft.Control] = [line(title, 22, weight=ft.FontWeight.BOLD)]
        if phase == "over":
            out.append(heading(f"{view['winner']} wins Castaways!", 30))
        elif not me.get("in_game", True):
            out.append(line("You are out of the game. Your cards go to the bottom of the Camp "
                            "Life pile.", 18))
        if phase == "picks":
            out += self._picks(view, me)
        out += self._turns(view, me)  # what this player must do now comes first
        out += self._mine(view, me)
        if me.get("team"):
            leader = view.get("team_leader")
            out.append(line(f"Your team: {me['team']}" + (f" · Team Leader: {leader}"
                                                          if leader else ""), 16))
        gone = [d for d in view["departed"] if d["owner"] != me.get("name")]
        if gone:
            out.append(line("Left the game: " + "; ".join(
                f"{d['name']} ({owner_words(d)})"
                for d in gone), 15))
        return out

    def _picks(self, view: dict, me: dict) -> list[ft.Control]:
        left = me.get("picks_left", 0)
        if not left:
            return [line("Your picks are done. Waiting for: "
                         + ", ".join(view["picks"]["still_picking"]), 18)]
        out: list[ft.Control] = [
            heading(f"Pick {plural(left, 'more face-down card')}", 24),
            line("Only this phone sees which Castaways you pick. They stay secret until they "
                 "leave the game.", 16)]
        stacks = view["picks"]["face_down"]
        own = [s for s in stacks if s["team"] == me.get("team")]
        free = [(s["team"], c["card"]) for s in own for c in s["cards"] if not c["taken"]]
        if not free:  # only at 9 players: the last pick from the other team's spare card
            free = [(s["team"], c["card"]) for s in stacks if s["team"] != me.get("team")
                    for c in s["cards"] if not c["taken"]]
            suffix = True
        else:
            suffix = False
        out.append(ft.Row([
            ft.Button(f"Pick face-down card {n}" + (f" of {team}" if suffix else ""),
                      on_click=self._do("pick", card=n, team=team), width=170)
            for team, n in free], wrap=True))
        return out

    def _mine(self, view: dict, me: dict) -> list[ft.Control]:
        phase = view["phase"]
        owned = list(me.get("castaways") or [])
        if not owned:
            return []
        cards = {c["name"]: c for c in _castaways(view) if c.get("mine")}
        gone = {d["name"]: d for d in view["departed"]}
        out: list[ft.Control] = [line("My Castaways: " + ", ".join(owned), 20,
                                      weight=ft.FontWeight.BOLD),
                                 line("Secret: only this phone knows they are yours.", 14)]
        for name in owned:
            c = cards.get(name)
            if c is not None:
                out.append(castaway_card(c, name_size=22,
                                         show_lock=phase not in ("final", "over")))
            elif name in gone:
                d = gone[name]
                out.append(line(f"{name} left the game ({d['how']}, round {d['round']}).", 18))
        return out

    def _turns(self, view: dict, me: dict) -> list[ft.Control]:
        out: list[ft.Control] = []
        phase = view["phase"]
        fp = view.get("forced_play")
        name = me.get("name")
        if fp:
            if me.get("forced_play_turn"):
                out += [heading("Forced Play: your turn", 28),
                        line("Play your '!' card now, then tap below.", 18),
                        ft.FilledButton("I played my '!' card",
                                        on_click=self._do("play_card", must_play=True))]
            else:
                out.append(line(f"Forced Play: {fp['turn']} plays now. Order: "
                                + ", ".join(fp["order"]), 18, weight=ft.FontWeight.BOLD))
                if name in fp["order"] and name not in fp["done"]:
                    out.append(line("Wait for your turn: nobody may jump the order.", 18))
        elif me.get("must_play"):
            out.append(line(f"You hold {bangs(me['must_play'])}: "
                            "play it at camp this round.", 18, weight=ft.FontWeight.BOLD))
            if phase == "camp":
                out.append(ft.FilledButton("I played a '!' card",
                                           on_click=self._do("play_card", must_play=True)))
        swap = view.get("team_swap")
        if swap and me.get("team_swap_turn"):
            out.append(heading("Team Swap: your pick", 24))
            out.append(ft.Row([ft.Button(f"Pick {p} for my team",
                                         on_click=self._do("swap_pick", player=p))
                               for p in swap["to_pick"]], wrap=True))
        trib = view.get("tribunal")
        if trib and phase == "tribunal":
            here = name in trib["voters"]
            out.append(line("Outcast Tribunal: " + ("you vote here (1 vote)." if here else
                                                   "you do not vote at this one."), 18))
            if trib["step"] == "dice" and trib.get("dice_reason"):
                out.append(line(trib["dice_reason"], 18))
            if me.get("tribunal_leader"):
                out.append(line("You are the Tribunal Leader.", 18, weight=ft.FontWeight.BOLD))
                if trib["step"] == "dice":
                    out.append(ft.FilledButton("Roll the die for " + ", ".join(trib["dice_for"]),
                                               on_click=self._roll_off))
        final = view.get("final")
        if final and phase == "final":
            if name in final["finalists"]:
                out.append(heading("You are a finalist: pitch your case to the Outcast Panel.",
                                   22))
            elif name in final["panel"]:
                out.append(line("You are on the Outcast Panel: you vote for the player who "
                                "should win.", 18, weight=ft.FontWeight.BOLD))
        return out

    def _roll_off(self, e=None) -> None:
        trib = self.screen.service.view(self.screen.code, self.screen.token).get("tribunal")
        who = list((trib or {}).get("dice_for") or [])
        self._act("roll_off", {"rolls": dict(zip(who, dice.rolls(len(who))))})
