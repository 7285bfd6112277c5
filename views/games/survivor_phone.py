"""A player's phone in Survivor: The Tribe Has Spoken: their own cards, secrets and decisions.

What this player must do comes first. The buttons are the moves ``legal_moves`` lists for
this seat; what the phone shows comes from the seat's view.
"""
from __future__ import annotations

import flet as ft

from ..ballot import plural
from ..widgets import ErrorLine, heading, line
from .survivor_parts import box_result, choice_controls, counts, spoken, toggle


class PhonePanel:
    """A player's phone: their own cards, secrets and decisions."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.body = ft.Column(spacing=10)
        self.root = ft.Column([self.error, self.body], spacing=10)
        self.view: dict = {}
        self.legal: tuple[str, ...] = ()
        self.picked: list[str] = []
        self.pick_key: object = None

    def signature(self, view) -> object:
        self.legal = self.screen.service.legal_moves(self.screen.code, self.screen.token)
        return (repr(view), self.legal, tuple(self.picked), self._voted(view))

    def draw(self, view: dict) -> None:
        self.view = view
        self.body.controls = self._build(view)
        return None

    def _redraw(self) -> None:
        self.body.controls = self._build(self.view)
        self.screen.s.page.update()

    def _act(self, move: str, **args):
        def handler(e=None):
            self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                                self.screen.token, move, args)
        return handler

    def _build(self, view: dict) -> list[ft.Control]:
        you = view.get("you")
        if not you:
            return [line("You are watching this game.")]
        if view.get("winner"):
            parts = [heading(f"{view['winner']} is the Sole Survivor!", 28)]
        elif view.get("final"):
            parts = self._final(view, you)
        elif view.get("council_open"):
            parts = self._council(view, you)
        elif view.get("turn"):
            parts = self._turn(view)
        else:
            parts = [line("The table is setting up the cards.")]
        if you["still_in"]:
            parts.append(line(f"You have {plural(you['characters'], 'Survivor Character Card')} "
                              f"face up and {plural(you['vote_cards'], 'Vote Card')}.", 18))
        else:
            parts.append(line("You are out of the game: you sit on the jury.", 18,
                              weight=ft.FontWeight.BOLD))
        return parts

    def _turn(self, view: dict) -> list[ft.Control]:
        if "draw_action" not in self.legal:
            return [line(f"{view['turn']}'s turn.", 20)]
        reminders = view.get("reminders") or []
        return [heading("Your turn", 26),
                *([line(reminders[0], 20)] if reminders else []),
                *[line(r, 16, italic=True) for r in view.get("limits", [])],
                line("Then tell the companion what you drew:"),
                ft.Button("I drew an Action card", on_click=self._act("draw_action"),
                          width=330),
                ft.Button("I drew a Single Elimination Tribal Council card", width=330,
                          on_click=self._act("draw_tribal_council", kind="single")),
                ft.Button("I drew a Double Elimination Tribal Council card", width=330,
                          on_click=self._act("draw_tribal_council", kind="double"))]

    def _council(self, view: dict, you: dict) -> list[ft.Control]:
        c = view["council"]
        parts: list[ft.Control] = [
            line(f"Tribal Council {c['number']}: {c['kind_name']}", 22,
                 weight=ft.FontWeight.BOLD),
            line("You are the Tribal Council Leader." if you["tribal_council_leader"]
                 else f"Tribal Council Leader: {c['leader']}")]
        if c.get("choice"):
            parts += self._choice(c, you)
        if "play_tribal_advantage" in self.legal:
            gained = (c.get("advantage_votes") or {}).get(you["name"], 0)
            parts += [*self._extra_votes(c),
                      line(f"Votes you gained from Tribal Advantage cards: {gained}", 18),
                      ft.Button("I played a Tribal Advantage card: +1 vote",
                                on_click=self._act("play_tribal_advantage", votes=1))]
        if "begin_discussion" in self.legal:
            parts.append(ft.FilledButton("Begin the discussion",
                                         on_click=self._act("begin_discussion")))
        if "start_vote" in self.legal:
            parts.append(ft.FilledButton("Time to vote!", on_click=self._act("start_vote")))
        if c.get("voting"):
            parts += self._ballot(c)
        return parts + self._after_the_vote(c, you)

    def _ballot(self, c: dict) -> list[ft.Control]:
        """While the box goes round: this player's votes, and Extra Vote cards at the box."""
        if not c.get("your_votes"):
            return [line("You have no vote at this Tribal Council.", 18)]
        if self._voted(self.view):
            return [line(f"You cast {plural(c['your_votes'], 'vote')} in the Voting Box.", 18)]
        return [line(f"Your ballot: {plural(c['your_votes'], 'vote')}.", 18),  # the box is here
                *self._extra_votes(c)]

    def _after_the_vote(self, c: dict, you: dict) -> list[ft.Control]:
        """The Immunity Idol moment, the box opened, and "The Tribe Has Spoken!"."""
        parts: list[ft.Control] = []
        if you["name"] in c["idols"]:
            parts.append(line("You played an Immunity Idol: votes for you do not count.", 20,
                              weight=ft.FontWeight.BOLD))
        if "play_idol" in self.legal:
            parts += [line("Have an Immunity Idol? Play it now, before the box is opened."),
                      ft.FilledButton("I play an Immunity Idol",
                                      on_click=self._act("play_idol"))]
        if "open_box" in self.legal:
            parts.append(ft.FilledButton("Open the box and tally the votes",
                                         on_click=self._act("open_box")))
        parts += box_result(c, 18) + spoken(c, 18)
        if you["name"] in c["voted_out"]:
            parts.append(line("Turn over one of your Survivor Character Cards.", 20))
        if "end_tribal_council" in self.legal:
            parts.append(ft.FilledButton("End Tribal Council",
                                         on_click=self._act("end_tribal_council")))
        return parts

    def _extra_votes(self, c: dict) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret, on this phone only."""
        if "use_extra_votes" not in self.legal:
            return []
        n = c.get("your_extra_vote_cards", 0)
        return [line(f"Extra Vote cards you use at this Tribal Council (secret): {n}", 18),
                ft.Row([ft.Button("Use one more Extra Vote card",
                                  on_click=self._act("use_extra_votes", count=n + 1)),
                        ft.Button("Use one fewer Extra Vote card",
                                  on_click=self._act("use_extra_votes", count=n - 1))],
                       wrap=True)]

    def _voted(self, view: dict) -> bool:
        """Has this player cast their ballot? (Who has voted is public; how, never.)"""
        vote = self.screen.service.vote(self.screen.code)
        me = (view.get("you") or {}).get("name")
        return vote is not None and me in vote.voted

    def _choice(self, c: dict, you: dict) -> list[ft.Control]:
        choice = c["choice"]
        if "choose" not in self.legal:
            return [line(choice["question"], 20, weight=ft.FontWeight.BOLD),
                    line(f"{choice['by']} decides on their phone.")]
        key = repr(choice)
        if key != self.pick_key:
            self.pick_key, self.picked = key, []
        return choice_controls(choice, self.picked, self._pick, self._confirm)

    def _pick(self, player: str):
        def handler(e=None):
            toggle(self.picked, player)
            self._redraw()
        return handler

    def _confirm(self, e=None) -> None:
        self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                            self.screen.token, "choose", {"players": list(self.picked)})

    def _final(self, view: dict, you: dict) -> list[ft.Control]:
        f = view["final"]
        a, b = f["finalists"]
        me = you["name"]
        parts: list[ft.Control] = [line(f"Final Tribal Council: {a} and {b} face the jury.", 20,
                                        weight=ft.FontWeight.BOLD)]
        if me in f["finalists"]:
            parts.append(line("You are in the final two: make your case to the jury."))
        elif me in f["jury"]:
            parts.append(line("You are on the jury: you vote for the player who should WIN."))
        if f.get("asking"):
            parts += [line(q, 16) for q in f["questions"]]
        if "start_jury_vote" in self.legal:
            parts += [line("You lead the Final Tribal Council."),
                      ft.FilledButton("Start the jury vote",
                                      on_click=self._act("start_jury_vote"))]
        if f.get("tie"):
            parts.append(line(f"The jury is tied: {counts(f['votes'])}.", 20,
                              weight=ft.FontWeight.BOLD))
        if "break_tie" in self.legal:
            parts += [heading("You break the tie", 26),
                      line("Choose the winner; you need not pick the player you voted for."),
                      *[ft.FilledButton(f"{p} wins", on_click=self._act("break_tie", winner=p),
                                        width=320) for p in f["finalists"]]]
        elif f.get("tie"):
            parts.append(line(f"{f['leader']} breaks the tie."))
        return parts
