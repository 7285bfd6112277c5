"""The seal's CPU on the host (issue 49): per frame sealed and opened, per handshake.
Prints figures; asserts nothing about time. Run: PYTHONPATH=. python tests/bench/bench_seal.py"""
from __future__ import annotations

import os
import time

from nacl.public import PrivateKey

from companion.seal import FROM_HOST, HostSeal, open_frame, seal_frame


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
    phone = bytes(PrivateKey.generate().public_key)
    print(f"handshake (host side: X25519 key, Ed25519 signature, shared key): "
          f"{per_call(lambda: host.answer(phone), 300):.0f} µs")


if __name__ == "__main__":
    main()
