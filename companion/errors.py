"""The companion's own refusal: a wrong room code, a stale token, a second ballot…"""


class Refused(ValueError):
    """A request the table cannot accept; the message is a sentence for the screen that sent it."""
