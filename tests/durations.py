"""The order in which the tests are handed to the workers, from measured durations.

pytest-xdist's worksteal gives each worker a contiguous part of the collection and, when one runs dry, moves
the end of another's queue over: when the long modules come first, what is left at the end of the run is
short and both workers finish together. The seconds per module are measured, not kept by hand:
`pytest --store-durations` adds every test's setup, call and teardown per module and writes them to
`tests/durations.json` (merged: a partial run updates only the modules it ran). A module the file does not
know keeps its collection place after all known ones; an entry for a module that is gone changes nothing.
Only the order changes: every test still runs, and the tests of one module stay together (module-scoped
fixtures are set up once)."""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

DURATIONS_FILE = Path(__file__).with_name("durations.json")


def module_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def read_durations(path: Path = DURATIONS_FILE) -> dict[str, float]:
    """Seconds per module (test file path relative to the repository); {} when there is no file. A file that is
    not a JSON object of numbers is an error, not an empty order."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    if not isinstance(data, dict) or not all(isinstance(v, int | float) for v in data.values()):
        raise ValueError(f"{path} must be a JSON object of seconds per test module")
    return {str(module): float(seconds) for module, seconds in data.items()}


def slowest_modules_first(items: list[Any], seconds: dict[str, float]) -> None:
    """Sort the collected items in place: modules by their measured seconds, longest first. The sort is stable,
    so the tests of one module keep their order and stay together, and unknown modules keep theirs."""
    items.sort(key=lambda item: -seconds.get(module_of(item.nodeid), 0.0))


SESSION_SETUP = "session_setup_seconds"


class SessionSetupMeter:
    """A pytest plugin for every process that runs tests: a test's setup that also set up session-scoped
    fixtures (the session's servers, the template database) notes their seconds in the report, so that they are
    not counted to whichever module happened to need them first."""

    def __init__(self) -> None:
        self._seconds = 0.0

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef: Any, request: Any) -> Iterator[None]:
        started = time.perf_counter()  # a fixture's own dependencies are set up before this hook
        yield
        if fixturedef.scope == "session":
            self._seconds += time.perf_counter() - started

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item: Any) -> Iterator[None]:
        self._seconds = 0.0
        yield
        if self._seconds:
            item.user_properties.append((SESSION_SETUP, self._seconds))


class DurationRecorder:
    """A pytest plugin for the process that sees every report (the xdist controller, or the only process)."""

    def __init__(self, path: Path = DURATIONS_FILE) -> None:
        self.path = path
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: Any) -> None:
        """Adds each report's seconds to its module, less the session fixtures' setup noted in it."""
        session = sum(value for name, value in report.user_properties if name == SESSION_SETUP)
        self.seconds[module_of(report.nodeid)] += max(report.duration - session, 0.0)

    def pytest_sessionfinish(self, session: Any) -> None:
        if self.seconds:
            write_durations(self.path, self.seconds)


def write_durations(path: Path, measured: dict[str, float]) -> None:
    """Merge `measured` into the file: measured modules replace their entry, the others stay."""
    merged = {**read_durations(path), **{module: round(s, 2) for module, s in measured.items()}}
    ordered = dict(sorted(merged.items(), key=lambda entry: (-entry[1], entry[0])))
    path.write_text(json.dumps(ordered, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
