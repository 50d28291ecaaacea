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


def test_the_model_key_is_a_setting_read_once_and_never_shown():
    """The connector gets the key from the settings read at open, not from the environment later;
    the key never appears in the settings' repr (which may reach a log line)."""
    from novaberg.llm.registry import make_llm

    settings = load_settings({"NOVABERG_LLM": "openai:m", "NOVABERG_LLM_API_KEY": "sk-geheim"})
    assert settings.llm_api_key == "sk-geheim" and "sk-geheim" not in repr(settings)
    connector = make_llm(settings.llm, "http://127.0.0.1:9", 1.0, settings.llm_api_key)
    assert "sk-geheim" in str(vars(connector))
