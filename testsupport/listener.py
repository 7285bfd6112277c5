"""A listener on the table's Wi-Fi (issue 49), for the e2e tests: a TCP relay on 127.0.0.1
in front of the host, keeping every byte of every connection, and the websocket messages
read back out of them as a laptop at the table would (reassembled, inflated)."""
from __future__ import annotations

import socket
import threading
import time
import zlib

from testsupport.browser import PHONE_NAME

HOST_AT = "127.0.0.5"  # where the host listens, behind the listener's relay


class Listener:
    """A TCP relay on 127.0.0.1 in front of the host (which listens on HOST_AT, the same
    port): every browser reaches the host through it, and it keeps every byte of every
    connection, each direction apart. The same port, as the door refuses a Host header
    naming another."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sock = socket.create_server(("127.0.0.1", port))
        self.flows: list[dict[str, bytearray]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.sock.accept()
            except OSError:
                return
            try:
                host = socket.create_connection((HOST_AT, self.port))
            except OSError:  # the host not up yet (its start is polled through here)
                phone.close()
                continue
            flow = {"up": bytearray(), "down": bytearray()}
            with self.lock:
                self.flows.append(flow)
            for a, b, way in ((phone, host, "up"), (host, phone, "down")):
                threading.Thread(target=self._pump, args=(a, b, flow, way), daemon=True).start()

    def _pump(self, src, dst, flow, way) -> None:
        try:
            while data := src.recv(65536):
                with self.lock:
                    flow[way] += data
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()

    def heard(self) -> tuple[bytes, list[bytes]]:
        """(all raw bytes, every websocket message's payload inflated where it was deflated)."""
        with self.lock:
            flows = [{k: bytes(v) for k, v in f.items()} for f in self.flows]
        raw = b"".join(f["up"] + f["down"] for f in flows)
        messages = []
        for flow in flows:
            for way in ("up", "down"):
                messages += websocket_messages(flow[way])
        return raw, messages


def _raw_frames(stream: bytes):
    """Each whole RFC 6455 frame of one direction of a connection that upgraded to a
    websocket: (first byte, its payload unmasked); a frame still on its way ends the list (a
    covering phone sends all the time)."""
    end = stream.find(b"\r\n\r\n")
    if end < 0 or b"websocket" not in stream[:end].lower():
        return
    at = end + 4
    while at + 2 <= len(stream):
        b0, b1 = stream[at], stream[at + 1]
        length, at = b1 & 0x7F, at + 2
        if length == 126:
            length, at = int.from_bytes(stream[at:at + 2], "big"), at + 2
        elif length == 127:
            length, at = int.from_bytes(stream[at:at + 8], "big"), at + 8
        mask = None
        if b1 & 0x80:
            mask, at = stream[at:at + 4], at + 4
        if at + length > len(stream):
            return
        payload = stream[at:at + length]
        at += length
        if mask:
            payload = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
        yield b0, payload


def websocket_frames(stream: bytes) -> list[tuple[int, bool, int]]:
    """Each data frame of one direction of a websocket as it went on the air: (opcode, whether
    it was deflated, its payload's length there); ping, pong and close left out."""
    return [(b0 & 0x0F, bool(b0 & 0x40), len(payload))
            for b0, payload in _raw_frames(stream) if b0 & 0x0F < 8]


def websocket_messages(stream: bytes) -> list[bytes]:
    """The messages of one direction of a connection that upgraded to a websocket (RFC 6455
    frames, RFC 7692 permessage-deflate with context takeover), else none."""
    out, inflate, parts, deflated = [], zlib.decompressobj(-15), [], False
    for b0, payload in _raw_frames(stream):
        opcode = b0 & 0x0F
        if opcode >= 8:  # ping, pong, close
            continue
        if opcode != 0:
            deflated = bool(b0 & 0x40)
        parts.append(payload)
        if b0 & 0x80:  # the message's last frame
            message = b"".join(parts)
            parts = []
            if deflated:
                message = inflate.decompress(message + b"\x00\x00\xff\xff")
            out.append(message)
    return out


def behind_listener(server) -> Listener:
    """Starts ``server`` (testsupport.browser.Server, not started) on HOST_AT behind a
    listener on 127.0.0.1 at the same port; the listener (close it after)."""
    at = server.args.index("--host")
    server.args[at + 1] = HOST_AT
    listener = Listener(server.port)
    try:
        server.start()
    except Exception:
        listener.close()
        raise
    return listener


def phone_sockets(listener: Listener, host_name: str) -> list[dict[str, bytes]]:
    """The app's websocket connections that came by ``host_name`` (the phones' path), each
    direction's bytes."""
    with listener.lock:
        flows = [{k: bytes(v) for k, v in f.items()} for f in listener.flows]
    return [f for f in flows if f["up"].startswith(b"GET /ws")
            and f"\r\nhost: {host_name}:".encode() in f["up"][:4096].lower()]


def phones_sent(listener: Listener) -> list[list[int]]:
    """The wire length of every data frame each phone's socket (by PHONE_NAME) has sent so
    far, all read at one instant (a seated phone's cover: one frame per tick, seal.js)."""
    return [[length for _, _, length in websocket_frames(s["up"])]
            for s in phone_sockets(listener, PHONE_NAME)]


def sent_steady(listener: Listener, phones: int, since: list[list[int]] | None = None,
                within_s: float = 60) -> list[list[int]]:
    """``phones_sent`` once every phone keeps the cover's pace: over the last second each sent
    as many frames as every other, within one (a phone whose page was held up sends what it
    owes in bursts: under load a reading can fall in one); with ``since`` (an earlier such
    reading), also as many since then, within one. A tick's phase makes one frame of
    difference; anything more is a phone that sent more or less than the others."""
    deadline = time.monotonic() + within_s
    last = phones_sent(listener)
    while True:
        time.sleep(1.0)
        now = phones_sent(listener)
        counts = [len(sizes) for sizes in now]
        pace = [a - len(b) for a, b in zip(counts, last)] if len(last) == len(now) else []
        total = [a - len(b) for a, b in zip(counts, since)] if since else [0] * len(now)
        if len(now) == phones and pace and max(pace) - min(pace) <= 1 and \
                max(total) - min(total) <= 1:
            return now
        assert time.monotonic() < deadline, \
            f"the phones did not send alike: {pace} in the last second, {total} in all"
        last = now


def heard_settled(listener: Listener, phones: int, within_s: float = 30) -> list[list[int]]:
    """The sizes of the messages each phone's socket (by PHONE_NAME) received, once the
    screens settled: the same on two readings in a row (a round of the room reaches the phones
    one after another, within milliseconds; phones seated earlier heard the later ones' joins
    too)."""
    deadline, last = time.monotonic() + within_s, None
    while True:
        sockets = phone_sockets(listener, PHONE_NAME)
        heard = [[len(m) for m in websocket_messages(s["down"])] for s in sockets]
        if len(heard) == phones and heard == last:
            return heard
        assert time.monotonic() < deadline, f"the phones' sockets heard {heard}"
        last = heard
        time.sleep(0.3)
