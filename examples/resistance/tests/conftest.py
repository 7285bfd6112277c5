"""Run from this folder (``python -m pytest``, the companion installed), the game is registered
as its entry point registers it once installed (``pip install -e .``)."""
from __future__ import annotations

import pytest

from resistance import COMPANION
from views.testing import registered


@pytest.fixture(autouse=True, scope="session")
def the_game_registered():
    with registered("resistance", COMPANION):
        yield
