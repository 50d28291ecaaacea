"""Named moments of a command's start-up, and a test-only pause at one of them.

The tests of an interrupted start (tests/store/test_startup_signals.py) must hit a phase for certain, not
by a guessed sleep: `novaberg` reads NOVABERG_TEST_STARTUP_PAUSE once in `main` and hands it to `pause_at`;
the phase of that name then prints a marker line to stderr and waits there until a signal ends the process.
Without the variable `reached` does nothing.
"""

from __future__ import annotations

import sys
import time

__all__ = ["PHASES", "pause_at", "reached", "MARKER"]

# In the order a cold start passes them (the embedded servers' phases only when they are embedded).
PHASES = ("begin", "postgres", "migrate", "redis", "stack")
MARKER = "novaberg-startup-pause"

_pause: str | None = None


def pause_at(phase: str | None) -> None:
    """Set once at process start by the command line (test only)."""
    global _pause
    if phase is not None and phase not in PHASES:
        raise ValueError(f"unknown start-up phase {phase!r}; one of {', '.join(PHASES)}")
    _pause = phase


def reached(phase: str) -> None:
    """Start-up reached `phase`; when it is the phase to pause at, say so and wait for a signal."""
    if phase != _pause:
        return
    print(f"{MARKER} {phase}", file=sys.stderr, flush=True)
    while True:
        time.sleep(3600)
