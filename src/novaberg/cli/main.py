"""The process around a command: stop signals, logging, the exit code, leaving without teardown."""

from __future__ import annotations

import sys

from novaberg.cli.base import (
    app,
    err_console,
    opened,
)
from novaberg.core.errors import NovabergError

__all__ = ["Terminated", "main"]


class Terminated(SystemExit):
    """A stop signal (SIGTERM, SIGHUP, SIGINT) turned into an exit, so every `finally` runs and closes Nova,
    which stops the embedded servers. A signal during start-up unwinds `Stack.open`, which stops what it
    started; one between `Nova.open` and a command's `try` is caught by `main`, which closes what is open."""


def _exit_on_signal(signum: int, _frame: object) -> None:
    import signal

    for stop_signal in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):  # a second signal must not cut
        signal.signal(stop_signal, signal.SIG_IGN)                     # the shutdown short
    raise Terminated(128 + signum)


def main() -> None:  # pragma: no cover - run as a real process by tests/store/test_processes.py
    import signal

    for stop_signal in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(stop_signal, _exit_on_signal)
    _configure_logging()
    _pause_for_tests()
    code: int = 0
    try:
        app()
    except SystemExit as done:
        code = _exit_code(done.code)
    except NovabergError as err:
        err_console.print(f"[bold red]novaberg:[/] {err}")
        code = 2
    finally:
        _close_opened()
    _leave(code)


def _close_opened() -> None:
    """Close every Nova still open (idempotent for those a command closed), with the stop signals ignored:
    the embedded servers are stopped before the process leaves, whatever moment a signal hit."""
    import signal

    for stop_signal in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(stop_signal, signal.SIG_IGN)
    while opened:
        opened.pop().close()


def _pause_for_tests() -> None:
    """NOVABERG_TEST_STARTUP_PAUSE=<phase>: wait at that start-up phase (tests of an interrupted start)."""
    import os

    from novaberg.core import startup

    startup.pause_at(os.environ.get("NOVABERG_TEST_STARTUP_PAUSE") or None)


def _configure_logging() -> None:
    """Warnings and errors to stderr, named; the pool's per-attempt connection warnings stay out (a failed
    start ends in one clear message of ours)."""
    import logging

    logging.basicConfig(level=logging.WARNING, format="novaberg %(levelname)s %(name)s: %(message)s")
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    err_console.print(str(code))
    return 1


def _leave(code: int) -> None:
    """End the process without the interpreter's teardown. Every command has stopped what it started (its
    `finally` closes Nova and the embedded servers) before it returns; freeing the imported module graph
    would add half a second to every command."""
    import logging
    import os

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)

