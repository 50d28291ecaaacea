"""Issue 30 §4: how many requests the model server serves at once — one setting, read once, checked."""

from __future__ import annotations

import pytest

from novaberg.core.errors import ConfigError
from novaberg.core.settings import load_settings
from novaberg.llm.base import DEFAULT_SLOTS
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from novaberg.llm.registry import make_llm
from novaberg.tribunal.judge_runs import slots_of


def test_one_slot_is_the_default_and_the_setting_reaches_the_connector():
    assert DEFAULT_SLOTS == 1 and load_settings({}).llm_slots == 1
    settings = load_settings({"NOVABERG_LLM_SLOTS": "4"})
    assert settings.llm_slots == 4
    assert make_llm("ollama:gemma3", slots=settings.llm_slots).slots == 4
    assert make_llm("openai:gpt").slots == 1


@pytest.mark.parametrize("raw", ["0", "-1", "zwei", "1.5"])
def test_a_bad_slot_count_stops_the_start(raw):
    with pytest.raises(ConfigError, match="NOVABERG_LLM_SLOTS"):
        load_settings({"NOVABERG_LLM_SLOTS": raw})


@pytest.mark.parametrize("slots", [0, -2, True, 1.0])
def test_a_connector_refuses_a_bad_slot_count(slots):
    with pytest.raises(ConfigError, match="slots"):
        OllamaLLM("m", slots=slots)
    with pytest.raises(ConfigError, match="slots"):
        OpenAICompatibleLLM("m", slots=slots)


def test_a_connector_without_slots_gets_all_judges_at_once():
    class Plain:
        connector = "plain"

    assert slots_of(Plain(), 3) == 3 and slots_of(OllamaLLM("m", slots=2), 3) == 2
