"""A host with a game installed from outside the project (issue 36): now in the companion
(companion/testing/outside.py, for any game's tests); the throw-away game's screens of the
deadline's and the faults' tests stay here."""
from __future__ import annotations

from companion.testing.outside import dist_info, host_with  # noqa: F401


# The screens of a throw-away outside game with one move, "tap" (the deadline's and the
# faults' tests): the table counts the taps, a phone taps.
TAP_SCREENS = '''\
import flet as ft

from views.games.base import GamePanel
from views.widgets import ErrorLine


class TablePanel(GamePanel):
    def __init__(self, screen):
        self.screen = screen
        self.root = ft.Column()
        self.setup_form = None

    def options(self):
        return {}

    def draw(self, shown):
        self.root.controls = [ft.Text(f"Taps: {shown.view['taps']}")]


class PhonePanel(GamePanel):
    def draw(self, shown):
        error = ErrorLine()
        return [ft.Button("Tap", on_click=lambda e: self.send(error, "tap")), error]
'''
