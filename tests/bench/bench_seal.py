"""The seal's CPU (issue 49): on the host, per frame sealed and opened and per handshake; with
``--phone``, the same on a phone 4x slower than this machine (Debian's Chromium, CDP
``Emulation.setCPUThrottlingRate`` 4) in tweetnacl-js as seal.js calls it, the join form's
hello and 1 KB form included. Prints figures; asserts nothing about time.
Run: PYTHONPATH=. python tests/bench/bench_seal.py [--phone]"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from nacl.public import PrivateKey

from companion.seal import (CHUNK, COVER_SIZE, FROM_HOST, FROM_PHONE, HostSeal, _Connection,
                            open_frame, seal_frame)


def per_call(fn, n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - start) / n * 1e6


def main() -> None:
    key = os.urandom(32)
    for size in (100, 1000, 4000, 16000, 60000):
        data = os.urandom(size)
        sealed = seal_frame(key, FROM_HOST, 1, data)
        seal_us = per_call(lambda: seal_frame(key, FROM_HOST, 1, data), 2000)
        open_us = per_call(lambda: open_frame(key, FROM_HOST, 1, sealed), 2000)
        print(f"frame {size:>6} B -> {len(sealed):>6} B on the wire: seal {seal_us:6.1f} µs, "
              f"open {open_us:6.1f} µs")
    host = HostSeal(os.urandom(32))
    # a seated phone's cover frame (seal.js, 10 a second): opened, its piece taken, dropped
    connection = _Connection(host, None, None)
    cover = seal_frame(key, FROM_PHONE, 1, b"", CHUNK, COVER_SIZE)

    def dummy():
        connection._pieces(open_frame(key, FROM_PHONE, 1, cover, (CHUNK,))[1])
    cover_us = per_call(dummy, 5000)
    print(f"a cover frame ({COVER_SIZE} B, empty) opened and dropped: {cover_us:.1f} µs; "
          f"20 phones' cover: {cover_us * 200 / 1e4:.2f} ms of host CPU a second (the "
          f"websocket's own reading not counted)")
    phone = bytes(PrivateKey.generate().public_key)
    print(f"handshake (host side: X25519 key, Ed25519 signature, shared key): "
          f"{per_call(lambda: host.answer(phone), 300):.0f} µs")


# in the page: what seal.js does, with tweetnacl-js (companion/web/nacl-fast.min.js)
PHONE_JS = """() => {
  function time(fn, n) {
    var start = performance.now();
    for (var i = 0; i < n; i++) fn();
    return (performance.now() - start) / n;
  }
  var host = nacl.sign.keyPair(), out = {};
  var hostBox = nacl.box.keyPair(), message = new Uint8Array(80);
  var signature = nacl.sign.detached(message, host.secretKey);
  // the phone's handshake: its key pair, the host's signature checked, the fingerprint, the key
  out.handshake = time(function () {
    var mine = nacl.box.keyPair();
    nacl.sign.detached.verify(message, signature, host.publicKey);
    nacl.hash(host.publicKey);
    nacl.box.before(hostBox.publicKey, mine.secretKey);
  }, 10);
  var key = nacl.randomBytes(32), nonce = new Uint8Array(24);
  [1024, 4096, 16384].forEach(function (size) {
    var body = nacl.randomBytes(size - 16);
    var sealed = nacl.secretbox(body, nonce, key);
    out["seal " + size] = time(function () { nacl.secretbox(body, nonce, key); }, 50);
    out["open " + size] = time(function () { nacl.secretbox.open(sealed, nonce, key); }, 50);
  });
  // a seated phone's cover tick: one 256 B frame sealed (240 bytes inside); and a round with
  // it: the round's frame (1 KB) opened and a cover frame sealed
  var cover = new Uint8Array(240), round = nacl.secretbox(nacl.randomBytes(1008), nonce, key);
  out["cover 256"] = time(function () { nacl.secretbox(cover, nonce, key); }, 200);
  out["round 1024 + cover 256"] = time(function () {
    nacl.secretbox.open(round, nonce, key);
    nacl.secretbox(cover, nonce, key);
  }, 100);
  return out;
}"""


def phone() -> None:
    from playwright.sync_api import sync_playwright

    from testsupport.browser import CHROMIUM, CHROMIUM_ARGS

    nacl = (Path(__file__).parents[2] / "companion/web/nacl-fast.min.js").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.add_script_tag(content=nacl)
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        cold = page.evaluate(PHONE_JS)  # the first time: the JIT not warm yet, as a first join
        warm = page.evaluate(PHONE_JS)
        for what, ms in cold.items():
            print(f"phone (4x slower): {what}: {ms:.2f} ms first, {warm[what]:.2f} ms after")
        browser.close()


if __name__ == "__main__":
    phone() if "--phone" in sys.argv else main()
