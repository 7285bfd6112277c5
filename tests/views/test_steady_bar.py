"""A press on its way while the table's action bar is drawn again (issue 38's redraws, a
seat's colour, a ballot coming in): Flet replaces every control of a slot drawn anew, and
drops a press that arrives for a control it replaced; so the bar keeps a button whose words
did not change (``views.widgets.steady``), and the press reaches it. Checked on Flet's own
session, diffing and dispatch, with a connection that only records what it would send."""
from __future__ import annotations

import asyncio
import threading

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.rooms import TableService
from companion.store import Store
from views.screen import SubParts
from views.testing import setup_form
from views.widgets import steady

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Recorded:
    """What Flet's session needs of a connection; each message encoded, as the wire does."""

    def __init__(self) -> None:
        self.pubsubhub, self.page_name, self.page_url = PubSubHub(), "", "http://table/"
        self.sent: list[bytes] = []

    def send_message(self, message) -> None:
        self.sent.append(msgpack.packb([message.action, message.body], default=ENCODE))


def deliver(session: Session, control_id: int) -> None:
    """A press arriving for ``control_id``, dispatched as Flet dispatches it (on a loop of
    its own thread: another test of the process may have left one running here)."""
    done = threading.Thread(target=asyncio.run,
                            args=(session.dispatch_event(control_id, "click", None),))
    done.start()
    done.join()


def bar_on_a_page(draw):
    """A session whose page holds one slot, drawn by ``draw(tag)``; presses go to ``pressed``."""
    session = Session(Recorded())
    slot = ft.Column(draw("first"))
    session.page.controls = [slot]
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the page as the browser has it
    return session, slot


def buttons(slot) -> dict[str, ft.Control]:
    return {b.content: b for b in slot.controls[0].controls}


def redraw_and_press(words_before: list[str], words_after: list[str], press: str):
    """Draw the bar, draw it again (new objects) with ``words_after``, then deliver a press
    sent for ``press`` as the page had it before the redraw; which handlers ran."""
    pressed: list[tuple[str, str]] = []

    def draw(tag, words):
        return [steady([ft.FilledButton(w, on_click=lambda e, w=w: pressed.append((tag, w)))
                        for w in words], "action bar")]
    session, slot = bar_on_a_page(lambda tag: draw(tag, words_before))
    in_flight = buttons(slot)[press]._i
    slot.controls = draw("redrawn", words_after)
    slot.update()
    deliver(session, in_flight)
    return pressed, session.connection.sent


def test_a_press_on_its_way_reaches_the_same_button_drawn_again():
    pressed, sent = redraw_and_press(["End Tribal Council", "Undo the last move"],
                                     ["End Tribal Council", "Undo the last move"],
                                     "End Tribal Council")
    assert pressed == [("redrawn", "End Tribal Council")]  # the handler drawn now
    assert sent == []  # nothing changed on the page: nothing went over the wire


def test_a_press_for_a_button_whose_words_changed_is_dropped():
    """A press means what its button said: once the bar says something else there, the old
    press does nothing (the person sees the new bar and presses again)."""
    pressed, _ = redraw_and_press(["Read the next ballot"], ["Show the final tally"],
                                  "Read the next ballot")
    assert pressed == []


def test_without_keys_flet_drops_the_press():
    """Why the bar is steady: a plain row drawn anew loses the press on its way."""
    pressed: list[str] = []

    def draw(tag):
        return [ft.Row([ft.FilledButton("End Tribal Council",
                                        on_click=lambda e: pressed.append(tag))])]
    session, slot = bar_on_a_page(draw)
    in_flight = slot.controls[0].controls[0]._i
    slot.controls = draw("redrawn")
    slot.update()
    deliver(session, in_flight)
    assert pressed == []


def test_buttons_with_the_same_words_are_told_apart():
    pressed, _ = redraw_and_press(["No", "Yes", "No"], ["No", "Yes", "No"], "Yes")
    assert pressed == [("redrawn", "Yes")]
    row = steady([ft.FilledButton("No"), ft.FilledButton("No"), ft.Text("Undo?")], "bar")
    assert [c.key for c in row.controls] == ["No", "No (2)", None]


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"))
    yield service
    service.store.close()


@pytest.mark.parametrize("key", ["survivor", "robinson", "castaways", "castle_party"])
def test_a_start_pressed_while_the_table_bar_redraws_starts_the_game(svc, key):
    """Every game's table: "Start the game" pressed, the bar drawn again meanwhile (a seat's
    colour, a phone come back), the press arrives: the game starts."""
    players = ("Ana", "Bruno", "Cleo", "Dan", "Eve") if key == "castaways" else (
        "Ana", "Bruno", "Cleo")
    room = setup_form(svc, key, players)
    session, slot = bar_on_a_page(lambda tag: room._draw_bar(room._bar_now()))
    in_flight = buttons(slot)["Start the game"]._i
    slot.controls = room._draw_bar(room._bar_now())
    slot.update()
    deliver(session, in_flight)
    assert svc.room(room.code).started, room.error.value


def test_a_press_reaches_a_piece_its_part_did_not_draw_again():
    """A part's keyed sub-parts (``views.screen.SubParts``, Castle Party's pieces): a change
    that moved the status line but left a piece's value as it was keeps that piece's
    controls, so a press on its way reaches its button; a piece whose value changed is drawn
    anew, and a press meant for its old buttons is dropped."""
    pressed: list[str] = []
    pieces = SubParts()
    status, moves = ft.Column(), ft.Column()

    def draw(turn: str, legal: tuple[str, ...]) -> None:
        pieces.draw(status, turn, lambda words: [ft.Text(words)])
        pieces.draw(moves, legal, lambda names: [ft.Row([
            ft.FilledButton(m, on_click=lambda e, m=m: pressed.append(m)) for m in names])])
    draw("Ana's turn", ("Pass",))
    session, slot = bar_on_a_page(lambda tag: [status, moves])
    in_flight = buttons(moves)["Pass"]._i
    draw("Bruno's turn", ("Pass",))
    slot.update()
    deliver(session, in_flight)
    assert pressed == ["Pass"]
    assert status.controls[0].value == "Bruno's turn"
    in_flight = buttons(moves)["Pass"]._i
    draw("Cleo's turn", ("Score the Conga",))
    slot.update()
    deliver(session, in_flight)
    assert pressed == ["Pass"]  # the piece's buttons changed: the old press is dropped
