"""Parts of the Survivor screens that the table and the phones share.

They draw what the game's view says; none of them decides what is allowed (the moves a
screen offers come from ``legal_moves``).
"""
from __future__ import annotations

import flet as ft

from ...ballot import plural
from ...widgets import ACCENT, heading, initial_avatar, line, player_colour, thumb_style

BIG = 30  # the table screen is read from across the table
CARD_INK = ft.Colors.BLACK  # text on a card's face
TRIBAL_COUNCIL = ft.Icons.LOCAL_FIRE_DEPARTMENT  # the torches of Tribal Council
IDOL = ft.Icons.SHIELD
VOTE = ft.Icons.HOW_TO_VOTE
ADVANTAGE = ft.Icons.ADD_CIRCLE
CHARACTER = ft.Icons.PERSON


def big(text: str, size: int = BIG, **kw) -> ft.Text:
    return line(text, size, weight=ft.FontWeight.BOLD, **kw)


def names(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def counts(mapping: dict | None) -> str:
    return ", ".join(f"{p} {n}" for p, n in (mapping or {}).items()) or "none"


def spoken(council: dict, size: int, colour=None) -> list[ft.Control]:
    """ "The Tribe Has Spoken!" for each player voted out at this Tribal Council (on the
    table, each of them named in their colour: ``colour(name)``)."""
    parts: list[ft.Control] = []
    for p in council["voted_out"]:
        parts.append(big("The Tribe Has Spoken!", size + 10, color=ACCENT))
        words = f"{p} turns over a Survivor Character Card."
        parts.append(name_tag(p, colour(p), size, words=words) if colour
                     else line(words, size))
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


def choice_controls(choice: dict, picked: list[str], on_pick, on_confirm,
                    ask: str | None = None) -> list[ft.Control]:
    """The Tribal Council Leader's choice: the same on the leader's phone and on the table
    device handed to them (``ask``: the question put to the leader as "you"). The players
    to choose from sit side by side, so "Confirm my choice" stays on the first screen."""
    buttons = [ft.FilledButton(f"Chosen: {p}", icon=ft.Icons.CHECK, on_click=on_pick(p),
                               style=thumb_style()) if p in picked else
               ft.OutlinedButton(f"Choose {p}", on_click=on_pick(p), style=thumb_style())
               for p in choice["pick_from"]]
    parts: list[ft.Control] = [
        heading(f"You decide: choose {plural(choice['picks'], 'player')}", 22),
        line(ask or choice["question"], 18),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
    if picked:
        parts.append(line("Chosen: " + names(picked), 18, weight=ft.FontWeight.BOLD))
    parts.append(ft.FilledButton("Confirm my choice", on_click=on_confirm, width=320,
                                 style=thumb_style()))
    return parts


def tie_controls(finalists, chosen: list[str], on_pick, on_confirm) -> list[ft.Control]:
    """ "The Final Tribal Council Leader breaks the tie by choosing the winner": a tap names
    the winner, a second tap confirms it (it ends the game). ``on_pick(name or None)`` and
    ``on_confirm(name)`` give the handlers."""
    parts: list[ft.Control] = [heading("You break the tie", 26),
                               line("Choose the winner; you need not pick the player you "
                                    "voted for.", 18)]
    if chosen:
        return parts + [line(f"{chosen[0]} wins the game. Sure?", 20, weight=ft.FontWeight.BOLD),
                        ft.FilledButton(f"Yes, {chosen[0]} wins", on_click=on_confirm(chosen[0]),
                                        width=320, style=thumb_style()),
                        ft.OutlinedButton("No, choose again", on_click=on_pick(None), width=320)]
    return parts + [ft.FilledButton(f"{p} wins", on_click=on_pick(p), width=320,
                                    style=thumb_style()) for p in finalists]


def toggled(picked: tuple[str, ...], player: str) -> tuple[str, ...]:
    """``picked`` with ``player`` taken out, or added at the end."""
    return tuple(p for p in picked if p != player) if player in picked else (*picked, player)


# --- pictures: cards as cards, players in their colours -------------------------------------

def colour_of(where: dict[str, int], name: str) -> str:
    return player_colour(where.get(name, 0))


def card_tile(title: str, *lines: str, icon=None, colour: str = ACCENT, width: int = 110,
              face_up: bool = True) -> ft.Container:
    """A card as it lies on the table: upright, rounded, its name on its face. A card that is
    turned over or used up is drawn as its outline only."""
    ink = CARD_INK if face_up else ft.Colors.WHITE_54
    parts: list[ft.Control] = []
    if icon is not None:
        parts.append(ft.Icon(icon, size=round(width * 0.32), color=ink))
    parts.append(ft.Text(title, size=round(width * 0.15), weight=ft.FontWeight.BOLD, color=ink,
                         text_align=ft.TextAlign.CENTER))
    parts += [ft.Text(t, size=round(width * 0.12), color=ink, text_align=ft.TextAlign.CENTER)
              for t in lines]
    # read as one node, "Immunity Idol, Ana": not its words one by one, card after card
    face = ft.Semantics(content=ft.Column(parts, spacing=2, tight=True,
                                          alignment=ft.MainAxisAlignment.CENTER,
                                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        label=", ".join((title, *lines)), exclude_semantics=True)
    return ft.Container(
        face, width=width, height=round(width * 1.4), padding=6, border_radius=round(width / 10),
        bgcolor=colour if face_up else None, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, colour if face_up else ft.Colors.WHITE_24))


def mini_card(icon, colour: str, face_up: bool = True, width: int = 30) -> ft.Container:
    """A small card in a player's tile (a Survivor Character Card, a Vote Card)."""
    return ft.Container(
        ft.Icon(icon if face_up else ft.Icons.CLOSE, size=round(width * 0.6),
                color=CARD_INK if face_up else ft.Colors.WHITE_38),
        width=width, height=round(width * 1.4), border_radius=4,
        alignment=ft.Alignment.CENTER, bgcolor=colour if face_up else None,
        border=ft.Border.all(2, colour if face_up else ft.Colors.WHITE_24))


def initial(name: str, colour: str, size: int = 24) -> ft.Control:
    return initial_avatar(name, colour, size, CARD_INK)


def name_tag(name: str, colour: str, size: int = 24, words: str | None = None) -> ft.Row:
    """A player named in their colour, with their initial (``words``: what is said of them)."""
    return ft.Row([initial(name, colour, size),
                   ft.Text(words or name, size=size, weight=ft.FontWeight.BOLD)],
                  spacing=8, tight=True)


def tribe_summary(p: dict) -> str:
    """The tile's words for a screen reader and for the tests: the tile says it in cards."""
    if not p["still_in"]:
        return f"{p['name']}: out, on the jury"
    return (f"{p['name']}: {plural(p['characters'], 'Survivor Character Card')} face up, "
            f"{plural(p['vote_cards'], 'Vote Card')}")


def tribe_tile(p: dict, colour: str, role: str, characters_each: int = 2) -> ft.Container:
    """One player of the tribe: initial and name in their colour, their Survivor Character
    Cards (face up or turned over) and Vote Cards, and their role now."""
    cards = [mini_card(CHARACTER, colour, i < p["characters"], 36)
             for i in range(characters_each)]
    votes = [mini_card(VOTE, ft.Colors.WHITE_70, True, 36) for _ in range(min(p["vote_cards"], 3))]
    if p["vote_cards"] > 3:
        votes.append(line(f"x{p['vote_cards']}", 18))
    head = ft.Row([initial(p["name"], colour),
                   ft.Column([ft.Text(p["name"], size=24, weight=ft.FontWeight.BOLD,
                                      semantics_label=tribe_summary(p)),
                              *([ft.Text(role, size=18, italic=True, color=ACCENT)]
                                if role else [])],
                             spacing=0, tight=True)], spacing=8, tight=True)
    return ft.Container(
        ft.Column([head, ft.Row([*cards, ft.Container(width=8), *votes], spacing=4,
                                tight=True)], spacing=6, tight=True),
        padding=10, border_radius=12, width=210,
        border=ft.Border.all(3 if p["still_in"] else 1, colour if p["still_in"]
                             else ft.Colors.WHITE_24),
        opacity=1.0 if p["still_in"] else 0.6)


def step_track(steps: list[dict]) -> ft.Control:
    """The Tribal Council's steps as a track, the marker on the step it is at."""
    chips = []
    for s in steps:
        now = s["now"]
        chips.append(ft.Container(
            ft.Text(s["name"], size=20 if now else 16, color=CARD_INK if now else None,
                    weight=ft.FontWeight.BOLD if now else None,
                    semantics_label=f"Now: {s['name']}" if now else None),
            padding=ft.Padding(12, 6, 12, 6), border_radius=20,
            bgcolor=ACCENT if now else None, opacity=0.55 if s["done"] else 1.0,
            border=ft.Border.all(1, ACCENT if now else ft.Colors.WHITE_24)))
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)
