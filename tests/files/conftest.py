"""Fixtures of the files tests."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def home() -> Iterator[Path]:
    """A person's directory tree outside the test Nova's data directory (which is `tmp_path`): Nova refuses
    to allow or share anything in or around the data directory."""
    with tempfile.TemporaryDirectory(prefix="novaberg-home-", ignore_cleanup_errors=True) as folder:
        yield Path(folder).resolve()
