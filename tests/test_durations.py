"""The collection order comes from measured seconds per module (tests/durations.py), not a hand-kept
list — the longest modules first, each module's tests together and in their order, unknown modules after."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.durations import (
    DURATIONS_FILE,
    SESSION_SETUP,
    DurationRecorder,
    read_durations,
    slowest_modules_first,
)


@dataclass
class _Item:
    nodeid: str


@dataclass
class _Report:
    nodeid: str
    duration: float
    user_properties: list = field(default_factory=list)


def test_the_longest_modules_come_first_and_each_module_keeps_its_tests_together_in_order():
    items = [_Item(n) for n in ("tests/a.py::one", "tests/a.py::two", "tests/new.py::x", "tests/b.py::one",
                                "tests/b.py::two[1]", "tests/c.py::one", "tests/b.py::two[2]")]
    slowest_modules_first(items, {"tests/a.py": 1.0, "tests/b.py": 30.0, "tests/c.py": 5.0, "tests/gone.py": 99.0})
    assert [i.nodeid for i in items] == ["tests/b.py::one", "tests/b.py::two[1]", "tests/b.py::two[2]",
                                         "tests/c.py::one", "tests/a.py::one", "tests/a.py::two", "tests/new.py::x"]


def test_without_a_file_the_collection_order_stays(tmp_path):
    items = [_Item("tests/z.py::a"), _Item("tests/a.py::b")]
    slowest_modules_first(items, read_durations(tmp_path / "none.json"))
    assert [i.nodeid for i in items] == ["tests/z.py::a", "tests/a.py::b"]


def test_the_recorder_adds_setup_call_and_teardown_per_module_and_a_partial_run_keeps_the_other_entries(tmp_path):
    """The setup of session-scoped fixtures noted in a report (the servers' start) is left out."""
    path = tmp_path / "durations.json"
    path.write_text(json.dumps({"tests/old.py": 7.0, "tests/a.py": 100.0}))
    recorder = DurationRecorder(path)
    recorder.pytest_runtest_logreport(_Report("tests/first.py::t", 9.25, [(SESSION_SETUP, 9.0)]))  # servers start
    for nodeid, seconds in (("tests/first.py::t", 0.25), ("tests/a.py::t", 0.5), ("tests/a.py::t", 2.0),
                            ("tests/a.py::t", 0.25), ("tests/b.py::u[1]", 1.0)):
        recorder.pytest_runtest_logreport(_Report(nodeid, seconds))
    recorder.pytest_sessionfinish(session=None)
    written = json.loads(path.read_text())
    assert written == {"tests/old.py": 7.0, "tests/a.py": 2.75, "tests/b.py": 1.0, "tests/first.py": 0.5}
    assert list(written) == ["tests/old.py", "tests/a.py", "tests/b.py", "tests/first.py"]  # longest first


def test_a_malformed_file_is_an_error_not_an_empty_order(tmp_path):
    path = tmp_path / "durations.json"
    path.write_text(json.dumps({"tests/a.py": "slow"}))
    with pytest.raises(ValueError, match="JSON object of seconds"):
        read_durations(path)
    path.write_text("[]")
    with pytest.raises(ValueError, match="JSON object of seconds"):
        read_durations(path)


def test_the_checked_in_file_names_test_modules_of_this_tree():
    """Stale entries are harmless, but the file is checked in: it reads, and most of its modules exist."""
    seconds = read_durations()
    root = Path(__file__).parent.parent
    assert seconds and DURATIONS_FILE.parent == root / "tests"
    existing = [module for module in seconds if (root / module).is_file()]
    assert all(module.startswith("tests/") and module.endswith(".py") for module in seconds)
    assert len(existing) >= 0.9 * len(seconds)
