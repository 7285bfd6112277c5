"""Issue 38: a freshly started host's first session stalled (1.75 s once): Flet loads each
control's module on its first use. The host loads them before it prints the table's address,
so the first table screen and the first phone load no module of Flet's while they are drawn.
Run in a process of its own: other tests have loaded Flet's modules in this one."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# run with cwd = the checkout: ``python -c`` finds companion and testsupport there
FIRST_SESSIONS = """
import sys, tempfile
from pathlib import Path
from testsupport.live import Live
from testsupport.flet_client import FletClient, run
from testsupport.guests import until
from views.screen import warm

live = Live(Path(tempfile.mkdtemp()))
warm()  # as the host does before it prints the address
live.start()
sv = live.service
code = sv.create_room(sv.host_key, "table_vote")
token = sv.join(code, "Ann")[1]
loaded = set(sys.modules)

async def open(route, text):
    client = FletClient(live.port)
    await (await client.open()).register(route)
    assert await until(lambda: client.saw(text), 30), route
    await client.close()

run(open(f"/table/{{code}}?k={{sv.host_key}}", b"Seating"))
run(open(f"/join/{{code}}?t={{token}}", b"Ann"))
live.stop()
print(sorted(m for m in set(sys.modules) - loaded if m.startswith("flet")))
"""


def test_the_first_table_and_phone_screens_load_no_module_of_flet():
    script = FIRST_SESSIONS.format()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"
