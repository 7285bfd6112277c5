"""A bare Flet app doing what the bench measures, for comparison: phones tap a vote, the table
shows the count. Plain ``flet_web.fastapi.app`` (no CDN); ``--gzip`` adds Starlette's GZip
middleware, which compresses on every request; ``--commit DB`` commits each vote to an SQLite
file before the table is told, with the companion's durability settings (companion/store.py):
bare Flet plus the one thing the companion must do before it shows a ballot as counted.

    python tests/bench/bare_app.py PORT [--gzip] [--commit DB]
"""
import sqlite3
import sys

import flet as ft
import flet_web.fastapi as flet_fastapi
import uvicorn

votes = {"n": 0}
tables: list[ft.Text] = []


async def main(page: ft.Page) -> None:
    if page.route.startswith("/table"):
        count = ft.Text(f"{votes['n']} have voted", size=30)
        tables.append(count)
        page.add(count)
        return

    def vote(e) -> None:
        if db is not None:
            with db:  # one transaction, committed (fsync) when the block ends
                db.execute("INSERT INTO ballots (at) VALUES (julianday('now'))")
        votes["n"] += 1
        for text in tables:
            text.value = f"{votes['n']} have voted"
            text.update()
        done.visible = True

    done = ft.Text("Your vote is in.", visible=False)
    page.add(ft.Text("Who should lead?", size=24), ft.Button("Confirm my vote", on_click=vote),
             done)


def durable(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False, isolation_level="IMMEDIATE")
    for pragma in ("journal_mode=DELETE", "synchronous=FULL", "secure_delete=ON"):
        conn.execute(f"PRAGMA {pragma}")
    conn.execute("CREATE TABLE IF NOT EXISTS ballots (id INTEGER PRIMARY KEY, at REAL)")
    return conn


db = durable(sys.argv[sys.argv.index("--commit") + 1]) if "--commit" in sys.argv else None

if __name__ == "__main__":
    app = flet_fastapi.app(main, no_cdn=True)
    if "--gzip" in sys.argv:
        from starlette.middleware.gzip import GZipMiddleware

        app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
