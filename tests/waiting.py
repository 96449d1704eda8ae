"""Waiting for a condition instead of sleeping a fixed time, and what /proc tells of a process."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Callable

POLL_SECONDS = 0.02


def wait_until(condition: Callable[[], object], what: str, timeout: float = 60.0) -> object:
    """The first true value of `condition()`, asked every POLL_SECONDS; fails the test
    naming `what` after `timeout` seconds (a limit for a broken test, never a measurement)."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(POLL_SECONDS)
    return found


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux: /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            after_name = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended while we looked
            continue
        if int(after_name[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def ignores(pid: int, signum: int = signal.SIGINT) -> bool:
    """Whether the process `pid` ignores the signal `signum` now (Linux: /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    for line in status.splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False
