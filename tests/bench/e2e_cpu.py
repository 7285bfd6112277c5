"""CPU of one e2e file, split by process: the host (python -m companion), the browsers
(Chromium, every process), Playwright's driver (node) and pytest itself; with the machine's
own CPU and load average over the same time. Not a test: it runs pytest on the files given
and prints what it measured (figures: docs/benchmarks.md, "The e2e suite's CPU, the seal on
and off"). Reads /proc only (Linux; no psutil in the venv).

    python tests/bench/e2e_cpu.py tests/e2e/test_castaways.py          # the seal on
    COMPANION_SEAL=0 python tests/bench/e2e_cpu.py tests/e2e/test_castaways.py

Every process below pytest is sampled every 0.2 s; a process's last sample counts (a
Chromium renderer that lives less than 0.2 s is missed: a few ms at most).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def stat(pid: int) -> tuple[int, float] | None:
    """(parent, CPU seconds) of a live process."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def kind(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "gone"
    if "-m companion" in cmd:
        return "host"
    if "chrom" in cmd:
        return "browsers"
    if "node" in cmd.split(" ", 1)[0] or "playwright" in cmd:
        return "playwright driver"
    if "pytest" in cmd:
        return "pytest"
    return "other"


def machine() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine since boot."""
    with open("/proc/stat") as f:
        cpu = [int(x) / TICK for x in f.readline().split()[1:]]
    idle = cpu[3] + cpu[4]
    return sum(cpu) - idle, sum(cpu)


def main() -> None:
    load_before = os.getloadavg()
    busy0, all0 = machine()
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                             *sys.argv[1:]])
    seen: dict[int, tuple[str, float]] = {}
    loads = []
    while proc.poll() is None:
        parents = {}
        for name in os.listdir("/proc"):
            if name.isdigit():
                s = stat(int(name))
                if s:
                    parents[int(name)] = s
        family = {proc.pid}
        grew = True
        while grew:
            grew = False
            for pid, (ppid, _) in parents.items():
                if ppid in family and pid not in family:
                    family.add(pid)
                    grew = True
        for pid in family:
            if pid in parents:
                k = seen[pid][0] if pid in seen else kind(pid)
                seen[pid] = (k, parents[pid][1])
        loads.append(os.getloadavg()[0])
        time.sleep(0.2)
    wall = time.monotonic() - started
    busy1, all1 = machine()
    by_kind: dict[str, float] = {}
    for k, cpu in seen.values():
        by_kind[k] = by_kind.get(k, 0) + cpu
    print(f"\nexit {proc.returncode}; wall {wall:.0f} s; COMPANION_SEAL="
          f"{os.environ.get('COMPANION_SEAL', '(unset: on)')}")
    print(f"load average before {load_before[0]:.2f}, during {min(loads):.2f}-{max(loads):.2f}")
    print(f"the machine: {busy1 - busy0:.0f} CPU-s busy of {all1 - all0:.0f} "
          f"({100 * (busy1 - busy0) / (all1 - all0):.0f}%)")
    for k, cpu in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        print(f"  {k}: {cpu:.1f} CPU-s")
    print(f"  the test's processes in all: {sum(by_kind.values()):.1f} CPU-s")


if __name__ == "__main__":
    main()
