"""Parts of the Survivor screens that the table and the phones share.

They draw what the game's view says; none of them decides what is allowed (the moves a
screen offers come from ``legal_moves``).
"""
from __future__ import annotations

import flet as ft

from ..ballot import plural
from ..widgets import ACCENT, heading, line

BIG = 30  # the table screen is read from across the table


def big(text: str, size: int = BIG, **kw) -> ft.Text:
    return line(text, size, weight=ft.FontWeight.BOLD, **kw)


def names(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def counts(mapping: dict | None) -> str:
    return ", ".join(f"{p} {n}" for p, n in (mapping or {}).items()) or "none"


def spoken(council: dict, size: int) -> list[ft.Control]:
    """ "The Tribe Has Spoken!" for each player voted out at this Tribal Council."""
    parts: list[ft.Control] = []
    for p in council["voted_out"]:
        parts.append(big("The Tribe Has Spoken!", size + 6, color=ACCENT))
        parts.append(line(f"{p} turns over a Survivor Character Card.", size))
    for p in council["eliminated"]:
        parts.append(line(f"{p} is out of the game and joins the jury.", size,
                          weight=ft.FontWeight.BOLD))
    return parts


def box_result(council: dict, size: int) -> list[ft.Control]:
    if not council.get("box_opened"):
        return []
    parts = [line(f"Votes that count: {counts(council['counted'])}.", size)]
    for p, n in (council.get("voided") or {}).items():
        parts.append(line(f"{plural(n, 'vote')} for {p} {'does' if n == 1 else 'do'} not count: "
                          f"{p} played an Immunity Idol.", size))
    return parts


def choice_controls(choice: dict, picked: list[str], on_pick, on_confirm) -> list[ft.Control]:
    """The Tribal Council Leader's choice: the same on the leader's phone and on the table
    device handed to them."""
    parts: list[ft.Control] = [heading("You decide", 26), line(choice["question"], 20),
                               line(f"Choose {plural(choice['picks'], 'player')}.", 18)]
    for p in choice["pick_from"]:
        parts.append(ft.Button(f"Chosen: {p} (tap to undo)" if p in picked else f"Choose {p}",
                               on_click=on_pick(p), width=320))
    if picked:
        parts.append(line("Chosen: " + names(picked), 20, weight=ft.FontWeight.BOLD))
    parts.append(ft.FilledButton("Confirm my choice", on_click=on_confirm))
    return parts


def toggle(picked: list[str], player: str) -> None:
    if player in picked:
        picked.remove(player)
    else:
        picked.append(player)


class OptionsForm:
    """The setup options, drawn from the game's option schemas (name, kind, default, allowed
    values, label, the sentence that explains it): a box to tick or one choice to pick."""

    def __init__(self, schemas: list[dict]) -> None:
        self.inputs: dict[str, ft.Control] = {}
        self.controls: list[ft.Control] = []
        for o in schemas:
            if o["kind"] == "bool":
                self.inputs[o["name"]] = ft.Checkbox(label=o["label"], value=o["default"])
            else:
                words = o.get("choices") or {}
                self.inputs[o["name"]] = ft.RadioGroup(ft.Column(
                    [ft.Radio(value=v, label=words.get(v, v)) for v in o["allowed"]],
                    tight=True), value=o["default"])
                self.controls.append(line(o["label"] + ":", 16, weight=ft.FontWeight.BOLD))
            self.controls += [line(o["sentence"], 16), self.inputs[o["name"]]]

    def values(self) -> dict:
        return {name: bool(c.value) if isinstance(c, ft.Checkbox) else c.value
                for name, c in self.inputs.items()}
