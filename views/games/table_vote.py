"""Screens of the table vote: the table asks a question; the phones only vote."""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from .base import Choices, GamePanel, Shown
from ..ballot import big_button, plural
from ..widgets import ErrorLine, line, panel


def said(result: dict) -> str:
    """An earlier result in one line; an open vote's also says who voted what."""
    text = f"{result['question']}: " + ", ".join(f"{c} {plural(n, 'vote')}"
                                                 for c, n in result["tally"])
    ballots = result.get("ballots") or []
    return text + ("" if not ballots else " (" + "; ".join(
        f"{v}: {', '.join(c) or 'no vote'}" for v, c in ballots) + ")")


@dataclass(frozen=True)
class Asking(Choices):
    confirm_cancel: bool = False  # "Call off this vote" waits for a yes


@dataclass(frozen=True)
class Table(Shown):
    seated: tuple[str, ...] = ()  # the seated players' names: a row of the form each
    vote_open: bool = False  # no vote, or one still open: it may be called off


class TablePanel(GamePanel):
    """The question form. Inputs persist across redraws so nobody loses what they typed."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.question = ft.TextField(label="Question", width=420)
        self.candidates = ft.TextField(
            label="Candidates (comma-separated; empty: the seated players)", width=420)
        self.per_voter = ft.TextField(label="Votes per voter", value="1", width=160)
        self.self_vote = ft.Checkbox(label="Voters may vote for themselves", value=False)
        self.all_at_once = ft.Checkbox(label="Reveal all at once (3, 2, 1)", value=False)
        self.open_vote = ft.Checkbox(
            label="Open vote: show who voted what (revealed all at once)", value=False)
        self.choices = Asking()
        self.voting: dict[str, ft.Checkbox] = {}
        self.extra: dict[str, ft.TextField] = {}
        self.rows: dict[str, ft.Row] = {}

        self.voter_rows = ft.Column(spacing=4)
        self.results = ft.Column(spacing=4)
        self.form = panel("Ask the table", [
                self.question, self.candidates, self.voter_rows, self.per_voter, self.self_vote,
                self.all_at_once, self.open_vote, self.error])
        self.root = ft.Column([self.form, self.results])

    def inputs(self, view, vote=None) -> Table:
        return Table(view, self.offered(), self.choices,
                     tuple(s.name for s in self.screen.service.seats(self.screen.code)),
                     vote is None or vote.status == "open")

    def actions(self, shown: Table) -> list[ft.Control]:
        """The table's next step: open the vote it typed, or call off the one under way."""
        legal = shown.legal
        out = []
        if "ask" in legal:
            out.append(big_button("Open the vote", self._ask))
        if "cancel" in legal and shown.vote_open:
            if shown.choices.confirm_cancel:  # its ballots are destroyed: ask first
                out += [big_button("Yes, call off the vote", self._cancel),
                        big_button("No, keep voting", self._keep, outlined=True)]
            else:
                out.append(big_button("Call off this vote", self._ask_cancel, outlined=True))
        return out

    def _ask_cancel(self, e=None) -> None:
        self.choose(confirm_cancel=True)
        self.screen.refresh()

    def _keep(self, e=None) -> None:
        self.choose(confirm_cancel=False)
        self.screen.refresh()

    def _cancel(self, e=None) -> None:
        self.choose(confirm_cancel=False)
        self.send(self.error, "cancel", {})
        self.screen.refresh()

    def draw(self, shown: Table) -> None:
        self.shown = shown
        rows = []
        for name in shown.seated:
            if name not in self.voting:  # made once per seat: what the table typed stays
                self.voting[name] = ft.Checkbox(label=f"{name} votes", value=True)
                self.extra[name] = ft.TextField(label=f"Extra votes for {name}", value="0",
                                                width=200)
                self.rows[name] = ft.Row([self.voting[name], self.extra[name]], wrap=True)
            rows.append(self.rows[name])
        self.voter_rows.controls = rows
        self.form.visible = "ask" in shown.legal  # one question at a time
        results = [line(said(r)) for r in shown.view.get("results", [])]
        self.results.controls = [panel("Earlier results", results)] if results else []

    def _ask(self, e=None) -> None:
        try:
            per_voter = int(self.per_voter.value or "1")
            extra = {n: int(f.value or "0") for n, f in self.extra.items()}
        except ValueError:
            self.error.show("Votes are whole numbers, like 1 or 2.")
            self.screen.s.page.update()
            return
        names = list(self.shown.seated) if self.shown else []
        candidates = [c.strip() for c in (self.candidates.value or "").split(",") if c.strip()]
        voters = [n for n in names if self.voting[n].value]
        args = {"question": self.question.value, "candidates": candidates or names,
                "voters": voters, "votes_per_voter": per_voter,
                "extra_votes": {n: extra.get(n, 0) for n in voters},
                "self_vote": bool(self.self_vote.value),
                "reveal": "all_at_once" if self.all_at_once.value else "one_by_one",
                "open_vote": bool(self.open_vote.value)}
        if self.send(self.error, "ask", args):
            self.question.value = ""
            self.screen.s.page.update()


class PhonePanel(GamePanel):
    def __init__(self, screen) -> None:
        self.screen = screen
        self.before: dict = {}  # the view as last drawn
        self.called_off: str | None = None  # the question of a vote called off just now

    def inputs(self, view) -> Shown:
        return Shown(view)  # a player of the table vote only votes: no move of its own

    def news(self, view: dict) -> tuple[str, ...]:
        """A vote called off: its ballot leaves the phone, and the player hears why (a new
        vote, the vote taken and the result are the ballot's own news)."""
        return (f"The table called off the vote: {self.called_off}",) if self.called_off else ()

    def draw(self, shown: Shown) -> list[ft.Control]:
        view = shown.view
        results = view.get("results", [])
        counted = len(results) > len(self.before.get("results", []))
        gone = self.before.get("pending") if not view.get("pending") else None
        self.called_off, self.before = (None if counted else gone), view
        if not results:
            return [line("No vote has been counted yet.")]
        return [panel("Results", [line(said(r)) for r in results])]
