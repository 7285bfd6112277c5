"""Driving a Flet web page the way a person would: now in the companion
(companion/testing/pages.py), for any game's e2e; the project's tests keep importing the names
from here."""
from companion.testing.pages import *  # noqa: F401,F403
