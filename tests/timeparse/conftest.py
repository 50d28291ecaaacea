"""The zone is pinned per test: the parser reads it from NOVABERG_TIMEZONE through settings."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _berlin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOVABERG_TIMEZONE", "Europe/Berlin")
