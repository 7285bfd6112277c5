"""Castaways on a player's phone: their own Castaways (secret: only this phone knows them
until they leave the game), their health, the phase, their picks, their turn and duties.

What this phone may do now comes from the rules (``legal_moves`` for this seat's token): a
button shows only for a move the rules would take from this player now.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.language import Items, Speaker

from ..base import GamePanel, Shown, colours
from ...widgets import Fold, heading, line, thumb_style, thumb_wide
from .parts import castaway_card, face_down_card, gone_how, order_row, said

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


def owner_words(d: dict):
    return _("{player}'s Castaway", player=d["owner"]) if d.get("owner") else \
        _("owned by nobody")


def left_words(d: dict):
    """A Castaway that left, in words: "Physical 4 left the game (voted out, round 3)."."""
    return _("{castaway} left the game ({how}, round {round}).", castaway=d["name"],
             how=gone_how(d), round=d["round"])


def hold_words(n: int):
    return _n("You hold {count} '!' card: play it at camp this round.",
              "You hold {count} '!' cards: play it at camp this round.", "count", count=n)


def picks_words(n: int):
    return _n("Your turn: pick {count} more face-down card.",
              "Your turn: pick {count} more face-down cards.", "count", count=n)


def winner_words(view: dict, me: dict):
    if view["winner"] == me.get("name"):  # second person on your own phone
        return _("You win Castaways!")
    return _("{player} wins Castaways!", player=view["winner"])


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
        return {c: self.say(_("your Castaway")) for c in me.get("castaways") or ()}

    def news(self, view: dict) -> tuple[str, ...]:
        """What this player's screen reader hears: their move now, their Castaways that left,
        the Tribunal's dice, the Final, the winner."""
        me, legal, say = view.get("me") or {}, self.legal, self.say
        if view.get("winner"):
            return (say(winner_words(view, me)),)
        facts = [left_words(d) for d in view["departed"] if d["owner"] == me.get("name")]
        if not me.get("in_game", True):
            facts.append(_("You are out of the game."))
        if view.get("picks"):
            left = me.get("picks_left", 0)
            facts.append(picks_words(left) if left and "pick" in legal
                         else _("Your picks are done."))
        if view.get("forced_play") and me.get("forced_play_turn"):
            facts.append(_("Forced Play: your turn. Play your '!' card now."))
        elif me.get("must_play"):
            facts.append(hold_words(me["must_play"]))
        if "swap_pick" in legal:
            facts.append(_("Team Swap: your pick for your team."))
        trib = view.get("tribunal") or {}
        if me.get("tribunal_leader"):
            facts.append(_("You are the Tribunal Leader."))
        if trib.get("dice_reason"):
            facts.append(said(say, trib, "dice_reason"))
        final = view.get("final") or {}
        if me.get("name") in final.get("finalists", ()):
            facts.append(_("You are a finalist: pitch your case to the Outcast Panel."))
        elif me.get("name") in final.get("panel", ()):
            facts.append(_("You are on the Outcast Panel: you vote for the player who should "
                           "win."))
        return tuple(say(f) for f in facts)

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
            out.append(heading(self.say(winner_words(view, me)), 30))
        elif not me.get("in_game", True):
            out.append(line(self.say(_("You are out of the game. Your cards go to the bottom "
                                       "of the Camp Life pile.")), 18))
        if view.get("picks"):
            out += self._picks(view, me)
        out += self._turns(view, me)  # what this player must do now comes first
        out += self._mine(view, me)
        out += self._team(view, me)
        return out

    def _picks(self, view: dict, me: dict) -> list[ft.Control]:
        left = me.get("picks_left", 0)
        if not left or "pick" not in self.legal:
            return [line(self.say(_("Your picks are done. Waiting for: {players}",
                                    players=Items(view["picks"]["still_picking"]))), 18)]
        own = me.get("team")
        return [
            heading(self.say(_n("Pick {count} more face-down card",
                                "Pick {count} more face-down cards", "count", count=left)), 24),
            ft.Row([face_down_card(c["card"], team=c["team"] if c["team"] != own else "",
                                   on_click=self._do("pick", card=c["card"], team=c["team"]),
                                   say=self.say)
                    for c in view["picks"]["choices"]], wrap=True, spacing=8, run_spacing=8),
            line(self.say(_("Only this phone sees which Castaways you pick. They stay secret "
                            "until they leave the game.")), 15)]

    def _mine(self, view: dict, me: dict) -> list[ft.Control]:
        owned = list(me.get("castaways") or [])
        if not owned:
            return []
        cards = {c["name"]: c for c in castaways_of(view) if c.get("mine")}
        gone = {d["name"]: d for d in view["departed"]}
        out: list[ft.Control] = [line(self.say(_("My Castaways: {castaways}",
                                                 castaways=Items(owned))), 20,
                                      weight=ft.FontWeight.BOLD)]
        for name in owned:
            c = cards.get(name)
            if c is not None:
                out.append(castaway_card(c, self.top, name_size=22, say=self.say))
            elif name in gone:
                out.append(line(self.say(left_words(gone[name])), 18))
        out.append(line(self.say(_("Secret: only this phone knows they are yours.")), 14))
        return out

    def _team(self, view: dict, me: dict) -> list[ft.Control]:
        """Your team and the Team Leader, folded: the card's order as chips, who left."""
        leader = view.get("team_leader")
        yours = leader is not None and leader == view.get("seat")  # your own phone says "you"
        say, team = self.say, me.get("team")
        title = ""
        if team and leader and yours:
            title = say(_("Your team: {team} · You are the Team Leader", team=team))
        elif team and leader:
            title = say(_("Your team: {team} · Team Leader: {player}", team=team, player=leader))
        elif team:
            title = say(_("Your team: {team}", team=team))
        rest: list[ft.Control] = []
        if view.get("leader_order") and leader:
            rest += [line(say(_("The Team Leader card passes in this order:")), 15),
                     order_row(view["leader_order"], dict(self.shown.colours), now=leader,
                               now_words=say(_("Team Leader")), size=15, say=say)]
        gone = [d for d in view["departed"] if d["owner"] != me.get("name")]
        if gone:
            rest.append(line(say(_("Left the game: {castaways}", castaways=Items(
                _("{castaway} ({owner})", castaway=d["name"], owner=owner_words(d))
                for d in gone))), 15))
        if not title and not rest:
            return []
        return [Fold(title or say(_("Left the game")), rest, 16, more=say(_("More")),
                     less=say(_("Less")), say=say)]

    def _turns(self, view: dict, me: dict) -> list[ft.Control]:
        return (self._cards(view, me) + self._swap(view) + self._tribunal(view, me)
                + self._final(view, me))

    def _cards(self, view: dict, me: dict) -> list[ft.Control]:
        """'!' cards and Forced Play: "no player who is positioned further down the order is
        then allowed to jump in"."""
        fp = view.get("forced_play")
        may_play = "play_card" in self.legal
        if fp and me.get("forced_play_turn"):
            return [heading(self.say(_("Forced Play: your turn")), 28),
                    *([big_phone_button(self.say(_("I played my '!' card")),
                                        self._do("play_card", must_play=True))]
                      if may_play else []),
                    line(self.say(_("Play your '!' card now, then tap above.")), 16),
                    self._forced_order(fp)]
        if fp:
            out = [line(self.say(_("Forced Play: {player} plays now", player=fp["turn"])), 20,
                        weight=ft.FontWeight.BOLD),
                   self._forced_order(fp)]
            if me.get("name") in fp["order"] and me.get("name") not in fp["done"]:
                out.append(line(self.say(_("Wait for your turn: nobody may jump the order.")),
                                18))
            return out
        if not me.get("must_play"):
            return []
        out = [line(self.say(hold_words(me["must_play"])), 18, weight=ft.FontWeight.BOLD)]
        if may_play:
            out.insert(0, big_phone_button(self.say(_("I played a '!' card")),
                                           self._do("play_card", must_play=True)))
        return out

    def _forced_order(self, fp: dict) -> ft.Control:
        return order_row(fp["order"], dict(self.shown.colours), now=fp["turn"], done=fp["done"],
                         size=16, now_words=self.say(_("plays now")),
                         done_words=self.say(_("played")), say=self.say)

    def _swap(self, view: dict) -> list[ft.Control]:
        swap = view.get("team_swap")
        if not swap or "swap_pick" not in self.legal:
            return []
        return [heading(self.say(_("Team Swap: your pick")), 24),
                ft.Row([ft.Button(self.say(_("Pick {player} for my team", player=p)),
                                  on_click=self._do("swap_pick", player=p))
                        for p in swap["to_pick"]], wrap=True)]

    def _tribunal(self, view: dict, me: dict) -> list[ft.Control]:
        trib = view.get("tribunal")
        if not trib:
            return []
        out: list[ft.Control] = []
        if me.get("tribunal_leader"):
            out += self._leader_steps(trib)
            out.append(line(self.say(_("You are the Tribunal Leader.")), 18,
                            weight=ft.FontWeight.BOLD))
        if "play_advantage" in self.legal:
            out.append(line(self.say(_("Playing an Advantage card? Show it to the table: the "
                                       "table enters the cards in order of play.")), 16))
        if trib.get("dice_reason"):
            out.append(line(said(self.say, trib, "dice_reason"), 18))
        here = me.get("name") in trib["voters"]
        if trib["step"] != "vote":  # while the box is open, the ballot says it
            out.append(line(self.say(_("Outcast Tribunal: you vote here (1 vote).") if here
                                     else _("Outcast Tribunal: you do not vote at this one.")),
                            16))
        return out

    def _leader_steps(self, trib: dict) -> list[ft.Control]:
        """The Tribunal Leader runs the Outcast Tribunal's steps from their phone too (the
        ones the rules offer them now; a lone Castaway's vote is opened on the table, which
        asks first)."""
        legal, out, say = self.legal, [], self.say
        if "tribal_twist" in legal:
            out.append(big_phone_button(say(_("Tribal Twist Incite card played")),
                                        self._do("tribal_twist")))
        if "vote_twist" in legal:
            out += [big_phone_button(say(_("Vote Twist: read before the vote")),
                                     self._do("vote_twist", timing="before")),
                    big_phone_button(say(_("Vote Twist: read after the vote")),
                                     self._do("vote_twist", timing="after"))]
        if "open_vote" in legal and not trib.get("lone"):
            out.append(big_phone_button(say(_("Open the vote")), self._do("open_vote")))
        if "roll_off" in legal:  # rolled in the app by the rules' dice
            out.append(big_phone_button(say(_("Roll the die for {castaways}",
                                              castaways=Items(trib["dice_for"]))),
                                        self._do("roll_off")))
        return out

    def _final(self, view: dict, me: dict) -> list[ft.Control]:
        final = view.get("final")
        if not final or view.get("winner"):
            return []
        if me.get("name") in final["finalists"]:
            return [heading(self.say(_("You are a finalist: pitch your case to the Outcast "
                                       "Panel.")), 22)]
        if me.get("name") in final["panel"]:
            return [line(self.say(_("You are on the Outcast Panel: you vote for the player who "
                                    "should win.")), 18, weight=ft.FontWeight.BOLD)]
        return []


def big_phone_button(text: str, on_click) -> ft.Control:
    """The player's own move now: a full-width button, a thumb's height or more."""
    return thumb_wide(ft.FilledButton(text, on_click=on_click,
                                      style=thumb_style(text_style=ft.TextStyle(size=18))))
