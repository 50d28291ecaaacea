"""Settings come from NOVABERG_* variables; flags win; a bad value is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from novaberg.core.clock import FixedClock, as_utc
from novaberg.core.errors import ConfigError
from novaberg.core.settings import load_settings


def test_environment_and_overrides():
    env = {"NOVABERG_DATA_DIR": "/tmp/x", "NOVABERG_LLM": "ollama:m", "NOVABERG_REDIS_URL": "redis://h"}
    settings = load_settings(env)
    assert settings.data_dir == Path("/tmp/x") and settings.llm == "ollama:m" and settings.redis_url == "redis://h"
    assert load_settings(env, data_dir="/tmp/y", llm=None).data_dir == Path("/tmp/y")
    assert load_settings({}).llm == "offline" and load_settings({}).embedder == "hashing"


def test_bad_values_are_loud():
    with pytest.raises(ConfigError, match="time zone"):
        load_settings({"NOVABERG_TIMEZONE": "Mars/Olympus"})
    with pytest.raises(ConfigError, match="not a number"):
        load_settings({"NOVABERG_LLM_TIMEOUT": "schnell"})


def test_clock_refuses_naive_moments():
    from datetime import datetime

    with pytest.raises(ValueError):
        FixedClock(datetime(2026, 1, 1))
    with pytest.raises(ValueError):
        as_utc(datetime(2026, 1, 1))
