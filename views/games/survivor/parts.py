"""Parts of the Survivor screens that the table and the phones share.

They draw what the game's view says; none of them decides what is allowed (the moves a
screen offers come from ``legal_moves``).
"""
from __future__ import annotations

import flet as ft

from companion.language import Items, Speaker

from ...widgets import ACCENT, heading, initial_avatar, line, player_colour, thumb_style

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its
# rules: every word on these screens is said through it (``say``: the screen's language)
_ = Speaker("survivor", "rules.survivor")
_n = _.n

BIG = 30  # the table screen is read from across the table
CARD_INK = ft.Colors.BLACK  # text on a card's face
TRIBAL_COUNCIL = ft.Icons.LOCAL_FIRE_DEPARTMENT  # the torches of Tribal Council
IDOL = ft.Icons.SHIELD
VOTE = ft.Icons.HOW_TO_VOTE
ADVANTAGE = ft.Icons.ADD_CIRCLE
CHARACTER = ft.Icons.PERSON


def big(text: str, size: int = BIG, **kw) -> ft.Text:
    return line(text, size, weight=ft.FontWeight.BOLD, **kw)


def names(items) -> tuple:
    """Players as a list in words ("Ana, Ben and Cat"), said in the reader's language."""
    return tuple(items)


def counts(mapping: dict | None):
    """Each player's votes, "Ana 2, Ben 1", or "none"."""
    if not mapping:
        return _("none")
    return Items(_("{player} {count}", player=p, count=n) for p, n in mapping.items())


# the step track's steps, as the rules' view names them (its ``name`` is their English)
STEP_NAMES = {str(m): m for m in (
    _("Welcome"), _("Discussion"), _("Vote"), _("Immunity Idols"), _("Tally"),
    _("Leader decides"), _("The Tribe Has Spoken"))}
KIND_WORDS = {"single": _("Single Elimination"), "double": _("Double Elimination")}
TABLE_LIMITS = _("You CAN'T give another player a card unless a card makes you. You CAN'T "
                 "show another player your cards unless a card makes you. You CAN'T hide how "
                 "many cards you have.")
FINAL_QUESTIONS = {str(m): m for m in (
    _("What was your strategy coming into the game?"),
    _("What was your best move in the game?"),
    _("How did you outplay your opponent?"))}


def question(choice: dict):
    """What the Tribal Council Leader must decide now, and why (the rules' own sentence,
    made again here from the choice's plain values)."""
    leader, among, picks = choice["by"], tuple(choice["pick_from"]), choice["picks"]
    if choice["reason"] == "tie":
        return _n("{leader} decides which {count} player of the tied {among} is voted out.",
                  "{leader} decides which {count} players of the tied {among} are voted out.",
                  "count", leader=leader, count=picks, among=among)
    if choice["reason"] == "unclear":
        return _n("It is unclear who is voted out: {leader} chooses {count} player from "
                  "{among}.",
                  "It is unclear who is voted out: {leader} chooses {count} players from "
                  "{among}.", "count", leader=leader, count=picks, among=among)
    if choice["reason"] == "three_left":
        return _("Only 3 players are left and 2 would be eliminated at the same time: {leader} "
                 "decides which of the tied {among} is eliminated; the Final Tribal Council "
                 "begins at once.", leader=leader, among=among)
    return _("{among} were eliminated at the same moment: {leader} decides which of them "
             "leads the Final Tribal Council.", among=among, leader=leader)


def asked(choice: dict):
    """The same decision, asked of the Tribal Council Leader as "you"."""
    among, picks = tuple(choice["pick_from"]), choice["picks"]
    if choice["reason"] == "tie":
        return _n("Which {count} player of the tied {among} is voted out?",
                  "Which {count} players of the tied {among} are voted out?", "count",
                  count=picks, among=among)
    if choice["reason"] == "unclear":
        return _n("It is unclear who is voted out: choose {count} player from {among}.",
                  "It is unclear who is voted out: choose {count} players from {among}.",
                  "count", count=picks, among=among)
    if choice["reason"] == "three_left":
        return _("Only 3 players are left and 2 would be eliminated at the same time: which of "
                 "the tied {among} is eliminated? The Final Tribal Council begins at once.",
                 among=among)
    return _("{among} were eliminated at the same moment: which of them leads the Final "
             "Tribal Council?", among=among)


def spoken(council: dict, size: int, say, colour=None) -> list[ft.Control]:
    """ "The Tribe Has Spoken!" for each player voted out at this Tribal Council (on the
    table, each of them named in their colour: ``colour(name)``)."""
    parts: list[ft.Control] = []
    for p in council["voted_out"]:
        parts.append(big(say(_("The Tribe Has Spoken!")), size + 10, color=ACCENT))
        words = say(_("{player} turns over a Survivor Character Card.", player=p))
        parts.append(name_tag(p, colour(p), size, words=words) if colour
                     else line(words, size))
    for p in council["eliminated"]:
        parts.append(line(say(_("{player} is out of the game and joins the jury.", player=p)),
                          size, weight=ft.FontWeight.BOLD))
    return parts


def box_result(council: dict, size: int, say) -> list[ft.Control]:
    if not council.get("box_opened"):
        return []
    parts = [line(say(_("Votes that count: {tally}.", tally=counts(council["counted"]))), size)]
    for p, n in (council.get("voided") or {}).items():
        parts.append(line(say(_n("{count} vote for {player} does not count: {player} played an "
                                 "Immunity Idol.",
                                 "{count} votes for {player} do not count: {player} played an "
                                 "Immunity Idol.", "count", count=n, player=p)), size))
    return parts


