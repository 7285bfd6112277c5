"""Castaways on a player's phone: their own Castaways (secret: only this phone knows them
until they leave the game), their health, the phase, their picks, their turn and duties.

What this phone may do now comes from the rules (``legal_moves`` for this seat's token): a
button shows only for a move the rules would take from this player now.
"""
from __future__ import annotations

import flet as ft

from ..ballot import plural
from ..widgets import heading, line
from .castaways_parts import castaway_card


def bangs(n: int) -> str:
    return plural(n, "'!' card")


def owner_words(d: dict) -> str:
    return f"{d['owner']}'s Castaway" if d.get("owner") else "owned by nobody"


def castaways_of(view: dict) -> list[dict]:
    return [c for t in view.get("teams", []) for c in t["lineup"]]


class PhonePanel:
    """A player's phone: their own Castaways (secret), health, phase, turn and duties."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.top = screen.service.game_data(screen.code)["gauge_max"]
        self.legal: set[str] = set()

    def signature(self, view) -> object:
        self.legal = set(self.screen.service.legal_moves(self.screen.code, self.screen.token))
        return (repr(view), tuple(sorted(self.legal)))

    def _act(self, move: str, args: dict | None = None) -> None:
        self.screen.attempt(self.screen.error, self.screen.service.act, self.screen.code,
                            self.screen.token, move, args or {})

    def _do(self, move: str, **args):
        def handler(e=None):
            self._act(move, args)
        return handler

    def draw(self, view: dict) -> list[ft.Control]:
        me = view.get("me") or {}
        out: list[ft.Control] = [line(view["title"], 22, weight=ft.FontWeight.BOLD)]
        if view.get("winner"):
            out.append(heading(f"{view['winner']} wins Castaways!", 30))
        elif not me.get("in_game", True):
            out.append(line("You are out of the game. Your cards go to the bottom of the Camp "
                            "Life pile.", 18))
        if view.get("picks"):
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
                f"{d['name']} ({owner_words(d)})" for d in gone), 15))
        return out

    def _picks(self, view: dict, me: dict) -> list[ft.Control]:
        left = me.get("picks_left", 0)
        if not left or "pick" not in self.legal:
            return [line("Your picks are done. Waiting for: "
                         + ", ".join(view["picks"]["still_picking"]), 18)]
        own = me.get("team")
        return [
            heading(f"Pick {plural(left, 'more face-down card')}", 24),
            line("Only this phone sees which Castaways you pick. They stay secret until they "
                 "leave the game.", 16),
            ft.Row([ft.Button(f"Pick face-down card {c['card']}"
                              + (f" of {c['team']}" if c["team"] != own else ""),
                              on_click=self._do("pick", card=c["card"], team=c["team"]),
                              width=170)
                    for c in view["picks"]["choices"]], wrap=True)]

    def _mine(self, view: dict, me: dict) -> list[ft.Control]:
        owned = list(me.get("castaways") or [])
        if not owned:
            return []
        cards = {c["name"]: c for c in castaways_of(view) if c.get("mine")}
        gone = {d["name"]: d for d in view["departed"]}
        out: list[ft.Control] = [line("My Castaways: " + ", ".join(owned), 20,
                                      weight=ft.FontWeight.BOLD),
                                 line("Secret: only this phone knows they are yours.", 14)]
        for name in owned:
            c = cards.get(name)
            if c is not None:
                out.append(castaway_card(c, self.top, name_size=22))
            elif name in gone:
                d = gone[name]
                out.append(line(f"{name} left the game ({d['how']}, round {d['round']}).", 18))
        return out

    def _turns(self, view: dict, me: dict) -> list[ft.Control]:
        return (self._cards(view, me) + self._swap(view) + self._tribunal(view, me)
                + self._final(view, me))

    def _cards(self, view: dict, me: dict) -> list[ft.Control]:
        """'!' cards and Forced Play: "no player who is positioned further down the order is
        then allowed to jump in"."""
        fp = view.get("forced_play")
        may_play = "play_card" in self.legal
        if fp and me.get("forced_play_turn"):
            return [heading("Forced Play: your turn", 28),
                    line("Play your '!' card now, then tap below.", 18),
                    *([ft.FilledButton("I played my '!' card",
                                       on_click=self._do("play_card", must_play=True))]
                      if may_play else [])]
        if fp:
            out = [line(f"Forced Play: {fp['turn']} plays now. Order: " + ", ".join(fp["order"]),
                        18, weight=ft.FontWeight.BOLD)]
            if me.get("name") in fp["order"] and me.get("name") not in fp["done"]:
                out.append(line("Wait for your turn: nobody may jump the order.", 18))
            return out
        if not me.get("must_play"):
            return []
        out = [line(f"You hold {bangs(me['must_play'])}: play it at camp this round.", 18,
                    weight=ft.FontWeight.BOLD)]
        if may_play:
            out.append(ft.FilledButton("I played a '!' card",
                                       on_click=self._do("play_card", must_play=True)))
        return out

    def _swap(self, view: dict) -> list[ft.Control]:
        swap = view.get("team_swap")
        if not swap or "swap_pick" not in self.legal:
            return []
        return [heading("Team Swap: your pick", 24),
                ft.Row([ft.Button(f"Pick {p} for my team",
                                  on_click=self._do("swap_pick", player=p))
                        for p in swap["to_pick"]], wrap=True)]

    def _tribunal(self, view: dict, me: dict) -> list[ft.Control]:
        trib = view.get("tribunal")
        if not trib:
            return []
        here = me.get("name") in trib["voters"]
        out: list[ft.Control] = [line("Outcast Tribunal: " + ("you vote here (1 vote)." if here
                                                             else "you do not vote at this one."),
                                      18)]
        if trib.get("dice_reason"):
            out.append(line(trib["dice_reason"], 18))
        if me.get("tribunal_leader"):
            out.append(line("You are the Tribunal Leader.", 18, weight=ft.FontWeight.BOLD))
            if "roll_off" in self.legal:  # rolled in the app by the rules' dice
                out.append(ft.FilledButton("Roll the die for " + ", ".join(trib["dice_for"]),
                                           on_click=self._do("roll_off")))
        return out

    def _final(self, view: dict, me: dict) -> list[ft.Control]:
        final = view.get("final")
        if not final or view.get("winner"):
            return []
        if me.get("name") in final["finalists"]:
            return [heading("You are a finalist: pitch your case to the Outcast Panel.", 22)]
        if me.get("name") in final["panel"]:
            return [line("You are on the Outcast Panel: you vote for the player who should "
                         "win.", 18, weight=ft.FontWeight.BOLD)]
        return []
