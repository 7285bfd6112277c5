"""Issue 22, a clean host log: phones that leave, sleep or never register print no traceback.

Flet 1.0.5 logged "Unhandled error processing page session" with a traceback for every phone
that left while its screen was still being drawn (``'NoneType' object has no attribute
'after_event'``): 1,306 of them while 3,000 phones opened a room and went away.
"""
from __future__ import annotations

import asyncio
import logging

from testsupport.flet_client import FletClient, run
from testsupport.guests import seat_room, until


def test_phones_that_leave_mid_session_leave_no_traceback_in_the_host_log(
        live, monkeypatch, caplog, capfd):
    # as the host runs (companion.__main__): Flet's own warnings about a guest's bad frames
    # are not shown; its errors are
    monkeypatch.setattr(logging.getLogger("flet_web.fastapi"), "level", logging.ERROR)
    # a browser that never answers is given up on sooner, so the screens finish drawing
    monkeypatch.setattr("views.screen.PREF_WAIT", 0.3)
    code, tokens = seat_room(live)
    hub = live.service.hub

    async def play():
        base = len(hub._subs)
        for i in range(12):
            # the phone leaves while its screen still asks the browser for its seat pass
            phone = await FletClient(live.port, "127.0.0.2").open()
            await phone.register(f"/join/{code}")
            await (phone.vanish() if i % 3 == 0 else phone.close())  # asleep, or closed
            never = await FletClient(live.port, "127.0.0.3").open()  # never registers
            await never.close()
        # a seated phone that leaves after it was drawn
        ann = FletClient(live.port, "127.0.0.2", prefs={f"companion.seat.{code}": tokens["Ann"]})
        await (await ann.open()).register(f"/join/{code}")
        assert await until(lambda: len(hub._subs) == base + 1, 20)
        await ann.vanish()
        # every screen has finished drawing (3 questions x 2 passes x 0.8 s) and let go
        await asyncio.sleep(6)
        assert await until(lambda: len(hub._subs) == base, 15), len(hub._subs) - base

    with caplog.at_level(logging.WARNING):
        run(play())
    assert not [r.getMessage() for r in caplog.records
                if r.exc_info or "Unhandled error" in r.getMessage()]
    assert "Traceback" not in capfd.readouterr().err
