"""A real full disk for tests: a small tmpfs, filled to its last byte.

Mounting needs root (CI runs as root); elsewhere the tests that need it are skipped, saying
why.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

DISK_BYTES = 512 * 1024


class SmallDisk:
    """A tmpfs of DISK_BYTES mounted at ``path``; ``fill()`` takes its last byte."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.filler = path / "filler"

    def fill(self) -> None:
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError:  # ENOSPC: the disk is full
            pass
        finally:
            os.close(fd)

    def free(self) -> None:
        self.filler.unlink()


def mount_small_disk(where: Path) -> SmallDisk:
    where.mkdir()
    out = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES},mode=0700",
                          "tmpfs", str(where)], capture_output=True, text=True)
    if out.returncode:
        pytest.skip(f"no small disk to fill here (mount tmpfs: {out.stderr.strip()})")
    stat = os.statvfs(where)
    # filling must only ever take the small disk, never the machine's own
    assert stat.f_blocks * stat.f_frsize <= DISK_BYTES, "not the small disk"
    return SmallDisk(where)
