"""The real server and Debian's Chromium: now in the companion (companion/testing/browser.py,
its fixtures in companion/testing/plugin.py), for any game's tests; the project's tests keep
importing the names from here. ``ROOT`` is the checkout's root."""
from __future__ import annotations

from pathlib import Path

from companion.testing.browser import (ANDROID_PHONE, ANDROID_TABLET, CHROMIUM,  # noqa: F401
                                       CHROMIUM_ARGS, ON_HOST, PHONE, PHONE_NAME, TABLE,
                                       TABLET, Server, Wire, dump_pages, free_port,
                                       handheld)

ROOT = Path(__file__).resolve().parents[1]
