"""Screens of the table vote: the table asks a question; the phones only vote."""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.language import Items, Speaker

from .base import Choices, GamePanel, Shown
from ..ballot import big_button
from ..widgets import ErrorLine, line, panel

# the table vote's catalog (rules/locale/*/table_vote.po), shared with its rules
_ = Speaker("table_vote", "rules.table_vote")
_n = _.n


def said(result: dict):
    """An earlier result as one message; an open vote's also says who voted what."""
    tally = Items(_n("{candidate} {count} vote", "{candidate} {count} votes", "count",
                     candidate=c, count=n) for c, n in result["tally"])
    ballots = result.get("ballots") or []
    if not ballots:
        return _("{question}: {tally}", question=result["question"], tally=tally)
    cast = Items(_("{voter}: {choices}", voter=v, choices=tuple(c)) if c else
                 _("{voter}: no vote", voter=v) for v, c in ballots)
    return _("{question}: {tally} ({ballots})", question=result["question"], tally=tally,
             ballots=cast)


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
        say = self.say
        self.error = ErrorLine()
        self.question = ft.TextField(label=say(_("Question")), width=420)
        self.candidates = ft.TextField(
            label=say(_("Candidates (comma-separated; empty: the seated players)")), width=420)
        self.per_voter = ft.TextField(label=say(_("Votes per voter")), value="1", width=160)
        self.self_vote = ft.Checkbox(label=say(_("Voters may vote for themselves")),
                                     value=False)
        self.all_at_once = ft.Checkbox(label=say(_("Reveal all at once (3, 2, 1)")),
                                       value=False)
        self.open_vote = ft.Checkbox(
            label=say(_("Open vote: show who voted what (revealed all at once)")), value=False)
        self.choices = Asking()
        self.voting: dict[str, ft.Checkbox] = {}
        self.extra: dict[str, ft.TextField] = {}
        self.rows: dict[str, ft.Row] = {}

        self.voter_rows = ft.Column(spacing=4)
        self.results = ft.Column(spacing=4)
        self.form = panel(say(_("Ask the table")), [
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
            out.append(big_button(self.say(_("Open the vote")), self._ask))
        if "cancel" in legal and shown.vote_open:
            if shown.choices.confirm_cancel:  # its ballots are destroyed: ask first
                out += [big_button(self.say(_("Yes, call off the vote")), self._cancel),
                        big_button(self.say(_("No, keep voting")), self._keep, outlined=True)]
            else:
                out.append(big_button(self.say(_("Call off this vote")), self._ask_cancel,
                                      outlined=True))
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

    def draw(self, shown: Table) -> list[ft.Control]:
        self.shown = shown
        rows = []
        for name in shown.seated:
            if name not in self.voting:  # made once per seat: what the table typed stays
                self.voting[name] = ft.Checkbox(label=self.say(_("{name} votes", name=name)),
                                                value=True)
                self.extra[name] = ft.TextField(
                    label=self.say(_("Extra votes for {name}", name=name)), value="0", width=200)
                self.rows[name] = ft.Row([self.voting[name], self.extra[name]], wrap=True)
            rows.append(self.rows[name])
        self.voter_rows.controls = rows
        self.form.visible = "ask" in shown.legal  # one question at a time
        results = [line(self.say(said(r))) for r in shown.view.get("results", [])]
        self.results.controls = [panel(self.say(_("Earlier results")), results)] if (
            results) else []
        return [self.root]

    def _ask(self, e=None) -> None:
        try:
            per_voter = int(self.per_voter.value or "1")
            extra = {n: int(f.value or "0") for n, f in self.extra.items()}
        except ValueError:
            self.error.show(self.say(_("Votes are whole numbers, like 1 or 2.")))
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
        return (self.say(_("The table called off the vote: {question}",
                           question=self.called_off)),) if self.called_off else ()

    def draw(self, shown: Shown) -> list[ft.Control]:
        view = shown.view
        results = view.get("results", [])
        counted = len(results) > len(self.before.get("results", []))
        gone = self.before.get("pending") if not view.get("pending") else None
        self.called_off, self.before = (None if counted else gone), view
        if not results:
            return [line(self.say(_("No vote has been counted yet.")))]
        return [panel(self.say(_("Results")), [line(self.say(said(r))) for r in results])]