def choice_controls(choice: dict, picked: list[str], on_pick, on_confirm, say,
                    ask=None) -> list[ft.Control]:
    """The Tribal Council Leader's choice: the same on the leader's phone and on the table
    device handed to them (``ask``: the question put to the leader as "you"). The players
    to choose from sit side by side, so "Confirm my choice" stays on the first screen."""
    buttons = [ft.FilledButton(say(_("Chosen: {player}", player=p)), icon=ft.Icons.CHECK,
                               on_click=on_pick(p), style=thumb_style()) if p in picked else
               ft.OutlinedButton(say(_("Choose {player}", player=p)), on_click=on_pick(p),
                                 style=thumb_style())
               for p in choice["pick_from"]]
    parts: list[ft.Control] = [
        heading(say(_n("You decide: choose {count} player", "You decide: choose {count} players",
                       "count", count=choice["picks"])), 22),
        line(say(ask or question(choice)), 18),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)]
    if picked:
        parts.append(line(say(_("Chosen: {players}", players=names(picked))), 18,
                          weight=ft.FontWeight.BOLD))
    parts.append(ft.FilledButton(say(_("Confirm my choice")), on_click=on_confirm, width=320,
                                 style=thumb_style()))
    return parts


def tie_controls(finalists, chosen: list[str], on_pick, on_confirm, say) -> list[ft.Control]:
    """ "The Final Tribal Council Leader breaks the tie by choosing the winner": a tap names
    the winner, a second tap confirms it (it ends the game). ``on_pick(name or None)`` and
    ``on_confirm(name)`` give the handlers."""
    parts: list[ft.Control] = [heading(say(_("You break the tie")), 26),
                               line(say(_("Choose the winner; you need not pick the player you "
                                          "voted for.")), 18)]
    if chosen:
        return parts + [line(say(_("{player} wins the game. Sure?", player=chosen[0])), 20,
                             weight=ft.FontWeight.BOLD),
                        ft.FilledButton(say(_("Yes, {player} wins", player=chosen[0])),
                                        on_click=on_confirm(chosen[0]), width=320,
                                        style=thumb_style()),
                        ft.OutlinedButton(say(_("No, choose again")), on_click=on_pick(None),
                                          width=320)]
    return parts + [ft.FilledButton(say(_("{player} wins", player=p)), on_click=on_pick(p),
                                    width=320, style=thumb_style()) for p in finalists]


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


def tribe_summary(p: dict):
    """The tile's words for a screen reader and for the tests: the tile says it in cards."""
    if not p["still_in"]:
        return _("{player}: out, on the jury", player=p["name"])
    cards = _n("{count} Survivor Character Card", "{count} Survivor Character Cards", "count",
               count=p["characters"])
    votes = _n("{count} Vote Card", "{count} Vote Cards", "count", count=p["vote_cards"])
    return _("{player}: {cards} face up, {votes}", player=p["name"], cards=cards, votes=votes)


def tribe_tile(p: dict, colour: str, role: str, say, characters_each: int = 2) -> ft.Container:
    """One player of the tribe: initial and name in their colour, their Survivor Character
    Cards (face up or turned over) and Vote Cards, and their role now."""
    cards = [mini_card(CHARACTER, colour, i < p["characters"], 36)
             for i in range(characters_each)]
    votes = [mini_card(VOTE, ft.Colors.WHITE_70, True, 36) for _ in range(min(p["vote_cards"], 3))]
    if p["vote_cards"] > 3:
        votes.append(line(say(_("x{count}", count=p["vote_cards"])), 18))
    head = ft.Row([initial(p["name"], colour),
                   ft.Column([ft.Text(p["name"], size=24, weight=ft.FontWeight.BOLD,
                                      semantics_label=say(tribe_summary(p))),
                              *([ft.Text(role, size=18, italic=True, color=ACCENT)]
                                if role else [])],
                             spacing=0, tight=True)], spacing=8, tight=True)
    # read one tile at a time: tiles side by side are otherwise read line by line across
    # them, two players' "Played an Idol" twice in a row
    return ft.Container(
        ft.Semantics(content=ft.Column([head, ft.Row([*cards, ft.Container(width=8), *votes],
                                                     spacing=4, tight=True)],
                                       spacing=6, tight=True), container=True),
        padding=10, border_radius=12, width=210,
        border=ft.Border.all(3 if p["still_in"] else 1, colour if p["still_in"]
                             else ft.Colors.WHITE_24),
        opacity=1.0 if p["still_in"] else 0.6)


def step_track(steps: list[dict], say) -> ft.Control:
    """The Tribal Council's steps as a track, the marker on the step it is at."""
    chips = []
    for s in steps:
        now = s["now"]
        name = say(STEP_NAMES.get(s["name"], s["name"]))
        chips.append(ft.Container(
            ft.Text(name, size=20 if now else 16, color=CARD_INK if now else None,
                    weight=ft.FontWeight.BOLD if now else None,
                    semantics_label=say(_("Now: {step}", step=name)) if now else None),
            padding=ft.Padding(12, 6, 12, 6), border_radius=20,
            bgcolor=ACCENT if now else None, opacity=0.55 if s["done"] else 1.0,
            border=ft.Border.all(1, ACCENT if now else ft.Colors.WHITE_24)))
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)
