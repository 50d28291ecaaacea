"""The embedded servers' processes, seen from /proc: for the tests with real processes."""

from __future__ import annotations

import time
from pathlib import Path

SERVER_NAMES = ("postgres", "redis-server")


def servers_of(folder: Path, names: tuple[str, ...] = SERVER_NAMES) -> list[int]:
    """Live processes (not zombies) named in `names` whose command line names a path under `folder`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        name = Path(command[0].decode(errors="replace")).name if command and command[0] else ""
        if state != "Z" and name in names and any(str(folder).encode() in part for part in command):
            found.append(int(entry.name))
    return found


def wait_no_servers(folder: Path, seconds: float = 20.0, names: tuple[str, ...] = SERVER_NAMES) -> list[int]:
    """[] as soon as no such process is left; what is still running after `seconds` otherwise."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not servers_of(folder, names):
            return []
        time.sleep(0.1)
    return servers_of(folder, names)
