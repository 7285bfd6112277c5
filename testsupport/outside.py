"""A host with a game installed from outside the project (issue 36): the game laid out in a
folder as pip leaves it in site-packages (its package, and a ``.dist-info`` whose
``entry_points.txt`` registers it), on the host's PYTHONPATH; no file of the project names it."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from .browser import Server


def dist_info(site: Path, dist: str, entry: str) -> None:
    """The metadata pip writes for distribution ``dist``: ``entry`` in the games' group."""
    info = site / f"{dist.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[companion.games]\n{entry}\n")


@contextmanager
def host_with(install: Callable[[Path], None], tmp_path: Path, web_cache: Path):
    """The real host, started with a site-packages folder on its PYTHONPATH into which
    ``install(site)`` put a game; killed after."""
    site = tmp_path / "site-packages"
    site.mkdir()
    install(site)
    srv = Server(tmp_path / "companion.db", web_cache)
    srv.env["PYTHONPATH"] = str(site)
    try:
        yield srv.start()
    finally:
        srv.kill()
        print("--- server output ---\n" + srv.output)  # shown by pytest when the test failed


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
