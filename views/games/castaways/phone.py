"""Castaways on a player's phone: their own Castaways (secret: only this phone knows them
until they leave the game), their health, the phase, their picks, their turn and duties.

What this phone may do now comes from the rules (``legal_moves`` for this seat's token): a
button shows only for a move the rules would take from this player now.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ..base import GamePanel, Shown, colours
from ...ballot import plural
from ...widgets import Fold, heading, line, thumb_style, thumb_wide
from .parts import castaway_card, face_down_card, order_row


def bangs(n: int) -> str:
    return plural(n, "'!' card")


def owner_words(d: dict) -> str:
    return f"{d['owner']}'s Castaway" if d.get("owner") else "owned by nobody"


def castaways_of(view: dict) -> list[dict]:
    return [c for t in view.get("teams", []) for c in t["lineup"]]


@dataclass(frozen=True)
class Hand(Shown):
    """What a player's phone draws from (it has no choices of its own)."""

    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)


class PhonePanel(GamePanel):
    """A player's phone: what they must do now first (picks, their '!' card, the Tribunal
    Leader's die, the Final), then their own Castaways (secret) with their gauges, then the
    team, the Team Leader order and who left, folded."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.top = screen.service.game_data(screen.code)["gauge_max"]

    def inputs(self, view) -> Hand:
        return Hand(view, self.offered(), colours=colours(self.screen))

    def ballot_marks(self, view: dict) -> dict[str, str]:
        """This seat's own Castaways on its Outcast Tribunal ballot (only its view knows)."""
        me = view.get("me") or {}
        return {c: "your Castaway" for c in me.get("castaways") or ()}

    def news(self, view: dict) -> tuple[str, ...]:
        """What this player's screen reader hears: their move now, their Castaways that left,
        the Tribunal's dice, the Final, the winner."""
        me, legal = view.get("me") or {}, self.legal
        if view.get("winner"):
            return ("You win Castaways!" if view["winner"] == me.get("name")
                    else f"{view['winner']} wins Castaways!",)
        facts = [f"{d['name']} left the game ({d['how']}, round {d['round']})."
                 for d in view["departed"] if d["owner"] == me.get("name")]
        if not me.get("in_game", True):
            facts.append("You are out of the game.")
        if view.get("picks"):
            left = me.get("picks_left", 0)
            facts.append(f"Your turn: pick {plural(left, 'more face-down card')}."
                         if left and "pick" in legal else "Your picks are done.")
        if view.get("forced_play") and me.get("forced_play_turn"):
            facts.append("Forced Play: your turn. Play your '!' card now.")
        elif me.get("must_play"):
            facts.append(f"You hold {bangs(me['must_play'])}: play it at camp this round.")
        if "swap_pick" in legal:
            facts.append("Team Swap: your pick for your team.")
        trib = view.get("tribunal") or {}
        if me.get("tribunal_leader"):
            facts.append("You are the Tribunal Leader.")
        if trib.get("dice_reason"):
            facts.append(trib["dice_reason"])
        final = view.get("final") or {}
        if me.get("name") in final.get("finalists", ()):
            facts.append("You are a finalist: pitch your case to the Outcast Panel.")
        elif me.get("name") in final.get("panel", ()):
            facts.append("You are on the Outcast Panel: you vote for the player who should win.")
        return tuple(facts)

    def _act(self, move: str, args: dict | None = None) -> None:
        self.send(self.screen.error, move, args)

    def _do(self, move: str, **args):
        def handler(e=None):
            self._act(move, args)
        return handler

    def draw(self, shown: Hand) -> list[ft.Control]:
        self.shown, view = shown, shown.view
        me = view.get("me") or {}
        out: list[ft.Control] = []
        if view.get("winner"):  # second person on your own phone
            out.append(heading("You win Castaways!" if view["winner"] == me.get("name")
                               else f"{view['winner']} wins Castaways!", 30))
        elif not me.get("in_game", True):
            out.append(line("You are out of the game. Your cards go to the bottom of the Camp "
                            "Life pile.", 18))
        if view.get("picks"):
            out += self._picks(view, me)
        out += self._turns(view, me)  # what this player must do now comes first
        out += self._mine(view, me)
        out += self._team(view, me)
        return out

    def _picks(self, view: dict, me: dict) -> list[ft.Control]:
        left = me.get("picks_left", 0)
        if not left or "pick" not in self.legal:
            return [line("Your picks are done. Waiting for: "
                         + ", ".join(view["picks"]["still_picking"]), 18)]
        own = me.get("team")
        return [
            heading(f"Pick {plural(left, 'more face-down card')}", 24),
            ft.Row([face_down_card(c["card"], team=c["team"] if c["team"] != own else "",
                                   on_click=self._do("pick", card=c["card"], team=c["team"]))
                    for c in view["picks"]["choices"]], wrap=True, spacing=8, run_spacing=8),
            line("Only this phone sees which Castaways you pick. They stay secret until they "
                 "leave the game.", 15)]

    def _mine(self, view: dict, me: dict) -> list[ft.Control]:
        owned = list(me.get("castaways") or [])
        if not owned:
            return []
        cards = {c["name"]: c for c in castaways_of(view) if c.get("mine")}
        gone = {d["name"]: d for d in view["departed"]}
        out: list[ft.Control] = [line("My Castaways: " + ", ".join(owned), 20,
                                      weight=ft.FontWeight.BOLD)]
        for name in owned:
            c = cards.get(name)
            if c is not None:
                out.append(castaway_card(c, self.top, name_size=22))
            elif name in gone:
                d = gone[name]
                out.append(line(f"{name} left the game ({d['how']}, round {d['round']}).", 18))
        out.append(line("Secret: only this phone knows they are yours.", 14))
        return out

    def _team(self, view: dict, me: dict) -> list[ft.Control]:
        """Your team and the Team Leader, folded: the card's order as chips, who left."""
        leader = view.get("team_leader")
        yours = leader is not None and leader == view.get("seat")  # your own phone says "you"
        title = (f"Your team: {me['team']}" if me.get("team") else "") + (
            (" · You are the Team Leader" if yours else f" · Team Leader: {leader}")
            if leader and me.get("team") else "")
        rest: list[ft.Control] = []
        if view.get("leader_order") and leader:
            rest += [line("The Team Leader card passes in this order:", 15),
                     order_row(view["leader_order"], dict(self.shown.colours), now=leader,
                               now_words="Team Leader", size=15)]
        gone = [d for d in view["departed"] if d["owner"] != me.get("name")]
        if gone:
            rest.append(line("Left the game: " + "; ".join(
                f"{d['name']} ({owner_words(d)})" for d in gone), 15))
        if not title and not rest:
            return []
        return [Fold(title or "Left the game", rest, 16)]

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
                    *([big_phone_button("I played my '!' card",
                                        self._do("play_card", must_play=True))]
                      if may_play else []),
                    line("Play your '!' card now, then tap above.", 16),
                    self._forced_order(fp)]
        if fp:
            out = [line(f"Forced Play: {fp['turn']} plays now", 20, weight=ft.FontWeight.BOLD),
                   self._forced_order(fp)]
            if me.get("name") in fp["order"] and me.get("name") not in fp["done"]:
                out.append(line("Wait for your turn: nobody may jump the order.", 18))
            return out
        if not me.get("must_play"):
            return []
        out = [line(f"You hold {bangs(me['must_play'])}: play it at camp this round.", 18,
                    weight=ft.FontWeight.BOLD)]
        if may_play:
            out.insert(0, big_phone_button("I played a '!' card",
                                           self._do("play_card", must_play=True)))
        return out

    def _forced_order(self, fp: dict) -> ft.Control:
        return order_row(fp["order"], dict(self.shown.colours), now=fp["turn"], done=fp["done"],
                         size=16)

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
        out: list[ft.Control] = []
        if me.get("tribunal_leader"):
            out += self._leader_steps(trib)
            out.append(line("You are the Tribunal Leader.", 18, weight=ft.FontWeight.BOLD))
        if "play_advantage" in self.legal:
            out.append(line("Playing an Advantage card? Show it to the table: the table enters "
                            "the cards in order of play.", 16))
        if trib.get("dice_reason"):
            out.append(line(trib["dice_reason"], 18))
        here = me.get("name") in trib["voters"]
        if trib["step"] != "vote":  # while the box is open, the ballot says it
            out.append(line("Outcast Tribunal: " + ("you vote here (1 vote)." if here
                                                   else "you do not vote at this one."), 16))
        return out

    def _leader_steps(self, trib: dict) -> list[ft.Control]:
        """The Tribunal Leader runs the Outcast Tribunal's steps from their phone too (the
        ones the rules offer them now; a lone Castaway's vote is opened on the table, which
        asks first)."""
        legal, out = self.legal, []
        if "tribal_twist" in legal:
            out.append(big_phone_button("Tribal Twist Incite card played",
                                        self._do("tribal_twist")))
        if "vote_twist" in legal:
            out += [big_phone_button("Vote Twist: read before the vote",
                                     self._do("vote_twist", timing="before")),
                    big_phone_button("Vote Twist: read after the vote",
                                     self._do("vote_twist", timing="after"))]
        if "open_vote" in legal and not trib.get("lone"):
            out.append(big_phone_button("Open the vote", self._do("open_vote")))
        if "roll_off" in legal:  # rolled in the app by the rules' dice
            out.append(big_phone_button("Roll the die for " + ", ".join(trib["dice_for"]),
                                        self._do("roll_off")))
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


def big_phone_button(text: str, on_click) -> ft.Control:
    """The player's own move now: a full-width button, a thumb's height or more."""
    return thumb_wide(ft.FilledButton(text, on_click=on_click,
                                      style=thumb_style(text_style=ft.TextStyle(size=18))))
