"""The secret ballot on screen: the form a voter fills, and the table's view of the vote.

The form is the same for a phone and for pass-and-play; only where the ballot goes differs.
The table's panel shows who has voted and, after the close, the ballots one at a time —
never what anyone chose.
"""
from __future__ import annotations

import asyncio
from typing import Callable

import flet as ft

from companion.ballots import CLOSED, OPEN, REVEALED, Vote, allotment

from .widgets import ACCENT, ErrorLine, heading, line, panel


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class BallotForm:
    """Choose, confirm, cast. ``cast(choices)`` returns a truthy value once accepted."""

    def __init__(self, vote: Vote, voter: str, cast: Callable[[list[str]], object],
                 update: Callable[[], None]) -> None:
        self.vote, self.voter, self.cast, self.update = vote, voter, cast, update
        self.votes = allotment(vote.call, voter)
        self.chosen: list[str] = []
        self.confirming = False
        self.error = ErrorLine()
        self.body = ft.Column(spacing=10, tight=True)
        self.root = ft.Column([self.body, self.error], spacing=10, tight=True)
        self._draw()

    def _draw(self) -> None:
        call = self.vote.call
        parts: list[ft.Control] = [heading(call.question, 24)]
        if self.confirming:
            parts += [line("You are voting for:"),
                      *[line(c, 26, weight=ft.FontWeight.BOLD) for c in self.chosen],
                      ft.Row([ft.FilledButton("Confirm my vote", on_click=self._confirm),
                              ft.OutlinedButton("Change my vote", on_click=self._change)],
                             wrap=True)]
        else:
            left = self.votes - len(self.chosen)
            parts.append(line(f"{self.voter}, you have {plural(self.votes, 'vote')}. "
                              f"{'Choose ' + plural(left, 'more vote') if left else 'All chosen.'}"))
            for c in call.candidates:
                if c == self.voter and not call.self_vote:
                    continue
                parts.append(ft.Button(f"Vote for {c}", on_click=self._choose(c),
                                       disabled=left == 0, width=320))
            if self.chosen:
                parts.append(line("Chosen: " + ", ".join(self.chosen)))
                parts.append(ft.TextButton("Start again", on_click=self._change))
        self.body.controls = parts

    def _choose(self, candidate: str):
        def handler(e=None):
            if len(self.chosen) < self.votes:
                self.chosen.append(candidate)
            self.confirming = len(self.chosen) == self.votes
            self._draw()
            self.update()
        return handler

    def _change(self, e=None) -> None:
        self.chosen, self.confirming = [], False
        self._draw()
        self.update()

    def _confirm(self, e=None) -> None:
        from companion.errors import Refused
        try:
            self.cast(list(self.chosen))
        except Refused as err:
            self.error.show(str(err))
            self.chosen, self.confirming = [], False
            self._draw()
            self.update()


def tally_lines(counts: dict[str, int], candidates) -> list[ft.Control]:
    ordered = sorted(candidates, key=lambda c: -counts.get(c, 0))
    return [line(f"{c}: {plural(counts.get(c, 0), 'vote')}", 22) for c in ordered]


class VotePanel:
    """The table's view of the room's vote: progress, then the reading of the ballots."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = screen.error
        self.counting_down: int | None = None

    def signature(self, vote: Vote | None) -> object:
        if vote is None:
            return None
        return (vote.id, vote.status, vote.voted, vote.revealed, vote.applied,
                self.counting_down, self.screen.service.readable(self.screen.code, vote))

    def draw(self, vote: Vote | None) -> list[ft.Control]:
        if vote is None:
            return []
        call = vote.call
        sv, code, key = self.screen.service, self.screen.code, self.screen.host_key
        parts: list[ft.Control] = [heading(call.question, 26)]
        if vote.status == OPEN:
            parts += [
                line(f"{len(vote.voted)} of {len(call.voters)} have voted", 30,
                     weight=ft.FontWeight.BOLD),
                line("Still voting: " + ", ".join(vote.waiting_for)),
                ft.Row([ft.FilledButton("Pass-and-play on this device",
                                        on_click=lambda e: self.screen.go_pass_and_play()),
                        # everyone must vote in some games: no closing the box short there
                        *([] if call.complete else [ft.OutlinedButton(
                            "Close the vote now", on_click=lambda e: self.screen.attempt(
                                self.error, sv.close_vote, key, code))])], wrap=True),
            ]
        elif vote.status == CLOSED and not sv.readable(code, vote):
            parts += [line(f"The ballot box is closed: {plural(len(vote.voted), 'voter')} voted."),
                      line("The ballots are read when the game gets there; see the steps.")]
        elif vote.status == CLOSED and call.reveal == "all_at_once":
            if self.counting_down is not None:
                parts.append(line(f"{self.counting_down}…", 80, weight=ft.FontWeight.BOLD))
            else:
                parts += [line(f"All {plural(len(vote.reveal_order), 'ballot')} are in."),
                          ft.FilledButton("Reveal all at once: 3… 2… 1…",
                                          on_click=self._countdown)]
        elif vote.status == CLOSED:
            shown = vote.shown()
            parts.append(line(f"Ballots read: {len(shown)} of {len(vote.reveal_order)}", 22))
            if shown:
                parts.append(line(f"Ballot {len(shown)}: {shown[-1]}", 40,
                                  weight=ft.FontWeight.BOLD, color=ACCENT))
                parts += tally_lines(vote.running_tally(), call.candidates)
            buttons = []
            if len(shown) < len(vote.reveal_order):
                buttons.append(ft.FilledButton("Read the next ballot", on_click=lambda e:
                                               self.screen.attempt(self.error, sv.reveal_next,
                                                                   key, code)))
            if vote.decided:
                if len(shown) < len(vote.reveal_order):
                    parts.append(line("The result is decided: the ballots left cannot change it."))
                buttons.append(ft.OutlinedButton("Show the final tally", on_click=lambda e:
                                                 self.screen.attempt(self.error, sv.finish_reveal,
                                                                     key, code)))
            parts.append(ft.Row(buttons, wrap=True))
        elif vote.status == REVEALED:
            parts.append(line("Final tally", 24, weight=ft.FontWeight.BOLD))
            parts += tally_lines(vote.final_tally(), call.candidates)
            if vote.applied:
                parts.append(line("The result is recorded."))
            else:
                parts.append(ft.FilledButton("Record this result", on_click=lambda e:
                                             self.screen.attempt(self.error, sv.finish_reveal,
                                                                 key, code)))
        return [panel("Secret vote", parts)]

    async def _countdown(self, e=None) -> None:
        for n in (3, 2, 1):
            self.counting_down = n
            self.screen.refresh()
            await asyncio.sleep(1)
        self.counting_down = None
        self.screen.attempt(self.error, self.screen.service.finish_reveal, self.screen.host_key,
                            self.screen.code)
        self.screen.refresh(force=True)
