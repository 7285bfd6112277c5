"""QR codes for the join and rejoin URLs and the Wi-Fi: SVG for the table screen, text for
the terminal."""
from __future__ import annotations

import io

import qrcode
import qrcode.constants
import qrcode.image.svg


def _code(url: str) -> qrcode.QRCode:
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4, box_size=10)
    qr.add_data(url)
    qr.make(fit=True)
    return qr


def svg(url: str) -> str:
    """The same code as vector paths: the screens draw it without an image codec, which lets
    every browser boot the light renderer (see companion/static.py), and it stays sharp at any
    size. Transparent: the screen puts it on white, with the quiet zone inside."""
    image = _code(url).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    return image.to_string(encoding="unicode")


def terminal(url: str) -> str:
    """The QR drawn with half blocks, for the host's terminal."""
    buf = io.StringIO()
    _code(url).print_ascii(out=buf, invert=True)
    return buf.getvalue()


WIFI_SPECIAL = '\\;,:"'  # escaped with a backslash in a WIFI: code


def wifi(name: str, password: str | None = None) -> str:
    """The standard Wi-Fi QR text a phone camera offers to join:
    ``WIFI:T:WPA;S:<name>;P:<password>;;``, or ``T:nopass`` for an open network; each of
    ``\\ ; , : "`` in the name or password is escaped with a backslash."""
    def escape(text: str) -> str:
        return "".join("\\" + c if c in WIFI_SPECIAL else c for c in text)
    if password:
        return f"WIFI:T:WPA;S:{escape(name)};P:{escape(password)};;"
    return f"WIFI:T:nopass;S:{escape(name)};;"
