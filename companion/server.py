"""The ASGI app: Flet's web app (no CDN) behind the precompressed static files."""
from __future__ import annotations

from pathlib import Path

import flet as ft
import flet_web.fastapi as flet_fastapi

from .static import CompressedFiles, PrecompressedStatic

WEB_ASSETS = Path(__file__).parent / "web"
SESSION_TIMEOUT = 4 * 3600  # a phone asleep through a long game keeps its session


def build_app(main, files: CompressedFiles | None = None):
    app = flet_fastapi.app(
        main,
        no_cdn=True,  # the table may have no internet at all
        assets_dir=str(WEB_ASSETS),
        app_name="Table companion",
        app_short_name="Companion",
        app_description="The table companion for board games.",
        web_renderer=ft.WebRenderer.AUTO,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
        session_timeout_seconds=SESSION_TIMEOUT,
    )
    return PrecompressedStatic(app, files or CompressedFiles())
