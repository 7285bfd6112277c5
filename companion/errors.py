"""The companion's own refusal: a wrong room code, a stale token, a second ballot…"""

from rules.words import Message, Speaker  # not companion.language: that loads Babel

_ = Speaker("companion", "companion.language")  # the companion's catalog


class Refused(ValueError):
    """A request the table cannot accept; the message is a sentence for the screen that sent it.

    The sentence may be a message (a game's refusal, issue 48): a screen says it in its own
    language (``Screen.attempt``); ``str()`` says it in the host's."""

    def __str__(self) -> str:
        from .language import said  # not at import: the language loads Babel

        return said(self.args[0]) if len(self.args) == 1 else super().__str__()


class Fault(Refused):
    """The host could not keep a request (its disk is full, its database file failed):
    nothing changed, and the same request may be sent again. ``cause`` names the fault
    ("The laptop's disk is full", a message said in each screen's language) for the sentence
    of the screen that asked."""

    def __init__(self, cause: Message | str) -> None:
        self.cause = cause
        super().__init__(_("{cause}: this was not saved. Try again.", cause=cause))


class GameFault(Refused):
    """A game's function failed or ran past its deadline (companion/deadline.py): the sentence
    its room's screens show (a ``Refused``: every screen that says a refusal says this one)."""
