"""The screens: the table deals and shows what is open (who has picked, the cards turned over,
the scores); a phone shows its own hand, which only that phone is sent, and picks from it.

A phone's pick is made in two taps, a card then "Pick it": the card chosen is the panel's own
choice (``Picking``), stamped with the turn it was chosen in, so a choice half made when the
hands pass is dropped at the new turn, and the pick sent carries that turn: a pick that
arrives after the hands passed is refused by the rules, not taken from the wrong hand."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import flet as ft

from views.ballot import big_button
from views.games.base import Choices, GamePanel, Shown
from views.widgets import ErrorLine, line, panel, thumb_style, thumb_wide


@dataclass(frozen=True)
class Picking(Choices):
    card: str | None = None
    turn: int = 0  # the turn the card was chosen in


def points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def cards(taken) -> str:
    return ", ".join(f"{c} {n}" for c, n in sorted(Counter(taken).items())) or "no cards yet"


def open_cards(view: dict) -> list[ft.Control]:
    """What every screen may see: each player's cards turned over and score, and the picks
    last turned over."""
    out = [line(f"{p}: {points(view['scores'][p])} ({cards(t)})") for p, t in
           view["taken"].items()]
    if view["last"]:
        out.append(line("Turned over: " + ", ".join(f"{p} {c}" for p, c in
                                                     view["last"].items())))
    return out


class TablePanel(GamePanel):
    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.said = ft.Column(spacing=4)
        self.root = ft.Column([self.said, self.error])

    def draw(self, shown: Shown) -> None:
        view = shown.view
        if not view["turn"]:
            said = [line("The hands are not dealt yet.")]
        elif view["over"]:
            said = [line("The hands are empty: the draft is over.")]
        else:
            said = [line(f"Turn {view['turn']}: picked so far: "
                         + (", ".join(view["picked"]) or "nobody"))]
        self.said.controls = [panel("Sushi draft", said + open_cards(view))]

    def actions(self, shown: Shown) -> list[ft.Control]:
        return [big_button("Deal the hands in secret", self._deal)] if "deal" in shown.legal \
            else []

    def _deal(self, e=None) -> None:
        self.send(self.error, "deal")


class PhonePanel(GamePanel):
    choices = Picking()

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()

    def draw(self, shown: Shown) -> list[ft.Control]:
        view, chosen = shown.view, shown.choices
        if view["hand"] is None:
            return [panel("Your hand", [line("The hands are not dealt yet.")])]
        # a choice made in another turn is no choice: the hand it was made from has passed
        card = chosen.card if chosen.turn == view["turn"] and chosen.card in view["hand"] \
            else None
        said = [line("Your hand: " + cards(view["hand"]), 20)]
        steps: list[ft.Control] = []
        if view["pick"] is not None:
            said.append(line(f"Your pick is in: {view['pick']}. The others are picking."))
        elif "pick" in shown.legal:
            steps = [thumb_wide(ft.OutlinedButton(
                f"{c} ({n} in your hand)", style=thumb_style(),
                on_click=self._chooser(c, view["turn"])))
                for c, n in sorted(Counter(view["hand"]).items())]
            if card is not None:
                steps += [line(f"Chosen: {card}"), thumb_wide(ft.FilledButton(
                    f"Pick {card}", style=thumb_style(),
                    on_click=self._picker(card, view["turn"])))]
        return [panel("Your hand", said), *steps, self.error, *open_cards(view)]

    def _chooser(self, card: str, turn: int):
        def handler(e=None) -> None:
            self.choose(card=card, turn=turn)
            self.screen.refresh()
        return handler

    def _picker(self, card: str, turn: int):
        def handler(e=None) -> None:
            if self.send(self.error, "pick", {"card": card, "turn": turn}):
                self.choose(card=None, turn=0)
                self.screen.refresh()
        return handler


def record_card(result, colour_of) -> ft.Control | None:
    """The draft on Tonight: each player's score and the cards it came from."""
    details = result.details or {}
    scores, taken = details.get("scores"), details.get("cards")
    if not isinstance(scores, dict) or not isinstance(taken, dict):
        return None  # the plain list is drawn
    return ft.Column([line(f"{p}: {points(scores[p])} ("
                           + (", ".join(f"{c} {n}" for c, n in sorted(taken.get(p, {}).items()))
                              or "no cards") + ")", 16, color=colour_of(p))
                      for p in scores if isinstance(taken.get(p, {}), dict)], spacing=2)
