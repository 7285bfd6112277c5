"""Issue 22, Wi-Fi that fights back: ``--wifi NAME --wifi-password PW`` puts the standard Wi-Fi
QR code beside the room's join code on the table screen, read here by a real decoder (zbar).

The WIFI: text (ZXing's format, which phone cameras read): ``WIFI:T:WPA;S:<name>;P:<password>;;``
with each of ``\\ ; , : "`` in the name or password escaped with a backslash.
"""
from __future__ import annotations

import io
import re

import flet as ft
from PIL import Image, ImageDraw
from pyzbar.pyzbar import decode

from companion.__main__ import parse_args
from companion.rooms import TableService
from companion.store import Store
from views.screen import Session, Urls
from views.table import TableRoom
from views.testing import NowherePage, nowhere

NAME = 'Cafe; "Les Des"'
PASSWORD = r'pa;ss,w:rd"\1'


def raster(svg: str, scale: int = 10) -> Image.Image:
    """The QR code's SVG (qrcode's path of unit squares, black on the white card) as pixels."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    for x, y, x2, y2, _ in re.findall(r"M(\d+),(\d+)H(\d+)V(\d+)H(\d+)z", svg):
        draw.rectangle([int(x) * scale, int(y) * scale, int(x2) * scale - 1,
                        int(y2) * scale - 1], fill=0)
    return image


def codes_on(control) -> list[str]:
    """The text of every QR code drawn under ``control``, as a phone's camera reads it."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if c is None or getattr(c, "visible", True) is False:
            continue
        if isinstance(c, ft.Image) and isinstance(c.src, bytes):
            found += [d.data.decode("utf-8") for d in decode(Image.open(io.BytesIO(c.src)))]
        elif isinstance(c, ft.Image) and isinstance(c.src, str) and c.src.startswith("<svg"):
            found += [d.data.decode("utf-8") for d in decode(raster(c.src))]
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child])
    return sorted(found)


def table_room(tmp_path, urls: Urls) -> tuple[TableRoom, str]:
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    room = TableRoom(Session(NowherePage(), sv, urls, None, nowhere), sv.host_key, code)
    room.refresh(force=True)
    return room, code


def test_the_wifi_code_beside_the_join_code_decodes_to_the_wifi_text(tmp_path):
    args = parse_args(["--wifi", NAME, "--wifi-password", PASSWORD])
    base = "http://192.168.1.20:8550"
    room, code = table_room(tmp_path, Urls(base, args.wifi, args.wifi_password))
    assert codes_on(room.root) == sorted([
        f"{base}/join/{code}",
        r'WIFI:T:WPA;S:Cafe\; \"Les Des\";P:pa\;ss\,w\:rd\"\\1;;',
    ])


def test_an_open_network_has_no_password_and_no_wifi_means_the_join_code_alone(tmp_path):
    base = "http://192.168.1.20:8550"
    room, code = table_room(tmp_path, Urls(base, "Table"))
    assert codes_on(room.root) == sorted([f"{base}/join/{code}", "WIFI:T:nopass;S:Table;;"])
    room, code = table_room(tmp_path / "b", Urls(base))
    assert codes_on(room.root) == [f"{base}/join/{code}"]


def test_a_wifi_no_phone_could_join_is_refused_at_start(capsys):
    for argv, sentence in [
            (["--wifi-password", "abcdefgh"], "--wifi-password needs --wifi NAME"),
            (["--wifi", "Table", "--wifi-password", "short"], "8 to 63 characters"),
            (["--wifi", "x" * 33], "1 to 32 bytes")]:
        try:
            parse_args(argv)
        except SystemExit as e:
            assert e.code == 2
        else:
            raise AssertionError(f"{argv} was accepted")
        assert sentence in capsys.readouterr().err
